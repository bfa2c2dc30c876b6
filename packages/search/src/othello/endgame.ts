// The exact endgame solver, on raw bitboard halves (player/opponent relative to the side to move).
// Layers, as in Edax: with many empties, PVS with a transposition table at every node of this
// layer (plus enhanced transposition cut-offs from 11 empties), stability cut-offs and
// fastest-first ordering (fewest opponent replies, corners counted twice; from 9 empties also the
// opponent's potential mobility against the mover's own and the mover's discs at the corners)
// with small corner, X/C-square and parity bonuses; at SHALLOW_MAX empties and below, no move
// generation: the empty squares are kept in a linked list in a fixed good-squares-first order and
// tried odd-parity quadrants first, legality coming from the flips themselves; 4..1 empties have
// dedicated functions (solve4 and solve3 try odd quadrants first), the last empty counting its
// flips directly (endgame-last.ts). Each constant below says what it was measured to save; the
// measurements count nodes on FFO #20-#39 and on a held-out set of 40 positions of 18-20 empties
// from seeded games, and keep a change only if it saves on both. Nothing
// allocates per node: boards travel as int32 arguments; the empties list, parity, node counter,
// stop state, move buffers and transposition table belong to the search context (context.ts),
// whose typed arrays the hot functions hoist into locals; ordering is a selection sort in place.
// At the root a wide window is solved as a sequence of narrow ones (MTD(f), see solveRoot) from a
// first guess (the engine's: a shallow midgame search); a midgame node hands over to endgameSearch,
// the in-tree PVS, which continues the context's node count and table generation. When the
// context has an evaluation table and its position is the one solved (SearchContext.endgameEval),
// nodes of EVAL_ORDER_MIN empties or more also order their moves by the evaluation of each child,
// the context's position following those nodes (made and unmade around each of their children).
//
// Limits: searchShallow and searchDeep count their node with the context's poll check; once the
// context is stopped they return at once, searchDeep stores nothing, and the root driver reports
// the stop (scores of a stopped search mean nothing). solve4 and below do not poll, so one
// 5-empty subtree (a few hundred nodes at most) may run past a node limit.
//
// Negamax negations are written `0 - x`, never `-x`: -x of a score or bound 0 is -0, a double,
// and the first one deoptimizes V8's int32 code of the function that met it (0.93x CPU time).
//
// Scores are final disc differences for the side to move (empties to the winner, always even).
// Every search function is fail-soft: a result <= alpha is an upper bound, >= beta a lower bound,
// anything strictly between is exact. Node counting: every position entered by a search function
// (including the last-empty leaves) is one node.
import * as core from '@sente/core';
import { PASS, type Position } from '@sente/core';
import * as stability from './endgame-stability.js';
import * as last from './endgame-last.js';
import { ENDGAME_CUT_PLY, ENDGAME_ROOT_BASE as ROOT_BASE, EVAL_ORDER_MIN, SearchContext } from './context.js';
import { INFINITY, NO_CUT, probcutTests } from './midgame.js';
import { evaluate } from './eval.js';
import { potentialMobility } from './evalfeatures.js';

/**
 * At or below this many empties the solver iterates the empties list instead of generating moves.
 * Measured on FFO #20-#39 before the evaluation ordering: 5 (6-empty nodes ordered fastest-first)
 * 201.5 M nodes against 223.7 M with 6, at the same CPU time within noise; 4 gave 186.2 M nodes
 * but took about 15% longer. Re-measured with it (engine solve, gen3 build): 6 takes FFO #20-#39
 * from 103.0 M to 115.1 M nodes but 0.89x the CPU time on #25-#27, #29-#31, #35, #39 (both
 * builds in one process, each position alternately, best of 5 rounds, load 5-6:
 * scripts/endgame-ab.mjs); 7 (with the table from 8) then searched 33% more nodes there for 0.98x
 * of 6's time, TT_MIN 8 with 6 1.01x: a fastest-first node costs several times a shallow one.
 * With the exact solve after a probable one (engine.ts PREPASS_LEVEL), 7 with the table from 8
 * took the set from 98.9 M to 122.5 M nodes and 0.891x the CPU time (0.933x median per position;
 * A/B best of 3, load 2); 8 with the table from 9 then 1.08x.
 */
const SHALLOW_MAX = 7;
/**
 * At or above this many empties positions go through the transposition table: every node of the
 * deep layer (measured with ETC_MIN 9 against 9 and 12: 16% fewer nodes on FFO #20-#39 and 15%
 * on the held-out set, at the same time; TT_MIN 8 saved less; ETC from 9 empties saved 2% more
 * nodes but took longer, from 12 it cost 3% more nodes). Now 8: the first deep layer (SHALLOW_MAX).
 */
const TT_MIN = 8;
/**
 * Up to this many empties, a node whose probe the table's filter answered (never stored) stores
 * its result blindly into its bucket's always-replace slot (EndgameTable.storeNew), not reading
 * the bucket, whose line is mostly not cached: FFO #20-#39 115.09 M -> 115.44 M nodes, 0.975x CPU
 * time (A/B, best of 2, load 4.4). For every depth (the deep entries kept out of the
 * depth-preferred slot) 119.15 M nodes and 1.01x.
 */
const NEW_STORE_MAX = 8;
/**
 * Above this many empties, children are looked up in the table before searching (ETC). 10 against
 * 9 with SHALLOW_MAX 7: 124.4 M against 122.5 M nodes, 0.930x the CPU time (A/B best of 3); 12
 * 1.00x with 128.2 M nodes, 8 1.01x.
 */
const ETC_MIN = 10;
export { EVAL_ORDER_MIN };
/**
 * Ordering weight of one disc of the child's evaluation (a reply is worth 32): 16 against 8, 12,
 * 24, 32 and 64 on a subset of FFO #20-#39 (#26, #28, #33, #36-#38).
 */
const EVAL_ORDER_WEIGHT = 16;

// Module-level bindings of the primitives: a plain local function or typed array that V8 inlines,
// even where a bundler or test runner rewrites imports into namespace property loads.
const HI = core.HI;
const flipsFor = core.flipsFor;
const generateMoves = core.generateMoves;
const popcount = core.popcount;
const popcount32 = core.popcount32;
const finalScore = core.finalScore;
const stableDiscCount = stability.stableDiscCount;
const lastFlipCount = last.lastFlipCount;

const INF = 127;

/** Edax's thresholds: a stability cut-off is only tried when alpha is at least this high. */
export const STABILITY_THRESHOLD = new Int32Array([
  99, 99, 99, 99, 6, 8, 10, 12, 14, 16, 20, 22, 24, 26, 28, 30,
  32, 34, 36, 38, 40, 42, 44, 46, 48, 48, 50, 50, 52, 52, 54, 54,
  56, 56, 58, 58, 60, 60, 62, 62, 64, 64, 64, 64, 64, 64, 64, 64,
  99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
]);

