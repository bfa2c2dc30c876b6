// A joint rating list by maximum likelihood of the Bradley-Terry model, as Ordo and BayesElo
// compute one: player i scores against j with probability p_ij = 1 / (1 + 10^((r_j - r_i)/400)),
// and the ratings r maximise the likelihood of every game at once, so a player is rated from all
// its opponents and their own results (not "vs field"). Draws count as half points (Ordo's
// default; no draw-Elo parameter). Only differences are determined: the list is anchored either
// at the mean (0 by default) or by one player's fixed rating.
//
// The fit is Newton's method on the log-likelihood (concave) in natural units θ = r ln10 / 400,
// with step halving; the error bars come from the inverse of the observed Fisher information
// (minus the Hessian) at the optimum: with an anchor player, the inverse of the information with
// that player's row and column removed (its rating is exact, the others' errors are relative to
// it); anchored at the mean, C Σ C' for the centring C (the errors of deviations from the mean).
// `referenceFit` is the slow, obviously correct Zermelo/Hunter MM iteration that checks it.
//
// The maximum is finite only when the players cannot be split into two groups one of which
// scored nothing against the other (the directed "scored against" graph is strongly connected);
// otherwise the fit is refused, naming the group, unless a prior adds virtual draws (BayesElo's
// idea): `prior` draws to every pairing that played.

export const ELO_PER_NATURAL = 400 / Math.LN10;

/** Points scored between two players: `points` of `games` for `a`. */
export interface PairResult {
  readonly a: number;
  readonly b: number;
  readonly games: number;
  /** a's points (wins + draws/2). */
  readonly points: number;
}

export interface BtFit {
  /** Ratings (Elo) in player order, anchored as asked. */
  readonly ratings: Float64Array;
  /** Covariance of the ratings (Elo^2), row-major n x n. */
  readonly covariance: Float64Array;
  readonly iterations: number;
  readonly logLikelihood: number;
}

export interface BtOptions {
  /** Index of the player whose rating is fixed (default: none, the mean is fixed). */
  readonly anchor?: number;
  /** The anchor's rating, or the mean's (default 0). */
  readonly anchorElo?: number;
  /** Virtual draws added to every pairing with games (default 0). */
  readonly prior?: number;
}

/** Totals per unordered pair (a < b), merging both orders, with the prior's virtual draws added. */
function merged(n: number, results: readonly PairResult[], prior: number): { games: Float64Array; points: Float64Array } {
  const games = new Float64Array(n * n);
  const points = new Float64Array(n * n);
  for (const r of results) {
    if (r.a === r.b || r.games === 0) continue;
    games[r.a * n + r.b] += r.games;
    games[r.b * n + r.a] += r.games;
    points[r.a * n + r.b] += r.points;
    points[r.b * n + r.a] += r.games - r.points;
  }
  if (prior > 0) {
    for (let i = 0; i < n * n; i++) {
      if (games[i] > 0) {
        games[i] += prior;
        points[i] += prior / 2;
      }
    }
  }
  return { games, points };
}

/**
 * Why the maximum-likelihood ratings do not exist (a group of players that scored nothing against
 * the rest, or a player without games), or null. Players by index; `names` for the message.
 */
export function fitProblem(n: number, results: readonly PairResult[], names: readonly string[], prior = 0): string | null {
  const { games, points } = merged(n, results, prior);
  for (let i = 0; i < n; i++) {
    let g = 0;
    for (let j = 0; j < n; j++) g += games[i * n + j];
    if (g === 0) return `${names[i]} has no games`;
  }
  // Strongly connected iff every player reaches 0 and 0 reaches every player along "scored against" edges.
  const reach = (forward: boolean): boolean[] => {
    const seen = new Array<boolean>(n).fill(false);
    const stack = [0];
    seen[0] = true;
    while (stack.length > 0) {
      const i = stack.pop()!;
      for (let j = 0; j < n; j++) {
        if (seen[j]) continue;
        const scored = forward ? points[i * n + j] : points[j * n + i];
        if (scored > 0) { seen[j] = true; stack.push(j); }
      }
    }
    return seen;
  };
  for (const forward of [true, false]) {
    const seen = reach(forward);
    const out = names.filter((_, i) => !seen[i]);
    if (out.length > 0) {
      const inside = names.filter((_, i) => seen[i]);
      // Forward: the inside never scored against the rest (the rest won everything); backward: the rest never scored against the inside.
      const [winners, losers] = forward ? [out, inside] : [inside, out];
      return `${winners.join(', ')} scored every point against ${losers.join(', ')} (or never met them), so the ratings would be infinitely apart; add virtual draws with a prior`;
    }
  }
  return null;
}

