// The worker side of the queue (`sente worker`): watches the runs registered in Redis, takes their
// jobs (BullMQ workers, `concurrency` jobs at a time per run), plays them on this machine's piscina
// threads with the same task runner as the local pool (../worker.ts), and appends every finished
// item to the run's items stream the moment it ends, so a worker killed mid-job loses nothing
// finished. Before playing, a job's sente version, pattern set and build checksums are compared
// with this worker's; on a mismatch the worker refuses the run's jobs, says why (in its log and in
// Redis, where the coordinator reports it) and takes none of them again. A tournament job with live
// events on reports each game's moves as job progress (throttled), which the coordinator checks
// and appends to its events file.
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { MessageChannel } from 'node:worker_threads';
import type { Job, Worker } from 'bullmq';
import { workerPool } from '../pool.js';
import type { WorkerTask } from '../worker.js';
import { bullConnection, checkRedis, parseRedisUrl, QueueError, redisClient } from './connection.js';
import type { JobData } from './coordinator.js';
import { identityMismatch, localIdentity } from './identity.js';
import { itemsKey, PREFIX, refusalsKey, RUNS_KEY, WORKERS_KEY, type RunRecord, type WorkerRecord } from './names.js';
import { RefusedError, unpackTask, type LocalTask } from './transport.js';

/** A game in progress reports its moves at most this often (plus its last position). */
const LIVE_MS = 75;

export interface ServeOptions {
  readonly url: string;
  /** Jobs taken at a time (per run). */
  readonly concurrency: number;
  /** piscina threads playing them. */
  readonly threads: number;
  /** Where fetched tables, books and openings are cached (by checksum). */
  readonly cacheDir: string;
  /** A job whose worker stops renewing its lock for this long is handed to another worker. */
  readonly stallMs?: number;
  readonly log?: (line: string) => void;
}

export interface ServeHandle {
  readonly id: string;
  /** Stops taking jobs, lets the held ones finish, and disconnects. */
  close(): Promise<void>;
}