// Squares from usually best to usually worst (corners, centre-edge squares, ..., X-squares):
// the order of the empties list, which is the move order of the shallow layers.
const PRESORTED = [
  0, 56, 7, 63, // corners
  26, 34, 19, 43, 20, 44, 29, 37, // inner
  18, 42, 21, 45, // inner corners
  16, 40, 2, 58, 5, 61, 23, 47, // A-squares
  24, 32, 3, 59, 4, 60, 31, 39, // B-squares
  25, 33, 11, 51, 12, 52, 30, 38,
  17, 41, 10, 50, 13, 53, 22, 46,
  8, 48, 1, 57, 6, 62, 15, 55, // C-squares
  9, 49, 14, 54, // X-squares
  27, 35, 28, 36, // centre
];

/** Quadrant bit of each square, for parity: bit q set in `parity` = odd number of empties in quadrant q. */
export const QUADRANT = new Int32Array(64);
/** Neighbours of each square (low and high halves): a move needs an adjacent opponent disc. */
const NEIGHBOUR_LO = new Int32Array(64);
const NEIGHBOUR_HI = new Int32Array(64);
/** Ordering bonus of playing a square (corners high, X- and C-squares low). */
export const SQUARE_BONUS = new Int32Array(64);
for (let sq = 0; sq < 64; sq++) {
  const r = sq >> 3, c = sq & 7;
  QUADRANT[sq] = 1 << (((r >> 2) << 1) | (c >> 2));
  for (let dr = -1; dr <= 1; dr++) {
    for (let dc = -1; dc <= 1; dc++) {
      const rr = r + dr, cc = c + dc;
      if ((dr === 0 && dc === 0) || rr < 0 || rr > 7 || cc < 0 || cc > 7) continue;
      const s = rr * 8 + cc;
      if (s < 32) NEIGHBOUR_LO[sq] |= 1 << s;
      else NEIGHBOUR_HI[sq] |= 1 << (s - 32);
    }
  }
  const edgeR = r === 0 || r === 7, edgeC = c === 0 || c === 7;
  const nearR = r === 1 || r === 6, nearC = c === 1 || c === 6;
  if (edgeR && edgeC) SQUARE_BONUS[sq] = 24;
  else if (nearR && nearC) SQUARE_BONUS[sq] = -12;
  else if ((edgeR && nearC) || (edgeC && nearR)) SQUARE_BONUS[sq] = -4;
}
const CORNERS_LO = 0x81;
const CORNERS_HI = 0x81000000 | 0;

// The empties list (the context's next/prev): a doubly linked list of squares with sentinel HEAD
// (unlinked and relinked in LIFO order around each move, so iteration can continue from a square
// after it is restored). The deep layer's move buffers are indexed by empties * 64 + i (a
// position can have more than 32 moves); the root's moves live at ROOT_BASE.
const HEAD = 64;

/** Sets up the context's empties list and parity for a new root; returns the number of empties. */
function prepare(s: SearchContext, pLo: number, pHi: number, oLo: number, oHi: number): number {
  const next = s.next, prev = s.prev;
  const eLo = ~(pLo | oLo);
  const eHi = ~(pHi | oHi);
  let last = HEAD;
  let n = 0;
  let parity = 0;
  for (let i = 0; i < 64; i++) {
    const sq = PRESORTED[i];
    const empty = sq < 32 ? (eLo >>> sq) & 1 : (eHi >>> (sq - 32)) & 1;
    if (empty === 0) continue;
    next[last] = sq;
    prev[sq] = last;
    last = sq;
    parity ^= QUADRANT[sq];
    n++;
  }
  next[last] = HEAD;
  prev[HEAD] = last;
  s.parity = parity;
  return n;
}

/** Score when the player fills the last empty square x (or passes, or neither can). */
function solve1(s: SearchContext, pLo: number, pHi: number, oLo: number, oHi: number, x: number): number {
  s.nodes++;
  const n = popcount(pLo, pHi);
  let f = lastFlipCount(pLo, pHi, x);
  if (f !== 0) return 2 * (n + f) - 62;
  f = lastFlipCount(oLo, oHi, x);
  if (f !== 0) return 2 * (n - f) - 64;
  return n >= 32 ? 2 * n - 62 : 2 * n - 64;
}

function solve2(s: SearchContext, pLo: number, pHi: number, oLo: number, oHi: number, alpha: number, beta: number, x1: number, x2: number): number {
  s.nodes++;
  let best = -INF;
  let f = flipsFor(pLo, pHi, oLo, oHi, x1);
  let fh = HI[0];
  if ((f | fh) !== 0) {
    best = 0 - solve1(s, oLo ^ f, oHi ^ fh, pLo ^ f ^ (x1 < 32 ? 1 << x1 : 0), pHi ^ fh ^ (x1 < 32 ? 0 : 1 << (x1 - 32)), x2);
    if (best >= beta) return best;
  }
  f = flipsFor(pLo, pHi, oLo, oHi, x2);
  fh = HI[0];
  if ((f | fh) !== 0) {
    const v = 0 - solve1(s, oLo ^ f, oHi ^ fh, pLo ^ f ^ (x2 < 32 ? 1 << x2 : 0), pHi ^ fh ^ (x2 < 32 ? 0 : 1 << (x2 - 32)), x1);
    if (v > best) best = v;
  }
  if (best !== -INF) return best;
  // The player passes.
  s.nodes++;
  f = flipsFor(oLo, oHi, pLo, pHi, x1);
  fh = HI[0];
  if ((f | fh) !== 0) {
    best = solve1(s, pLo ^ f, pHi ^ fh, oLo ^ f ^ (x1 < 32 ? 1 << x1 : 0), oHi ^ fh ^ (x1 < 32 ? 0 : 1 << (x1 - 32)), x2);
    if (best <= alpha) return best;
  }
  f = flipsFor(oLo, oHi, pLo, pHi, x2);
  fh = HI[0];
  if ((f | fh) !== 0) {
    const v = solve1(s, pLo ^ f, pHi ^ fh, oLo ^ f ^ (x2 < 32 ? 1 << x2 : 0), oHi ^ fh ^ (x2 < 32 ? 0 : 1 << (x2 - 32)), x1);
    if (best === -INF || v < best) best = v;
  }
  if (best !== -INF) return best;
  return finalScore(pLo, pHi, oLo, oHi);
}

