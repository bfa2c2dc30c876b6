// The referee: plays one game between two GamePlayers from an opening, making the passes itself,
// and checks every move. An illegal move, a crash (the player threw) or a timeout loses the game
// at once; the reason is recorded and the tournament goes on. A forfeit counts as a 64-disc loss.
// It also times each side: the moves it played and the wall time it took to choose them.
import { BLACK, PASS, Position, WHITE, squareName } from '@sente/core';
import type { GamePlayer } from './player.js';

export interface GameOutcome {
  /** Squares from the initial position (opening included), passes omitted. */
  readonly moves: number[];
  readonly blackDiscs: number;
  readonly whiteDiscs: number;
  /** Black's disc difference (empties to the winner); +-64 for a forfeit. */
  readonly blackScore: number;
  /** '1-0', '0-1' or '1/2-1/2' (black first). */
  readonly result: string;
  /** 'normal', or 'illegal', 'crash', 'timeout' followed by details; names the offender's colour. */
  readonly reason: string;
  /** Moves each side chose and the wall time it took over them (absent for results read from older files). */
  readonly time?: MoveTimes;
}

/** Thinking time of one game: moves chosen (passes excluded) and wall milliseconds spent choosing them. */
export interface MoveTimes {
  readonly blackMoves: number;
  readonly blackMs: number;
  readonly whiteMoves: number;
  readonly whiteMs: number;
}

class Timeout extends Error {}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  if (!Number.isFinite(ms)) return promise;
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Timeout(`no answer within ${ms} ms`)), ms); });
  try {
    return await Promise.race([promise, expired]);
  } finally {
    clearTimeout(timer);
  }
}

export interface RefereeOptions {
  /** Longest wait for one move (default: no limit). */
  readonly moveTimeoutMs?: number;
  /** The game's number in its tournament, passed to the players (seeds their randomness). */
  readonly game?: number;
  /** After each move, the game's moves so far (opening included): live events for watchers. */
  readonly onMove?: (moves: readonly number[]) => void;
}

export async function refereeGame(black: GamePlayer, white: GamePlayer, opening: readonly number[], options: RefereeOptions = {}): Promise<GameOutcome> {
  const start = Position.initial();
  for (const m of opening) {
    if (start.mustPass()) start.makePass();
    if (!start.makeMove(m)) throw new Error(`illegal opening ${opening.map(squareName).join('')}`);
  }
  const timeout = options.moveTimeoutMs ?? Infinity;
  const position = start.clone();
  const all: number[] = [...opening];
  const since: number[] = [];
  const moves = [0, 0];
  const ms = [0, 0];
  const finish = (reason: string, loser: number | null): GameOutcome => {
    const b = position.blackCount();
    const w = position.whiteCount();
    let blackScore: number;
    if (loser === null) {
      const s = position.finalScore();
      blackScore = position.side === BLACK ? s : -s;
    } else {
      blackScore = loser === BLACK ? -64 : 64;
    }
    const result = blackScore > 0 ? '1-0' : blackScore < 0 ? '0-1' : '1/2-1/2';
    // One line, so a CSV of results stays one line per game (error messages may hold newlines).
    const time = { blackMoves: moves[BLACK], blackMs: Math.round(ms[BLACK]), whiteMoves: moves[WHITE], whiteMs: Math.round(ms[WHITE]) };
    return { moves: all, blackDiscs: b, whiteDiscs: w, blackScore, result, reason: reason.replace(/\s*\n\s*/g, ' / '), time };
  };
  for (const [player, colour] of [[black, 'black'], [white, 'white']] as const) {
    try {
      await withTimeout(player.newGame(start.clone(), opening, options.game), timeout);
    } catch (e) {
      return finish(`${e instanceof Timeout ? 'timeout' : 'crash'} (${colour}, new game): ${(e as Error).message}`, colour === 'black' ? BLACK : WHITE);
    }
  }
  while (!position.isGameOver()) {
    if (position.mustPass()) {
      position.makePass();
      since.push(PASS);
      continue;
    }
    const side = position.side;
    const colour = side === BLACK ? 'black' : 'white';
    const player = side === BLACK ? black : white;
    let move: number;
    const t0 = performance.now();
    try {
      move = await withTimeout(player.genmove(position.clone(), since.slice()), timeout);
    } catch (e) {
      return finish(`${e instanceof Timeout ? 'timeout' : 'crash'} (${colour}): ${(e as Error).message}`, side);
    }
    if (!Number.isInteger(move) || !position.makeMove(move)) {
      const name = Number.isInteger(move) && move >= -1 && move < 64 ? squareName(move) : String(move);
      return finish(`illegal (${colour}): ${name} in ${formatMoves(all)}`, side);
    }
    ms[side] += performance.now() - t0;
    moves[side]++;
    all.push(move);
    since.push(move);
    options.onMove?.(all);
  }
  return finish('normal', null);
}

function formatMoves(moves: readonly number[]): string {
  return moves.map(squareName).join('') || '(start)';
}
