// The builds registry, write side (the read side, readRegistry/loadBuild, lives in @sente/search).
// Only the user registry is ever written: the shipped builds of @sente/builds are read-only, and
// nothing is written under node_modules. A build is a folder `<id>/table.sev.gz` plus an entry in
// manifest.json. Every change runs under the registry's lock (proper-lockfile, so concurrent
// writers serialise and none loses another's entry) and re-reads the manifest inside it; the
// table is written first and the manifest last, each atomically (temp file + rename), so a crash
// leaves either the old registry or the new one: never a manifest naming a half-written table.
import { mkdirSync, realpathSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import lockfile from 'proper-lockfile';
import { SenteError } from '@sente/core';
import {
  readRegistry, readUserManifest, shippedBuildsDir, validBuildId, writeFileAtomic, writeTableFile,
  type EvalTable, type Manifest, type ManifestEntry,
} from '@sente/search';

export const TABLE_FILE = 'table.sev.gz';
const LOCK_FILE = '.manifest.lock';
/** How long a writer waits for another's lock before giving up. */
const LOCK_WAIT_MS = 60_000;

/** Refuses folders that must never be written: the shipped registry and anything in node_modules. */
function assertWritable(dir: string): string {
  const abs = resolve(dir);
  let real = abs;
  try { real = realpathSync(abs); } catch { /* not created yet */ }
  const shipped = resolve(shippedBuildsDir());
  let shippedReal = shipped;
  try { shippedReal = realpathSync(shipped); } catch { /* ignore */ }
  if (real === shippedReal || real.startsWith(shippedReal + sep)) {
    throw new SenteError('read-only-registry', `${abs} holds the shipped builds, which are read-only; write to a user registry (--builds DIR or SENTE_BUILDS)`);
  }
  if (`${sep}${real}${sep}`.includes(`${sep}node_modules${sep}`)) {
    throw new SenteError('read-only-registry', `${abs} is inside node_modules; write to a user registry (--builds DIR or SENTE_BUILDS)`);
  }
  return abs;
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/**
 * Runs `change` holding the registry's lock, with the registry's absolute folder. The sync API of
 * proper-lockfile takes no retries, so this waits (blocking, a few ms at a time: the critical
 * sections are short) until it gets it.
 */
export function withRegistryLock<T>(dir: string, change: (abs: string) => T): T {
  const abs = assertWritable(dir);
  mkdirSync(abs, { recursive: true });
  const deadline = Date.now() + LOCK_WAIT_MS;
  let release: (() => void) | null = null;
  for (let wait = 2; release === null; wait = Math.min(wait * 2, 50)) {
    try {
      release = lockfile.lockSync(abs, { lockfilePath: join(abs, LOCK_FILE), stale: 10_000, realpath: false });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ELOCKED') throw e;
      if (Date.now() > deadline) throw new SenteError('registry-locked', `builds registry ${abs} stayed locked for ${LOCK_WAIT_MS / 1000} s (${join(abs, LOCK_FILE)})`);
      Atomics.wait(sleeper, 0, 0, wait + Math.random() * wait);
    }
  }
  try {
    return change(abs);
  } finally {
    release();
  }
}

function writeManifest(dir: string, manifest: Manifest): void {
  writeFileAtomic(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

function emptyManifest(): Manifest {
  return { version: 1, strongest: null, builds: [] };
}

export interface NewBuild {
  readonly id: string;
  readonly table: EvalTable;
  readonly parent: string | null;
  readonly games: number;
  readonly positions: number;
  readonly validationError: number | null;
  /** Mean absolute error on the shipped test set (see data/testset.ts). */
  readonly testSetMae?: number | null;
  readonly elo?: number | null;
  readonly notes?: string;
  readonly training?: Record<string, unknown>;
}

/** Throws unless `id` can name a new build in this user registry (well formed, not shipped, not taken unless `overwrite`). */
export function assertNewBuildId(dir: string, id: string, overwrite = false): void {
  const bad = validBuildId(id);
  if (bad) throw new SenteError('bad-build-id', bad);
  const view = readRegistry(dir);
  const taken = view.builds.find((b) => b.id === id);
  if (taken?.origin === 'shipped') throw new SenteError('build-exists', `"${id}" is a shipped build; choose another id`);
  if (taken && !overwrite) throw new SenteError('build-exists', `build "${id}" already exists in ${view.userDir}; choose another id`);
}

/**
 * Writes a build's table and adds it to the user registry's manifest (creating the registry if
 * there is none). Refuses shipped ids, and an existing id unless `overwrite`. A new build does not
 * become the strongest: promotion is `setStrongest`.
 */
export function saveBuild(dir: string, build: NewBuild, overwrite = false): ManifestEntry {
  return withRegistryLock(dir, (abs) => {
    assertNewBuildId(abs, build.id, overwrite);
    mkdirSync(join(abs, build.id), { recursive: true });
    writeTableFile(join(abs, build.id, TABLE_FILE), build.table);
    const entry: ManifestEntry = {
      id: build.id,
      table: `${build.id}/${TABLE_FILE}`,
      parent: build.parent,
      created: new Date().toISOString(),
      games: build.games,
      positions: build.positions,
      validationError: build.validationError,
      ...(build.testSetMae !== undefined ? { testSetMae: build.testSetMae } : {}),
      elo: build.elo ?? null,
      notes: build.notes ?? '',
      training: build.training,
    };
    const current = readUserManifest(abs) ?? emptyManifest();
    writeManifest(abs, { ...current, builds: [...current.builds.filter((b) => b.id !== build.id), entry] });
    return entry;
  });
}

/** Applies a change to one user build's entry (under the lock: read, modify, atomic write). */
export function updateBuild(dir: string, id: string, change: Partial<Pick<ManifestEntry, 'elo' | 'notes' | 'validationError' | 'testSetMae' | 'lineage'>>): void {
  withRegistryLock(dir, (abs) => {
    const m = readUserManifest(abs);
    if (!m?.builds.some((b) => b.id === id)) {
      const shipped = readRegistry(abs).builds.some((b) => b.id === id && b.origin === 'shipped');
      throw new SenteError(shipped ? 'read-only-registry' : 'unknown-build', shipped ? `"${id}" is a shipped build and cannot be changed` : `unknown build "${id}" in ${abs}`);
    }
    writeManifest(abs, { ...m, builds: m.builds.map((b) => (b.id === id ? { ...b, ...change } : b)) });
  });
}

/** Makes `id` (a shipped or user build) the strongest for this user registry; null returns to the shipped choice. */
export function setStrongest(dir: string, id: string | null): void {
  withRegistryLock(dir, (abs) => {
    if (id !== null && !readRegistry(abs).builds.some((b) => b.id === id)) throw new SenteError('unknown-build', `unknown build "${id}"`);
    const m = readUserManifest(abs) ?? emptyManifest();
    writeManifest(abs, { ...m, strongest: id });
  });
}

/** The parent chain of a build: [id, parent, grandparent, ...] (stops at a missing or cyclic link). */
export function lineage(builds: readonly ManifestEntry[], id: string): string[] {
  const out: string[] = [];
  let cur: string | null = id;
  while (cur !== null && !out.includes(cur)) {
    out.push(cur);
    const entry: ManifestEntry | undefined = builds.find((b) => b.id === cur);
    cur = entry?.parent ?? null;
  }
  return out;
}
