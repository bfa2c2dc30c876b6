// SGF collections (a match archive: several game trees in one file) and the root properties a
// match archive writes (DT, GN, C): written by writeSgf and read back unchanged, values holding
// "]", "\\" and ")" included; a tree with variations still ends where its brackets say.
import { describe, expect, it } from 'vitest';
import { BLACK, PASS, WHITE } from './board.js';
import { parseSgf, parseSgfCollection, sgfToBoard, writeSgf, type SgfGame } from './sgf.js';

const game = (n: number, comment?: string): SgfGame => ({
  size: 5, komi: 0.5, playerBlack: `black ${n}`, playerWhite: 'white ] \\ )', result: n % 2 ? 'B+3.5' : 'W+R', setupBlack: [], setupWhite: [],
  moves: [{ color: BLACK, point: 8 }, { color: WHITE, point: 9 }, { color: BLACK, point: PASS }], date: '2026-12-01', gameName: String(n), ...(comment ? { comment } : {}),
});

describe('SGF collections', () => {
  it('reads back every game of a collection, with DT, GN and C', () => {
    const games = [game(0), game(1, 'timeout (white): gave no reply (in 400 ms)'), game(2, 'a ] b')];
    const text = games.map(writeSgf).join('');
    const parsed = parseSgfCollection(text);
    expect(parsed.ok && parsed.value).toEqual(games);
    for (const g of games) expect(sgfToBoard(g).ok).toBe(true);
    // parseSgf still reads the first tree only.
    expect(parseSgf(text).ok && parseSgf(text).value).toEqual(games[0]);
  });

  it('skips variations to find the end of a tree, and reports a tree cut short with its offset', () => {
    const text = '(;GM[1]SZ[5]GN[a](;B[aa];W[bb])(;B[cc](;W[dd])(;W[ee])))\n(;GM[1]SZ[5]GN[b];B[cc])';
    const parsed = parseSgfCollection(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.map((g) => [g.gameName, g.moves.length])).toEqual([['a', 2], ['b', 1]]);
    const cut = parseSgfCollection('(;GM[1]SZ[5];B[aa])(;GM[1]SZ[5];B[b');
    expect(cut.ok).toBe(false);
    if (!cut.ok) expect([cut.error.code, cut.error.offset]).toEqual(['unterminated-value', 19]);
    const junk = parseSgfCollection('(;GM[1]SZ[5]) x');
    expect(junk.ok || junk.error.message).toBe('expected "(" starting a game tree at offset 14');
    expect(parseSgfCollection('  ').ok).toBe(false);
  });
});
