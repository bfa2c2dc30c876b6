import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BLACK, GoBoard, WHITE } from './board.js';
import { figurePointName, parseFigure } from './notation.js';
import { matchPatternsSlow, parsePatterns, PatternSet } from './patterns.js';

const fixture = (name: string): string => readFileSync(new URL(`../../../../test/fixtures/go/${name}`, import.meta.url), 'utf8');

// Seed 000's two sample patterns, written in this project's diagram format (X = the side to move).
const SEED_PATTERNS = `
// left sample: candidate to the right of the own stone
pattern seed-left 10
. . . . .
. . O . .
. O X * .
. . . . .
. X . X .

// right sample
pattern seed-right 10
. X . . .
. . . . .
. . * . .
. O . . .
. . . X .
`;

describe('pattern diagrams', () => {
  it('parses the format and reports errors with offsets', () => {
    const r = parsePatterns(SEED_PATTERNS);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.map((p) => p.name)).toEqual(['seed-left', 'seed-right']);
    expect(r.value[0].cells.length).toBe(25);
    const bad = parsePatterns('pattern a 1\n. Z *\n');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect([bad.error.code, bad.error.offset]).toEqual(['bad-cell', 12]);
    const none = parsePatterns('pattern a 1\n. . .\n');
    expect(!none.ok && none.error.code).toBe('no-candidate');
  });

  it("finds the seed's candidates on its sample figure: A for black, B for white", () => {
    const board = parseFigure(fixture('seed-figure.txt'));
    expect(board.ok).toBe(true);
    if (!board.ok) return;
    const b = board.value;
    const pats = parsePatterns(SEED_PATTERNS);
    if (!pats.ok) throw new Error(pats.error.message);
    const set = new PatternSet(pats.value);
    const names = (color: number): string[] => set.matchBoard(b, color).map((m) => `${figurePointName(19, m.point)} ${m.pattern.name}`);
    // Black to move: the right-hand data gives A at (6, 14).
    expect(names(BLACK)).toEqual(['(6, 14) seed-right']);
    // White to move: the left-hand data, colours reversed and rotated, gives B at (15, 8).
    expect(names(WHITE)).toEqual(['(15, 8) seed-left']);
  });

  it('expands 8 symmetries (fewer for symmetric shapes)', () => {
    const r = parsePatterns('pattern hane 1\nO X\n. *\n\npattern plus 1\n. X .\nX * X\n. X .\n');
    if (!r.ok) throw new Error(r.error.message);
    const set = new PatternSet(r.value);
    // The hane has no symmetry of its own: 8 variants; the plus shape maps onto itself: 1.
    expect(set.variantCount).toBe(8 + 1);
  });

  it('matches exactly like the slow seed-style matcher on random boards (wildcards, off-board)', () => {
    const text = `
pattern edge 1
# # #
. * x
o ? X

pattern corner 2
# # #
# * O
# . o

pattern wide 3
. . O . .
. x * X .
. . o . .

pattern seed 4
. X . . .
. . . . .
. . * . .
. O . . .
. . . X .
`;
    const r = parsePatterns(text);
    if (!r.ok) throw new Error(r.error.message);
    const set = new PatternSet(r.value);
    let seed = 7;
    const rnd = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    let total = 0;
    for (let trial = 0; trial < 60; trial++) {
      const size = 5 + rnd(6);
      const b = new GoBoard(size);
      for (let i = 0; i < size * size * 0.4; i++) {
        const p = b.pointAt(rnd(size), rnd(size));
        if (b.isLegal(p, 1 + rnd(2))) b.play(p, 1 + rnd(2) === 1 ? BLACK : WHITE);
      }
      for (const mover of [BLACK, WHITE]) {
        const fast = set.matchBoard(b, mover).map((m) => ({ point: m.point, name: m.pattern.name }));
        const slow = matchPatternsSlow(b, r.value, mover);
        expect(fast).toEqual(slow);
        total += fast.length;
      }
    }
    expect(total).toBeGreaterThan(50);
  });
});
