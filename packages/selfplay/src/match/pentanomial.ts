// Game pairs: every opening is played twice with the colours swapped, and the two games of a pair
// are correlated (a lopsided opening favours whoever has the good side, once each way). Counting
// pair outcomes instead of single games — the pentanomial model: LL, LD, DD or WL, WD, WW, i.e.
// 0, 1/2, 1, 3/2 or 2 points of 2 — removes that opening noise from the variance, so the Elo
// interval is honest and usually narrower than the trinomial one (elo.ts), and the SPRT
// (sprt.ts) decides sooner.
import { Z95, eloFromScore } from '../elo.js';

/** Pairs scoring 0, 1/2, 1, 3/2 and 2 points (LL, LD, DD+WL, WD, WW) from the tested player's view. */
export type Pentanomial = [number, number, number, number, number];

export function emptyPentanomial(): Pentanomial {
  return [0, 0, 0, 0, 0];
}

/** Half points of one game for the tested player: 2 a win, 1 a draw, 0 a loss. */
export function halfPoints(score: number): number {
  return score > 0 ? 2 : score === 0 ? 1 : 0;
}

/** Pairs, mean score per game (0..1) and the variance of one pair's per-game score. */
export function pairStats(p: Readonly<Pentanomial>): { pairs: number; mean: number; variance: number } {
  const pairs = p.reduce((a, b) => a + b, 0);
  if (pairs === 0) return { pairs: 0, mean: 0.5, variance: 0 };
  let mean = 0;
  for (let i = 0; i < 5; i++) mean += (p[i] * i) / 4;
  mean /= pairs;
  let variance = 0;
  for (let i = 0; i < 5; i++) variance += p[i] * (i / 4 - mean) ** 2;
  return { pairs, mean, variance: variance / pairs };
}

export interface PairedElo {
  readonly pairs: number;
  readonly score: number;
  readonly elo: number;
  /** 95% interval from the variance of pair scores (Wilson form, mapped to Elo). */
  readonly low: number;
  readonly high: number;
}

/**
 * Elo with a 95% interval from pair outcomes: the per-game score s = mean points per game and the
 * variance v of one pair's score, in the same Wilson form as elo.ts with n = pairs,
 *   centre = (s + z^2/(2n)) / (1 + z^2/n),   half = z / (1 + z^2/n) * sqrt(v/n + z^2/(4n^2)),
 * mapped through the logistic curve, so a one-sided match (every pair WW) still has a finite
 * lower end. A perfect or null score is clamped to 1/(4 pairs) from the edge for the estimate.
 */
export function pentanomialElo(p: Readonly<Pentanomial>): PairedElo {
  const { pairs: n, mean, variance } = pairStats(p);
  if (n === 0) return { pairs: n, score: 0.5, elo: 0, low: -Infinity, high: Infinity };
  const z2 = Z95 * Z95;
  const centre = (mean + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 / (1 + z2 / n)) * Math.sqrt(variance / n + z2 / (4 * n * n));
  const edge = 1 / (4 * n);
  return {
    pairs: n, score: mean,
    elo: eloFromScore(Math.min(1 - edge, Math.max(edge, mean))),
    low: centre - half <= 1e-12 ? -Infinity : eloFromScore(centre - half),
    high: centre + half >= 1 - 1e-12 ? Infinity : eloFromScore(centre + half),
  };
}
