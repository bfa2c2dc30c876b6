// The coordinator side of the queue: the same contract as the local pool's `runPool` (jobs of keys
// and a payload, `makeTask`, `onItem` once per key, retries, abort, a summary), on BullMQ/Redis.
// Jobs go to a queue named after the run; workers anywhere take them and append each finished item
// to the run's items stream. Each item is replayed by core's rules (validate.ts) before `onItem`:
// a refused item is logged and its key played again. A worker that dies leaves its job to
// BullMQ's stalled-job handling (moved back to waiting, taken by another worker); a job that ends
// (completed, failed, or removed) with keys still missing is enqueued again with only those keys,
// up to `maxRetries` times. Keys are delivered once however many times a game is played.
// The items stream outlives the coordinator: restarted (`--resume`), it reads the items finished
// meanwhile, adopts the run's live jobs and enqueues only what is left. A finished run (or one its
// caller stopped as complete: a decided SPRT) removes its queue and stream; an interrupted one
// pauses its queue and keeps both for the resume; a fresh start removes what an earlier
// coordinator of the same run left.
// Tournaments with live events: workers report moves as job progress; each report is checked
// (validate.ts, liveMove) and appended to the run's events file.
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { PoolOptions, PoolSummary } from '../pool.js';
import { BlobStore } from './blobs.js';
import { bullConnection, checkRedis, parseRedisUrl, QueueError, redisClient } from './connection.js';
import { localIdentity, type Identity } from './identity.js';
import { drainKey, itemsKey, PREFIX, refusalsKey, RUNS_KEY, WORKER_STALE_MS, WORKERS_KEY, type RunRecord, type WorkerRecord } from './names.js';
import { packTask, type LocalTask, type WireTask } from './transport.js';
import { invalidItem, liveMove } from './validate.js';
import { moveEventWriter } from '../match/events.js';

/** How a run uses the queue: where Redis is, and what to say while it runs. */
export interface QueueSettings {
  readonly url: string;
  /** One line per event worth telling (refused results, retries, stalled jobs, worker refusals). */
  readonly log?: (line: string) => void;
  /** Counts of the run, at its end. */
  readonly onStats?: (stats: QueueStats) => void;
  /**
   * Tournaments with live events: the file the moves of the games in progress are appended to
   * (match/events.ts). Workers report them as job progress; each report is checked before it is written.
   */
  readonly events?: string;
  /**
   * A fresh start (not a resume): whatever an earlier coordinator of the same run left on the
   * queue (paused jobs, results in the stream) is removed first rather than adopted.
   */
  readonly fresh?: boolean;
  /** Test hook: claim another identity (a worker of this version must refuse the jobs). */
  readonly identity?: Partial<Identity>;
}

export interface QueueStats {
  /** Jobs BullMQ moved back to waiting after their worker stopped renewing the lock. */
  readonly stalled: number;
  /** Jobs enqueued again for their missing keys (failed, refused results). */
  readonly requeued: number;
  /** Items refused by the replay check. */
  readonly refused: number;
  /** Items that arrived for a key already delivered (a retried game), ignored. */
  readonly duplicates: number;
  /** Live move reports refused by the check (not a game of the job, illegal, too long), dropped. */
  readonly droppedMoves: number;
  readonly jobs: number;
}

/** The job data on the queue. */
export interface JobData {
  readonly wire: WireTask;
  readonly identity: Identity;
  readonly keys: number[];
  readonly attempt: number;
}

interface Outstanding { keys: number[]; attempt: number }

const LIVE_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'paused', 'waiting-children'] as const;

