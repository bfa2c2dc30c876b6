import { describe, expect, it } from 'vitest';
import { TacticalReader } from './tactics.js';
import { figurePointName, parseFigure, type GoBoard } from './rules.js';

function fig(rows: string[]): GoBoard {
  const r = parseFigure(rows.join('\n'));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
const names = (b: GoBoard, pts: number[]): string[] => pts.map((p) => figurePointName(b.size, p)).sort();

// Seed 000's first diagram (7x6, moves A B C to capture white, A to escape), placed one line in
// from the top-left corner of a 9x9 board.
const SEED_FIGHT = ['+++++++++', '+++++++++', '+++***+++', '++*OO+*++', '+++*++OO+', '++*+*++++', '+++++++++', '+++++++++', '+++++++++'];

describe('tactical reading', () => {
  it("finds the seed's three capturing moves A, B, C and the one escape", () => {
    const b = fig(SEED_FIGHT);
    const t = new TacticalReader(b, 5000);
    const white = b.pointAt(3, 3);
    // Seed (1-based in the 7-wide diagram): A (5,3), B (4,4), C (5,4); here shifted by one.
    expect(names(b, t.captureMoves(white))).toEqual(['(6, 4)', '(5, 5)', '(6, 5)'].sort());
    expect(names(b, t.escapeMoves(white))).toEqual(['(6, 5)']);
  });

  const LADDER = ['+++++++++', '+++++++++', '+++++++++', '+++++++++', '+++++++++', '+++++++++', '+*O++++++', '++**+++++', '+++++++++'];
  const withWhite = (rows: string[], x: number, y: number): string[] => rows.map((r, i) => (i === y ? r.slice(0, x) + 'O' + r.slice(x + 1) : r));

  it('reads a ladder that works', () => {
    const b = fig(LADDER);
    const t = new TacticalReader(b, 5000);
    const stone = b.pointAt(2, 6);
    expect(t.canCapture(stone)).toBe(true);
    expect(t.aborted).toBe(false);
    expect(names(b, t.captureMoves(stone))).toEqual(['(3, 6)']);
  });

  it('reads a ladder broken by a ladder breaker on its path', () => {
    const b = fig(withWhite(LADDER, 6, 2));
    const t = new TacticalReader(b, 5000);
    const stone = b.pointAt(2, 6);
    expect(t.canCapture(stone)).toBe(false);
    expect(t.aborted).toBe(false);
    expect(t.captureMoves(stone)).toEqual([]);
  });

  it('a stone far from the ladder path does not break it', () => {
    const b = fig(withWhite(LADDER, 0, 0));
    expect(new TacticalReader(b, 5000).canCapture(b.pointAt(2, 6))).toBe(true);
  });

  it('leaves the board exactly as it found it', () => {
    const b = fig(SEED_FIGHT);
    const before = Array.from(b.color);
    const t = new TacticalReader(b, 5000);
    t.captureMoves(b.pointAt(3, 3));
    t.escapeMoves(b.pointAt(3, 3));
    expect(Array.from(b.color)).toEqual(before);
    expect(b.ply).toBe(0);
    b.assertConsistent();
  });
});
