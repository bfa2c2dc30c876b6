// One entry point for running pool jobs: the local piscina pool by default, or the BullMQ/Redis
// queue when the run was given a Redis URL (`--redis` or SENTE_REDIS). Both keep runPool's
// contract, so self-play, tournaments and book scoring choose a backend and nothing else changes.
// The queue module (and BullMQ) is loaded only when a queue is used.
import { runPool, type PoolOptions, type PoolSummary } from './pool.js';
import type { QueueSettings } from './queue/coordinator.js';
import { runName } from './queue/names.js';

export type { QueueSettings };

/** Runs the jobs on the queue if `queue` is given (its run named from `identity`), else on the pool. */
export async function runJobs<P, R>(options: PoolOptions<P, R>, queue: QueueSettings | undefined, kind: string, identity: unknown): Promise<PoolSummary> {
  if (!queue) return runPool(options);
  const { runQueue } = await import('./queue/coordinator.js');
  return runQueue(options, { ...queue, kind, run: runName(kind, identity) });
}
