import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { connectionCandidates, defaultPatterns, generateCandidates, moyoCandidates, negativeCandidates, patternCandidates, tacticalCandidates } from './candidates.js';
import { moyoMouths } from './moyo.js';
import { BLACK, PatternSet, WHITE, figurePointName, parseFigure, parsePatterns, type GoBoard } from './rules.js';

const fixture = (name: string): string => readFileSync(new URL(`../../../../test/fixtures/go/${name}`, import.meta.url), 'utf8');
function board(text: string): GoBoard {
  const r = parseFigure(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
const at = (b: GoBoard, list: Array<{ point: number }>): string[] => [...new Set(list.map((c) => figurePointName(b.size, c.point)))].sort();

describe('candidate generators', () => {
  it("moyo: the midpoint of the tips of black's framework, (12, 13) and (12, 14), for white", () => {
    const b = board(fixture('seed-moyo.txt'));
    const mouths = moyoMouths(b, BLACK);
    expect(mouths.map((m) => m.tips.map((p) => figurePointName(19, p)).sort())).toEqual([['(11, 17)', '(13, 10)']]);
    expect(at(b, moyoCandidates(b, WHITE))).toEqual(['(12, 13)', '(12, 14)']);
  });

  it("patterns: the seed's sample data on its figure, through the generator", () => {
    const b = board(fixture('seed-figure.txt'));
    const seed = parsePatterns(`pattern left 10\n. . . . .\n. . O . .\n. O X * .\n. . . . .\n. X . X .\n\npattern right 10\n. X . . .\n. . . . .\n. . * . .\n. O . . .\n. . . X .\n`);
    if (!seed.ok) throw new Error(seed.error.message);
    const set = new PatternSet(seed.value);
    expect(patternCandidates(b, BLACK, set).map((c) => `${figurePointName(19, c.point)} ${c.generator}`)).toEqual(['(6, 14) pattern:right']);
    expect(patternCandidates(b, WHITE, set).map((c) => `${figurePointName(19, c.point)} ${c.generator}`)).toEqual(['(15, 8) pattern:left']);
  });

  it('tactics: capture and escape moves carry their generator names', () => {
    const b = board(['+++++++++', '+++++++++', '+++***+++', '++*OO+*++', '+++*++OO+', '++*+*++++', '+++++++++', '+++++++++', '+++++++++'].join('\n'));
    const black = tacticalCandidates(b, BLACK);
    expect(at(b, black.filter((c) => c.generator === 'capture'))).toEqual(['(5, 5)', '(6, 4)', '(6, 5)']);
    const white = tacticalCandidates(b, WHITE);
    expect(at(b, white.filter((c) => c.generator === 'escape'))).toEqual(['(6, 5)']);
  });

  it('cut and connect: a crosscut point is a cut for one side and a connection for the other', () => {
    // Black (3,3) and (4,4) are diagonal; white already holds (3,4), so white at (4,3) would cut.
    const b = board(['+++++++++', '+++++++++', '+++++++++', '+++*+++++', '+++O*++++', '+++++++++', '+++++++++', '+++++++++', '+++++++++'].join('\n'));
    expect(connectionCandidates(b, BLACK).map((c) => `${figurePointName(9, c.point)} ${c.generator}`)).toEqual(['(5, 4) connect']);
    expect(connectionCandidates(b, WHITE).map((c) => `${figurePointName(9, c.point)} ${c.generator}`)).toEqual(['(5, 4) cut']);
    // A diagonal pair with both points open is not cut: the other point connects.
    const open = board(['+++++++++', '+++++++++', '+++++++++', '+++*+++++', '++++*++++', '+++++++++', '+++++++++', '+++++++++', '+++++++++'].join('\n'));
    expect(connectionCandidates(open, BLACK)).toEqual([]);
    expect(connectionCandidates(open, WHITE)).toEqual([]);
  });

  it("negative candidates: the seed's empty triangle is vetoed, as are own eyes and self-atari", () => {
    // Seed 000: black escaping at A would make an empty triangle.
    const b = board(['+++++++', '+++++++', '+++++++', '+O**O++', '++OOO++', '+++++++', '+++++++'].join('\n'));
    const vetoes = negativeCandidates(b, BLACK);
    const names = vetoes.map((v) => `${figurePointName(7, v.point)} ${v.generator}`);
    expect(names).toContain('(4, 3) empty-triangle-end');
    expect(names).toContain('(3, 3) empty-triangle-end');
    const eye = board(['+*+++', '**+++', '+++++', '+++++', '+++++'].join('\n'));
    expect(negativeCandidates(eye, BLACK).filter((v) => v.generator === 'fill-own-eye').map((v) => figurePointName(5, v.point))).toEqual(['(1, 1)']);
    const atari = board(['+++++', '*O+++', 'O++++', '+++++', '+++++'].join('\n'));
    expect(negativeCandidates(atari, BLACK).some((v) => v.generator === 'self-atari' && figurePointName(5, v.point) === '(1, 1)')).toBe(true);
  });

  it('generateCandidates applies vetoes and sorts by score', () => {
    const b = board(fixture('seed-figure.txt'));
    const list = generateCandidates(b, BLACK);
    expect(list.candidates.length).toBeGreaterThan(0);
    for (let i = 1; i < list.candidates.length; i++) expect(list.candidates[i - 1].score).toBeGreaterThanOrEqual(list.candidates[i].score);
    const vetoAt = new Map(list.vetoes.map((v) => [v.point, v]));
    const byReading = (c: { generator: string }): boolean => ['capture', 'escape', 'cut', 'connect'].includes(c.generator);
    // A proposal on a vetoed point survives only when reading found it, and never in its own eye.
    for (const c of list.candidates) {
      const v = vetoAt.get(c.point);
      if (v) expect(byReading(c) && v.generator !== 'fill-own-eye', `${c.generator} at a ${v.generator} veto`).toBe(true);
    }
    expect(defaultPatterns().variantCount).toBeGreaterThan(50);
    // A pattern that proposes every point beside an own stone: black's own eye is one of them and
    // is vetoed (filled own eye); the others stay proposals.
    const next = parsePatterns('pattern next 10\n? X ?\n? * ?\n? ? ?\n');
    if (!next.ok) throw new Error(next.error.message);
    const eye = board(['+*+++', '**+++', '+++++', '+++++', '+++++'].join('\n'));
    const eyeList = generateCandidates(eye, BLACK, { patterns: new PatternSet(next.value) });
    expect(eyeList.vetoed.map((v) => `${figurePointName(5, v.candidate.point)} ${v.candidate.generator} ${v.veto.generator}`)).toEqual(['(1, 1) pattern:next fill-own-eye']);
    expect(at(eye, eyeList.candidates.filter((c) => c.generator === 'pattern:next'))).toEqual(['(1, 3)', '(2, 3)', '(3, 1)', '(3, 2)']);
    // One proposal per point and pattern, though the eye point matches through two symmetries.
    const proposals = patternCandidates(eye, BLACK, new PatternSet(next.value)).map((c) => `${c.point} ${c.generator}`);
    expect(new Set(proposals).size).toBe(proposals.length);
  });
});
