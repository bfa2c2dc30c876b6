// Moyo-limiting points (seed 000): "play at the middle of the line joining the tips of the
// opponent's framework". The seed gives the rule and an example but not how to find the tips, so
// this is the geometry used here: the board is cut into four corner quadrants (the centre lines
// belong to both sides); a quadrant where the opponent has at least three stones and the mover
// at most a third as many holds a framework. Its outline is the convex hull of those stones and
// the quadrant's corner; the mouth is the hull edge between two stones whose midpoint is nearest
// the board centre (at least 4 lines long). Candidates are the empty points at the midpoint,
// rounded both ways when it falls between lines. On the seed's board this gives exactly (12, 13)
// and (12, 14) for white.
import type { GoBoard } from './rules.js';
import { EMPTY } from './rules.js';

export interface MoyoMouth {
  /** The two framework stones at the tips. */
  readonly tips: readonly [number, number];
  /** Empty points at the midpoint. */
  readonly points: readonly number[];
}

type Pt = readonly [number, number];

function cross(o: Pt, a: Pt, b: Pt): number {
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

/** Convex hull (monotone chain), counter-clockwise, without collinear points. */
function convexHull(points: Pt[]): Pt[] {
  const pts = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (pts.length < 3) return pts;
  const lower: Pt[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Pt[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop();
    upper.push(p);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

/** The mouths of the frameworks of `framer` (the opponent of the side that wants to limit them). */
export function moyoMouths(board: GoBoard, framer: number): MoyoMouth[] {
  const n = board.size;
  const mid = (n - 1) / 2;
  const mover = 3 - framer;
  const out: MoyoMouth[] = [];
  const quadrants: Array<[number, number]> = [
    [0, 0],
    [n - 1, 0],
    [0, n - 1],
    [n - 1, n - 1],
  ];
  for (const [cx, cy] of quadrants) {
    const inQuadrant = (x: number, y: number): boolean => (cx === 0 ? x <= Math.ceil(mid) : x >= Math.floor(mid)) && (cy === 0 ? y <= Math.ceil(mid) : y >= Math.floor(mid));
    const stones: Pt[] = [];
    let own = 0;
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        if (!inQuadrant(x, y)) continue;
        const c = board.color[board.pointAt(x, y)];
        if (c === framer) stones.push([x, y]);
        else if (c === mover) own++;
      }
    }
    if (stones.length < 3 || own * 3 > stones.length) continue;
    const corner: Pt = [cx, cy];
    const hull = convexHull([...stones, corner]);
    let best: [Pt, Pt] | null = null;
    let bestDist = Infinity;
    for (let i = 0; i < hull.length; i++) {
      const a = hull[i];
      const b = hull[(i + 1) % hull.length];
      if (a === corner || b === corner) continue;
      if (Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1])) < 4) continue;
      const mx = (a[0] + b[0]) / 2;
      const my = (a[1] + b[1]) / 2;
      const dist = (mx - mid) ** 2 + (my - mid) ** 2;
      if (dist < bestDist) {
        bestDist = dist;
        best = [a, b];
      }
    }
    if (!best) continue;
    const [a, b] = best;
    const mx = (a[0] + b[0]) / 2;
    const my = (a[1] + b[1]) / 2;
    const points: number[] = [];
    for (const x of new Set([Math.floor(mx), Math.ceil(mx)])) {
      for (const y of new Set([Math.floor(my), Math.ceil(my)])) {
        const p = board.pointAt(x, y);
        if (board.color[p] === EMPTY) points.push(p);
      }
    }
    if (points.length > 0) out.push({ tips: [board.pointAt(a[0], a[1]), board.pointAt(b[0], b[1])], points: points.sort((u, v) => u - v) });
  }
  return out;
}
