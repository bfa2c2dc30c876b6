// Young Brothers Wait (YBWC) for the exact solver: a split layer above the serial solver
// (endgame.ts), as Edax's ybwc.c splits its endgame tree. The main thread runs this layer's own
// recursion at nodes with at least `min` empties (the serial in-tree search, endgameSearch, below);
// at a node with `min` to `max` empties whose first child did not cut off, the remaining children
// become a split point in shared memory, and the main thread and the helpers take them one at a
// time until none is left. A helper searches the child it took on its own context and the shared
// table (with the serial endgameSearch, or through this layer with the helpful master below), and
// writes the score back; the split point's master alone decides. Above `max` empties the layer
// searches the children in order itself (each child's subtree splits lower down), so a helper's job
// is never larger than a `max - 1` empties subtree.
//
// Windows: every child after the first is searched with a null window at the split's alpha (read
// when the child is taken); a child that fails high without reaching beta is searched again with
// the full window by the thread that searched it, so every result is either a bound that cannot
// raise alpha, a cut-off (>= beta), or exact. A cut-off found by any thread raises the shared
// abort word to that split's level; every context working under that level (the main thread's,
// nested splits included, and a helper's) stops at its next poll without touching the group's
// stop flag, and the main thread, unwinding to the split, collects the cut-off and resumes. A
// split point is never finished without every child's result: a child aborted for another reason
// (an enclosing cut-off, a limit) stops the main thread too, or the main thread searches it.
//
// The helpful master (two threads, SplitState.helpful): a helper searches its child through this
// layer as well and opens split points of its own while another thread is idle, and a master
// waiting at a closed split point searches children of the split points opened under it instead
// of waiting idle. The open split points are one stack (claim()): each was opened under a child of
// the one below it, so one abort word serves every thread.
//
// Shared layout (Int32Array, SplitState.words): TOP (open split levels), ABORT (lowest cut-off
// level, NONE if none), WORK (bumped at every split and every published result; idle threads wait
// on it), READY (helpers in their loop), SLEEPING, LOST, IDLE_US, IDLE, SEQ (the last split's
// sequence number), MIN and MAX (the split bounds), HELPFUL, HELPER_SPLITS, then per level: NEXT = seq << 8 | next child index (index 0xff: closed), COUNT,
// ALPHA, BETA, then per child its four halves (player to move first), STATUS = seq << 2 | code
// (1 null-window result, 3 full-window result, 2 aborted), RESULT and the alpha it was searched
// with. A helper takes a child by compare-exchange on NEXT, so a child is searched by one thread,
// a closed split hands out nothing, and a split reopened at the same level (a new seq) cannot be
// confused with the old one. Tests: parallel.test.ts (the FFO acceptance test, limits) and
// endgame-split.test.ts (the layer against the serial solver, with and without a helper).
import * as core from '@sente/core';
import { BLACK, PASS, Position } from '@sente/core';
import { ENDGAME_ROOT_BASE, GROUP_STOP, SPLIT_ABORT, type SearchContext } from './context.js';
import { EVAL_ORDER_MIN, STABILITY_THRESHOLD, endgameSearch, prepareRoot, scoreMoves, selectMove, selectiveCut } from './endgame.js';
import { NO_CUT } from './midgame.js';
import { stableDiscCount } from './endgame-stability.js';

const HI = core.HI;
const flipsFor = core.flipsFor;
const generateMoves = core.generateMoves;
const popcount32 = core.popcount32;
const finalScore = core.finalScore;

const TOP = 0;
const ABORT = SPLIT_ABORT;
const WORK = 2;
const READY = 3;
/** Helpers sleeping in Atomics.wait on WORK (the main thread only notifies then). */
const SLEEPING = 4;
/** Set when a helper's worker ended (parallel.ts): its children are searched by the main thread. */
const LOST = 5;
/** Microseconds the helpers spent idle in their loop (statistics). */
const IDLE_US = 6;
/**
 * Threads looking for a child to take: helpers in their loop, and masters waiting at a closed split
 * point with nothing to take (the main thread may then split before the eldest brother; a helper
 * opens split points only while some thread is idle).
 */
const IDLE = 7;
/** The last split point's sequence number (every thread's splits draw from it). */
const SEQ = 8;
/** The split bounds (SplitState.min and max), shared so that helpers split at the same nodes. */
const MIN = 9;
const MAX = 10;
/** 1: helpers open split points of their own, and a waiting master searches their children. */
const HELPFUL = 11;
/** Split points the helpers opened (statistics). */
const HELPER_SPLITS = 12;
const HEADER = 13;
const NONE = 0x7fffffff;
const MAX_LEVELS = 48;
const CHILD = 8;
const LEVEL = 8 + 64 * CHILD;
// Level words.
const NEXT = 0;
const COUNT = 1;
const ALPHA = 2;
const BETA = 3;
// Child words (after the four halves).
const STATUS = 4;
const RESULT = 5;
const USED = 6;
/** The child's colour to move (0 black, 1 white), or -1 when the solve does not order by evaluation. */
const SIDE = 7;
const CLOSED = 0xff;
const DONE_NULL = 1;
const ABORTED = 2;
const DONE_FULL = 3;

