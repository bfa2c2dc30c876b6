// Calibration of Multi-ProbCut for an evaluation table: full-window values at every depth up to
// PROBCUT_MAX_DEPTH on sample positions, then, per stage (range of empties) and depth, a
// least-squares line from the shallow to the deep value and its residual deviation. A stage with
// too few samples for a depth takes the line fitted on all positions (its count says 0). The
// probable endgame's lines (exact score on a shallow value, per empties) are fitted below on
// positions solved exactly.
import type { Position } from '@sente/core';
import type { EvalTable } from './evaltable.js';
import { INFINITY } from './midgame.js';
import { Engine } from './engine.js';
import { PROBCUT_MAX_DEPTH, PROBCUT_MIN_DEPTH, PROBCUT_STAGES, PROBCUT_VERSION, shallowDepth, type EndgameCutParams, type ProbCutParams } from './probcut.js';

/** Fewest positions a stage needs for a line of its own. */
export const MIN_STAGE_SAMPLES = 12;

interface Line { a: number; b: number; sigma: number; n: number }

/** Ordinary least squares of y on x over the rows (x = row[sx], y = row[sy]): the means and the slope (0 when every x is equal). */
function leastSquares(rows: readonly number[][], sx: number, sy: number): { mx: number; my: number; slope: number } {
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
  return { mx, my, slope: cxx > 0 ? cxy / cxx : 0 };
}

/** Least squares of y on x over the rows (x = row[sx], y = row[sy]) and the residual deviation. */
function fitLine(rows: readonly number[][], sx: number, sy: number): Line {
  const n = rows.length;
  const { mx, my, slope } = leastSquares(rows, sx, sy);
  // A degenerate sample (all shallow values equal, or a slope that is not positive) fits the identity's slope.
  const a = slope > 0 ? slope : 1;
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

// --- The probable endgame (probcut.ts, EndgameCutParams) ---

/**
 * Fewest empties at which the endgame cut is tried (a selective search keeps the context's
 * position in step from there, below EVAL_ORDER_MIN: SearchContext.endgameFollowMin).
 */
export const ENDGAME_CUT_MIN = 10;

/**
 * The shallow depth that predicts a deep endgame node's exact score, by its empties: a search of
 * a few hundred nodes against subtrees of tens of thousands.
 */
export function endgameCutShallow(empties: number): number {
  return empties < 18 ? 2 : empties < 24 ? 4 : 6;
}

/** One solved position of an endgame calibration: its empties, exact score and shallow values (discs) at depths 0..maxShallow. */
export interface EndgameCutSample {
  readonly empties: number;
  readonly exact: number;
  readonly values: number[];
}

/**
 * The values an endgame calibration fits: each position solved exactly (the evaluation ordering
 * it), and its full-window midgame values at depths 0..maxShallow (discs, fresh table per
 * position, no cuts).
 */
export function endgameCutSamples(table: EvalTable, positions: readonly Position[], maxShallow = 6, onProgress?: (done: number, total: number) => void): EndgameCutSample[] {
  const engine = new Engine(table, 'calibration', { probcut: false, ttMb: 16 });
  return positions.map((p, i) => {
    const values: number[] = [];
    const depthMax = Math.min(maxShallow, p.emptyCount() - 1);
    for (let d = 0; d <= depthMax; d++) values.push(engine.searchValue(p, d, { newSearch: d === 0 }).score / table.scale);
    const exact = engine.solve(p, { pv: false }).score;
    onProgress?.(i + 1, positions.length);
    return { empties: p.emptyCount(), exact, values };
  });
}

/**
 * Fits the probable endgame's lines to solved samples: for each number of empties from
 * `minEmpties`, the exact score on the value at endgameCutShallow(empties). Empties with at least
 * MIN_STAGE_SAMPLES samples get a line of their own; the others (in particular those above the
 * measured range) take the line fitted on all samples of the same shallow depth, with the
 * deviation extrapolated by a least-squares line of the measured deviations against the empties
 * (never below the largest measured one), as the strong engines extrapolate theirs.
 */
export function fitEndgameCut(samples: readonly EndgameCutSample[], minEmpties = ENDGAME_CUT_MIN): EndgameCutParams {
  const shallow: number[] = [], a: number[] = [], b: number[] = [], sigma: number[] = [], count: number[] = [];
  for (let e = 0; e <= 60; e++) {
    shallow.push(0); a.push(1); b.push(0); sigma.push(0); count.push(0);
  }
  // Per shallow depth: the pooled line and the deviation model.
  const pooled = new Map<number, { line: Line; slope: number; intercept: number; maxSigma: number } | null>();
  const modelFor = (sd: number) => {
    if (pooled.has(sd)) return pooled.get(sd)!;
    const rows = samples.filter((x) => x.values.length > sd).map((x) => [x.values[sd], x.exact, x.empties]);
    if (rows.length < 3) {
      pooled.set(sd, null);
      return null;
    }
    const line = fitLine(rows, 0, 1);
    // Residual deviation per measured empties (with at least 3 samples), then a line through them.
    const points: number[][] = [];
    for (let e = 0; e <= 60; e++) {
      const mine = rows.filter((r) => r[2] === e);
      if (mine.length < 3) continue;
      let se = 0;
      for (const r of mine) se += (r[1] - line.a * r[0] - line.b) ** 2;
      points.push([e, Math.sqrt(se / mine.length)]);
    }
    const maxSigma = points.length > 0 ? Math.max(...points.map((q) => q[1])) : line.sigma;
    let slope = 0, intercept = line.sigma;
    if (points.length >= 2) {
      const trend = leastSquares(points, 0, 1);
      slope = trend.slope;
      intercept = trend.my - trend.slope * trend.mx;
    }
    const m = { line, slope, intercept, maxSigma };
    pooled.set(sd, m);
    return m;
  };
  for (let e = minEmpties; e <= 60; e++) {
    const sd = endgameCutShallow(e);
    const mine = samples.filter((x) => x.empties === e && x.values.length > sd).map((x) => [x.values[sd], x.exact]);
    shallow[e] = sd;
    if (mine.length >= MIN_STAGE_SAMPLES) {
      const line = fitLine(mine, 0, 1);
      a[e] = line.a; b[e] = line.b; sigma[e] = line.sigma; count[e] = line.n;
      continue;
    }
    const m = modelFor(sd);
    if (m === null) {
      // Nothing measured at this depth: a line that never cuts (an infinite deviation is not JSON).
      a[e] = 1; b[e] = 0; sigma[e] = 128;
      continue;
    }
    a[e] = m.line.a;
    b[e] = m.line.b;
    const predicted = m.intercept + m.slope * e;
    sigma[e] = predicted > m.maxSigma ? predicted : m.maxSigma;
  }
  return { minEmpties, shallow, a, b, sigma, count, samples: samples.length };
}

/** Measures the probable endgame's parameters on positions solved exactly (endgameCutSamples, fitEndgameCut). */
export function calibrateEndgameCut(table: EvalTable, positions: readonly Position[], onProgress?: (done: number, total: number) => void, minEmpties = ENDGAME_CUT_MIN): EndgameCutParams {
  let maxShallow = 0;
  for (const p of positions) maxShallow = Math.max(maxShallow, endgameCutShallow(p.emptyCount()));
  return fitEndgameCut(endgameCutSamples(table, positions, Math.max(maxShallow, endgameCutShallow(60)), onProgress), minEmpties);
}
