import { describe, expect, it } from 'vitest';
import { bootstrapTable } from './bootstrap.js';
import { Engine } from './engine.js';
import { PROBCUT_MAX_DEPTH, shallowDepth, validateProbCut, type ProbCutParams } from './probcut.js';
import { calibrateProbCut } from './probcut-calibrate.js';
import { prng, randomPosition } from './testutil.js';

const table = bootstrapTable();
const flat = (v: number): number[] => new Array(PROBCUT_MAX_DEPTH + 1).fill(v);

describe('multi-ProbCut', () => {
  it('pairs each depth with a shallower one of the same parity', () => {
    for (let d = 3; d <= 30; d++) {
      const s = shallowDepth(d);
      expect(s).toBeGreaterThanOrEqual(1);
      expect(s).toBeLessThan(d);
      expect((d - s) % 2).toBe(0);
    }
  });

  it('never changes the result when the margin is infinite, and prunes nodes when it is small', () => {
    const random = prng(17);
    const engine = (pc: ProbCutParams | undefined): Engine => new Engine(table, 'test', { ttMb: 4, probcut: pc ?? false });
    const wide: ProbCutParams = { shallow: flat(1), a: flat(1), b: flat(0), sigma: flat(1e6), t: 1.5, samples: 0 };
    const narrow: ProbCutParams = { shallow: flat(1), a: flat(1), b: flat(0), sigma: flat(64), t: 1, samples: 0 };
    const plainEngine = engine(undefined), wideEngine = engine(wide), narrowEngine = engine(narrow);
    let plainNodes = 0, narrowNodes = 0;
    for (let i = 0; i < 6; i++) {
      const p = randomPosition(random, 30);
      const plain = plainEngine.searchValue(p, 5);
      plainNodes += plain.nodes;
      expect(wideEngine.searchValue(p, 5).score).toBe(plain.score);
      narrowNodes += narrowEngine.searchValue(p, 5).nodes;
    }
    expect(narrowNodes).toBeLessThan(plainNodes);
  });

  it('calibrates a line from shallow to deep values, and validates parameter files', () => {
    const random = prng(3);
    const positions = Array.from({ length: 8 }, () => randomPosition(random, 30));
    const pc = calibrateProbCut(table, positions, 1.5, undefined, 6);
    expect(pc.samples).toBe(8);
    expect(pc.a[PROBCUT_MAX_DEPTH]).toBe(pc.a[6]);
    expect(validateProbCut(pc)).toBeNull();
    for (let d = 3; d <= PROBCUT_MAX_DEPTH; d++) {
      expect(pc.a[d]).toBeGreaterThan(0);
      expect(pc.sigma[d]).toBeGreaterThanOrEqual(0);
    }
    expect(validateProbCut({ ...pc, a: pc.a.slice(1) })).toMatch(/"a"/);
    expect(validateProbCut({ ...pc, t: -1 })).toMatch(/"t"/);
    expect(validateProbCut(null)).toMatch(/object/);
  });
});
