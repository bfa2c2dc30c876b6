// Flip counting for the last empty square. With one empty square left the rest of the board is
// full, so along each line through the empty square the flipped discs are exactly the runs of
// opponent discs between it and the nearest disc of the mover, if there is one. The mover's discs
// on each of the four lines (row, column, both diagonals) are gathered into an 8-bit index with a
// multiply, and a 2 KB table gives the flips of that line for the square's place in it: four
// lookups, no flip set, no popcount and no branch per direction. solve1 calls this twice at most
// (mover, then opponent), and the last empty is where more than a quarter of the solver's nodes are.
import * as core from '@sente/core';

/**
 * LINE_FLIPS[pos * 256 + bits]: discs flipped by playing square `pos` of a full 8-square line on
 * which `bits` are the mover's discs (bit `pos` ignored) and every other square the opponent's.
 */
const LINE_FLIPS = new Uint8Array(8 * 256);
for (let pos = 0; pos < 8; pos++) {
  for (let bits = 0; bits < 256; bits++) {
    let n = 0;
    let k = pos - 1;
    while (k >= 0 && ((bits >> k) & 1) === 0) k--;
    if (k >= 0) n += pos - 1 - k;
    k = pos + 1;
    while (k < 8 && ((bits >> k) & 1) === 0) k++;
    if (k < 8) n += k - pos - 1;
    LINE_FLIPS[pos * 256 + bits] = n;
  }
}

/**
 * The two diagonals through each square (low and high halves). A diagonal holds at most one
 * square per row, each in a different column, so multiplying a half by 0x01010101 adds its four
 * row bytes without carries: the top byte is the diagonal's discs indexed by column. Columns the
 * diagonal does not reach read as 0, as if the opponent's; they lie beyond the ends of the line,
 * so no run through them reaches a mover's disc and the count is unchanged.
 */
const DIAG_LO = new Int32Array(64);
const DIAG_HI = new Int32Array(64);
const ANTI_LO = new Int32Array(64);
const ANTI_HI = new Int32Array(64);
for (let sq = 0; sq < 64; sq++) {
  for (let s = 0; s < 64; s++) {
    const dr = (s >> 3) - (sq >> 3), dc = (s & 7) - (sq & 7);
    if (dr === dc) {
      if (s < 32) DIAG_LO[sq] |= 1 << s;
      else DIAG_HI[sq] |= 1 << (s - 32);
    }
    if (dr === -dc) {
      if (s < 32) ANTI_LO[sq] |= 1 << s;
      else ANTI_HI[sq] |= 1 << (s - 32);
    }
  }
}

const imul = Math.imul;

/**
 * The number of discs the mover (m) flips by playing `x`, the only empty square of the board
 * (every other square holds a disc of the mover or of the opponent).
 */
export function lastFlipCount(mLo: number, mHi: number, x: number): number {
  const c = x & 7;
  const r = x >> 3;
  const row = (x < 32 ? mLo >>> (r << 3) : mHi >>> ((r - 4) << 3)) & 0xff;
  // A column's four bits of a half (bytes 0..3, bit c) land in bits 24..27 of the product by
  // 2^24 + 2^17 + 2^10 + 2^3; the other products fall below bit 24 or beyond bit 31.
  const col = (imul((mLo >>> c) & 0x01010101, 0x01020408) >>> 24) | ((imul((mHi >>> c) & 0x01010101, 0x01020408) >>> 24) << 4);
  const diag = (imul(mLo & DIAG_LO[x], 0x01010101) >>> 24) | (imul(mHi & DIAG_HI[x], 0x01010101) >>> 24);
  const anti = (imul(mLo & ANTI_LO[x], 0x01010101) >>> 24) | (imul(mHi & ANTI_HI[x], 0x01010101) >>> 24);
  const cb = c << 8;
  return LINE_FLIPS[cb | row] + LINE_FLIPS[(r << 8) | col] + LINE_FLIPS[cb | diag] + LINE_FLIPS[cb | anti];
}

/** Reference for the tests: the same count through the general flip routine. */
export function lastFlipCountSlow(mLo: number, mHi: number, oLo: number, oHi: number, x: number): number {
  const lo = core.flipsFor(mLo, mHi, oLo, oHi, x);
  return core.popcount(lo, core.HI[0]);
}
