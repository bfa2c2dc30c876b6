// The registry's write side: lineage, Elo and strongest; a crash before a rename (simulated in
// node:fs) leaves the previous table and manifest intact.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EvalTable, clearBuildCache, loadBuild, readManifest, readTableFile } from '@sente/search';
import { lineage, saveBuild, setStrongest, updateBuild } from './registry.js';

// Makes the n-th rename from now fail (1 = the next), as a crash between writing a temp file and
// renaming it over the old one would.
const crash = vi.hoisted(() => ({ failRename: 0 }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  return {
    ...fs,
    renameSync: (from: string, to: string) => {
      if (crash.failRename > 0 && --crash.failRename === 0) {
        throw new Error('simulated crash before rename');
      }
      return fs.renameSync(from, to);
    },
  };
});

function table(value: number): EvalTable {
  const t = new EvalTable(2, 64);
  t.weights.fill(value);
  return t;
}

describe('registry', () => {
  const dirs: string[] = [];
  const tmp = (): string => {
    const d = mkdtempSync(join(tmpdir(), 'sente-registry-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
    clearBuildCache();
  });

  it('creates the registry, records lineage, Elo and the strongest', () => {
    const dir = tmp();
    saveBuild(dir, { id: 'a', table: table(1), parent: null, games: 0, positions: 0, validationError: null });
    saveBuild(dir, { id: 'b', table: table(2), parent: 'a', games: 10, positions: 600, validationError: 9.5 });
    saveBuild(dir, { id: 'c', table: table(3), parent: 'b', games: 20, positions: 1200, validationError: 8.25 });
    expect(readManifest(dir).strongest).toBe('a');
    setStrongest(dir, 'c');
    updateBuild(dir, 'c', { elo: 42 });
    const m = readManifest(dir);
    expect(m.strongest).toBe('c');
    expect(m.builds.find((b) => b.id === 'c')?.elo).toBe(42);
    expect(lineage(m, 'c')).toEqual(['c', 'b', 'a']);
    expect(loadBuild('strongest', dir).table.weights[5]).toBe(3);
    expect(() => saveBuild(dir, { id: 'b', table: table(9), parent: null, games: 0, positions: 0, validationError: null })).toThrow(/already exists/);
    expect(() => saveBuild(dir, { id: '../x', table: table(9), parent: null, games: 0, positions: 0, validationError: null })).toThrow(/build id/);
  });

  it('a crash while writing a table leaves the previous table and manifest intact', () => {
    const dir = tmp();
    saveBuild(dir, { id: 'a', table: table(7), parent: null, games: 1, positions: 2, validationError: null });
    const manifestBefore = readFileSync(join(dir, 'manifest.json'), 'utf8');
    crash.failRename = 1;
    expect(() => saveBuild(dir, { id: 'a', table: table(8), parent: null, games: 3, positions: 4, validationError: 1 }, true)).toThrow(/simulated crash/);
    const r = readTableFile(join(dir, 'a', 'table.sev.gz'));
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.table.weights[0]).toBe(7);
    expect(readFileSync(join(dir, 'manifest.json'), 'utf8')).toBe(manifestBefore);
    // A crash on the manifest write (the second rename, after the table's) leaves the old manifest.
    crash.failRename = 2;
    expect(() => saveBuild(dir, { id: 'c', table: table(2), parent: 'a', games: 0, positions: 0, validationError: null })).toThrow(/simulated crash/);
    expect(readFileSync(join(dir, 'manifest.json'), 'utf8')).toBe(manifestBefore);
    expect(readManifest(dir).builds.map((b) => b.id)).toEqual(['a']);
  });
});
