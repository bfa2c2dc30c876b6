// Adjudication, as cutechess-cli and fastchess offer it, recorded as such: `exact=N` ends an
// Othello game once N or fewer empties remain, scored by the exact solver (perfect play by both
// sides from there), so a match does not spend its time on endgames any solver settles. The
// result keeps the transcript up to that point; whoever reads it back replays the moves by our
// rules and solves the position again (adjudicationProblem), so an adjudicated score is checked
// like any other.
import { BLACK, type Position } from '@sente/core';
import { solvePosition } from '@sente/search';

export interface Adjudication {
  /** End the game by the exact solver's score once this many empties or fewer remain. */
  readonly exact?: number;
}

export type AdjudicationResult = { ok: true; adjudication: Adjudication } | { ok: false; error: string };

/** `exact=14`: the options of --adjudicate. */
export function parseAdjudication(text: string): AdjudicationResult {
  const out: { exact?: number } = {};
  for (const part of String(text).split(',')) {
    if (part.trim() === '') continue;
    const m = /^\s*exact\s*=\s*(\d+)\s*$/.exec(part);
    if (!m) return { ok: false, error: `"${part.trim()}" is not an adjudication (exact=N: end a game by the exact solver's score at N or fewer empties, N from 0 to ${MAX_ADJUDICATE_EXACT})` };
    const n = Number(m[1]);
    if (n > MAX_ADJUDICATE_EXACT) return { ok: false, error: `exact=${n}: at most ${MAX_ADJUDICATE_EXACT} empties (every adjudicated game is solved again when its results are read back)` };
    out.exact = n;
  }
  if (out.exact === undefined) return { ok: false, error: `"${text}" names no adjudication (exact=N)` };
  return { ok: true, adjudication: out };
}

/** The most empties exact adjudication accepts: the solve is repeated whenever a results file is read back. */
export const MAX_ADJUDICATE_EXACT = 18;

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

/** Black's perfect-play score of a position (the exact solver; any side to move). */
export function exactBlackScore(position: Position): number {
  const s = solvePosition(position, { pv: false }).score;
  return position.side === BLACK ? s : -s;
}

