// Every item a worker returns is replayed with core's rules before it is accepted: a game must be
// a legal, finished game from the job's opening whose recorded score is the one the rules give;
// a book entry's scores must be one per legal move of its position, in range; a position's label
// must be of the kind its empties call for, in range, even when exact (a final score is), and at
// VERIFY_EMPTIES or fewer empties the score our solver gives. Anything else is refused (logged by
// the coordinator, never written) and its key is played again.
import { Position } from '@sente/core';
import { positionOfKey, solvePosition, type MoveScore } from '@sente/search';
import { LABEL_EXACT, LABEL_SEARCH } from '../data/format.js';
import { setPosition } from '../data/load.js';
import { finishedBlackScore, type GameRecord } from '../gamefile.js';
import { readOpeningsFile } from '../openings.js';
import { randomDataOpening } from '../selfplay.js';
import type { GameOutcome } from '../referee.js';
import { adjudicationProblem } from '../match/adjudication.js';
import type { LocalTask } from './transport.js';
import type { MatchRules } from '../worker.js';

/** Why `item` is not a valid result for `key` of `task`, or null when it is. */
export function invalidItem(task: LocalTask, key: number, item: unknown): string | null {
  try {
    if (typeof item !== 'object' || item === null) return 'not an object';
    if (task.kind === 'selfplay') return invalidSelfplay(task, key, item as GameRecord);
    if (task.kind === 'match') return invalidMatch(task, key, item as GameOutcome);
    if (task.kind === 'label') return invalidLabel(task, key, item);
    return invalidBook(task, key, item as MoveScore[]);
  } catch (e) {
    return `unreadable: ${(e as Error).message}`;
  }
}

function isMoveList(moves: unknown): moves is number[] {
  return Array.isArray(moves) && moves.every((m) => Number.isInteger(m) && m >= 0 && m < 64);
}

/** Plays `moves` from the initial position (passes implicit); the position, or why it fails. */
function replay(moves: readonly number[]): Position | string {
  const p = Position.initial();
  for (let i = 0; i < moves.length; i++) {
    if (p.isGameOver()) return `move ${i + 1} comes after the end of the game`;
    if (p.mustPass()) p.makePass();
    if (!p.makeMove(moves[i])) return `move ${i + 1} is illegal`;
  }
  return p;
}

function invalidSelfplay(task: Extract<LocalTask, { kind: 'selfplay' }>, key: number, g: GameRecord): string | null {
  const s = task.settings;
  if (g.index !== key) return `game index ${g.index} returned for game ${key}`;
  if (g.build !== s.build) return `played by build ${g.build}, the run's build is ${s.build}`;
  if (g.seed !== s.seed) return `seed ${g.seed}, the run's seed is ${s.seed}`;
  if (!isMoveList(g.moves)) return 'the moves are not squares';
  if (!Number.isInteger(g.openingPlies) || g.openingPlies < 0 || g.openingPlies > g.moves.length) return `opening plies ${g.openingPlies} out of range`;
  if (s.randomOpening !== undefined) {
    // Data mode: the game's own random plies, drawn from the run's seed and the game's index.
    const want = randomDataOpening(s.randomOpening, s.seed, key);
    if (g.openingPlies !== want.length || want.some((m, i) => g.moves[i] !== m)) return `does not start with the random opening of game ${key}`;
  } else if (s.openings.kind === 'file') {
    const r = readOpeningsFile(s.openings.path); // cached per path by openings.ts
    if (!r.ok) throw new Error(r.error);
    const lines = r.value;
    const want = lines[key % lines.length];
    if (g.openingPlies !== want.length || want.some((m, i) => g.moves[i] !== m)) return `does not start with opening ${key % lines.length} of the openings file`;
  } else if (g.openingPlies !== s.openings.plies) {
    return `opening of ${g.openingPlies} plies, the run's random openings have ${s.openings.plies}`;
  }
  const p = replay(g.moves);
  if (typeof p === 'string') return p;
  if (!p.isGameOver()) return `the game is not finished after ${g.moves.length} moves`;
  const score = finishedBlackScore(p)!;
  if (g.blackScore !== score) return `recorded score ${g.blackScore}, the final position gives ${score}`;
  return null;
}

