// `--threads N` wherever the CLI searches (solve, analyze, play, gtp, nboard) and `threads=N` in
// tournament player specs: the answers are right (exact scores, legal moves), every command exits
// by itself when done (the helper workers never keep the process alive), and a bad count is
// refused before any work with one line and exit 2.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatGgf, parseSquare, parseTranscript, unwrap } from '@sente/core';
import { parsePlayerSpec } from '@sente/selfplay';
import { buildsDir } from '@sente/search';
import { type CliResult, MAIN, ROOT, runCli } from './cli.js';

const FFO = join(ROOT, 'test/fixtures/ffo/fforum-20-39.obf');
const tmp = mkdtempSync(join(tmpdir(), 'sente-threads-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function sente(args: string[], input = ''): CliResult {
  return runCli(args, { input });
}

describe('--threads', () => {
  it('sente solve --threads 2 proves the listed scores', () => {
    const r = sente(['solve', FFO, '--only', '21-25', '--threads', '2']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/correct 5\/5, 5 solved/);
  });

  it('sente analyze --threads 2 scores every move, exact near the end', () => {
    const r = sente(['analyze', '--threads', '2', '--depth', '4', '--exact', '16', '--build', 'bootstrap', '--', readFileSync(FFO, 'utf8').split('\n')[1].split(';')[0].trim()]);
    expect(r.status, r.stderr).toBe(0);
    // FFO #21: g5 is the best move, worth 0.
    expect(r.stdout).toMatch(/\ng5 +0\.00 +exact/);
  });

  it('sente gtp --threads 2 answers genmove and exits on quit', () => {
    const r = sente(['gtp', '--threads', '2', '--depth', '3', '--build', 'bootstrap', '--quiet'], 'genmove black\nquit\n');
    expect(r.status, r.stderr).toBe(0);
    const reply = /^= ([A-H][1-8])$/m.exec(r.stdout);
    expect(reply).not.toBeNull();
    expect(['D3', 'C4', 'F5', 'E6']).toContain(reply![1]);
  });

  it('sente nboard --threads 2 plays a move and exits on quit', () => {
    const game = formatGgf({ moves: unwrap(parseTranscript('f5d6c3')).moves, black: 'human', white: 'sente', place: 'NBoard' });
    const r = sente(['nboard', '--threads', '2', '--build', 'bootstrap'], ['nboard 2', 'set depth 3', `set game ${game}`, 'go', 'quit'].join('\n') + '\n');
    expect(r.status, r.stderr).toBe(0);
    const move = /^=== ([A-H][1-8])/m.exec(r.stdout);
    expect(move).not.toBeNull();
    const after = unwrap(parseTranscript('f5d6c3')).position;
    expect(after.isLegal(unwrap(parseSquare(move![1])))).toBe(true);
  });

  it('sente play --threads 2 answers a move and exits on quit', () => {
    const r = sente(['play', '--threads', '2', '--depth', '2', '--build', 'bootstrap'], 'f5\nquit\n');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/sente plays [a-h][1-8]/);
  });

  it('sente tournament takes threads=2 in a player spec', () => {
    const csv = join(tmp, 't.csv');
    const r = sente(['tournament', '--player', 'bootstrap:depth=2,threads=2', '--player', 'bootstrap:depth=2', '--games', '2', '--workers', '1', '--csv', csv]);
    expect(r.status, r.stderr).toBe(0);
    const rows = readFileSync(csv, 'utf8').trim().split('\n');
    expect(rows).toHaveLength(3);
  });

  it('refuses a bad count at once, with one line and exit 2', () => {
    for (const [args, message] of [
      [['solve', FFO, '--threads', '0'], /^sente: --threads must be a whole number from 1 to 64 \(got 0\)$/],
      [['gtp', '--threads', '1.5'], /^sente: --threads must be a whole number from 1 to 64 \(got 1.5\)$/],
      [['analyze', 'f5', '--threads', '65'], /^sente: --threads must be a whole number from 1 to 64 \(got 65\)$/],
      [['play', '--threads', 'NaN'], /^sente: --threads must be .*\(got NaN\)$/],
      [['nboard', '--threads', '-1'], /^sente: --threads must be .*\(got -1\)$/],
    ] as const) {
      const r = sente([...args]);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr.trim()).toMatch(message);
    }
    const bad = parsePlayerSpec('bootstrap:threads=0', {}, buildsDir());
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatch(/threads must be from 1 to 64, got 0/);
    const good = parsePlayerSpec('bootstrap:depth=3,threads=2', {}, buildsDir());
    expect(good.ok && good.spec.kind === 'engine' && good.spec.threads).toBe(2);
  });
});