function solve3(s: SearchContext, pLo: number, pHi: number, oLo: number, oHi: number, alpha: number, beta: number, x1: number, x2: number, x3: number): number {
  s.nodes++;
  // Parity: with two of the three empties in one quadrant, the lone one (an odd region) first.
  const q1 = QUADRANT[x1], q2 = QUADRANT[x2], q3 = QUADRANT[x3];
  if (q1 === q2) { if (q3 !== q1) { const t = x3; x3 = x2; x2 = x1; x1 = t; } }
  else if (q1 === q3) { const t = x2; x2 = x1; x1 = t; }
  let best = -INF;
  let v: number;
  let f = flipsFor(pLo, pHi, oLo, oHi, x1);
  let fh = HI[0];
  if ((f | fh) !== 0) {
    best = 0 - solve2(s, oLo ^ f, oHi ^ fh, pLo ^ f ^ (x1 < 32 ? 1 << x1 : 0), pHi ^ fh ^ (x1 < 32 ? 0 : 1 << (x1 - 32)), 0 - beta, 0 - alpha, x2, x3);
    if (best >= beta) return best;
    if (best > alpha) alpha = best;
  }
  f = flipsFor(pLo, pHi, oLo, oHi, x2);
  fh = HI[0];
  if ((f | fh) !== 0) {
    v = 0 - solve2(s, oLo ^ f, oHi ^ fh, pLo ^ f ^ (x2 < 32 ? 1 << x2 : 0), pHi ^ fh ^ (x2 < 32 ? 0 : 1 << (x2 - 32)), 0 - beta, 0 - alpha, x1, x3);
    if (v > best) {
      if (v >= beta) return v;
      best = v;
      if (v > alpha) alpha = v;
    }
  }
  f = flipsFor(pLo, pHi, oLo, oHi, x3);
  fh = HI[0];
  if ((f | fh) !== 0) {
    v = 0 - solve2(s, oLo ^ f, oHi ^ fh, pLo ^ f ^ (x3 < 32 ? 1 << x3 : 0), pHi ^ fh ^ (x3 < 32 ? 0 : 1 << (x3 - 32)), 0 - beta, 0 - alpha, x1, x2);
    if (v > best) best = v;
  }
  if (best !== -INF) return best;
  if (canPlayAny3(oLo, oHi, pLo, pHi, x1, x2, x3)) return 0 - solve3(s, oLo, oHi, pLo, pHi, 0 - beta, 0 - alpha, x1, x2, x3);
  return finalScore(pLo, pHi, oLo, oHi);
}

function canPlayAny3(pLo: number, pHi: number, oLo: number, oHi: number, x1: number, x2: number, x3: number): boolean {
  if ((flipsFor(pLo, pHi, oLo, oHi, x1) | HI[0]) !== 0) return true;
  if ((flipsFor(pLo, pHi, oLo, oHi, x2) | HI[0]) !== 0) return true;
  return (flipsFor(pLo, pHi, oLo, oHi, x3) | HI[0]) !== 0;
}

function solve4(s: SearchContext, pLo: number, pHi: number, oLo: number, oHi: number, alpha: number, beta: number, x1: number, x2: number, x3: number, x4: number): number {
  s.nodes++;
  if (alpha >= STABILITY_THRESHOLD[4]) {
    const upper = 64 - 2 * stableDiscCount(oLo, oHi, pLo, pHi);
    if (upper <= alpha) return upper;
  }
  let best = -INF;
  let v: number;
  let f = flipsFor(pLo, pHi, oLo, oHi, x1);
  let fh = HI[0];
  if ((f | fh) !== 0) {
    best = 0 - solve3(s, oLo ^ f, oHi ^ fh, pLo ^ f ^ (x1 < 32 ? 1 << x1 : 0), pHi ^ fh ^ (x1 < 32 ? 0 : 1 << (x1 - 32)), 0 - beta, 0 - alpha, x2, x3, x4);
    if (best >= beta) return best;
    if (best > alpha) alpha = best;
  }
  f = flipsFor(pLo, pHi, oLo, oHi, x2);
  fh = HI[0];
  if ((f | fh) !== 0) {
    v = 0 - solve3(s, oLo ^ f, oHi ^ fh, pLo ^ f ^ (x2 < 32 ? 1 << x2 : 0), pHi ^ fh ^ (x2 < 32 ? 0 : 1 << (x2 - 32)), 0 - beta, 0 - alpha, x1, x3, x4);
    if (v > best) {
      if (v >= beta) return v;
      best = v;
      if (v > alpha) alpha = v;
    }
  }
  f = flipsFor(pLo, pHi, oLo, oHi, x3);
  fh = HI[0];
  if ((f | fh) !== 0) {
    v = 0 - solve3(s, oLo ^ f, oHi ^ fh, pLo ^ f ^ (x3 < 32 ? 1 << x3 : 0), pHi ^ fh ^ (x3 < 32 ? 0 : 1 << (x3 - 32)), 0 - beta, 0 - alpha, x1, x2, x4);
    if (v > best) {
      if (v >= beta) return v;
      best = v;
      if (v > alpha) alpha = v;
    }
  }
  f = flipsFor(pLo, pHi, oLo, oHi, x4);
  fh = HI[0];
  if ((f | fh) !== 0) {
    v = 0 - solve3(s, oLo ^ f, oHi ^ fh, pLo ^ f ^ (x4 < 32 ? 1 << x4 : 0), pHi ^ fh ^ (x4 < 32 ? 0 : 1 << (x4 - 32)), 0 - beta, 0 - alpha, x1, x2, x3);
    if (v > best) best = v;
  }
  if (best !== -INF) return best;
  if (canPlayAny3(oLo, oHi, pLo, pHi, x1, x2, x3) || (flipsFor(oLo, oHi, pLo, pHi, x4) | HI[0]) !== 0) {
    return 0 - solve4(s, oLo, oHi, pLo, pHi, 0 - beta, 0 - alpha, x1, x2, x3, x4);
  }
  return finalScore(pLo, pHi, oLo, oHi);
}

/** 4 empties: take them from the list, odd-parity quadrants first, and call solve4. */
function solve4FromList(s: SearchContext, pLo: number, pHi: number, oLo: number, oHi: number, alpha: number, beta: number): number {
  const next = s.next;
  const parity = s.parity;
  let x1 = next[HEAD];
  let x2 = next[x1];
  let x3 = next[x2];
  let x4 = next[x3];
  // With 4 empties the quadrant counts are 4, 3+1, 2+2, 2+1+1 or 1+1+1+1: move the odd ones
  // forward, keeping the presorted order otherwise.
  if ((parity & QUADRANT[x1]) === 0) {
    if ((parity & QUADRANT[x2]) !== 0) {
      if ((parity & QUADRANT[x3]) !== 0) { const t = x1; x1 = x2; x2 = x3; x3 = t; } // 2 3 1 4
      else { const t = x1; x1 = x2; x2 = x4; x4 = x3; x3 = t; } // 2 4 1 3
    } else if ((parity & QUADRANT[x3]) !== 0) { const t = x1; x1 = x3; x3 = t; const u = x2; x2 = x4; x4 = u; } // 3 4 1 2
  } else if ((parity & QUADRANT[x2]) === 0 && (parity & QUADRANT[x3]) !== 0) { const t = x2; x2 = x3; x3 = t; } // 1 3 2 4
  return solve4(s, pLo, pHi, oLo, oHi, alpha, beta, x1, x2, x3, x4);
}

