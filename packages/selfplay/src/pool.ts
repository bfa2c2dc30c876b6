// The worker pool (piscina, one thread per core by default). A job is a batch of keyed items (game
// indices); a worker posts each finished item through a MessagePort as soon as it is done, so the
// main thread writes it at once and a worker that crashes or is killed loses no finished game. The
// job's rejection is caught and the job is resubmitted with only its unfinished keys (up to
// `maxRetries` times). Items are delivered once per key even if a retried job repeats one.
// Aborting the signal (Ctrl-C) destroys the pool (once its threads have loaded, see workerPool):
// whatever was delivered stays delivered.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { WorkerTask } from './worker.js';
import { WORKER_LOADED } from './pool-loaded.js';

/** The built worker module: beside this module in dist/, or dist/ when running from src/ (tests). */
export function workerFile(): string {
  const here = fileURLToPath(new URL('./worker.js', import.meta.url));
  if (existsSync(here)) return here;
  const built = fileURLToPath(new URL('../dist/worker.js', import.meta.url));
  if (existsSync(built)) return built;
  throw new Error(`the worker module is not built (looked for ${here} and ${built}); run the build first`);
}

/**
 * A piscina pool of the worker module, with its destroy. Piscina's thread loads the module with
 * require(), and Node 20 aborts the whole process (a V8 fatal error in require of an ES module)
 * when a thread is terminated while it instantiates the module: a run stopped in its first moments
 * (a tournament whose program does not start) did so about once in 16 under load. So destroy()
 * first waits, up to 10 s, until every live thread has reported that its module loaded.
 */
export function workerPool(threads: number, idleTimeout: number): { pool: Piscina; destroy: () => Promise<void> } {
  const pool = new Piscina({ filename: workerFile(), minThreads: threads, maxThreads: threads, idleTimeout });
  const loaded = new Set<number>();
  pool.on('message', (m: unknown) => {
    if (typeof m === 'object' && m !== null && WORKER_LOADED in m) loaded.add((m as Record<string, number>)[WORKER_LOADED]);
  });
  let destroying: Promise<void> | undefined;
  const destroy = (): Promise<void> => (destroying ??= (async () => {
    const until = Date.now() + 10_000;
    while (Date.now() < until && pool.threads.some((t) => !loaded.has(t.threadId))) await new Promise((r) => setTimeout(r, 10));
    await pool.destroy();
  })());
  return { pool, destroy };
}

export function defaultWorkers(): number {
  return Math.max(1, availableParallelism());
}

export interface PoolJob<P> {
  readonly keys: readonly number[];
  readonly payload: P;
}

export interface PoolOptions<P, R> {
  readonly workers: number;
  readonly jobs: readonly PoolJob<P>[];
  /** The task for the remaining keys of a job (attempt 0 is the first try). */
  readonly makeTask: (payload: P, keys: number[], attempt: number) => Omit<WorkerTask, 'port'>;
  /** Called once per key with its item, as soon as it arrives. */
  readonly onItem: (key: number, item: R) => void;
  readonly onRetry?: (keys: number[], attempt: number, error: Error) => void;
  readonly maxRetries?: number;
  readonly signal?: AbortSignal;
  /**
   * Whether the caller, stopping the run through `signal`, has all it needs (a match whose SPRT
   * decided): the queue then removes the run as finished instead of pausing it for a resume.
   */
  readonly complete?: () => boolean;
}

export interface PoolSummary {
  readonly delivered: number;
  readonly interrupted: boolean;
  /** Jobs that failed after every retry, with their unfinished keys and the last error. */
  readonly failed: { keys: number[]; error: string }[];
}

interface ItemMessage { key: number; item: unknown }

export async function runPool<P, R>(options: PoolOptions<P, R>): Promise<PoolSummary> {
  if (!Number.isInteger(options.workers) || options.workers < 1) throw new Error(`workers must be a whole number ≥ 1, got ${options.workers}`);
  const maxRetries = options.maxRetries ?? 3;
  const done = new Set<number>();
  const failed: { keys: number[]; error: string }[] = [];
  let interrupted = options.signal?.aborted ?? false;
  if (interrupted) return { delivered: 0, interrupted, failed };
  const { pool, destroy } = workerPool(options.workers, 1000);
  const deliver = (msg: ItemMessage): void => {
    if (done.has(msg.key)) return;
    done.add(msg.key);
    options.onItem(msg.key, msg.item as R);
  };
  const onAbort = (): void => {
    interrupted = true;
    void destroy();
  };
  options.signal?.addEventListener('abort', onAbort, { once: true });

  const runJob = async (job: PoolJob<P>): Promise<void> => {
    for (let attempt = 0; ; attempt++) {
      const keys = job.keys.filter((k) => !done.has(k));
      if (keys.length === 0 || interrupted) return;
      const { port1, port2 } = new MessageChannel();
      port1.on('message', deliver);
      try {
        const task = { ...options.makeTask(job.payload, keys, attempt), port: port2 } as WorkerTask;
        const items = (await pool.run(task, { transferList: [port2] })) as ItemMessage[];
        for (const m of items) deliver(m);
        return;
      } catch (e) {
        // Let messages the worker posted before dying arrive before counting what is left.
        await new Promise((resolve) => setTimeout(resolve, 50));
        if (interrupted) return;
        const left = job.keys.filter((k) => !done.has(k));
        const error = e instanceof Error ? e : new Error(String(e));
        if (left.length === 0) return;
        if (attempt >= maxRetries) {
          failed.push({ keys: left, error: error.message });
          return;
        }
        options.onRetry?.(left, attempt + 1, error);
      } finally {
        port1.close();
      }
    }
  };

  // Two jobs in flight per worker keep every worker busy without holding a port per queued job.
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < options.jobs.length && !interrupted) await runJob(options.jobs[next++]);
  };
  try {
    await Promise.all(Array.from({ length: Math.min(options.jobs.length, options.workers * 2) }, lane));
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    if (!interrupted) await destroy();
  }
  return { delivered: done.size, interrupted, failed };
}

/** Splits keys into batches of `size`. */
export function batches(keys: readonly number[], size: number): number[][] {
  // A size of 0 or NaN would never advance (or never start): refuse it rather than loop.
  if (!Number.isInteger(size) || size < 1) throw new Error(`batch size must be a whole number ≥ 1, got ${size}`);
  const out: number[][] = [];
  for (let i = 0; i < keys.length; i += size) out.push(keys.slice(i, i + size));
  return out;
}
