// Multi-ProbCut (Buro): a shallow search predicts the deep one well enough to prune. For each depth
// d the deep value is modelled as v_d = a * v_s + b + e, with s the shallow depth of the same parity
// (Othello evaluations oscillate between odd and even depths) and e normal with deviation sigma.
// At a null-window node, if the shallow search says v_s >= (beta + t*sigma - b) / a, the deep
// search would fail high with high probability and the node returns beta at once (likewise for
// alpha). The parameters are measured per build by `calibrateProbCut` on sample positions, since
// they depend on the evaluation (probcut-calibrate.ts); without them the search does not cut.

/** Deepest depth with its own parameters; deeper nodes use the last ones. */
export const PROBCUT_MAX_DEPTH = 10;
export const PROBCUT_MIN_DEPTH = 3;

export interface ProbCutParams {
  /** Per depth d (index), the shallow depth, slope, intercept (table units) and sigma (units). */
  readonly shallow: number[];
  readonly a: number[];
  readonly b: number[];
  readonly sigma: number[];
  /** Cut threshold in sigmas. */
  readonly t: number;
  /** Positions the fit used. */
  readonly samples: number;
}

/** The shallow depth paired with depth d: about half, with the same parity. */
export function shallowDepth(d: number): number {
  let s = d >> 1;
  if ((d - s) & 1) s--;
  return Math.max(1, s);
}

/** Checks a parameter object read from a file; returns an error message or null. */
export function validateProbCut(p: unknown): string | null {
  const q = p as ProbCutParams;
  if (!q || typeof q !== 'object') return 'not an object';
  for (const k of ['shallow', 'a', 'b', 'sigma'] as const) {
    if (!Array.isArray(q[k]) || q[k].length !== PROBCUT_MAX_DEPTH + 1 || !q[k].every((x) => typeof x === 'number' && Number.isFinite(x))) return `"${k}" must be ${PROBCUT_MAX_DEPTH + 1} finite numbers`;
  }
  if (typeof q.t !== 'number' || !(q.t > 0)) return '"t" must be a positive number';
  if (q.a.some((x, d) => d >= PROBCUT_MIN_DEPTH && !(x > 0))) return 'slopes must be positive';
  return null;
}
