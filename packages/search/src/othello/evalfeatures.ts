// The format-2 evaluation: the same incremental pattern sum as eval.ts, plus features that pattern
// weights cannot see and the strong engines add (Logistello, Edax, Egaroucid): the mobility of
// each side (legal move counts), their potential mobility (empty squares next to the other side's
// discs, Egaroucid's "surround" in spirit) and parity (quadrants with an odd number of empties).
// Each feature reads a small table per phase indexed by its value, so the fit can learn a curve
// rather than one slope. The features are recomputed from the four bitboard words at the node: two
// move generations, two 3x3 dilations and five popcounts, with no allocation; a slow reference
// (evaluateV2Slow) recomputes everything from a plain grid to check them.
import { COLOR_SWAP, HI, INSTANCE_TYPE, NOT_A, NOT_H, PATTERNS, PATTERN_COUNT, PATTERN_SIZES, Position, WHITE, generateMoves, popcount, popcount32, slow } from '@sente/core';
import { BIAS_OFFSET_V2, PHASE_STRIDE_V2, TYPE_OFFSET, V2_FEATURES, V2_OFFSET, type EvalTable } from './evaltable.js';

// Module-local alias: a direct binding stays a plain variable (see core's moves.ts).
const HI_ = HI;

/** Feature offsets per position in format 2: the pattern instances, five feature values, the bias. */
export const FEATURES_V2 = PATTERN_COUNT + V2_FEATURES.length;

const MOB_OWN = V2_OFFSET[0], MOB_OPP = V2_OFFSET[1], POT_OWN = V2_OFFSET[2], POT_OPP = V2_OFFSET[3], ODD = V2_OFFSET[4];
const MOB_MAX = V2_FEATURES[0].size - 1;
const POT_MAX = V2_FEATURES[2].size - 1;

const INSTANCE_OFFSET = Int32Array.from(INSTANCE_TYPE, (t) => TYPE_OFFSET[t]);
const SWAP = (() => {
  const out = new Int32Array(PHASE_STRIDE_V2);
  for (let t = 0; t < PATTERN_SIZES.length; t++) out.set(COLOR_SWAP[t], TYPE_OFFSET[t]);
  return out;
})();

/** Legal moves of the player (p) against the opponent (o). */
export function mobility(pLo: number, pHi: number, oLo: number, oHi: number): number {
  const lo = generateMoves(pLo, pHi, oLo, oHi);
  return popcount(lo, HI_[0]);
}

/**
 * Potential mobility of the player: empty squares next (8-neighbourhood) to an opponent disc. The
 * opponent's set is dilated by one square: horizontally within each half (column masks stop the
 * wrap), then vertically across the halves.
 */
export function potentialMobility(pLo: number, pHi: number, oLo: number, oHi: number): number {
  const hLo = oLo | ((oLo << 1) & NOT_A) | ((oLo >>> 1) & NOT_H);
  const hHi = oHi | ((oHi << 1) & NOT_A) | ((oHi >>> 1) & NOT_H);
  const dLo = hLo | (hLo << 8) | (hLo >>> 8) | (hHi << 24);
  const dHi = hHi | (hHi << 8) | (hHi >>> 8) | (hLo >>> 24);
  return popcount(dLo & ~(pLo | oLo), dHi & ~(pHi | oHi));
}

/** Quadrants (a1-d4, e1-h4, a5-d8, e5-h8) holding an odd number of empty squares: 0..4. */
export function oddQuadrants(pLo: number, pHi: number, oLo: number, oHi: number): number {
  const eLo = ~(pLo | oLo), eHi = ~(pHi | oHi);
  return (popcount32(eLo & 0x0f0f0f0f) & 1) + (popcount32(eLo & 0xf0f0f0f0) & 1)
    + (popcount32(eHi & 0x0f0f0f0f) & 1) + (popcount32(eHi & 0xf0f0f0f0) & 1);
}

/** The format-2 evaluation in table units (table.scale per disc) for the side to move. */
export function evaluateV2(position: Position, table: EvalTable): number {
  const bb = position.bb;
  const pLo = bb[0], pHi = bb[1], oLo = bb[2], oHi = bb[3];
  const empties = 64 - popcount(pLo | oLo, pHi | oHi);
  const w = table.weights;
  const base = table.phaseByEmpties[empties] * PHASE_STRIDE_V2;
  const pat = position.patterns;
  let sum = w[base + BIAS_OFFSET_V2];
  if (position.side === WHITE) {
    for (let i = 0; i < PATTERN_COUNT; i++) {
      const off = INSTANCE_OFFSET[i];
      sum += w[base + off + SWAP[off + pat[i]]];
    }
  } else {
    for (let i = 0; i < PATTERN_COUNT; i++) sum += w[base + INSTANCE_OFFSET[i] + pat[i]];
  }
  const mo = mobility(pLo, pHi, oLo, oHi);
  const mp = mobility(oLo, oHi, pLo, pHi);
  const po = potentialMobility(pLo, pHi, oLo, oHi);
  const pp = potentialMobility(oLo, oHi, pLo, pHi);
  sum += w[base + MOB_OWN + (mo < MOB_MAX ? mo : MOB_MAX)] + w[base + MOB_OPP + (mp < MOB_MAX ? mp : MOB_MAX)]
    + w[base + POT_OWN + (po < POT_MAX ? po : POT_MAX)] + w[base + POT_OPP + (pp < POT_MAX ? pp : POT_MAX)]
    + w[base + ODD + oddQuadrants(pLo, pHi, oLo, oHi)];
  return sum;
}

