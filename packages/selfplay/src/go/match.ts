// Matches between Go players over GTP, refereed by sente's own board: every move an engine
// returns is checked (a bad or illegal move loses the game), the game ends on two passes, a
// resignation or a move cap, and the final position is scored by area after removing the stones
// sente judges dead (search/go/status.ts; none when the game was played out). Both programs are also
// asked for `final_score`, and the answers are compared with ours, so a disagreement about the
// rules or about dead stones is visible in the results. An engine that times out, crashes or
// refuses a setup command forfeits the game (the reason is in the note) and is restarted for the
// next one, so the match goes on. The CSV and SGF files are rewritten atomically after every game,
// so a match that dies keeps every finished game; their paths are checked before the first game.
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { go as rules } from '@sente/core';
import { go as search, writeFileAtomic } from '@sente/search';
import { stringify } from 'csv-stringify/sync';
import { createPlayer, GtpTimeoutError, type ExternalGtpOptions, type GtpAnswer, type GtpPlayer } from './engines.js';

export interface GoGameResult {
  readonly game: number;
  readonly black: string;
  readonly white: string;
  /** "B+3.5", "W+R", "B+F" (forfeit: illegal or unreadable move), "0". */
  readonly result: string;
  /** Winner: "B", "W" or "0". */
  readonly winner: 'B' | 'W' | '0';
  readonly moves: number;
  /** Our area count of the final position (null after a resignation or forfeit). */
  readonly refereeScore: string | null;
  readonly blackScore: string | null;
  readonly whiteScore: string | null;
  /** True if every final_score answer equals ours (null when not scored). */
  readonly agree: boolean | null;
  /** Why the game ended. */
  readonly end: 'passes' | 'resign' | 'forfeit' | 'move-cap';
  readonly note: string;
  readonly sgf: string;
  /** The moves played (passes as PASS). */
  readonly played: readonly rules.SgfMove[];
  /** Moves each side chose (its forfeiting answer excluded) and the wall ms its genmoves took. */
  readonly time: { readonly blackMoves: number; readonly blackMs: number; readonly whiteMoves: number; readonly whiteMs: number };
}

export interface GoGameOptions {
  readonly size: number;
  readonly komi: number;
  /** Stop after this many moves and score the position (default 3 * size^2). */
  readonly maxMoves?: number;
  readonly onMove?: (color: number, vertex: string, moveNumber: number) => void;
}

/** A player that timed out, crashed or refused a command it must accept: it loses the game. */
class EngineFailure extends Error {
  constructor(readonly color: number, message: string) { super(message); }
}

