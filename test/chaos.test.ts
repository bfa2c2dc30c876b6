// Chaos (issue #19): a self-play run and an Othello tournament are each killed with SIGKILL three
// times at random moments after the process has recorded a game, resumed with --resume each time,
// and compared with an uninterrupted run of the same settings and seed: every game is present
// exactly once and the results are identical (games.txt and games.csv byte for byte; the
// tournament CSV field for field apart from the thinking times, which are wall-clock). The random
// delays are printed, so a failure can be replayed.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_COLUMNS, setStrongest } from '@sente/selfplay';
import { CLI, csvRows } from './gtp-referee.js';
import { type CliResult, runCli } from './cli.js';

const KILLS = 3;
let tmp = '';
let env: NodeJS.ProcessEnv = {};

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'sente-chaos-'));
  setStrongest(join(tmp, 'builds'), 'bootstrap'); // the shipped bootstrap is this registry's strongest
  env = { ...process.env, SENTE_BUILDS: join(tmp, 'builds') };
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function sente(args: string[]): CliResult {
  return runCli(args, { env });
}

const recordLines = (file: string): number => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '').length : 0);

/**
 * Starts `args` (plus --resume after the first start) KILLS times and kills each with SIGKILL a
 * random 0-120 ms after it has appended a record to `file` (past its `headerLines`); a start that finishes first is left
 * alone. Then runs it to the end with --resume and returns that run.
 */
async function killAndResume(args: string[], file: string, headerLines: number, label: string): Promise<{ status: number | null; stdout: string; stderr: string; kills: number }> {
  let kills = 0;
  for (let k = 0; k < KILLS; k++) {
    const before = Math.max(recordLines(file), headerLines);
    const child = spawn(process.execPath, [CLI, ...args, ...(k > 0 ? ['--resume'] : [])], { env, stdio: 'ignore' });
    let done = false;
    const exited = new Promise<void>((resolve) => child.on('exit', () => { done = true; resolve(); }));
    while (!done && recordLines(file) <= before) await new Promise((r) => setTimeout(r, 20));
    const delay = Math.floor(Math.random() * 120);
    await new Promise((r) => setTimeout(r, delay));
    if (!done) {
      child.kill('SIGKILL');
      kills++;
    }
    await exited;
    console.log(`chaos ${label}: start ${k + 1} ${done && kills <= k ? 'finished before the kill' : `killed ${delay} ms after its first record`} (${recordLines(file)} lines)`);
  }
  return { ...sente([...args, '--resume']), kills };
}

describe('chaos: SIGKILL at random moments, then --resume', () => {
  it('self-play: killed three times and resumed, the same games.txt and games.csv as an uninterrupted run', async () => {
    const settings = ['selfplay', '--build', 'bootstrap', '--depth', '1', '--exact', '6', '--seed', '11', '--openings', 'xot', '--games', '200', '--workers', '2', '--batch', '1'];
    const t0 = Date.now();
    const ref = sente([...settings, '--out', join(tmp, 'sp-ref')]);
    expect(ref.status, ref.stderr).toBe(0);
    const out = join(tmp, 'sp-chaos');
    const r = await killAndResume([...settings, '--out', out], join(out, 'games.txt'), 0, 'selfplay');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/200\/200 games/);
    expect(r.kills).toBe(KILLS);
    expect(readFileSync(join(out, 'games.txt'), 'utf8')).toBe(readFileSync(join(tmp, 'sp-ref', 'games.txt'), 'utf8'));
    expect(readFileSync(join(out, 'games.csv'), 'utf8')).toBe(readFileSync(join(tmp, 'sp-ref', 'games.csv'), 'utf8'));
    console.log(`chaos selfplay: ${r.kills} kills, ${((Date.now() - t0) / 1000).toFixed(1)} s in all`);
  });

  it('tournament: killed three times and resumed, every game once with the results of an uninterrupted run', async () => {
    const settings = ['tournament', '--player', 'bootstrap:depth=1', '--player', 'bootstrap:depth=2', '--player', 'bootstrap:depth=1,exact=8',
      '--games', '60', '--exact', '6', '--workers', '2', '--seed', '5'];
    const t0 = Date.now();
    const refCsv = join(tmp, 'ref.csv');
    const ref = sente([...settings, '--csv', refCsv]);
    expect(ref.status, ref.stderr).toBe(0);
    const csv = join(tmp, 'chaos.csv');
    const r = await killAndResume([...settings, '--csv', csv], csv, 1, 'tournament');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/180\/180 games/);
    expect(r.kills).toBe(KILLS);
    // Thinking times, per-move times and clocks (wall-clock, so they differ between runs).
    const timeColumns = CSV_COLUMNS.slice(10);
    const results = (file: string) => csvRows(file)
      .map((row) => Object.fromEntries(Object.entries(row).filter(([c]) => !timeColumns.includes(c))))
      .sort((a, b) => Number(a.game) - Number(b.game));
    const got = results(csv);
    expect(got.map((row) => Number(row.game))).toEqual([...Array(180).keys()]);
    expect(got).toEqual(results(refCsv));
    expect(readFileSync(`${csv}.settings.json`, 'utf8')).toBe(readFileSync(`${refCsv}.settings.json`, 'utf8'));
    // The standings printed after the last resume are those of the uninterrupted run.
    const standings = (text: string) => text.slice(text.indexOf('player '), text.indexOf(' games;')).replace(/ +[\d.]+(  \(\d+ forfeits\))?\n/g, '\n').replace(/\d+\/180$/, '');
    expect(standings(r.stdout).replace(/ms\/move/, '')).toBe(standings(ref.stdout).replace(/ms\/move/, ''));
    console.log(`chaos tournament: ${r.kills} kills, ${((Date.now() - t0) / 1000).toFixed(1)} s in all`);
  });
});
