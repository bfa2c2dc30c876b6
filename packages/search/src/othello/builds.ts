// The builds registry, read side: `builds/manifest.json` lists every engine build (its evaluation
// table, lineage, training data and measured strength) and names the strongest. Other packages
// load a build by id or as 'strongest'; the self-play package writes the manifest.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EvalTable } from './evaltable.js';
import { readTableFile } from './tablefile.js';
import { validateProbCut, type ProbCutParams } from './probcut.js';

export interface ManifestEntry {
  readonly id: string;
  /** Table file, relative to the builds folder. */
  readonly table: string;
  readonly parent: string | null;
  /** ISO date of creation. */
  readonly created: string;
  /** Games and positions the table was trained on (0 for hand-made tables). */
  readonly games: number;
  readonly positions: number;
  /** RMS error in discs on the validation positions, when trained. */
  readonly validationError: number | null;
  /** Elo relative to bootstrap (= 0), from tournaments; null until measured. */
  readonly elo: number | null;
  readonly notes: string;
  readonly training?: Record<string, unknown>;
}

export interface Manifest {
  readonly version: 1;
  readonly strongest: string;
  readonly builds: ManifestEntry[];
}

export interface Build {
  readonly id: string;
  readonly entry: ManifestEntry;
  readonly table: EvalTable;
  /** Multi-ProbCut parameters measured for this table (`probcut.json` beside it), if any. */
  readonly probcut?: ProbCutParams;
}

/**
 * The builds folder: $SENTE_BUILDS if set, else `builds/` of the repository this package lives in
 * (found by walking up from this module to the folder holding builds/manifest.json).
 */
export function buildsDir(): string {
  const env = process.env.SENTE_BUILDS;
  if (env) return resolve(env);
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    const candidate = join(dir, 'builds');
    if (existsSync(join(candidate, 'manifest.json'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return resolve('builds');
}

export function readManifest(dir: string = buildsDir()): Manifest {
  const path = join(dir, 'manifest.json');
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new Error(`no builds registry at ${path}: ${(e as Error).message}`);
  }
  let data: Manifest;
  try {
    data = JSON.parse(text) as Manifest;
  } catch (e) {
    throw new Error(`builds registry ${path} is not valid JSON: ${(e as Error).message}`);
  }
  if (data.version !== 1 || !Array.isArray(data.builds) || typeof data.strongest !== 'string') {
    throw new Error(`builds registry ${path} has an unknown layout (version ${String(data.version)})`);
  }
  return data;
}

/** Resolves 'strongest' (or an id) to a manifest entry; throws with the known ids if absent. */
export function findBuild(id: string, dir: string = buildsDir()): ManifestEntry {
  const manifest = readManifest(dir);
  const wanted = id === 'strongest' ? manifest.strongest : id;
  const entry = manifest.builds.find((b) => b.id === wanted);
  if (!entry) throw new Error(`unknown build "${id}"; known builds: ${manifest.builds.map((b) => b.id).join(', ')}`);
  return entry;
}

const cache = new Map<string, Build>();

/** Loads a build's evaluation table (cached per folder and id); refuses corrupt tables. */
export function loadBuild(id = 'strongest', dir: string = buildsDir()): Build {
  const entry = findBuild(id, dir);
  const key = `${dir}\u0000${entry.id}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const r = readTableFile(join(dir, entry.table));
  if (!r.ok) throw new Error(`build "${entry.id}": ${r.error}`);
  let probcut: ProbCutParams | undefined;
  const pcPath = join(dir, dirname(entry.table), 'probcut.json');
  if (existsSync(pcPath)) {
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(pcPath, 'utf8'));
    } catch (e) {
      throw new Error(`build "${entry.id}": ${pcPath} is not valid JSON: ${(e as Error).message}`);
    }
    const problem = validateProbCut(data);
    if (problem) throw new Error(`build "${entry.id}": ${pcPath}: ${problem}`);
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
