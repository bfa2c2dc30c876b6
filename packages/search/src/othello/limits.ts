// Bounds on search settings, shared by the engine's own guard (think() refuses a limit that would
// make it search forever or silently do nothing, e.g. timeMs NaN) and the CLI's option checks, so
// the same setting is refused the same way everywhere.
import type { ThinkLimits } from './types.js';

/** Deepest search: the board has 60 empties after the start position. */
export const MAX_SEARCH_DEPTH = 60;
/** Largest exact-solve threshold a command accepts: solving more empties takes days. */
export const MAX_EXACT_EMPTIES = 30;
/** Most search threads an engine accepts (helpers beyond the cores only slow the search down). */
export const MAX_THREADS = 64;
/** Longest time per move a command accepts (an hour), in ms. */
export const MAX_MOVE_MS = 3_600_000;

/** What is wrong with a think() call's limits, or null. */
export function thinkLimitsProblem(l: ThinkLimits): string | null {
  if (l.depth !== undefined && !(Number.isInteger(l.depth) && l.depth >= 1)) return `depth must be a whole number ≥ 1, got ${l.depth}`;
  if (l.timeMs !== undefined && !(l.timeMs > 0)) return `timeMs must be a number > 0, got ${l.timeMs}`;
  if (l.nodes !== undefined && !(l.nodes > 0)) return `nodes must be a number > 0, got ${l.nodes}`;
  if (l.exactFrom !== undefined && !(l.exactFrom >= 0)) return `exactFrom must be a number ≥ 0, got ${l.exactFrom}`;
  if (l.randomness !== undefined && !(l.randomness >= 0)) return `randomness must be a number ≥ 0, got ${l.randomness}`;
  if (l.bookMargin !== undefined && !(l.bookMargin >= 0)) return `bookMargin must be a number ≥ 0, got ${l.bookMargin}`;
  return null;
}
