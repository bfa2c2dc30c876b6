// Opening knowledge for large boards: the empty corners first, then the wide open sides. The
// learned move priors (priors.ts) were fitted mostly on 9x9 records, where the distance to the
// last move decides most moves; on 19x19 they rank the answers next to the opponent's stone
// above every empty corner, and with progressive widening the search never looks at the corners
// (at 5 s a move sente opened at C14 and answered Q16 with P15, a contact play on move 2).
// `openingBonuses` adds log-strength to the moves a player takes in the opening:
//   corner  the 3-3, 3-4, 4-3 and 4-4 points of a corner with no stone in its K x K box
//           (K = 6 from 17x17, else 5)
//   side    once no corner box is empty: a point on the third or fourth line with no stone
//           within three lines either way (its 7x7 box, clipped by the edge), corner points
//           without the corner bonus included
// (The side bonus used to apply from the first move: at 5 s a move sente then opened J17 or took
// the side at move 3 while GNU Go took three corners, and lost its first five games.)
// Stones are counted with a summed-area table built once per call (size^2 additions), so a
// point costs four reads. `openingBonusesReference` counts the boxes point by point.
import { EMPTY, type GoBoard } from './rules.js';

/**
 * Boards from this size get the opening bonuses by default (openingFor): measured on 19x19 only,
 * so smaller boards (13x13 and up can use them) have them when asked.
 */
export const OPENING_FROM_SIZE = 19;
/** Log-strength added to a corner point of an empty corner. */
export const OPENING_CORNER = 2.5;
/** Log-strength added to a third- or fourth-line point with no stone within three lines. */
export const OPENING_SIDE = 1.5;

/** The bonuses by default on a board of `size`: from OPENING_FROM_SIZE. */
export function openingFor(size: number): boolean {
  return size >= OPENING_FROM_SIZE;
}

/** The corner box's width on a board of `size`. */
export function cornerBox(size: number): number {
  return size >= 17 ? 6 : 5;
}

/**
 * Writes bonus[p] for every point of b (0 where none applies) and returns true; returns false,
 * leaving bonus untouched, when a quarter of the board or more holds stones (no bonus can matter
 * then). `sat` is scratch of at least (size + 1)^2 entries.
 */
export function openingBonuses(b: GoBoard, sat: Int32Array, bonus: Float64Array): boolean {
  const n = b.size;
  if ((n * n - b.emptyCount) * 4 >= n * n) return false;
  const w = n + 1;
  const color = b.color;
  for (let x = 0; x <= n; x++) sat[x] = 0;
  for (let y = 0; y < n; y++) {
    let row = 0;
    const base = (y + 1) * w;
    sat[base] = 0;
    for (let x = 0; x < n; x++) {
      if (color[b.pointAt(x, y)] !== EMPTY) row++;
      sat[base + x + 1] = sat[base - w + x + 1] + row;
    }
  }
  const k = cornerBox(n);
  const half = n >> 1;
  const far = n - k;
  const emptyCorners = (boxStones(sat, w, 0, 0, k - 1, k - 1) === 0 ? 1 : 0) + (boxStones(sat, w, far, 0, n - 1, k - 1) === 0 ? 1 : 0)
    + (boxStones(sat, w, 0, far, k - 1, n - 1) === 0 ? 1 : 0) + (boxStones(sat, w, far, far, n - 1, n - 1) === 0 ? 1 : 0);
  bonus.fill(0);
  for (let y = 0; y < n; y++) {
    const ly = y < n - 1 - y ? y : n - 1 - y;
    for (let x = 0; x < n; x++) {
      const p = b.pointAt(x, y);
      if (color[p] !== EMPTY) continue;
      const lx = x < n - 1 - x ? x : n - 1 - x;
      if ((lx === 2 || lx === 3) && (ly === 2 || ly === 3)) {
        const x0 = x < half ? 0 : n - k;
        const y0 = y < half ? 0 : n - k;
        if (boxStones(sat, w, x0, y0, x0 + k - 1, y0 + k - 1) === 0) {
          bonus[p] = OPENING_CORNER;
          continue;
        }
      }
      const line = lx < ly ? lx : ly;
      if (emptyCorners > 0 || (line !== 2 && line !== 3)) continue;
      const x0 = x - 3 < 0 ? 0 : x - 3;
      const y0 = y - 3 < 0 ? 0 : y - 3;
      const x1 = x + 3 > n - 1 ? n - 1 : x + 3;
      const y1 = y + 3 > n - 1 ? n - 1 : y + 3;
      if (boxStones(sat, w, x0, y0, x1, y1) === 0) bonus[p] = OPENING_SIDE;
    }
  }
  return true;
}

/** Stones in columns x0..x1 and rows y0..y1 (inclusive) from the summed-area table. */
function boxStones(sat: Int32Array, w: number, x0: number, y0: number, x1: number, y1: number): number {
  return sat[(y1 + 1) * w + x1 + 1] - sat[y0 * w + x1 + 1] - sat[(y1 + 1) * w + x0] + sat[y0 * w + x0];
}

/** The same bonuses by their definition, box by box (null where openingBonuses returns false). */
export function openingBonusesReference(b: GoBoard): Map<number, number> | null {
  const n = b.size;
  let stones = 0;
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) if (b.color[b.pointAt(x, y)] !== EMPTY) stones++;
  if (stones * 4 >= n * n) return null;
  const empty = (x0: number, y0: number, x1: number, y1: number): boolean => {
    for (let y = Math.max(0, y0); y <= Math.min(n - 1, y1); y++) {
      for (let x = Math.max(0, x0); x <= Math.min(n - 1, x1); x++) if (b.color[b.pointAt(x, y)] !== EMPTY) return false;
    }
    return true;
  };
  const k = cornerBox(n);
  const corners = [[0, 0], [n - k, 0], [0, n - k], [n - k, n - k]];
  const cornersTaken = corners.every(([x0, y0]) => !empty(x0, y0, x0 + k - 1, y0 + k - 1));
  const out = new Map<number, number>();
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const p = b.pointAt(x, y);
      if (b.color[p] !== EMPTY) continue;
      const lx = Math.min(x, n - 1 - x);
      const ly = Math.min(y, n - 1 - y);
      const left = x < n / 2 - 0.5;
      const top = y < n / 2 - 0.5;
      const cornerPoint = [2, 3].includes(lx) && [2, 3].includes(ly);
      if (cornerPoint && empty(left ? 0 : n - k, top ? 0 : n - k, left ? k - 1 : n - 1, top ? k - 1 : n - 1)) {
        out.set(p, OPENING_CORNER);
      } else if (cornersTaken && [2, 3].includes(Math.min(lx, ly)) && empty(x - 3, y - 3, x + 3, y + 3)) {
        out.set(p, OPENING_SIDE);
      }
    }
  }
  return out;
}
