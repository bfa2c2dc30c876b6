// End to end: `sente train --data ... --format 2` fits a format-2 table (patterns plus mobility,
// potential mobility and parity, 30 phases by default) that loads, evaluates and plays, and whose
// test-set error is recorded; a format the engine does not know is refused.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Position } from '@sente/core';
import { createEngine, evaluate, evaluateV2Slow, loadBuild } from '@sente/search';
import { readPositions, setStrongest, testSetError } from '@sente/selfplay';
import { type CliResult, MAIN, ROOT, runCli } from './cli.js';

let tmp = '';
let env: NodeJS.ProcessEnv = {};

function sente(...args: string[]): CliResult {
  return runCli(args, { env, timeout: 240_000 });
}

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'sente-format2-'));
  setStrongest(join(tmp, 'builds'), 'bootstrap');
  env = { ...process.env, SENTE_BUILDS: join(tmp, 'builds') };
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('sente train --format 2', () => {
  it('fits a format-2 table from a position file; it loads, evaluates as its reference and plays', () => {
    const dm = join(tmp, 'data');
    const made = sente('selfplay', '--build', 'bootstrap', '--depth', '2', '--exact', '10', '--seed', '3', '--random-opening', '10-40', '--games', '24', '--workers', '1', '--out', dm);
    expect(made.status, made.stderr).toBe(0);
    const spos = join(dm, 'positions.spos');
    const r = sente('train', '--data', spos, '--out', 'v2', '--format', '2', '--phases', '30', '--epochs', '3');
    expect(r.status, r.stderr).toBe(0);
    const manifest = JSON.parse(readFileSync(join(tmp, 'builds', 'manifest.json'), 'utf8'));
    const entry = manifest.builds.find((b: { id: string }) => b.id === 'v2');
    expect(entry.training.format).toBe(2);
    expect(entry.training.phases).toBe(30);
    expect(entry.positions).toBe(readPositions(spos).length);
    const table = loadBuild('v2', join(tmp, 'builds')).table;
    expect([table.format, table.phases]).toEqual([2, 30]);
    expect(entry.testSetMae).toBe(testSetError(table).mae);
    // The fitted weights are not all zero, and the fast evaluation equals the slow reference on them.
    expect(table.weights.some((w) => w !== 0)).toBe(true);
    const p = Position.initial();
    for (const m of [37, 43, 34, 29, 26]) {
      expect(evaluate(p, table)).toBe(evaluateV2Slow(p, table));
      p.makeMove(m);
    }
    const move = createEngine({ table }).think(p, { depth: 3, exactFrom: 0 }).move;
    expect(p.legalMoveList()).toContain(move);
    // Without --phases a format-2 fit takes 30 phases; data error reads the table.
    const d = sente('train', '--data', spos, '--out', 'v2default', '--format', '2', '--epochs', '1');
    expect(d.status, d.stderr).toBe(0);
    expect(loadBuild('v2default', join(tmp, 'builds')).table.phases).toBe(30);
    const e = sente('data', 'error', '--build', 'v2', '--json');
    expect(e.status, e.stderr).toBe(0);
    expect(JSON.parse(e.stdout)[0].mae).toBe(entry.testSetMae);
  });

  it('refuses a format other than 1 or 2', () => {
    const r = sente('train', '--data', join(tmp, 'data', 'positions.spos'), '--out', 'bad', '--format', '3');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/format/);
  });
});
