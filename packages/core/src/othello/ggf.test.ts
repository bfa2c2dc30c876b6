// GGF: reading games as GGS and NBoard write them, writing them back, and clear errors.
import { describe, expect, it } from 'vitest';
import { formatGgf, ggfResult, parseGgf, parseGgfGames } from './ggf.js';
import { formatBoard, parseTranscript } from './notation.js';
import { PASS, Position } from './position.js';
import { unwrap } from './result.js';

// A complete game with a forced pass (white has no move before black's last move, a1).
const PASS_GAME = 'f5f6e6f4g4d6c5c6g7b6a6f7f3h8b5c7g8f8c8h4d3a5g3c4b3d8c3d7b8a2g5c2a4f2d2e2g2b7e7e8e1h6e3h2c1b4h3b1g1d1f1b2a3g6a8h5a7h1h7a1';

describe('GGF', () => {
  it('reads a game as GGS writes it: tags, board, moves with eval and time, uppercase', () => {
    const text = '(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[Saio]PW[Zebra]RE[+4.000]TI[5:00//02:00]TY[8]' +
      'BO[8 ---------------------------O*------*O--------------------------- *]B[F5//1.23]W[d6/-1.5/2.1]B[C3];)';
    const r = parseGgf(text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const g = r.value;
    expect(g.tags.PB).toBe('Saio');
    expect(g.tags.PW).toBe('Zebra');
    expect(ggfResult(g.tags.RE)).toBe(4);
    expect(g.start.equals(Position.initial())).toBe(true);
    expect(g.moves).toEqual([{ square: 37, time: 1.23 }, { square: 43, eval: -1.5, time: 2.1 }, { square: 18 }]);
    expect(formatBoard(g.position)).toBe(formatBoard(unwrap(parseTranscript('f5d6c3')).position));
  });

  it('round-trips a whole game with a pass, and reads implicit passes', () => {
    const replay = parseTranscript(PASS_GAME);
    expect(replay.ok).toBe(true);
    if (!replay.ok) return;
    const text = formatGgf({ moves: replay.value.moves, black: 'sente', white: 'rhino', place: 'test', date: '2026-11-30' });
    expect(text).toMatch(/^\(;GM\[Othello\]PC\[test\]DT\[2026-11-30\]PB\[sente\]PW\[rhino\]RE\[\+10\]TY\[8\]BO\[8 -{27}O\*-{6}\*O-{27} \*\]B\[f5\]W\[f6\]/);
    expect(text).toContain('W[PA]B[a1];)');
    const back = parseGgf(text);
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.value.moves.map((m) => m.square).filter((s) => s !== PASS)).toEqual(replay.value.moves);
    expect(back.value.moves.filter((m) => m.square === PASS)).toHaveLength(1);
    expect(back.value.position.equals(replay.value.position)).toBe(true);
    // The same game without the explicit pass reads the same.
    const implicit = parseGgf(text.replace('W[PA]', ''));
    expect(implicit.ok && implicit.value.moves.length).toBe(back.value.moves.length);
    // Writing what was read gives the same text.
    expect(formatGgf({ moves: back.value.moves, black: 'sente', white: 'rhino', place: 'test', date: '2026-11-30' })).toBe(text);
  });

  it('round-trips a game from a set-up position with white to move, evals and times', () => {
    const start = unwrap(parseTranscript('f5d6c3')).position;
    const moves = [{ square: start.legalMoveList()[0], eval: -2.25, time: 0.5 }];
    const text = formatGgf({ start, moves, result: '?' });
    expect(text).toContain(' O]W[');
    const r = parseGgf(text);
    expect(r.ok && r.value.start.equals(start)).toBe(true);
    expect(r.ok && r.value.moves).toEqual(moves);
    expect(r.ok && r.value.tags.RE).toBe('?');
  });

  it('reads several games', () => {
    const a = formatGgf({ moves: unwrap(parseTranscript('f5d6')).moves });
    const b = formatGgf({ moves: unwrap(parseTranscript('e6f4')).moves });
    const r = parseGgfGames(`${a}\n${b}\n`);
    expect(r.ok && r.value.map((g) => g.moves.length)).toEqual([2, 2]);
  });

  it('reports errors with their offsets', () => {
    const bad = (text: string) => {
      const r = parseGgf(text);
      expect(r.ok).toBe(false);
      return r.ok ? { code: '', offset: -1 } : r.error;
    };
    expect(bad('nothing here').code).toBe('no-game');
    expect(bad('(;GM[Othello]B[f5]').code).toBe('unterminated');
    expect(bad('(;GM[Othello]PB[x').code).toBe('unterminated');
    const illegal = '(;GM[Othello]B[f5]W[a1];)';
    expect(bad(illegal)).toMatchObject({ code: 'illegal-move', offset: illegal.indexOf('W[a1]') });
    expect(bad('(;GM[Othello]B[f5]B[d6];)').code).toBe('wrong-color');
    expect(bad('(;GM[Othello]B[PA];)').code).toBe('illegal-pass');
    // Another game or board size is refused; GGS's game types on 8x8 are read.
    expect(bad('(;GM[Chess]B[f5];)').code).toBe('not-othello');
    expect(bad('(;GM[Othello]TY[10]B[f5];)').code).toBe('bad-board-size');
    expect(bad('(;GM[Othello]TY[s10r20];)').code).toBe('bad-board-size');
    for (const ty of ['8', '8r18', 's8r20', 'd8']) expect(parseGgf(`(;GM[Othello]TY[${ty}]B[f5];)`).ok, ty).toBe(true);
    expect(bad('(;GM[Othello]B[z9];)').code).toBe('bad-move');
    expect(bad('(;GM[Othello]B[f5/abc];)').code).toBe('bad-move');
    expect(bad('(;GM[Othello]BO[10 ---];)').code).toBe('bad-board-size');
    expect(bad('(;GM[Othello]BO[8 XXXX *];)').code).toBe('short-board');
    expect(bad('(;GM[Othello] ?? ;)').code).toBe('bad-property');
  });
});
