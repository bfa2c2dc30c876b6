// Bit tricks on int32 halves against plain loops, including the sign bit (square 31 / 63).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasSquare, lowestBit, popcount, popcount32, squareHi, squareLo, squaresOf } from './bitboard.js';

const slowCount = (x: number): number => {
  let n = 0;
  for (let i = 0; i < 32; i++) n += (x >>> i) & 1;
  return n;
};

describe('bitboard helpers', () => {
  it('popcount and lowestBit equal loops on random words, and the sign bit counts', () => {
    fc.assert(fc.property(fc.integer({ min: -0x80000000, max: 0x7fffffff }), (x) => {
      expect(popcount32(x)).toBe(slowCount(x));
      if (x !== 0) expect(lowestBit(x)).toBe([...Array(32).keys()].find((i) => ((x >>> i) & 1) === 1));
    }), { numRuns: 500 });
    expect(popcount(-1, -1)).toBe(64);
    expect(popcount(0x80000000 | 0, 1)).toBe(2);
    expect(lowestBit(0x80000000 | 0)).toBe(31);
  });

  it('single squares round-trip through squareLo/squareHi, hasSquare and squaresOf', () => {
    for (let s = 0; s < 64; s++) {
      const lo = squareLo(s);
      const hi = squareHi(s);
      expect(popcount(lo, hi)).toBe(1);
      expect(squaresOf(lo, hi)).toEqual([s]);
      for (let t = 0; t < 64; t++) expect(hasSquare(lo, hi, t)).toBe(t === s);
    }
    expect(squaresOf(-1, -1)).toEqual([...Array(64).keys()]);
  });
});
