// `sente queue status|drain|clean`: what is on the queue (runs with their waiting, active and
// failed jobs and throughput, the workers and what they did), stopping runs (drain: waiting jobs
// removed, the coordinator stops and can --resume), and removing what dead runs left behind.
import { bullConnection, checkRedis, parseRedisUrl, QueueError, redisClient } from './connection.js';
import { drainKey, itemsKey, PREFIX, refusalsKey, RUNS_KEY, WORKER_STALE_MS, WORKERS_KEY, type RunRecord, type WorkerRecord } from './names.js';

/** A coordinator that has not written its heartbeat for this long is gone. */
export const RUN_STALE_MS = 30_000;

export interface RunStatus {
  readonly name: string;
  readonly record: RunRecord;
  readonly alive: boolean;
  readonly waiting: number;
  readonly active: number;
  readonly failed: number;
  readonly delayed: number;
  readonly paused: number;
  /** Items in the results stream (finished games not yet cleaned up). */
  readonly items: number;
  /** Keys delivered per minute since the coordinator started. */
  readonly perMinute: number;
  readonly refusals: Record<string, string>;
  /** `sente queue drain` asked its coordinator to stop. */
  readonly draining: boolean;
}

export interface WorkerStatus extends WorkerRecord {
  readonly alive: boolean;
  readonly perMinute: number;
}

export interface QueueStatus {
  readonly where: string;
  readonly runs: RunStatus[];
  readonly workers: WorkerStatus[];
}

async function open(url: string) {
  const { Queue } = await import('bullmq');
  const parsed = parseRedisUrl(url);
  if (!parsed.ok) throw new QueueError(parsed.error);
  const reachable = await checkRedis(parsed.options, parsed.where);
  if (!reachable.ok) throw new QueueError(reachable.error);
  const redis = redisClient(parsed.options, 'sente-queue-admin');
  redis.on('error', () => {});
  return { parsed, redis, connection: bullConnection(parsed.options), Queue };
}

function records<T>(hash: Record<string, string>): [string, T][] {
  const out: [string, T][] = [];
  for (const [k, v] of Object.entries(hash)) {
    try {
      out.push([k, JSON.parse(v) as T]);
    } catch {
      // a damaged record is listed by clean, not here
    }
  }
  return out;
}

export async function queueStatus(url: string): Promise<QueueStatus> {
  const { parsed, redis, connection, Queue } = await open(url);
  try {
    const now = Date.now();
    const runs: RunStatus[] = [];
    for (const [name, record] of records<RunRecord>(await redis.hgetall(RUNS_KEY))) {
      const queue = new Queue(name, { connection, prefix: PREFIX });
      try {
        const c = await queue.getJobCounts('waiting', 'active', 'failed', 'delayed', 'paused', 'prioritized');
        const minutes = Math.max(1e-9, (record.heartbeat - record.started) / 60_000);
        runs.push({
          name, record, alive: now - record.heartbeat < RUN_STALE_MS,
          waiting: (c.waiting ?? 0) + (c.prioritized ?? 0), active: c.active ?? 0, failed: c.failed ?? 0, delayed: c.delayed ?? 0, paused: c.paused ?? 0,
          items: await redis.xlen(itemsKey(name)), perMinute: record.delivered / minutes,
          refusals: await redis.hgetall(refusalsKey(name)), draining: (await redis.exists(drainKey(name))) > 0,
        });
      } finally {
        await queue.close();
      }
    }
    const workers = records<WorkerRecord>(await redis.hgetall(WORKERS_KEY)).map(([, w]) => ({
      ...w, alive: now - w.heartbeat < WORKER_STALE_MS, perMinute: w.items / Math.max(1e-9, (w.heartbeat - w.started) / 60_000),
    }));
    return { where: parsed.where, runs, workers };
  } finally {
    await redis.quit();
  }
}

/** Drains runs (all, or the one named): their waiting jobs are removed and their coordinators stop. */
export async function drainQueue(url: string, run?: string): Promise<{ name: string; removed: number }[]> {
  const { redis, connection, Queue } = await open(url);
  try {
    const out: { name: string; removed: number }[] = [];
    for (const name of Object.keys(await redis.hgetall(RUNS_KEY))) {
      if (run !== undefined && name !== run) continue;
      await redis.set(drainKey(name), String(Date.now()), 'EX', 3600);
      const queue = new Queue(name, { connection, prefix: PREFIX });
      try {
        const before = await queue.getJobCounts('waiting', 'prioritized', 'paused', 'delayed');
        await queue.drain(true);
        out.push({ name, removed: Object.values(before).reduce((a, b) => a + b, 0) });
      } finally {
        await queue.close();
      }
    }
    if (run !== undefined && out.length === 0) throw new QueueError(`no run named ${run} on the queue`);
    return out;
  } finally {
    await redis.quit();
  }
}

export interface CleanReport {
  /** Runs whose coordinator is gone (or all, with `all`): queue, items and record removed. */
  readonly runs: string[];
  readonly workers: number;
  readonly failedJobs: number;
  readonly blobs: number;
}

/**
 * Removes what nobody will use: runs whose coordinator stopped heartbeating (every run with `all`;
 * their finished-but-unwritten games go too, so a later --resume plays them again), records of
 * gone workers, failed jobs of live runs, and the stored tables and books once no run is left.
 */
export async function cleanQueue(url: string, options: { all?: boolean } = {}): Promise<CleanReport> {
  const { redis, connection, Queue } = await open(url);
  try {
    const now = Date.now();
    const runs: string[] = [];
    let failedJobs = 0;
    const hash = await redis.hgetall(RUNS_KEY);
    for (const [name, text] of Object.entries(hash)) {
      let record: RunRecord | null = null;
      try {
        record = JSON.parse(text) as RunRecord;
      } catch {
        record = null;
      }
      const queue = new Queue(name, { connection, prefix: PREFIX });
      try {
        if (options.all || record === null || now - record.heartbeat >= RUN_STALE_MS) {
          await queue.obliterate({ force: true });
          await redis.del(itemsKey(name), refusalsKey(name), drainKey(name));
          await redis.hdel(RUNS_KEY, name);
          runs.push(name);
        } else {
          failedJobs += (await queue.clean(0, 10_000, 'failed')).length;
        }
      } finally {
        await queue.close();
      }
    }
    let workers = 0;
    for (const [id, text] of Object.entries(await redis.hgetall(WORKERS_KEY))) {
      let stale = true;
      try {
        stale = now - (JSON.parse(text) as WorkerRecord).heartbeat >= WORKER_STALE_MS;
      } catch {
        stale = true;
      }
      if (stale) {
        await redis.hdel(WORKERS_KEY, id);
        workers++;
      }
    }
    let blobs = 0;
    if ((await redis.hlen(RUNS_KEY)) === 0) {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${PREFIX}:blob:*`, 'COUNT', 200);
        cursor = next;
        if (keys.length > 0) blobs += await redis.del(...keys);
      } while (cursor !== '0');
    }
    return { runs, workers, failedJobs, blobs };
  } finally {
    await redis.quit();
  }
}
