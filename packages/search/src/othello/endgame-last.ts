// Flip counting for the last empty square. With one empty square left the rest of the board is
// full, so in each direction the flipped discs are exactly the squares between the empty square and
// the nearest disc of the mover along the ray, if there is one: a bit scan and a table lookup per
// direction, no flip set and no popcount. solve1 calls this twice at most (mover, then opponent),
// and the last empty is where a third of the solver's nodes are.
import * as core from '@sente/core';

/** RAY_LO/HI[square * 8 + dir]: the squares beyond `square` in direction `dir`, to the edge. */
const RAY_LO = new Int32Array(64 * 8);
const RAY_HI = new Int32Array(64 * 8);
/** BETWEEN[a * 64 + b]: the number of squares strictly between two squares on a common line. */
const BETWEEN = new Uint8Array(64 * 64);

// Directions 0..3 increase the square index (+1, +9, +8, +7), 4..7 decrease it.
const STEP_ROW = [0, 1, 1, 1, 0, -1, -1, -1];
const STEP_COL = [1, 1, 0, -1, -1, -1, 0, 1];
for (let sq = 0; sq < 64; sq++) {
  for (let d = 0; d < 8; d++) {
    let r = (sq >> 3) + STEP_ROW[d];
    let c = (sq & 7) + STEP_COL[d];
    let k = 0;
    while (r >= 0 && r < 8 && c >= 0 && c < 8) {
      const s = r * 8 + c;
      if (s < 32) RAY_LO[sq * 8 + d] |= 1 << s;
      else RAY_HI[sq * 8 + d] |= 1 << (s - 32);
      BETWEEN[sq * 64 + s] = k++;
      r += STEP_ROW[d];
      c += STEP_COL[d];
    }
  }
}

const clz32 = Math.clz32;

/**
 * The number of discs the mover (m) flips by playing `x`, the only empty square of the board
 * (every other square holds a disc of the mover or of the opponent).
 */
export function lastFlipCount(mLo: number, mHi: number, x: number): number {
  let n = 0;
  const base = x << 3;
  const row = x << 6;
  let lo: number, hi: number;
  for (let d = 0; d < 4; d++) {
    lo = RAY_LO[base + d] & mLo;
    if (lo !== 0) { n += BETWEEN[row + 31 - clz32(lo & -lo)]; continue; }
    hi = RAY_HI[base + d] & mHi;
    if (hi !== 0) n += BETWEEN[row + 63 - clz32(hi & -hi)];
  }
  for (let d = 4; d < 8; d++) {
    hi = RAY_HI[base + d] & mHi;
    if (hi !== 0) { n += BETWEEN[row + 63 - clz32(hi)]; continue; }
    lo = RAY_LO[base + d] & mLo;
    if (lo !== 0) n += BETWEEN[row + 31 - clz32(lo)];
  }
  return n;
}

/** Reference for the tests: the same count through the general flip routine. */
export function lastFlipCountSlow(mLo: number, mHi: number, oLo: number, oHi: number, x: number): number {
  const lo = core.flipsFor(mLo, mHi, oLo, oHi, x);
  return core.popcount(lo, core.HI[0]);
}
