// Fitting the pattern weights: regularised least squares on a sparse problem. Each position is a
// row with 47 ones (its feature offsets inside its phase; 52 for a format-2 table, whose extra
// features are one-hot value tables like the patterns) and its exact score as the target; each
// position also trains the nearer neighbouring phase with a smaller weight, so phases share
// information and rarely seen phases are not empty. We solve
//     min_x  sum_rows w_r (a_r . x - b_r)^2  +  l2 * |x - x0|^2  +  smooth * sum_p |x_p - x_p+1|^2
// (x0 = the parent build's weights, or zero; x_p = the weights of phase p). The last term ties each
// weight to the same weight of the next phase: with many phases (one per ply) a phase then borrows
// from its neighbours where its own positions are few, and follows its own data where they are many.
// It is solved by conjugate gradient on the least-squares problem
// (CGLS), with the unknowns scaled by each column's norm (a diagonal preconditioner). One epoch is
// one CGLS iteration: one pass computing A p and one computing A^T r, over typed arrays only.
// CGLS needs no learning rate and converges in tens of iterations where plain gradient descent
// needs hundreds. Each phase keeps the weights of the epoch with its lowest validation error
// (early stopping per phase: the noisy opening phases soon start to learn the noise of the training
// games, while the late phases, labelled by exact play, keep improving).
import { BIAS_OFFSET, BIAS_OFFSET_V2, EvalTable, PATTERN_WEIGHTS, phaseOf, strideOf, type TableFormat } from '@sente/search';
import type { PositionSet } from './dataset.js';
import { FitThreads, sharedCopy, sharedFloat64 } from './fit-threads.js';

export interface FitOptions {
  readonly phases: number;
  /** CGLS iterations. */
  readonly epochs: number;
  /** Penalty per weight on its distance from the start weights (in squared discs per position). */
  readonly l2: number;
  /** Row weight of a position in its nearer neighbouring phase (0 disables). */
  readonly neighbour: number;
  /**
   * Penalty on the difference between each weight and the same weight of the next phase (squared
   * discs per weight pair; 0 or absent disables). Any weight seen in some phase may then move in
   * every phase, toward its neighbours.
   */
  readonly smooth?: number;
  /** Start weights (discs), phases * the train set's format's stride; zero when absent. */
  readonly start?: Float64Array;
  readonly onEpoch?: (stats: EpochStats) => void;
  /** Checked between epochs: stop early and keep the weights so far. */
  readonly signal?: AbortSignal;
  /**
   * Threads for the passes over the rows (default 1: this thread only). With more, the rows are
   * split in shards over worker threads sharing the arrays (fit-threads.ts).
   */
  readonly threads?: number;
  /** Continue a stopped fit from the state it reported (same positions and settings). */
  readonly resume?: FitState;
  /** Called after every epoch with the fit's state (live arrays: copy or write them out at once). */
  readonly onState?: (state: FitState) => void;
}

/**
 * What a fit needs to continue exactly where it stopped: the CGLS solution and search direction
 * (weight space), the per-phase early-stopping record and the epochs so far. The residuals are not
 * kept: they are recomputed from the solution (r1 = W^1/2 (b - A x), r2 = -sqrt(l2) D y).
 */
export interface FitState {
  readonly epoch: number;
  readonly y: Float64Array;
  readonly p: Float64Array;
  readonly bestX: Float64Array;
  readonly bestPhaseSse: Float64Array;
  readonly phaseEpoch: Int32Array;
  readonly history: readonly EpochStats[];
}

export interface EpochStats {
  readonly epoch: number;
  /** RMS error in discs on the training positions (own phase only). */
  readonly trainRms: number;
  /** RMS error in discs on the validation positions (NaN when there are none). */
  readonly validationRms: number;
  /** Per phase (0 = the opening): RMS error in discs on the validation positions of that phase
   *  (NaN for a phase without any; empty without a validation set). validationRms is their
   *  count-weighted root mean square. Absent from histories written before it was kept. */
  readonly validationPhaseRms?: number[];
  /** Per phase: the validation positions it holds (empty without a validation set). */
  readonly validationPhaseCount?: number[];
  readonly ms: number;
}

