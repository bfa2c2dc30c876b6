// The fitter's two passes over the rows (A v and A^T r, fit.ts) split over threads: each thread
// takes a contiguous shard of the rows; every array the passes read or write lives in a
// SharedArrayBuffer, so nothing is copied per epoch. A v writes disjoint rows, so the threads write
// the output directly; A^T r adds into weights that any row may touch, so each thread adds into its
// own accumulator and the calling thread sums them (the sum's order is fixed: thread 0, 1, ...,
// so a run is deterministic for a given thread count). The calling thread does shard 0 itself and
// waits on an Atomics counter for the others: no message per pass, no event loop involved.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/** Control words: [0] generation, [1] command (1 = A v, 2 = A^T r, 3 = exit), [2] shards done. */
const GEN = 0, CMD = 1, DONE = 2;
export const CMD_APPLY_A = 1;
export const CMD_APPLY_AT = 2;
const CMD_EXIT = 3;

/** A Float64Array on a SharedArrayBuffer (zeroed). */
export function sharedFloat64(n: number): Float64Array {
  return new Float64Array(new SharedArrayBuffer(Math.max(1, n) * 8));
}

/** The same typed array on a SharedArrayBuffer (itself when it already is shared). */
export function sharedCopy<T extends Int32Array | Uint8Array | Int8Array>(a: T): T {
  if (a.buffer instanceof SharedArrayBuffer) return a;
  const b = new (a.constructor as new (buffer: SharedArrayBuffer) => T)(new SharedArrayBuffer(Math.max(1, a.byteLength)));
  b.set(a as never);
  return a.length === b.length ? b : (b.subarray(0, a.length) as T);
}

/** The arrays a pass reads and writes, all shared. */
export interface PassArrays {
  readonly offsets: Int32Array;
  readonly own: Uint8Array;
  readonly other: Int8Array;
  /** A v: the vector (weight space) and the rows written (2 per row). */
  readonly v: Float64Array;
  readonly q: Float64Array;
  /** A^T r: the rows read (2 per row); each thread adds into its accumulator acc[thread]. */
  readonly r: Float64Array;
  readonly acc: Float64Array[];
}

export interface ShardSpec {
  readonly n: number;
  readonly features: number;
  readonly stride: number;
  readonly sw: number;
  readonly first: number;
  readonly end: number;
}

/** out[2i], out[2i+1] = the own-phase and neighbour-phase sums of v over row i, for rows first..end-1. */
export function applyAShard(a: PassArrays, s: ShardSpec): void {
  const { offsets: off, own, other, v, q: out } = a;
  const F = s.features, S = s.stride, sw = s.sw;
  for (let i = s.first; i < s.end; i++) {
    const o = i * F;
    const base = own[i] * S;
    let sum = 0;
    for (let k = 0; k < F; k++) sum += v[base + off[o + k]];
    out[2 * i] = sum;
    if (other[i] >= 0 && sw > 0) {
      const b = other[i] * S;
      let sum2 = 0;
      for (let k = 0; k < F; k++) sum2 += v[b + off[o + k]];
      out[2 * i + 1] = sw * sum2;
    } else out[2 * i + 1] = 0;
  }
}

/** acc += A^T r over rows first..end-1 (acc zeroed by the caller). */
export function applyATShard(a: PassArrays, acc: Float64Array, s: ShardSpec): void {
  const { offsets: off, own, other, r } = a;
  const F = s.features, S = s.stride, sw = s.sw;
  for (let i = s.first; i < s.end; i++) {
    const o = i * F;
    const base = own[i] * S;
    const v = r[2 * i];
    for (let k = 0; k < F; k++) acc[base + off[o + k]] += v;
    if (other[i] >= 0 && sw > 0) {
      const b = other[i] * S;
      const v2 = sw * r[2 * i + 1];
      for (let k = 0; k < F; k++) acc[b + off[o + k]] += v2;
    }
  }
}

