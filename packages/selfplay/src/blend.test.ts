// Blends: every weight the weighted mean of the parts' weights; so a format-1 blend evaluates each
// position at the weighted mean of its parts' evaluations (to the rounding of its 47 weights);
// tables that do not fit together and bad shares are refused with their codes; a blend of
// registry builds is saved with its parent, parts and test-set error.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PATTERN_COUNT, Position } from '@sente/core';
import { EvalTable, clearBuildCache, evaluate, loadBuild, readUserManifest } from '@sente/search';
import { blendBuilds, blendTables, expandPhases } from './blend.js';
import { randomFinishedGame, seededRandom } from './random.js';
import { gamePositions } from './data/convert.js';

function randomTable(seed: number, phases = 12, format: 1 | 2 = 1): EvalTable {
  const t = new EvalTable(phases, 64, undefined, format);
  const r = seededRandom(seed);
  for (let j = 0; j < t.weights.length; j++) t.weights[j] = Math.floor(r() * 4001) - 2000;
  return t;
}

/** Every position (before each move; passes skipped) of `games` games of random moves. */
function randomPositions(seed: number, games: number): Position[] {
  const r = seededRandom(seed);
  const out: Position[] = [];
  for (let g = 0; g < games; g++) {
    const { moves, blackScore } = randomFinishedGame(r);
    gamePositions(moves, blackScore, {}, (p) => { out.push(p.clone()); });
  }
  return out;
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  clearBuildCache();
});

describe('blendTables', () => {
  it('sets every weight to the weighted mean of the parts, rounded', () => {
    const a = randomTable(1), b = randomTable(2), c = randomTable(3);
    const t = blendTables([{ table: a, weight: 1 }, { table: b, weight: 2 }, { table: c, weight: 1 }]);
    expect(t.phases).toBe(12);
    expect(t.scale).toBe(64);
    expect(t.format).toBe(1);
    let wrong = 0;
    for (let j = 0; j < t.weights.length; j++) if (t.weights[j] !== (Math.round((a.weights[j] + 2 * b.weights[j] + c.weights[j]) / 4) | 0)) wrong++;
    expect(wrong).toBe(0);
  });

  it('evaluates every position of random games at the mean of the two evaluations', () => {
    const a = randomTable(4), b = randomTable(5);
    const t = blendTables([{ table: a, weight: 1 }, { table: b, weight: 1 }]);
    const positions = randomPositions(6, 20);
    for (const p of positions) {
      const mean = (evaluate(p, a) + evaluate(p, b)) / 2;
      // Each of the position's PATTERN_COUNT + 1 weights is rounded by at most half a unit.
      expect(Math.abs(evaluate(p, t) - mean)).toBeLessThanOrEqual((PATTERN_COUNT + 1) / 2);
    }
    expect(positions.length).toBeGreaterThan(1000);
  });

  it('refuses tables of another format or scale, naming the part and what differs', () => {
    const a = { table: randomTable(7), weight: 1, name: 'build "a"' };
    const bad = (table: EvalTable) => () => blendTables([a, { table, weight: 1, name: 'build "b"' }]);
    expect(bad(randomTable(8, 12, 2))).toThrow(/build "b" cannot be blended with build "a": format 2 \(the first is format 1\)/);
    expect(bad(new EvalTable(12, 32))).toThrow(/scale 32 \(the first has 64\)/);
    expect(bad(new EvalTable(30, 32))).toThrow(expect.objectContaining({ code: 'incompatible-tables' }));
  });

  it('blends tables of different phase counts at a layout that nests both, each position at the mean of the two', () => {
    const positions = randomPositions(16, 10);
    // 12 and 24 phases nest (every 24-phase phase lies in one 12-phase phase); 12 and 30 do not,
    // so that blend is written with 61 phases, one per number of empties.
    for (const [n, expected] of [[24, 24], [61, 61], [30, 61]]) {
      const a = randomTable(17), b = randomTable(18, n);
      const t = blendTables([{ table: a, weight: 3 }, { table: b, weight: 1 }]);
      expect(t.phases).toBe(expected);
      for (const p of positions) {
        const mean = (3 * evaluate(p, a) + evaluate(p, b)) / 4;
        expect(Math.abs(evaluate(p, t) - mean)).toBeLessThanOrEqual((PATTERN_COUNT + 1) / 2);
      }
    }
  });
});

describe('expandPhases', () => {
  it('rewrites a table with more phases that evaluate every position exactly as before, or says the layouts do not nest', () => {
    const a = randomTable(19);
    const e61 = expandPhases(a, 61), e24 = expandPhases(a, 24);
    expect(e61?.phases).toBe(61);
    expect(e24?.phases).toBe(24);
    expect(expandPhases(a, 12)).toBe(a);
    expect(expandPhases(a, 30)).toBeNull();
    expect(expandPhases(a, 13)).toBeNull();
    const positions = randomPositions(20, 10);
    for (const p of positions) {
      expect(evaluate(p, e61!)).toBe(evaluate(p, a));
      expect(evaluate(p, e24!)).toBe(evaluate(p, a));
    }
    expect(positions.length).toBeGreaterThan(500);
  });

  it('refuses fewer than two tables and shares that are not above zero', () => {
    const a = randomTable(9);
    expect(() => blendTables([{ table: a, weight: 1 }])).toThrow(/at least two tables, got 1/);
    expect(() => blendTables([{ table: a, weight: 1 }, { table: a, weight: 0 }])).toThrow(/weight must be a number above 0, got 0/);
    expect(() => blendTables([{ table: a, weight: Number.NaN }, { table: a, weight: 1 }])).toThrow(/got NaN/);
  });
});

