// Midgame search: principal-variation search (NegaScout) with iterative deepening and aspiration
// windows over a Position that updates its pattern indices on make/unmake, a transposition table,
// Multi-ProbCut (probcut.ts), and move ordering by hash move, then (deep nodes) each child's
// evaluation less the opponent's mobility, else fewest opponent replies and square value; nodes at
// depth 1 evaluate their children in place (frontierSearch), without table or ordering. When few enough empties remain, nodes hand over to the
// exact endgame solver's in-tree search (endgameSearch), on the same context: one node counter,
// one stop state, the endgame table's generation continued. Scores are in evaluation-table units
// (table.scale per disc); exact scores are disc differences times the scale. Nothing is allocated
// per node: move lists live in the context's per-ply typed arrays (64 slots a ply: see
// MOVES_PER_PLY).
import { HI, Position, finalScore, flipsFor, generateMoves, popcount, popcount32, PASS } from '@sente/core';
import { evaluate } from './eval.js';
import type { EvalTable } from './evaltable.js';
import { endgameSearch } from './endgame.js';
import { PROBCUT_MAX_DEPTH, PROBCUT_MIN_DEPTH } from './probcut.js';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, NO_MOVE, hash1, hash2 } from './tt.js';
import { MOVES_PER_PLY, type SearchContext } from './context.js';

const HI_ = HI; // module-local alias: stays a plain binding under test runners

export const INFINITY = 1 << 24;

/** probcutTests' answer when neither test cuts (outside every search value). */
export const NO_CUT = -INFINITY - 1;

/**
 * ProbCut's two null-window tests at a node (the midgame's Multi-ProbCut, the probable endgame's
 * cut in endgame.ts): `beta` when a `depth`-ply search at `ply` reaches `hi`, else `alpha` when it
 * stays at or below `lo` (table units; a threshold at or beyond INFINITY, or -INFINITY, is not
 * tested); NO_CUT when neither holds, and 0 once the context stops.
 */
export function probcutTests(s: SearchContext, depth: number, ply: number, alpha: number, beta: number, hi: number, lo: number): number {
  if (hi < INFINITY && midgameSearch(s, depth, hi - 1, hi, ply) >= hi && !s.stopped) return beta;
  if (s.stopped) return 0;
  if (lo > -INFINITY && midgameSearch(s, depth, lo, lo + 1, ply) <= lo && !s.stopped) return alpha;
  if (s.stopped) return 0;
  return NO_CUT;
}

/** Static square values for cheap move ordering (corners first, X- and C-squares last). */
const SQUARE_ORDER = Int32Array.from([
  18, 4, 16, 12, 12, 16, 4, 18,
  4, 2, 6, 8, 8, 6, 2, 4,
  16, 6, 14, 10, 10, 14, 6, 16,
  12, 8, 10, 0, 0, 10, 8, 12,
  12, 8, 10, 0, 0, 10, 8, 12,
  16, 6, 14, 10, 10, 14, 6, 16,
  4, 2, 6, 8, 8, 6, 2, 4,
  18, 4, 16, 12, 12, 16, 4, 18,
]);

/**
 * Depth from which children are ordered by their evaluation (and the opponent's mobility) rather
 * than by mobility and square value alone: measured on the bench positions at depth 11, 5 took
 * about 0.8 of the time of 3 (shallow searches of each child instead cost more than they saved).
 */
const EVAL_ORDER_DEPTH = 5;

/**
 * Depth from which nodes look for an enhanced transposition cutoff (ETC). Measured on 12 bench positions at ply 20 (sums of a fixed-depth think): depth 10 without MPC
 * 7.738 M nodes without ETC, 7.503 M from depth 4, 7.578 M from 5; depth 13 with MPC 8.023,
 * 7.901 and 7.979 M. From 5 the table probes cost least for the nodes saved.
 */
const ETC_DEPTH = 5;