function logLikelihood(n: number, theta: Float64Array, games: Float64Array, points: Float64Array): number {
  let ll = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const g = games[i * n + j];
      if (g === 0) continue;
      const p = 1 / (1 + Math.exp(theta[j] - theta[i]));
      const s = points[i * n + j];
      ll += s * Math.log(p) + (g - s) * Math.log(1 - p);
    }
  }
  return ll;
}

/** The Cholesky factor L (A = L L') of a symmetric positive definite m x m matrix. */
function cholesky(a: Float64Array, m: number): Float64Array {
  const l = new Float64Array(m * m);
  for (let i = 0; i < m; i++) {
    for (let j = 0; j <= i; j++) {
      let s = a[i * m + j];
      for (let k = 0; k < j; k++) s -= l[i * m + k] * l[j * m + k];
      if (i === j) {
        if (!(s > 0)) throw new Error('the information matrix is singular (a player without games?)');
        l[i * m + i] = Math.sqrt(s);
      } else {
        l[i * m + j] = s / l[j * m + j];
      }
    }
  }
  return l;
}

/** Solves L L' x = b. */
function solveCholesky(l: Float64Array, b: Float64Array, m: number): Float64Array {
  const y = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    let s = b[i];
    for (let k = 0; k < i; k++) s -= l[i * m + k] * y[k];
    y[i] = s / l[i * m + i];
  }
  const x = new Float64Array(m);
  for (let i = m - 1; i >= 0; i--) {
    let s = y[i];
    for (let k = i + 1; k < m; k++) s -= l[k * m + i] * x[k];
    x[i] = s / l[i * m + i];
  }
  return x;
}

/** Solves A x = b (A symmetric positive definite). */
function solveSpd(a: Float64Array, b: Float64Array, m: number): Float64Array {
  return solveCholesky(cholesky(a, m), b, m);
}

/** The inverse of an SPD matrix: one factorisation, then a solve per column. */
function inverseSpd(a: Float64Array, m: number): Float64Array {
  const l = cholesky(a, m);
  const inv = new Float64Array(m * m);
  const e = new Float64Array(m);
  for (let c = 0; c < m; c++) {
    e.fill(0);
    e[c] = 1;
    const x = solveCholesky(l, e, m);
    for (let r = 0; r < m; r++) inv[r * m + c] = x[r];
  }
  return inv;
}

/** Information matrix (minus the Hessian of the log-likelihood) at θ, n x n. */
function information(n: number, theta: Float64Array, games: Float64Array): Float64Array {
  const info = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const g = games[i * n + j];
      if (i === j || g === 0) continue;
      const p = 1 / (1 + Math.exp(theta[j] - theta[i]));
      const w = g * p * (1 - p);
      info[i * n + j] -= w;
      info[i * n + i] += w;
    }
  }
  return info;
}

