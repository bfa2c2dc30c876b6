// Go on the tournament runner (tournament-game.ts): `sente tournament --game go` and
// `sente go tournament` schedule, rate, resume, test (SPRT) and archive Go games exactly as
// Othello's. Players are sente settings, `sente:playouts=N,time=D,resign=R,seed=K,name=NAME`
// (in-process MCTS, seeded per game from its name and game number so the games of a match
// differ), or any GTP program, `gtp:<command line>`, started for each game with
// --move-timeout on every reply (go/engines.ts), so a hung engine loses that game and the match
// goes on. A game is refereed by our board (go/match.ts): two passes end it and it is scored by
// area after the dead-stone judge (search/go/status.ts) removes what it finds dead. In the
// tournament's terms black_score is that margin (komi included); a resignation or a forfeit
// counts as the whole board, +-size^2. Every game read back from the CSV is replayed by our rules
// and, when it was scored, scored again: a line that does not follow is refused with its number.
import { readFileSync } from 'node:fs';
import { go as rules } from '@sente/core';
import { go as search, writeFileAtomic } from '@sente/search';
import { stringify } from 'csv-stringify/sync';
import { hashString } from '../random.js';
import type { GtpSpec, PlayerSpec } from '../players.js';
import type { GameOutcome } from '../referee.js';
import type { ArchiveFormat, ArchivedGame } from '../archive/archive.js';
import { isoSecond } from '../archive/ggf.js';
import { csvRecords, type GameResult, type ScheduledGame } from '../tournament.js';
import type { PlayOptions, PooledGame, TournamentGame } from '../tournament-game.js';
import { ExternalGtpPlayer, SentePlayer, type GtpPlayer } from './engines.js';
import { senteOptionsOf } from './player-spec.js';

export { parseGoPlayerSpec, senteOptionsOf, type GoEngineSpec, type GoSpecResult } from './player-spec.js';
import { playGoGame, type GoGameResult } from './match.js';

/** How a Go game was scored and ended, beyond the tournament's common fields. */
export interface GoGameDetails {
  readonly size: number;
  readonly komi: number;
  /** 'passes' (scored), 'move-cap' (scored at the cap), 'resign' or 'forfeit'. */
  readonly end: GoGameResult['end'];
  /** Our count ("B+3.5"), null when not scored. */
  readonly refereeScore: string | null;
  /** The engines' own final_score answers (null: not asked or not answered). */
  readonly blackClaim: string | null;
  readonly whiteClaim: string | null;
  /** Every answer equals our count (null when not scored). */
  readonly agree: boolean | null;
}

export const GO_CSV_COLUMNS = [
  'game', 'black', 'white', 'size', 'komi', 'moves', 'black_score', 'result', 'reason', 'end',
  'referee_score', 'black_final_score', 'white_final_score', 'agree', 'black_moves', 'black_ms', 'white_moves', 'white_ms',
];

const COLOUR = ['', 'black', 'white'] as const;

function resultOf(blackScore: number): string {
  return blackScore > 0 ? '1-0' : blackScore < 0 ? '0-1' : '1/2-1/2';
}

/** A refereed game in the tournament's terms: black's margin (+-size^2 for a resignation or forfeit) and a reason naming any offender. */
export function goOutcome(g: GoGameResult, size: number, komi: number): GameOutcome & { go: GoGameDetails } {
  const full = size * size;
  let blackScore: number;
  let reason: string;
  if (g.end === 'passes' || g.end === 'move-cap') {
    blackScore = g.refereeScore === null ? 0 : rules.parseMargin(g.refereeScore) ?? 0;
    reason = g.end === 'passes' ? 'normal' : 'move-cap';
  } else {
    blackScore = g.winner === 'B' ? full : -full;
    const loser = COLOUR[g.winner === 'B' ? rules.WHITE : rules.BLACK];
    if (g.end === 'resign') reason = `resign (${loser})`;
    else if (/^(timeout|crash|refused) \((black|white)\)/.test(g.note)) reason = g.note;
    else reason = `${/ refused "play /.test(g.note) ? 'refused' : 'illegal'} (${loser}): ${g.note}`;
  }
  return {
    moves: g.played.map((m) => m.point), blackDiscs: 0, whiteDiscs: 0, blackScore, result: resultOf(blackScore), reason: reason.replace(/\s*\n\s*/g, ' / '), time: g.time,
    go: { size, komi, end: g.end, refereeScore: g.refereeScore, blackClaim: g.blackScore, whiteClaim: g.whiteScore, agree: g.agree },
  };
}

