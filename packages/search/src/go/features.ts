// Move features for the learned move priors (priors.ts), after Coulom, "Computing Elo ratings of
// move patterns in the game of Go" (2007): every candidate move is a team of features, one from
// each group it has, and its strength is the product of their gammas. The groups:
//   shape      the 3x3 neighbourhood relative to the mover, reduced by the 8 symmetries
//   capture    3: saves an own chain in atari by capturing; 2: captures the last move's chain;
//              1: any other capture
//   extension  an own chain in atari gets two or more liberties by the move (no capture)
//   atari      puts an opponent chain in atari
//   self-atari leaves a new chain of two or more stones in atari without capturing
//   distance   to the previous move and to the one before (d = dx + dy + max(dx, dy), 2..17+)
//   line       distance to the edge (first line .. fifth and beyond)
//   generators the seed's candidate generators (candidates.ts) that proposed the move (one
//              feature each), and a shape veto; computed only where the full generators run
// Features are small integers (ids below); `moveFeatures` computes them from the board's
// incremental 3x3 codes and chain liberties without allocating; `moveFeaturesReference` computes
// the same from a copy of the board with the move played, as the plain definition, and the tests
// hold the two equal.
import { generateCandidates } from './candidates.js';
import { EMPTY, PASS, type GoBoard } from './rules.js';

/** Feature ids: 0..65535 are the canonical 3x3 shapes; the rest follow. */
export const SHAPE_FEATURES = 1 << 16;
export const CAPTURE = SHAPE_FEATURES; // + level - 1, levels 1..3
export const EXTENSION = CAPTURE + 3;
export const ATARI = EXTENSION + 1;
export const SELF_ATARI = ATARI + 1;
/** Distance buckets 2..17 (17 = 17 or more). */
export const DISTANCE_BUCKETS = 16;
export const DIST_PREVIOUS = SELF_ATARI + 1; // + min(d, 17) - 2
export const DIST_BEFORE = DIST_PREVIOUS + DISTANCE_BUCKETS;
export const LINE = DIST_BEFORE + DISTANCE_BUCKETS; // + min(line, 4), line 0 = the edge
export const GENERATOR = LINE + 5; // + index in GENERATOR_NAMES
export const GENERATOR_NAMES = ['capture', 'escape', 'cut', 'connect', 'pattern', 'moyo', 'veto'] as const;
export const FEATURE_COUNT = GENERATOR + GENERATOR_NAMES.length;
/** At most this many features per move. */
export const MAX_MOVE_FEATURES = 9 + GENERATOR_NAMES.length;

/** The feature groups as [first id, id count] (one feature of a group at most per move). */
export const FEATURE_GROUPS: ReadonlyArray<readonly [string, number, number]> = [
  ['shape', 0, SHAPE_FEATURES],
  ['capture', CAPTURE, 3],
  ['extension', EXTENSION, 1],
  ['atari', ATARI, 1],
  ['self-atari', SELF_ATARI, 1],
  ['distance-previous', DIST_PREVIOUS, DISTANCE_BUCKETS],
  ['distance-before', DIST_BEFORE, DISTANCE_BUCKETS],
  ['line', LINE, 5],
  ...GENERATOR_NAMES.map((n, i) => [`generator-${n}`, GENERATOR + i, 1] as const),
];

/** The 8 symmetries of the 3x3 neighbourhood as permutations of the nbr3 slots (NW N NE W E SW S SE). */
const SYMMETRIES: readonly (readonly number[])[] = (() => {
  const slots = [
    [-1, -1], [0, -1], [1, -1],
    [-1, 0], [1, 0],
    [-1, 1], [0, 1], [1, 1],
  ];
  const maps = [
    (x: number, y: number) => [x, y], (x: number, y: number) => [-y, x], (x: number, y: number) => [-x, -y], (x: number, y: number) => [y, -x],
    (x: number, y: number) => [-x, y], (x: number, y: number) => [x, -y], (x: number, y: number) => [y, x], (x: number, y: number) => [-y, -x],
  ];
  return maps.map((f) => slots.map(([x, y]) => {
    const [u, v] = f(x, y);
    return slots.findIndex(([a, b]) => a === u && b === v);
  }));
})();

/** The smallest code of a relative 3x3 code over the 8 symmetries. */
export function canonicalShape(code: number): number {
  let best = code;
  for (const perm of SYMMETRIES) {
    let out = 0;
    for (let k = 0; k < 8; k++) out |= ((code >> (2 * k)) & 3) << (2 * perm[k]);
    if (out < best) best = out;
  }
  return best;
}

let shapeTable: Uint16Array | null = null;

/** ((c - 1) << 16 | absolute nbr3 code) -> canonical shape relative to c (1 = c's stone, 2 = the opponent's). */
export function canonicalShapeTable(): Uint16Array {
  if (shapeTable) return shapeTable;
  const t = new Uint16Array(2 << 16);
  for (let code = 0; code < 1 << 16; code++) {
    let swapped = 0;
    for (let k = 0; k < 16; k += 2) {
      const v = (code >> k) & 3;
      swapped |= (v === 1 ? 2 : v === 2 ? 1 : v) << k;
    }
    t[code] = canonicalShape(code);
    t[(1 << 16) | code] = canonicalShape(swapped);
  }
  shapeTable = t;
  return t;
}