/** 5..SHALLOW_MAX empties: iterate the empties list, odd quadrants first; no move generation. */
function searchShallow(s: SearchContext, pLo: number, pHi: number, oLo: number, oHi: number, alpha: number, beta: number, empties: number): number {
  if (empties === 4) return solve4FromList(s, pLo, pHi, oLo, oHi, alpha, beta);
  if (++s.nodes >= s.nextPoll && s.poll()) return 0;
  if (alpha >= STABILITY_THRESHOLD[empties]) {
    const upper = 64 - 2 * stableDiscCount(oLo, oHi, pLo, pHi);
    if (upper <= alpha) return upper;
  }
  const next = s.next, prev = s.prev;
  const parity = s.parity;
  let best = -INF;
  for (let round = 0; round < 2; round++) {
    const want = round === 0 ? parity : ~parity;
    for (let x = next[HEAD]; x !== HEAD; x = next[x]) {
      if ((want & QUADRANT[x]) === 0) continue;
      if ((oLo & NEIGHBOUR_LO[x]) === 0 && (oHi & NEIGHBOUR_HI[x]) === 0) continue;
      const f = flipsFor(pLo, pHi, oLo, oHi, x);
      const fh = HI[0];
      if ((f | fh) === 0) continue;
      next[prev[x]] = next[x];
      prev[next[x]] = prev[x];
      s.parity = parity ^ QUADRANT[x];
      const v = 0 - searchShallow(s, oLo ^ f, oHi ^ fh, pLo ^ f ^ (x < 32 ? 1 << x : 0), pHi ^ fh ^ (x < 32 ? 0 : 1 << (x - 32)), 0 - beta, 0 - alpha, empties - 1);
      s.parity = parity;
      next[prev[x]] = x;
      prev[next[x]] = x;
      if (v > best) {
        best = v;
        if (v >= beta) return v;
        if (v > alpha) alpha = v;
      }
    }
  }
  if (best !== -INF) return best;
  if ((generateMoves(oLo, oHi, pLo, pHi) | HI[0]) !== 0) return 0 - searchShallow(s, oLo, oHi, pLo, pHi, 0 - beta, 0 - alpha, empties);
  return finalScore(pLo, pHi, oLo, oHi);
}

/** Any node of more than 3 empties: the shallow layer, or the deep one with its moves generated. */
function searchDeep(s: SearchContext, pLo: number, pHi: number, oLo: number, oHi: number, alpha: number, beta: number, empties: number): number {
  if (empties <= SHALLOW_MAX) return searchShallow(s, pLo, pHi, oLo, oHi, alpha, beta, empties);
  const mLo = generateMoves(pLo, pHi, oLo, oHi);
  return searchMoves(s, pLo, pHi, oLo, oHi, alpha, beta, empties, mLo, HI[0]);
}

/**
 * Many empties: PVS with transposition table, stability cut-off and fastest-first ordering. The
 * player's moves `mLo`/`mHi` come with the node: its parent's ordering generated them (a child's
 * moves are the parent's reply count), so no deep node generates its own moves twice.
 */
function searchMoves(s: SearchContext, pLo: number, pHi: number, oLo: number, oHi: number, alpha: number, beta: number, empties: number, mLo: number, mHi: number): number {
  if (++s.nodes >= s.nextPoll && s.poll()) return 0;
  if (alpha >= STABILITY_THRESHOLD[empties]) {
    const upper = 64 - 2 * stableDiscCount(oLo, oHi, pLo, pHi);
    if (upper <= alpha) return upper;
  }
  const tt = s.endgameTable;
  const ttHit = tt.hit;
  let ttMove = -1;
  const useTT = empties >= TT_MIN;
  let fresh = false;
  if (useTT) {
    if (tt.probe(pLo, pHi, oLo, oHi)) {
      const lower = ttHit[0], upper = ttHit[1];
      if (lower >= beta) return lower;
      if (upper <= alpha) return upper;
      if (lower === upper) return lower;
      ttMove = ttHit[2];
    } else fresh = tt.absent && empties <= NEW_STORE_MAX;
  }
  // With the evaluation, s.position follows the nodes of endgameFollowMin empties and more
  // (EVAL_ORDER_MIN, or the cut's minimum when the search is selective), which order by it from
  // EVAL_ORDER_MIN.
  const follow = s.endgameEval && empties >= s.endgameFollowMin;
  const evalOrder = follow && empties >= EVAL_ORDER_MIN;
  // The probable endgame: at a null-window node, a shallow search may predict a cut-off.
  if (s.endgameLevel !== 0 && follow && beta - alpha <= 2 && s.endgameCut !== undefined && empties >= s.endgameCut.minEmpties) {
    const v = selectiveCut(s, alpha, beta, empties);
    if (v !== NO_CUT) return v;
  }
  if ((mLo | mHi) === 0) {
    const rLo = generateMoves(oLo, oHi, pLo, pHi);
    const rHi = HI[0];
    if ((rLo | rHi) === 0) return finalScore(pLo, pHi, oLo, oHi);
    if (!follow) return 0 - searchMoves(s, oLo, oHi, pLo, pHi, 0 - beta, 0 - alpha, empties, rLo, rHi);
    s.position.makePass();
    const v = 0 - searchMoves(s, oLo, oHi, pLo, pHi, 0 - beta, 0 - alpha, empties, rLo, rHi);
    s.position.unmake();
    return v;
  }
  const parity = s.parity;
  const pos = s.position;
  const next = s.next, prev = s.prev;
  const alpha0 = alpha;
  const deepChild = empties - 1 > SHALLOW_MAX;
  let best = -INF;
  let bestMove = -1;
  let searched = 0;
  // The table's move first, before the others are generated and scored: when it cuts off (most
  // stored nodes of a null-window proof), the ordering of the rest is never paid for.
  if (ttMove >= 0 && (ttMove < 32 ? (mLo >>> ttMove) & 1 : (mHi >>> (ttMove - 32)) & 1) !== 0) {
    const x = ttMove;
    if (x < 32) mLo ^= 1 << x;
    else mHi ^= 1 << (x - 32);
    const f = flipsFor(pLo, pHi, oLo, oHi, x);
    const fh = HI[0];
    const npLo = oLo ^ f, npHi = oHi ^ fh;
    const noLo = pLo ^ f ^ (x < 32 ? 1 << x : 0), noHi = pHi ^ fh ^ (x < 32 ? 0 : 1 << (x - 32));
    next[prev[x]] = next[x];
    prev[next[x]] = prev[x];
    s.parity = parity ^ QUADRANT[x];
    if (follow) pos.applyMove(x, f, fh);
    let v: number;
    if (deepChild) {
      const rLo = generateMoves(npLo, npHi, noLo, noHi);
      v = 0 - searchMoves(s, npLo, npHi, noLo, noHi, 0 - beta, 0 - alpha, empties - 1, rLo, HI[0]);
    } else {
      v = 0 - searchShallow(s, npLo, npHi, noLo, noHi, 0 - beta, 0 - alpha, empties - 1);
    }
    if (follow) pos.unmake();
    s.parity = parity;
    next[prev[x]] = x;
    prev[next[x]] = x;
    if (s.stopped) return 0;
    best = v;
    bestMove = x;
    if (v > alpha) alpha = v;
    searched = 1;
  }
  if (best < beta && (mLo | mHi) !== 0) {
    const base = empties << 6;
    const n = scoreMoves(s, pLo, pHi, oLo, oHi, alpha, beta, empties, parity, mLo, mHi, evalOrder);
    if (n < 0) return s.endCut;
    const moveSq = s.endSq, moveFLo = s.endFLo, moveFHi = s.endFHi, moveRLo = s.endRLo, moveRHi = s.endRHi;
    if (s.endPruned > best) best = s.endPruned;
    for (let i = 0; i < n; i++) {
      selectMove(s, base, i, n);
      const k = base + i;
      const x = moveSq[k];
      const f = moveFLo[k];
      const fh = moveFHi[k];
      const npLo = oLo ^ f, npHi = oHi ^ fh;
      const noLo = pLo ^ f ^ (x < 32 ? 1 << x : 0), noHi = pHi ^ fh ^ (x < 32 ? 0 : 1 << (x - 32));
      next[prev[x]] = next[x];
      prev[next[x]] = prev[x];
      s.parity = parity ^ QUADRANT[x];
      if (follow) pos.applyMove(x, f, fh);
      let v: number;
      if (deepChild) {
        const rLo = moveRLo[k], rHi = moveRHi[k];
        if (searched === 0) {
          v = 0 - searchMoves(s, npLo, npHi, noLo, noHi, 0 - beta, 0 - alpha, empties - 1, rLo, rHi);
        } else {
          v = 0 - searchMoves(s, npLo, npHi, noLo, noHi, -1 - alpha, 0 - alpha, empties - 1, rLo, rHi);
          if (v > alpha && v < beta && !s.stopped) v = 0 - searchMoves(s, npLo, npHi, noLo, noHi, 0 - beta, 0 - alpha, empties - 1, rLo, rHi);
        }
      } else if (searched === 0) {
        v = 0 - searchShallow(s, npLo, npHi, noLo, noHi, 0 - beta, 0 - alpha, empties - 1);
      } else {
        v = 0 - searchShallow(s, npLo, npHi, noLo, noHi, -1 - alpha, 0 - alpha, empties - 1);
        if (v > alpha && v < beta && !s.stopped) v = 0 - searchShallow(s, npLo, npHi, noLo, noHi, 0 - beta, 0 - alpha, empties - 1);
      }
      searched++;
      if (follow) pos.unmake();
      s.parity = parity;
      next[prev[x]] = x;
      prev[next[x]] = x;
      // A stopped search's values are meaningless: unwind without storing them.
      if (s.stopped) return 0;
      if (v > best) {
        best = v;
        bestMove = x;
        if (v >= beta) break;
        if (v > alpha) alpha = v;
      }
    }
  }
  if (fresh) {
    if (best <= alpha0) tt.storeNew(pLo, pHi, oLo, oHi, empties, -64, best, bestMove);
    else if (best >= beta) tt.storeNew(pLo, pHi, oLo, oHi, empties, best, 64, bestMove);
    else tt.storeNew(pLo, pHi, oLo, oHi, empties, best, best, bestMove);
  } else if (useTT) {
    if (best <= alpha0) tt.store(pLo, pHi, oLo, oHi, empties, -64, best, bestMove);
    else if (best >= beta) tt.store(pLo, pHi, oLo, oHi, empties, best, 64, bestMove);
    else tt.store(pLo, pHi, oLo, oHi, empties, best, best, bestMove);
  }
  return best;
}