/**
 * Fills the move list of `ply` with the legal moves (mLo, mHi) and their flips, ordered best
 * first. Returns the count.
 */
function orderMoves(s: SearchContext, table: EvalTable, ply: number, mLo: number, mHi: number, depth: number): number {
  const pos = s.position;
  const bb = pos.bb;
  const pLo = bb[0], pHi = bb[1], oLo = bb[2], oHi = bb[3];
  const moveSq = s.moveSq, moveFLo = s.moveFLo, moveFHi = s.moveFHi, moveKey = s.moveKey;
  const base = ply * MOVES_PER_PLY;
  let n = 0;
  while (mLo !== 0 || mHi !== 0) {
    let sq: number;
    if (mLo !== 0) {
      const b = mLo & -mLo;
      mLo ^= b;
      sq = 31 - Math.clz32(b);
    } else {
      const b = mHi & -mHi;
      mHi ^= b;
      sq = 63 - Math.clz32(b);
    }
    const fLo = flipsFor(pLo, pHi, oLo, oHi, sq);
    const fHi = HI_[0];
    let key: number;
    if (depth >= EVAL_ORDER_DEPTH) {
      pos.applyMove(sq, fLo, fHi);
      // The child's evaluation for us, less a disc for each reply it leaves the opponent.
      const rLo = generateMoves(bb[0], bb[1], bb[2], bb[3]);
      key = -evaluate(pos, table) - table.scale * (popcount32(rLo) + popcount32(HI_[0]));
      pos.unmake();
    } else {
      const mLo2 = sq < 32 ? 1 << sq : 0;
      const mHi2 = sq < 32 ? 0 : 1 << (sq - 32);
      const rLo = generateMoves(oLo ^ fLo, oHi ^ fHi, pLo ^ fLo ^ mLo2, pHi ^ fHi ^ mHi2);
      const replies = popcount32(rLo) + popcount32(HI_[0]);
      key = SQUARE_ORDER[sq] - 16 * replies;
    }
    // Insertion sort, best key first.
    let j = n;
    while (j > 0 && moveKey[base + j - 1] < key) {
      moveSq[base + j] = moveSq[base + j - 1];
      moveFLo[base + j] = moveFLo[base + j - 1];
      moveFHi[base + j] = moveFHi[base + j - 1];
      moveKey[base + j] = moveKey[base + j - 1];
      j--;
    }
    moveSq[base + j] = sq;
    moveFLo[base + j] = fLo;
    moveFHi[base + j] = fHi;
    moveKey[base + j] = key;
    n++;
  }
  return n;
}

/**
 * Negamax value of the context's position to `depth` plies in (alpha, beta), fail-soft. Needs
 * the context's evaluation table. Returns 0 (meaningless) once the context stops; nothing is
 * stored in the table then.
 */
