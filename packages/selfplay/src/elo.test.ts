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

  it('gives the hand-computed estimate and 95% interval for 60/10/30', () => {
    // s = 0.65; var = (60*0.35^2 + 10*0.15^2 + 30*0.65^2)/100 = 0.2025; se = sqrt(0.2025/100) = 0.045
    // interval s +- 1.959964*0.045 = [0.561802, 0.738198] -> Elo [43.165, 180.080]
    const e = eloEstimate(60, 10, 30);
    expect(e.games).toBe(100);
    expect(e.score).toBeCloseTo(0.65, 12);
    expect(e.elo).toBeCloseTo(-400 * Math.log10(1 / 0.65 - 1), 9);
    expect(e.elo).toBeCloseTo(107.538, 3);
    expect(e.low).toBeCloseTo(-400 * Math.log10(1 / 0.561802 - 1), 2);
    expect(e.low).toBeCloseTo(43.165, 2);
    expect(e.high).toBeCloseTo(180.080, 2);
  });

  it('draws only: zero variance, interval collapses to the point', () => {
    const e = eloEstimate(0, 20, 0);
    expect(e.elo).toBeCloseTo(0, 12);
    expect(e.low).toBeCloseTo(0, 12);
    expect(e.high).toBeCloseTo(0, 12);
  });

  it('clamps perfect scores to a finite Elo (score 1 - 1/(2n))', () => {
    const e = eloEstimate(10, 0, 0);
    expect(e.elo).toBeCloseTo(-400 * Math.log10(1 / 0.95 - 1), 9);
    expect(Number.isFinite(e.low)).toBe(true);
    expect(formatElo(e)).toMatch(/^\+512 \[\+512, \+512\]$/);
  });

  it('is antisymmetric between the two players', () => {
    const a = eloEstimate(7, 3, 10);
    const b = eloEstimate(10, 3, 7);
    expect(a.elo).toBeCloseTo(-b.elo, 9);
    expect(a.low).toBeCloseTo(-b.high, 9);
  });
});
