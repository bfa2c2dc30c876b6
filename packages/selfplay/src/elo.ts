// Elo from match results. The score fraction s = (wins + draws/2) / games maps to an Elo
// difference through the logistic model, elo = -400 log10(1/s - 1). Its uncertainty comes from the
// per-game score variance (the trinomial model: each game scores 1, 1/2 or 0),
//   var = (w (1-s)^2 + d (1/2-s)^2 + l s^2) / n,   se(s) = sqrt(var / n),
// and the 95% interval is s +- 1.96 se(s) mapped through the same curve. A perfect or null score
// would give an infinite Elo, so s and the interval ends are clamped to [1/(2n), 1 - 1/(2n)].

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
  const se = Math.sqrt(variance / n);
  const lo = 1 / (2 * n);
  const clamp = (x: number): number => Math.min(1 - lo, Math.max(lo, x));
  return {
    games: n, wins, draws, losses, score: s,
    elo: eloFromScore(clamp(s)),
    low: eloFromScore(clamp(s - Z95 * se)),
    high: eloFromScore(clamp(s + Z95 * se)),
  };
}

/** `+107 [+43, +181]` */
export function formatElo(e: EloEstimate): string {
  const f = (x: number): string => (Number.isFinite(x) ? `${x >= 0 ? '+' : ''}${Math.round(x)}` : x > 0 ? '+inf' : '-inf');
  return `${f(e.elo)} [${f(e.low)}, ${f(e.high)}]`;
}
