// Adjudication, as cutechess-cli and fastchess offer it, recorded as such: `exact=N` ends an
// Othello game once N or fewer empties remain, scored by the exact solver (perfect play by both
// sides from there), so a match does not spend its time on endgames any solver settles. The
// result keeps the transcript up to that point; whoever reads it back replays the moves by our
// rules and solves the position again (adjudicationProblem), so an adjudicated score is checked
// like any other. `resign=S,moves=K` ends a game when, for K moves in a row, the side to lose
// scored its own position at -S discs or worse and its opponent agreed (+S or better) — only
// between players that report scores (built-in engines; GTP programs do not). Its recorded score
// is the winner's last estimate (even, 2 to 64): an opinion, so a read-back can check only the
// transcript (replayed by our rules, the game not over) and that the score's sign names the loser.
import { BLACK, type Position } from '@sente/core';
import { createEngine, shippedBuildsDir, type Engine } from '@sente/search';

/** The most empties exact adjudication accepts: the solve is repeated whenever a results file is read back. */
export const MAX_ADJUDICATE_EXACT = 18;

export interface Adjudication {
  /** End the game by the exact solver's score once this many empties or fewer remain. */
  readonly exact?: number;
  /** End the game when both players' scores agree it is lost by at least `score` discs for `moves` moves in a row. */
  readonly resign?: ResignRule;
}

export interface ResignRule {
  readonly score: number;
  readonly moves: number;
}

export type AdjudicationResult = { ok: true; adjudication: Adjudication } | { ok: false; error: string };

const ADJUDICATIONS = `exact=N: end a game by the exact solver's score at N or fewer empties, N from 0 to ${MAX_ADJUDICATE_EXACT}; resign=S,moves=K: when both engines' scores agree on S discs or more for K moves`;

/** `exact=14`, `resign=20,moves=4`, or both: the options of --adjudicate. */
export function parseAdjudication(text: string): AdjudicationResult {
  const out: { exact?: number; resign?: ResignRule } = {};
  let score: number | undefined;
  let moves: number | undefined;
  for (const part of String(text).split(',')) {
    if (part.trim() === '') continue;
    const m = /^\s*(exact|resign|moves)\s*=\s*(\d+)\s*$/.exec(part);
    if (!m) return { ok: false, error: `"${part.trim()}" is not an adjudication (${ADJUDICATIONS})` };
    const n = Number(m[2]);
    if (m[1] === 'exact') {
      if (n > MAX_ADJUDICATE_EXACT) return { ok: false, error: `exact=${n}: at most ${MAX_ADJUDICATE_EXACT} empties (every adjudicated game is solved again when its results are read back)` };
      out.exact = n;
    } else if (m[1] === 'resign') {
      if (!(n >= 2 && n <= 64)) return { ok: false, error: `resign=${n}: the score must be from 2 to 64 discs` };
      score = n;
    } else {
      if (!(n >= 1 && n <= 60)) return { ok: false, error: `moves=${n}: from 1 to 60 moves` };
      moves = n;
    }
  }
  if (moves !== undefined && score === undefined) return { ok: false, error: 'moves= goes with resign=S (resign=S,moves=K)' };
  if (score !== undefined) out.resign = { score, moves: moves ?? 3 };
  if (out.exact === undefined && out.resign === undefined) return { ok: false, error: `"${text}" names no adjudication (${ADJUDICATIONS})` };
  return { ok: true, adjudication: out };
}

/** `exact=12,resign=20,moves=3`: the canonical spelling (recorded in the settings). */
export function formatAdjudication(a: Adjudication): string {
  return [a.exact !== undefined ? `exact=${a.exact}` : null, a.resign ? `resign=${a.resign.score},moves=${a.resign.moves}` : null].filter((x) => x !== null).join(',');
}

/** The reason of a game ended by agreed scores: the loser's colour and the rule. */
export function resignedReason(rule: ResignRule, loser: 'black' | 'white'): string {
  const winner = loser === 'black' ? 'white' : 'black';
  return `adjudicated (resign ${rule.score},${rule.moves}): ${loser} scored itself -${rule.score} or worse and ${winner} agreed, for ${rule.moves} move${rule.moves === 1 ? '' : 's'}`;
}

/** Black's score recorded for a resignation: the winner's last estimate, even, from 2 to 64 discs, for the winner. */
export function resignedBlackScore(loser: 'black' | 'white', winnerEstimate: number): number {
  const discs = Math.min(64, Math.max(2, 2 * Math.round(Math.abs(winnerEstimate) / 2)));
  return loser === 'black' ? -discs : discs;
}


/** The reason of a game adjudicated at `empties` empties with black's perfect-play score. */
export function adjudicatedReason(threshold: number, empties: number, blackScore: number): string {
  return `adjudicated (exact ${threshold}): ${empties} empties, perfect play ${blackScore > 0 ? '+' : ''}${blackScore} for black`;
}

/**
 * Why an adjudicated result does not follow from the position it stopped in (null if it does):
 * the game must not be over, it must stop where the threshold was first reached (`openingEmpties`
 * are those after the opening) and black's score must be the exact solver's.
 */
export function adjudicationProblem(reason: string, end: Position, blackScore: number, openingEmpties = 60): string | null {
  const r = /^adjudicated \(resign (\d+),(\d+)\): (black|white) scored/.exec(reason);
  if (r) {
    if (end.isGameOver()) return 'adjudicated, but the transcript finishes the game';
    const loserBlack = r[3] === 'black';
    if (!(Number.isInteger(blackScore) && blackScore % 2 === 0 && Math.abs(blackScore) >= 2 && Math.abs(blackScore) <= 64 && (blackScore < 0) === loserBlack)) {
      return `black_score ${blackScore} is not a win of 2 to 64 discs for ${loserBlack ? 'white' : 'black'}, who the resignation names`;
    }
    return null;
  }
  const m = /^adjudicated \(exact (\d+)\): (\d+) empties/.exec(reason);
  if (!m) return `the reason "${reason.slice(0, 40)}" is not an adjudication this referee makes`;
  if (end.isGameOver()) return 'adjudicated, but the transcript finishes the game';
  const empties = end.emptyCount();
  // The referee adjudicates as soon as the threshold is reached: each move fills one square.
  if (empties !== Math.min(Number(m[1]), openingEmpties) || empties !== Number(m[2])) return `adjudicated at ${m[2]} empties (threshold ${m[1]}), but the transcript stops at ${empties}`;
  if (Number(m[1]) > MAX_ADJUDICATE_EXACT) return `exact adjudication from ${m[1]} empties is above the most accepted (${MAX_ADJUDICATE_EXACT})`;
  const exact = exactBlackScore(end);
  if (blackScore !== exact) return `black_score ${blackScore} is not the perfect-play score of the adjudicated position (${exact > 0 ? '+' : ''}${exact})`;
  return null;
}

// One solver per process (a referee, a worker, a result check), made on first use: the engine's
// exact solve with the shipped strongest build's move ordering, several times faster than the
// table-less solver at the 14-18 empties adjudication uses, with the same (exact) score.
let solver: Engine | null = null;

/** Black's perfect-play score of a position (the exact solver; any side to move). */
export function exactBlackScore(position: Position): number {
  solver ??= createEngine({ build: 'strongest', buildsDir: shippedBuildsDir(), ttMb: 16 });
  const s = solver.solve(position, { pv: false }).score;
  return position.side === BLACK ? s : -s;
}

