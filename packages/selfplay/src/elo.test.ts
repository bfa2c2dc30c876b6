// Elo and its 95% interval against values computed by hand (the example in docs/selfplay.md).
import { describe, expect, it } from 'vitest';
import { eloEstimate, eloFromScore, formatElo } from './elo.js';

describe('Elo', () => {
  it('maps score fractions through the logistic curve', () => {
    expect(eloFromScore(0.5)).toBeCloseTo(0, 12);
    // 10^(-100/400) = 0.562341; 1 / (1 + 0.562341) = 0.640065
    expect(eloFromScore(0.640065)).toBeCloseTo(100, 2);
    expect(eloFromScore(0.75)).toBeCloseTo(190.8485, 3); // -400 log10(1/3)
    expect(eloFromScore(0.25)).toBeCloseTo(-190.8485, 3);
  });

  it('gives the hand-computed estimate and 95% Wilson interval for 60/10/30', () => {
    // s = 0.65; var = (60*0.35^2 + 10*0.15^2 + 30*0.65^2)/100 = 0.2025; z^2 = 3.841459
    // centre = (0.65 + z^2/200) / (1 + z^2/100) = 0.669207/1.038415 = 0.644451
    // half = 1.959964/1.038415 * sqrt(0.2025/100 + z^2/40000) = 1.887457 * 0.046054 = 0.086926
    // interval [0.557525, 0.731377] -> Elo [40.150, 174.000]
    const e = eloEstimate(60, 10, 30);
    expect(e.games).toBe(100);
    expect(e.score).toBeCloseTo(0.65, 12);
    expect(e.elo).toBeCloseTo(-400 * Math.log10(1 / 0.65 - 1), 9);
    expect(e.elo).toBeCloseTo(107.538, 3);
    expect(e.low).toBeCloseTo(-400 * Math.log10(1 / 0.557525 - 1), 1);
    expect(e.low).toBeCloseTo(40.150, 2);
    expect(e.high).toBeCloseTo(174.000, 2);
  });

  it('without draws the interval is the textbook Wilson interval', () => {
    // 7 of 10: centre = (0.7 + 0.192073)/1.384146 = 0.644493; half = 1.415999 * sqrt(0.021 + 0.009604) = 0.247722
    const e = eloEstimate(7, 0, 3);
    expect(e.low).toBeCloseTo(-400 * Math.log10(1 / (0.644493 - 0.247722) - 1), 1);
    expect(e.high).toBeCloseTo(-400 * Math.log10(1 / (0.644493 + 0.247722) - 1), 1);
  });

  it('draws only: centred on 0 but not collapsed (20 draws do not prove equal strength)', () => {
    const e = eloEstimate(0, 20, 0);
    expect(e.elo).toBeCloseTo(0, 12);
    expect(e.low).toBeCloseTo(-e.high, 9);
    // half = z/(1 + z^2/20) * z/40 = 0.080563 -> [0.419437, 0.580563] -> +-56.47 Elo
    expect(e.high).toBeCloseTo(56.47, 1);
  });

  it('a perfect score: finite (clamped) estimate, finite lower end, open upper end', () => {
    const e = eloEstimate(10, 0, 0);
    expect(e.elo).toBeCloseTo(-400 * Math.log10(1 / 0.95 - 1), 9);
    // lower end n/(n + z^2) = 10/13.841459 = 0.722467 -> +166.2
    expect(e.low).toBeCloseTo(166.2, 1);
    expect(e.high).toBe(Infinity);
    expect(formatElo(e)).toBe('+512 [+166, +inf]');
    expect(formatElo(eloEstimate(0, 0, 10))).toBe('-512 [-inf, -166]');
  });

  it('a lopsided but imperfect score keeps a finite interval above the estimate', () => {
    // 17/1/0 of 18: the old s +- z se interval ended at the clamp, i.e. at the estimate itself.
    const e = eloEstimate(17, 1, 0);
    expect(e.high).toBeGreaterThan(e.elo + 100);
    expect(Number.isFinite(e.high)).toBe(true);
  });

  it('is antisymmetric between the two players', () => {
    const a = eloEstimate(7, 3, 10);
    const b = eloEstimate(10, 3, 7);
    expect(a.elo).toBeCloseTo(-b.elo, 9);
    expect(a.low).toBeCloseTo(-b.high, 9);
  });
});