/** The maximum-likelihood ratings and their covariance (see the top of the file). Throws with fitProblem's message when they do not exist. */
export function fitBradleyTerry(names: readonly string[], results: readonly PairResult[], options: BtOptions = {}): BtFit {
  const n = names.length;
  if (n < 2) throw new Error('a rating list needs at least two players');
  const prior = options.prior ?? 0;
  const problem = fitProblem(n, results, names, prior);
  if (problem) throw new Error(problem);
  const { games, points } = merged(n, results, prior);
  // Newton in the coordinates of players 1..n-1 (player 0 fixed at θ = 0), then re-anchored.
  const fixed = options.anchor ?? 0;
  const free: number[] = [];
  for (let i = 0; i < n; i++) if (i !== fixed) free.push(i);
  const m = n - 1;
  const theta = new Float64Array(n);
  let ll = logLikelihood(n, theta, games, points);
  let iterations = 0;
  for (; iterations < 200; iterations++) {
    const grad = new Float64Array(m);
    free.forEach((i, k) => {
      let g = 0;
      for (let j = 0; j < n; j++) {
        const c = games[i * n + j];
        if (c > 0) g += points[i * n + j] - c / (1 + Math.exp(theta[j] - theta[i]));
      }
      grad[k] = g;
    });
    const info = information(n, theta, games);
    const reduced = new Float64Array(m * m);
    free.forEach((i, r) => free.forEach((j, c) => { reduced[r * m + c] = info[i * n + j]; }));
    const step = solveSpd(reduced, grad, m);
    let scale = 1;
    let next = theta;
    let nextLl = -Infinity;
    for (let h = 0; h < 60; h++, scale /= 2) {
      next = Float64Array.from(theta);
      free.forEach((i, k) => { next[i] += scale * step[k]; });
      nextLl = logLikelihood(n, next, games, points);
      if (nextLl >= ll - 1e-12) break;
    }
    const moved = Math.max(...step.map((s) => Math.abs(s * scale)));
    theta.set(next);
    ll = nextLl;
    if (moved < 1e-12) { iterations++; break; }
  }
  // Covariance with the fixed player's rating exact, in Elo^2.
  const info = information(n, theta, games);
  const reduced = new Float64Array(m * m);
  free.forEach((i, r) => free.forEach((j, c) => { reduced[r * m + c] = info[i * n + j]; }));
  const inv = inverseSpd(reduced, m);
  let cov = new Float64Array(n * n);
  free.forEach((i, r) => free.forEach((j, c) => { cov[i * n + j] = inv[r * m + c] * ELO_PER_NATURAL ** 2; }));
  const ratings = theta.map((t) => t * ELO_PER_NATURAL);
  const base = options.anchorElo ?? 0;
  if (options.anchor === undefined) {
    // Anchored at the mean: shift, and centre the covariance (C Σ C').
    const mean = ratings.reduce((a, b) => a + b, 0) / n;
    for (let i = 0; i < n; i++) ratings[i] += base - mean;
    const rowMean = new Float64Array(n);
    let all = 0;
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) rowMean[i] += cov[i * n + j] / n;
      all += rowMean[i] / n;
    }
    const centred = new Float64Array(n * n);
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) centred[i * n + j] = cov[i * n + j] - rowMean[i] - rowMean[j] + all;
    cov = centred;
  } else {
    const shift = base - ratings[options.anchor];
    for (let i = 0; i < n; i++) ratings[i] += shift;
  }
  return { ratings, covariance: cov, iterations, logLikelihood: ll };
}

/**
 * The slow reference: Zermelo's iteration in Hunter's MM form, γ_i ← W_i / Σ_j n_ij / (γ_i + γ_j)
 * with γ = 10^(r/400) and W_i i's points, until nothing moves by 1e-9 Elo; ratings anchored at
 * mean 0. Needs the same existence condition (it is not checked here).
 */
export function referenceFit(n: number, results: readonly PairResult[], prior = 0, maxIterations = 1_000_000): Float64Array {
  const { games, points } = merged(n, results, prior);
  const gamma = new Float64Array(n).fill(1);
  for (let it = 0; it < maxIterations; it++) {
    let moved = 0;
    for (let i = 0; i < n; i++) {
      let w = 0;
      let d = 0;
      for (let j = 0; j < n; j++) {
        const g = games[i * n + j];
        if (g === 0) continue;
        w += points[i * n + j];
        d += g / (gamma[i] + gamma[j]);
      }
      const next = w / d;
      moved = Math.max(moved, Math.abs(Math.log10(next / gamma[i])) * 400);
      gamma[i] = next;
    }
    if (moved < 1e-9) break;
  }
  const r = gamma.map((g) => 400 * Math.log10(g));
  const mean = r.reduce((a, b) => a + b, 0) / n;
  return r.map((x) => x - mean);
}