describe('blendTables over a range of phases', () => {
  it('blends the phases of the range and keeps the first table\'s other phases unchanged', () => {
    const a = randomTable(10), b = randomTable(11);
    const S = a.weights.length / a.phases;
    const t = blendTables([{ table: a, weight: 1 }, { table: b, weight: 3 }], { from: 3, to: 5 });
    let wrong = 0, changed = 0;
    for (let j = 0; j < t.weights.length; j++) {
      const p = Math.floor(j / S);
      if (t.weights[j] !== (p >= 3 && p <= 5 ? Math.round((a.weights[j] + 3 * b.weights[j]) / 4) | 0 : a.weights[j])) wrong++;
      if (t.weights[j] !== a.weights[j]) changed++;
    }
    expect(wrong).toBe(0);
    expect(changed).toBeGreaterThan(2 * S);
  });

  it('with shares 0 and 1 is the first table with the second\'s phases of the range', () => {
    const a = randomTable(12), b = randomTable(13);
    const S = a.weights.length / a.phases;
    const t = blendTables([{ table: a, weight: 0 }, { table: b, weight: 1 }], { from: 11, to: 11 });
    let wrong = 0;
    for (let j = 0; j < t.weights.length; j++) if (t.weights[j] !== (j < 11 * S ? a.weights[j] : b.weights[j])) wrong++;
    expect(wrong).toBe(0);
  });

  it('refuses a range outside the phases and shares that are all zero', () => {
    const a = { table: randomTable(14), weight: 1 }, b = { table: randomTable(15), weight: 1 };
    expect(() => blendTables([a, b], { from: 6, to: 12 })).toThrow(/phases 6-12 are not a range of the blend's phases 0-11/);
    expect(() => blendTables([a, b], { from: 5, to: 4 })).toThrow(expect.objectContaining({ code: 'bad-option' }));
    expect(() => blendTables([{ ...a, weight: 0 }, { ...b, weight: 0 }], { from: 0, to: 1 })).toThrow(/all 0/);
    expect(() => blendTables([{ ...a, weight: -1 }, b], { from: 0, to: 1 })).toThrow(/at or above 0, got -1/);
  });
});

describe('blendBuilds', () => {
  it('saves the blend of two shipped builds to the user registry with parent, parts and test-set error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sente-blend-'));
    dirs.push(dir);
    const { entry: e } = blendBuilds({ builds: [{ id: 'gen4', weight: 3 }, { id: 'gen3', weight: 1 }], id: 'mix', buildsDir: dir, notes: 'test' });
    expect(e.parent).toBe('gen4');
    expect(e.training?.blend).toEqual([{ id: 'gen4', weight: 3 }, { id: 'gen3', weight: 1 }]);
    expect(e.games).toBe(loadBuild('gen4', dir).entry.games + loadBuild('gen3', dir).entry.games);
    expect(e.testSetMae).toBeGreaterThan(0);
    expect(readUserManifest(dir)?.builds.map((b) => b.id)).toEqual(['mix']);
    const g4 = loadBuild('gen4', dir).table.weights, g3 = loadBuild('gen3', dir).table.weights;
    const mix = loadBuild('mix', dir).table.weights;
    for (let j = 0; j < mix.length; j += 97) expect(mix[j]).toBe(Math.round((3 * g4[j] + g3[j]) / 4) | 0);
    expect(() => blendBuilds({ builds: [{ id: 'gen4', weight: 1 }, { id: 'gen3', weight: 1 }], id: 'mix', buildsDir: dir }))
      .toThrow(/already exists/);
    expect(() => blendBuilds({ builds: [{ id: 'gen4', weight: 1 }, { id: 'nope', weight: 1 }], id: 'mix2', buildsDir: dir }))
      .toThrow(/nope/);
  });

  it('counts the data of parts that share it once: a part of a blend in the registry is not counted again', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sente-blend-'));
    dirs.push(dir);
    const count = (id: string) => { const e = loadBuild(id, dir).entry; return [e.games, e.positions]; };
    const [g3, g4, g6] = [count('gen3'), count('gen4'), count('gen6')];
    // gen6 is gen4 + g10z (not in the registry: the rest of gen6's counts), so gen4 again adds nothing.
    expect(count(blendBuilds({ builds: [{ id: 'gen6', weight: 2 }, { id: 'gen4', weight: 1 }], id: 'b64', buildsDir: dir }).entry.id)).toEqual(g6);
    // A blend of a user blend: mix = gen4 + gen3, then mix + gen3 + gen6 = gen3 + gen4 + g10z.
    blendBuilds({ builds: [{ id: 'gen4', weight: 1 }, { id: 'gen3', weight: 1 }], id: 'mix', buildsDir: dir });
    expect(count('mix')).toEqual([g4[0] + g3[0], g4[1] + g3[1]]);
    const { entry: e } = blendBuilds({ builds: [{ id: 'mix', weight: 1 }, { id: 'gen3', weight: 1 }, { id: 'gen6', weight: 1 }], id: 'mix2', buildsDir: dir });
    expect([e.games, e.positions]).toEqual([g3[0] + g6[0], g3[1] + g6[1]]);
  });
});
