// The 8 symmetries of the board and the canonical position key of seed 001: a position and its 7
// mirror images are one position for an opening book, so the key is the smallest of the 8
// variants. The key is four 32-bit words, (player lo, player hi, opponent lo, opponent hi),
// relative to the side to move; variants compare opponent-hi first, then opponent-lo, player-hi,
// player-lo, as unsigned numbers (the seed's order).
//
// Transforms, as (row, col) -> (row', col'):
//   0 identity        (r, c)          4 transpose (a1-h8)  (c, r)
//   1 mirror columns  (r, 7-c)        5 rotate 90          (c, 7-r)
//   2 mirror rows     (7-r, c)        6 rotate 270         (7-c, r)
//   3 rotate 180      (7-r, 7-c)      7 anti-transpose     (7-c, 7-r)
import { HI } from './bitboard.js';

export const TRANSFORM_COUNT = 8;

/** Where square `square` goes under transform `t`. */
export function transformSquare(square: number, t: number): number {
  const r = square >> 3;
  const c = square & 7;
  switch (t) {
    case 0: return r * 8 + c;
    case 1: return r * 8 + (7 - c);
    case 2: return (7 - r) * 8 + c;
    case 3: return (7 - r) * 8 + (7 - c);
    case 4: return c * 8 + r;
    case 5: return c * 8 + (7 - r);
    case 6: return (7 - c) * 8 + r;
    case 7: return (7 - c) * 8 + (7 - r);
    default: throw new RangeError(`no transform ${t}`);
  }
}

/** The transform that undoes `t` (rotations 90 and 270 undo each other; the rest are involutions). */
export function inverseTransform(t: number): number {
  return t === 5 ? 6 : t === 6 ? 5 : t;
}

function bswap32(x: number): number {
  return (x << 24) | ((x << 8) & 0xff0000) | ((x >>> 8) & 0xff00) | (x >>> 24);
}

function mirrorBytes(x: number): number {
  x = ((x >>> 1) & 0x55555555) | ((x & 0x55555555) << 1);
  x = ((x >>> 2) & 0x33333333) | ((x & 0x33333333) << 2);
  return ((x >>> 4) & 0x0f0f0f0f) | ((x & 0x0f0f0f0f) << 4);
}

let tLo = 0;
let tHi = 0;

/** Transpose (a1-h8 flip) of (lo, hi) into tLo/tHi, by three delta swaps. */
function transpose(lo: number, hi: number): void {
  let t = 0x0f0f0f0f & (hi ^ ((hi << 28) | (lo >>> 4)));
  lo ^= t << 4;
  hi ^= t ^ (t >>> 28);
  let ta = 0x33330000 & (lo ^ (lo << 14));
  let tb = 0x33330000 & (hi ^ ((hi << 14) | (lo >>> 18)));
  lo ^= ta ^ ((ta >>> 14) | (tb << 18));
  hi ^= tb ^ (tb >>> 14);
  ta = 0x55005500 & (lo ^ (lo << 7));
  tb = 0x55005500 & (hi ^ ((hi << 7) | (lo >>> 25)));
  lo ^= ta ^ ((ta >>> 7) | (tb << 25));
  hi ^= tb ^ (tb >>> 7);
  tLo = lo;
  tHi = hi;
}

/** The set (lo, hi) under transform t: returns the low half, the high half in HI[0]. */
export function transformSet(lo: number, hi: number, t: number): number {
  if (t >= 4) {
    transpose(lo, hi);
    lo = tLo;
    hi = tHi;
    t -= 4; // 5, 6, 7 are 1, 2, 3 applied after the transpose
  }
  if (t === 1 || t === 3) {
    lo = mirrorBytes(lo);
    hi = mirrorBytes(hi);
  }
  if (t === 2 || t === 3) {
    const l = bswap32(hi);
    hi = bswap32(lo);
    lo = l;
  }
  HI[0] = hi;
  return lo;
}

/** Reference: the same transform square by square. */
export function transformSetSlow(lo: number, hi: number, t: number): [number, number] {
  let outLo = 0;
  let outHi = 0;
  for (let s = 0; s < 64; s++) {
    const bit = s < 32 ? (lo >>> s) & 1 : (hi >>> (s - 32)) & 1;
    if (!bit) continue;
    const d = transformSquare(s, t);
    if (d < 32) outLo |= 1 << d;
    else outHi |= 1 << (d - 32);
  }
  return [outLo, outHi];
}

/** A canonical key: the four words (unsigned) and the transform that produced it. */
export interface CanonicalKey {
  readonly playerLo: number;
  readonly playerHi: number;
  readonly opponentLo: number;
  readonly opponentHi: number;
  /** The transform that maps the position onto its canonical variant. */
  readonly transform: number;
}

/** Seed 001's comparison: opponent hi, opponent lo, player hi, player lo, unsigned. */
function compareKeys(a: Uint32Array, b: Uint32Array): number {
  for (const i of [3, 2, 1, 0]) {
    if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return 0;
}

/** The smallest of the 8 symmetric variants of (player, opponent) and the transform giving it. */
export function canonicalKey(pLo: number, pHi: number, oLo: number, oHi: number): CanonicalKey {
  const best = new Uint32Array(4);
  const cur = new Uint32Array(4);
  let bestT = 0;
  for (let t = 0; t < 8; t++) {
    cur[0] = transformSet(pLo, pHi, t);
    cur[1] = HI[0];
    cur[2] = transformSet(oLo, oHi, t);
    cur[3] = HI[0];
    if (t === 0 || compareKeys(cur, best) < 0) {
      best.set(cur);
      bestT = t;
    }
  }
  return { playerLo: best[0], playerHi: best[1], opponentLo: best[2], opponentHi: best[3], transform: bestT };
}

/** The key as 32 hex digits (player lo, player hi, opponent lo, opponent hi): a stable text id. */
export function keyToHex(key: CanonicalKey): string {
  return [key.playerLo, key.playerHi, key.opponentLo, key.opponentHi].map((w) => (w >>> 0).toString(16).padStart(8, '0')).join('');
}
