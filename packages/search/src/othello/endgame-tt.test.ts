// The endgame table's presence filter against a plain record of what was stored: a stored
// position is found with its bounds, a position never stored is not, and clear() forgets all;
// storeNew's blind write is found and merged like store's.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EndgameTable } from './endgame-tt.js';

const key = fc.tuple(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }));

describe('endgame table', () => {
  it('finds every stored position with its bounds and no other, and forgets all on clear', () => {
    const t = new EndgameTable();
    fc.assert(fc.property(fc.uniqueArray(key, { minLength: 1, maxLength: 300, selector: (k) => k.join(',') }), fc.array(key, { maxLength: 300 }), (stored, others) => {
      t.clear();
      const seen = new Set<string>();
      stored.forEach(([a, b, c, d], i) => {
        const lower = (i % 64) - 32;
        t.store(a, b, c, d, 10 + (i % 20), lower, lower + 2 * (i % 3), i % 64);
        seen.add([a, b, c, d].join(','));
      });
      // 300 positions in 2^18 buckets of two: no bucket overflows for these seeds, so all stay.
      stored.forEach(([a, b, c, d], i) => {
        const lower = (i % 64) - 32;
        expect(t.probe(a, b, c, d)).toBe(true);
        expect([...t.hit]).toEqual([lower, lower + 2 * (i % 3), i % 64]);
      });
      for (const [a, b, c, d] of others) expect(t.probe(a, b, c, d)).toBe(seen.has([a, b, c, d].join(',')));
      t.clear();
      for (const [a, b, c, d] of stored) expect(t.probe(a, b, c, d)).toBe(false);
    }), { numRuns: 50, seed: 13 });
  });

  it('a position probe proved absent is found after storeNew, and store merges into it', () => {
    const t = new EndgameTable();
    fc.assert(fc.property(key, ([a, b, c, d]) => {
      t.clear();
      expect(t.probe(a, b, c, d)).toBe(false);
      expect(t.absent).toBe(true);
      t.storeNew(a, b, c, d, 8, -64, 6, 21);
      expect(t.probe(a, b, c, d) && [...t.hit]).toEqual([-64, 6, 21]);
      expect(t.absent).toBe(false);
      t.store(a, b, c, d, 8, -2, 64, -1);
      expect(t.probe(a, b, c, d) && [...t.hit]).toEqual([-2, 6, 21]);
    }), { numRuns: 100, seed: 14 });
  });
});
