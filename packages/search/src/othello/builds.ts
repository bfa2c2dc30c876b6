// The builds registry, read side. Two registries are stacked:
// - shipped: the builds published in the @sente/builds package (found relative to that installed
//   module, read-only), whose manifest names the strongest shipped build;
// - user: the folder where `sente train` and `sente improve` write (the write side lives in
//   @sente/selfplay). Its manifest may promote any build, shipped or user, to strongest.
// Ids are unique across both (the write side refuses a shipped id). 'strongest' is the user
// registry's choice when it made one, else the shipped one. Every manifest is validated when read:
// ids well formed and unique, table paths confined to their registry folder.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, normalize, resolve, sep } from 'node:path';
import { shippedBuildsDir as SHIPPED_DIR } from '@sente/builds';
import { SenteError } from '@sente/core';
import type { EvalTable } from './evaltable.js';
import { readTableFile } from './tablefile.js';
import { validateProbCut, type ProbCutParams } from './probcut.js';

export interface ManifestEntry {
  readonly id: string;
  /** Table file, relative to the registry folder (and inside it). */
  readonly table: string;
  readonly parent: string | null;
  /** ISO date of creation. */
  readonly created: string;
  /** Games and positions the table was trained on (0 for hand-made tables). */
  readonly games: number;
  readonly positions: number;
  /** RMS error in discs on the validation positions, when trained. */
  readonly validationError: number | null;
  /**
   * Mean absolute error in discs of the build's evaluation on the shipped test set
   * (@sente/builds testset/testset.spos), the one number every build is compared by; absent or
   * null in manifests written before the test set, or until measured.
   */
  readonly testSetMae?: number | null;
  /** Elo relative to bootstrap (= 0), from tournaments; null until measured. */
  readonly elo: number | null;
  readonly notes: string;
  readonly training?: Record<string, unknown>;
  /**
   * How `sente improve` made and judged the build: its run and generation, the self-play settings
   * and the game files trained on (with their sha256), and the match against its parent that
   * decided its promotion (time per move or depth, W/D/L, Elo interval, SPRT). Absent for builds
   * made otherwise.
   */
  readonly lineage?: Record<string, unknown>;
}

export interface Manifest {
  readonly version: 1;
  /** The strongest build. Always set in the shipped registry; in a user registry null = the shipped choice. */
  readonly strongest: string | null;
  readonly builds: ManifestEntry[];
}

export type BuildOrigin = 'shipped' | 'user';

/** A manifest entry with where it was found. */
export interface FoundBuild extends ManifestEntry {
  readonly origin: BuildOrigin;
  /** Absolute folder of the registry that lists it. */
  readonly registry: string;
  /** Absolute folder of the build's files (its table, book, calibration, training CSV). */
  readonly folder: string;
}

export interface Build {
  readonly id: string;
  readonly entry: FoundBuild;
  readonly table: EvalTable;
  /** Multi-ProbCut parameters measured for this table (`probcut.json` beside it), if any. */
  readonly probcut?: ProbCutParams;
}

/** The folder of the shipped registry (inside the installed @sente/builds package). */
/**
 * The order `sente builds` and the web app list builds in: by Elo (unmeasured last), then by the
 * test-set error (unmeasured last). Both compare across builds, unlike each build's validation
 * RMS, which is measured on its own data. A comparator for `Array.prototype.sort`.
 */
export function byRank(a: { elo: number | null; testSetMae?: number | null }, b: { elo: number | null; testSetMae?: number | null }): number {
  return (b.elo ?? -Infinity) - (a.elo ?? -Infinity) || (a.testSetMae ?? Infinity) - (b.testSetMae ?? Infinity);
}

export function shippedBuildsDir(): string {
  return SHIPPED_DIR;
}

/** Default user registry, relative to the working directory (like `runs/`). */
export const DEFAULT_USER_BUILDS = 'sente-builds';

/**
 * The user registry folder, by one precedence: `explicit` (the CLI's `--builds DIR`), then the
 * SENTE_BUILDS environment variable, then `./sente-builds`.
 */
export function buildsDir(explicit?: string): string {
  if (explicit) return resolve(explicit);
  const env = process.env.SENTE_BUILDS;
  if (env) return resolve(env);
  return resolve(DEFAULT_USER_BUILDS);
}

const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** Why an id cannot name a build, or null if it can. */
export function validBuildId(id: string): string | null {
  if (!ID_PATTERN.test(id)) return `build id "${id}" must be 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit`;
  if (id === 'strongest') return 'build id "strongest" is reserved';
  return null;
}

/** A registry-relative path that stays inside the registry folder, or null. */
export function confinedPath(dir: string, relative: string): string | null {
  if (typeof relative !== 'string' || relative === '' || isAbsolute(relative) || relative.includes('\0')) return null;
  const full = resolve(dir, normalize(relative));
  const root = resolve(dir);
  return full.startsWith(root + sep) ? full : null;
}

function corrupt(path: string, what: string): SenteError {
  return new SenteError('corrupt-manifest', `builds registry ${path}: ${what}`);
}

