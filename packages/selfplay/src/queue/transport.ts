// Tasks on the wire. A pool task names local files (the build's table and calibration in a
// registry folder, an openings file, a book) that only the coordinator has; `packTask` replaces
// each with its checksum (storing the bytes once, blobs.ts) and lists the builds it uses.
// `unpackTask` on a worker fetches and verifies them into its cache, lays the builds out as a
// small registry folder there, and gives back an ordinary task for worker.ts. A build the worker
// also ships must be byte-identical to the coordinator's, else the job is refused with the reason.
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync, copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { confinedPath, findBuild, readManifest, shippedBuildsDir } from '@sente/search';
import type { BookTask, LabelTask, MatchTask, SelfplayTask } from '../worker.js';
import { BlobStore, fetchBlob, sha256, sha256File } from './blobs.js';

export type LocalTask = Omit<SelfplayTask, 'port'> | Omit<MatchTask, 'port'> | Omit<BookTask, 'port'> | Omit<LabelTask, 'port'>;

/** A build as a job carries it: its id and the checksums of its table and calibration. */
export interface BuildRef {
  readonly id: string;
  readonly table: string;
  readonly probcut: string | null;
}

/** A task with every local path replaced by `blob:<sha256>` and its builds listed by checksum. */
export interface WireTask {
  readonly task: LocalTask;
  readonly builds: BuildRef[];
}

const BLOB = 'blob:';

function buildsOf(task: LocalTask): { dir: string; ids: string[] } {
  if (task.kind === 'selfplay') return { dir: task.settings.buildsDir, ids: [task.settings.build] };
  if (task.kind === 'book' || task.kind === 'label') return { dir: task.buildsDir, ids: [task.build] };
  return { dir: task.buildsDir, ids: [...new Set(task.games.flatMap((g) => [g.black.build, g.white.build]))] };
}

/** The files a build plays with: its table and its calibration (null without one). */
function buildFiles(dir: string, id: string): { id: string; table: string; probcut: string | null } {
  const entry = findBuild(id, dir);
  const pc = join(entry.folder, 'probcut.json');
  return { id: entry.id, table: confinedPath(entry.registry, entry.table)!, probcut: existsSync(pc) ? pc : null };
}

/**
 * The checksums of what each build plays with (its table and calibration), in `ids` order: part
 * of a queue run's name, so a build retrained under the same id, or another registry's build of
 * that name, never meets the results of the old one on a resumed run.
 */
export function buildChecksums(dir: string, ids: readonly string[]): string[] {
  return [...new Set(ids)].map((id) => {
    const f = buildFiles(dir, id);
    return `${f.id}:${sha256File(f.table)}:${f.probcut ? sha256File(f.probcut) : '-'}`;
  });
}

export async function packTask(task: LocalTask, blobs: BlobStore): Promise<WireTask> {
  const ref = async (path: string | undefined): Promise<string | undefined> => (path === undefined ? undefined : BLOB + (await blobs.put(path)));
  const { dir, ids } = buildsOf(task);
  const builds: BuildRef[] = [];
  for (const id of ids) {
    const f = buildFiles(dir, id);
    builds.push({ id: f.id, table: await blobs.put(f.table), probcut: f.probcut ? await blobs.put(f.probcut) : null });
  }
  let wire: LocalTask;
  if (task.kind === 'selfplay') {
    const s = task.settings;
    wire = {
      ...task, crashAfter: undefined,
      settings: {
        ...s, buildsDir: '',
        openings: s.openings.kind === 'file' ? { kind: 'file', path: (await ref(s.openings.path))! } : s.openings,
        ...(s.book !== undefined ? { book: await ref(s.book) } : {}),
      },
    };
  } else if (task.kind === 'match') {
    const games = [];
    for (const g of task.games) {
      games.push({
        ...g,
        black: g.black.book !== undefined ? { ...g.black, book: await ref(g.black.book) } : g.black,
        white: g.white.book !== undefined ? { ...g.white, book: await ref(g.white.book) } : g.white,
      });
    }
    // A coordinator's events path never travels (a worker reports moves as job progress instead).
    wire = { ...task, buildsDir: '', games, crashAfter: undefined, events: undefined };
  } else {
    wire = { ...task, buildsDir: '', crashAfter: undefined };
  }
  return { task: JSON.parse(JSON.stringify(wire)) as LocalTask, builds };
}