export function midgameSearch(s: SearchContext, depth: number, alpha: number, beta: number, ply: number): number {
  const pos = s.position;
  const bb = pos.bb;
  const pLo = bb[0], pHi = bb[1], oLo = bb[2], oHi = bb[3];
  const empties = 64 - popcount(pLo | oLo, pHi | oHi);
  const table = s.table!;
  const scale = table.scale;

  // Solve exactly where the search would reach the end of the game anyway (the solver is much
  // faster there); shallower iterations keep using the evaluation. The endgame counts this node.
  if (empties <= s.exactFrom && depth >= empties) {
    const a = Math.floor(alpha / scale) - 1;
    const b = Math.ceil(beta / scale) + 1;
    const v = endgameSearch(s, pLo, pHi, oLo, oHi, a < -65 ? -65 : a, b > 65 ? 65 : b);
    return s.stopped ? 0 : v * scale;
  }
  if (++s.nodes >= s.nextPoll && s.poll()) return 0;

  const mLo = generateMoves(pLo, pHi, oLo, oHi);
  const mHi = HI_[0];
  if (mLo === 0 && mHi === 0) {
    const oppLo = generateMoves(oLo, oHi, pLo, pHi);
    if (oppLo === 0 && HI_[0] === 0) return finalScore(pLo, pHi, oLo, oHi) * scale;
    pos.makePass();
    const v = -midgameSearch(s, depth, -beta, -alpha, ply + 1);
    pos.unmake();
    return v;
  }
  if (depth <= 0) return evaluate(pos, table);
  if (depth === 1 && ply > 0) return frontierSearch(s, table, alpha, beta, mLo, mHi);

  // Transposition table.
  const h1 = hash1(pLo, pHi, oLo, oHi);
  const h2 = hash2(pLo, pHi, oLo, oHi);
  const tt = s.tt;
  let hashMove = NO_MOVE;
  const slot = tt.probe(h1, h2);
  if (slot >= 0) {
    const info = tt.hitInfo;
    hashMove = info & 0x7f;
    if (((info >>> 7) & 0x7f) >= depth) {
      const score = tt.hitScore;
      const bound = (info >>> 14) & 3;
      if (bound === BOUND_EXACT) return score;
      if (bound === BOUND_LOWER && score >= beta) return score;
      if (bound === BOUND_UPPER && score <= alpha) return score;
    }
  }

  // Multi-ProbCut at null-window nodes: a shallow search predicts the deep result.
  const pc = s.probcut;
  if (pc !== undefined && depth >= PROBCUT_MIN_DEPTH && beta - alpha === 1 && depth < empties) {
    const d = depth > PROBCUT_MAX_DEPTH ? PROBCUT_MAX_DEPTH : depth;
    const sd = depth > PROBCUT_MAX_DEPTH ? depth - (PROBCUT_MAX_DEPTH - pc.shallow[PROBCUT_MAX_DEPTH]) : pc.shallow[d];
    const stages = pc.stages;
    let st = 0;
    while (st < stages.length - 1 && empties > stages[st]) st++;
    const a = pc.a[st][d], b = pc.b[st][d];
    const margin = pc.t * pc.sigma[st][d];
    const v = probcutTests(s, sd, ply, alpha, beta, Math.ceil((beta + margin - b) / a), Math.floor((alpha - margin - b) / a));
    if (v !== NO_CUT) return v;
  }

  // Enhanced transposition cutoff: at deep nodes, a child the table proves at most -beta (for
  // its side) at enough depth makes this node fail high without a search.
  if (depth >= ETC_DEPTH && ply > 0 && beta < INFINITY) {
    const etc = transpositionCutoff(s, pLo, pHi, oLo, oHi, mLo, mHi, depth - 1, beta);
    if (etc > -INFINITY) return etc;
  }

  const alpha0 = alpha;
  let best = -INFINITY;
  let bestMove = NO_MOVE;
  let searched = 0;
  let restLo = mLo, restHi = mHi;
  // The table's move first, before the others are ordered: when it cuts off, their ordering
  // (an evaluation of each child from EVAL_ORDER_DEPTH) is never paid for.
  if (hashMove !== NO_MOVE && (hashMove < 32 ? (mLo >>> hashMove) & 1 : (mHi >>> (hashMove - 32)) & 1) !== 0) {
    if (hashMove < 32) restLo ^= 1 << hashMove;
    else restHi ^= 1 << (hashMove - 32);
    const fLo = flipsFor(pLo, pHi, oLo, oHi, hashMove);
    pos.applyMove(hashMove, fLo, HI_[0]);
    const v = -midgameSearch(s, depth - 1, -beta, -alpha, ply + 1);
    pos.unmake();
    if (s.stopped) return 0;
    best = v;
    bestMove = hashMove;
    if (v > alpha) alpha = v;
    searched = 1;
  }
  if (best < beta && (restLo !== 0 || restHi !== 0)) {
    const n = orderMoves(s, table, ply, restLo, restHi, depth);
    const moveSq = s.moveSq, moveFLo = s.moveFLo, moveFHi = s.moveFHi;
    const base = ply * MOVES_PER_PLY;
    for (let i = 0; i < n; i++) {
      const sq = moveSq[base + i];
      pos.applyMove(sq, moveFLo[base + i], moveFHi[base + i]);
      let v: number;
      if (searched === 0) {
        // (At the root the first move is the table's, normally the previous iteration's best, which
        // think() plays anyway; a first move proven only above the aspiration window's floor is not
        // a better choice, so only later moves proven better than those before them are recorded.)
        v = -midgameSearch(s, depth - 1, -beta, -alpha, ply + 1);
      } else {
        v = -midgameSearch(s, depth - 1, -alpha - 1, -alpha, ply + 1);
        if (v > alpha && !s.stopped) {
          // At the root, a move proven better than all before it is kept even if the re-search of
          // its exact value is cut short (think() plays it then).
          if (ply === 0) {
            s.midRootMove = sq;
            s.midRootScore = v;
          }
          if (v < beta) v = -midgameSearch(s, depth - 1, -beta, -v, ply + 1);
        }
      }
      searched++;
      pos.unmake();
      if (s.stopped) return 0;
      if (v > best) {
        best = v;
        bestMove = sq;
        if (v > alpha) {
          alpha = v;
          if (v >= beta) break;
        }
      }
    }
  }
  tt.store(h1, h2, best, depth, best >= beta ? BOUND_LOWER : best > alpha0 ? BOUND_EXACT : BOUND_UPPER, bestMove);
  return best;
}

