// Tournament scheduling (both colours per opening), seeded opening choice, and reading back the
// results CSV for --resume.
import { describe, expect, it } from 'vitest';
import { stringify } from 'csv-stringify/sync';
import { parseCsvLine, pickOpenings, schedule } from './tournament.js';

describe('tournament pieces', () => {
  it('schedules every opening twice per pairing with colours swapped', () => {
    const openings = [[37], [19], [26]];
    const rr = schedule(3, 6, openings, false);
    expect(rr).toHaveLength(18);
    expect(rr.map((g) => g.key)).toEqual([...Array(18).keys()]);
    for (let k = 0; k < rr.length; k += 2) {
      expect(rr[k].opening).toBe(rr[k + 1].opening);
      expect([rr[k + 1].black, rr[k + 1].white]).toEqual([rr[k].white, rr[k].black]);
    }
    const gauntlet = schedule(4, 2, openings, true);
    expect(gauntlet.map((g) => [g.black, g.white])).toEqual([[0, 1], [1, 0], [0, 2], [2, 0], [0, 3], [3, 0]]);
  });

  it('picks openings by a seeded shuffle', () => {
    const list = Array.from({ length: 100 }, (_, i) => [i]);
    const a = pickOpenings(list, 10, 1);
    expect(pickOpenings(list, 10, 1)).toEqual(a);
    expect(pickOpenings(list, 10, 2)).not.toEqual(a);
    expect(new Set(a.map((o) => o[0])).size).toBe(10);
  });

  it('reads back what csv-stringify writes', () => {
    const fields = ['12', 'gtp:prog --x "a,b"', 'plain', '', 'crash (white): said "no", then quit', '0'];
    const line = stringify([fields]).replace(/\n$/, '');
    expect(parseCsvLine(line)).toEqual(fields);
    expect(() => parseCsvLine('"open')).toThrow(/unterminated/);
  });
});