function startPlayer(spec: PlayerSpec, key: number, timeoutMs: number | undefined): GtpPlayer {
  if (spec.kind === 'gtp') return new ExternalGtpPlayer(spec.name, spec.command, { timeoutMs });
  if (spec.kind !== 'go-engine') throw new Error(`player ${spec.name} is not a Go player`);
  return new SentePlayer(spec.name, senteOptionsOf(spec, hashString(`${spec.name}|${key}`)));
}

/** Replays a Go game read back; the reason it does not follow from its moves, or null. */
export function checkGoResult(r: GameResult, maxMoves: number): string | null {
  const d = r.go!;
  const board = new rules.GoBoard(d.size);
  for (let i = 0; i < r.moves.length; i++) {
    const c = i % 2 === 0 ? rules.BLACK : rules.WHITE;
    if (board.isGameOver()) return `move ${i + 1} comes after the game ended (two passes)`;
    if (!board.play(r.moves[i], c)) return `move ${i + 1} (${COLOUR[c]} ${rules.gtpVertex(d.size, r.moves[i])}) is illegal`;
  }
  const full = d.size * d.size;
  let score: number;
  if (r.reason === 'normal' || r.reason === 'move-cap') {
    if (r.reason === 'normal' && !board.isGameOver()) return 'the reason is normal but the moves do not end in two passes';
    if (r.reason === 'move-cap' && (board.isGameOver() || r.moves.length !== maxMoves)) return `the reason is move-cap but the game has ${r.moves.length} moves, not ${maxMoves} without two passes`;
    const dead = search.judgeStatus(board, search.statusJudge(), d.komi).dead;
    score = rules.areaScore(board, d.komi, dead).margin;
    if (d.refereeScore !== rules.formatMargin(score)) return `referee_score ${d.refereeScore} is not our count of the final position (${rules.formatMargin(score)})`;
  } else {
    const m = /^(resign|illegal|crash|timeout|refused) \((black|white)/.exec(r.reason);
    if (!m) return `the reason "${r.reason.slice(0, 40)}" is not normal, move-cap, resign, illegal, crash, timeout or refused with a colour`;
    score = m[2] === 'black' ? -full : full;
  }
  if (r.blackScore !== score) return `black_score ${r.blackScore} does not follow from the game (${score})`;
  if (r.result !== resultOf(score)) return `result ${r.result} does not follow from the game (${resultOf(score)})`;
  return null;
}

function csvRecord(r: GameResult): (string | number)[] {
  const d = r.go!;
  const t = r.time;
  return [
    r.key, r.black, r.white, d.size, d.komi, r.moves.map((p) => rules.gtpVertex(d.size, p)).join(' '), r.blackScore, r.result, r.reason, d.end,
    d.refereeScore ?? '', d.blackClaim ?? '', d.whiteClaim ?? '', d.agree === null ? '' : String(d.agree),
    t?.blackMoves ?? '', t?.blackMs ?? '', t?.whiteMoves ?? '', t?.whiteMs ?? '',
  ];
}

const ENDS = new Set(['passes', 'move-cap', 'resign', 'forfeit']);

/**
 * The games of a Go results CSV in file order, each replayed and checked (`maxMoves`: the move
 * cap of a game on its board, default 3 size^2). A last line cut short by a crash is dropped and
 * the file rewritten without it when `repair` is set (a resume), so the next game appended starts a line.
 */
export function readGoResults(path: string, o: { repair?: boolean; maxMoves?: (size: number) => number } = {}): GameResult[] {
  const text = readFileSync(path, 'utf8');
  const all = text.split('\n');
  if (text.length > 0 && !text.endsWith('\n')) {
    all.pop();
    if (o.repair) writeFileAtomic(path, all.map((l) => `${l}\n`).join(''));
  }
  if (all[0] !== GO_CSV_COLUMNS.join(',')) throw new Error(`${path} is not a Go tournament results file (header ${all[0].slice(0, 60)})`);
  const out: GameResult[] = [];
  for (const { where, fields: f } of csvRecords(all, path, GO_CSV_COLUMNS.length)) {
    const [key, size, komi, blackScore] = [Number(f[0]), Number(f[3]), Number(f[4]), Number(f[6])];
    if (!Number.isInteger(key) || key < 0) throw new Error(`${where}: game number "${f[0]}" is not a whole number`);
    if (!Number.isInteger(size) || size < 2 || size > 25) throw new Error(`${where}: size "${f[3]}" is not 2..25`);
    if (!Number.isFinite(komi) || !Number.isFinite(blackScore)) throw new Error(`${where}: komi and black_score must be numbers`);
    if (!ENDS.has(f[9])) throw new Error(`${where}: end "${f[9]}" is not passes, move-cap, resign or forfeit`);
    const moves: number[] = [];
    for (const v of f[5].split(' ').filter(Boolean)) {
      const p = rules.parseGtpVertex(size, v);
      if (!p.ok) throw new Error(`${where}: moves: ${p.error.message}`);
      moves.push(p.value);
    }
    const t = f.slice(14);
    const time = t.every((v) => v === '') ? undefined : { blackMoves: Number(t[0]), blackMs: Number(t[1]), whiteMoves: Number(t[2]), whiteMs: Number(t[3]) };
    if (time && !t.every((v) => v !== '' && Number.isFinite(Number(v)) && Number(v) >= 0)) throw new Error(`${where}: the time fields are not counts`);
    const r: GameResult = {
      key, black: f[1], white: f[2], opening: [], moves, blackDiscs: 0, whiteDiscs: 0, blackScore, result: f[7], reason: f[8], time,
      go: { size, komi, end: f[9] as GoGameDetails['end'], refereeScore: f[10] || null, blackClaim: f[11] || null, whiteClaim: f[12] || null, agree: f[13] === '' ? null : f[13] === 'true' },
    };
    const wrong = checkGoResult(r, o.maxMoves?.(size) ?? 3 * size * size);
    if (wrong) throw new Error(`${where}: game ${key}: ${wrong}; the file was changed by hand or damaged`);
    out.push(r);
  }
  return out;
}

/** SGF's RE for a result: the margin, or W+R, B+T (time), B+F (other forfeits). */
function sgfResult(r: GameResult): string {
  const d = r.go!;
  if (d.end === 'passes' || d.end === 'move-cap') return rules.formatMargin(r.blackScore);
  const winner = r.blackScore > 0 ? 'B' : 'W';
  return `${winner}+${d.end === 'resign' ? 'R' : r.reason.startsWith('timeout') ? 'T' : 'F'}`;
}

/** One Go game as an SGF game tree (GN its game number; C the reason, when not a normal end). */
export function goSgfRecord(r: GameResult, date: Date): string {
  const d = r.go!;
  return rules.writeSgf({
    size: d.size, komi: d.komi, playerBlack: r.black, playerWhite: r.white, result: sgfResult(r), setupBlack: [], setupWhite: [],
    moves: r.moves.map((point, i) => ({ color: i % 2 === 0 ? rules.BLACK : rules.WHITE, point })),
    date: isoSecond(date).slice(0, 10), gameName: String(r.key), ...(r.reason === 'normal' ? {} : { comment: r.reason }),
  });
}

/** The games of an SGF archive of Go games (GN numbers, RE results). */
export function readGoArchive(text: string): ArchivedGame[] {
  const parsed = rules.parseSgfCollection(text);
  if (!parsed.ok) throw new Error(`${parsed.error.message} (offset ${parsed.error.offset})`);
  return parsed.value.map((g, i) => {
    const key = Number(g.gameName);
    if (g.gameName === undefined || !Number.isInteger(key) || key < 0) throw new Error(`game ${i + 1} has no game number GN`);
    const margin = rules.parseMargin(g.result);
    if (margin === null) throw new Error(`game ${i + 1} (GN ${key}) has no result RE`);
    const full = g.size * g.size;
    return {
      key, black: g.playerBlack, white: g.playerWhite, moves: g.moves.map((m) => rules.gtpVertex(g.size, m.point)).join(' '),
      blackScore: Number.isFinite(margin) ? margin : margin > 0 ? full : -full, reason: g.comment ?? 'normal',
    };
  });
}

export const GO_SGF_FORMAT: ArchiveFormat = {
  name: 'SGF',
  record: goSgfRecord,
  // Each record ends with ")\n" (no value of ours holds a newline; CRLF if the file was edited):
  // a text ending in ")" ends its last record, else cut after the last record's end (none: nothing).
  complete: (text) => {
    if (text === '' || /\)\s*$/.test(text)) return text;
    const ends = [...text.matchAll(/\)\r?\n/g)];
    const last = ends[ends.length - 1];
    return last === undefined ? '' : text.slice(0, last.index + last[0].length);
  },
  read: readGoArchive,
  movesOf: (r) => r.moves.map((p) => rules.gtpVertex(r.go!.size, p)).join(' '),
};

