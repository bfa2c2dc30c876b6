import { describe, expect, it } from 'vitest';
import { BLACK, GoBoard, PASS, WHITE } from './board.js';
import { formatFigure, gtpVertex, parseFigure, parseGtpVertex, parseSgfPoint, sgfPoint } from './notation.js';
import { formatMargin, parseMargin } from './scoring.js';
import { parseSgf, sgfToBoard, writeSgf } from './sgf.js';

describe('GTP vertices and SGF points', () => {
  it('skips I and counts rows from the bottom', () => {
    const b = new GoBoard(19);
    expect(gtpVertex(19, b.pointAt(0, 18))).toBe('A1');
    expect(gtpVertex(19, b.pointAt(8, 0))).toBe('J19');
    expect(gtpVertex(19, PASS)).toBe('pass');
    const r = parseGtpVertex(19, 'q16');
    expect(r.ok && r.value).toBe(b.pointAt(15, 3));
    expect(parseGtpVertex(9, 'K5').ok).toBe(false);
    expect(parseGtpVertex(19, 'I5').ok).toBe(false);
    expect(parseGtpVertex(19, 'Pass')).toEqual({ ok: true, value: PASS });
  });

  it('uses letters from the top-left for SGF and "" for a pass', () => {
    const b = new GoBoard(19);
    expect(sgfPoint(19, b.pointAt(3, 3))).toBe('dd');
    expect(sgfPoint(19, b.pointAt(15, 2))).toBe('pc');
    expect(parseSgfPoint(19, '')).toEqual({ ok: true, value: PASS });
    expect(parseSgfPoint(19, 'tt')).toEqual({ ok: true, value: PASS });
    expect(parseSgfPoint(9, 'jj').ok).toBe(false);
  });

  it('reads and writes figure files', () => {
    const text = '+*+\n+O+\n+++\n';
    const r = parseFigure(text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.color[r.value.pointAt(1, 0)]).toBe(BLACK);
    expect(r.value.color[r.value.pointAt(1, 1)]).toBe(WHITE);
    expect(formatFigure(r.value)).toBe(text);
    const bad = parseFigure('+*+\n+Q+\n+++\n');
    expect(!bad.ok && [bad.error.code, bad.error.offset]).toEqual(['bad-char', 5]);
    expect(!parseFigure('++\n+++\n').ok).toBe(true);
  });

  it('formats and parses results', () => {
    expect(formatMargin(3.5)).toBe('B+3.5');
    expect(formatMargin(-0.5)).toBe('W+0.5');
    expect(formatMargin(0)).toBe('0');
    expect(parseMargin('W+12.5')).toBe(-12.5);
    expect(parseMargin('B+R')).toBe(Infinity);
    expect(parseMargin('junk')).toBe(null);
  });
});

describe('SGF', () => {
  const record = '(;FF[4]GM[1]SZ[9]KM[7.5]PB[sente]PW[GNU Go]RE[W+2.5]AB[cc][gg]AW[cg]\n;W[ee];B[dc];W[];B[ec](;W[ff])(;W[aa]))';

  it('reads size, komi, players, result, setup, moves and passes (main line)', () => {
    const r = parseSgf(record);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const g = r.value;
    expect([g.size, g.komi, g.playerBlack, g.playerWhite, g.result]).toEqual([9, 7.5, 'sente', 'GNU Go', 'W+2.5']);
    expect(g.setupBlack.map((p) => sgfPoint(9, p))).toEqual(['cc', 'gg']);
    expect(g.setupWhite.map((p) => sgfPoint(9, p))).toEqual(['cg']);
    expect(g.moves.map((m) => `${m.color === BLACK ? 'B' : 'W'}${sgfPoint(9, m.point)}`)).toEqual(['Wee', 'Bdc', 'W', 'Bec', 'Wff']);
    const board = sgfToBoard(g);
    expect(board.ok && board.value.stoneCount(BLACK)).toBe(4);
  });

  it('round-trips through the writer', () => {
    const r = parseSgf(record);
    if (!r.ok) throw new Error(r.error.message);
    const again = parseSgf(writeSgf(r.value));
    expect(again).toEqual(r);
  });

  it('reads the side to move (PL) of a setup position, as GNU Go writes it', () => {
    const text = '(;GM[1]FF[4]\nSZ[9]\nGN[GNU Go 3.8 load and print]\nKM[7.5]HA[0]RU[Japanese]AP[GNU Go:3.8]AW[df]\nAB[fe][cg]\nPL[W]\n)\n';
    const r = parseSgf(text);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.playerToMove).toBe(WHITE);
    const b = sgfToBoard(r.value);
    expect(b.ok && b.value.toMove).toBe(WHITE);
    expect(b.ok && [b.value.stoneCount(BLACK), b.value.stoneCount(WHITE)]).toEqual([2, 1]);
    expect(parseSgf(writeSgf(r.value))).toEqual(r);
  });

  it('white moves first after black setup stones alone (handicap), unless PL or a move says otherwise', () => {
    const side = (text: string): number => {
      const r = parseSgf(text);
      if (!r.ok) throw new Error(r.error.message);
      const b = sgfToBoard(r.value);
      if (!b.ok) throw new Error(b.error.message);
      return b.value.toMove;
    };
    expect(side('(;GM[1]SZ[9]HA[2]AB[cg][gc])')).toBe(WHITE);
    expect(side('(;GM[1]SZ[9]HA[2]AB[cg][gc]PL[B])')).toBe(BLACK);
    expect(side('(;GM[1]SZ[9]AB[cg]AW[gc])')).toBe(BLACK);
    expect(side('(;GM[1]SZ[9])')).toBe(BLACK);
  });

  it('a setup stone needs a point: AB[], AB[tt] and a rectangle to tt are refused, naming the value', () => {
    for (const v of ['', 'tt', 'aa:tt']) {
      const r = parseSgf(`(;GM[1]SZ[9]AB[${v}])`);
      expect(!r.ok && [r.error.code, r.error.message]).toEqual(['bad-setup', `setup [${v}] is not a point of the board`]);
    }
  });

  it('reports errors as values with offsets', () => {
    const a = parseSgf('(;SZ[9];B[zz])');
    expect(!a.ok && [a.error.code, a.error.offset]).toEqual(['off-board', 8]);
    const b = parseSgf('(;GM[6]SZ[8])');
    expect(!b.ok && b.error.code).toBe('not-go');
    const c = parseSgf('(;SZ[9]C[never closed');
    expect(!c.ok && c.error.code).toBe('unterminated-value');
    const d = parseSgf('(;SZ[9];B[ee];W[ee])');
    if (!d.ok) throw new Error('parse should succeed');
    const e = sgfToBoard(d.value);
    expect(!e.ok && e.error.code).toBe('illegal-move');
  });
});
