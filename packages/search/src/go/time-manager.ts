// Time per move for the Go player under a game clock: an even share of what is left over the
// moves the game may still need (a third of the empty points, at least ten), nine tenths of it
// (the MCTS loop checks the time every 32 playouts and the answer takes a moment), plus most of
// a Fischer increment when there is one, never more than half of what is left, and never under
// 20 ms. The GTP engine's absolute time (time_settings with no byo-yomi) uses the same share.

/** The time budget (ms) for one Go move with `emptyCount` empty points and `remainingMs` left. */
export function goMoveTimeBudget(clock: { readonly remainingMs: number; readonly incrementMs?: number }, emptyCount: number): number {
  const left = Math.max(0, clock.remainingMs);
  const expected = Math.max(10, emptyCount / 3);
  const increment = Math.max(0, clock.incrementMs ?? 0);
  const share = (left / expected) * 0.9 + (increment > 0 ? Math.min(0.75 * increment, left / 2) : 0);
  return Math.max(20, share);
}
