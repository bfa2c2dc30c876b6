// The time manager: a move's budget is a share of the clock plus most of the increment, never
// more than the clock less its reserve; a whole game played at full budgets ends in time for any
// clock (fast-check), and the budgets are a fair share (not a trickle) of the time.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUDGET_STRETCH, CLOCK_RESERVE_FRACTION, CLOCK_RESERVE_MS, CLOCK_RESERVE_PER_MOVE_MS, moveTimeBudget } from './time-manager.js';

describe('moveTimeBudget', () => {
  it('shares the clock over the moves left, adds most of the increment, and keeps a reserve', () => {
    const P = CLOCK_RESERVE_PER_MOVE_MS;
    const S = BUDGET_STRETCH;
    // 10 s for the game at the start (60 empties: 30 own moves, 34 with passes): S (10000 - 25 - 500 - 34 P) / 30 + 75.
    expect(moveTimeBudget({ remainingMs: 10_000, incrementMs: 100 }, 60)).toBe(Math.floor((S * (10_000 - CLOCK_RESERVE_MS - CLOCK_RESERVE_FRACTION * 10_000 - 34 * P)) / 30 + 75));
    // 40/60: with 5 moves to go in the period, the period's time is shared over them (4 after this one).
    expect(moveTimeBudget({ remainingMs: 20_000, incrementMs: 0, movesToGo: 5 }, 40)).toBe(Math.floor((S * (20_000 - 25 - 1000 - 4 * P)) / 5));
    // More moves to go than the game has left: as if the time were for the game.
    expect(moveTimeBudget({ remainingMs: 20_000, incrementMs: 0, movesToGo: 40 }, 20)).toBe(Math.floor((S * (20_000 - 25 - 1000 - 14 * P)) / 10));
    // The last move of a period may spend all but the reserve: the time is renewed after it.
    expect(moveTimeBudget({ remainingMs: 2000, incrementMs: 0, movesToGo: 1 }, 40)).toBe(2000 - 25 - 100);
    // The last move of a game by the empties keeps half: passes may give the side more.
    expect(moveTimeBudget({ remainingMs: 2000, incrementMs: 0 }, 1)).toBe(Math.floor((2000 - 25 - 100 - 5 * P) / 2));
    // Otherwise never more than half of what is usable, whatever the increment.
    expect(moveTimeBudget({ remainingMs: 1000, incrementMs: 60_000 }, 30)).toBe(Math.floor((1000 - 25 - 50 - 19 * P) / 2));
    // Nearly out of time: the least budget think() accepts.
    expect(moveTimeBudget({ remainingMs: 20, incrementMs: 0 }, 30)).toBe(1);
    expect(moveTimeBudget({ remainingMs: -5, incrementMs: 0 }, 30)).toBe(1);
  });

  it('a game whose every move takes its whole budget never runs out of time', () => {
    fc.assert(fc.property(
      fc.integer({ min: 1000, max: 600_000 }), fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: CLOCK_RESERVE_PER_MOVE_MS }), fc.integer({ min: 0, max: 8 }),
      (base, increment, moves, overhead, extra) => {
        // Each move takes its budget plus up to 5 ms the engine does not control; the side makes
        // up to 8 moves more than half the empties (its opponent passed).
        let left = base;
        let toGo = moves;
        for (let empties = 60; empties > -2 * extra; empties -= 2) {
          const budget = moveTimeBudget({ remainingMs: left, incrementMs: increment, movesToGo: moves > 0 ? toGo : 0 }, Math.max(1, empties));
          left -= budget + overhead;
          if (left < 0) return false;
          if (moves > 0 && --toGo === 0) { left += base; toGo = moves; }
          left += increment;
        }
        return true;
      },
    ), { numRuns: 20_000 });
  });
});
