// End to end: `sente selfplay` on the worker pool. The same seed gives byte-identical game files
// with 1 and 2 workers; a worker that dies mid-batch loses nothing and duplicates nothing; a run
// stopped by Ctrl-C (and an append cut short) resumes to exactly N games, identical to an
// uninterrupted run. Each run uses a temporary builds registry holding the bootstrap build.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLACK, Position } from '@sente/core';
import { bootstrapTable, createEngine } from '@sente/search';
import { readGameFile, setStrongest } from '@sente/selfplay';
import { type CliResult, MAIN, ROOT, runCli } from './cli.js';

let tmp = '';
let env: NodeJS.ProcessEnv = {};
const FAST = ['--build', 'bootstrap', '--depth', '1', '--exact', '6', '--seed', '7', '--openings', 'xot'];

function sente(...args: string[]): CliResult {
  return runCli(args, { env });
}

function indices(dir: string): number[] {
  return readGameFile(join(dir, 'games.txt')).games.map((g) => g.index);
}

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'sente-selfplay-'));
  setStrongest(join(tmp, 'builds'), 'bootstrap'); // the shipped bootstrap is this registry's strongest
  env = { ...process.env, SENTE_BUILDS: join(tmp, 'builds') };
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('sente selfplay', () => {
  it('same seed, same games with 1 and 2 workers; every game ends with its exact score', () => {
    const one = sente('selfplay', ...FAST, '--games', '24', '--workers', '1', '--out', join(tmp, 'w1'));
    expect(one.status, one.stderr).toBe(0);
    expect(one.stdout).toMatch(/24\/24 games/);
    expect(one.stdout).toMatch(/black wins \d+ .*draws \d+ .*white wins \d+/);
    const two = sente('selfplay', ...FAST, '--games', '24', '--workers', '2', '--batch', '3', '--out', join(tmp, 'w2'));
    expect(two.status, two.stderr).toBe(0);
    const a = readFileSync(join(tmp, 'w1', 'games.txt'), 'utf8');
    expect(readFileSync(join(tmp, 'w2', 'games.txt'), 'utf8')).toBe(a);
    const games = readGameFile(join(tmp, 'w1', 'games.txt')).games;
    expect(games.map((g) => g.index)).toEqual([...Array(24).keys()]);
    // Each score is exact: an exact solve of the game's position at 6 empties gives it.
    const engine = createEngine({ table: bootstrapTable() });
    for (const g of games) {
      expect(g.moves.length).toBeGreaterThan(50);
      expect(Math.abs(g.blackScore) % 2).toBe(0);
      const p = Position.initial();
      for (const m of g.moves) {
        if (p.emptyCount() <= 6) break;
        if (p.mustPass()) p.makePass();
        p.makeMove(m);
      }
      if (p.mustPass() && !p.isGameOver()) p.makePass();
      const solved = engine.think(p, { exactFrom: 64 });
      expect(solved.exact).toBe(true);
      expect(p.side === BLACK ? solved.score : -solved.score).toBe(g.blackScore);
    }
    // Different seeds give different games.
    const other = sente('selfplay', ...FAST.slice(0, -4), '--seed', '8', '--openings', 'random:6', '--games', '4', '--out', join(tmp, 'w3'));
    expect(other.status, other.stderr).toBe(0);
    expect(readFileSync(join(tmp, 'w3', 'games.txt'), 'utf8')).not.toBe(a.split('\n').slice(0, 4).join('\n') + '\n');
    const csv = readFileSync(join(tmp, 'w1', 'games.csv'), 'utf8').trim().split('\n');
    expect(csv[0]).toBe('index,opening,transcript,black_score,winner,moves,build,seed');
    expect(csv).toHaveLength(25);
  });

  it('a worker that exits mid-batch loses no finished game and its batch is retried', () => {
    const r = sente('selfplay', ...FAST, '--games', '24', '--workers', '2', '--batch', '4', '--test-crash', '1:2', '--out', join(tmp, 'crash'));
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/worker failed .*retrying games 6,7 \(attempt 1\)/);
    expect(indices(join(tmp, 'crash'))).toEqual([...Array(24).keys()]);
    expect(readFileSync(join(tmp, 'crash', 'games.txt'), 'utf8')).toBe(readFileSync(join(tmp, 'w1', 'games.txt'), 'utf8'));
  });

  it('Ctrl-C keeps the finished games; --resume completes exactly N without duplicates', async () => {
    const out = join(tmp, 'resume');
    const child = spawn(process.execPath, [MAIN, 'selfplay', ...FAST, '--games', '600', '--workers', '1', '--batch', '2', '--out', out], { cwd: ROOT, env });
    let stdout = '';
    child.stdout.on('data', (d) => { stdout += String(d); });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const gamesFile = join(out, 'games.txt');
    for (let i = 0; i < 600; i++) {
      await new Promise((r) => setTimeout(r, 25));
      if (existsSync(gamesFile) && readFileSync(gamesFile, 'utf8').split('\n').length > 40) break;
    }
    child.kill('SIGINT');
    const code = await exited;
    expect(stdout).toMatch(/interrupted/);
    expect(code).toBe(1);
    const partial = indices(out);
    expect(partial.length).toBeGreaterThan(30);
    expect(partial.length).toBeLessThan(600);
    expect(new Set(partial).size).toBe(partial.length);
    // A crash in the middle of an append leaves half a line: resume must cope.
    appendFileSync(gamesFile, '599 f5d6c3');
    const r = sente('selfplay', ...FAST, '--games', '600', '--workers', '2', '--out', out, '--resume');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/600\/600 games/);
    const all = indices(out);
    expect(all).toEqual([...Array(600).keys()]);
    // The first 24 are the games of the uninterrupted 24-game run.
    const lines = readFileSync(gamesFile, 'utf8').split('\n');
    expect(lines.slice(0, 24).join('\n') + '\n').toBe(readFileSync(join(tmp, 'w1', 'games.txt'), 'utf8'));
    // Resuming with other settings is refused.
    const bad = sente('selfplay', ...FAST.slice(0, -4), '--seed', '9', '--openings', 'xot', '--games', '610', '--out', out, '--resume');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/cannot resume .*seed was 7, now 9/);
    const again = sente('selfplay', ...FAST, '--games', '5', '--out', out);
    expect(again.status).toBe(2);
    expect(again.stderr).toMatch(/already holds a self-play run/);
  });

  // issue #19, defect 13: --resume trusted an edited score, out-of-range indices ("21/20 games"),
  // an illegal line, and printed "4/1 games" for a --games below the recorded count.
  it('--resume replays every recorded game and refuses a file our rules or the run contradict, naming the line', () => {
    const out = join(tmp, 'edited');
    const run = (...extra: string[]) => sente('selfplay', ...FAST, '--workers', '1', '--out', out, ...extra);
    const first = run('--games', '4');
    expect(first.status, first.stderr).toBe(0);
    const gamesFile = join(out, 'games.txt');
    const original = readFileSync(gamesFile, 'utf8');
    const lines = original.trimEnd().split('\n');
    const fields = lines[1].split(' ');
    const score = Number(fields[2]);
    const wrong = score === 64 ? 62 : score + 2;
    const edited = [...fields.slice(0, 2), wrong > 0 ? `+${wrong}` : String(wrong), ...fields.slice(3)].join(' ');
    const cases: [string, string[], RegExp][] = [
      [[lines[0], edited, ...lines.slice(2)].join('\n'), ['--games', '4'], /games\.txt:2: game 1 is recorded as [-+]\d+, but its transcript ends [-+]?\d+/],
      [[...lines, lines[3].replace(/^3 /, '20 ')].join('\n'), ['--games', '20'], /games\.txt:5: game index 20 is outside this run's 0\.\.19; .*--games 21 or more/],
      [lines.join('\n'), ['--games', '1'], /games\.txt:4: game index 3 is outside this run's 0\.\.0; .*--games 4 or more/],
      [[...lines, '2 f5d6a1 +4 bootstrap 7 8'].join('\n'), ['--games', '4'], /games\.txt:5: .*a1/i],
      [[...lines, lines[2]].join('\n'), ['--games', '4'], /games\.txt:5: game 2 is also on line 3/],
      [[...lines, lines[0].replace(' bootstrap 7 ', ' bootstrap 8 ').replace(/^0 /, '4 ')].join('\n'), ['--games', '8'], /games\.txt:5: game 4 was played by build bootstrap with seed 8, this run is build bootstrap with seed 7/],
    ];
    for (const [text, extra, message] of cases) {
      writeFileSync(gamesFile, `${text}\n`);
      const r = run(...extra, '--resume');
      expect(r.status, text).toBe(2);
      expect(r.stderr).toContain(gamesFile);
      expect(r.stderr).toMatch(message);
      expect(readFileSync(gamesFile, 'utf8')).toBe(`${text}\n`);
    }
    // A last line cut short by a crash is dropped, not closed into a line read later as whole.
    writeFileSync(gamesFile, `${original}${lines[0].replace(/^0 /, '4 ').slice(0, -3)}`);
    const resumed = run('--games', '5', '--resume');
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(resumed.stdout).toMatch(/5\/5 games/);
    expect(readFileSync(gamesFile, 'utf8').startsWith(original)).toBe(true);
    expect(indices(out)).toEqual([0, 1, 2, 3, 4]);
  });
});
