// A fitter thread (see fit-threads.ts): runs its shard of each pass when the calling thread bumps
// the generation word, until told to exit.
import { workerData } from 'node:worker_threads';
import { fitWorkerLoop } from './fit-threads.js';

const d = workerData as Parameters<typeof fitWorkerLoop> extends [infer C, infer A, infer S, infer T] ? { ctrl: C; arrays: A; shard: S; thread: T } : never;
fitWorkerLoop(d.ctrl, d.arrays, d.shard, d.thread);
