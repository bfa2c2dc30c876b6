// Opening-book learning on the worker pool: scoring book entries (every move of a position,
// searched with the engine) is the expensive part of `sente book build` and `book extend`, so the
// pending entries are scored in parallel; the bookkeeping (links, leaves, negamax) stays in the
// main thread, in @sente/search.
import { applyAnalysis, pendingEntries, type Book, type MoveScore } from '@sente/search';
import { runJobs, type QueueSettings } from './jobs.js';
import { batches, type PoolSummary } from './pool.js';
import type { BookTask } from './worker.js';

export interface BookScoring {
  readonly buildsDir: string;
  /** A concrete build id (resolve 'strongest' first). */
  readonly build: string;
  readonly depth: number;
  readonly workers: number;
  readonly onProgress?: (done: number, total: number) => void;
  readonly signal?: AbortSignal;
  /** Score on the BullMQ/Redis queue instead of the local pool. */
  readonly queue?: QueueSettings;
}

/** Scores every entry not yet scored at `depth`, on the pool, then negamaxes the book. */
export async function scoreBookOnPool(book: Book, options: BookScoring): Promise<{ scored: number; summary: PoolSummary }> {
  const pending = pendingEntries(book, options.depth);
  const keys = pending.map((_, i) => i);
  let done = 0;
  const summary = await runJobs<null, MoveScore[]>({
    workers: options.workers,
    jobs: batches(keys, 4).map((k) => ({ keys: k, payload: null })),
    makeTask: (_payload, ks): Omit<BookTask, 'port'> => ({
      kind: 'book',
      buildsDir: options.buildsDir,
      build: options.build,
      depth: options.depth,
      keys: ks,
      positions: ks.map((k) => {
        const key = pending[k].key;
        return [key.playerLo | 0, key.playerHi | 0, key.opponentLo | 0, key.opponentHi | 0];
      }),
    }),
    onItem: (k, scores) => {
      applyAnalysis(pending[k], scores, options.depth);
      options.onProgress?.(++done, pending.length);
    },
    signal: options.signal,
  }, options.queue, 'book', [options.build, options.depth, pending.map((e) => e.key)], { dir: options.buildsDir, ids: [options.build] });
  book.negamax();
  return { scored: done, summary };
}
