// One entry point for running pool jobs: the local piscina pool by default, or the BullMQ/Redis
// queue when the run was given a Redis URL (`--redis` or SENTE_REDIS). Both keep runPool's
// contract, so self-play, tournaments and book scoring choose a backend and nothing else changes.
// The queue module (and BullMQ) is loaded only when a queue is used.
import { runPool, type PoolOptions, type PoolSummary } from './pool.js';
import type { QueueSettings } from './queue/coordinator.js';
import { runName } from './queue/names.js';

export type { QueueSettings };

/** The builds a run's jobs play with: their registry folder and ids. */
export interface JobBuilds {
  readonly dir: string;
  readonly ids: readonly string[];
}

/**
 * Runs the jobs on the queue if `queue` is given, else on the pool. The queue run is named from
 * `identity` and the checksums of the `builds` the jobs use (their tables and calibrations).
 */
export async function runJobs<P, R>(options: PoolOptions<P, R>, queue: QueueSettings | undefined, kind: string, identity: unknown, builds: JobBuilds): Promise<PoolSummary> {
  if (!queue) return runPool(options);
  const { runQueue } = await import('./queue/coordinator.js');
  const { buildChecksums } = await import('./queue/transport.js');
  return runQueue(options, { ...queue, kind, run: runName(kind, identity, buildChecksums(builds.dir, builds.ids)) });
}
