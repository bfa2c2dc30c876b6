// The pattern table: instance counts per type, coverage of the board, the square -> instance
// inverse table, exact indices of the start position, and the colour swap.
import { describe, expect, it } from 'vitest';
import { COLOR_SWAP, PATTERNS, PATTERN_COUNT, PATTERN_SET_ID, PATTERN_SIZES, PATTERN_TYPES, SQUARE_INSTANCE, SQUARE_POWER, SQUARE_START, computePatternIndices, mirrorRepresentatives } from './patterns.js';
import { transformSetSlow } from './symmetry.js';
import { Position } from './position.js';

const sq = (name: string): number => (name.charCodeAt(1) - 49) * 8 + (name.charCodeAt(0) - 97);

describe('pattern table', () => {
  it('instances per type: 8 symmetric images minus the duplicates', () => {
    const counts = PATTERN_TYPES.map((_, t) => PATTERNS.filter((p) => p.type === t).length);
    // edge2x 4, corner3x3 4, corner2x5 8, hv2..hv4 4 each, diag8 2, diag7..diag4 4 each.
    expect(counts).toEqual([4, 4, 8, 4, 4, 4, 2, 4, 4, 4, 4]);
    expect(PATTERN_COUNT).toBe(46);
    expect(PATTERN_SIZES[0]).toBe(59049);
    expect(PATTERN_SET_ID).toBe(PATTERN_SET_ID >>> 0);
  });

  it('the inverse table lists exactly the (instance, 3^k) pairs of PATTERNS', () => {
    const fromTable: string[] = [];
    for (let s = 0; s < 64; s++) {
      for (let k = SQUARE_START[s]; k < SQUARE_START[s + 1]; k++) fromTable.push(`${s}:${SQUARE_INSTANCE[k]}:${SQUARE_POWER[k]}`);
    }
    const direct: string[] = [];
    PATTERNS.forEach((p, i) => p.squares.forEach((s, k) => direct.push(`${s}:${i}:${3 ** k}`)));
    expect(fromTable.sort()).toEqual(direct.sort());
    // Every square is in at least one instance.
    for (let s = 0; s < 64; s++) expect(SQUARE_START[s + 1]).toBeGreaterThan(SQUARE_START[s]);
  });

  it('start position indices: row 4 reads d4 white (2*27) and e4 black (1*81)', () => {
    const p = Position.initial();
    const row4 = PATTERNS.findIndex((q) => q.squares.join() === [sq('a4'), sq('b4'), sq('c4'), sq('d4'), sq('e4'), sq('f4'), sq('g4'), sq('h4')].join());
    expect(row4).toBeGreaterThanOrEqual(0);
    expect(p.patterns[row4]).toBe(2 * 27 + 81);
    const diag = PATTERNS.findIndex((q) => q.type === 6 && q.squares[0] === sq('a1'));
    // a1 b2 c3 d4 e5 f6 g7 h8: d4 and e5 white.
    expect(p.patterns[diag]).toBe(2 * 27 + 2 * 81);
    expect([...p.patterns]).toEqual([...computePatternIndices(p.blackLo, p.blackHi, p.whiteLo, p.whiteHi)]);
  });

  it('COLOR_SWAP exchanges black and white digits and is an involution', () => {
    const t = COLOR_SWAP[3];
    expect(t[1]).toBe(2);
    expect(t[2 * 27 + 81]).toBe(27 + 2 * 81);
    for (let i = 0; i < t.length; i++) expect(t[t[i]]).toBe(i);
    const p = Position.initial();
    const swapped = computePatternIndices(p.whiteLo, p.whiteHi, p.blackLo, p.blackHi);
    PATTERNS.forEach((q, i) => expect(COLOR_SWAP[q.type][p.patterns[i]]).toBe(swapped[i]));
  });

  it('mirror classes: as many as Burnside counts, and a board and its 8 images read the same classes', () => {
    // Orbits of 3^n configurations under a reflection fixing f of the n squares: (3^n + 3^(f + (n - f) / 2)) / 2.
    // edge2x and rows: no square fixed; corner3x3: its diagonal (3 squares); the 2x5 block: no
    // reflection; diag8: read backwards by two of the four symmetries that keep it.
    const classes = PATTERN_TYPES.map((_, t) => new Set(mirrorRepresentatives(t)).size);
    expect(classes).toEqual([(3 ** 10 + 3 ** 5) / 2, (3 ** 9 + 3 ** 6) / 2, 3 ** 10, (3 ** 8 + 3 ** 4) / 2, (3 ** 8 + 3 ** 4) / 2, (3 ** 8 + 3 ** 4) / 2,
      (3 ** 8 + 3 ** 4) / 2, (3 ** 7 + 3 ** 4) / 2, (3 ** 6 + 3 ** 3) / 2, (3 ** 5 + 3 ** 3) / 2, (3 ** 4 + 3 ** 2) / 2]);
    PATTERN_TYPES.forEach((_, t) => {
      const rep = mirrorRepresentatives(t);
      for (let i = 0; i < rep.length; i += 7) {
        expect(rep[i]).toBeLessThanOrEqual(i);
        expect(rep[rep[i]]).toBe(rep[i]);
      }
    });
    // The property a tied evaluation rests on: for every type, the classes its instances read on
    // a board are those they read on each symmetric image of the board (as multisets).
    let seed = 12345;
    const random = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const classesOf = (bLo: number, bHi: number, wLo: number, wHi: number): string[] => {
      const idx = computePatternIndices(bLo, bHi, wLo, wHi);
      return PATTERN_TYPES.map((_, t) => PATTERNS.map((q, i) => (q.type === t ? mirrorRepresentatives(t)[idx[i]] : -1)).filter((r) => r >= 0).sort((a, b) => a - b).join(','));
    };
    for (let n = 0; n < 30; n++) {
      let bLo = 0, bHi = 0, wLo = 0, wHi = 0;
      for (let q = 0; q < 64; q++) {
        const r = random();
        const bit = q < 32 ? 1 << q : 1 << (q - 32);
        if (r < 0.35) q < 32 ? (bLo |= bit) : (bHi |= bit);
        else if (r < 0.7) q < 32 ? (wLo |= bit) : (wHi |= bit);
      }
      const here = classesOf(bLo, bHi, wLo, wHi);
      for (let s = 1; s < 8; s++) {
        const [tbLo, tbHi] = transformSetSlow(bLo, bHi, s);
        const [twLo, twHi] = transformSetSlow(wLo, wHi, s);
        expect(classesOf(tbLo, tbHi, twLo, twHi)).toEqual(here);
      }
    }
  });
});