/** One game between two sente settings in a pool worker. */
export async function playPooledGoGame(g: PooledGame, o: { size: number; komi: number; maxMoves: number }): Promise<GameOutcome & { go: GoGameDetails }> {
  const players = [startPlayer(g.black, g.key, undefined), startPlayer(g.white, g.key, undefined)];
  try {
    return goOutcome(await playGoGame(players[0], players[1], o, g.key), o.size, o.komi);
  } finally {
    await Promise.allSettled(players.map((p) => p.close()));
  }
}

/**
 * Go on the tournament runner: games of `size` with `komi`, capped at `maxMoves` (default 3 size^2).
 * Games between two sente settings run on the local pool (worker threads, `workers` at a time);
 * games with an external program run in the main thread, `localLanes` at a time (default 1 when
 * a sente player takes part: its search holds the thread, which would delay another game's timeouts).
 */
export function goTournamentGame(o: { size: number; komi: number; maxMoves?: number; localLanes?: number }): TournamentGame {
  const maxMoves = o.maxMoves ?? 3 * o.size * o.size;
  return {
    pooled: (black, white) => black.kind === 'go-engine' && white.kind === 'go-engine',
    poolTask: (games) => ({ kind: 'go-match', size: o.size, komi: o.komi, maxMoves, games }),
    localLanes: o.localLanes,
    name: 'go',
    csvColumns: GO_CSV_COLUMNS,
    csvRecord,
    readResults: (path) => readGoResults(path, { repair: true, maxMoves: (size) => (size === o.size ? maxMoves : 3 * size * size) }),
    archive: GO_SGF_FORMAT,
    async play(g: ScheduledGame, black: PlayerSpec, white: PlayerSpec, options: PlayOptions) {
      const players = [startPlayer(black, g.key, options.moveTimeoutMs), startPlayer(white, g.key, options.moveTimeoutMs)];
      try {
        const r = await playGoGame(players[0], players[1], { size: o.size, komi: o.komi, maxMoves }, g.key);
        [black, white].forEach((spec, i) => {
          // An external program that never answered could not start: the run reports it.
          if (spec.kind === 'gtp' && players[i].started === false && r.end === 'forfeit') options.onStartFailure(spec, r.note);
        });
        return goOutcome(r, o.size, o.komi);
      } finally {
        await Promise.allSettled(players.map((p) => p.close()));
      }
    },
  };
}
