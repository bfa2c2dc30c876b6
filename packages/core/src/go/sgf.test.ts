// SGF collections (a match archive: several game trees in one file) and the root properties a
// match archive writes (DT, GN, C): written by writeSgf and read back unchanged, values holding
// "]", "\\" and ")" included; a tree with variations still ends where its brackets say.
import { describe, expect, it } from 'vitest';
import { BLACK, EMPTY, PASS, WHITE } from './board.js';
import { parseSgfPoint } from './notation.js';
import { flattenSgf, parseSgf, parseSgfCollection, sgfToBoard, writeSgf, type SgfGame } from './sgf.js';

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

describe('SGF setup between moves (AB, AW, AE after the first move)', () => {
  // 5x5: black C3, white B3, then a node that clears C3, adds black D4 and says white is to move.
  const FILE = '(;GM[1]SZ[5];B[cc];W[bc];AE[cc]AB[dd]PL[W];W[cd];B[dc])';
  const pt = (s: string): number => {
    const r = parseSgfPoint(5, s);
    if (!r.ok) throw new Error(s);
    return r.value;
  };

  it('keeps the node in place, applies it there, and writes it back unchanged', () => {
    const r = parseSgf(FILE);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.setupBlack).toEqual([]);
    expect(r.value.moves.length).toBe(4);
    expect(r.value.laterSetup).toEqual([{ beforeMove: 2, stones: [{ color: EMPTY, point: pt('cc') }, { color: BLACK, point: pt('dd') }], playerToMove: WHITE }]);
    const b = sgfToBoard(r.value);
    expect(b.ok).toBe(true);
    if (!b.ok) return;
    expect([b.value.color[pt('cc')], b.value.color[pt('bc')], b.value.color[pt('dd')], b.value.color[pt('cd')], b.value.color[pt('dc')]]).toEqual([EMPTY, WHITE, BLACK, WHITE, BLACK]);
    // The board's history starts at the setup: two moves to take back, then the set-up position.
    expect(b.value.ply).toBe(2);
    b.value.undo();
    b.value.undo();
    expect(b.value.toMove).toBe(WHITE);
    expect(b.value.color[pt('cd')]).toBe(EMPTY);
    const back = parseSgf(writeSgf(r.value));
    expect(back.ok && back.value).toEqual(r.value);
    // Cut before move 3: the node after move 2 is kept; cut before move 2 it is not.
    const cut3 = sgfToBoard({ ...r.value, moves: r.value.moves.slice(0, 2) });
    expect(cut3.ok && [cut3.value.color[pt('cc')], cut3.value.color[pt('dd')], cut3.value.toMove]).toEqual([EMPTY, BLACK, WHITE]);
    const cut2 = sgfToBoard({ ...r.value, moves: r.value.moves.slice(0, 1) });
    expect(cut2.ok && [cut2.value.color[pt('cc')], cut2.value.color[pt('dd')]]).toEqual([BLACK, EMPTY]);
  });

  it('flattens to setup then moves, the setup being the stones after the last setup node', () => {
    const r = parseSgf(FILE);
    if (!r.ok) throw new Error(r.error.message);
    const flat = flattenSgf(r.value);
    expect(flat.ok).toBe(true);
    if (!flat.ok) return;
    expect(flat.value.laterSetup).toBeUndefined();
    expect([flat.value.setupBlack, flat.value.setupWhite, flat.value.moves.map((m) => m.point), flat.value.playerToMove]).toEqual([[pt('dd')], [pt('bc')], [pt('cd'), pt('dc')], WHITE]);
    const a = sgfToBoard(r.value);
    const b = sgfToBoard(flat.value);
    expect(a.ok && b.ok && Array.from(a.value.color)).toEqual(b.ok && Array.from(b.value.color));
    // A game without such nodes comes back as it is.
    const plain = parseSgf('(;GM[1]SZ[5]AB[aa];W[cc])');
    expect(plain.ok && flattenSgf(plain.value)).toEqual(plain.ok && { ok: true, value: plain.value });
  });

  it('overwrites whatever is on a point, keeps the prisoners, and refuses a setup that leaves a chain without liberties', () => {
    // Black captures white's corner stone (aa) with ab and ba; then AB turns white's cc black.
    const r = parseSgf('(;GM[1]SZ[5];W[aa];B[ab];W[cc];B[ba];AB[cc];W[dd])');
    if (!r.ok) throw new Error(r.error.message);
    const b = sgfToBoard(r.value);
    expect(b.ok).toBe(true);
    if (!b.ok) return;
    expect([b.value.color[pt('aa')], b.value.color[pt('cc')], b.value.captures[BLACK]]).toEqual([EMPTY, BLACK, 1]);
    const dead = parseSgf('(;GM[1]SZ[5];B[ab];W[dd];AW[aa];AB[ba])');
    if (!dead.ok) throw new Error(dead.error.message);
    const d = sgfToBoard(dead.value);
    expect(d.ok || [d.error.code, d.error.message]).toEqual(['bad-setup', 'the setup after move 2 leaves a chain without liberties']);
  });

  it('AE before the first move takes a stone back out of the game setup', () => {
    const r = parseSgf('(;GM[1]SZ[5]AB[aa][bb]AW[cc];AE[bb][cc];B[dd])');
    expect(r.ok && [r.value.setupBlack, r.value.setupWhite, r.value.laterSetup]).toEqual([[pt('aa')], [], undefined]);
  });
});