/**
 * The format-2 feature offsets of a position (inside a phase's PHASE_STRIDE_V2 weights): one per
 * pattern instance from the side to move's view, the five feature values, then the bias. What the
 * fitter trains on.
 */
export function featureOffsetsV2(position: Position, out: Int32Array = new Int32Array(FEATURES_V2)): Int32Array {
  const bb = position.bb;
  const pLo = bb[0], pHi = bb[1], oLo = bb[2], oHi = bb[3];
  const pat = position.patterns;
  const white = position.side === WHITE;
  for (let i = 0; i < PATTERN_COUNT; i++) {
    const off = INSTANCE_OFFSET[i];
    out[i] = off + (white ? SWAP[off + pat[i]] : pat[i]);
  }
  const mo = mobility(pLo, pHi, oLo, oHi), mp = mobility(oLo, oHi, pLo, pHi);
  const po = potentialMobility(pLo, pHi, oLo, oHi), pp = potentialMobility(oLo, oHi, pLo, pHi);
  out[PATTERN_COUNT] = MOB_OWN + Math.min(mo, MOB_MAX);
  out[PATTERN_COUNT + 1] = MOB_OPP + Math.min(mp, MOB_MAX);
  out[PATTERN_COUNT + 2] = POT_OWN + Math.min(po, POT_MAX);
  out[PATTERN_COUNT + 3] = POT_OPP + Math.min(pp, POT_MAX);
  out[PATTERN_COUNT + 4] = ODD + oddQuadrants(pLo, pHi, oLo, oHi);
  out[PATTERN_COUNT + 5] = BIAS_OFFSET_V2;
  return out;
}

/** The five feature values from scratch on a plain grid (the reference for the bitboard code). */
export function featureValuesSlow(pLo: number, pHi: number, oLo: number, oHi: number): { mobilityOwn: number; mobilityOpp: number; potentialOwn: number; potentialOpp: number; oddQuadrants: number } {
  const grid = slow.gridFromBitboards(pLo, pHi, oLo, oHi);
  const swapped = slow.gridFromBitboards(oLo, oHi, pLo, pHi);
  const nextTo = (g: number[][], r: number, c: number, cell: number): boolean => {
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        const rr = r + dr, cc = c + dc;
        if ((dr !== 0 || dc !== 0) && rr >= 0 && rr < 8 && cc >= 0 && cc < 8 && g[rr][cc] === cell) return true;
      }
    }
    return false;
  };
  let potentialOwn = 0, potentialOpp = 0;
  const quadrant = [0, 0, 0, 0];
  for (let r = 0; r < 8; r++) {
    for (let c = 0; c < 8; c++) {
      if (grid[r][c] !== slow.EMPTY) continue;
      if (nextTo(grid, r, c, slow.OPPONENT)) potentialOwn++;
      if (nextTo(grid, r, c, slow.PLAYER)) potentialOpp++;
      quadrant[(r < 4 ? 0 : 2) + (c < 4 ? 0 : 1)]++;
    }
  }
  return {
    mobilityOwn: slow.walkLegalMoves(grid).length,
    mobilityOpp: slow.walkLegalMoves(swapped).length,
    potentialOwn, potentialOpp,
    oddQuadrants: quadrant.filter((n) => n % 2 === 1).length,
  };
}

/**
 * Reference: the format-2 evaluation from scratch, reading neither the incremental pattern
 * indices nor the colour swap: each instance's index is read off the board from the side to
 * move's view, the features come from featureValuesSlow.
 */
export function evaluateV2Slow(position: Position, table: EvalTable): number {
  const [pLo, pHi, oLo, oHi] = position.bb;
  const empties = 64 - popcount(pLo | oLo, pHi | oHi);
  const base = table.phaseByEmpties[empties] * PHASE_STRIDE_V2;
  const has = (lo: number, hi: number, s: number): boolean => (s < 32 ? (lo >>> s) & 1 : (hi >>> (s - 32)) & 1) === 1;
  let sum = table.weights[base + BIAS_OFFSET_V2];
  for (const inst of PATTERNS) {
    let index = 0;
    inst.squares.forEach((s, k) => { index += (has(pLo, pHi, s) ? 1 : has(oLo, oHi, s) ? 2 : 0) * 3 ** k; });
    sum += table.weights[base + TYPE_OFFSET[inst.type] + index];
  }
  const f = featureValuesSlow(pLo, pHi, oLo, oHi);
  sum += table.weights[base + MOB_OWN + Math.min(f.mobilityOwn, MOB_MAX)] + table.weights[base + MOB_OPP + Math.min(f.mobilityOpp, MOB_MAX)];
  sum += table.weights[base + POT_OWN + Math.min(f.potentialOwn, POT_MAX)] + table.weights[base + POT_OPP + Math.min(f.potentialOpp, POT_MAX)];
  sum += table.weights[base + ODD + f.oddQuadrants];
  return sum;
}