/** 3x3 code -> empty orthogonal neighbours (N, W, E, S: the slots 1, 3, 4, 6). */
const emptyNeighbours = (() => {
  const t = new Uint8Array(1 << 16);
  for (let code = 0; code < 1 << 16; code++) {
    t[code] = (((code >> 2) & 3) === EMPTY ? 1 : 0) + (((code >> 6) & 3) === EMPTY ? 1 : 0) + (((code >> 8) & 3) === EMPTY ? 1 : 0) + (((code >> 12) & 3) === EMPTY ? 1 : 0);
  }
  return t;
})();

/** 3x3 code -> 1 if a stone (of either colour) is an orthogonal neighbour. */
const stoneBeside = (() => {
  const t = new Uint8Array(1 << 16);
  const stone = (v: number): boolean => v === 1 || v === 2;
  for (let code = 0; code < 1 << 16; code++) {
    t[code] = stone((code >> 2) & 3) || stone((code >> 6) & 3) || stone((code >> 8) & 3) || stone((code >> 12) & 3) ? 1 : 0;
  }
  return t;
})();

/** The distance measure of Coulom's features: dx + dy + max(dx, dy), as a bucket 0..15 (d = 2..17+). */
export function distanceBucket(b: GoBoard, p: number, q: number): number {
  const dx = Math.abs(b.xAt[p] - b.xAt[q]);
  const dy = Math.abs(b.yAt[p] - b.yAt[q]);
  const d = dx + dy + (dx > dy ? dx : dy);
  return (d > 17 ? 17 : d) - 2;
}

/**
 * Writes the features of `c` playing the empty legal point `p` into `out` (ascending ids, the
 * generators excluded) and returns how many. Allocation-free.
 */
export function moveFeatures(b: GoBoard, p: number, c: number, out: Int32Array): number {
  out[0] = canonicalShapeTable()[((c - 1) << 16) | b.nbr3[p]];
  return moveFeaturesAfter(b, p, c, b.ply > 0 ? b.moveAt(b.ply - 1) : PASS, b.ply > 1 ? b.moveAt(b.ply - 2) : PASS, out);
}

/**
 * moveFeatures without the shape: writes the other features from out[1] on, given the last move
 * and the one before (PASS if none; a caller scoring every point of a position reads them once),
 * and returns the count including out[0].
 */
export function moveFeaturesAfter(b: GoBoard, p: number, c: number, last: number, before: number, out: Int32Array): number {
  let n = 1;
  // Captures, ataris, and own chains in atari beside p (none without a stone beside it).
  let capture = 0;
  let atari = false;
  let ownInAtari = false;
  let ownNeighbour = false;
  if (stoneBeside[b.nbr3[p]] !== 0) {
    const col = b.color;
    const dirs = b.dirs;
    const o = 3 - c;
    for (let d = 0; d < 4; d++) {
      const q = p + dirs[d];
      const cq = col[q];
      if (cq === o) {
        if (b.inAtari(q)) {
          let level = 1;
          if (last > 0 && col[last] === o && b.head[last] === b.head[q]) level = 2;
          if (savesByCapture(b, q, c)) level = 3;
          if (level > capture) capture = level;
        } else {
          // Two liberties? Two pseudo-liberties, not in atari, are two; three empty neighbours of
          // the stone itself are three or more; else count.
          const pseudo = b.libCount[b.head[q]];
          if (pseudo === 2) atari = true;
          else if (emptyNeighbours[b.nbr3[q]] < 3 && b.liberties(q, 3) === 2) atari = true;
        }
      } else if (cq === c) {
        ownNeighbour = true;
        if (b.inAtari(q)) ownInAtari = true;
      }
    }
  }
  if (capture > 0) out[n++] = CAPTURE + capture - 1;
  else if (ownInAtari && b.libertiesAfter2(p, c) >= 2) out[n++] = EXTENSION;
  // An atari that is itself a self-atari of the new stone still counts as an atari (Coulom's).
  if (atari) out[n++] = ATARI;
  if (capture === 0 && ownNeighbour && b.libertiesAfter2(p, c) < 2) out[n++] = SELF_ATARI;
  if (last > 0) out[n++] = DIST_PREVIOUS + distanceBucket(b, p, last);
  if (before > 0) out[n++] = DIST_BEFORE + distanceBucket(b, p, before);
  const line = b.edgeDistance[p];
  out[n++] = LINE + (line > 4 ? 4 : line);
  return n;
}

/** True if the opponent chain in atari through q touches an own chain (of c) in atari. */
function savesByCapture(b: GoBoard, q: number, c: number): boolean {
  const h = b.head[q];
  let s = h;
  do {
    for (let d = 0; d < 4; d++) {
      const r = s + b.dirs[d];
      if (b.color[r] === c && b.inAtari(r)) return true;
    }
    s = b.nextStone[s];
  } while (s !== h);
  return false;
}

