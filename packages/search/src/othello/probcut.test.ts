import { describe, expect, it } from 'vitest';
import { bootstrapTable } from './bootstrap.js';
import { Engine } from './engine.js';
import { PROBCUT_MAX_DEPTH, PROBCUT_STAGES, PROBCUT_VERSION, probcutShallow, probcutStage, shallowDepth, validateProbCut, type ProbCutParams } from './probcut.js';
import { MIN_STAGE_SAMPLES, calibrateProbCut, fitProbCut } from './probcut-calibrate.js';
import { prng, randomPosition } from './testutil.js';

const table = bootstrapTable();
const N = PROBCUT_MAX_DEPTH + 1;
const flat = (v: number): number[] => new Array(N).fill(v);
const rows = (v: number, stages = PROBCUT_STAGES.length): number[][] => Array.from({ length: stages }, () => flat(v));
const shallow = Array.from({ length: N }, (_, d) => (d < 3 ? 0 : shallowDepth(d)));
const params = (sigma: number, t: number): ProbCutParams => ({ version: PROBCUT_VERSION, stages: [...PROBCUT_STAGES], shallow, a: rows(1), b: rows(0), sigma: rows(sigma), count: rows(0), t, samples: 0 });

describe('multi-ProbCut', () => {
  it('pairs each depth with a shallower one of the same parity', () => {
    for (let d = 3; d <= 30; d++) {
      const s = shallowDepth(d);
      expect(s).toBeGreaterThanOrEqual(1);
      expect(s).toBeLessThan(d);
      expect((d - s) % 2).toBe(0);
      // Beyond the calibrated depths the cut keeps the deepest depth's gap.
      const p = probcutShallow(params(1, 1), d);
      expect(p).toBe(d <= PROBCUT_MAX_DEPTH ? s : d - (PROBCUT_MAX_DEPTH - shallowDepth(PROBCUT_MAX_DEPTH)));
      expect((d - p) % 2).toBe(0);
    }
  });

  it('finds the stage of every number of empties', () => {
    const p = params(1, 1);
    expect(probcutStage(p, 0)).toBe(0);
    expect(probcutStage(p, PROBCUT_STAGES[0])).toBe(0);
    expect(probcutStage(p, PROBCUT_STAGES[0] + 1)).toBe(1);
    expect(probcutStage(p, 60)).toBe(PROBCUT_STAGES.length - 1);
  });

  it('never changes the result when the margin is infinite, and prunes nodes when it is small', () => {
    const random = prng(17);
    const engine = (pc: ProbCutParams | undefined): Engine => new Engine(table, 'test', { ttMb: 4, probcut: pc ?? false });
    const plainEngine = engine(undefined), wideEngine = engine(params(1e6, 1.5)), narrowEngine = engine(params(64, 1));
    let plainNodes = 0, narrowNodes = 0;
    for (let i = 0; i < 6; i++) {
      const p = randomPosition(random, 30);
      const plain = plainEngine.searchValue(p, 6);
      plainNodes += plain.nodes;
      expect(wideEngine.searchValue(p, 6).score).toBe(plain.score);
      narrowNodes += narrowEngine.searchValue(p, 6).nodes;
    }
    expect(narrowNodes).toBeLessThan(plainNodes * 0.9);
  });

  it('keeps fixed-depth results with one thread deterministic with the cuts on (same move, score and nodes)', () => {
    const random = prng(41);
    const e = new Engine(table, 'test', { ttMb: 4, probcut: params(96, 1.5) });
    for (let i = 0; i < 4; i++) {
      const p = randomPosition(random, 24 + 6 * i);
      e.newGame();
      const a = e.think(p, { depth: 7, exactFrom: 0 });
      e.newGame();
      const b = e.think(p, { depth: 7, exactFrom: 0 });
      expect(p.isLegal(a.move)).toBe(true);
      expect([b.move, b.score, b.nodes]).toEqual([a.move, a.score, a.nodes]);
    }
  });

  it('fits a line per stage and depth: exact data gives its own slope, intercept and no deviation', () => {
    // Synthetic samples: deep = 2 * shallow + 10 in stage 0, deep = shallow - 5 elsewhere.
    const samples = [];
    for (let i = 0; i < 60; i++) {
      const empties = i < 30 ? 14 : 50;
      const values = Array.from({ length: N }, (_, d) => (d % 2 === 0 ? 3 * i + d : -2 * i + d));
      for (let d = 3; d < N; d++) values[d] = empties === 14 ? 2 * values[shallowDepth(d)] + 10 : values[shallowDepth(d)] - 5;
      samples.push({ empties, values });
    }
    const pc = fitProbCut(samples, 1.5);
    expect(validateProbCut(pc)).toBeNull();
    const last = PROBCUT_STAGES.length - 1;
    for (let d = 3; d < N; d++) {
      expect(pc.a[0][d]).toBeCloseTo(2, 9);
      expect(pc.b[0][d]).toBeCloseTo(10, 6);
      expect(pc.sigma[0][d]).toBeCloseTo(0, 6);
      expect(pc.count[0][d]).toBe(30);
      expect(pc.a[last][d]).toBeCloseTo(1, 9);
      expect(pc.b[last][d]).toBeCloseTo(-5, 6);
      expect(pc.count[last][d]).toBe(30);
      // A stage without enough samples takes the pooled line (count 0).
      expect(pc.count[1][d]).toBe(0);
    }
    expect(MIN_STAGE_SAMPLES).toBeLessThanOrEqual(30);
  });

  it('calibrates on real searches, and validates parameter files', () => {
    const random = prng(3);
    const positions = Array.from({ length: 8 }, () => randomPosition(random, 30));
    const pc = calibrateProbCut(table, positions, 1.5, undefined, 6);
    expect(pc.samples).toBe(8);
    expect(validateProbCut(pc)).toBeNull();
    for (let st = 0; st < pc.stages.length; st++) {
      expect(pc.a[st][PROBCUT_MAX_DEPTH]).toBe(pc.a[st][6]);
      for (let d = 3; d <= PROBCUT_MAX_DEPTH; d++) {
        expect(pc.a[st][d]).toBeGreaterThan(0);
        expect(pc.sigma[st][d]).toBeGreaterThanOrEqual(0);
      }
    }
    // Depths past the measured 6 keep its gap: 7 -> 3 (gap 4: 6 pairs with 2), 8 -> 4.
    expect(pc.shallow[7]).toBe(3);
    expect(pc.shallow[8]).toBe(4);
    expect(validateProbCut({ ...pc, a: pc.a.slice(1) })).toMatch(/"a"/);
    expect(validateProbCut({ ...pc, sigma: pc.sigma.map((r) => r.slice(1)) })).toMatch(/"sigma"/);
    expect(validateProbCut({ ...pc, t: -1 })).toMatch(/"t"/);
    expect(validateProbCut({ ...pc, version: 1 })).toMatch(/"version"/);
    expect(validateProbCut({ ...pc, stages: [30, 20, 60] })).toMatch(/"stages"/);
    expect(validateProbCut({ ...pc, stages: [20, 40] })).toMatch(/"stages"/);
    expect(validateProbCut({ ...pc, shallow: pc.shallow.map((s, d) => (d === 5 ? 2 : s)) })).toMatch(/"shallow" at depth 5/);
    expect(validateProbCut({ ...pc, a: pc.a.map((r) => r.map(() => -1)) })).toMatch(/slopes/);
    expect(validateProbCut(null)).toMatch(/object/);
  });
});
