// Time per move under a game clock: what think()'s `timeMs` should be when the engine has
// `remainingMs` left, gets `incrementMs` after each move and, with a moves-per-period control,
// must make `movesToGo` more moves before its time is renewed. An even share of what is left over
// the moves this side still has to make (half the empties, or the moves to go if fewer),
// stretched by a tenth because think() uses most but not all of its budget (it starts an
// iteration only when its predicted time fits: about 85-90% of budgets are used in the midgame,
// and an exact solve often ends early), plus most of the increment; never more than half of what is usable unless the time
// is renewed after the move. A reserve is kept for what the search does not control (the poll
// interval, a descheduled thread on a loaded machine, the answer's round trip): a fixed part, a
// share of what is left, and a few ms for each move still to make, passes allowed for.

export interface ClockState {
  /** Time left on this side's clock (ms). */
  readonly remainingMs: number;
  /** Added after each move (ms). */
  readonly incrementMs: number;
  /** Moves left before the time is renewed; 0 (or absent) when the time is for the whole game. */
  readonly movesToGo?: number;
}

/** Reserve kept back from every allocation: a fixed part, a share of what is left, and a part for
 *  each move still to make (what a move costs beyond its budget: the poll interval, the answer). */
export const CLOCK_RESERVE_MS = 25;
export const CLOCK_RESERVE_FRACTION = 0.05;
export const CLOCK_RESERVE_PER_MOVE_MS = 5;
/** The even share of the clock is multiplied by this (think() uses most, not all, of its budget). */
export const BUDGET_STRETCH = 1.1;

/** The time budget (ms, at least 1) for one move with `empties` empty squares under `clock`. */
export function moveTimeBudget(clock: ClockState, empties: number): number {
  const remaining = clock.remainingMs;
  const ownMoves = Math.max(1, Math.ceil(empties / 2));
  const toGo = clock.movesToGo ?? 0;
  const horizon = toGo > 0 ? Math.min(toGo, ownMoves) : ownMoves;
  // The moves this side may still make on this clock: passes can add a few beyond half the empties.
  const renewed = toGo > 0 && toGo <= ownMoves;
  const later = renewed ? horizon - 1 : horizon + 4;
  const usable = remaining - CLOCK_RESERVE_MS - CLOCK_RESERVE_FRACTION * Math.max(0, remaining) - CLOCK_RESERVE_PER_MOVE_MS * later;
  if (!(usable > 1)) return 1;
  // The increment comes after the move: it may be spent in advance, but never beyond the clock.
  // think() stops a little early (it starts no iteration it predicts cannot get far enough: about
  // 86% of a midgame budget is used), so the even share is stretched by a tenth; the cap below
  // keeps it safe.
  const share = (BUDGET_STRETCH * usable) / horizon + 0.75 * Math.max(0, clock.incrementMs);
  // Unless the time is renewed after this move, keep at least half of it for the moves after
  // (passes can give a side more moves than half the empties).
  const cap = toGo === 1 ? usable : usable / 2;
  return Math.max(1, Math.floor(Math.min(share, cap)));
}
