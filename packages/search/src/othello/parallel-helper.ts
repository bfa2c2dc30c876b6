// What a helper thread of a parallel search does (parallel.ts runs it in a worker; tests run it
// in-process). Helpers never decide anything: the main thread's search is the one whose result
// think() returns. A helper searches the same root under the shared stop state and writes what
// it proves into the shared transposition tables, where the main thread's searches find it.
//
// Two schemes per phase, chosen by measurement (docs/engine.md, "Threads"):
// - 'lazy' (lazy SMP): the helper runs its own search of the whole root: in the midgame an
//   iterative deepening one ply ahead of the main thread on odd helpers, with the root moves in a
//   rotated order; in the endgame the exact solver's root driver from another first guess.
// - 'split' (a root split): the helper searches the root's children that the main thread will
//   reach later (all but the first), each with the full window, so the main thread's
//   null-window tests of them hit the table.
// - 'ybwc' (exact solver only; the midgame treats it as 'lazy'): young brothers wait inside the
//   solver's tree (endgame-split.ts): the helper takes children of the main thread's split points.
// - 'rotate' (exact solver only; the midgame treats it as 'lazy' without the one-ply lead): the
//   main thread's own narrow-window sequence over the root moves in a rotated order. Measured
//   beside lazy SMP and no better (docs/engine.md), kept for the benchmarks.
// A helper never stores the root position itself (the midgame root loop is here, at ply 1
// below it), so the main thread's root entry, which it reads its move from, is its own.
import { HI, generateMoves, popcount32 } from '@sente/core';
import type { SearchContext } from './context.js';
import { INFINITY, midgameSearch, tableMove } from './midgame.js';
import { endgameSearch, solveRoot } from './endgame.js';

export type HelperScheme = 'lazy' | 'split' | 'rotate' | 'ybwc';

/** The root's legal moves, fewest opponent replies first (ties by square), for helper orderings. */
export function rootMovesByReplies(s: SearchContext): number[] {
  const pos = s.position;
  const keyed: [number, number][] = [];
  for (const m of pos.legalMoveList()) {
    pos.makeMove(m);
    const bb = pos.bb;
    const lo = generateMoves(bb[0], bb[1], bb[2], bb[3]);
    keyed.push([popcount32(lo) + popcount32(HI[0]), m]);
    pos.unmake();
  }
  keyed.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return keyed.map((k) => k[1]);
}

/**
 * A midgame helper: iterative deepening to `maxDepth` under the context's limits (the caller set
 * position, generations, limits and exactFrom), until done or stopped.
 */
export function helpMidgame(s: SearchContext, maxDepth: number, helper: number, scheme: HelperScheme): void {
  const pos = s.position;
  const moves = rootMovesByReplies(s);
  const n = moves.length;
  if (n === 0) return;
  const order = new Array<number>(n);
  for (let depth = scheme === 'lazy' || scheme === 'ybwc' ? 1 + (helper & 1) : 1; depth <= maxDepth; depth++) {
    // The main thread's best move so far (its root entry) first, the rest rotated per helper.
    const first = tableMove(s);
    let k = 0;
    if (moves.includes(first)) order[k++] = first;
    for (let i = 0; i < n; i++) {
      const m = moves[(i + helper) % n];
      if (m !== first) order[k++] = m;
    }
    let alpha = -INFINITY;
    for (let i = scheme === 'split' ? 1 : 0; i < n; i++) {
      pos.makeMove(order[i]);
      let v: number;
      if (scheme === 'split' || i === 0) {
        v = -midgameSearch(s, depth - 1, -INFINITY, INFINITY, 1);
      } else {
        v = -midgameSearch(s, depth - 1, -alpha - 1, -alpha, 1);
        if (v > alpha && !s.stopped) v = -midgameSearch(s, depth - 1, -INFINITY, -alpha, 1);
      }
      pos.unmake();
      if (s.stopped) return;
      if (v > alpha) alpha = v;
    }
    if (s.stopped) return;
  }
}

/** An endgame helper: the exact solve of the context's position (the caller set up the search). */
export function helpEndgame(s: SearchContext, helper: number, scheme: HelperScheme, alpha = -64, beta = 64): void {
  const pos = s.position;
  if (scheme === 'rotate') {
    rotatedSolve(s, helper, alpha, beta);
    return;
  }
  if (scheme === 'lazy') {
    const bb = pos.bb;
    // Another first guess than the main thread's 0: the helpers' narrow windows differ from its.
    const guess = (helper & 1 ? 2 : -2) * ((helper + 1) >> 1);
    solveRoot(s, bb[0], bb[1], bb[2], bb[3], alpha, beta, guess);
    return;
  }
  const moves = rootMovesByReplies(s);
  for (let i = 1; i < moves.length && !s.stopped; i++) {
    const m = moves[(i - 1 + helper - 1) % (moves.length - 1) + 1];
    pos.makeMove(m);
    const bb = pos.bb;
    solveRoot(s, bb[0], bb[1], bb[2], bb[3], -beta, -alpha, 0);
    pos.unmake();
  }
}

/**
 * The main thread's narrow-window sequence (MTD(f) from 0 on even scores, as solveRoot), but over
 * the root moves in another order (rotated by the helper's number), so the helper proves the
 * later root moves' bounds for the same windows while the main thread is on the first.
 */
function rotatedSolve(s: SearchContext, helper: number, alpha: number, beta: number): void {
  const pos = s.position;
  const moves = rootMovesByReplies(s);
  const n = moves.length;
  if (n === 0) return;
  const bb = pos.bb;
  const children: number[][] = [];
  for (let i = 0; i < n; i++) {
    const m = moves[(i + helper) % n];
    pos.makeMove(m);
    children.push([bb[0], bb[1], bb[2], bb[3]]);
    pos.unmake();
  }
  let g = 0;
  if (g <= alpha) g = alpha + 1;
  if (g >= beta) g = beta - 1;
  for (let step = 0; step < 80; step++) {
    let a = g - 1;
    const b = g + 1;
    let best = -65;
    for (const c of children) {
      const v = -endgameSearch(s, c[0], c[1], c[2], c[3], -b, -a);
      if (s.stopped) return;
      if (v > best) {
        best = v;
        if (v >= b) break;
        if (v > a) a = v;
      }
    }
    if (best === g || (best < g ? best <= alpha : best >= beta)) return;
    g = best;
  }
}
