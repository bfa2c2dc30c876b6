// Multi-ProbCut (Buro): a shallow search predicts the deep one well enough to prune. For each depth
// d and game stage (a range of empties, as Buro fits per disc count) the deep value is modelled as
// v_d = a * v_s + b + e, with s the shallow depth of the same parity (Othello evaluations
// oscillate between odd and even depths) and e normal with deviation sigma. At a null-window node,
// if the shallow search says v_s >= (beta + t*sigma - b) / a, the deep search would fail high with
// high probability and the node returns beta at once (likewise for alpha). The parameters are
// measured per build by `calibrateProbCut` on sample positions, since they depend on the
// evaluation (probcut-calibrate.ts); without them the search does not cut. Depths beyond
// PROBCUT_MAX_DEPTH keep the deepest calibrated depth's gap between deep and shallow depth and its
// line.
//
// The probable endgame (an optional `endgame` part of the same file): the exact solver's deep
// nodes predict their exact score from a shallow midgame search, score = a * v_s + b + e (discs,
// per number of empties, e normal with deviation sigma), and cut at null-window nodes when the
// prediction clears the window by t sigma, t set by the search's selectivity level
// (SELECTIVITY_T). Fitted by `calibrateEndgameCut` on positions it solves exactly, extrapolated
// beyond the empties it measured (probcut-calibrate.ts).

/** Deepest depth with its own parameters; deeper nodes use its line at the same depth gap. */
export const PROBCUT_MAX_DEPTH = 10;
export const PROBCUT_MIN_DEPTH = 3;
/** The calibration file format (probcut.json) this engine reads. */
export const PROBCUT_VERSION = 2;
/** Default stages: upper bounds of the empties ranges, ascending (the last covers the opening). */
export const PROBCUT_STAGES: readonly number[] = [18, 26, 34, 42, 60];

export interface ProbCutParams {
  readonly version: typeof PROBCUT_VERSION;
  /** Upper bound of each stage's empties range, ascending; the last is 60. */
  readonly stages: number[];
  /** Per depth d (index 0..PROBCUT_MAX_DEPTH): the shallow depth searched to predict depth d. */
  readonly shallow: number[];
  /** Per stage, per depth: slope, intercept (table units) and residual deviation (table units). */
  readonly a: number[][];
  readonly b: number[][];
  readonly sigma: number[][];
  /** Per stage, per depth: how many sample positions the line was fitted on (0 = the pooled fit of all stages). */
  readonly count: number[][];
  /** Cut threshold in sigmas. */
  readonly t: number;
  /** Positions the fit used. */
  readonly samples: number;
  /** The probable endgame's parameters (absent: the build's solver never cuts). */
  readonly endgame?: EndgameCutParams;
}

/** Lines indexed by the number of empties (0..60); entries below `minEmpties` are unused. */
export interface EndgameCutParams {
  /** Fewest empties at which a deep endgame node tries the cut. */
  readonly minEmpties: number;
  /** Per empties: the depth of the shallow midgame search that predicts the exact score. */
  readonly shallow: number[];
  /** Per empties: slope and intercept (discs) of the exact score on the shallow value (discs), and the residual deviation (discs). */
  readonly a: number[];
  readonly b: number[];
  readonly sigma: number[];
  /** Per empties: positions the line was fitted on (0 = extrapolated from the measured empties). */
  readonly count: number[];
  /** Positions the fit solved. */
  readonly samples: number;
}

/** Deepest shallow search an endgame cut may ask for (its plies, passes included, fit above ENDGAME_CUT_PLY: context.ts). */
export const ENDGAME_CUT_MAX_SHALLOW = 10;

/**
 * The selectivity levels of the probable endgame, as Edax names them: index = level (0 = exact,
 * no cuts), value = the cut threshold t in sigmas. A bound proven at level L holds for searches at
 * level L or higher (endgame-tt.ts).
 */
export const SELECTIVITY_T: readonly number[] = [Infinity, 3.3, 2.6, 2.0, 1.5, 1.1];
/** The nominal confidence of each level in percent (Edax's labels): 100 = exact. */
export const SELECTIVITY_PERCENT: readonly number[] = [100, 99, 98, 95, 87, 73];

/** The shallow depth paired with depth d: about half, with the same parity. */
export function shallowDepth(d: number): number {
  let s = d >> 1;
  if ((d - s) & 1) s--;
  return Math.max(1, s);
}