/** Plays one game between two players (already running). */
export async function playGoGame(black: GtpPlayer, white: GtpPlayer, options: GoGameOptions, game = 1): Promise<GoGameResult> {
  const { size, komi } = options;
  const maxMoves = options.maxMoves ?? 3 * size * size;
  const board = new rules.GoBoard(size);
  const moves: rules.SgfMove[] = [];
  const players = [null, black, white] as const;
  const letter = ['0', 'B', 'W'] as const;
  const name = ['', 'black', 'white'] as const;
  let end = 'passes' as GoGameResult['end'];
  let result = '';
  let winner: GoGameResult['winner'] = '0';
  let note = '';
  let color: number = rules.BLACK;
  const spent = [0, 0, 0];
  const chosen = [0, 0, 0];
  /** One command to the player of `c`; a timeout or a crash is that player's failure. */
  const ask = async (c: number, command: string): Promise<GtpAnswer> => {
    try {
      return await players[c]!.send(command);
    } catch (e) {
      const kind = e instanceof GtpTimeoutError ? 'timeout' : 'crash';
      throw new EngineFailure(c, `${kind} (${name[c]}): ${(e as Error).message}`.replace(/\s*\n\s*/g, ' / '));
    }
  };
  const must = async (c: number, command: string): Promise<void> => {
    const a = await ask(c, command);
    if (!a.ok) throw new EngineFailure(c, `refused (${name[c]}): ${players[c]!.name} refused "${command}": ${a.text}`);
  };
  try {
    for (const c of [rules.BLACK, rules.WHITE]) {
      await must(c, `boardsize ${size}`);
      await must(c, 'clear_board');
      await must(c, `komi ${komi}`);
    }
    await playMoves();
  } catch (e) {
    if (!(e instanceof EngineFailure)) throw e;
    end = 'forfeit';
    winner = letter[3 - e.color];
    result = `${winner}+F`;
    note = e.message;
  }
  let refereeScore: string | null = null;
  let blackScore: string | null = null;
  let whiteScore: string | null = null;
  let agree: boolean | null = null;
  if (end === 'passes' || end === 'move-cap') {
    const dead = search.judgeStatus(board, search.statusJudge(), komi).dead;
    const margin = rules.areaScore(board, komi, dead).margin;
    refereeScore = rules.formatMargin(margin);
    result = refereeScore;
    winner = margin > 0 ? 'B' : margin < 0 ? 'W' : '0';
    // The game is decided by our count; an engine that cannot score it only loses its say.
    const scoreOf = async (c: number): Promise<string | null> => {
      try {
        const a = await ask(c, 'final_score');
        return a.ok ? a.text : null;
      } catch (e) {
        note = [note, (e as Error).message].filter(Boolean).join('; ');
        return null;
      }
    };
    blackScore = await scoreOf(rules.BLACK);
    whiteScore = await scoreOf(rules.WHITE);
    agree = [blackScore, whiteScore].every((s) => s === null || rules.parseMargin(s) === margin);
  }
  const sgf = rules.writeSgf({ size, komi, playerBlack: black.name, playerWhite: white.name, result, setupBlack: [], setupWhite: [], moves });
  const time = { blackMoves: chosen[rules.BLACK], blackMs: Math.round(spent[rules.BLACK]), whiteMoves: chosen[rules.WHITE], whiteMs: Math.round(spent[rules.WHITE]) };
  return { game, black: black.name, white: white.name, result, winner, moves: moves.length, refereeScore, blackScore, whiteScore, agree, end, note, sgf, played: moves, time };

  /** Moves until the game ends; an engine failure propagates as EngineFailure. */
  async function playMoves(): Promise<void> {
    while (!board.isGameOver()) {
      if (moves.length >= maxMoves) {
        end = 'move-cap';
        break;
      }
      const mover = players[color]!;
      const other = players[3 - color]!;
      const t0 = performance.now();
      const answer = await ask(color, `genmove ${name[color]}`);
      const took = performance.now() - t0;
      const text = answer.text.trim().toLowerCase();
      if (answer.ok && text === 'resign') {
        end = 'resign';
        winner = letter[3 - color];
        result = `${winner}+R`;
        break;
      }
      const v = answer.ok ? rules.parseGtpVertex(size, text) : null;
      if (!answer.ok || !v || !v.ok || !board.play(v.value, color)) {
        end = 'forfeit';
        winner = letter[3 - color];
        result = `${winner}+F`;
        note = `${mover.name} answered "genmove ${name[color]}" with "${answer.ok ? '' : '? '}${answer.text}"${v && v.ok ? ' (illegal)' : ''}`;
        break;
      }
      moves.push({ color, point: v.value });
      spent[color] += took;
      chosen[color]++;
      options.onMove?.(color, rules.gtpVertex(size, v.value), moves.length);
      const echoed = await ask(3 - color, `play ${name[color]} ${rules.gtpVertex(size, v.value)}`);
      if (!echoed.ok) {
        end = 'forfeit';
        winner = letter[color];
        result = `${winner}+F`;
        note = `${other.name} refused "play ${name[color]} ${rules.gtpVertex(size, v.value)}": ${echoed.text}`;
        break;
      }
      color = 3 - color;
    }
  }
}

export interface GoMatchOptions extends GoGameOptions, ExternalGtpOptions {
  /** Two player descriptions (see createPlayer); the first is black in odd-numbered games. */
  readonly players: readonly [string, string];
  readonly games: number;
  /** Results CSV, rewritten atomically after every game (checked before the first). */
  readonly csvPath?: string;
  /** All games as SGF, rewritten atomically after every game (checked before the first). */
  readonly sgfPath?: string;
  readonly onGame?: (result: GoGameResult) => void;
}

