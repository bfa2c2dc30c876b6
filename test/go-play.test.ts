// `sente go play` through a pipe: a scripted 5x5 game between two people (captures, a ko fight
// with both immediate retakes refused, bad input, passes, dead-stone toggling, both scorings
// checked against hand-computed counts, the saved SGF), and a game against the engine.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { go } from '@sente/core';
import { CLI } from './gtp-referee.js';

const dir = mkdtempSync(join(tmpdir(), 'sente-go-play-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Final position (white's A4 is dead; white lives with two one-point eyes E5 and E1):
//   5 . . * O .
//   4 O . * O O
//   3 . * * * O
//   2 . . * O O
//   1 . . * O .
//     A B C D E
// Area: black 7 stones + 9 points (A4 removed) = 16, white 7 + 2 = 9; komi 0.5: B+6.5.
// Territory: black 9 points + 1 prisoner (C3) + 1 dead (A4) = 11, white 2 + 1 prisoner (D3) = 3: B+7.5.
const MOVES = ['C4', 'D4', 'B3', 'E3', 'C2', 'D2', 'D3', 'C3', /* ko: */ 'D3', 'C1', 'E4', 'D3', /* ko: */ 'C3', 'E2', 'C3', 'D1', 'C5', 'D5', 'pass', 'A4'];

describe('sente go play', () => {
  it('plays a scripted game between two people and scores it both ways', () => {
    const sgf = join(dir, 'people.sgf');
    const script = [...MOVES, 'zz', 'C4', '(9,9)', 'E5', 'B4', 'undo', 'pass', 'pass', 'dead A4', 'dead 1,2', 'done', `save ${sgf}`, 'quit', 'C3'];
    const r = spawnSync(process.execPath, [CLI, 'go', 'play', '--black', 'human', '--white', 'human', '--size', '5', '--komi', '0.5'], { input: script.join('\n') + '\n', encoding: 'utf8', timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    const out = r.stdout;
    // The seed's board: its (x, y) numbers, GTP letters, '*' and 'O', the last move bracketed.
    expect(out).toContain('     [ 1 2 3 4 5]');
    expect(out).toMatch(/\[ 3\] {3}\+ \* \+\[\*\]O  3/);
    expect(out).toContain('white captures 1 stone');
    expect(out).toContain('black captures 1 stone');
    expect(out).toContain('error: D3 (4,3) is illegal for black: ko (the stone just captured cannot be retaken at once');
    expect(out).toContain('error: C3 (3,3) is illegal for white: ko');
    expect(out).toContain('error: "zz" is neither a point nor a command');
    expect(out).toContain('error: C4 (3,2) is illegal for black: the point is occupied');
    expect(out).toContain('(9, 9) is outside the 5x5 board');
    expect(out).toContain('error: E5 (5,1) is illegal for black: suicide');
    // Between people undo takes back one move: B4 is gone and black is to move again.
    expect(out).toMatch(/black played B4 \(2,2\); move 20[^]*?white played A4 \(1,2\); move 19;[^]*?\nblack to move/);
    // Every error is followed by the prompt again.
    expect(out).toMatch(/error: "zz".*\nblack to move \(human\)/);
    expect(out).toContain('two passes: the game stops');
    expect(out).toContain('dead stones marked x (black) and o (white): chains at A4 (1,2)');
    expect(out).toContain('white chain at A4 (1,2) (1 stone) marked alive');
    expect(out).toContain('white chain at A4 (1,2) (1 stone) marked dead');
    expect(out).toContain('area (stones + surrounded points): black 16, white 9 + komi 0.5 -> B+6.5');
    expect(out).toContain('territory (surrounded points + prisoners): black 11, white 3 + komi 0.5 -> B+7.5');
    expect(out).toContain('game over: B+6.5 by area, B+7.5 by territory');
    // Nothing after quit is read.
    expect(out.match(/is illegal for/g)?.length).toBe(4);
    const game = go.parseSgf(readFileSync(sgf, 'utf8'));
    expect(game.ok && game.value.result).toBe('B+6.5');
    expect(game.ok && game.value.moves.length).toBe(20);
    const board = game.ok ? go.sgfToBoard(game.value) : null;
    expect(board?.ok && board.value.captures[go.BLACK]).toBe(1);
  });

  it('takes both notations on 19x19: the seed\'s 16,4 is Q16', () => {
    const r = spawnSync(process.execPath, [CLI, 'go', 'play', '--black', 'human', '--white', 'human', '--size', '19'], { input: '16,4\nD4\n(4, 4)\nquit\n', encoding: 'utf8', timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('     [ 1 2 3 4 5 6 7 8 910111213141516171819]');
    expect(r.stdout).toContain('black played Q16 (16,4)');
    expect(r.stdout).toContain('white played D4 (4,16)');
    expect(r.stdout).toContain('black played D16 (4,4)');
    expect(r.stdout).toMatch(/\[ 4\] {3}\+ \+ \+\[\*\]\+( \+){10} \* \+ \+ \+  16/);
  });

  it('plays against the engine through to the score, with a handicap', () => {
    const sgf = join(dir, 'engine.sgf');
    const script = ['undo', 'C3', 'undo', 'C3', 'pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'done', `save ${sgf}`, 'quit'];
    const r = spawnSync(process.execPath, [CLI, 'go', 'play', '--black', 'human', '--white', 'engine', '--size', '7', '--playouts', '40', '--komi', '0.5'], { input: script.join('\n') + '\n', encoding: 'utf8', timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/sente \(white\) (plays [A-HJ][1-7] \(\d,\d\)|passes)/);
    expect(r.stdout).toMatch(/area \(stones \+ surrounded points\): black \d+, white \d+ \+ komi 0.5 -> [BW]\+\d+\.5/);
    expect(r.stdout).toContain('territory (surrounded points + prisoners)');
    expect(r.stdout).not.toMatch(/is illegal/);
    expect(r.stdout).toContain('error: nothing to undo');
    // Against the engine, undo goes back to before the person's move (the engine's reply too).
    expect(r.stdout).toMatch(/sente \(white\) (plays|passes)[^]*?\nmove 1; captures: black 0, white 0\nblack to move \(human\)/);
    const game = go.parseSgf(readFileSync(sgf, 'utf8'));
    expect(game.ok && go.sgfToBoard(game.value).ok).toBe(true);
    // A handicap: GNU Go's points, white first; the engine plays black.
    const h = spawnSync(process.execPath, [CLI, 'go', 'play', '--black', 'engine', '--white', 'human', '--size', '9', '--handicap', '3', '--playouts', '20'], { input: 'board\nquit\n', encoding: 'utf8', timeout: 60_000 });
    expect(h.status, h.stderr).toBe(0);
    expect(h.stdout).toContain('white to move (human)');
    expect(h.stdout).toMatch(/\[ 3\] {3}\+ \+ \* \+ \+ \+ \* \+ \+  7/);
    const bad = spawnSync(process.execPath, [CLI, 'go', 'play', '--size', '6', '--handicap', '5'], { input: 'quit\n', encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--handicap');
    const time = spawnSync(process.execPath, [CLI, 'go', 'play', '--black', 'engine', '--white', 'human', '--size', '5', '--time', '0.2'], { input: 'quit\n', encoding: 'utf8', timeout: 60_000 });
    expect(time.stdout).toMatch(/sente \(black\) (plays|passes)/);
  });
});