/**
 * ProbCut at a deep endgame node (the probable endgame): the exact score is predicted from a
 * shallow midgame search of the node as a * v + b with deviation sigma (discs, per empties: the
 * context's endgameCut); when the prediction is at least beta + t sigma (t = the context's
 * endgameT), the node returns beta, when at most alpha - t sigma, alpha; else NO_CUT. Each test is
 * one null-window search at ENDGAME_CUT_PLY, the context's position being the node's (follow);
 * its depth is below the empties, so it never re-enters the solver. 0 once the context stops.
 */
export function selectiveCut(s: SearchContext, alpha: number, beta: number, empties: number): number {
  const p = s.endgameCut!;
  const scale = s.table!.scale;
  const depth = p.shallow[empties];
  const a = p.a[empties], b = p.b[empties];
  const margin = s.endgameT * p.sigma[empties];
  // Table units of the shallow value whose prediction clears beta (resp. alpha) by the margin; a
  // bound outside the scores is not tested.
  const hi = beta <= 64 ? Math.ceil(((beta + margin - b) / a) * scale) : INFINITY;
  const lo = alpha >= -64 ? Math.floor(((alpha - margin - b) / a) * scale) : -INFINITY;
  return probcutTests(s, depth, ENDGAME_CUT_PLY, alpha, beta, hi, lo);
}

/**
 * The move ordering of every deep node, shared by the serial solver (searchDeep), the split layer
 * and its helpers (endgame-split.ts): generates and scores the moves `mLo`/`mHi` (HI half passed)
 * of a node with `empties` empties into the context's buffers at `empties * 64` (squares, flips,
 * scores) and returns their number. Above ETC_MIN empties each child is first looked up in the
 * table (enhanced transposition cut-offs): a stored bound that refutes the node stores it and
 * returns -1 with the cut-off value in `s.endCut`; a child whose bound cannot raise alpha is left
 * out, the best such bound in `s.endPruned` (-INF if none), the node's fail-soft floor. Scores:
 * the opponent's replies afterwards (corners twice), the square bonus, parity; from 9 empties
 * both sides' potential mobility and corner stability; with `evalOrder` (the context's position
 * is this node's, see SearchContext.endgameEval) the evaluation of each child. The table's move
 * is not among them: the caller searches it before scoring the others. The caller brings the
 * moves forward one at a time with selectMove.
 */