/**
 * The generator features of every point for `c` on `b`: point -> bit set over GENERATOR_NAMES
 * (the proposals that survived the vetoes, and the shape vetoes). Runs the full generators.
 */
export function generatorFeatures(b: GoBoard, c: number, readingBudget = 500): Map<number, number> {
  const list = generateCandidates(b, c, { readingBudget });
  const out = new Map<number, number>();
  const set = (p: number, k: number) => out.set(p, (out.get(p) ?? 0) | (1 << k));
  for (const cand of list.candidates) {
    const g = cand.generator.startsWith('pattern:') ? 'pattern' : cand.generator;
    const k = GENERATOR_NAMES.indexOf(g as (typeof GENERATOR_NAMES)[number]);
    if (k >= 0) set(cand.point, k);
  }
  // Shape vetoes (negative patterns); self-atari and eye filling are features of their own.
  for (const v of list.vetoes) if (v.generator !== 'self-atari' && v.generator !== 'fill-own-eye' && !out.has(v.point)) set(v.point, GENERATOR_NAMES.indexOf('veto'));
  return out;
}

// ---------------------------------------------------------------------------------------------
// The reference: the same features from their definitions, on a copy with the move played.

function chainOf(b: GoBoard, p: number): { stones: number[]; liberties: Set<number> } {
  const c = b.color[p];
  const stones: number[] = [];
  const liberties = new Set<number>();
  const seen = new Set<number>([p]);
  const stack = [p];
  while (stack.length) {
    const s = stack.pop()!;
    stones.push(s);
    for (let d = 0; d < 4; d++) {
      const q = s + b.dirs[d];
      if (b.color[q] === EMPTY) liberties.add(q);
      else if (b.color[q] === c && !seen.has(q)) {
        seen.add(q);
        stack.push(q);
      }
    }
  }
  return { stones, liberties };
}

/** The features of `c` at `p` from their definitions (slow; the test reference of moveFeatures). */
export function moveFeaturesReference(b: GoBoard, p: number, c: number): number[] {
  const o = 3 - c;
  const out: number[] = [];
  // Shape: read the 8 neighbours, relative to c, and take the least code over the symmetries.
  const W = b.stride;
  const offsets = [-W - 1, -W, -W + 1, -1, 1, W - 1, W, W + 1];
  let code = 0;
  offsets.forEach((off, k) => {
    const v = b.color[p + off];
    code |= (v === EMPTY ? 0 : v === c ? 1 : v === o ? 2 : 3) << (2 * k);
  });
  out.push(canonicalShape(code));
  const last = b.ply > 0 ? b.moveAt(b.ply - 1) : PASS;
  const before = b.ply > 1 ? b.moveAt(b.ply - 2) : PASS;
  const after = b.clone();
  after.superko = false;
  after.play(p, c);
  const captured = [...Array(b.points).keys()].filter((q) => b.color[q] === o && after.color[q] === EMPTY);
  const neighbours = [0, 1, 2, 3].map((d) => p + b.dirs[d]);
  const ownChainsInAtariBefore = neighbours.filter((q) => b.color[q] === c && chainOf(b, q).liberties.size === 1);
  let capture = 0;
  if (captured.length > 0) {
    capture = 1;
    if (last > 0 && captured.includes(last)) capture = 2;
    // Some captured chain touches an own chain that was in atari.
    const inAtari = new Set<number>();
    for (let q = 0; q < b.points; q++) if (b.color[q] === c && chainOf(b, q).liberties.size === 1) inAtari.add(q);
    if (captured.some((s) => [0, 1, 2, 3].some((d) => inAtari.has(s + b.dirs[d])))) capture = 3;
    out.push(CAPTURE + capture - 1);
  } else if (ownChainsInAtariBefore.length > 0 && chainOf(after, p).liberties.size >= 2) out.push(EXTENSION);
  // Atari: an opponent chain beside p with two liberties before the move has one after it.
  if (neighbours.some((q) => b.color[q] === o && chainOf(b, q).liberties.size === 2 && after.color[q] === o && chainOf(after, q).liberties.size === 1)) out.push(ATARI);
  if (captured.length === 0) {
    const chain = chainOf(after, p);
    if (chain.stones.length >= 2 && chain.liberties.size < 2) out.push(SELF_ATARI);
  }
  const bucket = (q: number) => {
    const dx = Math.abs(b.xOf(p) - b.xOf(q));
    const dy = Math.abs(b.yOf(p) - b.yOf(q));
    return Math.min(17, dx + dy + Math.max(dx, dy)) - 2;
  };
  if (last > 0) out.push(DIST_PREVIOUS + bucket(last));
  if (before > 0) out.push(DIST_BEFORE + bucket(before));
  const x = b.xOf(p);
  const y = b.yOf(p);
  out.push(LINE + Math.min(4, x, y, b.size - 1 - x, b.size - 1 - y));
  return out;
}