const INF = 127;
/** Quadrant masks (low and high halves) for the parity of a node's empties. */
const QUAD_LO = [0x0f0f0f0f, 0xf0f0f0f0 | 0, 0, 0];
const QUAD_HI = [0, 0, 0x0f0f0f0f, 0xf0f0f0f0 | 0];

/**
 * Split bounds measured on FFO #20-#39 (bench/endgame.mjs, docs/engine.md "Threads"): nodes with
 * SPLIT_MIN..SPLIT_MAX empties split.
 */
export const SPLIT_MIN = 12;
export const SPLIT_MAX = 20;
/**
 * The upper bound with the helpful master (two threads): a waiting master searches the children
 * of split points under the one it waits for, so larger jobs cost no idle wait (FFO #20-#39:
 * critical path 0.52 of one thread's nodes against 0.545 with 20).
 */
export const SPLIT_MAX_HELPFUL = 24;

/** Bytes of a split layer's shared array. */
export const SPLIT_BYTES = 4 * (HEADER + MAX_LEVELS * LEVEL);

/** The shared state of one engine's split layer, and the main thread's own bookkeeping. */
export class SplitState {
  readonly words: Int32Array;
  /** Whether this thread, as a split point's master, processed child i of a level (its own or another's). */
  private readonly seen = new Uint8Array(MAX_LEVELS * 64);
  /** min and max as read at the solve's start (main thread) or the helper's loop start (helpSplit); the layer's hot paths read these. */
  private lo = SPLIT_MIN;
  private hi = SPLIT_MAX;
  /** Whether this is the main thread's state (index 0): it splits whenever a helper is ready. */
  private readonly main: boolean;
  /**
   * The solve orders by the evaluation (the context's endgameEval at the root): the context's
   * position then follows every node of this layer, and split children carry their colour.
   */
  private track = false;
  /** Root moves kept across the narrow-window tests of one solve, best first. */
  private rootMoves: number[] = [];
  // Statistics of the main thread, for measurements (reset by the root driver).
  /** Split points opened. */
  splits = 0;
  /** Of these, opened before the eldest brother was searched (a helper was idle). */
  earlySplits = 0;
  /**
   * Split before the eldest brother when a helper is idle (no child to take anywhere): the
   * helper's null-window results at the split's alpha are bounds whatever the eldest brother
   * proves, so they stay valid; they are wasted only when the eldest brother cuts off. Off: on
   * FFO #20-#29 it searched 8% more nodes for a longer critical path (docs/engine.md, "Threads").
   */
  early = false;
  /** Children of the helpers' split points the main thread searched while it waited (the helpful master). */
  helpedChildren = 0;
  /** Children searched by helpers, as the main thread collected them. */
  helperChildren = 0;
  /** Milliseconds the main thread spent at closed splits (waiting, and helping with the helpful master). */
  waitMs = 0;
  /** Of these, milliseconds with nothing to search (idle). */
  idleMs = 0;
  /**
   * Nodes the helpers searched while the main thread waited for them with nothing to search
   * itself (idle; from their published counts): with the main thread's own nodes, the search's critical path counted in nodes, which
   * does not depend on how busy the machine is (a descheduled helper searches nothing meanwhile).
   */
  waitNodes = 0;

  /**
   * A split layer over `shared` (from sharedBuffer()), or over its own memory (no helpers);
   * `threadNodes`: the group's published node counts (ThreadGroup.nodes), for waitNodes.
   */
  constructor(shared?: SharedArrayBuffer, private readonly threadNodes?: Float64Array, readonly index = 0) {
    this.words = new Int32Array(shared ?? new SharedArrayBuffer(SPLIT_BYTES));
    this.main = index === 0;
    // The main thread's state sets the shared words up, before any helper starts.
    if (index === 0) {
      Atomics.store(this.words, ABORT, NONE);
      Atomics.store(this.words, MIN, SPLIT_MIN);
      Atomics.store(this.words, MAX, SPLIT_MAX);
    }
  }

  /** Nodes with this many empties or more go through the split layer (below: endgameSearch). */
  get min(): number {
    return Atomics.load(this.words, MIN);
  }

  set min(v: number) {
    Atomics.store(this.words, MIN, v);
  }

  /** Nodes with at most this many empties (and at least min) split. */
  get max(): number {
    return Atomics.load(this.words, MAX);
  }

  set max(v: number) {
    Atomics.store(this.words, MAX, v);
  }

  /**
   * The helpful master: a helper searches its child through this layer and opens split points of
   * its own while another thread is idle, and a master waiting at a closed split point for a child
   * another thread took searches children of the split points opened under it meanwhile, instead
   * of waiting idle (as Edax's YBWC lets its master help its slaves). HelperPool turns it on with
   * one helper (two threads).
   */
  get helpful(): boolean {
    return Atomics.load(this.words, HELPFUL) !== 0;
  }

  set helpful(v: boolean) {
    Atomics.store(this.words, HELPFUL, v ? 1 : 0);
  }

  static sharedBuffer(): SharedArrayBuffer {
    return new SharedArrayBuffer(SPLIT_BYTES);
  }

  /** Helpers waiting in their loop for children (helpSplit). */
  get readyHelpers(): number {
    return Atomics.load(this.words, READY);
  }

