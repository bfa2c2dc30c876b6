import { describe, expect, it } from 'vitest';
import { goMoveTimeBudget } from './time-manager.js';

describe('goMoveTimeBudget', () => {
  it('is nine tenths of an even share over a third of the empty points (at least ten moves)', () => {
    expect(goMoveTimeBudget({ remainingMs: 30_000 }, 81)).toBeCloseTo((30_000 / 27) * 0.9, 9);
    expect(goMoveTimeBudget({ remainingMs: 30_000 }, 12)).toBeCloseTo((30_000 / 10) * 0.9, 9);
  });
  it('adds most of an increment, never more than half of what is left; never under 20 ms', () => {
    expect(goMoveTimeBudget({ remainingMs: 30_000, incrementMs: 1000 }, 81)).toBeCloseTo(1000 + 750, 9);
    expect(goMoveTimeBudget({ remainingMs: 100, incrementMs: 1000 }, 3)).toBeCloseTo(9 + 50, 9);
    expect(goMoveTimeBudget({ remainingMs: 50 }, 81)).toBe(20);
    expect(goMoveTimeBudget({ remainingMs: -500, incrementMs: 1000 }, 81)).toBe(20);
  });
});
