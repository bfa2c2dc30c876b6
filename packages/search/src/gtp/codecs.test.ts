import { describe, expect, it } from 'vitest';
import { BLACK, PASS, WHITE, go, squareName } from '@sente/core';
import { GTP_RESIGN, goCodec, othelloCodec, parseGtpColorWord } from './codecs.js';

describe('GTP colours', () => {
  it('reads black/b/white/w in any case, nothing else', () => {
    for (const w of ['black', 'B', 'Black', 'b']) expect(parseGtpColorWord(w)).toBe('black');
    for (const w of ['white', 'W', 'WHITE', 'w']) expect(parseGtpColorWord(w)).toBe('white');
    for (const w of ['', 'bl', 'blacks', 'x', 'o', ' b', 'b\u00a0', '\ufeffw']) expect(parseGtpColorWord(w)).toBeNull();
    expect(othelloCodec.parseColor('b')).toBe(BLACK);
    expect(othelloCodec.parseColor('w')).toBe(WHITE);
    expect(goCodec(19).parseColor('b')).toBe(go.BLACK);
    expect(goCodec(19).parseColor('w')).toBe(go.WHITE);
    expect(othelloCodec.colorName(WHITE)).toBe('white');
    expect(goCodec(9).colorName(go.BLACK)).toBe('black');
  });
});

describe('Othello vertices', () => {
  it('round-trips all 64 squares and pass, either case, through core\'s parseSquare', () => {
    for (let sq = 0; sq < 64; sq++) {
      const v = othelloCodec.formatVertex(sq);
      expect(v).toBe(squareName(sq).toUpperCase());
      expect(othelloCodec.parseVertex(v)).toBe(sq);
      expect(othelloCodec.parseVertex(v.toLowerCase())).toBe(sq);
    }
    expect(othelloCodec.formatVertex(PASS)).toBe('pass');
    expect(othelloCodec.parseVertex('PASS')).toBe(PASS);
    expect(othelloCodec.parseVertex('F5')).toBe(4 * 8 + 5);
    expect(othelloCodec.parseVertex('a1')).toBe(0);
    expect(othelloCodec.parseVertex('H8')).toBe(63);
  });

  it('refuses malformed and off-board words, and NBoard\'s spellings of a pass', () => {
    for (const w of ['', 'F', 'F9', 'I1', 'A0', 'F55', ' F5', 'F5 ', '\u00a0F5', 'PA', '--', 'pas', 'passs', '5F', 'resign']) expect(othelloCodec.parseVertex(w)).toBeNull();
  });
});

describe('Go vertices', () => {
  it('round-trips every point of 2x2, 9x9, 19x19 and 25x25 boards, columns without I', () => {
    for (const size of [2, 9, 19, 25]) {
      const codec = goCodec(size);
      const board = new go.GoBoard(size);
      for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) {
        const p = board.pointAt(x, y);
        const v = codec.formatVertex(p);
        expect(v).not.toMatch(/I/);
        expect(codec.parseVertex(v)).toBe(p);
        expect(codec.parseVertex(v.toLowerCase())).toBe(p);
        expect(codec.vertexError(v)).toBeNull();
      }
    }
    const b19 = new go.GoBoard(19);
    expect(goCodec(19).formatVertex(b19.pointAt(15, 3))).toBe('Q16');
    expect(goCodec(19).formatVertex(b19.pointAt(8, 18))).toBe('J1');
    expect(goCodec(19).parseVertex('Pass')).toBe(go.PASS);
    expect(goCodec(19).formatVertex(go.PASS)).toBe('pass');
  });

  it('tells malformed words from points off this board; resign only as a genmove answer', () => {
    const c9 = goCodec(9);
    for (const w of ['I5', 'Q', '5Q', '', ' E5', 'E5\u00a0', 'E-5', 'resign']) {
      expect(c9.parseVertex(w)).toBeNull();
      expect(c9.vertexError(w)).toBe('malformed');
    }
    for (const w of ['K5', 'A10', 'E0', 'T19']) {
      expect(c9.parseVertex(w)).toBeNull();
      expect(c9.vertexError(w)).toBe('off-board');
    }
    expect(c9.parseMove('resign')).toBe(GTP_RESIGN);
    expect(c9.parseMove('RESIGN')).toBe(GTP_RESIGN);
    expect(c9.parseMove('pass')).toBe(go.PASS);
    expect(c9.parseMove('E5')).toBe(new go.GoBoard(9).pointAt(4, 4));
    expect(c9.parseMove('banana')).toBeNull();
  });
});
