// End to end: `sente train` from self-play files and WTHOR databases into a temporary registry:
// per-epoch CSV, a manifest entry with lineage and validation error, the table loadable, an
// existing id refused; and `sente builds` listing the lineage.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeWthor } from '@sente/core';
import { clearBuildCache, loadBuild, phaseOf, readManifest } from '@sente/search';
import { TRAIN_DEFAULTS, buildDataset, readGameFile, setStrongest } from '@sente/selfplay';
import { type CliResult, MAIN, ROOT, runCli } from './cli.js';

let tmp = '';
let env: NodeJS.ProcessEnv = {};

function sente(...args: string[]): CliResult {
  return runCli(args, { env });
}

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'sente-train-'));
  setStrongest(join(tmp, 'builds'), 'bootstrap'); // the shipped bootstrap is this registry's strongest
  env = { ...process.env, SENTE_BUILDS: join(tmp, 'builds') };
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('sente train', () => {
  it('trains from self-play games and a WTHOR file, records the build and refuses to overwrite it', () => {
    const sp = sente('selfplay', '--build', 'bootstrap', '--games', '60', '--depth', '1', '--exact', '6', '--out', join(tmp, 'sp'));
    expect(sp.status, sp.stderr).toBe(0);
    const games = readGameFile(join(tmp, 'sp', 'games.txt')).games;
    // The same games as a WTHOR database (its scores computed from the moves) plus one unfinished game.
    writeFileSync(join(tmp, 'g.wtb'), writeWthor([...games.slice(0, 20).map((g) => ({ moves: g.moves })), { moves: [37, 43] }]));
    const r = sente('train', '--games', join(tmp, 'sp'), '--wthor', join(tmp, 'g.wtb'), '--from', 'bootstrap', '--out', 'b1', '--epochs', '4', '--validation', '0.25');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/g\.wtb: 20 complete games \(1 records skipped\)/);
    expect(r.stdout).toMatch(/^80 games: \d+ training and \d+ validation positions/m);
    const epochs = readFileSync(join(tmp, 'builds', 'b1', 'training.csv'), 'utf8').trim().split('\n');
    expect(epochs[0]).toBe(`epoch,train_rms,validation_rms,ms,${Array.from({ length: 12 }, (_, k) => `validation_rms_p${k}`).join(',')}`);
    expect(epochs).toHaveLength(5);
    clearBuildCache();
    const m = readManifest(join(tmp, 'builds'));
    const b1 = m.builds.find((b) => b.id === 'b1')!;
    expect(b1.parent).toBe('bootstrap');
    expect(b1.games).toBe(80);
    expect(b1.positions).toBeGreaterThan(80 * 50);
    expect(b1.validationError).toBeGreaterThan(0);
    expect(loadBuild('b1', join(tmp, 'builds')).table.phases).toBe(12);

    const again = sente('train', '--games', join(tmp, 'sp'), '--out', 'b1', '--epochs', '1');
    expect(again.status).toBe(2);
    expect(again.stderr).toMatch(/build "b1" already exists/);

    const child = sente('train', '--games', join(tmp, 'sp'), '--from', 'b1', '--out', 'b2', '--epochs', '2', '--phases', '6', '--l2', '5');
    expect(child.status, child.stderr).toBe(0);
    expect(readManifest(join(tmp, 'builds')).builds.find((b) => b.id === 'b2')?.training?.l2).toBe(5);
    // Per-phase validation errors: each phase's RMS over its own validation positions, and the
    // total their count-weighted root mean square. The counts come from our own split of the same
    // games (the held-out games are chosen by a hash of their moves) and phaseOf.
    const validation = buildDataset(games, { validation: TRAIN_DEFAULTS.validation }).validation;
    const counts = new Array<number>(6).fill(0);
    for (let i = 0; i < validation.count; i++) counts[phaseOf(validation.empties[i], 6)]++;
    expect(counts.every((n) => n > 0)).toBe(true);
    const rows = readFileSync(join(tmp, 'builds', 'b2', 'training.csv'), 'utf8').trim().split('\n');
    expect(rows[0]).toBe('epoch,train_rms,validation_rms,ms,validation_rms_p0,validation_rms_p1,validation_rms_p2,validation_rms_p3,validation_rms_p4,validation_rms_p5');
    expect(rows).toHaveLength(3);
    for (const line of rows.slice(1)) {
      const f = line.split(',').map(Number);
      const phaseRms = f.slice(4);
      expect(phaseRms.every((r) => r > 0)).toBe(true);
      const weighted = Math.sqrt(phaseRms.reduce((sum, r, k) => sum + counts[k] * r * r, 0) / validation.count);
      expect(weighted).toBeCloseTo(f[2], 3);
      // Not the plain mean of the phases (the counts matter) unless the phases happen to agree.
      expect(Math.min(...phaseRms)).toBeLessThan(f[2]);
      expect(Math.max(...phaseRms)).toBeGreaterThan(f[2]);
    }
    const list = sente('builds');
    expect(list.status).toBe(0);
    expect(list.stdout).toMatch(/b2 .* b1 < bootstrap/);
    expect(list.stdout).toMatch(/\* bootstrap/);
    const promote = sente('builds', '--promote', 'b2');
    expect(promote.status).toBe(0);
    expect(promote.stdout).toMatch(/\* b2/);
    expect(readManifest(join(tmp, 'builds')).strongest).toBe('b2');
    const json = sente('builds', '--json');
    expect(json.status, json.stderr).toBe(0);
    const listed = JSON.parse(json.stdout) as { strongest: string; builds: { id: string; origin: string }[] };
    expect(listed.strongest).toBe('b2');
    expect(listed.builds.map((b) => `${b.id}:${b.origin}`)).toEqual(['bootstrap:shipped', 'gen3:shipped', 'gen4:shipped', 'gen5:shipped', 'gen6:shipped', 'b1:user', 'b2:user']);
    const reset = sente('builds', '--reset-strongest');
    expect(reset.status, reset.stderr).toBe(0);
    expect(reset.stdout).toMatch(/^\* gen6 +shipped/m);
    expect(readManifest(join(tmp, 'builds')).strongest).toBeNull();
  });
});
