// `sente ratings`: a joint list from a mix of files (an SGF collection and a GGF archive here),
// checked against the fit computed by hand. The games form a chain A - B - C, so the maximum
// likelihood splits into two-player fits: A scored 3 of 4 against B, so A - B = 400 log10(3) =
// +190.85 with standard error (400/ln10) / sqrt(4 * 3/4 * 1/4) = 200.6 (B anchored); B and C
// scored 1.5 each of 3 (a draw among them), so C = B, error (400/ln10) / sqrt(3/4) = 200.6.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from './gtp-referee.js';

let tmp = '';
beforeAll(() => { tmp = mkdtempSync(join(tmpdir(), 'sente-ratings-')); });
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const sente = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 60_000 });

const START = 'BO[8 ---------------------------O*------*O--------------------------- *]';

describe('sente ratings', () => {
  it('rates an SGF collection and a GGF archive jointly, as computed by hand, with the head-to-head table', () => {
    const sgf = join(tmp, 'ab.sgf');
    const game = (b: string, w: string, re: string): string => `(;FF[4]GM[1]SZ[9]KM[7.5]PB[${b}]PW[${w}]RE[${re}];B[ee];W[cc])\n`;
    writeFileSync(sgf, game('A', 'B', 'B+3.5') + game('B', 'A', 'W+R') + game('A', 'B', 'W+0.5') + game('B', 'A', 'W+T') + game('A', 'B', '?'));
    const ggf = join(tmp, 'bc.ggf');
    // The first game's GM is not its first property (GGF does not fix the order).
    writeFileSync(ggf, [`(;PC[here]GM[Othello]PB[B]PW[C]RE[+10]TY[8]${START}B[f5];)`, `(;GM[Othello]PB[C]PW[B]RE[+2]TY[8]${START}B[f5];)`, `(;GM[Othello]PB[B]PW[C]RE[0]TY[8]${START};)`].join('\n'));
    const r = sente('ratings', sgf, ggf, '--anchor', 'B=1500', '--json');
    expect(r.status, r.stderr).toBe(0);
    const list = JSON.parse(r.stdout);
    expect(list.sources).toEqual([{ path: sgf, format: 'sgf', games: 4, skipped: 1 }, { path: ggf, format: 'ggf', games: 3, skipped: 0 }]);
    expect(list.games).toBe(7);
    expect(list.anchor).toEqual({ player: 'B', elo: 1500 });
    const by = Object.fromEntries(list.players.map((p: { name: string }) => [p.name, p]));
    const se = 400 / Math.LN10 / Math.sqrt(4 * 0.75 * 0.25);
    expect(by.A.elo).toBeCloseTo(1500 + 400 * Math.log10(3), 6);
    expect(by.A.error).toBeCloseTo(se, 6);
    expect(by.A.low).toBeCloseTo(by.A.elo - 1.959964 * se, 6);
    expect(by.B).toEqual(expect.objectContaining({ elo: 1500, error: 0, games: 7, points: 2.5 }));
    expect(by.C.elo).toBeCloseTo(1500, 6);
    expect(by.C.error).toBeCloseTo(400 / Math.LN10 / Math.sqrt(3 * 0.25), 6);
    expect(list.players.map((p: { name: string }) => p.name)).toEqual(['A', 'B', 'C'].sort((x, y) => by[y].elo - by[x].elo || (x < y ? -1 : 1)));
    expect(list.headToHead.find((h: { a: string; b: string }) => h.a === 'A' && h.b === 'B')).toEqual(expect.objectContaining({ games: 4, wins: 3, draws: 0, losses: 1 }));
    expect(list.headToHead.find((h: { a: string; b: string }) => [h.a, h.b].sort().join() === 'B,C')).toEqual(expect.objectContaining({ games: 3, wins: 1, draws: 1, losses: 1, difference: expect.closeTo(0, 6) }));

    // Text: the list, best first, and the table; anchored at the mean by default.
    const text = sente('ratings', sgf, ggf);
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toContain('7 games, 3 players; Bradley-Terry maximum likelihood (logistic Elo), draws as half points; errors from the inverse Fisher information; anchored: mean 0');
    expect(text.stdout).toMatch(/^ {2}1 A +\+127\.2 /m);
    expect(text.stdout).toMatch(/^A vs B +4 +3\/0\/1 +75\.0% +\+190\.8 ± 200\.6$/m);
  });

  it('refuses a list whose ratings would be infinite, and fits it with --prior', () => {
    const sgf = join(tmp, 'sweep.sgf');
    writeFileSync(sgf, '(;GM[1]SZ[9]PB[X]PW[Y]RE[B+R])(;GM[1]SZ[9]PB[Y]PW[X]RE[W+2.5])');
    const r = sente('ratings', sgf);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^sente: X scored every point against Y .*add virtual draws with a prior$/m);
    const p = sente('ratings', sgf, '--prior', '1', '--json');
    expect(p.status, p.stderr).toBe(0);
    // 2.5 of 3 with the virtual draw: X - Y = 400 log10(5).
    const [x, y] = JSON.parse(p.stdout).players;
    expect(x.elo - y.elo).toBeCloseTo(400 * Math.log10(5), 6);
  });
});