export interface FitResult {
  /** Fitted weights in discs, phases * PHASE_STRIDE: those of the epoch with the lowest
   *  validation error, phase by phase (early stopping), or of the last epoch when there is no
   *  validation set. */
  readonly weights: Float64Array;
  /** The epoch whose weights are returned (0: the start weights). */
  readonly bestEpoch: number;
  /** The epoch each phase's weights come from (early stopping is per phase). */
  readonly phaseEpochs: number[];
  readonly history: EpochStats[];
}

/** Phase of each position, and the neighbouring phase it also trains (-1 for none). */
function phasesOf(set: PositionSet, phases: number): { own: Uint8Array; other: Int8Array } {
  const own = new Uint8Array(set.count);
  const other = new Int8Array(set.count);
  for (let i = 0; i < set.count; i++) {
    const e = set.empties[i];
    const p = phaseOf(e, phases);
    own[i] = p;
    const c = ((60 - e) * phases) / 61 - p;
    const q = c < 0.5 ? p - 1 : p + 1;
    other[i] = q >= 0 && q < phases ? q : -1;
  }
  return { own, other };
}

/** RMS error (discs) of weights `x` (discs) on a set, own phase only. */
export function rmsError(set: PositionSet, x: Float64Array, phases: number): number {
  if (set.count === 0) return NaN;
  const off = set.offsets;
  const F = set.features, S = strideOf(set.format);
  let sum = 0;
  for (let i = 0; i < set.count; i++) {
    const base = phaseOf(set.empties[i], phases) * S;
    const o = i * F;
    let pred = 0;
    for (let k = 0; k < F; k++) pred += x[base + off[o + k]];
    const d = pred - set.labels[i];
    sum += d * d;
  }
  return Math.sqrt(sum / set.count);
}

/** Per phase: sum of squared errors (discs) and position count of a set under weights `x`. */
export function phaseSquaredErrors(set: PositionSet, x: Float64Array, phases: number): { sse: Float64Array; count: Float64Array } {
  const sse = new Float64Array(phases);
  const count = new Float64Array(phases);
  const off = set.offsets;
  const F = set.features, S = strideOf(set.format);
  for (let i = 0; i < set.count; i++) {
    const phase = phaseOf(set.empties[i], phases);
    const base = phase * S;
    const o = i * F;
    let pred = 0;
    for (let k = 0; k < F; k++) pred += x[base + off[o + k]];
    const d = pred - set.labels[i];
    sse[phase] += d * d;
    count[phase]++;
  }
  return { sse, count };
}

