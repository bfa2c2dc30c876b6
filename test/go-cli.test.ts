// The Go commands of the built CLI: candidates on the seed's figure, GTP over a pipe, and a
// tiny sente-vs-sente tournament with a CSV file.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './cli.js';

const CLI = join(ROOT, 'apps/cli/dist/main.js');
const sente = (args: string[], input?: string) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', input, cwd: ROOT });

describe('sente go', () => {
  it('candidates: prints the board and the generators of each candidate', () => {
    const r = sente(['go', 'candidates', 'test/fixtures/go/seed-moyo.txt', '--color', 'white']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('white to move');
    // The seed's moyo-limiting points (12, 13) and (12, 14) are M7 and M6 in GTP.
    expect(r.stdout).toMatch(/M7\s+\(12, 13\)\s+.*moyo 35/);
    expect(r.stdout).toMatch(/M6\s+\(12, 14\)\s+.*moyo 35/);
  });

  it('candidates: reads an SGF file and shows the ladder capture', () => {
    // White's stone at C3 (SGF cg) is in a ladder that works: black captures by playing C4.
    const r = sente(['go', 'candidates', 'test/fixtures/go/ladder.sgf']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('black to move');
    expect(r.stdout).toMatch(/C4\s+\(3, 6\)\s+.*capture \d+/);
  });

  it('candidates: a clear error for a bad file', () => {
    const r = sente(['go', 'candidates', 'test/fixtures/go/does-not-exist.txt']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('cannot read');
  });

  it.each([['go', 'gtp', '--playouts', '20'], ['gtp', '--game', 'go', '--playouts', '20'], ['gtp', '--depth', '1']])('%s %s: a controller closing the pipe ends the session quietly (exit 0)', async (...args) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => { err += d.toString(); });
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    child.stdin.write('name\n');
    await new Promise((ready) => child.stdout.once('data', ready));
    child.stdout.destroy();
    child.stdin.write('name\nname\n');
    child.stdin.end();
    expect(await exited).toBe(0);
    expect(err).not.toMatch(/EPIPE|Error/);
  });

  it('gtp: answers a session on stdin', () => {
    const r = sente(['go', 'gtp', '--playouts', '50'], 'protocol_version\nboardsize 9\nplay b E5\nplay w E5\ngenmove w\nfinal_score\nquit\n');
    expect(r.status).toBe(0);
    const replies = r.stdout.split('\n\n').filter(Boolean);
    expect(replies[0]).toBe('= 2');
    expect(replies[3]).toBe('? illegal move');
    expect(replies[4]).toMatch(/^= ([A-HJ-T][1-9]|pass)$/);
    expect(replies[5]).toMatch(/^= [BW]\+\d+(\.5)?$/);
  });

  it('gtp: the commands GUIs send, over the pipe (handicap, dead stones, SGF, clocks, analyze)', () => {
    const session = ['boardsize 9', 'fixed_handicap 3', 'kgs-time_settings byoyomi 0 1 3', 'time_left white 1 3', 'genmove white', 'reg_genmove black', 'final_status_list dead', 'printsgf', 'gogui-analyze_commands', 'quit'];
    const r = sente(['go', 'gtp', '--playouts', '50'], session.join('\n') + '\n');
    expect(r.status, r.stderr).toBe(0);
    const replies = r.stdout.split('\n\n').filter(Boolean);
    expect(replies[1]).toBe('= C7 G7 C3');
    expect(replies[4]).toMatch(/^= ([A-HJ][1-9]|pass)$/);
    expect(replies[5]).toMatch(/^= ([A-HJ][1-9]|pass|resign)$/);
    // Stones judged dead, one chain per line (early in a game the judgement is the playouts' guess).
    expect(replies[6]).toMatch(/^= ([A-HJ][1-9]( |\n|$))*$/);
    expect(replies[7]).toMatch(/^= \(;FF\[4\]GM\[1\].*SZ\[9\].*AB\[cc\]\[gc\]\[cg\]/s);
    expect(replies[8]).toContain('gfx/Ownership/sente-ownership');
  });

  it('gtp: a kgs-time_settings clock and time_left decide the move time (no playout cap)', () => {
    const t0 = performance.now();
    const r = sente(['go', 'gtp'], 'boardsize 9\nkgs-time_settings absolute 90\ntime_left b 90 0\ngenmove b\nquit\n');
    const seconds = (performance.now() - t0) / 1000;
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.split('\n\n')[3]).toMatch(/^= [A-HJ][1-9]$/);
    // 90 s over the 27 moves expected, 90% of it: 3 s, where the default 2000 playouts take ~0.6 s.
    expect(seconds).toBeGreaterThan(2.5);
    expect(seconds).toBeLessThan(20);
  });

  it('gtp: --time thinks for about that long, with --superko and --resign 0', () => {
    const t0 = performance.now();
    const r = sente(['go', 'gtp', '--time', '0.3', '--superko', '--resign', '0'], 'boardsize 9\nclear_board\ngenmove b\ngenmove w\nquit\n');
    const seconds = (performance.now() - t0) / 1000;
    expect(r.status, r.stderr).toBe(0);
    const replies = r.stdout.split('\n\n').filter(Boolean);
    expect(replies).toHaveLength(5);
    expect(replies[2]).toMatch(/^= [A-HJ][1-9]$/);
    expect(replies[3]).toMatch(/^= [A-HJ][1-9]$/);
    // Two moves of 0.3 s each, plus start-up; far from the default 2000 playouts' budget.
    expect(seconds).toBeGreaterThan(0.5);
    expect(seconds).toBeLessThan(20);
  });

  it('gtp: --threads 2 searches on two threads, plays legal moves and ends at quit', () => {
    const r = sente(['go', 'gtp', '--threads', '2', '--playouts', '400'], 'boardsize 9\nclear_board\ngenmove b\ngenmove w\nplay b A1\ngenmove w\nshowboard\nquit\n');
    expect(r.status, r.stderr).toBe(0);
    const replies = r.stdout.split('\n\n').filter(Boolean);
    expect(replies).toHaveLength(8);
    const moves = [replies[2], replies[3], replies[5]].map((x) => x.replace(/^= /, ''));
    for (const m of moves) expect(m).toMatch(/^[A-HJ][1-9]$/);
    // Three different points, none of them black's A1: the board took every move.
    expect(new Set([...moves, 'A1']).size).toBe(4);
    const bad = sente(['go', 'gtp', '--threads', '0'], 'quit\n');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--threads');
  });

  it('play: --threads 2 for the engine', () => {
    const r = sente(['go', 'play', '--black', 'engine', '--white', 'human', '--size', '7', '--playouts', '200', '--threads', '2'], 'quit\n');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/sente \(black\) plays [A-HJ][1-7] \([1-7],[1-7]\) \(winrate [0-9.]+, 200 playouts/);
  });

  it('tournament: two sente players on 5x5, results to CSV', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sente-go-'));
    try {
      const csv = join(dir, 'games.csv');
      const r = sente(['go', 'tournament', '--size', '5', '--komi', '0.5', '--player', 'sente:playouts=30,resign=0', '--player', 'sente:playouts=60,resign=0', '--games', '2', '--csv', csv]);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/^tournament 2\/2: game \d .* \(black\) vs .* \(white\) (1-0|0-1|1\/2-1\/2) /m);
      expect(r.stdout).toMatch(/^sente:playouts=30,resign=0 +2 /m);
      const lines = readFileSync(csv, 'utf8').trim().split('\n');
      expect(lines.length).toBe(3);
      expect(lines[1]).toContain('"sente:playouts=30,resign=0"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
