// Elo from match results. The score fraction s = (wins + draws/2) / games maps to an Elo
// difference through the logistic model, elo = -400 log10(1/s - 1). Its uncertainty comes from the
// per-game score variance (the trinomial model: each game scores 1, 1/2 or 0),
//   var = (w (1-s)^2 + d (1/2-s)^2 + l s^2) / n,
// and the 95% interval is the Wilson score interval with that variance (z = 1.96),
//   centre = (s + z^2/(2n)) / (1 + z^2/n),   half = z / (1 + z^2/n) * sqrt(var/n + z^2/(4n^2)),
// mapped through the same curve. (Without draws var = s(1-s): the textbook Wilson interval.) Unlike
// s +- z se, it stays inside (0, 1) and does not collapse for a lopsided score: 10 wins of 10 give a
// finite lower end and an open upper end (+inf). A perfect or null score would give an infinite
// point estimate, so s itself is clamped to [1/(2n), 1 - 1/(2n)] for it.

export interface EloEstimate {
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  /** Score fraction (0..1). */
  readonly score: number;
  /** Elo difference (positive: the player is stronger). */
  readonly elo: number;
  /** 95% interval of the Elo difference. */
  readonly low: number;
  readonly high: number;
}

export const Z95 = 1.959964;

/** Elo difference of a score fraction (logistic model). */
export function eloFromScore(score: number): number {
  return -400 * Math.log10(1 / score - 1);
}

export function eloEstimate(wins: number, draws: number, losses: number): EloEstimate {
  const n = wins + draws + losses;
  if (n === 0) return { games: 0, wins, draws, losses, score: 0.5, elo: 0, low: -Infinity, high: Infinity };
  const s = (wins + draws / 2) / n;
  const variance = (wins * (1 - s) ** 2 + draws * (0.5 - s) ** 2 + losses * s ** 2) / n;
  const z2 = Z95 * Z95;
  const centre = (s + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 / (1 + z2 / n)) * Math.sqrt(variance / n + z2 / (4 * n * n));
  const lo = 1 / (2 * n);
  return {
    games: n, wins, draws, losses, score: s,
    elo: eloFromScore(Math.min(1 - lo, Math.max(lo, s))),
    // At 1 or 0 the ends are exactly open (the rounding of centre +- half would give a huge finite Elo).
    low: centre - half <= 1e-12 ? -Infinity : eloFromScore(centre - half),
    high: centre + half >= 1 - 1e-12 ? Infinity : eloFromScore(centre + half),
  };
}

/** `+107 [+43, +181]` */
export function formatElo(e: EloEstimate): string {
  const f = (x: number): string => (Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${Math.round(x)}` : x > 0 ? '+inf' : '-inf');
  return `${f(e.elo)} [${f(e.low)}, ${f(e.high)}]`;
}