export function fitWeights(train: PositionSet, validation: PositionSet, options: FitOptions): FitResult {
  const { phases, l2 } = options;
  if (validation.format !== train.format) throw new RangeError(`validation set has format-${validation.format} features, the training set format-${train.format}`);
  // Row width and weights per phase of the table format the sets were built for.
  const FEATURES = train.features, PHASE_STRIDE = strideOf(train.format);
  const n = train.count;
  const m = phases * PHASE_STRIDE;
  const off = train.offsets;
  const { own, other } = phasesOf(train, phases);
  const sw = Math.sqrt(Math.max(0, options.neighbour));
  const sl = Math.sqrt(Math.max(0, l2));
  const smooth = phases > 1 ? Math.max(0, options.smooth ?? 0) : 0;
  const ss = Math.sqrt(smooth);
  const x0 = options.start ?? new Float64Array(m);
  if (x0.length !== m) throw new RangeError(`start weights: expected ${m}, got ${x0.length}`);

  // Column scaling D = 1 / sqrt(column norm^2 + l2); unseen columns stay fixed (D = 0). With the
  // smoothness term a weight's column also holds its difference rows (one per neighbouring phase),
  // and a weight seen in any phase is free in every phase.
  const d = new Float64Array(m);
  for (let i = 0; i < n; i++) {
    const o = i * FEATURES;
    const a = own[i] * PHASE_STRIDE;
    for (let k = 0; k < FEATURES; k++) d[a + off[o + k]] += 1;
    if (other[i] >= 0 && sw > 0) {
      const b = other[i] * PHASE_STRIDE;
      for (let k = 0; k < FEATURES; k++) d[b + off[o + k]] += options.neighbour;
    }
  }
  if (smooth > 0) {
    const seen = new Uint8Array(PHASE_STRIDE);
    for (let j = 0; j < m; j++) if (d[j] > 0) seen[j % PHASE_STRIDE] = 1;
    for (let ph = 0; ph < phases; ph++) {
      const degree = (ph > 0 ? 1 : 0) + (ph < phases - 1 ? 1 : 0);
      for (let k = 0, j = ph * PHASE_STRIDE; k < PHASE_STRIDE; k++, j++) d[j] = seen[k] ? 1 / Math.sqrt(d[j] + l2 + smooth * degree) : 0;
    }
  } else for (let j = 0; j < m; j++) d[j] = d[j] > 0 ? 1 / Math.sqrt(d[j] + l2) : 0;

  // Residuals: r1 per (position, slot 0 = own phase, 1 = neighbour), r2 per weight (the penalty).
  // With threads, the arrays the row passes touch are shared with the fitter's worker threads.
  const threads = Math.max(1, Math.floor(options.threads ?? 1));
  const alloc = (k: number): Float64Array => (threads > 1 ? sharedFloat64(k) : new Float64Array(k));
  const r1 = alloc(n * 2);
  const q1 = alloc(n * 2);
  const r2 = new Float64Array(m);
  // The smoothness rows: r3 per (phase p < phases - 1, weight), q3 = M p's part of them.
  const mSmooth = smooth > 0 ? (phases - 1) * PHASE_STRIDE : 0;
  const r3 = new Float64Array(mSmooth);
  const q3 = new Float64Array(mSmooth);
  const y = new Float64Array(m);
  const p = new Float64Array(m);
  const s = new Float64Array(m);
  const t = alloc(m);
  const x = new Float64Array(m);
  const pool = threads > 1 && n > 0
    ? new FitThreads(threads, { offsets: sharedCopy(off.length === n * FEATURES ? off : off.subarray(0, n * FEATURES)), own: sharedCopy(own), other: sharedCopy(other), v: t, q: q1, r: r1 }, { n, features: FEATURES, stride: PHASE_STRIDE, sw }, m)
    : null;
  try {

    // q1 = W^1/2 A v (v in weight space, already multiplied by D).
    const applyA = (v: Float64Array, out: Float64Array): void => {
      if (pool) {
        if (v !== t) t.set(v);
        pool.applyA();
        return;
      }
      for (let i = 0; i < n; i++) {
        const o = i * FEATURES;
        const a = own[i] * PHASE_STRIDE;
        let sum = 0;
        for (let k = 0; k < FEATURES; k++) sum += v[a + off[o + k]];
        out[2 * i] = sum;
        if (other[i] >= 0 && sw > 0) {
          const b = other[i] * PHASE_STRIDE;
          let sum2 = 0;
          for (let k = 0; k < FEATURES; k++) sum2 += v[b + off[o + k]];
          out[2 * i + 1] = sw * sum2;
        } else {
          out[2 * i + 1] = 0;
        }
      }
    };
    // out = A^T W^1/2 r (weight space).
    const applyAT = (r: Float64Array, out: Float64Array): void => {
      if (pool) {
        pool.applyAT(out);
        return;
      }
      out.fill(0);
      for (let i = 0; i < n; i++) {
        const o = i * FEATURES;
        const a = own[i] * PHASE_STRIDE;
        const v = r[2 * i];
        for (let k = 0; k < FEATURES; k++) out[a + off[o + k]] += v;
        if (other[i] >= 0 && sw > 0) {
          const b = other[i] * PHASE_STRIDE;
          const v2 = sw * r[2 * i + 1];
          for (let k = 0; k < FEATURES; k++) out[b + off[o + k]] += v2;
        }
      }
    };
    // out = ss S v: each weight minus the same weight of the next phase.
    const applyS = (v: Float64Array, out: Float64Array): void => {
      for (let j = 0; j < mSmooth; j++) out[j] = ss * (v[j] - v[j + PHASE_STRIDE]);
    };
    // s = M^T r = D (A^T r1) + sl D r2 + ss D S^T r3
    const applyMT = (): void => {
      applyAT(r1, s);
      if (mSmooth > 0) {
        for (let j = 0; j < mSmooth; j++) s[j] += ss * r3[j];
        for (let j = 0; j < mSmooth; j++) s[j + PHASE_STRIDE] -= ss * r3[j];
      }
      for (let j = 0; j < m; j++) s[j] = d[j] * (s[j] + sl * r2[j]);
    };

    // r1 = W^1/2 (b - A x0); r2 = 0; r3 = -ss S x0. Resuming: x = x0 + D y, r1 = W^1/2 (b - A x),
    // r2 = -sl D y, r3 = -ss S x.
    const resume = options.resume;
    if (resume && (resume.y.length !== m || resume.p.length !== m || resume.bestX.length !== m || resume.phaseEpoch.length !== phases)) {
      throw new RangeError(`fit state: sized for ${resume.y.length} weights and ${resume.phaseEpoch.length} phases, this fit has ${m} and ${phases}`);
    }
    if (resume) {
      y.set(resume.y);
      for (let j = 0; j < m; j++) t[j] = x0[j] + d[j] * y[j];
      applyA(t, q1);
      for (let j = 0; j < m; j++) r2[j] = -sl * d[j] * y[j];
      applyS(t, r3);
    } else {
      applyA(x0, q1);
      applyS(x0, r3);
    }
    for (let j = 0; j < mSmooth; j++) r3[j] = -r3[j];
    for (let i = 0; i < n; i++) {
      r1[2 * i] = train.labels[i] - q1[2 * i];
      r1[2 * i + 1] = other[i] >= 0 && sw > 0 ? sw * train.labels[i] - q1[2 * i + 1] : 0;
    }
    applyMT();
    p.set(resume ? resume.p : s);
    let gamma = 0;
    for (let j = 0; j < m; j++) gamma += s[j] * s[j];
    for (let j = 0; j < m; j++) x[j] = x0[j] + d[j] * y[j];

    // Early stopping per phase: late phases (exact labels, little noise) keep improving long after
    // the opening phases (noisy labels) start to overfit, so each phase keeps the weights of its own
    // best epoch. Phases are coupled only weakly (the neighbour rows), so mixing epochs is sound;
    // a strong smoothness term couples them more (the per-ply fits of docs/builds.md kept it).
    const history: EpochStats[] = resume ? [...resume.history] : [];
    const early = validation.count > 0;
    const bestX = Float64Array.from(resume ? resume.bestX : x0);
    const bestPhaseSse = resume ? Float64Array.from(resume.bestPhaseSse) : early ? phaseSquaredErrors(validation, x0, phases).sse : new Float64Array(phases);
    const phaseEpoch = resume ? Int32Array.from(resume.phaseEpoch) : new Int32Array(phases);
    for (let epoch = (resume?.epoch ?? 0) + 1; epoch <= options.epochs; epoch++) {
      if (options.signal?.aborted) break;
      const t0 = performance.now();
      if (gamma === 0 || n === 0) break;
      // q = M p: q1 = W^1/2 A (D p), q2 = sl D p, q3 = ss S D p.
      for (let j = 0; j < m; j++) t[j] = d[j] * p[j];
      applyA(t, q1);
      applyS(t, q3);
      let qq = 0;
      for (let i = 0; i < 2 * n; i++) qq += q1[i] * q1[i];
      for (let j = 0; j < m; j++) qq += l2 * t[j] * t[j];
      for (let j = 0; j < mSmooth; j++) qq += q3[j] * q3[j];
      if (qq === 0) break;
      const alpha = gamma / qq;
      for (let j = 0; j < m; j++) {
        y[j] += alpha * p[j];
        r2[j] -= alpha * sl * t[j];
      }
      for (let i = 0; i < 2 * n; i++) r1[i] -= alpha * q1[i];
      for (let j = 0; j < mSmooth; j++) r3[j] -= alpha * q3[j];
      applyMT();
      let gammaNext = 0;
      for (let j = 0; j < m; j++) gammaNext += s[j] * s[j];
      const beta = gammaNext / gamma;
      gamma = gammaNext;
      for (let j = 0; j < m; j++) p[j] = s[j] + beta * p[j];

      let sum = 0;
      for (let i = 0; i < n; i++) sum += r1[2 * i] * r1[2 * i];
      for (let j = 0; j < m; j++) x[j] = x0[j] + d[j] * y[j];
      let validationRms = NaN;
      const validationPhaseRms: number[] = [];
      const validationPhaseCount: number[] = [];
      if (early) {
        const { sse, count } = phaseSquaredErrors(validation, x, phases);
        let total = 0;
        let positions = 0;
        for (let ph = 0; ph < phases; ph++) {
          total += sse[ph];
          positions += count[ph];
          validationPhaseRms.push(count[ph] > 0 ? Math.sqrt(sse[ph] / count[ph]) : NaN);
          validationPhaseCount.push(count[ph]);
          if (count[ph] > 0 && sse[ph] < bestPhaseSse[ph]) {
            bestPhaseSse[ph] = sse[ph];
            phaseEpoch[ph] = epoch;
            bestX.set(x.subarray(ph * PHASE_STRIDE, (ph + 1) * PHASE_STRIDE), ph * PHASE_STRIDE);
          }
        }
        validationRms = Math.sqrt(total / positions);
      }
      const stats: EpochStats = { epoch, trainRms: Math.sqrt(sum / n), validationRms, validationPhaseRms, validationPhaseCount, ms: performance.now() - t0 };
      history.push(stats);
      options.onEpoch?.(stats);
      options.onState?.({ epoch, y, p, bestX, bestPhaseSse, phaseEpoch, history });
    }
    if (early) {
      // Phases without validation positions take the last epoch's weights.
      for (let ph = 0; ph < phases; ph++) {
        if (phaseEpoch[ph] === 0 && bestPhaseSse[ph] === 0) {
          bestX.set(x.subarray(ph * PHASE_STRIDE, (ph + 1) * PHASE_STRIDE), ph * PHASE_STRIDE);
          phaseEpoch[ph] = history.length;
        }
      }
      return { weights: bestX, bestEpoch: Math.max(...phaseEpoch), phaseEpochs: Array.from(phaseEpoch), history };
    }
    for (let j = 0; j < m; j++) x[j] = x0[j] + d[j] * y[j];
    return { weights: x, bestEpoch: history.length, phaseEpochs: new Array<number>(phases).fill(history.length), history };
  } finally {
    pool?.close();
  }
}