  /** A helper's worker ended: children it took are searched by the main thread, and no split waits for helpers. */
  lost(): void {
    Atomics.store(this.words, LOST, 1);
    this.wake();
  }

  /** Wakes the helpers waiting for work (they then see the group's stop flag). */
  wake(): void {
    Atomics.add(this.words, WORK, 1);
    Atomics.notify(this.words, WORK);
  }

  /**
   * The root driver for solveWithContext (endgame.ts SolveOptions.root): solveRoot's narrow-window
   * sequence (MTD(f) from `guess`), each test searched by this layer. Sets s.rootBestMove and
   * s.rootSoundMove/Score as solveRoot does; returns 0 when the context stops.
   */
  solveRoot(s: SearchContext, pLo: number, pHi: number, oLo: number, oHi: number, alpha: number, beta: number, guess: number): number {
    this.reset(s);
    // The serial root's set-up and order (endgame.ts prepareRoot), kept across the tests.
    const count = prepareRoot(s, pLo, pHi, oLo, oHi);
    this.track = s.endgameEval;
    this.rootMoves = Array.from(s.endSq.subarray(ENDGAME_ROOT_BASE, ENDGAME_ROOT_BASE + count));
    s.rootBestMove = this.rootMoves.length === 0 ? PASS : this.rootMoves[0];
    s.rootSoundMove = -1;
    try {
      if (beta - alpha <= 2) {
        const v = this.root(s, pLo, pHi, oLo, oHi, alpha, beta) | 0;
        if (s.stopped) return 0;
        if (v > alpha) sound(s, v);
        return v;
      }
      let g = guess | 0;
      if (g <= alpha) g = alpha + 1;
      if (g >= beta) g = beta - 1;
      for (let step = 0; step < 80; step++) {
        const v = this.root(s, pLo, pHi, oLo, oHi, g - 1, g + 1) | 0;
        if (s.stopped) return 0;
        if (v >= g) sound(s, v);
        if (v === g) return v;
        if (v < g ? v <= alpha : v >= beta) return v;
        g = v;
      }
      return this.root(s, pLo, pHi, oLo, oHi, alpha, beta) | 0;
    } finally {
      s.splitAbort = undefined;
      s.splitLevel = -1;
    }
  }

  /** Zeroes the statistics (splits, helperChildren, waitMs, waitNodes, helperIdleMs): per search. */
  clearStats(): void {
    this.splits = 0;
    this.earlySplits = 0;
    this.helperChildren = 0;
    this.helpedChildren = 0;
    this.waitMs = 0;
    this.idleMs = 0;
    Atomics.store(this.words, HELPER_SPLITS, 0);
    this.waitNodes = 0;
    Atomics.store(this.words, IDLE_US, 0);
  }

  /** Split points the helpers opened (the helpful master) since clearStats(). */
  get helperSplits(): number {
    return Atomics.load(this.words, HELPER_SPLITS);
  }

  /** Milliseconds the helpers spent in the split loop without a child to search (spinning or asleep). */
  get helperIdleMs(): number {
    return Atomics.load(this.words, IDLE_US) / 1000;
  }

  private reset(s: SearchContext): void {
    const w = this.words;
    Atomics.store(w, TOP, 0);
    Atomics.store(w, ABORT, NONE);
    for (let l = 0; l < MAX_LEVELS; l++) Atomics.store(w, HEADER + l * LEVEL + NEXT, CLOSED);
    this.bounds();
    s.splitAbort = w;
    s.splitLevel = -1;
  }

  /** Reads the shared split bounds into lo and hi (they change only between searches). */
  bounds(): void {
    this.lo = Atomics.load(this.words, MIN);
    this.hi = Atomics.load(this.words, MAX);
  }

  /** One narrow-window test at the root: PVS over the root moves, the best moved to the front. */
  private root(s: SearchContext, pLo: number, pHi: number, oLo: number, oHi: number, alpha: number, beta: number): number {
    const moves = this.rootMoves;
    const empties = 64 - popcount32(pLo | oLo) - popcount32(pHi | oHi);
    if (moves.length === 0) {
      const v = this.search(s, pLo, pHi, oLo, oHi, alpha, beta, empties);
      if (!s.stopped) s.rootBestMove = PASS;
      return v;
    }
    // The root itself splits like any node with few enough empties.
    const v = this.node(s, pLo, pHi, oLo, oHi, alpha, beta, empties, true);
    return v;
  }

  /** Any node: this layer from `min` empties, the serial solver below. */
  private search(s: SearchContext, pLo: number, pHi: number, oLo: number, oHi: number, alpha: number, beta: number, empties: number): number {
    if (empties < this.lo) return endgameSearch(s, pLo, pHi, oLo, oHi, alpha, beta);
    return this.node(s, pLo, pHi, oLo, oHi, alpha, beta, empties, false);
  }

