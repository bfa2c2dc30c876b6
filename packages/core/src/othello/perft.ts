// Perft: the number of n-ply sequences from a position, counting a forced pass as a ply and a
// finished game as one leaf (the convention of the project's perft table). It exercises the move
// generator and flips at full speed, recursing on raw bitboard halves: no position object, no
// allocation. The last ply is counted with a popcount, as the C reference does.
import { HI, popcount } from './bitboard.js';

const HI_ = HI; // module-local alias (see moves.ts)
import { flipsFor, generateMoves } from './moves.js';

export function perft(pLo: number, pHi: number, oLo: number, oHi: number, depth: number): number {
  let mLo = generateMoves(pLo, pHi, oLo, oHi);
  let mHi = HI_[0];
  if (depth <= 1) {
    if (depth <= 0) return 1;
    return mLo === 0 && mHi === 0 ? 1 : popcount(mLo, mHi);
  }
  if (mLo === 0 && mHi === 0) {
    const oppLo = generateMoves(oLo, oHi, pLo, pHi);
    if (oppLo === 0 && HI_[0] === 0) return 1;
    return perft(oLo, oHi, pLo, pHi, depth - 1);
  }
  let n = 0;
  while (mLo !== 0) {
    const b = mLo & -mLo;
    mLo ^= b;
    const sq = 31 - Math.clz32(b);
    const fLo = flipsFor(pLo, pHi, oLo, oHi, sq);
    const fHi = HI_[0];
    n += perft(oLo ^ fLo, oHi ^ fHi, pLo ^ fLo ^ b, pHi ^ fHi, depth - 1);
  }
  while (mHi !== 0) {
    const b = mHi & -mHi;
    mHi ^= b;
    const sq = 63 - Math.clz32(b);
    const fLo = flipsFor(pLo, pHi, oLo, oHi, sq);
    const fHi = HI_[0];
    n += perft(oLo ^ fLo, oHi ^ fHi, pLo ^ fLo, pHi ^ fHi ^ b, depth - 1);
  }
  return n;
}
