// The 8 board transforms on fixed squares and sets, as documented in symmetry.ts, and the key's
// text form. Invariance of canonical keys over random games is in random-games.test.ts.
import { describe, expect, it } from 'vitest';
import { HI } from './bitboard.js';
import { TRANSFORM_COUNT, canonicalKey, inverseTransform, keyToHex, transformSet, transformSetSlow, transformSquare } from './symmetry.js';
import { Position } from './position.js';

const sq = (name: string): number => (name.charCodeAt(1) - 49) * 8 + (name.charCodeAt(0) - 97);
const nameOf = (s: number): string => String.fromCharCode(97 + (s & 7)) + String.fromCharCode(49 + (s >> 3));

describe('transforms', () => {
  it('b1 goes where the table in symmetry.ts says', () => {
    // b1 = (row 0, col 1).
    expect([...Array(TRANSFORM_COUNT).keys()].map((t) => nameOf(transformSquare(sq('b1'), t)))).toEqual(['b1', 'g1', 'b8', 'g8', 'a2', 'h2', 'a7', 'h7']);
    expect(() => transformSquare(0, 8)).toThrow(RangeError);
  });

  it('each transform is a permutation of the 64 squares, the 8 are distinct, and the inverse undoes it', () => {
    const images = new Set<string>();
    for (let t = 0; t < 8; t++) {
      const seen = new Set<number>();
      for (let s = 0; s < 64; s++) {
        const d = transformSquare(s, t);
        seen.add(d);
        expect(transformSquare(d, inverseTransform(t))).toBe(s);
      }
      expect(seen.size).toBe(64);
      images.add([sq('b1'), sq('c1')].map((s) => transformSquare(s, t)).join());
    }
    expect(images.size).toBe(8);
  });

  it('transformSet equals the square-by-square version on single squares and on full rows', () => {
    for (let t = 0; t < 8; t++) {
      for (let s = 0; s < 64; s++) {
        const lo = s < 32 ? 1 << s : 0;
        const hi = s < 32 ? 0 : 1 << (s - 32);
        const outLo = transformSet(lo, hi, t);
        expect([outLo, HI[0]]).toEqual(transformSetSlow(lo, hi, t));
      }
      expect([transformSet(0xff, 0, t), HI[0]]).toEqual(transformSetSlow(0xff, 0, t));
      expect([transformSet(-1, -1, t), HI[0]]).toEqual([-1, -1]);
    }
  });
});

describe('canonical key', () => {
  it('the start position: hex form and transform', () => {
    const p = Position.initial();
    const key = canonicalKey(p.bb[0], p.bb[1], p.bb[2], p.bb[3]);
    expect(keyToHex(key)).toMatch(/^[0-9a-f]{32}$/);
    // Black d5 e4 (player), white d4 e5: already the smallest image (transform 0) or an equal one.
    const words = [key.playerLo, key.playerHi, key.opponentLo, key.opponentHi];
    expect(words.every((w) => w >= 0)).toBe(true);
    expect(keyToHex(key)).toBe(words.map((w) => w.toString(16).padStart(8, '0')).join(''));
    const tpLo = transformSet(p.bb[0], p.bb[1], key.transform);
    expect(tpLo >>> 0).toBe(key.playerLo);
  });
});