function workerModule(): string {
  const here = fileURLToPath(new URL('./fit-worker.js', import.meta.url));
  if (existsSync(here)) return here;
  const built = fileURLToPath(new URL('../dist/fit-worker.js', import.meta.url));
  if (existsSync(built)) return built;
  throw new Error(`the fitter's worker module is not built (looked for ${here} and ${built}); run the build first`);
}

export class FitThreads {
  private readonly ctrl = new Int32Array(new SharedArrayBuffer(16));
  private readonly workers: Worker[] = [];
  private readonly shards: ShardSpec[] = [];
  /** Per thread (0 = this one) an accumulator of A^T r. */
  readonly acc: Float64Array[];

  constructor(readonly threads: number, private readonly arrays: Omit<PassArrays, 'acc'>, spec: Omit<ShardSpec, 'first' | 'end'>, m: number) {
    this.acc = Array.from({ length: threads }, () => sharedFloat64(m));
    for (let t = 0; t < threads; t++) {
      this.shards.push({ ...spec, first: Math.floor((spec.n * t) / threads), end: Math.floor((spec.n * (t + 1)) / threads) });
    }
    for (let t = 1; t < threads; t++) {
      const w = new Worker(workerModule(), { workerData: { ctrl: this.ctrl, arrays: { ...arrays, acc: this.acc }, shard: this.shards[t], thread: t } });
      w.unref();
      this.workers.push(w);
    }
  }

  private run(cmd: number): void {
    Atomics.store(this.ctrl, DONE, 0);
    Atomics.store(this.ctrl, CMD, cmd);
    Atomics.add(this.ctrl, GEN, 1);
    Atomics.notify(this.ctrl, GEN);
    const all: PassArrays = { ...this.arrays, acc: this.acc };
    if (cmd === CMD_APPLY_A) applyAShard(all, this.shards[0]);
    else if (cmd === CMD_APPLY_AT) {
      this.acc[0].fill(0);
      applyATShard(all, this.acc[0], this.shards[0]);
    }
    for (;;) {
      const done = Atomics.load(this.ctrl, DONE);
      if (done >= this.threads - 1) break;
      Atomics.wait(this.ctrl, DONE, done, 1000);
    }
  }

  /** q = A v (v in weight space). */
  applyA(): void {
    this.run(CMD_APPLY_A);
  }

  /** out = A^T r, summed over the threads' accumulators in thread order. */
  applyAT(out: Float64Array): void {
    this.run(CMD_APPLY_AT);
    out.set(this.acc[0]);
    for (let t = 1; t < this.threads; t++) {
      const a = this.acc[t];
      for (let j = 0; j < out.length; j++) out[j] += a[j];
    }
  }

  close(): void {
    Atomics.store(this.ctrl, CMD, CMD_EXIT);
    Atomics.add(this.ctrl, GEN, 1);
    Atomics.notify(this.ctrl, GEN);
  }
}

/** The worker side: wait for a generation, run the command on this thread's shard, count it done. */
export function fitWorkerLoop(ctrl: Int32Array, arrays: PassArrays, shard: ShardSpec, thread: number): void {
  // Generation 0 is the start: if the first command was issued before this thread got here, the
  // wait returns at once (the word is no longer 0) and the command still runs.
  let gen = 0;
  for (;;) {
    Atomics.wait(ctrl, GEN, gen);
    gen = Atomics.load(ctrl, GEN);
    const cmd = Atomics.load(ctrl, CMD);
    if (cmd === CMD_EXIT) return;
    if (cmd === CMD_APPLY_A) applyAShard(arrays, shard);
    else if (cmd === CMD_APPLY_AT) {
      arrays.acc[thread].fill(0);
      applyATShard(arrays, arrays.acc[thread], shard);
    }
    Atomics.add(ctrl, DONE, 1);
    Atomics.notify(ctrl, DONE);
  }
}