export async function runQueue<P, R>(o: PoolOptions<P, R>, q: QueueSettings & { readonly run: string; readonly kind: string }): Promise<PoolSummary & { stats: QueueStats }> {
  const parsed = parseRedisUrl(q.url);
  if (!parsed.ok) throw new QueueError(parsed.error);
  const reachable = await checkRedis(parsed.options, parsed.where);
  if (!reachable.ok) throw new QueueError(reachable.error);
  const log = q.log ?? (() => {});
  const maxRetries = o.maxRetries ?? 3;
  const identity: Identity = { ...localIdentity(), ...q.identity };
  const stats = { stalled: 0, requeued: 0, refused: 0, duplicates: 0, droppedMoves: 0, jobs: 0 };
  const done = new Set<number>();
  const failed: { keys: number[]; error: string }[] = [];
  let interrupted = o.signal?.aborted ?? false;
  if (interrupted) return { delivered: 0, interrupted, failed, stats };

  const redis = redisClient(parsed.options, 'sente-coordinator');
  const reader = redisClient(parsed.options, 'sente-coordinator-reader');
  redis.on('error', () => {});
  reader.on('error', () => {});
  const connection = bullConnection(parsed.options);
  // BullMQ (and ioredis) load only when a queue is used: every other command starts faster.
  const { Queue, QueueEvents, QueueEventsProducer } = await import('bullmq');
  const queue = new Queue(q.run, { connection, prefix: PREFIX });
  const events = new QueueEvents(q.run, { connection, prefix: PREFIX });
  queue.on('error', (e) => log(`queue: ${e.message}`));
  events.on('error', (e) => log(`queue events: ${e.message}`));
  const blobs = new BlobStore(redis);
  const nonce = randomBytes(3).toString('hex');
  let seq = 0;

  // Which of the caller's jobs each key belongs to: its payload makes the task, and the task is
  // what an item is checked against.
  const jobOf = new Map<number, number>();
  o.jobs.forEach((j, i) => { for (const k of j.keys) jobOf.set(k, i); });
  const checkTasks = new Map<number, LocalTask>();
  const taskFor = (key: number): LocalTask => {
    const i = jobOf.get(key)!;
    let t = checkTasks.get(i);
    if (!t) {
      t = o.makeTask(o.jobs[i].payload, [...o.jobs[i].keys], 0) as LocalTask;
      checkTasks.set(i, t);
    }
    return t;
  };

  const outstanding = new Map<string, Outstanding>();
  const ended: { id: string; reason?: string }[] = [];
  events.on('completed', ({ jobId }) => ended.push({ id: jobId }));
  events.on('failed', ({ jobId, failedReason }) => ended.push({ id: jobId, reason: failedReason }));
  events.on('stalled', ({ jobId }) => {
    stats.stalled++;
    log(`job ${jobId} stalled (its worker stopped); BullMQ hands it to another worker`);
  });

  // Live moves (tournaments with --events): a report is written only for a game of the job that
  // sent it, legal from its opening, and longer than the last one written for
  // that job and game (so at most 60 lines per game and attempt, whatever a worker sends).
  const liveEvents = q.events;
  const lastLive = new Map<number, { job: string; plies: number }>();
  if (liveEvents) {
    events.on('progress', ({ jobId, data }) => {
      const j = outstanding.get(jobId);
      const key = (data as { key?: unknown } | null)?.key;
      const ev = !j ? 'not a live job of this run'
        : typeof key !== 'number' || !jobOf.has(key) ? `game ${String(key).slice(0, 20)} is not one of the job's games`
        : liveMove(taskFor(key), j.keys, data);
      if (typeof ev === 'string') {
        if (stats.droppedMoves++ === 0) log(`dropped a live move report of job ${jobId}: ${ev} (further ones are dropped silently)`);
        return;
      }
      const last = lastLive.get(ev.key);
      if (last && last.job === jobId && ev.moves.length <= last.plies) return;
      lastLive.set(ev.key, { job: jobId, plies: ev.moves.length });
      moveEventWriter(liveEvents, ev.key, ev.black, ev.white)(ev.moves);
    });
  }

  // A worker writes a game's last live report before its result, so a marker published after the
  // last result comes after every report on the events stream: once it arrives, all are written.
  const flushLiveEvents = async (): Promise<void> => {
    // At most 5 s (Redis may be gone: its commands would wait for a reconnection).
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => { timer = setTimeout(resolve, 5000); });
    const producer = new QueueEventsProducer(q.run, { connection, prefix: PREFIX });
    producer.on('error', () => {});
    const marker = `sente-live-flush-${nonce}`;
    const seen = new Promise<void>((resolve) => events.once(marker as 'progress', () => resolve()));
    await Promise.race([late, producer.publishEvent({ eventName: marker }, 10_000).then(() => seen)]).catch(() => {});
    clearTimeout(timer);
    void producer.close().catch(() => {});
  };

  const record = (): RunRecord => ({
    kind: q.kind, version: identity.version, patterns: identity.patterns, host: hostname(), pid: process.pid,
    started, total: jobOf.size, delivered: done.size, heartbeat: Date.now(),
  });
  const started = Date.now();

  let lastId = '0';
  const readItems = async (blockMs: number): Promise<void> => {
    for (;;) {
      const args: (string | number)[] = ['COUNT', 1000];
      if (blockMs > 0) args.push('BLOCK', blockMs);
      const res = (await reader.call('XREAD', ...args, 'STREAMS', itemsKey(q.run), lastId)) as [string, [string, string[]][]][] | null;
      if (!res || res.length === 0 || res[0][1].length === 0) return;
      for (const [id, fields] of res[0][1]) {
        lastId = id;
        const f: Record<string, string> = {};
        for (let i = 0; i + 1 < fields.length; i += 2) f[fields[i]] = fields[i + 1];
        accept(Number(f.key), f.item, f.worker ?? '?');
      }
      if (res[0][1].length < 1000) return;
      blockMs = 0;
    }
  };
  const accept = (key: number, text: string | undefined, worker: string): void => {
    if (!jobOf.has(key)) return; // not this call's key (done by an earlier call of the run)
    if (done.has(key)) { stats.duplicates++; return; }
    let item: unknown;
    try {
      item = JSON.parse(text ?? '');
    } catch {
      item = undefined;
    }
    const why = invalidItem(taskFor(key), key, item);
    if (why !== null) {
      stats.refused++;
      log(`refused the result for key ${key} from worker ${worker}: ${why}; it will be played again`);
      return;
    }
    done.add(key);
    o.onItem(key, item as R);
  };

  const enqueue = async (keys: number[], attempt: number): Promise<void> => {
    // Grouped by the caller's job (one payload per task), in the caller's order.
    const groups = new Map<number, number[]>();
    for (const k of keys) {
      const i = jobOf.get(k)!;
      if (!groups.has(i)) groups.set(i, []);
      groups.get(i)!.push(k);
    }
    const bulk = [];
    for (const [i, ks] of [...groups].sort((a, b) => a[0] - b[0])) {
      const wire = await packTask(o.makeTask(o.jobs[i].payload, ks, attempt) as LocalTask, blobs);
      const id = `${nonce}-${seq++}`;
      const data: JobData = { wire, identity, keys: ks, attempt };
      bulk.push({ name: q.kind, data, opts: { jobId: id, attempts: 1, removeOnComplete: true, removeOnFail: { count: 1000 } } });
      outstanding.set(id, { keys: ks, attempt });
    }
    for (let i = 0; i < bulk.length; i += 500) await queue.addBulk(bulk.slice(i, i + 500));
    stats.jobs += bulk.length;
  };

  const jobEnded = async (id: string, reason?: string): Promise<void> => {
    const j = outstanding.get(id);
    if (!j) return;
    outstanding.delete(id);
    await readItems(0); // the job's items were appended before it ended
    const left = j.keys.filter((k) => !done.has(k));
    if (left.length === 0) return;
    const error = reason ?? 'the job ended without valid results for these keys';
    if (j.attempt >= maxRetries) {
      failed.push({ keys: left, error });
      return;
    }
    o.onRetry?.(left, j.attempt + 1, new Error(error));
    stats.requeued++;
    await enqueue(left, j.attempt + 1);
  };

  const seenRefusals = new Set<string>();
  let warnedNoWorkers = false;
  const reconcile = async (): Promise<void> => {
    if ((await redis.exists(drainKey(q.run))) > 0) {
      log(`run ${q.run} is being drained (sente queue drain): stopping; --resume continues it`);
      interrupted = true;
      return;
    }
    await redis.hset(RUNS_KEY, q.run, JSON.stringify(record()));
    for (const [id] of [...outstanding]) {
      const state = await queue.getJobState(id);
      if (state === 'completed' || state === 'unknown') await jobEnded(id);
      else if (state === 'failed') await jobEnded(id, (await queue.getJob(id))?.failedReason);
    }
    const refusals = await redis.hgetall(refusalsKey(q.run));
    for (const [worker, why] of Object.entries(refusals)) {
      if (seenRefusals.has(worker)) continue;
      seenRefusals.add(worker);
      log(`worker ${worker} refuses this run's jobs: ${why}`);
    }
    const now = Date.now();
    const alive = Object.values(await redis.hgetall(WORKERS_KEY)).map((t) => JSON.parse(t) as WorkerRecord).filter((w) => now - w.heartbeat < WORKER_STALE_MS);
    if (alive.length === 0 && !warnedNoWorkers && now - started > 5000) {
      warnedNoWorkers = true;
      log(`no sente worker is connected: start some with \`sente worker --redis ${parsed.where}\``);
    } else if (alive.length > 0) warnedNoWorkers = false;
  };

  const onAbort = (): void => { interrupted = true; };
  o.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    await events.waitUntilReady();
    if (q.fresh) {
      await queue.obliterate({ force: true });
      await redis.del(itemsKey(q.run), refusalsKey(q.run), drainKey(q.run));
    }
    await redis.hset(RUNS_KEY, q.run, JSON.stringify(record()));
    // Items finished while no coordinator was listening (a killed coordinator, resumed).
    await readItems(0);
    // Live jobs of an earlier coordinator of this run are adopted rather than enqueued twice.
    const covered = new Set<number>();
    for (const job of await queue.getJobs([...LIVE_STATES], 0, -1)) {
      const data = job?.data as JobData | undefined;
      if (!job?.id || !data || !Array.isArray(data.keys)) continue;
      const keys = data.keys.filter((k) => jobOf.has(k) && !done.has(k) && !covered.has(k));
      if (keys.length === 0) continue;
      for (const k of keys) covered.add(k);
      outstanding.set(job.id, { keys, attempt: data.attempt ?? 0 });
    }
    if (covered.size > 0) log(`adopted ${outstanding.size} live job(s) of an earlier coordinator (${covered.size} keys)`);
    if (await queue.isPaused()) await queue.resume();
    const todo: number[] = [];
    for (const j of o.jobs) for (const k of j.keys) if (!done.has(k) && !covered.has(k)) todo.push(k);
    if (todo.length > 0) await enqueue(todo, 0);

    let lastCheck = Date.now();
    while (!interrupted && done.size < jobOf.size) {
      await readItems(250);
      for (const e of ended.splice(0)) await jobEnded(e.id, e.reason);
      if (Date.now() - lastCheck > 2000) {
        lastCheck = Date.now();
        await reconcile();
      }
      if (outstanding.size === 0 && ended.length === 0 && done.size < jobOf.size) {
        await readItems(0);
        if (outstanding.size === 0) break; // every missing key failed its retries
      }
    }
  } finally {
    o.signal?.removeEventListener('abort', onAbort);
    if (liveEvents) await flushLiveEvents();
    try {
      // Stopped because the caller is done (an SPRT decided) is finished, not interrupted.
      if (interrupted && !(o.complete?.() ?? false)) {
        // Workers finish what they hold (into the stream, read on --resume) and take nothing new.
        await queue.pause();
        await redis.del(drainKey(q.run));
      } else {
        await queue.obliterate({ force: true });
        await redis.del(itemsKey(q.run), refusalsKey(q.run), drainKey(q.run));
        await redis.hdel(RUNS_KEY, q.run);
      }
    } finally {
      await events.close();
      await queue.close();
      await Promise.allSettled([redis.quit(), reader.quit()]);
    }
  }
  q.onStats?.(stats);
  return { delivered: done.size, interrupted, failed, stats };
}

