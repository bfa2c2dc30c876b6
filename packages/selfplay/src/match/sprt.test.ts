// The pentanomial SPRT: the fast LLR (Van den Bergh's approximation) against hand-computed values
// and against the exact GSPRT computed another way (constrained maximum likelihood, solved by
// bisection); the bounds; the decisions of many simulated matches with a known true Elo; and the
// order-independence of the paired tracker.
import { describe, expect, it } from 'vitest';
import { eloEstimate } from '../elo.js';
import { seededRandom } from '../random.js';
import { emptyPentanomial, pentanomialElo, type Pentanomial } from './pentanomial.js';
import { PairedSprt, parseSprt, scoreFromElo, sprtBounds, sprtLlr, type SprtTest } from './sprt.js';
import { simulateSprt } from './simulate.js';

/**
 * The exact GSPRT LLR: N sum p_i ln(q1_i / q0_i), where p is the observed pair distribution and q_k
 * the distribution closest to it (maximum likelihood) with mean per-game score s_k. The MLE under a
 * mean constraint is q_i = p_i / (1 + lambda (a_i - s)), lambda the root of sum q_i (a_i - s) = 0.
 */
function exactLlr(counts: Pentanomial, elo0: number, elo1: number): number {
  const n = counts.reduce((a, b) => a + b, 0);
  const p = counts.map((c) => c / n);
  const a = [0, 0.25, 0.5, 0.75, 1];
  const mle = (s: number): number[] => {
    const support = a.filter((_, i) => p[i] > 0);
    const lo = -1 / (Math.max(...support) - s) + 1e-12;
    const hi = 1 / (s - Math.min(...support)) - 1e-12;
    const f = (l: number): number => p.reduce((sum, pi, i) => sum + (pi * (a[i] - s)) / (1 + l * (a[i] - s)), 0);
    let [x, y] = [lo, hi];
    for (let k = 0; k < 200; k++) {
      const m = (x + y) / 2;
      if (f(m) > 0) x = m; else y = m;
    }
    const l = (x + y) / 2;
    return p.map((pi, i) => pi / (1 + l * (a[i] - s)));
  };
  const q0 = mle(scoreFromElo(elo0));
  const q1 = mle(scoreFromElo(elo1));
  return n * p.reduce((sum, pi, i) => (pi > 0 ? sum + pi * Math.log(q1[i] / q0[i]) : sum), 0);
}

describe('sprtLlr', () => {
  it('matches values computed by hand', () => {
    // Mean 0.5, pair variance (10 .25 + 20 .0625 + 20 .0625 + 10 .25) / 100 = 0.075;
    // s1 = 1/(1+10^(-5/400)) = 0.5071955; LLR = 100 (s1-0.5)(1-s1-0.5)/(2 .075) = -100 .0071955^2/.15 = -0.034516
    expect(sprtLlr([10, 20, 40, 20, 10], 0, 5)).toBeCloseTo(-0.034516, 5);
    // Mean (20 .25 + 30 .5 + 25 .75 + 15) / 100 = 0.5375, variance 0.089219; s1(10 Elo) = 0.514386;
    // LLR = 100 .014386 (1.075 - 1.014386) / (2 .089219) = 0.4887
    expect(sprtLlr([10, 20, 30, 25, 15], 0, 10)).toBeCloseTo(0.4887, 3);
    expect(sprtLlr(emptyPentanomial(), 0, 5)).toBe(0);
  });

  it('agrees with the exact GSPRT (within 10%; the approximation is second order in the score differences)', () => {
    const cases: [Pentanomial, number, number][] = [
      [[12, 50, 140, 60, 15], 0, 5], [[30, 80, 150, 90, 40], 0, 10], [[5, 30, 100, 40, 8], -5, 5],
      [[20, 60, 120, 50, 20], 0, 5], [[3, 20, 60, 40, 10], 0, 10], [[100, 300, 700, 350, 120], 0, 5],
    ];
    for (const [c, e0, e1] of cases) {
      const fast = sprtLlr(c, e0, e1);
      const exact = exactLlr(c, e0, e1);
      expect(Math.abs(fast - exact), `${c}: fast ${fast}, exact ${exact}`).toBeLessThan(0.1 * Math.abs(exact) + 0.02);
    }
  });

  it('has the sign of the evidence: better than elo1 positive, worse than elo0 negative, symmetric counts below zero for elo0=0', () => {
    expect(sprtLlr([5, 10, 30, 30, 25], 0, 5)).toBeGreaterThan(0);
    expect(sprtLlr([25, 30, 30, 10, 5], 0, 5)).toBeLessThan(0);
    // Symmetric counts: mean 0.5 = s0 exactly, so H0 (elo 0) is favoured over H1.
    expect(sprtLlr([7, 20, 50, 20, 7], 0, 5)).toBeLessThan(0);
    // ... and the test elo0=-5, elo1=5 is centred on them: LLR 0.
    expect(sprtLlr([7, 20, 50, 20, 7], -5, 5)).toBeCloseTo(0, 12);
  });

  it('bounds are ln(beta/(1-alpha)) and ln((1-beta)/alpha)', () => {
    const b = sprtBounds({ elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 });
    expect(b.lower).toBeCloseTo(-2.944439, 5);
    expect(b.upper).toBeCloseTo(2.944439, 5);
    expect(sprtBounds({ elo0: 0, elo1: 5, alpha: 0.05, beta: 0.1 }).lower).toBeCloseTo(Math.log(0.1 / 0.95), 12);
  });
});