  /**
   * A node of the split layer, searched as endgame.ts searchDeep searches it (stability cut-off,
   * table, the shared move ordering scoreMoves with its enhanced transposition cut-offs, PVS),
   * splitting after its first child when it has min..max empties and a helper is waiting. With
   * the evaluation ordering (this.track) the context's position follows every node of the layer,
   * so the serial solver below and the ordering here see the node's own position. At the root
   * (`root`): no table, the root move list's order, and s.rootBestMove set.
   */
  private node(s: SearchContext, pLo: number, pHi: number, oLo: number, oHi: number, alpha: number, beta: number, empties: number, root: boolean): number {
    // The root is not a node of its own, as in the serial root driver (its children are).
    if (!root && ++s.nodes >= s.nextPoll && s.poll()) return 0;
    const tt = s.endgameTable;
    const ttHit = tt.hit;
    const track = this.track;
    const pos = s.position;
    let ttMove = -1;
    if (!root) {
      if (alpha >= STABILITY_THRESHOLD[empties]) {
        const upper = 64 - 2 * stableDiscCount(oLo, oHi, pLo, pHi);
        if (upper <= alpha) return upper;
      }
      if (tt.probe(pLo, pHi, oLo, oHi)) {
        const lower = ttHit[0], upper = ttHit[1];
        if (lower >= beta) return lower;
        if (upper <= alpha) return upper;
        if (lower === upper) return lower;
        ttMove = ttHit[2];
      }
      // The probable endgame's cut, as at the serial solver's nodes (a probable solve follows the
      // position: the split layer's nodes have at least SPLIT_MIN empties).
      if (s.endgameLevel !== 0 && track && beta - alpha <= 2 && s.endgameCut !== undefined && empties >= s.endgameCut.minEmpties) {
        const v = selectiveCut(s, alpha, beta, empties);
        if (v !== NO_CUT) return v;
      }
    }
    let mLo = generateMoves(pLo, pHi, oLo, oHi);
    let mHi = HI[0];
    if ((mLo | mHi) === 0) {
      if ((generateMoves(oLo, oHi, pLo, pHi) | HI[0]) === 0) return finalScore(pLo, pHi, oLo, oHi);
      if (!track) return 0 - this.node(s, oLo, oHi, pLo, pHi, 0 - beta, 0 - alpha, empties, false);
      pos.makePass();
      const v = 0 - this.node(s, oLo, oHi, pLo, pHi, 0 - beta, 0 - alpha, empties, false);
      pos.unmake();
      return v;
    }
    const sq = s.endSq, fLo = s.endFLo, fHi = s.endFHi;
    const base = empties << 6;
    const alpha0 = alpha;
    let bestMove = -1;
    let n = 0;
    let best = -INF;
    // The table's move first, before the others are scored, as the serial solver does (searchMoves).
    let eldestDone = false;
    if (ttMove >= 0 && (ttMove < 32 ? (mLo >>> ttMove) & 1 : (mHi >>> (ttMove - 32)) & 1) !== 0) {
      const x = ttMove;
      if (x < 32) mLo ^= 1 << x;
      else mHi ^= 1 << (x - 32);
      const f = flipsFor(pLo, pHi, oLo, oHi, x), fh = HI[0];
      if (track) pos.applyMove(x, f, fh);
      const v = 0 - this.search(s, oLo ^ f, oHi ^ fh, pLo ^ f ^ (x < 32 ? 1 << x : 0), pHi ^ fh ^ (x < 32 ? 0 : 1 << (x - 32)), 0 - beta, 0 - alpha, empties - 1);
      if (track) pos.unmake();
      if (s.stopped) return 0;
      best = v;
      bestMove = x;
      if (v >= beta) {
        tt.store(pLo, pHi, oLo, oHi, empties, v, 64, x);
        return v;
      }
      if (v > alpha) alpha = v;
      eldestDone = true;
    }
    if (root) {
      for (const x of this.rootMoves) {
        sq[base + n] = x;
        fLo[base + n] = flipsFor(pLo, pHi, oLo, oHi, x);
        fHi[base + n] = HI[0];
        n++;
      }
    } else {
      const eLo = ~(pLo | oLo), eHi = ~(pHi | oHi);
      let parity = 0;
      for (let q = 0; q < 4; q++) parity |= ((popcount32(eLo & QUAD_LO[q]) + popcount32(eHi & QUAD_HI[q])) & 1) << q;
      if ((mLo | mHi) !== 0) {
        n = scoreMoves(s, pLo, pHi, oLo, oHi, alpha, beta, empties, parity, mLo, mHi, track && empties >= EVAL_ORDER_MIN);
        if (n < 0) return s.endCut;
        if (s.endPruned > best) best = s.endPruned;
        // The whole order at once (the helpers take children from the list): the serial solver's
        // selection steps, so both search the children in the same order.
        for (let i = 0; i < n - 1; i++) selectMove(s, base, i, n);
      }
      if (eldestDone) {
        // The table's move, searched, becomes the eldest brother at the front of the list.
        for (let k = base + n; k > base; k--) {
          sq[k] = sq[k - 1];
          fLo[k] = fLo[k - 1];
          fHi[k] = fHi[k - 1];
        }
        sq[base] = bestMove;
        fLo[base] = flipsFor(pLo, pHi, oLo, oHi, bestMove);
        fHi[base] = HI[0];
        n++;
      }
    }
    const splits = n > 1 && empties <= this.hi && s.splitLevel + 1 < MAX_LEVELS && this.maySplit();
    let level = -1;
    if (n === 0) {
      // Every move left out by its stored bound (best <= alpha): stored below as serial does.
    } else if (splits && this.early && !eldestDone && Atomics.load(this.words, IDLE) !== 0 && (level = this.claim(s)) >= 0) {
      // A helper is idle: split at once, the eldest brother searched here first (see `early`).
      this.earlySplits++;
      this.split(s, level, pLo, pHi, oLo, oHi, alpha, beta, empties - 1, base, n, best, bestMove, true);
      if (s.stopped) return 0;
      best = this.splitBest;
      bestMove = this.splitMove;
    } else {
      // The eldest brother alone (unless it was the table's move, already searched).
      if (!eldestDone) {
        const x = sq[base], f = fLo[base], fh = fHi[base];
        if (track) pos.applyMove(x, f, fh);
        const v = 0 - this.search(s, oLo ^ f, oHi ^ fh, pLo ^ f ^ (x < 32 ? 1 << x : 0), pHi ^ fh ^ (x < 32 ? 0 : 1 << (x - 32)), 0 - beta, 0 - alpha, empties - 1);
        if (track) pos.unmake();
        if (s.stopped) return 0;
        if (v > best) { best = v; bestMove = x; }
        if (v > alpha) alpha = v;
      }
      if (best < beta && n > 1) {
        if (splits) level = this.claim(s);
        if (level >= 0) {
          this.split(s, level, pLo, pHi, oLo, oHi, alpha, beta, empties - 1, base, n, best, bestMove, false);
          if (s.stopped) return 0;
          best = this.splitBest;
          bestMove = this.splitMove;
        } else {
          for (let i = 1; i < n; i++) {
            const k = base + i;
            const x = sq[k], f = fLo[k], fh = fHi[k];
            const npLo = oLo ^ f, npHi = oHi ^ fh;
            const noLo = pLo ^ f ^ (x < 32 ? 1 << x : 0), noHi = pHi ^ fh ^ (x < 32 ? 0 : 1 << (x - 32));
            if (track) pos.applyMove(x, f, fh);
            let v = 0 - this.search(s, npLo, npHi, noLo, noHi, -1 - alpha, 0 - alpha, empties - 1);
            if (v > alpha && v < beta && !s.stopped) v = 0 - this.search(s, npLo, npHi, noLo, noHi, 0 - beta, 0 - alpha, empties - 1);
            if (track) pos.unmake();
            if (s.stopped) return 0;
            if (v > best) {
              best = v;
              bestMove = x;
              if (v >= beta) break;
              if (v > alpha) alpha = v;
            }
          }
        }
      }
    }
    if (root) {
      s.rootBestMove = bestMove;
      const moves = this.rootMoves;
      const at = moves.indexOf(bestMove);
      if (at > 0) { moves.splice(at, 1); moves.unshift(bestMove); }
    } else if (best <= alpha0) tt.store(pLo, pHi, oLo, oHi, empties, -64, best, bestMove);
    else if (best >= beta) tt.store(pLo, pHi, oLo, oHi, empties, best, 64, bestMove);
    else tt.store(pLo, pHi, oLo, oHi, empties, best, best, bestMove);
    return best;
  }

