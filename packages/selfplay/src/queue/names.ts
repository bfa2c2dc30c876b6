// Redis key names of the queue, in one place. Everything lives under the `sente` prefix (BullMQ's
// own keys are sente:<queue>:...), so an ACL can confine sente to ~sente:* and &sente:*.
import { createHash } from 'node:crypto';

export const PREFIX = 'sente';
/** Hash: run (queue) name -> JSON RunRecord, the runs workers serve. */
export const RUNS_KEY = `${PREFIX}:runs`;
/** Hash: worker id -> JSON WorkerRecord (heartbeat). */
export const WORKERS_KEY = `${PREFIX}:workers`;
/** A worker that has not written its heartbeat for this long is gone. */
export const WORKER_STALE_MS = 10_000;

export function blobKey(sha: string): string {
  return `${PREFIX}:blob:${sha}`;
}

/** Stream of the items (games, scores) workers return for a run, each with its key. */
export function itemsKey(run: string): string {
  return `${PREFIX}:items:${run}`;
}

/** Hash: worker id -> why it refuses this run's jobs. */
export function refusalsKey(run: string): string {
  return `${PREFIX}:refusals:${run}`;
}

/**
 * A run's queue name from what identifies it (its kind, output file and settings): the same run
 * restarted finds its queue again; two different runs never share one.
 */
export function runName(kind: string, ...identity: unknown[]): string {
  return `${kind}-${createHash('sha256').update(JSON.stringify(identity)).digest('hex').slice(0, 12)}`;
}

/** Set by `sente queue drain` (its own key, so a coordinator's heartbeat cannot overwrite it). */
export function drainKey(run: string): string {
  return `${PREFIX}:drain:${run}`;
}

export interface RunRecord {
  readonly kind: string;
  readonly version: string;
  readonly patterns: string;
  readonly host: string;
  readonly pid: number;
  readonly started: number;
  readonly total: number;
  readonly delivered: number;
  readonly heartbeat: number;
}

export interface WorkerRecord {
  readonly id: string;
  readonly host: string;
  readonly pid: number;
  readonly version: string;
  readonly threads: number;
  readonly concurrency: number;
  readonly started: number;
  readonly heartbeat: number;
  readonly items: number;
  readonly jobs: number;
  readonly active: number;
  readonly runs: string[];
}
