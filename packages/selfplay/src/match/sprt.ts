// The sequential probability ratio test on game pairs, as fastchess and Fishtest run it: after
// every pair, the log-likelihood ratio of H1 (elo = elo1) against H0 (elo = elo0) is compared with
// the bounds ln(beta/(1-alpha)) (H0 accepted at or below) and ln((1-beta)/alpha) (H1 at or above).
//
// The LLR is the generalised SPRT in Michel Van den Bergh's approximation: for N pairs with mean
// per-game score x and per-pair score variance v (both from the pentanomial counts),
//   LLR ~= N (s1 - s0) (2x - s0 - s1) / (2 v),   s_i = 1 / (1 + 10^(-elo_i / 400))  (logistic Elo).
// It is the second-order expansion of the exact GSPRT (the likelihood of the counts under the
// maximum-likelihood distribution with mean s1, against the one with mean s0); the tests check it
// against that exact value. As Fishtest does, empty cells are given 1e-3 pairs before computing x
// and v, so a run of identical pairs has a finite LLR. That alone is not enough when every pair
// is tested: in Othello (few draws) a single WW pair gives LLR > 2.94 for elo1 = 10 and equal
// players were accepted as better in 28% of simulated runs; no decision is taken before
// MIN_PAIRS pairs, which brings that to alpha (5%), measured by the simulations in sprt.test.ts.
import { eloFromScore } from '../elo.js';
import { emptyPentanomial, pairStats, type Pentanomial } from './pentanomial.js';

export interface SprtTest {
  readonly elo0: number;
  readonly elo1: number;
  readonly alpha: number;
  readonly beta: number;
}

/** Pairs before the first decision: the variance of fewer pairs is too noisy to trust. */
export const MIN_PAIRS = 10;

export type SprtDecision = 'H0' | 'H1' | null;

/** Expected per-game score at a logistic Elo difference. */
export function scoreFromElo(elo: number): number {
  return 1 / (1 + 10 ** (-elo / 400));
}

export function sprtBounds(t: SprtTest): { lower: number; upper: number } {
  return { lower: Math.log(t.beta / (1 - t.alpha)), upper: Math.log((1 - t.beta) / t.alpha) };
}

/** The LLR of pentanomial counts for H1 (elo1) against H0 (elo0); 0 without pairs. */
export function sprtLlr(counts: Readonly<Pentanomial>, elo0: number, elo1: number): number {
  if (counts.every((c) => c === 0)) return 0;
  const regular = counts.map((c) => (c === 0 ? 1e-3 : c)) as Pentanomial;
  const { pairs, mean, variance } = pairStats(regular);
  const s0 = scoreFromElo(elo0);
  const s1 = scoreFromElo(elo1);
  return (pairs * (s1 - s0) * (2 * mean - s0 - s1)) / (2 * variance);
}

export function sprtDecision(llr: number, t: SprtTest): SprtDecision {
  const { lower, upper } = sprtBounds(t);
  return llr >= upper ? 'H1' : llr <= lower ? 'H0' : null;
}

/** `H1 accepted`, `H0 accepted` or `inconclusive`. */
export function describeDecision(d: SprtDecision): string {
  return d === 'H1' ? 'H1 accepted' : d === 'H0' ? 'H0 accepted' : 'inconclusive';
}

export const DEFAULT_SPRT: SprtTest = { elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 };

/**
 * `elo0=0,elo1=5,alpha=0.05,beta=0.05` (any subset; the others from `defaults`). Refused: unknown
 * keys, non-numbers, elo0 >= elo1, |elo| > 1000, alpha or beta outside (0, 0.5].
 */
export function parseSprt(text: string, defaults: SprtTest = DEFAULT_SPRT): { ok: true; test: SprtTest } | { ok: false; error: string } {
  const t: Record<string, number> = { ...defaults };
  for (const part of text.split(',')) {
    if (part.trim() === '') continue;
    const m = /^\s*(elo0|elo1|alpha|beta)\s*=\s*(-?\d+(?:\.\d+)?|-?\.\d+)\s*$/.exec(part);
    if (!m) return { ok: false, error: `--sprt: "${part.trim()}" is not elo0=N, elo1=N, alpha=P or beta=P` };
    t[m[1]] = Number(m[2]);
  }
  if (!(Math.abs(t.elo0) <= 1000 && Math.abs(t.elo1) <= 1000)) return { ok: false, error: `--sprt: elo0 and elo1 must be within ±1000 (got ${t.elo0}, ${t.elo1})` };
  if (!(t.elo0 < t.elo1)) return { ok: false, error: `--sprt: elo0 must be below elo1 (got elo0=${t.elo0}, elo1=${t.elo1})` };
  for (const k of ['alpha', 'beta']) if (!(t[k] > 0 && t[k] <= 0.5)) return { ok: false, error: `--sprt: ${k} must be > 0 and ≤ 0.5 (got ${t[k]})` };
  return { ok: true, test: { elo0: t.elo0, elo1: t.elo1, alpha: t.alpha, beta: t.beta } };
}

export function formatSprt(t: SprtTest): string {
  return `elo0=${t.elo0},elo1=${t.elo1},alpha=${t.alpha},beta=${t.beta}`;
}

export interface SprtState {
  readonly test: SprtTest;
  readonly counts: Pentanomial;
  /** Pairs counted: the leading pairs of the schedule that are complete, up to the decision. */
  readonly pairs: number;
  readonly llr: number;
  readonly lower: number;
  readonly upper: number;
  readonly decision: SprtDecision;
}

/**
 * The SPRT of one match, fed game by game in any order. It counts pairs in schedule order only
 * (pair j once pairs 0..j are all complete) and freezes at the first pair whose LLR crosses a
 * bound, so the decision — and the games it rests on — do not depend on which worker finished
 * first. Games played past the decision are not counted. No decision before MIN_PAIRS pairs.
 */
export class PairedSprt {
  private readonly halves = new Map<number, number[]>();
  private readonly counts = emptyPentanomial();
  private next = 0;
  private llr = 0;
  private decision: SprtDecision = null;

  constructor(readonly test: SprtTest, readonly totalPairs: number) {}

  /** One game: its pair number, which of the pair's two games it is (0, 1), the tested player's half points. */
  add(pair: number, game: 0 | 1, half: number): void {
    if (pair >= this.totalPairs) return;
    const h = this.halves.get(pair) ?? [-1, -1];
    h[game] = half;
    this.halves.set(pair, h);
    while (this.decision === null && this.next < this.totalPairs) {
      const done = this.halves.get(this.next);
      if (!done || done[0] < 0 || done[1] < 0) break;
      this.counts[done[0] + done[1]]++;
      this.halves.delete(this.next);
      this.next++;
      this.llr = sprtLlr(this.counts, this.test.elo0, this.test.elo1);
      if (this.next >= MIN_PAIRS) this.decision = sprtDecision(this.llr, this.test);
    }
  }

  /** Whether pair `pair` is among the counted ones. */
  counted(pair: number): boolean {
    return pair < this.next;
  }

  state(): SprtState {
    return { test: this.test, counts: [...this.counts] as Pentanomial, pairs: this.next, llr: this.llr, ...sprtBounds(this.test), decision: this.decision };
  }
}

/** `LLR +1.23 [-2.94, +2.94]` */
export function formatLlr(s: SprtState): string {
  const f = (x: number): string => `${x >= 0 ? '+' : ''}${x.toFixed(2)}`;
  return `LLR ${f(s.llr)} [${f(s.lower)}, ${f(s.upper)}]`;
}

