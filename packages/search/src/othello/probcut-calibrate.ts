// Calibration of Multi-ProbCut for an evaluation table: full-window values at every depth up to
// PROBCUT_MAX_DEPTH on sample positions, then, per stage (range of empties) and depth, a
// least-squares line from the shallow to the deep value and its residual deviation. A stage with
// too few samples for a depth takes the line fitted on all positions (its count says 0).
import type { Position } from '@sente/core';
import type { EvalTable } from './evaltable.js';
import { INFINITY } from './midgame.js';
import { Engine } from './engine.js';
import { PROBCUT_MAX_DEPTH, PROBCUT_MIN_DEPTH, PROBCUT_STAGES, PROBCUT_VERSION, shallowDepth, type ProbCutParams } from './probcut.js';

/** Fewest positions a stage needs for a line of its own. */
export const MIN_STAGE_SAMPLES = 12;

interface Line { a: number; b: number; sigma: number; n: number }

/** Least squares of y on x over the rows (x = row[sx], y = row[sy]) and the residual deviation. */
function fitLine(rows: readonly number[][], sx: number, sy: number): Line {
  let mx = 0, my = 0;
  const n = rows.length;
  for (const r of rows) {
    mx += r[sx];
    my += r[sy];
  }
  mx /= n;
  my /= n;
  let cxx = 0, cxy = 0;
  for (const r of rows) {
    cxx += (r[sx] - mx) ** 2;
    cxy += (r[sx] - mx) * (r[sy] - my);
  }
  // A degenerate sample (all shallow values equal) fits the identity's slope.
  const a = cxx > 0 && cxy > 0 ? cxy / cxx : 1;
  const b = my - a * mx;
  let se = 0;
  for (const r of rows) se += (r[sy] - a * r[sx] - b) ** 2;
  return { a, b, sigma: Math.sqrt(se / Math.max(1, n - 2)), n };
}

/**
 * The values a calibration fits: for each position, its empties and the full-window values at
 * depths 0..maxDepth (one search per depth, continuing the previous one's table as iterative
 * deepening would; a fresh table per position).
 */
export function probcutSamples(table: EvalTable, positions: readonly Position[], maxDepth = PROBCUT_MAX_DEPTH, onProgress?: (done: number, total: number) => void): { empties: number; values: number[] }[] {
  // An engine of its own, without cuts: the calibration measures the plain search.
  const engine = new Engine(table, 'calibration', { probcut: false, ttMb: 16 });
  return positions.map((p, i) => {
    const values: number[] = [];
    for (let d = 0; d <= maxDepth; d++) values.push(engine.searchValue(p, d, { newSearch: d === 0 }).score);
    onProgress?.(i + 1, positions.length);
    return { empties: p.emptyCount(), values };
  });
}

/** Fits the parameters to measured samples (probcutSamples); depths beyond `maxDepth` reuse its line. */
export function fitProbCut(samples: readonly { empties: number; values: number[] }[], t: number, maxDepth = PROBCUT_MAX_DEPTH, stages: readonly number[] = PROBCUT_STAGES): ProbCutParams {
  const shallow: number[] = [];
  for (let d = 0; d <= PROBCUT_MAX_DEPTH; d++) shallow.push(d < PROBCUT_MIN_DEPTH ? 0 : shallowDepth(d > maxDepth ? maxDepth : d) + (d > maxDepth ? d - maxDepth : 0));
  const rows = samples.map((s) => s.values);
  const a: number[][] = [], b: number[][] = [], sigma: number[][] = [], count: number[][] = [];
  for (let st = 0; st < stages.length; st++) {
    const lo = st === 0 ? -1 : stages[st - 1];
    const mine = samples.filter((s) => s.empties > lo && s.empties <= stages[st]).map((s) => s.values);
    const ra: number[] = [], rb: number[] = [], rs: number[] = [], rc: number[] = [];
    for (let d = 0; d <= PROBCUT_MAX_DEPTH; d++) {
      if (d < PROBCUT_MIN_DEPTH) {
        ra.push(1); rb.push(0); rs.push(INFINITY); rc.push(0);
        continue;
      }
      // Not measured: deeper depths reuse the deepest measured line (at the same depth gap).
      const dd = d > maxDepth ? maxDepth : d;
      const own = mine.length >= MIN_STAGE_SAMPLES;
      const line = fitLine(own ? mine : rows, shallowDepth(dd), dd);
      ra.push(line.a); rb.push(line.b); rs.push(line.sigma); rc.push(own ? line.n : 0);
    }
    a.push(ra); b.push(rb); sigma.push(rs); count.push(rc);
  }
  return { version: PROBCUT_VERSION, stages: [...stages], shallow, a, b, sigma, count, t, samples: samples.length };
}

/**
 * Measures the parameters on sample positions: full-window values at every depth up to
 * `maxDepth` (fresh table per position), then a line per stage and depth.
 */
export function calibrateProbCut(table: EvalTable, positions: readonly Position[], t = 2.5, onProgress?: (done: number, total: number) => void, maxDepth = PROBCUT_MAX_DEPTH, stages: readonly number[] = PROBCUT_STAGES): ProbCutParams {
  return fitProbCut(probcutSamples(table, positions, maxDepth, onProgress), t, maxDepth, stages);
}
