// The builds registry, write side (the read side, readManifest/loadBuild, lives in
// @sente/search). A build is a folder `<id>/table.sev.gz` plus an entry in manifest.json. The table
// is written first and the manifest last, each atomically (temp file + rename), so a crash leaves
// either the old registry or the new one: never a manifest naming a half-written table.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { readManifest, writeFileAtomic, writeTableFile, type EvalTable, type Manifest, type ManifestEntry } from '@sente/search';

export const TABLE_FILE = 'table.sev.gz';

export function validBuildId(id: string): string | null {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(id)) return `build id "${id}" must be 1-64 letters, digits, '.', '_' or '-'`;
  if (id === 'strongest') return 'build id "strongest" is reserved';
  return null;
}

function readOrEmpty(dir: string): Manifest | null {
  return existsSync(join(dir, 'manifest.json')) ? readManifest(dir) : null;
}

function writeManifest(dir: string, manifest: Manifest): void {
  writeFileAtomic(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

export interface NewBuild {
  readonly id: string;
  readonly table: EvalTable;
  readonly parent: string | null;
  readonly games: number;
  readonly positions: number;
  readonly validationError: number | null;
  readonly elo?: number | null;
  readonly notes?: string;
  readonly training?: Record<string, unknown>;
}

/**
 * Writes a build's table and adds it to the manifest (creating the registry if there is none; the
 * first build becomes the strongest). Refuses an existing id unless `overwrite`.
 */
export function saveBuild(dir: string, build: NewBuild, overwrite = false): ManifestEntry {
  const bad = validBuildId(build.id);
  if (bad) throw new Error(bad);
  const before = readOrEmpty(dir);
  if (!overwrite && before?.builds.some((b) => b.id === build.id)) throw new Error(`build "${build.id}" already exists in ${dir}`);
  mkdirSync(join(dir, build.id), { recursive: true });
  writeTableFile(join(dir, build.id, TABLE_FILE), build.table);
  const entry: ManifestEntry = {
    id: build.id,
    table: `${build.id}/${TABLE_FILE}`,
    parent: build.parent,
    created: new Date().toISOString(),
    games: build.games,
    positions: build.positions,
    validationError: build.validationError,
    elo: build.elo ?? null,
    notes: build.notes ?? '',
    training: build.training,
  };
  // Re-read: another process may have changed the manifest while the table was written.
  const current = readOrEmpty(dir);
  const builds = (current?.builds ?? []).filter((b) => b.id !== build.id);
  builds.push(entry);
  writeManifest(dir, { version: 1, strongest: current?.strongest ?? build.id, builds });
  return entry;
}

/** Applies a change to one manifest entry (read, modify, atomic write). */
export function updateBuild(dir: string, id: string, change: Partial<Pick<ManifestEntry, 'elo' | 'notes' | 'validationError'>>): void {
  const m = readManifest(dir);
  if (!m.builds.some((b) => b.id === id)) throw new Error(`unknown build "${id}"`);
  writeManifest(dir, { ...m, builds: m.builds.map((b) => (b.id === id ? { ...b, ...change } : b)) });
}

export function setStrongest(dir: string, id: string): void {
  const m = readManifest(dir);
  if (!m.builds.some((b) => b.id === id)) throw new Error(`unknown build "${id}"`);
  writeManifest(dir, { ...m, strongest: id });
}

/** The parent chain of a build: [id, parent, grandparent, ...] (stops at a missing or cyclic link). */
export function lineage(manifest: Manifest, id: string): string[] {
  const out: string[] = [];
  let cur: string | null = id;
  while (cur !== null && !out.includes(cur)) {
    out.push(cur);
    const entry: ManifestEntry | undefined = manifest.builds.find((b) => b.id === cur);
    cur = entry?.parent ?? null;
  }
  return out;
}