/** Weights in discs -> an int16 table of `format` with `scale` units per disc (rounded, clamped). */
export function toEvalTable(weights: Float64Array, phases: number, scale: number, format: TableFormat = 1): EvalTable {
  const table = new EvalTable(phases, scale, undefined, format);
  const w = table.weights;
  for (let j = 0; j < w.length; j++) {
    const v = Math.round(weights[j] * scale);
    w[j] = v > 32767 ? 32767 : v < -32767 ? -32767 : v;
  }
  return table;
}

/** A table's weights in discs, remapped to `phases` phases (each new phase reads the old phase
 *  of its middle empties count) and to `format`: across formats the pattern weights and the bias
 *  carry over and format 2's extra features start at zero (a format-1 parent starts a format-2
 *  fit with its patterns). */
export function tableToWeights(table: EvalTable, phases: number, format: TableFormat = table.format): Float64Array {
  const stride = strideOf(format), from = table.stride;
  const out = new Float64Array(phases * stride);
  const bias = format === 2 ? BIAS_OFFSET_V2 : BIAS_OFFSET;
  const fromBias = table.format === 2 ? BIAS_OFFSET_V2 : BIAS_OFFSET;
  for (let p = 0; p < phases; p++) {
    let lo = 60, hi = 0;
    for (let e = 0; e <= 60; e++) if (phaseOf(e, phases) === p) { lo = Math.min(lo, e); hi = Math.max(hi, e); }
    const src = phaseOf(Math.round((lo + hi) / 2), table.phases);
    if (format === table.format) {
      for (let j = 0; j < stride; j++) out[p * stride + j] = table.weights[src * from + j] / table.scale;
    } else {
      for (let j = 0; j < PATTERN_WEIGHTS; j++) out[p * stride + j] = table.weights[src * from + j] / table.scale;
      out[p * stride + bias] = table.weights[src * from + fromBias] / table.scale;
    }
  }
  return out;
}
