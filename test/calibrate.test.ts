// End to end: `sente calibrate` measures Multi-ProbCut parameters for a user build and writes them
// beside its table, where loadBuild picks them up; an unknown build is a usage error.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isSenteError } from '@sente/core';
import { bootstrapTable, clearBuildCache, loadBuild, validateProbCut } from '@sente/search';
import { saveBuild } from '@sente/selfplay';
import { CLI } from './gtp-referee.js';

const tmp = mkdtempSync(join(tmpdir(), 'sente-calibrate-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('sente calibrate', () => {
  it('writes probcut.json into the build folder and the build loads with it', () => {
    const dir = join(tmp, 'builds');
    saveBuild(dir, { id: 'copy', table: bootstrapTable(), parent: 'bootstrap', games: 0, positions: 0, validationError: null });
    const r = spawnSync(process.execPath, [CLI, 'calibrate', 'copy', '--positions', '20', '--endgame', '0', '--builds', dir], { encoding: 'utf8', timeout: 240_000 });
    expect(r.status, r.stderr).toBe(0);
    const path = join(dir, 'copy', 'probcut.json');
    expect(r.stdout).toContain(`wrote ${path} (20 positions, t = 2.5)`);
    const params = JSON.parse(readFileSync(path, 'utf8'));
    expect(validateProbCut(params)).toBeNull();
    expect(params.endgame).toBeUndefined();
    clearBuildCache();
    expect(loadBuild('copy', dir).probcut?.samples).toBe(20);
    // --endgame-only adds the probable endgame's lines and keeps the midgame fit as it was.
    const eg = spawnSync(process.execPath, [CLI, 'calibrate', 'copy', '--endgame-only', '--endgame', '22', '--builds', dir], { encoding: 'utf8', timeout: 240_000 });
    expect(eg.status, eg.stderr).toBe(0);
    expect(eg.stdout).toContain(`wrote ${path} (20 positions, t = 2.5; endgame: 22 positions solved)`);
    expect(eg.stdout).toMatch(/^\s+20\s+4\s+[\d.]+\s+-?[\d.]+\s+[\d.]+\s+extrapolated$/m);
    const both = JSON.parse(readFileSync(path, 'utf8'));
    expect(validateProbCut(both)).toBeNull();
    expect({ ...both, endgame: undefined }).toEqual({ ...params, endgame: undefined });
    expect(both.endgame.samples).toBe(22);
    clearBuildCache();
    expect(loadBuild('copy', dir).probcut?.endgame?.samples).toBe(22);
    // The shipped bootstrap was not touched.
    expect(existsSync(join(loadBuild('bootstrap', dir).entry.folder, 'probcut.json'))).toBe(false);
  });

  it('sente builds shows which builds have a calibration; a damaged or old-format file refuses the build with code corrupt-calibration', () => {
    const dir = join(tmp, 'builds');
    const list = spawnSync(process.execPath, [CLI, 'builds', '--builds', dir, '--json'], { encoding: 'utf8', timeout: 60_000 });
    expect(list.status, list.stderr).toBe(0);
    const builds = JSON.parse(list.stdout).builds as { id: string; calibrated: boolean }[];
    expect(builds.find((b) => b.id === 'copy')?.calibrated).toBe(true);
    expect(builds.find((b) => b.id === 'bootstrap')?.calibrated).toBe(false);
    const table = spawnSync(process.execPath, [CLI, 'builds', '--builds', dir], { encoding: 'utf8', timeout: 60_000 });
    expect(table.stdout).toMatch(/^\s+copy\s+user\s.*\syes\s/m);
    // Version 1 (one line per depth) and a wrong shape are both refused when the build loads.
    const path = join(dir, 'copy', 'probcut.json');
    const good = JSON.parse(readFileSync(path, 'utf8'));
    const badEndgame = { ...good, endgame: { ...good.endgame, sigma: good.endgame.sigma.slice(2) } };
    for (const [bad, message] of [[{ ...good, version: 1 }, /"version" must be 2/], [{ ...good, sigma: good.sigma.slice(1) }, /"sigma" must be/], [badEndgame, /probcut\.json: "endgame": "sigma" must be 61/]] as const) {
      writeFileSync(path, JSON.stringify(bad));
      clearBuildCache();
      let error: unknown;
      try {
        loadBuild('copy', dir);
      } catch (e) {
        error = e;
      }
      expect(isSenteError(error, 'corrupt-calibration'), String(error)).toBe(true);
      expect((error as Error).message).toMatch(message);
    }
    writeFileSync(path, JSON.stringify(good));
    clearBuildCache();
  });

  it('refuses an unknown build with exit code 2 before any work', () => {
    const r = spawnSync(process.execPath, [CLI, 'calibrate', 'nosuch', '--builds', join(tmp, 'builds')], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/unknown build "nosuch"/);
  });
});