export class RefusedError extends Error {}

/** The local task for a wire task: blobs fetched into `cacheDir`, builds laid out as a registry there. */
export async function unpackTask(wire: WireTask, redis: Redis, cacheDir: string): Promise<LocalTask> {
  const registry = await localRegistry(wire.builds, redis, cacheDir);
  const local = async (path: string | undefined): Promise<string | undefined> => {
    if (path === undefined) return undefined;
    if (!path.startsWith(BLOB)) throw new RefusedError(`the job names a local file (${path}) instead of a checksum`);
    return fetchBlob(redis, path.slice(BLOB.length), cacheDir);
  };
  const t = wire.task;
  if (t.kind === 'selfplay') {
    const s = t.settings;
    return {
      ...t,
      settings: {
        ...s, buildsDir: registry,
        openings: s.openings.kind === 'file' ? { kind: 'file', path: (await local(s.openings.path))! } : s.openings,
        ...(s.book !== undefined ? { book: await local(s.book) } : {}),
      },
    };
  }
  if (t.kind === 'match') {
    const games = [];
    for (const g of t.games) {
      games.push({
        ...g,
        black: g.black.book !== undefined ? { ...g.black, book: await local(g.black.book) } : g.black,
        white: g.white.book !== undefined ? { ...g.white, book: await local(g.white.book) } : g.white,
      });
    }
    return { ...t, buildsDir: registry, games, events: undefined };
  }
  return { ...t, buildsDir: registry };
}

/**
 * A registry folder in the cache holding the job's builds (one folder per set of checksums, so
 * builds of the same id but other contents never mix). Shipped builds are used from this worker's
 * own @sente/builds after checking they are the same bytes.
 */
async function localRegistry(builds: readonly BuildRef[], redis: Redis, cacheDir: string): Promise<string> {
  const shippedDir = shippedBuildsDir();
  const shipped = new Map(readManifest(shippedDir, true).builds.map((b) => [b.id, b]));
  const fetched: { ref: BuildRef; table: string; probcut: string | null }[] = [];
  for (const ref of builds) {
    const mine = shipped.get(ref.id);
    if (mine) {
      const table = confinedPath(shippedDir, mine.table)!;
      const tableSha = sha256File(table);
      if (tableSha !== ref.table) throw new RefusedError(`build ${ref.id}: this worker ships table ${tableSha.slice(0, 12)}, the job's is ${ref.table.slice(0, 12)}`);
      const pcPath = join(table, '..', 'probcut.json');
      const pc = existsSync(pcPath) ? sha256File(pcPath) : null;
      if (pc !== ref.probcut) throw new RefusedError(`build ${ref.id}: this worker's calibration (${pc?.slice(0, 12) ?? 'none'}) differs from the job's (${ref.probcut?.slice(0, 12) ?? 'none'})`);
      continue;
    }
    fetched.push({ ref, table: await fetchBlob(redis, ref.table, cacheDir), probcut: ref.probcut ? await fetchBlob(redis, ref.probcut, cacheDir) : null });
  }
  const dir = join(cacheDir, 'registries', sha256(JSON.stringify(fetched.map((f) => f.ref))).slice(0, 16));
  if (existsSync(join(dir, 'manifest.json'))) return dir;
  // Built in a temporary folder and renamed into place, so concurrent jobs never see half of it.
  const tmp = `${dir}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  mkdirSync(tmp, { recursive: true });
  for (const f of fetched) {
    mkdirSync(join(tmp, f.ref.id));
    copyFileSync(f.table, join(tmp, f.ref.id, 'table.bin'));
    if (f.probcut) writeFileSync(join(tmp, f.ref.id, 'probcut.json'), readFileSync(f.probcut));
  }
  const manifest = {
    version: 1, strongest: null,
    builds: fetched.map((f) => ({
      id: f.ref.id, table: `${f.ref.id}/table.bin`, parent: null, created: new Date(0).toISOString(), games: 0, positions: 0,
      validationError: null, elo: null, notes: `fetched from the queue (table ${f.ref.table.slice(0, 12)})`,
    })),
  };
  writeFileSync(join(tmp, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  try {
    renameSync(tmp, dir);
  } catch {
    rmSync(tmp, { recursive: true, force: true }); // another job made it first
  }
  return dir;
}
