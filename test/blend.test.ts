// End to end: `sente blend` writes the weighted mean of two shipped builds' tables to a user
// registry (listed by `sente builds` with its parent and parts, loadable, playable), and refuses
// one build, a share count that does not match, and tables of different formats, each with one line
// and exit 2, writing nothing. With --phases only those phases are blended (a phase hybrid); tables
// with different phase counts are blended at the finer layout.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EvalTable, clearBuildCache, loadBuild, readUserManifest } from '@sente/search';
import { saveBuild } from '@sente/selfplay';
import { runCli } from './cli.js';

const dir = mkdtempSync(join(tmpdir(), 'sente-blend-e2e-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sente blend', () => {
  it('blends gen4 and gen3 3:1 into a user build that sente builds lists and sente analyze searches with', () => {
    const r = runCli(['blend', '--builds', dir, '--build', 'gen4', '--build', 'gen3', '--weight', '3', '--weight', '1', '--out', 'mix', '--notes', 'e2e']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/build mix \(parent gen4\) written: the mean of gen4 x3 \+ gen3 x1, 12 phases; test-set MAE \d+\.\d{3} discs/);
    const listed = JSON.parse(runCli(['builds', '--builds', dir, '--json']).stdout) as { builds: { id: string; origin: string; parent: string; training: { blend: unknown } }[] };
    const mix = listed.builds.find((b) => b.id === 'mix');
    expect(mix).toMatchObject({ origin: 'user', parent: 'gen4', training: { blend: [{ id: 'gen4', weight: 3 }, { id: 'gen3', weight: 1 }] } });
    clearBuildCache();
    const t = loadBuild('mix', dir).table.weights, g4 = loadBuild('gen4', dir).table.weights, g3 = loadBuild('gen3', dir).table.weights;
    for (let j = 0; j < t.length; j += 101) expect(t[j]).toBe(Math.round((3 * g4[j] + g3[j]) / 4) | 0);
    const play = runCli(['analyze', '--builds', dir, '--build', 'mix', '--depth', '4', 'f5d6']);
    expect(play.status, play.stderr).toBe(0);
    expect(play.stdout).toMatch(/build mix, depth 4/);
    expect(play.stdout.match(/ estimate/g)).toHaveLength(5);
  });

  it('with --phases 6-11 and shares 0 and 1 takes gen3\'s phases 6-11 into gen6, the rest unchanged', () => {
    const r = runCli(['blend', '--builds', dir, '--build', 'gen6', '--build', 'gen3', '--weight', '0', '--weight', '1', '--phases', '6-11', '--out', 'hy']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/build hy \(parent gen6\) written: the mean of gen6 x0 \+ gen3 x1 in phases 6-11 \(gen6's elsewhere\), 12 phases; test-set MAE/);
    clearBuildCache();
    const hy = loadBuild('hy', dir), g6 = loadBuild('gen6', dir).table.weights, g3 = loadBuild('gen3', dir).table.weights;
    expect(hy.entry.training).toMatchObject({ phases: [6, 11], blend: [{ id: 'gen6', weight: 0 }, { id: 'gen3', weight: 1 }] });
    const half = hy.table.weights.length / 2;
    let wrong = 0;
    for (let j = 0; j < hy.table.weights.length; j++) if (hy.table.weights[j] !== (j < half ? g6[j] : g3[j])) wrong++;
    expect(wrong).toBe(0);
    for (const [phases, msg] of [['6-12', /phases 6-12 are not a range of the blend's phases 0-11/], ['11-6', /--phases 11-6: give a phase or a range/]] as const) {
      const bad = runCli(['blend', '--builds', dir, '--build', 'gen6', '--build', 'gen3', '--weight', '0', '--weight', '1', '--phases', phases, '--out', 'hz']);
      expect(bad.status).toBe(2);
      expect(bad.stderr).toMatch(msg);
    }
    const zero = runCli(['blend', '--builds', dir, '--build', 'gen6', '--build', 'gen3', '--weight', '0', '--weight', '1', '--out', 'hz']);
    expect(zero.stderr).toMatch(/--weight must be numbers above 0/);
    expect(readUserManifest(dir)?.builds.map((b) => b.id).sort()).toEqual(['hy', 'mix']);
  });

  it('blends a 12-phase build with a 61-phase one into 61 phases, each number of empties at the mean of the two', () => {
    const p61 = new EvalTable(61, 64);
    for (let j = 0; j < p61.weights.length; j++) p61.weights[j] = (j % 201) - 100;
    saveBuild(dir, { id: 'p61', table: p61, parent: null, games: 0, positions: 0, validationError: null });
    const r = runCli(['blend', '--builds', dir, '--build', 'gen4', '--build', 'p61', '--out', 'm61']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/build m61 \(parent gen4\) written: the mean of gen4 x1 \+ p61 x1, 61 phases; test-set MAE/);
    clearBuildCache();
    const m = loadBuild('m61', dir).table, g4 = loadBuild('gen4', dir).table;
    expect(m.phases).toBe(61);
    let wrong = 0;
    for (let e = 0; e <= 60; e++) {
      const q = m.phaseByEmpties[e], p = g4.phaseByEmpties[e];
      for (let k = 0; k < m.stride; k += 7) {
        if (m.weights[q * m.stride + k] !== (Math.round((g4.weights[p * g4.stride + k] + p61.weights[q * m.stride + k]) / 2) | 0)) wrong++;
      }
    }
    expect(wrong).toBe(0);
  });

  it('refuses one build, unmatched shares and tables of different formats, writing nothing', () => {
    const one = runCli(['blend', '--builds', dir, '--build', 'gen4', '--out', 'x1']);
    expect(one.status).toBe(2);
    expect(one.stderr).toMatch(/give two or more --build/);
    const shares = runCli(['blend', '--builds', dir, '--build', 'gen4', '--build', 'gen3', '--weight', '1', '--out', 'x2']);
    expect(shares.status).toBe(2);
    expect(shares.stderr).toMatch(/one --weight per --build \(2 builds, 1 weights\)/);
    saveBuild(dir, { id: 'f2', table: new EvalTable(12, 64, undefined, 2), parent: null, games: 0, positions: 0, validationError: null });
    const formats = runCli(['blend', '--builds', dir, '--build', 'gen3', '--build', 'f2', '--out', 'x3']);
    expect(formats.status).toBe(2);
    expect(formats.stderr).toMatch(/build "f2" cannot be blended with build "gen3": format 2 \(the first is format 1\)/);
    expect(readUserManifest(dir)?.builds.map((b) => b.id).sort()).toEqual(['f2', 'hy', 'm61', 'mix', 'p61']);
  });
});
