// End to end: `sente solve` on small OBF files written to a temp directory from the FFO fixtures
// (#1-#3, 14 empties, and #20, 6 empties: well under a second each). The table and the CSV must
// report the listed best scores with the file's numbering; a wrong listed score must give exit 1;
// a malformed line must give exit 2 with its line number and offset, before anything is solved.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type CliResult, MAIN, ROOT, runCli } from './cli.js';

const FFO_1 = readFileSync(new URL('fixtures/ffo/fforum-1-19.obf', import.meta.url), 'utf8').split('\n').filter((l) => l.trim());
const FFO_20 = readFileSync(new URL('fixtures/ffo/fforum-20-39.obf', import.meta.url), 'utf8').split('\n').filter((l) => l.trim());

const DIR = mkdtempSync(join(tmpdir(), 'sente-solve-'));
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

function file(name: string, lines: string[]): string {
  const path = join(DIR, name);
  writeFileSync(path, lines.join('\n') + '\n');
  return path;
}

function sente(...args: string[]): CliResult {
  return runCli(args);
}

/** The expected best score of an OBF line (first listed move). */
function best(line: string): number {
  return Number(/;\s*[A-Ha-h][1-8]\s*:\s*([+-]?\d+)/.exec(line)![1]);
}

describe('sente solve', () => {
  const easy = file('ffo-1-3.obf', FFO_1.slice(0, 3));

  it('solves each position and checks the listed score', () => {
    const r = sente('solve', easy);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const rows = r.stdout.split('\n').filter((l) => /^\s*\d+\s+\d+\s+[a-h][1-8]/.test(l));
    expect(rows).toHaveLength(3);
    rows.forEach((row, i) => {
      const [num, empties, move, score] = row.trim().split(/\s+/);
      expect(Number(num)).toBe(i + 1);
      expect(Number(empties)).toBe(14);
      expect(move).toMatch(/^[a-h][1-8]$/);
      expect(Number(score)).toBe(best(FFO_1[i]));
      expect(row).toContain('✓');
    });
    expect(r.stdout).toMatch(/correct 3\/3, 3 solved, total [\d.]+ s, \d+ nodes, [\d.]+ M nodes\/s/);
  });

  it('prints CSV with the numbering of the file name, --only and --first', () => {
    const named = file('fforum-20-39.obf', FFO_20);
    const r = sente('solve', named, '--csv', '--only', '20-22', '--first', '2');
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe('number,empties,move,score,expected,correct,nodes,seconds,nps');
    expect(lines).toHaveLength(3);
    const [num, empties, move, score, expected, correct] = lines[1].split(',');
    expect([num, empties, move, score, expected, correct]).toEqual(['20', '6', 'h5', '+6', '+6', 'true']);
    expect(lines[2].split(',')[0]).toBe('21');
    expect(Number(lines[2].split(',')[3])).toBe(best(FFO_20[1]));
    expect(r.stderr).toMatch(/correct 2\/2/);
    // A file saved with a UTF-8 byte-order mark reads the same.
    const bom = file('bom-20-39.obf', [`\uFEFF${FFO_20[0]}`]);
    const b = sente('solve', bom, '--csv', '--first', '1');
    expect(b.status, b.stderr).toBe(0);
    expect(b.stdout.trim().split('\n')[1].split(',').slice(0, 6)).toEqual(['20', '6', 'h5', '+6', '+6', 'true']);
  });

  it('answers win/draw/loss with --wld', () => {
    const r = sente('solve', easy, '--wld', '--csv');
    expect(r.status).toBe(0);
    const scores = r.stdout.trim().split('\n').slice(1).map((l) => l.split(',')[3]);
    expect(scores).toEqual(FFO_1.slice(0, 3).map((l) => (best(l) > 0 ? 'win' : best(l) < 0 ? 'loss' : 'draw')));
  });

  it('exits 1 when a listed score is wrong', () => {
    const wrong = file('wrong.obf', [FFO_20[0].replace('H5:+6', 'H5:+8')]);
    const r = sente('solve', wrong);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('✗');
    expect(r.stdout).toMatch(/correct 0\/1/);
  });

  it('rejects a malformed line with its line number and offset, solving nothing', () => {
    const bad = file('bad.obf', [FFO_1[0], '', FFO_1[1].slice(0, 20) + 'Z' + FFO_1[1].slice(21)]);
    const r = sente('solve', bad);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/bad\.obf: line 3, offset 20: .*"Z"/);
    const missing = sente('solve', join(DIR, 'nope.obf'));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/cannot read/);
  });
});
