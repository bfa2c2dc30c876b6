// 64-square sets as two int32 halves: `lo` holds squares 0..31 (rows 1-4), `hi` squares 32..63
// (rows 5-8); square = row * 8 + col, a1 = 0, h8 = 63. No BigInt: int32 arithmetic stays in
// registers in V8, and nothing here allocates. Functions that produce a 64-bit set return the low
// half and leave the high half in `HI[0]` (a scratch cell read immediately by the caller).

/** Scratch cell for the high half of a 64-bit result. Read it right after the call. */
export const HI = new Int32Array(1);

/** Columns b..g: masks the wrap-around of horizontal and diagonal shifts. */
export const INNER_COLS = 0x7e7e7e7e;
export const NOT_A = 0xfefefefe | 0;
export const NOT_H = 0x7f7f7f7f;

export function popcount32(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

export function popcount(lo: number, hi: number): number {
  return popcount32(lo) + popcount32(hi);
}

/** Index of the lowest set bit of a nonzero int32. */
export function lowestBit(x: number): number {
  return 31 - Math.clz32(x & -x);
}

export function hasSquare(lo: number, hi: number, square: number): boolean {
  return square < 32 ? ((lo >>> square) & 1) !== 0 : ((hi >>> (square - 32)) & 1) !== 0;
}

/** The squares of a set in increasing order (allocates: for tools and tests, not search). */
export function squaresOf(lo: number, hi: number): number[] {
  const out: number[] = [];
  while (lo !== 0) {
    const b = lo & -lo;
    out.push(31 - Math.clz32(b));
    lo ^= b;
  }
  while (hi !== 0) {
    const b = hi & -hi;
    out.push(63 - Math.clz32(b));
    hi ^= b;
  }
  return out;
}

/** Low half of the single-square set. */
export function squareLo(square: number): number {
  return square < 32 ? 1 << square : 0;
}

/** High half of the single-square set. */
export function squareHi(square: number): number {
  return square < 32 ? 0 : 1 << (square - 32);
}