export function scoreMoves(s: SearchContext, pLo: number, pHi: number, oLo: number, oHi: number, alpha: number, beta: number, empties: number, parity: number, mLo: number, mHi: number, evalOrder: boolean): number {
  const moveSq = s.endSq, moveFLo = s.endFLo, moveFHi = s.endFHi, moveScore = s.endScore, moveRLo = s.endRLo, moveRHi = s.endRHi;
  const tt = s.endgameTable;
  const ttHit = tt.hit;
  const base = empties << 6;
  const etc = empties > ETC_MIN;
  const pos = s.position;
  const evalTable = s.table!;
  const evalWeight = evalOrder ? EVAL_ORDER_WEIGHT / evalTable.scale : 0;
  let prunedBound = -INF;
  let n = 0;
  // Typed int32 for V8, so that 0 - mLo below wraps instead of deoptimizing ("overflow") on h4.
  mLo |= 0;
  mHi |= 0;
  while ((mLo | mHi) !== 0) {
    let x: number;
    if (mLo !== 0) {
      const b = mLo & (0 - mLo);
      mLo ^= b;
      x = 31 - Math.clz32(b);
    } else {
      const b = mHi & (0 - mHi);
      mHi ^= b;
      x = 63 - Math.clz32(b);
    }
    const f = flipsFor(pLo, pHi, oLo, oHi, x);
    const fh = HI[0];
    const npLo = oLo ^ f, npHi = oHi ^ fh;
    const noLo = pLo ^ f ^ (x < 32 ? 1 << x : 0), noHi = pHi ^ fh ^ (x < 32 ? 0 : 1 << (x - 32));
    if (etc && tt.probe(npLo, npHi, noLo, noHi)) {
      // Enhanced transposition cut-off: a stored child bound already refutes this node...
      if (0 - ttHit[1] >= beta) {
        const v = 0 - ttHit[1];
        tt.store(pLo, pHi, oLo, oHi, empties, v, 64, x);
        s.endCut = v;
        return -1;
      }
      // ...or proves this move cannot raise alpha: skip it, keeping its bound for fail-soft.
      if (0 - ttHit[0] <= alpha) {
        if (0 - ttHit[0] > prunedBound) prunedBound = 0 - ttHit[0];
        continue;
      }
    }
    const rLo = generateMoves(npLo, npHi, noLo, noHi);
    const rHi = HI[0];
    // The replies, corners counted twice (a1, h1: bits 0, 7 of lo; a8, h8: bits 24, 31 of hi).
    const replies = popcount(rLo, rHi) + (rLo & 1) + ((rLo >>> 7) & 1) + ((rHi >>> 24) & 1) + (rHi >>> 31);
    let score = SQUARE_BONUS[x] - (replies << 5);
    // The finer features only from 9 empties up: at 7 and 8 they cost more than they save
    // (measured: FFO #20-#39 -4% nodes and less time without them there; held-out set unchanged).
    if (empties > 8) score += potentialMobility(noLo, noHi, npLo, npHi) * OWN_POTENTIAL_WEIGHT - (potentialMobility(npLo, npHi, noLo, noHi) << 2) + cornerStability(noLo, noHi) * CORNER_STABILITY_WEIGHT;
    // Parity weighs more where the finer features are off (16: -0.5% nodes on both sets; 40 worse).
    if ((parity & QUADRANT[x]) !== 0) score += empties > 8 ? 3 : 16;
    if (evalOrder) {
      pos.applyMove(x, f, fh);
      score -= Math.round(evaluate(pos, evalTable) * evalWeight);
      pos.unmake();
    }
    const k = base + n;
    moveSq[k] = x;
    moveFLo[k] = f;
    moveFHi[k] = fh;
    moveScore[k] = score;
    moveRLo[k] = rLo;
    moveRHi[k] = rHi;
    n++;
  }
  s.endPruned = prunedBound;
  return n;
}

/** Selection sort step over scoreMoves' list at `base`: brings the best of moves i..n-1 to i. */
export function selectMove(s: SearchContext, base: number, i: number, n: number): void {
  const moveSq = s.endSq, moveFLo = s.endFLo, moveFHi = s.endFHi, moveScore = s.endScore, moveRLo = s.endRLo, moveRHi = s.endRHi;
  let bi = base + i;
  for (let j = base + i + 1; j < base + n; j++) if (moveScore[j] > moveScore[bi]) bi = j;
  const k = base + i;
  if (bi !== k) {
    let t = moveSq[k]; moveSq[k] = moveSq[bi]; moveSq[bi] = t;
    t = moveFLo[k]; moveFLo[k] = moveFLo[bi]; moveFLo[bi] = t;
    t = moveFHi[k]; moveFHi[k] = moveFHi[bi]; moveFHi[bi] = t;
    t = moveScore[k]; moveScore[k] = moveScore[bi]; moveScore[bi] = t;
    t = moveRLo[k]; moveRLo[k] = moveRLo[bi]; moveRLo[bi] = t;
    t = moveRHi[k]; moveRHi[k] = moveRHi[bi]; moveRHi[bi] = t;
  }
}

/**
 * Ordering weight of the mover's own potential mobility after the move (empties next to the
 * opponent's discs), as Egaroucid weighs both sides' (measured, with TT_MIN 7: 10% fewer nodes on
 * FFO #20-#39 and 4% on the held-out set with 12; 8 and 20 did less well on FFO).
 */
export const OWN_POTENTIAL_WEIGHT = 12;

/** Ordering weight of cornerStability (tuned on FFO #20-#39 node counts). */
export const CORNER_STABILITY_WEIGHT = 16;

/** The player's corners and the edge squares next to them that the player also holds (Edax). */
export function cornerStability(pLo: number, pHi: number): number {
  const lo = (((pLo & 0x01) << 1) | ((pLo & 0x80) >>> 1) | ((pLo & 0x81) << 8) | 0x81) & pLo;
  const hi = (((pHi & 0x01000000) << 1) | ((pHi & 0x80000000) >>> 1) | ((pHi & 0x81000000) >>> 8) | 0x81000000) & pHi;
  return popcount32(lo) + popcount32(hi);
}

/** Whether the context can order by the evaluation: it has a table and its position is this one. */
function canEvaluate(s: SearchContext, pLo: number, pHi: number, oLo: number, oHi: number): boolean {
  const bb = s.position.bb;
  return s.table !== undefined && bb[0] === pLo && bb[1] === pHi && bb[2] === oLo && bb[3] === oHi;
}

function checkWindow(alpha: number, beta: number): void {
  if (!(alpha < beta)) throw new RangeError(`empty window (${alpha}, ${beta})`);
}

/**
 * The in-tree exact search for a midgame node (fail-soft in (alpha, beta), as solveExact): the
 * context's empties list is set up for this position and PVS runs on it, continuing the node
 * count, stop state and table generation of the search in progress. Meaningless when the context
 * stops during it (check `s.stopped`).
 */
export function endgameSearch(s: SearchContext, pLo: number, pHi: number, oLo: number, oHi: number, alpha: number, beta: number): number {
  const empties = prepare(s, pLo, pHi, oLo, oHi);
  s.endgameEval = canEvaluate(s, pLo, pHi, oLo, oHi);
  return searchAny(s, pLo, pHi, oLo, oHi, alpha, beta, empties);
}

// The free functions solve on a default context, created on first use: the command-line tools,
// benchmarks and tests that solve positions outside an engine. Each call is a new search without
// limits.
let defaultContext: SearchContext | undefined;

function freshDefault(): SearchContext {
  let s = defaultContext;
  if (s === undefined) s = defaultContext = new SearchContext(undefined);
  s.setLimits(Infinity, Infinity, undefined);
  s.newSearch();
  return s;
}

/**
 * The final disc difference for the player with perfect play by both sides, if it lies strictly
 * inside (alpha, beta); otherwise a bound on it (fail-soft: a result <= alpha is an upper bound,
 * >= beta a lower bound). Call with (-64, 64), the default, for the exact score.
 */
export function solveExact(pLo: number, pHi: number, oLo: number, oHi: number, alpha = -64, beta = 64): number {
  checkWindow(alpha, beta);
  return solveRoot(freshDefault(), pLo, pHi, oLo, oHi, alpha, beta, 0);
}

/**
 * Win/draw/loss: the sign of the exact score (> 0 win, 0 draw, < 0 loss), found with the window
 * (-1, 1). The magnitude is only a bound.
 */
export function solveWinLoss(pLo: number, pHi: number, oLo: number, oHi: number): number {
  return solveExact(pLo, pHi, oLo, oHi, -1, 1);
}

/** Nodes searched by the last solveExact / solveWinLoss / solvePosition call (with its principal variation). */
export function endgameNodes(): number {
  return defaultContext === undefined ? 0 : defaultContext.nodes;
}

/** Empties the default context's table, so a measurement does not profit from earlier solves. */
export function resetEndgameTable(): void {
  defaultContext?.clear();
}