function checkManifest(data: unknown, path: string, dir: string, needStrongest: boolean): Manifest {
  if (typeof data !== 'object' || data === null) throw corrupt(path, 'not a JSON object');
  const m = data as Record<string, unknown>;
  if (m.version !== 1) throw corrupt(path, `unknown layout version ${JSON.stringify(m.version)} (expected 1)`);
  if (!Array.isArray(m.builds)) throw corrupt(path, '"builds" is not a list');
  const seen = new Set<string>();
  m.builds.forEach((b: unknown, i: number) => {
    if (typeof b !== 'object' || b === null) throw corrupt(path, `builds[${i}] is not an object`);
    const e = b as Record<string, unknown>;
    if (typeof e.id !== 'string') throw corrupt(path, `builds[${i}] has no "id"`);
    const bad = validBuildId(e.id);
    if (bad) throw corrupt(path, `builds[${i}]: ${bad}`);
    if (seen.has(e.id)) throw corrupt(path, `build "${e.id}" is listed twice`);
    seen.add(e.id);
    if (typeof e.table !== 'string') throw corrupt(path, `build "${e.id}" has no "table" path`);
    if (confinedPath(dir, e.table) === null) throw corrupt(path, `build "${e.id}": table path "${e.table}" leaves the registry folder`);
    if (e.testSetMae !== undefined && e.testSetMae !== null && !(typeof e.testSetMae === 'number' && e.testSetMae >= 0 && Number.isFinite(e.testSetMae))) throw corrupt(path, `build "${e.id}": testSetMae ${JSON.stringify(e.testSetMae)} is not a number ≥ 0 or null`);
  });
  const strongest = m.strongest ?? null;
  if (strongest !== null && typeof strongest !== 'string') throw corrupt(path, '"strongest" is not a build id');
  if (needStrongest && strongest === null) throw corrupt(path, 'names no strongest build');
  return data as Manifest;
}

/** Reads and validates the manifest of a registry folder; throws 'no-registry' if it has none. */
export function readManifest(dir: string, needStrongest = false): Manifest {
  const path = join(dir, 'manifest.json');
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new SenteError('no-registry', `no builds registry at ${path}: ${(e as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw corrupt(path, `not valid JSON (${(e as Error).message})`);
  }
  return checkManifest(data, path, dir, needStrongest);
}

/** The user registry's manifest, or null while it has none. */
export function readUserManifest(dir: string): Manifest | null {
  return existsSync(join(dir, 'manifest.json')) ? readManifest(dir) : null;
}

/** Both registries, read once: every build (user builds after the shipped ones) and the strongest. */
export interface RegistryView {
  readonly shippedDir: string;
  readonly userDir: string;
  readonly shipped: Manifest;
  readonly user: Manifest | null;
  readonly builds: FoundBuild[];
  readonly strongest: string;
  /** User builds hidden by a shipped build of the same id (made before that id shipped). */
  readonly shadowed: string[];
}

function located(entry: ManifestEntry, origin: BuildOrigin, registry: string): FoundBuild {
  const table = confinedPath(registry, entry.table)!;
  return { ...entry, origin, registry, folder: dirname(table) };
}

export function readRegistry(userDir: string = buildsDir()): RegistryView {
  const shippedDir = shippedBuildsDir();
  const shipped = readManifest(shippedDir, true);
  const userAbs = resolve(userDir);
  // A user registry pointed at the shipped folder is the shipped registry, listed once.
  const user = userAbs === resolve(shippedDir) ? null : readUserManifest(userAbs);
  const builds = shipped.builds.map((b) => located(b, 'shipped', shippedDir));
  const shippedIds = new Set(builds.map((b) => b.id));
  const shadowed: string[] = [];
  for (const b of user?.builds ?? []) {
    if (shippedIds.has(b.id)) shadowed.push(b.id);
    else builds.push(located(b, 'user', userAbs));
  }
  const strongest = user?.strongest ?? shipped.strongest!;
  if (!builds.some((b) => b.id === strongest)) {
    const where = user?.strongest ? join(userAbs, 'manifest.json') : join(shippedDir, 'manifest.json');
    throw new SenteError('unknown-build', `${where} names "${strongest}" as the strongest build, but no shipped or user build has that id`);
  }
  return { shippedDir, userDir: userAbs, shipped, user, builds, strongest, shadowed };
}

/** Resolves 'strongest' (or an id) to a build in either registry; throws 'unknown-build' with the known ids. */
export function findBuild(id: string, userDir: string = buildsDir()): FoundBuild {
  const view = readRegistry(userDir);
  const wanted = id === 'strongest' ? view.strongest : id;
  const entry = view.builds.find((b) => b.id === wanted);
  if (!entry) throw new SenteError('unknown-build', `unknown build "${id}"; known builds: ${view.builds.map((b) => b.id).join(', ')}`);
  return entry;
}

/** The id of the strongest build. */
export function strongestId(userDir: string = buildsDir()): string {
  return readRegistry(userDir).strongest;
}

const cache = new Map<string, Build>();

/** Loads a build's evaluation table (cached per registry and id); refuses corrupt tables. */
export function loadBuild(id = 'strongest', userDir: string = buildsDir()): Build {
  const entry = findBuild(id, userDir);
  const key = `${entry.registry}\u0000${entry.id}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const r = readTableFile(confinedPath(entry.registry, entry.table)!);
  if (!r.ok) throw new SenteError('corrupt-table', `build "${entry.id}": ${r.error}`);
  let probcut: ProbCutParams | undefined;
  const pcPath = join(entry.folder, 'probcut.json');
  if (existsSync(pcPath)) {
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(pcPath, 'utf8'));
    } catch (e) {
      throw new SenteError('corrupt-calibration', `build "${entry.id}": ${pcPath} is not valid JSON: ${(e as Error).message}`);
    }
    const problem = validateProbCut(data);
    if (problem) throw new SenteError('corrupt-calibration', `build "${entry.id}": ${pcPath}: ${problem}`);
    probcut = data as ProbCutParams;
  }
  const build: Build = { id: entry.id, entry, table: r.table, probcut };
  cache.set(key, build);
  return build;
}

/** Forget cached tables (after the registry changed on disk). */
export function clearBuildCache(): void {
  cache.clear();
}
