// Calibration of Multi-ProbCut for an evaluation table: full-window values at every depth up to
// PROBCUT_MAX_DEPTH on sample positions, then a least-squares line (and its residual deviation)
// from the shallow to the deep value for each depth.
import type { Position } from '@sente/core';
import type { EvalTable } from './evaltable.js';
import { INFINITY } from './midgame.js';
import { Engine } from './engine.js';
import { PROBCUT_MAX_DEPTH, PROBCUT_MIN_DEPTH, shallowDepth, type ProbCutParams } from './probcut.js';

/**
 * Measures the parameters on sample positions: full-window values at every depth up to
 * `maxDepth` (fresh table per position), then a least-squares line per depth; depths beyond
 * `maxDepth` reuse its line.
 */
export function calibrateProbCut(table: EvalTable, positions: readonly Position[], t = 1.5, onProgress?: (done: number, total: number) => void, maxDepth = PROBCUT_MAX_DEPTH): ProbCutParams {
  // An engine of its own, without cuts: the calibration measures the plain search.
  const engine = new Engine(table, 'calibration', { probcut: false, ttMb: 16 });
  const values: number[][] = [];
  positions.forEach((p, i) => {
    // Depths 0..maxDepth as one search, as iterative deepening would run them.
    const row: number[] = [];
    for (let d = 0; d <= maxDepth; d++) row.push(engine.searchValue(p, d, { newSearch: d === 0 }).score);
    values.push(row);
    onProgress?.(i + 1, positions.length);
  });
  const shallow: number[] = [];
  const a: number[] = [];
  const b: number[] = [];
  const sigma: number[] = [];
  for (let d = 0; d <= PROBCUT_MAX_DEPTH; d++) {
    const sd = shallowDepth(d);
    shallow.push(sd);
    if (d > maxDepth) {
      // Not measured: deeper depths reuse the deepest measured line.
      a.push(a[maxDepth]);
      b.push(b[maxDepth]);
      sigma.push(sigma[maxDepth]);
      continue;
    }
    if (d < PROBCUT_MIN_DEPTH) {
      a.push(1);
      b.push(0);
      sigma.push(INFINITY);
      continue;
    }
    let sx = 0, sy = 0, sxx = 0, sxy = 0;
    const n = values.length;
    for (const row of values) {
      sx += row[sd];
      sy += row[d];
      sxx += row[sd] * row[sd];
      sxy += row[sd] * row[d];
    }
    const slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
    const intercept = (sy - slope * sx) / n;
    let se = 0;
    for (const row of values) se += (row[d] - slope * row[sd] - intercept) ** 2;
    a.push(slope);
    b.push(intercept);
    sigma.push(Math.sqrt(se / Math.max(1, n - 2)));
  }
  return { shallow, a, b, sigma, t, samples: values.length };
}