/**
 * Root driver on a context, continuing its node count and stop state (callers start a new
 * search). A window wider than a single score is searched as a sequence of narrow windows
 * (g - 1, g + 1) starting from `guess` (MTD(f) on even scores): each test either proves g exact
 * or returns a fail-soft bound that becomes the next g, and the transposition table carries the
 * work from one test to the next. On the FFO set this costs about a third fewer nodes than one
 * PVS with the full window. Sets `s.rootBestMove` after each completed test; when the context
 * stops, returns 0 at once (the score means nothing; rootBestMove is from the last completed test,
 * or the first move by ordering).
 */
export function solveRoot(s: SearchContext, pLo: number, pHi: number, oLo: number, oHi: number, alpha: number, beta: number, guess: number): number {
  const empties = 64 - popcount(pLo | oLo, pHi | oHi);
  const count = prepareRoot(s, pLo, pHi, oLo, oHi);
  s.rootBestMove = count === 0 ? PASS : s.endSq[ROOT_BASE];
  s.rootSoundMove = -1;
  if (beta - alpha <= 2) {
    const v = searchRootMoves(s, pLo, pHi, oLo, oHi, alpha, beta, empties, count) | 0;
    if (s.stopped) return 0;
    if (v > alpha) sound(s, v);
    return v;
  }
  let g = guess | 0;
  if (g <= alpha) g = alpha + 1;
  if (g >= beta) g = beta - 1;
  for (let step = 0; step < 80; step++) {
    const v = searchRootMoves(s, pLo, pHi, oLo, oHi, g - 1, g + 1, empties, count) | 0;
    if (s.stopped) return 0;
    if (v >= g) sound(s, v);
    if (v === g) return v;
    if (v < g ? v <= alpha : v >= beta) return v;
    g = v;
  }
  // Unreachable with sound bounds; a plain full-window search is the safe fallback.
  return searchRootMoves(s, pLo, pHi, oLo, oHi, alpha, beta, empties, count) | 0;
}

/**
 * A root's set-up, shared with the split layer's root driver (endgame-split.ts): the empties list
 * and parity, whether the evaluation orders (SearchContext.endgameEval), and the root moves
 * ordered into the root buffer (ENDGAME_ROOT_BASE); returns their number.
 */
export function prepareRoot(s: SearchContext, pLo: number, pHi: number, oLo: number, oHi: number): number {
  prepare(s, pLo, pHi, oLo, oHi);
  s.endgameEval = canEvaluate(s, pLo, pHi, oLo, oHi);
  return prepareRootMoves(s, pLo, pHi, oLo, oHi);
}

/** The last root test proved that rootBestMove scores at least `v`. */
function sound(s: SearchContext, v: number): void {
  s.rootSoundMove = s.rootBestMove;
  s.rootSoundScore = v;
}

/** Orders the root moves into the root buffer (fewest opponent replies first); returns their number. */
function prepareRootMoves(s: SearchContext, pLo: number, pHi: number, oLo: number, oHi: number): number {
  const moveSq = s.endSq, moveFLo = s.endFLo, moveFHi = s.endFHi, moveScore = s.endScore;
  const parity = s.parity;
  let mLo = generateMoves(pLo, pHi, oLo, oHi);
  let mHi = HI[0];
  let n = 0;
  while ((mLo | mHi) !== 0) {
    let x: number;
    if (mLo !== 0) { const b = mLo & (0 - mLo); mLo ^= b; x = 31 - Math.clz32(b); } else { const b = mHi & (0 - mHi); mHi ^= b; x = 63 - Math.clz32(b); }
    const f = flipsFor(pLo, pHi, oLo, oHi, x);
    const fh = HI[0];
    const noLo = pLo ^ f ^ (x < 32 ? 1 << x : 0), noHi = pHi ^ fh ^ (x < 32 ? 0 : 1 << (x - 32));
    const rLo = generateMoves(oLo ^ f, oHi ^ fh, noLo, noHi);
    const rHi = HI[0];
    const replies = popcount32(rLo) + popcount32(rHi) + popcount32(rLo & CORNERS_LO) + popcount32(rHi & CORNERS_HI);
    let score = -(replies << 5) - (potentialMobility(oLo ^ f, oHi ^ fh, noLo, noHi) << 2) + SQUARE_BONUS[x];
    if ((parity & QUADRANT[x]) !== 0) score += 3;
    // Insertion into the sorted root list (best first).
    let k = ROOT_BASE + n;
    while (k > ROOT_BASE && moveScore[k - 1] < score) {
      moveSq[k] = moveSq[k - 1];
      moveFLo[k] = moveFLo[k - 1];
      moveFHi[k] = moveFHi[k - 1];
      moveScore[k] = moveScore[k - 1];
      k--;
    }
    moveSq[k] = x;
    moveFLo[k] = f;
    moveFHi[k] = fh;
    moveScore[k] = score;
    n++;
  }
  return n;
}

/**
 * PVS over the root moves; sets rootBestMove. The move that proved the best score moves to the
 * front, so the next narrow-window test tries it first. A stopped search changes nothing.
 */
function searchRootMoves(s: SearchContext, pLo: number, pHi: number, oLo: number, oHi: number, alpha: number, beta: number, empties: number, count: number): number {
  if (count === 0) {
    const v = searchAny(s, pLo, pHi, oLo, oHi, alpha, beta, empties);
    if (!s.stopped) s.rootBestMove = PASS;
    return v;
  }
  const moveSq = s.endSq, moveFLo = s.endFLo, moveFHi = s.endFHi;
  const next = s.next, prev = s.prev;
  const parity = s.parity;
  const evalOrder = s.endgameEval;
  let best = -INF;
  let bestIndex = 0;
  for (let i = 0; i < count; i++) {
    const k = ROOT_BASE + i;
    const x = moveSq[k];
    const f = moveFLo[k];
    const fh = moveFHi[k];
    const npLo = oLo ^ f, npHi = oHi ^ fh;
    const noLo = pLo ^ f ^ (x < 32 ? 1 << x : 0), noHi = pHi ^ fh ^ (x < 32 ? 0 : 1 << (x - 32));
    next[prev[x]] = next[x];
    prev[next[x]] = prev[x];
    s.parity = parity ^ QUADRANT[x];
    if (evalOrder) s.position.applyMove(x, f, fh);
    let v: number;
    if (i === 0) {
      v = 0 - searchAny(s, npLo, npHi, noLo, noHi, 0 - beta, 0 - alpha, empties - 1);
    } else {
      v = 0 - searchAny(s, npLo, npHi, noLo, noHi, -1 - alpha, 0 - alpha, empties - 1);
      if (v > alpha && v < beta && !s.stopped) v = 0 - searchAny(s, npLo, npHi, noLo, noHi, 0 - beta, 0 - alpha, empties - 1);
    }
    if (evalOrder) s.position.unmake();
    s.parity = parity;
    next[prev[x]] = x;
    prev[next[x]] = x;
    if (s.stopped) return 0;
    if (v > best) {
      best = v;
      bestIndex = i;
      if (v >= beta) break;
      if (v > alpha) alpha = v;
    }
  }
  s.rootBestMove = moveSq[ROOT_BASE + bestIndex];
  if (bestIndex > 0) {
    const k = ROOT_BASE + bestIndex;
    const x = moveSq[k], f = moveFLo[k], fh = moveFHi[k];
    for (let j = k; j > ROOT_BASE; j--) {
      moveSq[j] = moveSq[j - 1];
      moveFLo[j] = moveFLo[j - 1];
      moveFHi[j] = moveFHi[j - 1];
    }
    moveSq[ROOT_BASE] = x;
    moveFLo[ROOT_BASE] = f;
    moveFHi[ROOT_BASE] = fh;
  }
  return best;
}