  /** Whether this thread opens a split point where it may (then claim() decides). */
  private maySplit(): boolean {
    const w = this.words;
    if (Atomics.load(w, LOST) !== 0) return false;
    // The main thread whenever a helper is in its loop; a helper only while some thread is idle.
    return this.main ? Atomics.load(w, READY) > 0 : Atomics.load(w, HELPFUL) !== 0 && Atomics.load(w, IDLE) > 0;
  }

  /**
   * The level of a new split point at this thread's node, or -1: the open split points form one
   * stack, each opened under a child of the one below it, so a thread opens one only when the top
   * split point is the one it works under (its splitLevel). The stack is what makes one abort word
   * enough: the threads working under a split point are exactly those whose splitLevel is at or
   * above its level.
   */
  private claim(s: SearchContext): number {
    const l = s.splitLevel + 1;
    return Atomics.compareExchange(this.words, TOP, l, l + 1) === l ? l : -1;
  }

  // The outcome of split(): best score and its move.
  private splitBest = -INF;
  private splitMove = -1;

  /**
   * Children 1..n-1 of the node (moves at `base`) as a split point: the main thread and the
   * helpers take them until none is left or one cuts off. Leaves the result in splitBest/Move;
   * when the context stops (a limit, or a cut-off of an enclosing split) the result means nothing.
   */
  private split(s: SearchContext, level: number, pLo: number, pHi: number, oLo: number, oHi: number, alpha: number, beta: number, empties: number, base: number, n: number, best: number, bestMove: number, eldest: boolean): void {
    const w = this.words;
    const at = HEADER + level * LEVEL;
    const sq = s.endSq, fLo = s.endFLo, fHi = s.endFHi;
    const track = this.track;
    const pos = s.position;
    // The children's colour to move, for a helper's evaluation ordering (-1: none).
    const side = track ? pos.side ^ 1 : -1;
    const seen = this.seen;
    const seenAt = level << 6;
    for (let i = 1; i < n; i++) {
      const k = base + i;
      const x = sq[k], f = fLo[k], fh = fHi[k];
      const c = at + 8 + i * CHILD;
      w[c] = oLo ^ f;
      w[c + 1] = oHi ^ fh;
      w[c + 2] = pLo ^ f ^ (x < 32 ? 1 << x : 0);
      w[c + 3] = pHi ^ fh ^ (x < 32 ? 0 : 1 << (x - 32));
      w[c + SIDE] = side;
      w[c + STATUS] = 0; // (a status of a split 2^23 splits ago could carry this seq)
      seen[seenAt + i] = 0;
    }
    const seq = (Atomics.add(w, SEQ, 1) + 1) & 0x7fffff;
    w[at + COUNT] = n;
    Atomics.store(w, at + ALPHA, alpha);
    w[at + BETA] = beta;
    // Open (claim() has put it on the stack already).
    Atomics.store(w, at + NEXT, (seq << 8) | 1);
    s.splitLevel = level;
    if (this.main) this.splits++;
    else Atomics.add(w, HELPER_SPLITS, 1);
    Atomics.add(w, WORK, 1);
    if (Atomics.load(w, SLEEPING) !== 0) Atomics.notify(w, WORK);
    let cut = false;
    if (eldest) {
      // The eldest brother first, with the full window, while the helper takes younger ones.
      const x = sq[base], f = fLo[base], fh = fHi[base];
      if (track) pos.applyMove(x, f, fh);
      const v = 0 - this.search(s, oLo ^ f, oHi ^ fh, pLo ^ f ^ (x < 32 ? 1 << x : 0), pHi ^ fh ^ (x < 32 ? 0 : 1 << (x - 32)), 0 - beta, 0 - alpha, empties);
      if (track) pos.unmake();
      if (!s.stopped && v > best) {
        best = v;
        bestMove = x;
        if (v >= beta) { cut = true; this.raiseAbort(level); }
        else if (v > alpha) { alpha = v; Atomics.store(w, at + ALPHA, alpha); }
      }
    }
    // Takes the children in turn; collects the helpers' results after each of its own.
    for (;;) {
      if (cut || s.stopped) break;
      const word = Atomics.load(w, at + NEXT);
      const i = word & 0xff;
      if (i >= n) break;
      if (Atomics.compareExchange(w, at + NEXT, word, word + 1) !== word) continue;
      seen[seenAt + i] = 1;
      const c = at + 8 + i * CHILD;
      const npLo = w[c], npHi = w[c + 1], noLo = w[c + 2], noHi = w[c + 3];
      if (track) pos.applyMove(sq[base + i], fLo[base + i], fHi[base + i]);
      let v = 0 - this.search(s, npLo, npHi, noLo, noHi, -1 - alpha, 0 - alpha, empties);
      if (v > alpha && v < beta && !s.stopped) v = 0 - this.search(s, npLo, npHi, noLo, noHi, 0 - beta, 0 - alpha, empties);
      if (track) pos.unmake();
      if (s.stopped) break;
      if (v > best) {
        best = v;
        bestMove = sq[base + i];
        if (v >= beta) { cut = true; this.raiseAbort(level); break; }
        if (v > alpha) { alpha = v; Atomics.store(w, at + ALPHA, alpha); }
      }
      // The helpers' results so far.
      for (let j = 1; j < n; j++) {
        if (seen[seenAt + j] !== 0) continue;
        const st = Atomics.load(w, at + 8 + j * CHILD + STATUS);
        if ((st >>> 2) !== seq || (st & 3) === 0) continue;
        // An aborted child has no result: the wait below deals with it.
        if ((st & 3) === ABORTED) continue;
        seen[seenAt + j] = 1;
        this.helperChildren++;
        const hv = w[at + 8 + j * CHILD + RESULT];
        if (hv > best) {
          best = hv;
          bestMove = sq[base + j];
          if (hv >= beta) { cut = true; break; }
          if (hv > alpha) { alpha = hv; Atomics.store(w, at + ALPHA, alpha); }
        }
      }
      if (cut) break;
    }
    // Close: nothing more is handed out; wait for the children helpers took.
    let taken: number;
    for (;;) {
      const word = Atomics.load(w, at + NEXT);
      if (Atomics.compareExchange(w, at + NEXT, word, (word & ~0xff) | CLOSED) === word) { taken = Math.min(word & 0xff, n); break; }
    }
    const t0 = performance.now();
    const helpful = Atomics.load(w, HELPFUL) !== 0;
    // The helpers' node count when this thread last went idle (-1: busy), for waitNodes.
    let idleFrom = -1;
    let idleAt = 0;
    let spinUntil = 0;
    let missing = false;
    for (let j = 1; j < taken; j++) {
      if (seen[seenAt + j] !== 0) continue;
      const si = at + 8 + j * CHILD + STATUS;
      let st = Atomics.load(w, si);
      while ((st >>> 2) !== seq || (st & 3) === 0) {
        // On a limit (checked here too: this thread's clock and signal while it waits) the helpers
        // stop as well (the group's flag): do not wait for them.
        if (Atomics.load(w, LOST) !== 0 || s.checkStop() && !s.splitStopped) break;
        if (!helpful) {
          if (idleFrom < 0) {
            idleFrom = this.helperNodes();
            idleAt = performance.now();
          }
          Atomics.wait(w, si, st, 1);
          st = Atomics.load(w, si);
          continue;
        }
        // The helpful master: children of the split points opened under this one meanwhile (all
        // inside the children it waits for) are searched here rather than waited for.
        const work = Atomics.load(w, WORK);
        const child = s.stopped ? -1 : this.take(level);
        if (child >= 0) {
          if (idleFrom >= 0) {
            this.waitNodes += this.helperNodes() - idleFrom;
            this.idleMs += performance.now() - idleAt;
            idleFrom = -1;
            Atomics.sub(w, IDLE, 1);
          }
          this.helpedChildren++;
          this.searchChild(s, child);
        } else if (idleFrom < 0) {
          idleFrom = this.helperNodes();
          idleAt = performance.now();
          Atomics.add(w, IDLE, 1);
          spinUntil = performance.now() + SPIN_MS;
        } else if (performance.now() >= spinUntil) {
          Atomics.add(w, SLEEPING, 1);
          Atomics.wait(w, WORK, work, 1);
          Atomics.sub(w, SLEEPING, 1);
        }
        st = Atomics.load(w, si);
      }
      if (s.stopped && !s.splitStopped) continue;
      seen[seenAt + j] = 1;
      if (cut) continue;
      const c = at + 8 + j * CHILD;
      let hv: number;
      if ((st >>> 2) === seq && ((st & 3) === DONE_NULL || (st & 3) === DONE_FULL)) {
        hv = w[c + RESULT];
        this.helperChildren++;
      } else {
        // No result: the helper's search was aborted, or the helper was lost. A node missing a
        // child must not be finished (its value would be wrong, and stored). Under a cut-off of
        // this split the cut-off is among the results; under one of an enclosing split, or a
        // limit, this thread stops too; otherwise it searches the child itself.
        if (s.stopped) continue;
        if (Atomics.load(w, ABORT) <= level) { missing = true; continue; }
        if (s.checkStop()) continue;
        if (track) pos.applyMove(sq[base + j], fLo[base + j], fHi[base + j]);
        hv = 0 - this.search(s, w[c], w[c + 1], w[c + 2], w[c + 3], -1 - alpha, 0 - alpha, empties);
        if (hv > alpha && hv < beta && !s.stopped) hv = 0 - this.search(s, w[c], w[c + 1], w[c + 2], w[c + 3], 0 - beta, 0 - alpha, empties);
        if (track) pos.unmake();
        if (s.stopped) continue;
      }
      if (hv > best) {
        best = hv;
        bestMove = sq[base + j];
        if (hv >= beta) cut = true;
        else if (hv > alpha) alpha = hv;
      }
    }
    if (idleFrom >= 0) {
      this.waitNodes += this.helperNodes() - idleFrom;
      this.idleMs += performance.now() - idleAt;
      if (helpful) Atomics.sub(w, IDLE, 1);
    }
    if (missing && !cut && !s.stopped) s.splitStop();
    this.waitMs += performance.now() - t0;
    // Off the stack (every split point above it was inside its children, and is closed).
    Atomics.store(w, TOP, level);
    s.splitLevel = level - 1;
    // Clear an abort of this level (or a deeper one); one of an enclosing level stays.
    for (;;) {
      const a = Atomics.load(w, ABORT);
      if (a < level || Atomics.compareExchange(w, ABORT, a, NONE) === a) break;
    }
    // Stopped only because a helper cut this split off (the cut-off collected above): go on. Any
    // other split stop (an enclosing split's cut-off) unwinds further.
    if (s.splitStopped && cut && Atomics.load(w, ABORT) >= level) s.resumeAfterSplitAbort();
    this.splitBest = best;
    this.splitMove = bestMove;
  }

