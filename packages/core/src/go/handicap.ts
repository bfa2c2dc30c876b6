// Fixed handicap placements exactly as GNU Go places them (its `fixed_handicap`, which GTP 2's
// reference follows): the star points on the third line (the fourth from 13x13 up), corners
// first, then the sides, with the centre stone for odd counts. Up to 9 stones on odd boards from
// 9x9, up to 4 on the others from 7x7, none below; 1 stone is no handicap (GNU Go refuses it).
// GNU Go lists the vertices row by row from the top, left to right; so does `fixedHandicap`.
import { err, ok, type Result } from '../othello/result.js';

/** Most fixed handicap stones GNU Go places on a board of this size. */
export function maxFixedHandicap(size: number): number {
  if (size % 2 === 1 && size >= 9) return 9;
  if (size >= 7) return 4;
  return 0;
}

/** The points (0-based x, y from the top-left) of an n-stone fixed handicap, GNU Go's order. */
export function fixedHandicapXY(size: number, n: number): Result<Array<[number, number]>> {
  const max = maxFixedHandicap(size);
  if (!Number.isInteger(n) || n < 2 || n > max) {
    return err('invalid-handicap', max === 0 ? `no fixed handicap on a ${size}x${size} board` : `a fixed handicap on ${size}x${size} is 2..${max} stones, not ${n}`, 0);
  }
  const near = size > 11 ? 3 : 2;
  const far = size - 1 - near;
  const mid = (size - 1) / 2;
  // Corners: top-right and bottom-left, then top-left, then bottom-right.
  const points: Array<[number, number]> = [[far, near], [near, far]];
  if (n >= 3) points.push([near, near]);
  if (n >= 4) points.push([far, far]);
  if (n >= 6) points.push([near, mid], [far, mid]);
  if (n >= 8) points.push([mid, near], [mid, far]);
  if (n % 2 === 1 && n >= 5) points.push([mid, mid]);
  points.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  return ok(points);
}
