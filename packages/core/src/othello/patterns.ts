// The pattern set of the evaluation: one table, PATTERNS, that both the evaluator and the weight
// fitter read. Each pattern type is given once by its ordered squares; its instances are the
// distinct images of that list under the 8 board symmetries, so symmetric instances read the
// same index for the same configuration and can share one weight table. The set is the one
// strong pattern engines converged on (Logistello, Edax): edge + 2 X-squares, 3x3 and 2x5 corner
// blocks, rows/columns 2-4, and the diagonals of length 4 to 8.
//
// An instance's index is base 3 over its squares: digit 0 empty, 1 black, 2 white, square i of
// the list worth 3^i. Indices are kept incrementally by Position (as in seed 004): each square
// knows the instances it belongs to and its power of 3 in each.
import { transformSquare } from './symmetry.js';

export interface PatternType {
  /** Short stable name, part of the pattern-set id of evaluation tables. */
  readonly name: string;
  /** Squares of the canonical instance, in digit order (square i is worth 3^i). */
  readonly squares: readonly number[];
}

const sq = (name: string): number => (name.charCodeAt(1) - 49) * 8 + (name.charCodeAt(0) - 97);
const list = (names: string): number[] => names.trim().split(/\s+/).map(sq);

export const PATTERN_TYPES: readonly PatternType[] = [
  { name: 'edge2x', squares: list('a1 b1 c1 d1 e1 f1 g1 h1 b2 g2') },
  { name: 'corner3x3', squares: list('a1 b1 c1 a2 b2 c2 a3 b3 c3') },
  { name: 'corner2x5', squares: list('a1 b1 c1 d1 e1 a2 b2 c2 d2 e2') },
  { name: 'hv2', squares: list('a2 b2 c2 d2 e2 f2 g2 h2') },
  { name: 'hv3', squares: list('a3 b3 c3 d3 e3 f3 g3 h3') },
  { name: 'hv4', squares: list('a4 b4 c4 d4 e4 f4 g4 h4') },
  { name: 'diag8', squares: list('a1 b2 c3 d4 e5 f6 g7 h8') },
  { name: 'diag7', squares: list('b1 c2 d3 e4 f5 g6 h7') },
  { name: 'diag6', squares: list('c1 d2 e3 f4 g5 h6') },
  { name: 'diag5', squares: list('d1 e2 f3 g4 h5') },
  { name: 'diag4', squares: list('e1 f2 g3 h4') },
];

export interface PatternInstance {
  /** Index into PATTERN_TYPES. */
  readonly type: number;
  /** Ordered squares of this instance (the canonical list under one symmetry). */
  readonly squares: readonly number[];
}

function buildInstances(): PatternInstance[] {
  const out: PatternInstance[] = [];
  PATTERN_TYPES.forEach((type, t) => {
    const seen = new Set<string>();
    for (let s = 0; s < 8; s++) {
      const squares = type.squares.map((q) => transformSquare(q, s));
      const key = [...squares].sort((a, b) => a - b).join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ type: t, squares });
    }
  });
  return out;
}

/** Every pattern instance on the board, grouped by type. */
export const PATTERNS: readonly PatternInstance[] = buildInstances();
export const PATTERN_COUNT = PATTERNS.length;

/** Number of indices (3^length) of each pattern type. */
export const PATTERN_SIZES: readonly number[] = PATTERN_TYPES.map((t) => 3 ** t.squares.length);

/**
 * For each index of pattern type `type`, the representative of its mirror class: the smallest
 * index among its images under the board symmetries that map the type's squares onto themselves
 * (a row or a diagonal read backwards, an edge or a 3x3 corner reflected in its axis; the 2x5
 * corner block has none). The instances above drop the mirrored reading of such a pattern (it
 * covers the same squares), so one configuration and its mirror image read different indices: an
 * evaluation that gives each class one weight is symmetric. Computed once per type, on first use.
 */