  /** The sequence number of the split point of the child take() took. */
  private takenSeq = 0;

  /**
   * Takes one child of an open split point above level `above` (the deepest first; none at or
   * above a cut-off): level << 8 | child, or -1 when there was none to take; searchChild() then
   * searches it. A helper's loop calls it with -1, a master waiting at split point `above` with
   * its level.
   */
  take(above: number): number {
    const w = this.words;
    const abort = Atomics.load(w, ABORT);
    const top = Atomics.load(w, TOP);
    for (let l = (top < abort ? top : abort) - 1; l > above; l--) {
      const at = HEADER + l * LEVEL;
      for (;;) {
        const word = Atomics.load(w, at + NEXT);
        const k = word & 0xff;
        if (k >= w[at + COUNT]) break;
        if (Atomics.compareExchange(w, at + NEXT, word, word + 1) === word) {
          this.takenSeq = word >>> 8;
          return (l << 8) | k;
        }
      }
    }
    return -1;
  }

  /**
   * Searches the child take() took from its master (`taken`), on this
   * thread's context: a null window at the split's alpha, the full window when it fails high inside
   * it; writes the result back (a cut-off raised first) and wakes the master. With the helpful
   * master the child goes through this layer, and may split in turn; without, through the serial
   * solver. The context's position, split level and stop state are as before afterwards, unless a
   * limit or a cut-off of a split point this thread works under stopped it.
   */
  searchChild(s: SearchContext, taken: number): void {
    const w = this.words;
    const level = taken >> 8, i = taken & 0xff, seq = this.takenSeq;
    const at = HEADER + level * LEVEL;
    const c = at + 8 + i * CHILD;
    const pLo = w[c], pHi = w[c + 1], oLo = w[c + 2], oHi = w[c + 3];
    const alpha = Atomics.load(w, at + ALPHA);
    const beta = w[at + BETA];
    const side = w[c + SIDE];
    const position = s.position, under = s.splitLevel, track = this.track;
    // The child's own position for the evaluation ordering (endgameSearch checks it is this one).
    if (side >= 0) s.position = side === BLACK ? Position.fromColors(pLo, pHi, oLo, oHi, side) : Position.fromColors(oLo, oHi, pLo, pHi, side);
    this.track = side >= 0;
    s.splitLevel = level;
    const empties = 64 - popcount32(pLo | oLo) - popcount32(pHi | oHi);
    const layer = Atomics.load(w, HELPFUL) !== 0;
    let v = 0 - (layer ? this.search(s, pLo, pHi, oLo, oHi, -1 - alpha, 0 - alpha, empties) : endgameSearch(s, pLo, pHi, oLo, oHi, -1 - alpha, 0 - alpha));
    let code = DONE_NULL;
    if (v > alpha && v < beta && !s.stopped) {
      v = 0 - (layer ? this.search(s, pLo, pHi, oLo, oHi, 0 - beta, 0 - alpha, empties) : endgameSearch(s, pLo, pHi, oLo, oHi, 0 - beta, 0 - alpha));
      code = DONE_FULL;
    }
    if (s.stopped) code = ABORTED;
    w[c + RESULT] = v;
    w[c + USED] = alpha;
    // A cut-off is raised before the result is published, so the master, which clears the abort
    // word when it closes the split after seeing every result, never sees a stale one.
    if (code !== ABORTED && v >= beta) raiseAbort(w, level);
    Atomics.store(w, c + STATUS, (seq << 2) | code);
    Atomics.notify(w, c + STATUS);
    // A helpful master waits on WORK (for new split points and for its children's results).
    Atomics.add(w, WORK, 1);
    if (Atomics.load(w, SLEEPING) !== 0) Atomics.notify(w, WORK);
    s.position = position;
    s.splitLevel = under;
    this.track = track;
    // Stopped by a cut-off at or above this child's split point only (not one this thread works
    // under itself, nor a limit): go on.
    if (s.splitStopped && Atomics.load(w, ABORT) > under) s.resumeAfterSplitAbort();
  }

