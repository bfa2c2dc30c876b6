// The registry's write side: lineage, Elo and strongest over the shipped and user registries;
// refusals (shipped ids, the shipped folder, node_modules, malformed manifests) with their codes;
// a crash before a rename (simulated in node:fs) leaves the previous table and manifest intact.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EvalTable, clearBuildCache, findBuild, loadBuild, readManifest, readRegistry, readTableFile, shippedBuildsDir, strongestId } from '@sente/search';
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

  it('creates the user registry, records lineage, Elo and the strongest beside the shipped builds', () => {
    const dir = tmp();
    const shippedStrongest = readManifest(shippedBuildsDir()).strongest;
    saveBuild(dir, { id: 'a', table: table(1), parent: 'bootstrap', games: 0, positions: 0, validationError: null });
    saveBuild(dir, { id: 'b', table: table(2), parent: 'a', games: 10, positions: 600, validationError: 9.5 });
    saveBuild(dir, { id: 'c', table: table(3), parent: 'b', games: 20, positions: 1200, validationError: 8.25 });
    // A new build is not promoted: the shipped strongest stays the strongest.
    expect(readManifest(dir).strongest).toBeNull();
    expect(strongestId(dir)).toBe(shippedStrongest);
    setStrongest(dir, 'c');
    updateBuild(dir, 'c', { elo: 42 });
    const m = readManifest(dir);
    expect(m.strongest).toBe('c');
    expect(m.builds.find((b) => b.id === 'c')?.elo).toBe(42);
    const view = readRegistry(dir);
    expect(lineage(view.builds, 'c')).toEqual(['c', 'b', 'a', 'bootstrap']);
    expect(view.builds.map((b) => `${b.id}:${b.origin}`)).toEqual(['bootstrap:shipped', 'gen3:shipped', 'gen4:shipped', 'gen5:shipped', 'gen6:shipped', 'a:user', 'b:user', 'c:user']);
    expect(loadBuild('strongest', dir).table.weights[5]).toBe(3);
    expect(findBuild('bootstrap', dir).folder).toBe(join(shippedBuildsDir(), 'bootstrap'));
    expect(findBuild('a', dir).folder).toBe(join(dir, 'a'));
    // A shipped build can be promoted, and the user's choice forgotten again.
    setStrongest(dir, 'bootstrap');
    expect(strongestId(dir)).toBe('bootstrap');
    setStrongest(dir, null);
    expect(strongestId(dir)).toBe(shippedStrongest);
    expect(() => saveBuild(dir, { id: 'b', table: table(9), parent: null, games: 0, positions: 0, validationError: null })).toThrow(/already exists/);
    expect(() => saveBuild(dir, { id: '../x', table: table(9), parent: null, games: 0, positions: 0, validationError: null })).toThrow(/build id/);
  });

  it('refuses shipped ids, the shipped folder and node_modules, with stable codes', () => {
    const dir = tmp();
    const code = (f: () => unknown): string | undefined => {
      try { f(); } catch (e) { return (e as { code?: string }).code; }
      return 'no error';
    };
    expect(code(() => saveBuild(dir, { id: 'gen3', table: table(1), parent: null, games: 0, positions: 0, validationError: null }))).toBe('build-exists');
    expect(code(() => saveBuild(dir, { id: 'strongest', table: table(1), parent: null, games: 0, positions: 0, validationError: null }))).toBe('bad-build-id');
    expect(code(() => saveBuild(shippedBuildsDir(), { id: 'zz', table: table(1), parent: null, games: 0, positions: 0, validationError: null }))).toBe('read-only-registry');
    expect(code(() => saveBuild(join(dir, 'node_modules', 'x'), { id: 'zz', table: table(1), parent: null, games: 0, positions: 0, validationError: null }))).toBe('read-only-registry');
    expect(code(() => updateBuild(dir, 'gen3', { elo: 1 }))).toBe('read-only-registry');
    expect(code(() => setStrongest(dir, 'nope'))).toBe('unknown-build');
    expect(code(() => loadBuild('nope', dir))).toBe('unknown-build');
  });

  it('validates manifests when read: confined table paths, unique ids, a listed strongest', () => {
    const manifest = (builds: unknown[], strongest: string | null = null): string => {
      const dir = tmp();
      mkdirSync(join(dir, 'a'));
      writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ version: 1, strongest, builds }));
      return dir;
    };
    const entry = (id: string, tablePath?: string): Record<string, unknown> => ({ id, ...(tablePath === undefined ? {} : { table: tablePath }), parent: null, created: '', games: 0, positions: 0, validationError: null, elo: null, notes: '' });
    const fails = (dir: string): { code?: string; message: string } => {
      try { loadBuild('strongest', dir); } catch (e) { return e as { code?: string; message: string }; }
      return { message: 'no error' };
    };
    let e = fails(manifest([entry('a', '../../../etc/passwd')]));
    expect(e.code).toBe('corrupt-manifest');
    expect(e.message).toMatch(/table path "\.\.\/\.\.\/\.\.\/etc\/passwd" leaves the registry folder/);
    e = fails(manifest([entry('a', '/etc/passwd')]));
    expect(e.message).toMatch(/leaves the registry folder/);
    e = fails(manifest([entry('a', 'a/t.gz'), entry('a', 'a/u.gz')]));
    expect(e.message).toMatch(/build "a" is listed twice/);
    e = fails(manifest([entry('a')]));
    expect(e.message).toMatch(/build "a" has no "table" path/);
    e = fails(manifest([entry('a', 'a/t.gz')], 'missing'));
    expect(e.code).toBe('unknown-build');
    expect(e.message).toMatch(/names "missing" as the strongest build, but no shipped or user build has that id/);
    const bad = tmp();
    writeFileSync(join(bad, 'manifest.json'), '{"version": 1, "builds": [');
    e = fails(bad);
    expect(e.code).toBe('corrupt-manifest');
    expect(e.message).toContain(join(bad, 'manifest.json'));
    // A user build named like a shipped one (made before that id shipped) is hidden, and said so.
    const old = manifest([entry('gen3', 'a/t.gz')]);
    expect(readRegistry(old).shadowed).toEqual(['gen3']);
    expect(findBuild('gen3', old).origin).toBe('shipped');
    // A manifest whose table is missing or damaged is refused as a corrupt table.
    e = fails(manifest([entry('a', 'a/t.gz')], 'a'));
    expect(e.code).toBe('corrupt-table');
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
