import { go as rules } from '@sente/core';
import { go as search } from '@sente/search';
import { describe, expect, it } from 'vitest';
import { CompetitionBuilder, competitionsFromGame, fitBradleyTerry, logLikelihood, topOneRate } from './priors-fit.js';

/** xorshift32 in [0, 1). */
function rng(seed: number): () => number {
  let x = seed | 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

describe('Bradley-Terry fit by minorization-maximization', () => {
  it('recovers known gammas from competitions sampled with them', () => {
    // Three groups: A (4 values, always present), B (3 values, sometimes absent), C (binary).
    const truth = new Float64Array(8);
    truth.set([0, 1.2, -0.8, 0.4], 0); // A; only differences within a group present in every move are defined
    truth.set([1.5, -1, 0.6], 4); // B
    truth[7] = -1.3; // C
    const groups = [[0, 4], [4, 3], [7, 1]] as const;
    const random = rng(7);
    const data = new CompetitionBuilder();
    const ids = new Int32Array(3);
    for (let j = 0; j < 6000; j++) {
      const moves: number[][] = [];
      const count = 3 + Math.floor(random() * 8);
      for (let m = 0; m < count; m++) {
        const f = [Math.floor(random() * 4)];
        if (random() < 0.6) f.push(4 + Math.floor(random() * 3));
        if (random() < 0.3) f.push(7);
        moves.push(f);
      }
      // Sample the winner with probability proportional to the product of its gammas.
      const strength = moves.map((f) => Math.exp(f.reduce((s, k) => s + truth[k], 0)));
      let u = random() * strength.reduce((a, b) => a + b, 0);
      let w = 0;
      while (w < count - 1 && u >= strength[w]) u -= strength[w++];
      data.begin();
      for (const f of [moves[w], ...moves.filter((_, i) => i !== w)]) {
        ids.set(f);
        data.addMove(ids, f.length);
      }
    }
    const built = data.build();
    expect(built.count).toBe(6000);
    const lls: number[] = [];
    const fitted = fitBradleyTerry(built, 8, groups, { iterations: 60, onIteration: (_, ll) => lls.push(ll) });
    // MM never lowers the likelihood (up to the prior's small pull).
    for (let i = 1; i < lls.length; i++) expect(lls[i]).toBeGreaterThan(lls[i - 1] - 1e-6);
    // Group A is in every move: its gammas are defined up to a common factor; compare differences.
    for (let k = 1; k < 4; k++) expect(Math.abs(fitted[k] - fitted[0] - (truth[k] - truth[0]))).toBeLessThan(0.15);
    for (const k of [4, 5, 6, 7]) expect(Math.abs(fitted[k] - truth[k])).toBeLessThan(0.15);
    // And the fitted model explains the data as well as the truth does.
    expect(logLikelihood(built, fitted)).toBeGreaterThan(logLikelihood(built, truth) - 0.01);
    expect(logLikelihood(built, fitted)).toBeGreaterThan(logLikelihood(built, new Float64Array(8)) + 0.1);
  });

  it('leaves a feature that never occurs at gamma 1 and gives a feature that always wins a large finite gamma', () => {
    const data = new CompetitionBuilder();
    for (let j = 0; j < 50; j++) {
      data.begin();
      data.addMove([1]);
      data.addMove([0]);
      data.addMove([0]);
    }
    const fitted = fitBradleyTerry(data.build(), 3, [[0, 3]], { iterations: 200 });
    expect(fitted[2]).toBe(0);
    expect(Number.isFinite(fitted[1])).toBe(true);
    expect(fitted[1] - fitted[0]).toBeGreaterThan(2.5);
    const built = data.build();
    expect(topOneRate(built, fitted)).toBe(1);
    expect(topOneRate(built, new Float64Array(3))).toBe(0);
  });

  it('turns a game record into one competition per move, the played move first, among the legal moves', () => {
    const sgf = rules.parseSgf('(;GM[1]SZ[5]KM[0];B[cc];W[bc];B[cb];W[];B[dd])');
    if (!sgf.ok) throw new Error(sgf.error.message);
    const local = new CompetitionBuilder();
    const full = new CompetitionBuilder();
    expect(competitionsFromGame(sgf.value, { local, full })).toBe(4);
    const l = local.build();
    const f = full.build();
    expect(l.count).toBe(4);
    // Moves per competition: every empty point is legal and no eye exists this early: 25, 24, 23, (pass skipped), 21.
    expect(Array.from(l.moveStart.subarray(1)).map((e, j) => e - l.moveStart[j])).toEqual([25, 24, 23, 22]);
    // The winner of the first competition is black (3,3): the centre of 5x5 (line index 2).
    const b = new rules.GoBoard(5);
    const out = new Int32Array(search.MAX_MOVE_FEATURES);
    const n = search.moveFeatures(b, b.pointAt(2, 2), rules.BLACK, out);
    expect(Array.from(l.features.subarray(l.featureStart[0], l.featureStart[1]))).toEqual(Array.from(out.subarray(0, n)));
    // The full model's moves carry the same cheap features, and generator features after them.
    expect(f.count).toBe(4);
    expect(Array.from(f.features.subarray(f.featureStart[0], f.featureStart[0] + n))).toEqual(Array.from(out.subarray(0, n)));
  });
});
