// Tournament scheduling (both colours per opening), seeded opening choice, and reading back the
// results CSV for --resume.
import { describe, expect, it } from 'vitest';
import { stringify } from 'csv-stringify/sync';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CSV_COLUMNS, headToHead, parseCsvLine, pickOpenings, readTournamentResults, schedule } from './tournament.js';

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

  it('reads results CSVs with and without the time columns; standings average the recorded times', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sente-csv-'));
    try {
      const t = 'f5d6c3d3c4f4f6f3';
      const oldFile = join(dir, 'old.csv');
      writeFileSync(oldFile, `${CSV_COLUMNS.slice(0, 10).join(',')}\n0,a,b,f5d6,${t},40,24,16,1-0,normal\n0,a,b,f5d6,${t},40,24,16,1-0,normal\n1,b,a,f5d6,${t},30,34,-4,0-1,normal\n`);
      const old = readTournamentResults(oldFile);
      // The repeated game 0 counts once; no times were recorded.
      expect(old.map((r) => r.key)).toEqual([0, 1]);
      expect(old[1].time).toBeUndefined();
      expect(headToHead(old, 'a', 'b')).toEqual(expect.objectContaining({ meanDiscs: 10, secondsPerMove: null }));
      const newFile = join(dir, 'new.csv');
      writeFileSync(newFile, `${CSV_COLUMNS.join(',')}\n0,a,b,f5d6,${t},40,24,16,1-0,normal,3,3000,3,600\n1,b,a,f5d6,${t},30,34,-4,0-1,normal,3,900,3,3000\n2,a,b,f5d6,${t},40,24,16,1-0,normal,,,,\n`);
      const now = readTournamentResults(newFile);
      expect(now[0].time).toEqual({ blackMoves: 3, blackMs: 3000, whiteMoves: 3, whiteMs: 600 });
      expect(now[2].time).toBeUndefined();
      // a: 6 moves in 6 s; b: 6 moves in 1.5 s (game 2 has no times).
      expect(headToHead(now, 'a', 'b').secondsPerMove).toBeCloseTo(1, 9);
      expect(headToHead(now, 'b', 'a').secondsPerMove).toBeCloseTo(0.25, 9);
      writeFileSync(join(dir, 'bad.csv'), `${CSV_COLUMNS.join(',')}\n0,a,b,f5d6,${t},40,24,16,1-0,normal,3,x,3,600\n`);
      expect(() => readTournamentResults(join(dir, 'bad.csv'))).toThrow(/bad\.csv:2: the time fields are not counts/);
      writeFileSync(join(dir, 'part.csv'), `${CSV_COLUMNS.join(',')}\n0,a,b,f5d6,${t},40,24,16,1-0,normal,3,,3,600\n`);
      expect(() => readTournamentResults(join(dir, 'part.csv'))).toThrow(/part\.csv:2: the time fields are not counts/);
      writeFileSync(join(dir, 'moves.csv'), `${CSV_COLUMNS.join(',')}\n0,a,b,f5d6,f5d6z9,40,24,16,1-0,normal,,,,\n`);
      expect(() => readTournamentResults(join(dir, 'moves.csv'))).toThrow(/moves\.csv:2: transcript: /);
      writeFileSync(join(dir, 'other.csv'), 'game,score\n');
      expect(() => readTournamentResults(join(dir, 'other.csv'))).toThrow(/not a tournament results file/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
