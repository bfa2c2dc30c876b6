// End to end: `sente calibrate` measures Multi-ProbCut parameters for a user build and writes them
// beside its table, where loadBuild picks them up; an unknown build is a usage error.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bootstrapTable, clearBuildCache, loadBuild, validateProbCut } from '@sente/search';
import { saveBuild } from '@sente/selfplay';
import { CLI } from './gtp-referee.js';

const tmp = mkdtempSync(join(tmpdir(), 'sente-calibrate-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('sente calibrate', () => {
  it('writes probcut.json into the build folder and the build loads with it', () => {
    const dir = join(tmp, 'builds');
    saveBuild(dir, { id: 'copy', table: bootstrapTable(), parent: 'bootstrap', games: 0, positions: 0, validationError: null });
    const r = spawnSync(process.execPath, [CLI, 'calibrate', 'copy', '--positions', '20', '--builds', dir], { encoding: 'utf8', timeout: 240_000 });
    expect(r.status, r.stderr).toBe(0);
    const path = join(dir, 'copy', 'probcut.json');
    expect(r.stdout).toContain(`wrote ${path} (20 positions, t = 1.5)`);
    const params = JSON.parse(readFileSync(path, 'utf8'));
    expect(validateProbCut(params)).toBeNull();
    clearBuildCache();
    expect(loadBuild('copy', dir).probcut?.samples).toBe(20);
    // The shipped bootstrap was not touched.
    expect(existsSync(join(loadBuild('bootstrap', dir).entry.folder, 'probcut.json'))).toBe(false);
  });

  it('refuses an unknown build with exit code 2 before any work', () => {
    const r = spawnSync(process.execPath, [CLI, 'calibrate', 'nosuch', '--builds', join(tmp, 'builds')], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/unknown build "nosuch"/);
  });
});