export async function serveQueue(o: ServeOptions): Promise<ServeHandle> {
  const parsed = parseRedisUrl(o.url);
  if (!parsed.ok) throw new QueueError(parsed.error);
  const reachable = await checkRedis(parsed.options, parsed.where);
  if (!reachable.ok) throw new QueueError(reachable.error);
  const { Worker } = await import('bullmq');
  const log = o.log ?? (() => {});
  const me = localIdentity();
  const id = `${hostname()}-${process.pid}-${randomBytes(2).toString('hex')}`;
  const stallMs = o.stallMs ?? 10_000;
  const redis = redisClient(parsed.options, `sente-worker-${id}`);
  redis.on('error', (e) => log(`redis: ${e.message}`));
  const connection = bullConnection(parsed.options);
  const { pool, destroy: destroyPool } = workerPool(o.threads, 60_000);
  const workers = new Map<string, Worker>();
  const refused = new Set<string>();
  const started = Date.now();
  let items = 0, jobs = 0, active = 0;
  let closing = false;

  const refuse = async (run: string, why: string): Promise<void> => {
    if (!refused.has(run)) log(`refusing the jobs of run ${run}: ${why}`);
    refused.add(run);
    await redis.hset(refusalsKey(run), id, why);
    const w = workers.get(run);
    if (w) {
      workers.delete(run);
      void w.close();
    }
  };

  const processor = (run: string) => async (job: Job<JobData>): Promise<{ items: number }> => {
    const data = job.data;
    const mismatch = identityMismatch(data.identity, me);
    if (mismatch) {
      await refuse(run, mismatch);
      throw new Error(`worker ${id} refuses: ${mismatch}`);
    }
    let task: LocalTask;
    try {
      task = await unpackTask(data.wire, redis, o.cacheDir);
    } catch (e) {
      if (e instanceof RefusedError) {
        await refuse(run, e.message);
        throw new Error(`worker ${id} refuses: ${e.message}`);
      }
      throw e;
    }
    active++;
    jobs++;
    const posted = new Set<number>();
    const writes: Promise<unknown>[] = [];
    // A game's result is appended after its live reports are written (the coordinator relies on that order).
    const reported = new Map<number, Promise<unknown>>();
    const post = (key: number, item: unknown): void => {
      if (posted.has(key)) return;
      posted.add(key);
      items++;
      const after = reported.get(key) ?? Promise.resolve();
      writes.push(after.then(() => redis.xadd(itemsKey(run), '*', 'key', String(key), 'job', String(job.id), 'worker', id, 'item', JSON.stringify(item))));
    };
    // Live moves (a tournament with --events): reported as job progress, at most one report per
    // game every LIVE_MS, and the game's last position before its result.
    const players = new Map(task.kind === 'match' ? task.games.map((g) => [g.key, { black: g.black.name, white: g.white.name }]) : []);
    const lastLive = new Map<number, number>();
    const pending = new Map<number, { moves: number[]; timer: NodeJS.Timeout }>();
    const report = (key: number, moves: number[]): void => {
      lastLive.set(key, Date.now());
      const w = job.updateProgress({ key, ...players.get(key), moves }).catch((e: Error) => log(`job ${job.id}: reporting a move: ${e.message}`));
      reported.set(key, w);
      writes.push(w);
    };
    const flush = (key: number): void => {
      const p = pending.get(key);
      if (!p) return;
      clearTimeout(p.timer);
      pending.delete(key);
      report(key, p.moves);
    };
    const live = (key: number, moves: number[]): void => {
      const p = pending.get(key);
      if (p) { p.moves = moves; return; }
      const wait = (lastLive.get(key) ?? 0) + LIVE_MS - Date.now();
      if (wait <= 0) report(key, moves);
      else pending.set(key, { moves, timer: setTimeout(() => flush(key), wait) });
    };
    const { port1, port2 } = new MessageChannel();
    port1.on('message', (m: { key: number; item: unknown } | { live: number; moves: number[] }) => {
      if ('live' in m) {
        if (players.has(m.live)) live(m.live, m.moves);
        return;
      }
      flush(m.key);
      post(m.key, m.item);
    });
    // The task closes its end when it is done; messages sent before that arrive first (the last
    // live reports and results must not be cut off by closing ours). A second at most.
    const drained = new Promise<void>((resolve) => {
      port1.once('close', () => resolve());
      setTimeout(resolve, 1000).unref();
    });
    try {
      const out = (await pool.run({ ...task, port: port2 } as WorkerTask, { transferList: [port2] })) as { key: number; item: unknown }[];
      await drained;
      for (const m of out) {
        flush(m.key);
        post(m.key, m.item);
      }
    } finally {
      port1.close();
      for (const key of [...pending.keys()]) flush(key);
      active--;
      await Promise.all(writes);
    }
    return { items: posted.size };
  };

  const watch = async (): Promise<void> => {
    const runs = await redis.hgetall(RUNS_KEY);
    for (const [run, text] of Object.entries(runs)) {
      if (workers.has(run) || refused.has(run)) continue;
      let rec: RunRecord;
      try {
        rec = JSON.parse(text) as RunRecord;
      } catch {
        continue;
      }
      const mismatch = identityMismatch({ version: rec.version, patterns: rec.patterns }, me);
      if (mismatch) {
        await refuse(run, mismatch);
        continue;
      }
      const w = new Worker(run, processor(run), {
        connection, prefix: PREFIX, concurrency: o.concurrency, lockDuration: stallMs,
        stalledInterval: Math.max(500, Math.floor(stallMs / 2)), maxStalledCount: 100, drainDelay: 1,
      });
      w.on('error', (e) => log(`run ${run}: ${e.message}`));
      w.on('failed', (job, e) => log(`job ${job?.id} of run ${run} failed here: ${e.message}`));
      workers.set(run, w);
      log(`serving run ${run} (${rec.kind}, ${rec.total} keys, coordinator ${rec.host}:${rec.pid})`);
    }
    for (const [run, w] of [...workers]) {
      if (run in runs) continue;
      workers.delete(run);
      await w.close();
      log(`run ${run} finished`);
    }
  };
  const heartbeat = async (): Promise<void> => {
    const rec: WorkerRecord = {
      id, host: hostname(), pid: process.pid, version: me.version, threads: o.threads, concurrency: o.concurrency,
      started, heartbeat: Date.now(), items, jobs, active, runs: [...workers.keys()],
    };
    await redis.hset(WORKERS_KEY, id, JSON.stringify(rec));
  };

  let ticking: Promise<void> = Promise.resolve();
  const tick = (): void => {
    ticking = ticking.then(async () => {
      if (closing) return;
      try {
        await watch();
        await heartbeat();
      } catch (e) {
        log(`watching runs: ${(e as Error).message}`);
      }
    });
  };
  tick();
  await ticking;
  const timer = setInterval(tick, 1000);
  log(`worker ${id} (sente ${me.version}, ${o.threads} thread(s), ${o.concurrency} job(s) at a time) waiting for jobs at ${parsed.where}`);

  return {
    id,
    close: async () => {
      closing = true;
      clearInterval(timer);
      // With Redis unreachable nothing held can be handed back: stop at once (the jobs' locks
      // expire and other workers take them) instead of waiting for a reconnection.
      const reachable = redis.status === 'ready';
      await Promise.race([ticking, new Promise((r) => setTimeout(r, 2000))]);
      const closed = Promise.allSettled([...workers.values()].map((w) => w.close(!reachable)));
      if (reachable) await closed;
      workers.clear();
      if (reachable) {
        await redis.hdel(WORKERS_KEY, id).catch(() => {});
        await redis.quit().catch(() => {});
      } else {
        redis.disconnect();
      }
      await destroyPool();
    },
  };
}