/**
 * Enhanced transposition cutoff: the value (at least beta) this node fails high with when the
 * table holds, for one of its children (the legal moves mLo, mHi of p, o), an upper bound or
 * exact value of at least `childDepth` plies that is at most -beta; else -INFINITY.
 */
function transpositionCutoff(s: SearchContext, pLo: number, pHi: number, oLo: number, oHi: number, mLo: number, mHi: number, childDepth: number, beta: number): number {
  const tt = s.tt;
  while (mLo !== 0 || mHi !== 0) {
    let sq: number;
    if (mLo !== 0) {
      const b = mLo & -mLo;
      mLo ^= b;
      sq = 31 - Math.clz32(b);
    } else {
      const b = mHi & -mHi;
      mHi ^= b;
      sq = 63 - Math.clz32(b);
    }
    const fLo = flipsFor(pLo, pHi, oLo, oHi, sq);
    const fHi = HI_[0];
    const bLo = sq < 32 ? 1 << sq : 0;
    const bHi = sq < 32 ? 0 : 1 << (sq - 32);
    // The child, its side to move first: the opponent with our flips removed, us with them added.
    const cpLo = oLo ^ fLo, cpHi = oHi ^ fHi, coLo = pLo ^ fLo ^ bLo, coHi = pHi ^ fHi ^ bHi;
    if (tt.probe(hash1(cpLo, cpHi, coLo, coHi), hash2(cpLo, cpHi, coLo, coHi)) < 0) continue;
    const info = tt.hitInfo;
    if (((info >>> 7) & 0x7f) < childDepth) continue;
    const bound = (info >>> 14) & 3;
    const score = tt.hitScore;
    if ((bound === BOUND_UPPER || bound === BOUND_EXACT) && -score >= beta) {
      s.etcCuts++;
      return -score;
    }
  }
  return -INFINITY;
}

/**
 * A node at depth 1 with legal moves (mLo, mHi): each child evaluated in place, in square order,
 * without the table or move ordering (at the frontier they cost more than the evaluations they
 * would save). Same value as midgameSearch's general path: a child whose side to move must pass
 * is evaluated after the pass, a finished game scores exactly. Counts the children as nodes.
 */
