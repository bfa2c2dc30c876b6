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

  it('reads results CSVs with and without the time columns (10, 14 and 17 columns); standings average the recorded times', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sente-csv-'));
    try {
      // Two finished games from f5d6 (black +6 and black +12): results are checked against our rules.
      const t1 = 'f5d6c5b4c7e7d3e3f3f6b6e2d7b8g7c3f2c4d2c6b5a6a3g6c2e8f8b1d8f7a5e6h5b7c1a4b3b2a1g1g5g3h3h8a8a2h6g2f4h2a7h4c8h7e1d1f1g4h1g8';
      const t2 = 'f5d6c7g5d3c5b6d2c2f3h5a7g2d8b5f6f7f4c3g6b8c4h7f2g3h2h1c1b2e2b3h4b1a1e1a3h3g7b4e3b7e6d7a4d1c6f1g8e8g1a5h6c8a6g4f8a2e7a8h8';
      const oldFile = join(dir, 'old.csv');
      writeFileSync(oldFile, `${CSV_COLUMNS.slice(0, 10).join(',')}\n0,a,b,f5d6,${t1},35,29,6,1-0,normal\n0,a,b,f5d6,${t1},35,29,6,1-0,normal\n1,b,a,f5d6,${t2},38,26,12,1-0,normal\n`);
      const old = readTournamentResults(oldFile);
      // The repeated game 0 counts once; no times were recorded.
      expect(old.map((r) => r.key)).toEqual([0, 1]);
      expect(old[1].time).toBeUndefined();
      expect(headToHead(old, 'a', 'b')).toEqual(expect.objectContaining({ meanDiscs: -3, secondsPerMove: null }));
      // The 14 columns before per-move times and clocks.
      const H14 = CSV_COLUMNS.slice(0, 14).join(',');
      const newFile = join(dir, 'new.csv');
      writeFileSync(newFile, `${H14}\n0,a,b,f5d6,${t1},35,29,6,1-0,normal,3,3000,3,600\n1,b,a,f5d6,${t2},38,26,12,1-0,normal,3,900,3,3000\n2,a,b,f5d6,${t1},35,29,6,1-0,normal,,,,\n`);
      const now = readTournamentResults(newFile);
      expect(now[0].time).toEqual({ blackMoves: 3, blackMs: 3000, whiteMoves: 3, whiteMs: 600 });
      expect(now[2].time).toBeUndefined();
      // a: 6 moves in 6 s; b: 6 moves in 1.5 s (game 2 has no times).
      expect(headToHead(now, 'a', 'b').secondsPerMove).toBeCloseTo(1, 9);
      expect(headToHead(now, 'b', 'a').secondsPerMove).toBeCloseTo(0.25, 9);
      writeFileSync(join(dir, 'bad.csv'), `${H14}\n0,a,b,f5d6,${t1},35,29,6,1-0,normal,3,x,3,600\n`);
      expect(() => readTournamentResults(join(dir, 'bad.csv'))).toThrow(/bad\.csv:2: the time fields are not counts/);
      writeFileSync(join(dir, 'part.csv'), `${H14}\n0,a,b,f5d6,${t1},35,29,6,1-0,normal,3,,3,600\n`);
      expect(() => readTournamentResults(join(dir, 'part.csv'))).toThrow(/part\.csv:2: the time fields are not counts/);
      writeFileSync(join(dir, 'moves.csv'), `${H14}\n0,a,b,f5d6,f5d6z9,40,24,16,1-0,normal,,,,\n`);
      expect(() => readTournamentResults(join(dir, 'moves.csv'))).toThrow(/moves\.csv:2: transcript: /);
      // A score, disc count or result edited by hand, or a game that did not finish, is refused.
      writeFileSync(join(dir, 'score.csv'), `${H14}\n0,a,b,f5d6,${t1},35,29,6,1-0,normal,,,,\n1,b,a,f5d6,${t2},38,26,20,1-0,normal,,,,\n`);
      expect(() => readTournamentResults(join(dir, 'score.csv'))).toThrow(/score\.csv:3: game 1: black_score 20 does not follow from the game \(\+12\)/);
      writeFileSync(join(dir, 'short.csv'), `${H14}\n0,a,b,f5d6,f5d6c3,3,3,6,1-0,normal,,,,\n`);
      expect(() => readTournamentResults(join(dir, 'short.csv'))).toThrow(/short\.csv:2: game 0: the reason is normal but the transcript does not finish/);
      writeFileSync(join(dir, 'forfeit.csv'), `${H14}\n0,a,b,f5d6,f5d6,3,3,64,1-0,illegal (black): a1 in f5d6,,,,\n`);
      expect(() => readTournamentResults(join(dir, 'forfeit.csv'))).toThrow(/forfeit\.csv:2: game 0: black_score 64 does not follow from the game \(-64\)/);
      // The current columns: a time for each move after the opening, and the clocks at the end.
      const H = CSV_COLUMNS.join(',');
      const sixty = Array.from({ length: 58 }, (_, i) => i % 7).join(' ');
      const clocked = readTournamentResults(writeAt(dir, 'clock.csv', `${H}\n0,a,b,f5d6,${t1},35,29,6,1-0,normal,29,87,29,87,${sixty},1913,-20\n1,b,a,f5d6,${t2},38,26,12,1-0,normal,,,,,,,\n`));
      expect(clocked[0]).toEqual(expect.objectContaining({ moveMs: sixty.split(' ').map(Number), clockMs: [1913, -20] }));
      expect(clocked[1].moveMs).toBeUndefined();
      expect(clocked[1].clockMs).toBeUndefined();
      expect(() => readTournamentResults(writeAt(dir, 'few.csv', `${H}\n0,a,b,f5d6,${t1},35,29,6,1-0,normal,29,87,29,87,1 2 3,1913,-20\n`))).toThrow(/few\.csv:2: move_ms has 3 times for 58 moves after the opening/);
      expect(() => readTournamentResults(writeAt(dir, 'neg.csv', `${H}\n0,a,b,f5d6,${t1},35,29,6,1-0,normal,29,87,29,87,,x,1\n`))).toThrow(/neg\.csv:2: the clock fields are not whole numbers of ms/);
      // A loss on time is a forfeit of the colour it names.
      readTournamentResults(writeAt(dir, 'time.csv', `${H}\n0,a,b,f5d6,f5d6c3,5,2,64,1-0,time (white): 900 ms for d3 with 10 ms left,1,2,0,0,2,10,-890\n`));
      expect(() => readTournamentResults(writeAt(dir, 'time2.csv', `${H}\n0,a,b,f5d6,f5d6c3,5,2,-64,0-1,time (white): late,,,,,,,\n`))).toThrow(/time2\.csv:2: game 0: black_score -64 does not follow from the game \(\+64\)/);
      writeFileSync(join(dir, 'other.csv'), 'game,score\n');
      expect(() => readTournamentResults(join(dir, 'other.csv'))).toThrow(/not a tournament results file/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

function writeAt(dir: string, name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}