function invalidMatch(task: Extract<LocalTask, { kind: 'match' }>, key: number, r: GameOutcome): string | null {
  const game = task.games.find((g) => g.key === key);
  if (!game) return `game ${key} is not in the job`;
  if (!isMoveList(r.moves)) return 'the moves are not squares';
  if (game.opening.some((m, i) => r.moves[i] !== m)) return 'does not start with the scheduled opening';
  const p = replay(r.moves);
  if (typeof p === 'string') return p;
  const expected = r.blackScore > 0 ? '1-0' : r.blackScore < 0 ? '0-1' : '1/2-1/2';
  if (r.result !== expected) return `result ${r.result} does not match the score ${r.blackScore}`;
  // The result must be one the job's rules allow (a run never adopts games played under others).
  const rules: MatchRules = task.rules ?? {};
  const exactRule = /^adjudicated \(exact (\d+)\)/.exec(r.reason);
  if (exactRule && Number(exactRule[1]) !== rules.adjudicateExact) return `adjudicated at exact ${exactRule[1]}, the job's rule is ${rules.adjudicateExact === undefined ? 'no exact adjudication' : `exact ${rules.adjudicateExact}`}`;
  const resignRule = /^adjudicated \(resign (\d+),(\d+)\)/.exec(r.reason);
  if (resignRule && (rules.adjudicateResign?.score !== Number(resignRule[1]) || rules.adjudicateResign?.moves !== Number(resignRule[2]))) return `adjudicated by resign ${resignRule[1]},${resignRule[2]}, not the job's rule`;
  if (/^time \(/.test(r.reason) && rules.timeControl === undefined) return 'lost on time in a job without a clock';
  if (r.reason.startsWith('adjudicated')) {
    const problem = adjudicationProblem(r.reason, p, r.blackScore, 60 - game.opening.length);
    if (problem) return problem;
    if (r.blackDiscs !== p.blackCount() || r.whiteDiscs !== p.whiteCount()) return 'the disc counts do not match the adjudicated position';
  } else if (r.reason === 'normal') {
    if (!p.isGameOver()) return 'a normal result, but the game is not finished';
    // With exact adjudication a game is adjudicated before any move at that many empties or fewer.
    if (rules.adjudicateExact !== undefined && p.emptyCount() < rules.adjudicateExact) return `played to the end past ${rules.adjudicateExact} empties, where the job's rule adjudicates`;
    const score = finishedBlackScore(p)!;
    if (r.blackScore !== score) return `recorded score ${r.blackScore}, the final position gives ${score}`;
    if (r.blackDiscs !== p.blackCount() || r.whiteDiscs !== p.whiteCount()) return 'the disc counts do not match the final position';
  } else {
    // A forfeit (a player crashed or timed out inside the worker) loses by 64 discs.
    if (p.isGameOver()) return `a forfeit (${r.reason}) of a finished game`;
    if (!/^(illegal|crash|timeout|time) \((black|white)/.test(r.reason)) return `unknown reason "${r.reason}"`;
    const loserBlack = /\(black/.test(r.reason);
    if (r.blackScore !== (loserBlack ? -64 : 64)) return `forfeit by ${loserBlack ? 'black' : 'white'} with score ${r.blackScore}`;
    if (r.blackDiscs !== p.blackCount() || r.whiteDiscs !== p.whiteCount()) return 'the disc counts do not match the position of the forfeit';
  }
  return null;
}

function invalidBook(task: Extract<LocalTask, { kind: 'book' }>, key: number, scores: MoveScore[]): string | null {
  const i = task.keys.indexOf(key);
  if (i < 0) return `entry ${key} is not in the job`;
  if (!Array.isArray(scores)) return 'not a list of move scores';
  const [pLo, pHi, oLo, oHi] = task.positions[i];
  const p = positionOfKey({ playerLo: pLo, playerHi: pHi, opponentLo: oLo, opponentHi: oHi, transform: 0 });
  const legal = p.legalMoveList().sort((a, b) => a - b);
  const moves = scores.map((s) => s?.move).sort((a, b) => a - b);
  if (moves.length !== legal.length || moves.some((m, j) => m !== legal[j])) return 'the scored moves are not the legal moves of the position';
  for (const s of scores) {
    if (typeof s.exact !== 'boolean') return 'an exactness flag is not a boolean';
    // Exact scores are disc differences; midgame estimates are unbounded in principle, only sane.
    if (!Number.isFinite(s.score) || Math.abs(s.score) > (s.exact ? 64 : 1000)) return `score ${s.score} of move ${s.move} out of range`;
  }
  return null;
}

/** Exact labels of positions with at most this many empties are solved again by the coordinator (well under a millisecond each). */
export const VERIFY_EMPTIES = 8;

function invalidLabel(task: Extract<LocalTask, { kind: 'label' }>, key: number, item: unknown): string | null {
  const i = task.keys.indexOf(key);
  if (i < 0) return `position ${key} is not in the job`;
  if (!Array.isArray(item) || item.length !== 2 || !item.every((x) => Number.isInteger(x))) return 'not a [label, kind] pair of integers';
  const [label, kind] = item as [number, number];
  if (label < -64 || label > 64) return `label ${label} is outside -64..64`;
  const [pLo, pHi, oLo, oHi, side] = task.positions[i];
  const p = new Position();
  setPosition(p, pLo, pHi, oLo, oHi, side);
  const empties = p.emptyCount();
  const exact = empties <= task.exact || p.isGameOver();
  if (kind !== (exact ? LABEL_EXACT : LABEL_SEARCH)) return `${kind === LABEL_EXACT ? 'an exact' : kind === LABEL_SEARCH ? 'a search' : `a kind-${kind}`} label at ${empties} empties (exact at or below ${task.exact})`;
  if (exact && label % 2 !== 0) return `exact label ${label} is odd (a final score is even)`;
  if (exact && empties <= VERIFY_EMPTIES) {
    const solved = solvePosition(p, { pv: false }).score;
    if (solved !== label) return `exact label ${label}, the solver gives ${solved}`;
  }
  return null;
}

/** A move report of a game in progress (a worker's `job.updateProgress`), once checked. */
export interface LiveMove {
  readonly key: number;
  readonly black: string;
  readonly white: string;
  readonly moves: number[];
}

/** An Othello game has at most 60 moves: a longer report is refused before it is replayed. */
export const MAX_LIVE_MOVES = 60;

/**
 * The live move report `data` for one of the games `keys` of the job whose task is `task`, or why
 * it is refused: the key must be one of the job's games, the player names the scheduled ones, and
 * the moves (at most 60 squares) the game's opening followed by legal moves.
 */
export function liveMove(task: LocalTask, keys: readonly number[], data: unknown): LiveMove | string {
  if (task.kind !== 'match') return `a ${task.kind} job has no live games`;
  if (typeof data !== 'object' || data === null) return 'not an object';
  const d = data as { key?: unknown; black?: unknown; white?: unknown; moves?: unknown };
  if (typeof d.key !== 'number' || !keys.includes(d.key)) return `game ${String(d.key).slice(0, 20)} is not one of the job's games`;
  const game = task.games.find((g) => g.key === d.key);
  if (!game) return `game ${d.key} is not in the job`;
  if (d.black !== game.black.name || d.white !== game.white.name) return 'the players are not the scheduled ones';
  if (!Array.isArray(d.moves) || d.moves.length > MAX_LIVE_MOVES) return `not a list of at most ${MAX_LIVE_MOVES} moves`;
  if (!isMoveList(d.moves)) return 'the moves are not squares';
  const moves = d.moves;
  if (moves.length < game.opening.length || game.opening.some((m, i) => moves[i] !== m)) return 'does not start with the scheduled opening';
  const p = replay(moves);
  if (typeof p === 'string') return p;
  return { key: d.key, black: game.black.name, white: game.white.name, moves };
}