/** Any number of empties, the list set up: the small-count functions or the deep layer. */
function searchAny(s: SearchContext, pLo: number, pHi: number, oLo: number, oHi: number, alpha: number, beta: number, empties: number): number {
  const next = s.next;
  switch (empties) {
    case 0:
      s.nodes++;
      return finalScore(pLo, pHi, oLo, oHi);
    case 1:
      return solve1(s, pLo, pHi, oLo, oHi, next[HEAD]);
    case 2:
      return solve2(s, pLo, pHi, oLo, oHi, alpha, beta, next[HEAD], next[next[HEAD]]);
    case 3: {
      const x1 = next[HEAD], x2 = next[x1];
      return solve3(s, pLo, pHi, oLo, oHi, alpha, beta, x1, x2, next[x2]);
    }
    default:
      return searchDeep(s, pLo, pHi, oLo, oHi, alpha, beta, empties);
  }
}

export interface SolveOptions {
  /** 'exact' (default): the exact score of the best move; 'wld': only its sign is exact. */
  readonly mode?: 'exact' | 'wld';
  /** Search window (default -64..64 exact, -1..1 wld); outside it the score is a fail-soft bound. */
  readonly alpha?: number;
  readonly beta?: number;
  /** First guess of the score for the narrow-window sequence (default 0), e.g. from an evaluation. */
  readonly guess?: number;
  /** Also find a principal variation to the end of the game (extra searches; default true). */
  readonly pv?: boolean;
  /** The root driver (default solveRoot; the parallel split layer, endgame-split.ts, passes its own). */
  readonly root?: typeof solveRoot;
}

export interface SolveResult {
  /** The best move, or PASS when the side to move must pass (or the game is over). */
  readonly move: number;
  /** Its score for the side to move (exact inside the window; see solveExact). */
  readonly score: number;
  /** Nodes of the solve itself (the principal variation's searches are not counted). */
  readonly nodes: number;
  /** Best play from the position (moves only; passes are listed as PASS). */
  readonly pv: number[];
}

/** The best move of a position and its score for the side to move. */
export function solvePosition(position: Position, options: SolveOptions = {}): SolveResult {
  const r = solveWithContext(freshDefault(), position, options);
  return { move: r.move, score: r.score, nodes: r.nodes, pv: r.pv };
}

/**
 * solvePosition on a given context, under its stop state and continuing its node count (the
 * caller starts the search). `complete` is false when the context stopped before the score was
 * proven: then move and score mean nothing. If it stops during the principal variation, the
 * proven move and score stand and the variation is cut short. `nodes` counts the solve only;
 * the context's counter has the variation's searches too.
 */
export function solveWithContext(s: SearchContext, position: Position, options: SolveOptions = {}): SolveResult & { readonly complete: boolean } {
  const wld = options.mode === 'wld';
  const alpha = options.alpha ?? (wld ? -1 : -64);
  const beta = options.beta ?? (wld ? 1 : 64);
  checkWindow(alpha, beta);
  const bb = position.bb;
  const pLo = bb[0], pHi = bb[1], oLo = bb[2], oHi = bb[3];
  const nodes0 = s.nodes;
  const score = (options.root ?? solveRoot)(s, pLo, pHi, oLo, oHi, alpha, beta, options.guess ?? 0);
  const total = s.nodes - nodes0;
  const move = s.rootBestMove;
  if (s.stopped) return { move, score, nodes: total, pv: move === PASS ? [] : [move], complete: false };
  let pv: number[] = move === PASS ? [] : [move];
  if (options.pv !== false && score > alpha && score < beta) {
    if (move === PASS) {
      pv = principalVariation(s, pLo, pHi, oLo, oHi, score);
    } else {
      const f = flipsFor(pLo, pHi, oLo, oHi, move);
      const fh = HI[0];
      const rest = principalVariation(s, oLo ^ f, oHi ^ fh, pLo ^ f ^ (move < 32 ? 1 << move : 0), pHi ^ fh ^ (move < 32 ? 0 : 1 << (move - 32)), -score);
      for (const m of rest) pv.push(m);
    }
  }
  return { move, score, nodes: total, pv, complete: true };
}

/**
 * Best play from a position whose exact score is known: at each step, the first move (the
 * transposition table's, then the others) whose child proves the same score. Allocates; for the
 * root only. Cut short where the context stops.
 */
function principalVariation(s: SearchContext, pLo: number, pHi: number, oLo: number, oHi: number, score: number): number[] {
  const pv: number[] = [];
  const tt = s.endgameTable;
  for (;;) {
    const mLo = generateMoves(pLo, pHi, oLo, oHi);
    const mHi = HI[0];
    if ((mLo | mHi) === 0) {
      if ((generateMoves(oLo, oHi, pLo, pHi) | HI[0]) === 0) return pv;
      pv.push(PASS);
      const tLo = pLo, tHi = pHi;
      pLo = oLo; pHi = oHi; oLo = tLo; oHi = tHi;
      score = -score;
      continue;
    }
    const candidates: number[] = [];
    if (tt.probe(pLo, pHi, oLo, oHi) && tt.hit[2] >= 0) candidates.push(tt.hit[2]);
    for (let x = 0; x < 64; x++) {
      const legal = x < 32 ? (mLo >>> x) & 1 : (mHi >>> (x - 32)) & 1;
      if (legal !== 0 && x !== candidates[0]) candidates.push(x);
    }
    let found = -1;
    for (const x of candidates) {
      const f = flipsFor(pLo, pHi, oLo, oHi, x);
      const fh = HI[0];
      if ((f | fh) === 0) continue;
      const npLo = oLo ^ f, npHi = oHi ^ fh;
      const noLo = pLo ^ f ^ (x < 32 ? 1 << x : 0), noHi = pHi ^ fh ^ (x < 32 ? 0 : 1 << (x - 32));
      const e = prepare(s, npLo, npHi, noLo, noHi);
      // The context's position stays at the root: no evaluation ordering in these searches.
      s.endgameEval = false;
      const v = 0 - searchAny(s, npLo, npHi, noLo, noHi, -score - 1, -score + 1, e);
      if (s.stopped) return pv;
      if (v === score) {
        found = x;
        pLo = npLo; pHi = npHi; oLo = noLo; oHi = noHi;
        break;
      }
    }
    if (found < 0) throw new Error('principal variation: no move reproduces the score');
    pv.push(found);
    score = -score;
  }
}