  /** The helpers' published node counts. */
  private helperNodes(): number {
    const c = this.threadNodes;
    if (c === undefined) return 0;
    let total = 0;
    for (let i = 1; i < c.length; i++) total += c[i];
    return total;
  }

  /** Marks split `level` cut off (the lowest such level wins). */
  private raiseAbort(level: number): void {
    raiseAbort(this.words, level);
  }
}

function raiseAbort(w: Int32Array, level: number): void {
  for (;;) {
    const a = Atomics.load(w, ABORT);
    if (a <= level || Atomics.compareExchange(w, ABORT, a, level) === a) return;
  }
}

function sound(s: SearchContext, v: number): void {
  s.rootSoundMove = s.rootBestMove;
  s.rootSoundScore = v;
}

/** How long an idle helper spins (checks for work without sleeping), in ms, before it waits. */
const SPIN_MS = 0.2;
/** Longest sleep of an idle helper between looks at the stop flag, in ms. */
const IDLE_WAIT_MS = 20;

/**
 * A helper's loop (parallel-helper.ts): takes children of the open split points (the deepest
 * first), searches each with the serial solver on its own context, writes the result back, until
 * the group stops. The caller set up the context (tables, generation, limits).
 */
export function helpSplit(s: SearchContext, state: SplitState, control: Int32Array): void {
  const w = state.words;
  s.splitAbort = w;
  s.splitLevel = -1;
  state.bounds();
  Atomics.add(w, READY, 1);
  let idleSince = -1;
  try {
    let spinUntil = performance.now() + SPIN_MS;
    for (;;) {
      if (Atomics.load(control, GROUP_STOP) !== 0 || s.stopped) return;
      const work = Atomics.load(w, WORK);
      if (idleSince < 0) {
        idleSince = performance.now();
        Atomics.add(w, IDLE, 1);
      }
      const child = state.take(-1);
      if (child >= 0) {
        // Not idle while it searches (a helper splits only while another thread is idle).
        Atomics.sub(w, IDLE, 1);
        Atomics.add(w, IDLE_US, Math.round((performance.now() - idleSince) * 1000));
        idleSince = -1;
        state.searchChild(s, child);
        spinUntil = performance.now() + SPIN_MS;
        continue;
      }
      if (performance.now() < spinUntil) continue;
      Atomics.add(w, SLEEPING, 1);
      Atomics.wait(w, WORK, work, IDLE_WAIT_MS);
      Atomics.sub(w, SLEEPING, 1);
      spinUntil = performance.now() + SPIN_MS;
    }
  } finally {
    if (idleSince >= 0) {
      Atomics.sub(w, IDLE, 1);
      Atomics.add(w, IDLE_US, Math.round((performance.now() - idleSince) * 1000));
    }
    Atomics.sub(w, READY, 1);
    s.splitAbort = undefined;
    s.splitLevel = -1;
  }
}