describe('parseSprt', () => {
  it('reads a full or partial test and refuses nonsense', () => {
    expect(parseSprt('elo0=0,elo1=5,alpha=0.05,beta=0.05')).toEqual({ ok: true, test: { elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 } });
    expect(parseSprt('elo1=10')).toEqual({ ok: true, test: { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 } });
    expect(parseSprt('elo0=5,elo1=0')).toMatchObject({ ok: false, error: expect.stringMatching(/elo0 must be below elo1/) });
    expect(parseSprt('alpha=0')).toMatchObject({ ok: false, error: expect.stringMatching(/alpha must be > 0/) });
    expect(parseSprt('elo2=3')).toMatchObject({ ok: false, error: expect.stringMatching(/"elo2=3" is not/) });
  });
});

/** Runs one simulated SPRT to a decision (or the pair limit): the decision and the pairs used. */
function simulate(elo: number, test: SprtTest, seed: number, maxPairs = 20_000): { decision: string | null; pairs: number } {
  const st = simulateSprt(elo, test, seededRandom(seed, 0x5e7), maxPairs);
  return { decision: st.decision, pairs: st.pairs };
}

describe('simulated matches', () => {
  const test: SprtTest = { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 };
  const runs = 200;
  const rate = (elo: number, want: string): number => {
    let right = 0;
    for (let i = 0; i < runs; i++) if (simulate(elo, test, 1000 + i).decision === want) right++;
    return right / runs;
  };
  it('a clearly stronger player (+25 Elo, elo1 = 10) is accepted as H1 in ≥ 90% of runs', () => {
    expect(rate(25, 'H1')).toBeGreaterThanOrEqual(0.9);
  });
  it('a clearly weaker player (-15 Elo, elo0 = 0) is accepted as H0 in ≥ 90% of runs', () => {
    expect(rate(-15, 'H0')).toBeGreaterThanOrEqual(0.9);
  });
  it('an equal player (elo0 itself) is accepted as H1 in at most about alpha of runs', () => {
    expect(rate(0, 'H1')).toBeLessThanOrEqual(0.08);
  });
  it('a player in between (+5 Elo) gets either decision, neither almost always', () => {
    const h1 = rate(5, 'H1');
    expect(h1).toBeGreaterThan(0.2);
    expect(h1).toBeLessThan(0.8);
  });
});

describe('PairedSprt', () => {
  it('counts pairs in schedule order only, whatever order the games finish in', () => {
    const t: SprtTest = { elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 };
    const random = seededRandom(7, 1);
    const games = Array.from({ length: 400 }, (_, k) => ({ pair: k >> 1, game: (k & 1) as 0 | 1, half: random() < 0.55 ? 2 : random() < 0.1 ? 1 : 0 }));
    const inOrder = new PairedSprt(t, 200);
    for (const g of games) inOrder.add(g.pair, g.game, g.half);
    const shuffled = new PairedSprt(t, 200);
    for (const g of [...games].sort(() => random() - 0.5)) shuffled.add(g.pair, g.game, g.half);
    expect(shuffled.state()).toEqual(inOrder.state());
    // A missing game holds back every later pair.
    const gap = new PairedSprt(t, 200);
    for (const g of games) if (!(g.pair === 3 && g.game === 1)) gap.add(g.pair, g.game, g.half);
    expect(gap.state().pairs).toBe(3);
  });
});

describe('pentanomialElo', () => {
  it('gives the pair-variance interval, narrower than the trinomial one when pairs are correlated', () => {
    // 40 pairs LD (1/4) and 60 WD (3/4): mean 0.55, pair variance (40 .09 + 60 .04) / 100 = 0.06.
    const e = pentanomialElo([0, 40, 0, 60, 0]);
    expect(e.score).toBeCloseTo(0.55, 12);
    expect(e.elo).toBeCloseTo(34.86, 1);
    // Wilson form with n = 100 pairs: centre (0.55 + z^2/200) / (1 + z^2/100), half z/(1 + z^2/100) sqrt(0.06/100 + z^2/40000).
    const z2 = 1.959964 ** 2;
    const centre = (0.55 + z2 / 200) / (1 + z2 / 100);
    const half = (1.959964 / (1 + z2 / 100)) * Math.sqrt(0.06 / 100 + z2 / 40000);
    expect(e.low).toBeCloseTo(-400 * Math.log10(1 / (centre - half) - 1), 6);
    expect(e.high).toBeCloseTo(-400 * Math.log10(1 / (centre + half) - 1), 6);
    // Every pair won: a finite lower end, an open upper one.
    const all = pentanomialElo([0, 0, 0, 0, 10]);
    expect(Number.isFinite(all.low) && all.low > 0).toBe(true);
    expect(all.high).toBe(Infinity);
    // Colour decides most pairs (80 WL, 10 LD, 10 WD): counted one by one (90 W, 20 D, 90 L) the
    // trinomial interval ignores that the two games of a pair offset each other, and is over 2x wider.
    const paired = pentanomialElo([0, 10, 80, 10, 0]);
    const tri = eloEstimate(90, 20, 90);
    expect(tri.high - tri.low).toBeGreaterThan(2 * (paired.high - paired.low));
    expect(pentanomialElo(emptyPentanomial()).low).toBe(-Infinity);
  });
});