export interface GoStanding {
  readonly player: string;
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
}

/** Why an output file cannot be written, or null if it can (it need not exist yet). */
export function outputPathProblem(path: string): string | null {
  const full = resolve(path);
  if (existsSync(full) && statSync(full).isDirectory()) return `${path} is a directory, not a file`;
  const dir = dirname(full);
  if (!existsSync(dir)) return `${path}: folder ${dir} does not exist`;
  if (!statSync(dir).isDirectory()) return `${path}: ${dir} is not a folder`;
  return null;
}

function writeOutputs(options: GoMatchOptions, games: readonly GoGameResult[]): void {
  if (options.csvPath) writeFileAtomic(options.csvPath, goResultsCsv(games));
  if (options.sgfPath) writeFileAtomic(options.sgfPath, games.map((g) => (g.sgf.endsWith('\n') ? g.sgf : `${g.sgf}\n`)).join(''));
}

/**
 * Plays `games` games alternating colours. Players are started once and reused; an engine that
 * died (timed out and killed, or crashed) is started again for the next game, unless it never
 * answered at all: a program that does not start loses the remaining games at once (its send
 * rejects with the same reason) instead of being waited for again.
 */
export async function runGoMatch(options: GoMatchOptions): Promise<{ games: GoGameResult[]; standings: GoStanding[] }> {
  for (const [flag, path] of [['--csv', options.csvPath], ['--sgf', options.sgfPath]] as const) {
    const problem = path === undefined ? null : outputPathProblem(path);
    if (problem) throw new Error(`${flag} ${problem}`);
  }
  const engine = { timeoutMs: options.timeoutMs, startupTimeoutMs: options.startupTimeoutMs };
  const players: GtpPlayer[] = [];
  try {
    for (const i of [0, 1]) players.push(createPlayer(options.players[i], i, engine));
  } catch (e) {
    await Promise.all(players.map((p) => p.close()));
    throw e;
  }
  const games: GoGameResult[] = [];
  // Written before the first game: a path that cannot be written fails now, not after the match.
  writeOutputs(options, games);
  const tally = new Map<string, { wins: number; losses: number; draws: number }>([
    [options.players[0], { wins: 0, losses: 0, draws: 0 }],
    [options.players[1], { wins: 0, losses: 0, draws: 0 }],
  ]);
  try {
    for (let g = 1; g <= options.games; g++) {
      for (const i of [0, 1]) {
        if (players[i].alive === false && players[i].started !== false) {
          await players[i].close();
          players[i] = createPlayer(options.players[i], i, engine);
        }
      }
      const [black, white, blackSpec, whiteSpec] = g % 2 === 1 ? [players[0], players[1], options.players[0], options.players[1]] : [players[1], players[0], options.players[1], options.players[0]];
      const r = await playGoGame(black, white, options, g);
      const named = { ...r, black: blackSpec, white: whiteSpec };
      games.push(named);
      writeOutputs(options, games);
      const tb = tally.get(blackSpec)!;
      const tw = tally.get(whiteSpec)!;
      if (r.winner === 'B') {
        tb.wins++;
        tw.losses++;
      } else if (r.winner === 'W') {
        tw.wins++;
        tb.losses++;
      } else {
        tb.draws++;
        tw.draws++;
      }
      options.onGame?.(named);
    }
  } finally {
    await Promise.all(players.map((p) => p.close()));
  }
  const standings = [...tally].map(([player, t]) => ({ player, games: t.wins + t.losses + t.draws, ...t }));
  return { games, standings };
}

/** CSV of game results (csv-stringify quotes as RFC 4180 says). */
export function goResultsCsv(games: readonly GoGameResult[]): string {
  const columns = ['game', 'black', 'white', 'result', 'winner', 'moves', 'end', 'referee_score', 'black_final_score', 'white_final_score', 'agree', 'note'];
  const rows = games.map((g) => [g.game, g.black, g.white, g.result, g.winner, g.moves, g.end, g.refereeScore, g.blackScore, g.whiteScore, g.agree === null ? '' : String(g.agree), g.note]);
  return stringify(rows, { header: true, columns });
}