/** The stage of a position with `empties` empty squares. */
export function probcutStage(p: ProbCutParams, empties: number): number {
  const stages = p.stages;
  let st = 0;
  while (st < stages.length - 1 && empties > stages[st]) st++;
  return st;
}

/** The shallow depth a cut at `depth` searches (deeper than calibrated: the same gap as the deepest). */
export function probcutShallow(p: ProbCutParams, depth: number): number {
  return depth > PROBCUT_MAX_DEPTH ? depth - (PROBCUT_MAX_DEPTH - p.shallow[PROBCUT_MAX_DEPTH]) : p.shallow[depth];
}

const finiteRow = (r: unknown, n: number): boolean => Array.isArray(r) && r.length === n && r.every((x) => typeof x === 'number' && Number.isFinite(x));

/** Checks a parameter object read from a file; returns an error message or null. */
export function validateProbCut(p: unknown): string | null {
  const q = p as ProbCutParams;
  if (!q || typeof q !== 'object') return 'not an object';
  if (q.version !== PROBCUT_VERSION) return `"version" must be ${PROBCUT_VERSION} (got ${JSON.stringify(q.version)}): recalibrate with \`sente calibrate\``;
  const n = PROBCUT_MAX_DEPTH + 1;
  const st = q.stages;
  if (!Array.isArray(st) || st.length < 1 || st.length > 61 || !st.every((x, i) => Number.isInteger(x) && x >= 0 && x <= 60 && (i === 0 || x > st[i - 1])) || st[st.length - 1] !== 60) {
    return '"stages" must be ascending whole numbers of empties ending with 60';
  }
  if (!finiteRow(q.shallow, n)) return `"shallow" must be ${n} numbers`;
  for (let d = PROBCUT_MIN_DEPTH; d < n; d++) {
    const s = q.shallow[d];
    if (!Number.isInteger(s) || s < 0 || s >= d || (d - s) % 2 !== 0) return `"shallow" at depth ${d} must be a whole number below ${d} of the same parity`;
  }
  for (const k of ['a', 'b', 'sigma', 'count'] as const) {
    const m = q[k];
    if (!Array.isArray(m) || m.length !== st.length || !m.every((r) => finiteRow(r, n))) return `"${k}" must be ${st.length} rows (one per stage) of ${n} finite numbers`;
  }
  for (let i = 0; i < st.length; i++) {
    for (let d = PROBCUT_MIN_DEPTH; d < n; d++) {
      if (!(q.a[i][d] > 0)) return `slopes must be positive (stage ${i}, depth ${d})`;
      if (!(q.sigma[i][d] >= 0)) return `sigma must not be negative (stage ${i}, depth ${d})`;
    }
  }
  if (typeof q.t !== 'number' || !(q.t > 0) || !Number.isFinite(q.t)) return '"t" must be a positive number';
  if (!Number.isInteger(q.samples) || q.samples < 0) return '"samples" must be a whole number';
  if (q.endgame !== undefined) {
    const problem = validateEndgameCut(q.endgame);
    if (problem) return `"endgame": ${problem}`;
  }
  return null;
}

/** Checks the probable endgame's part of a calibration file; returns an error message or null. */
export function validateEndgameCut(p: unknown): string | null {
  const q = p as EndgameCutParams;
  if (!q || typeof q !== 'object' || Array.isArray(q)) return 'not an object';
  if (!Number.isInteger(q.minEmpties) || q.minEmpties < 10 || q.minEmpties > 60) return '"minEmpties" must be a whole number from 10 to 60';
  for (const k of ['shallow', 'a', 'b', 'sigma', 'count'] as const) {
    if (!finiteRow(q[k], 61)) return `"${k}" must be 61 finite numbers (one per number of empties)`;
  }
  for (let e = q.minEmpties; e <= 60; e++) {
    const sd = q.shallow[e];
    if (!Number.isInteger(sd) || sd < 0 || sd > ENDGAME_CUT_MAX_SHALLOW || sd >= e) return `"shallow" at ${e} empties must be a whole number from 0 to ${ENDGAME_CUT_MAX_SHALLOW}`;
    if (!(q.a[e] > 0)) return `slopes must be positive (${e} empties)`;
    if (!(q.sigma[e] >= 0)) return `sigma must not be negative (${e} empties)`;
    if (!Number.isInteger(q.count[e]) || q.count[e] < 0) return `"count" at ${e} empties must be a whole number`;
  }
  if (!Number.isInteger(q.samples) || q.samples < 0) return '"samples" must be a whole number';
  return null;
}
