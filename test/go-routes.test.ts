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
