// The referee: plays one game between two GamePlayers from an opening, making the passes itself,
// and checks every move. An illegal move, a crash (the player threw) or a timeout loses the game
// at once; the reason is recorded and the tournament goes on. A forfeit counts as a 64-disc loss.
// It also times each side: the moves it played and the wall time it took to choose them (the
// player's whole turn, a GTP program's round trips included). With a time control it keeps both
// clocks (match/clock.ts), shows each player its clock before a move, and a side whose move leaves
// it more than the margin below zero loses on time ('time'); a program that has not answered when
// its clock (plus the margin) runs out loses then. With exact adjudication a game is ended when
// few enough empties remain, scored by the exact solver (perfect play by both sides).
import { BLACK, PASS, Position, WHITE, squareName } from '@sente/core';
import { MAX_ADJUDICATE_EXACT, adjudicatedReason, exactBlackScore, resignedBlackScore, resignedReason, type ResignRule } from './match/adjudication.js';
import { GameClock, formatTimeControl, type TimeControl } from './match/clock.js';
import { formatDuration } from './match/duration.js';
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
  /** 'normal'; or 'illegal', 'crash', 'timeout', 'time' (lost on time) followed by the offender's
   *  colour and details; or 'adjudicated (exact N)' followed by details. */
  readonly reason: string;
  /** Moves each side chose and the wall time it took over them (absent for results read from older files). */
  readonly time?: MoveTimes;
  /** Wall ms of each move after the opening, in transcript order (absent for older files). */
  readonly moveMs?: number[];
  /** Time left on black's and white's clocks at the end (ms, rounded), when the game had a clock. */
  readonly clockMs?: [number, number];
}

/** Thinking time of one game: moves chosen (passes excluded) and wall milliseconds spent choosing them. */
export interface MoveTimes {
  readonly blackMoves: number;
  readonly blackMs: number;
  readonly whiteMoves: number;
  readonly whiteMs: number;
}

class Timeout extends Error {
  constructor(message: string, readonly clock = false) { super(message); }
}

