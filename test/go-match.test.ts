// Go matches against engines that misbehave (issue #19): a silent engine, or one that never ends
// its reply, loses on --move-timeout (also via `sente tournament --game go`) and the match ends;
// finished games are appended to the CSV and the SGF archive as soon as they finish, so a match
// killed in game 2 keeps game 1; an output path that cannot be written is refused before the first game. The engines are
// the fake GTP script in fixtures, so nothing needs to be installed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, FIXTURES } from './gtp-referee.js';

const FAKE = join(FIXTURES, 'fake-go-gtp.cjs');
let tmp = '';
beforeAll(() => { tmp = mkdtempSync(join(tmpdir(), 'sente-go-match-')); });
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const sente = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 60_000 });

describe('Go matches that lose nothing and hang on nothing', () => {
  it('tournament --game go: a silent engine and one that never ends its reply lose on --move-timeout; the match ends', () => {
    for (const mode of ['silent', 'noblank']) {
      const csv = join(tmp, `${mode}.csv`);
      const t0 = Date.now();
      const r = sente('tournament', '--game', 'go', '--size', '5', '--player', 'sente:playouts=20', '--player', `gtp:node ${FAKE} ${mode}`,
        '--games', '2', '--move-timeout', '400ms', '--csv', csv);
      expect(r.status, r.stderr).toBe(0);
      expect(Date.now() - t0).toBeLessThan(20_000);
      const lines = readFileSync(csv, 'utf8').trim().split('\n');
      expect(lines).toHaveLength(3);
      for (const l of lines.slice(1)) expect(l).toMatch(/,"timeout \((black|white)\): gtp:node .* gave no complete reply to ""genmove (black|white)"" within 400 ms.*",forfeit,/);
    }
  });

  it('every finished game is on disk at once: a match killed during game 2 keeps game 1 in the CSV and SGF', async () => {
    const csv = join(tmp, 'killed.csv');
    const sgf = join(tmp, 'killed.sgf');
    // Each game starts its engines afresh: the fake answers in the first process, is silent in the second.
    const child = spawn(process.execPath, [CLI, 'go', 'tournament', '--size', '5', '--player', 'sente:playouts=20,resign=0',
      '--player', `gtp:node ${FAKE} silent-after ${join(tmp, 'started')}`, '--games', '2', '--move-timeout', '60s', '--csv', csv, '--sgf', sgf], { stdio: 'ignore' });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    try {
      const t0 = Date.now();
      while (!(existsSync(csv) && readFileSync(csv, 'utf8').trim().split('\n').length >= 2)) {
        if (Date.now() - t0 > 30_000) throw new Error('game 1 never reached the CSV');
        await new Promise((r) => setTimeout(r, 50));
      }
      // Game 2 is now waiting on the silent engine (a 60 s timeout): kill the match.
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    const lines = readFileSync(csv, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^0,"sente:playouts=20,resign=0",gtp:node .*silent-after .*started,5,7\.5,/);
    const text = readFileSync(sgf, 'utf8');
    expect(text.match(/\(;FF\[4\]/g)).toHaveLength(1);
    expect(text).toMatch(/^\(;FF\[4\]GM\[1\][^]*\)\n$/);
  });

  it('an output path that cannot be written is refused before the first game', () => {
    const dir = join(tmp, 'a-directory');
    mkdirSync(dir);
    for (const [flag, path, message] of [['--csv', dir, 'is a folder'], ['--sgf', dir, 'is a folder'], ['--csv', join(tmp, 'no', 'such', 'x.csv'), 'does not exist']]) {
      const t0 = Date.now();
      const r = sente('go', 'tournament', '--size', '5', '--player', 'sente:playouts=20', '--player', `gtp:node ${FAKE} silent`, '--move-timeout', '60s', flag, path);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain(`${flag} ${path.startsWith(dir) ? dir : path}`);
      expect(r.stderr).toContain(message);
      expect(r.stdout).not.toContain('game 1');
      expect(Date.now() - t0).toBeLessThan(20_000);
    }
  });
});
