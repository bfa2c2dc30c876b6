// The generic commands route to Go: `sente gtp --game go` speaks GTP v2 for Go, and
// `sente tournament --game go` plays a refereed match (against GNU Go when it is installed).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAIN } from './cli.js';


function findGnugo(): string | null {
  for (const d of [...(process.env.PATH ?? '').split(delimiter), '/usr/games']) {
    const p = join(d, 'gnugo');
    if (d && existsSync(p)) return p;
  }
  return null;
}
const gnugo = findGnugo();
if (!gnugo) console.warn('go-routes.test.ts: gnugo not found on PATH or in /usr/games; skipping `sente tournament --game go` against GNU Go');

describe('generic commands route to Go', () => {
  it('sente gtp --game go answers GTP v2 for Go', () => {
    const r = spawnSync(process.execPath, [MAIN, 'gtp', '--game', 'go', '--playouts', '100'], {
      input: 'protocol_version\nboardsize 9\nclear_board\nplay b E5\nplay w E5\ngenmove w\nfinal_score\nquit\n',
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status, r.stderr).toBe(0);
    const replies = r.stdout.split('\n\n').map((s) => s.trim());
    expect(replies[0]).toBe('= 2');
    expect(replies[3]).toBe('=');
    expect(replies[4]).toBe('? illegal move');
    expect(replies[5]).toMatch(/^= ([A-HJ][1-9]|pass|resign)$/);
  });

  it('sente gtp --game go searches on --threads threads and logs each search on stderr unless --quiet', () => {
    const input = 'boardsize 9\nclear_board\ngenmove b\nquit\n';
    const run = (...extra: string[]) =>
      spawnSync(process.execPath, [MAIN, 'gtp', '--game', 'go', '--playouts', '3000', ...extra], { input, encoding: 'utf8', timeout: 60_000 });
    const two = run('--threads', '2');
    expect(two.status, two.stderr).toBe(0);
    // One summary line for the one genmove; the helper thread's playouts are part of the 3000.
    const line = two.stderr.trim().split('\n').filter((l) => l.startsWith('B '));
    expect(line).toHaveLength(1);
    const m = /^B ([A-HJ][1-9]|pass) win \d+\.\d% playouts (\d+) \((\d+) by helper threads\) \d+ ms pv /.exec(line[0]);
    expect(m, line[0]).not.toBeNull();
    expect(Number(m![2])).toBeGreaterThanOrEqual(3000);
    expect(Number(m![3])).toBeGreaterThan(0);
    expect(two.stdout.split('\n\n')[2].trim()).toBe(`= ${m![1]}`);
    const one = run();
    expect(one.status, one.stderr).toBe(0);
    expect(one.stderr).toMatch(/^B ([A-HJ][1-9]|pass) win \d+\.\d% playouts \d+ \d+ ms pv /m);
    expect(one.stderr).not.toContain('helper');
    const quiet = run('--quiet');
    expect(quiet.status, quiet.stderr).toBe(0);
    expect(quiet.stderr).toBe('');
  });

  it.skipIf(!gnugo)('sente tournament --game go plays GNU Go with legal moves and agreed scores', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'sente-go-'));
    try {
      const csv = join(tmp, 'go.csv');
      const r = spawnSync(process.execPath, [MAIN, 'tournament', '--game', 'go', '--size', '9', '--player', 'sente:playouts=300,resign=0', '--player', `gtp:${gnugo} --mode gtp --level 1 --chinese-rules --capture-all-dead`, '--games', '1', '--csv', csv], { encoding: 'utf8', timeout: 120_000 });
      expect(r.status, r.stderr).toBe(0);
      // The tournament runner's line per finished game (stderr is not a terminal here).
      expect(r.stderr).toMatch(/tournament 1\/1: game 0 .* \((black|white)\) vs .* (1-0|0-1|1\/2-1\/2) /);
      expect(r.stdout + r.stderr).not.toMatch(/DISAGREE|forfeit/i);
      expect(readFileSync(csv, 'utf8').trim().split('\n').length).toBe(2);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
