// A lower bound on the stable discs of a player, for the endgame solver's stability cut-offs
// (Edax's get_stability). Three sources, all sound: (1) edges, from a table over every pair of
// 8-bit edge contents that plays out all edge moves of both colours, legal or not (an edge disc can
// only be flipped along its edge); (2) interior discs whose four lines are all full; (3) interior
// discs that, in each of the four directions, lie on a full line or touch a stable disc of their
// own colour, repeated until nothing changes. Only the four rows/columns/diagonals logic runs per
// call; the edge table (64 KB) is built once at load time with memoisation.
import * as core from '@sente/core';

// Local bindings, so the hot path reads no module namespace properties (see endgame.ts).
const HI = core.HI;
const popcount = core.popcount;

/** EDGE_STABLE[p | o << 8]: the player's discs of an 8-square edge that no sequence of edge moves can flip. */
const EDGE_STABLE = new Uint8Array(65536);
const EDGE_DONE = new Uint8Array(65536);

/** The board after `mover` places a disc at `x` on an edge and flips along it (other = opponent). */
function edgePlay(mover: number, other: number, x: number): number {
  let flips = 0;
  let y = x - 1;
  let run = 0;
  while (y >= 0 && ((other >> y) & 1) !== 0) { run |= 1 << y; y--; }
  if (y >= 0 && ((mover >> y) & 1) !== 0) flips |= run;
  y = x + 1;
  run = 0;
  while (y < 8 && ((other >> y) & 1) !== 0) { run |= 1 << y; y++; }
  if (y < 8 && ((mover >> y) & 1) !== 0) flips |= run;
  return flips;
}

function edgeStability(p: number, o: number): number {
  const key = p | (o << 8);
  if (EDGE_DONE[key] !== 0) return EDGE_STABLE[key];
  let stable = p;
  const empty = ~(p | o) & 0xff;
  for (let x = 0; x < 8 && stable !== 0; x++) {
    if (((empty >> x) & 1) === 0) continue;
    const b = 1 << x;
    let f = edgePlay(p, o, x);
    stable &= edgeStability(p | b | f, o & ~f);
    if (stable === 0) break;
    f = edgePlay(o, p, x);
    stable &= edgeStability(p & ~f, o | b | f);
  }
  EDGE_DONE[key] = 1;
  EDGE_STABLE[key] = stable;
  return stable;
}

for (let p = 0; p < 256; p++) {
  for (let o = 0; o < 256; o++) if ((p & o) === 0) edgeStability(p, o);
}

/** Column bits (rows 1..8 as bits 0..7) scattered back onto column a: low and high halves. */
const COL_A_LO = new Int32Array(256);
const COL_A_HI = new Int32Array(256);
for (let e = 0; e < 256; e++) {
  for (let r = 0; r < 8; r++) {
    if (((e >> r) & 1) === 0) continue;
    if (r < 4) COL_A_LO[e] |= 1 << (r * 8);
    else COL_A_HI[e] |= 1 << ((r - 4) * 8);
  }
}

/** Column a packed into 8 bits (row 1 = bit 0); pass `x >>> 7` halves for column h. */
function packColumn(lo: number, hi: number): number {
  return ((Math.imul(lo & 0x01010101, 0x01020408) >>> 24) & 0x0f) | ((Math.imul(hi & 0x01010101, 0x01020408) >>> 20) & 0xf0);
}

/** The 15 diagonals of each direction: +9 (a1-h8) first, then +7 (h1-a8), as low and high masks. */
const DIAG_LO = new Int32Array(30);
const DIAG_HI = new Int32Array(30);
for (let dir = 0; dir < 2; dir++) {
  for (let start = -7; start <= 7; start++) {
    let lo = 0, hi = 0;
    for (let r = 0; r < 8; r++) {
      const c = dir === 0 ? r + start : 7 - r - start;
      if (c < 0 || c > 7) continue;
      const sq = r * 8 + c;
      if (sq < 32) lo |= 1 << sq;
      else hi |= 1 << (sq - 32);
    }
    DIAG_LO[dir * 15 + start + 7] = lo;
    DIAG_HI[dir * 15 + start + 7] = hi;
  }
}

/** Interior squares b2..g7. */
const CENTRAL_LO = 0x7e7e7e00;
const CENTRAL_HI = 0x007e7e7e;

