// End to end: the built `sente` CLI (apps/cli/dist, built by `npm test` before vitest runs) for the
// core commands. perft must print the table's counts in text and JSON; a position given with
// --board (transcript or board string) must count from there; show must list the legal moves and
// turn a bad transcript into exit code 2 with a message naming the offending text.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type CliResult, MAIN, ROOT, runCli } from './cli.js';


const TABLE = new Map(
  readFileSync(new URL('fixtures/perft.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => /^\d+\s+\d+\s*$/.test(line))
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]),
);

function sente(...args: string[]): CliResult {
  return runCli(args, { timeout: 60_000 });
}

/** depth -> leaves from the text table ("depth leaves seconds Mleaf/s" rows). */
function textCounts(stdout: string): Map<number, number> {
  const out = new Map<number, number>();
  for (const line of stdout.split('\n')) {
    const m = /^\s*(\d+)\s+(\d+)\s+[\d.]+\s+[\d.]+\s*$/.exec(line);
    if (m) out.set(Number(m[1]), Number(m[2]));
  }
  return out;
}

describe('sente perft', () => {
  it('perft 6 prints the table counts for depths 1..6', () => {
    const r = sente('perft', '6');
    expect(r.status).toBe(0);
    const counts = textCounts(r.stdout);
    expect([...counts.keys()]).toEqual([1, 2, 3, 4, 5, 6]);
    for (const [depth, leaves] of counts) expect(leaves).toBe(TABLE.get(depth));
    expect(r.stdout).toMatch(/^total [\d.]+ s$/m);
  });

  it('--json prints one object per depth; --from skips the shallow ones', () => {
    const r = sente('perft', '8', '--from', '7', '--json');
    expect(r.status).toBe(0);
    const rows = r.stdout.trim().split('\n').map((line) => JSON.parse(line) as { depth: number; leaves: number; seconds: number });
    expect(rows.map((row) => [row.depth, row.leaves])).toEqual([[7, 55092], [8, 390216]]);
    expect(rows.every((row) => typeof row.seconds === 'number' && row.seconds >= 0)).toBe(true);
  });

  it('--board with a transcript or a board string counts from that position', () => {
    // The four first moves are symmetric images of each other, so after f5 perft(d) = perft(d+1) / 4.
    const fromF5 = sente('perft', '5', '--board', 'F5', '--json');
    expect(fromF5.status).toBe(0);
    const leaves = fromF5.stdout.trim().split('\n').map((line) => (JSON.parse(line) as { leaves: number }).leaves);
    expect(leaves).toEqual([2, 3, 4, 5, 6].map((d) => TABLE.get(d)! / 4));
    const board = '---------------------------OX------XXX-------------------------- O';
    // `--board=` form: yargs reads a separate argument starting with '-' as flags.
    const fromBoard = sente('perft', '5', `--board=${board}`, '--json');
    expect(fromBoard.status).toBe(0);
    const again = fromBoard.stdout.trim().split('\n').map((line) => (JSON.parse(line) as { leaves: number }).leaves);
    expect(again).toEqual(leaves);
  });

  it('refuses a bad depth and a bad board with exit code 2', () => {
    const depth = sente('perft', '0');
    expect(depth.status).toBe(2);
    expect(depth.stderr).toContain('depth must be a whole number');
    const board = sente('perft', '3', '--board=---------------------------OX------XXX-------------------------- Q');
    expect(board.status).toBe(2);
    expect(board.stderr).toContain('bad board string');
    expect(board.stderr).toContain('"Q"');
    // A board with cells missing is still a board (not unknown flags): the parser counts them.
    const short = sente('perft', '3', '--board', '------------------------OX------XO------------------------ X');
    expect(short.status).toBe(2);
    expect(short.stderr.trimEnd()).toBe('sente: bad board string: the board has 59 cells; 64 are needed');
  });
});

describe('sente show', () => {
  it('prints the board, side to move and legal moves of a transcript', () => {
    const r = sente('show', 'f5d6');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('to move: black (X)');
    expect(r.stdout).toContain('legal moves (5): c3 c4 c5 c6 c7');
    expect(r.stdout).toContain('discs: black 3, white 3, empty 58');
    expect(r.stdout).toContain('board: ---------------------------OX------OXX-----O-------------------- X');
  });

  it('a bad transcript exits 2 naming the offending square and offset', () => {
    const r = sente('show', 'f5z9');
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('sente: bad transcript: move 2: "z9" at offset 2 is not a square (expected a1..h8)\n');
    const illegal = sente('show', 'f5d6a1');
    expect(illegal.status).toBe(2);
    expect(illegal.stderr).toContain('a1 at offset 4 is not legal for black');
  });
});

describe('sente analyze', () => {
  it('scores every legal move as the engine API does, with --depth and --build', async () => {
    const { createEngine } = await import('@sente/search');
    const { parseTranscript, squareName } = await import('@sente/core');
    const r = sente('analyze', 'f5d6', '--depth', '2', '--build', 'bootstrap');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('black to move; build bootstrap, depth 2');
    const printed = [...r.stdout.matchAll(/^([a-h][1-8]) +(-?\d+\.\d\d) +estimate$/gm)].map((m) => `${m[1]} ${m[2]}`);
    const position = parseTranscript('f5d6');
    if (!position.ok) throw new Error(position.error.message);
    const expected = createEngine({ build: 'bootstrap' }).analyze(position.value.position, 2).map((m) => `${squareName(m.move)} ${m.score.toFixed(2)}`);
    expect(printed).toEqual(expected);
    expect(printed).toHaveLength(5);
  });
});