function frontierSearch(s: SearchContext, table: EvalTable, alpha: number, beta: number, mLo: number, mHi: number): number {
  const pos = s.position;
  const bb = pos.bb;
  const pLo = bb[0], pHi = bb[1], oLo = bb[2], oHi = bb[3];
  let best = -INFINITY;
  while (mLo !== 0 || mHi !== 0) {
    let sq: number;
    if (mLo !== 0) {
      const b = mLo & -mLo;
      mLo ^= b;
      sq = 31 - Math.clz32(b);
    } else {
      const b = mHi & -mHi;
      mHi ^= b;
      sq = 63 - Math.clz32(b);
    }
    const fLo = flipsFor(pLo, pHi, oLo, oHi, sq);
    const fHi = HI_[0];
    if (++s.nodes >= s.nextPoll && s.poll()) return 0;
    pos.applyMove(sq, fLo, fHi);
    let v: number;
    if (generateMoves(bb[0], bb[1], bb[2], bb[3]) !== 0 || HI_[0] !== 0) {
      v = -evaluate(pos, table);
    } else if (generateMoves(bb[2], bb[3], bb[0], bb[1]) !== 0 || HI_[0] !== 0) {
      // The opponent passes: the child's value is the evaluation after the pass, ours again.
      if (++s.nodes >= s.nextPoll && s.poll()) {
        pos.unmake();
        return 0;
      }
      pos.makePass();
      v = evaluate(pos, table);
      pos.unmake();
    } else {
      v = -finalScore(bb[0], bb[1], bb[2], bb[3]) * table.scale;
    }
    pos.unmake();
    if (v > best) {
      best = v;
      if (v > alpha) {
        alpha = v;
        if (v >= beta) break;
      }
    }
  }
  return best;
}

/** The best move recorded in the midgame table for the context's position, or NO_MOVE. */
export function tableMove(s: SearchContext): number {
  const bb = s.position.bb;
  const tt = s.tt;
  const slot = tt.probe(hash1(bb[0], bb[1], bb[2], bb[3]), hash2(bb[0], bb[1], bb[2], bb[3]));
  return slot < 0 ? NO_MOVE : tt.hitInfo & 0x7f;
}

/** The principal variation from the midgame table, starting with `first` (passes as PASS). */
export function tablePrincipalVariation(s: SearchContext, first: number, maxLength: number): number[] {
  const pos = s.position;
  const pv: number[] = [];
  let made = 0;
  let move = first;
  while (pv.length < maxLength && move !== NO_MOVE) {
    if (!pos.isLegal(move)) break;
    pos.makeMove(move);
    made++;
    pv.push(move);
    if (pos.isGameOver()) break;
    if (pos.mustPass()) {
      pos.makePass();
      made++;
      pv.push(PASS);
    }
    move = tableMove(s);
  }
  for (let i = 0; i < made; i++) pos.unmake();
  return pv;
}

/**
 * Reference for tests: plain fixed-depth alpha-beta (no table, no ordering, no exact solving)
 * with the same leaf evaluation and pass rules.
 */
export function plainAlphaBeta(pos: Position, table: EvalTable, depth: number, alpha: number, beta: number): number {
  const bb = pos.bb;
  const moves = pos.legalMoveList();
  if (moves.length === 0) {
    const opp = generateMoves(bb[2], bb[3], bb[0], bb[1]);
    if (opp === 0 && HI_[0] === 0) return pos.finalScore() * table.scale;
    pos.makePass();
    const v = -plainAlphaBeta(pos, table, depth, -beta, -alpha);
    pos.unmake();
    return v;
  }
  if (depth <= 0) return evaluate(pos, table);
  let best = -INFINITY;
  for (const m of moves) {
    pos.makeMove(m);
    const v = -plainAlphaBeta(pos, table, depth - 1, -beta, -Math.max(alpha, best));
    pos.unmake();
    if (v > best) best = v;
    if (best >= beta) break;
  }
  return best;
}