export function mirrorRepresentatives(type: number): Int32Array {
  const cached = representatives[type];
  if (cached) return cached;
  const squares = PATTERN_TYPES[type].squares;
  const n = squares.length;
  const own = new Set(squares);
  // The digit permutation of each such symmetry: digit k moves to position perm[k].
  const perms: number[][] = [];
  for (let s = 1; s < 8; s++) {
    const image = squares.map((q) => transformSquare(q, s));
    if (!image.every((q) => own.has(q))) continue;
    const perm = image.map((q) => squares.indexOf(q));
    if (perm.some((to, k) => to !== k)) perms.push(perm);
  }
  const size = 3 ** n;
  const out = new Int32Array(size);
  const digits = new Int32Array(n);
  for (let i = 0; i < size; i++) {
    let x = i;
    for (let k = 0; k < n; k++) {
      digits[k] = x % 3;
      x = (x - digits[k]) / 3;
    }
    let best = i;
    for (const perm of perms) {
      let j = 0;
      for (let k = 0; k < n; k++) j += digits[k] * 3 ** perm[k];
      if (j < best) best = j;
    }
    out[i] = best;
  }
  representatives[type] = out;
  return out;
}
const representatives: (Int32Array | undefined)[] = [];

/** Type of each instance, as a typed array for the evaluator. */
export const INSTANCE_TYPE = Int32Array.from(PATTERNS, (p) => p.type);

/**
 * A stable id of the pattern set (names and squares), written into evaluation tables so a table
 * trained for another set is refused.
 */
export const PATTERN_SET_ID: number = (() => {
  let h = 0x811c9dc5;
  const text = PATTERN_TYPES.map((t) => `${t.name}:${t.squares.join('.')}`).join('|');
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
})();

// Square -> (instance, power of 3) lists, flattened: entries SQUARE_START[s] .. SQUARE_START[s+1]-1.
const entries: Array<[number, number, number]> = [];
PATTERNS.forEach((p, i) => p.squares.forEach((s, k) => entries.push([s, i, 3 ** k])));
entries.sort((a, b) => a[0] - b[0] || a[1] - b[1]);

export const SQUARE_START = new Int32Array(65);
export const SQUARE_INSTANCE = new Int32Array(entries.length);
export const SQUARE_POWER = new Int32Array(entries.length);
{
  let k = 0;
  for (let s = 0; s < 64; s++) {
    SQUARE_START[s] = k;
    while (k < entries.length && entries[k][0] === s) {
      SQUARE_INSTANCE[k] = entries[k][1];
      SQUARE_POWER[k] = entries[k][2];
      k++;
    }
  }
  SQUARE_START[64] = k;
}

/**
 * For each type, the index with black and white exchanged (digit 1 <-> 2): the evaluator reads
 * weights from the side to move's point of view.
 */
export const COLOR_SWAP: readonly Int32Array[] = PATTERN_SIZES.map((size) => {
  const table = new Int32Array(size);
  for (let i = 0; i < size; i++) {
    let x = i;
    let swapped = 0;
    let pow = 1;
    while (x > 0) {
      const d = x % 3;
      swapped += (d === 0 ? 0 : 3 - d) * pow;
      x = (x - d) / 3;
      pow *= 3;
    }
    table[i] = swapped;
  }
  return table;
});

/**
 * Pattern indices computed from scratch from black and white bitboards: the reference the
 * incremental update is checked against, and what tools use outside the search.
 */
export function computePatternIndices(blackLo: number, blackHi: number, whiteLo: number, whiteHi: number, out: Int32Array = new Int32Array(PATTERN_COUNT)): Int32Array {
  for (let i = 0; i < PATTERN_COUNT; i++) {
    const squares = PATTERNS[i].squares;
    let index = 0;
    let pow = 1;
    for (let k = 0; k < squares.length; k++) {
      const s = squares[k];
      const black = s < 32 ? (blackLo >>> s) & 1 : (blackHi >>> (s - 32)) & 1;
      const white = s < 32 ? (whiteLo >>> s) & 1 : (whiteHi >>> (s - 32)) & 1;
      index += (black ? 1 : white ? 2 : 0) * pow;
      pow *= 3;
    }
    out[i] = index;
  }
  return out;
}