/** A lower bound on the number of stable discs of the player (p) against the opponent (o). */
export function stableDiscCount(pLo: number, pHi: number, oLo: number, oHi: number): number {
  const lo = stableDiscs(pLo, pHi, oLo, oHi);
  return popcount(lo, HI[0]);
}

/**
 * Discs of the player (p) proven stable: no sequence of moves can flip them. Returns the low
 * half; the high half is left in HI[0].
 */
export function stableDiscs(pLo: number, pHi: number, oLo: number, oHi: number): number {
  // Edges.
  let sLo = EDGE_STABLE[(pLo & 0xff) | ((oLo & 0xff) << 8)];
  let sHi = EDGE_STABLE[(pHi >>> 24) | ((oHi >>> 24) << 8)] << 24;
  let e = EDGE_STABLE[packColumn(pLo, pHi) | (packColumn(oLo, oHi) << 8)];
  sLo |= COL_A_LO[e];
  sHi |= COL_A_HI[e];
  e = EDGE_STABLE[packColumn(pLo >>> 7, pHi >>> 7) | (packColumn(oLo >>> 7, oHi >>> 7) << 8)];
  sLo |= COL_A_LO[e] << 7;
  sHi |= COL_A_HI[e] << 7;

  const cLo = pLo & CENTRAL_LO;
  const cHi = pHi & CENTRAL_HI;
  if (cLo === 0 && cHi === 0) {
    HI[0] = sHi;
    return sLo;
  }
  const occLo = pLo | oLo;
  const occHi = pHi | oHi;

  // Full rows: bit i survives t &= t >>> k only if squares i..i+7 are all occupied.
  let t = occLo & (occLo >>> 1);
  t &= t >>> 2;
  t &= t >>> 4;
  const hLo = Math.imul(t & 0x01010101, 0xff);
  t = occHi & (occHi >>> 1);
  t &= t >>> 2;
  t &= t >>> 4;
  const hHi = Math.imul(t & 0x01010101, 0xff);
  // Full columns.
  t = occLo & occHi;
  t &= t >>> 16;
  t &= t >>> 8;
  const v = Math.imul(t & 0xff, 0x01010101);
  // Full diagonals.
  let d9Lo = 0, d9Hi = 0, d7Lo = 0, d7Hi = 0;
  for (let k = 0; k < 15; k++) {
    const l = DIAG_LO[k], h = DIAG_HI[k];
    if ((occLo & l) === l && (occHi & h) === h) { d9Lo |= l; d9Hi |= h; }
  }
  for (let k = 15; k < 30; k++) {
    const l = DIAG_LO[k], h = DIAG_HI[k];
    if ((occLo & l) === l && (occHi & h) === h) { d7Lo |= l; d7Hi |= h; }
  }

  sLo |= cLo & hLo & v & d9Lo & d7Lo;
  sHi |= cHi & hHi & v & d9Hi & d7Hi;

  // Propagation. Results are only read on interior squares, whose neighbours never wrap a row.
  for (;;) {
    const aLo = (sLo << 1) | (sLo >>> 1) | (sHi << 31) | hLo;
    const aHi = (sHi << 1) | (sHi >>> 1) | (sLo >>> 31) | hHi;
    const bLo = (sLo << 8) | (sLo >>> 8) | (sHi << 24) | v;
    const bHi = (sHi << 8) | (sHi >>> 8) | (sLo >>> 24) | v;
    const c9Lo = (sLo << 9) | (sLo >>> 9) | (sHi << 23) | d9Lo;
    const c9Hi = (sHi << 9) | (sHi >>> 9) | (sLo >>> 23) | d9Hi;
    const c7Lo = (sLo << 7) | (sLo >>> 7) | (sHi << 25) | d7Lo;
    const c7Hi = (sHi << 7) | (sHi >>> 7) | (sLo >>> 25) | d7Hi;
    const nLo = sLo | (cLo & aLo & bLo & c9Lo & c7Lo);
    const nHi = sHi | (cHi & aHi & bHi & c9Hi & c7Hi);
    if (nLo === sLo && nHi === sHi) break;
    sLo = nLo;
    sHi = nHi;
  }
  HI[0] = sHi;
  return sLo;
}