/** Waits for `promise` at most `ms` (the move timeout) or `clockMs` (what the clock allows), whichever is shorter. */
async function withTimeout<T>(promise: Promise<T>, ms: number, clockMs = Infinity): Promise<T> {
  const wait = Math.min(ms, clockMs);
  if (!Number.isFinite(wait)) return promise;
  let timer: NodeJS.Timeout | undefined;
  const byClock = clockMs < ms;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Timeout(byClock ? `no move within the ${Math.round(wait)} ms its clock allowed` : `no answer within ${ms} ms`, byClock)), Math.max(0, wait));
  });
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
  /** Play on this clock (match/clock.ts). */
  readonly timeControl?: TimeControl;
  /** How far below zero a clock may go before its side loses on time (ms, default 0). */
  readonly timeMarginMs?: number;
  /** End the game by the exact solver's score once this many empties or fewer remain. */
  readonly adjudicateExact?: number;
  /** End the game when both players' scores agree on its loser (match/adjudication.ts). */
  readonly adjudicateResign?: ResignRule;
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
  const moveMs: number[] = [];
  const tc = options.timeControl;
  const margin = options.timeMarginMs ?? 0;
  if (!(margin >= 0)) throw new Error(`time margin must be a number of ms >= 0, got ${margin}`);
  const clock = tc ? new GameClock(tc, margin) : null;
  const resign = options.adjudicateResign;
  // Each side's last reported score (discs, its own view) and its run of agreed-lost moves.
  const lastScore: (number | undefined)[] = [undefined, undefined];
  const lostRun = [0, 0];
  const finish = (reason: string, loser: number | null, adjudicated?: number): GameOutcome => {
    const b = position.blackCount();
    const w = position.whiteCount();
    let blackScore: number;
    if (adjudicated !== undefined) {
      blackScore = adjudicated;
    } else if (loser === null) {
      const s = position.finalScore();
      blackScore = position.side === BLACK ? s : -s;
    } else {
      blackScore = loser === BLACK ? -64 : 64;
    }
    const result = blackScore > 0 ? '1-0' : blackScore < 0 ? '0-1' : '1/2-1/2';
    // One line, so a CSV of results stays one line per game (error messages may hold newlines).
    const time = { blackMoves: moves[BLACK], blackMs: Math.round(ms[BLACK]), whiteMoves: moves[WHITE], whiteMs: Math.round(ms[WHITE]) };
    const clockMs: [number, number] | undefined = clock ? [Math.round(clock.remainingMs(BLACK)), Math.round(clock.remainingMs(WHITE))] : undefined;
    return { moves: all, blackDiscs: b, whiteDiscs: w, blackScore, result, reason: reason.replace(/\s*\n\s*/g, ' / '), time, moveMs, clockMs };
  };
  const exactFrom = options.adjudicateExact;
  if (exactFrom !== undefined && !(Number.isInteger(exactFrom) && exactFrom >= 0 && exactFrom <= MAX_ADJUDICATE_EXACT)) {
    throw new Error(`exact adjudication needs a whole number of empties from 0 to ${MAX_ADJUDICATE_EXACT}, got ${exactFrom}`);
  }
  for (const [player, colour] of [[black, 'black'], [white, 'white']] as const) {
    try {
      await withTimeout(player.newGame(start.clone(), opening, options.game, tc), timeout);
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
    const empties = position.emptyCount();
    if (exactFrom !== undefined && empties <= exactFrom) {
      const score = exactBlackScore(position);
      return finish(adjudicatedReason(exactFrom, empties, score), null, score);
    }
    const side = position.side;
    const colour = side === BLACK ? 'black' : 'white';
    const player = side === BLACK ? black : white;
    let move: number;
    const t0 = performance.now();
    try {
      move = await withTimeout(player.genmove(position.clone(), since.slice(), clock?.view(side)), timeout, clock ? clock.allowanceMs(side) : Infinity);
    } catch (e) {
      if (e instanceof Timeout && e.clock) {
        // A timer may fire a fraction of a ms early by performance.now(): the clock has run out all the same.
        clock!.charge(side, Math.max(performance.now() - t0, clock!.allowanceMs(side) + 1));
        return finish(`time (${colour}): ${e.message} (${formatTimeControl(tc!)}, margin ${formatDuration(margin)})`, side);
      }
      return finish(`${e instanceof Timeout ? 'timeout' : 'crash'} (${colour}): ${(e as Error).message}`, side);
    }
    const took = performance.now() - t0;
    if (!Number.isInteger(move) || !position.makeMove(move)) {
      const name = Number.isInteger(move) && move >= -1 && move < 64 ? squareName(move) : String(move);
      return finish(`illegal (${colour}): ${name} in ${formatMoves(all)}`, side);
    }
    if (clock) {
      const had = clock.remainingMs(side);
      if (!clock.charge(side, took)) {
        position.unmake();
        return finish(`time (${colour}): ${Math.round(took)} ms for ${squareName(move)} with ${Math.round(had)} ms left (${formatTimeControl(tc!)}, margin ${formatDuration(margin)})`, side);
      }
    }
    ms[side] += took;
    moveMs.push(Math.round(took));
    moves[side]++;
    if (resign) {
      const mine = player.lastScore?.();
      lastScore[side] = mine;
      const theirs = lastScore[1 - side];
      lostRun[side] = mine !== undefined && theirs !== undefined && mine <= -resign.score && theirs >= resign.score ? lostRun[side] + 1 : 0;
      if (lostRun[side] >= resign.moves && !position.isGameOver()) {
        all.push(move);
        return finish(resignedReason(resign, colour), null, resignedBlackScore(colour, theirs!));
      }
    }
    all.push(move);
    since.push(move);
    options.onMove?.(all);
  }
  return finish('normal', null);
}

function formatMoves(moves: readonly number[]): string {
  return moves.map(squareName).join('') || '(start)';
}
