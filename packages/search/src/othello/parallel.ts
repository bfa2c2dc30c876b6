// Parallel search on worker_threads: an engine with `threads: N` keeps N - 1 helper workers, each
// with its own search context, all sharing the engine's transposition tables through
// SharedArrayBuffers (tt.ts and endgame-tt.ts document how their lock-free entries detect torn
// writes). think() stays synchronous: the main thread posts a task to the helpers, runs its own
// search as with one thread, then raises the group's stop flag and waits (Atomics.wait) until
// every helper has stopped, which takes at most one poll interval of helper nodes. The helpers'
// work reaches the main thread only through the tables (parallel-helper.ts), so a helper cannot
// make a result wrong, only found sooner.
//
// Control words (Int32Array on a SharedArrayBuffer): GROUP_STOP (context.ts), EPOCH, then one
// state word per helper: 0 idle, epoch * 4 + 1 task posted, epoch * 4 + 2 running. A helper
// takes a task by compare-exchange from "posted" to "running" for that task's epoch, and the
// main thread cancels a task that no helper took by compare-exchange from "posted" to idle, so a
// task posted for an earlier search can never run in a later one, and a helper that is still
// starting up (loading the module and the table) never delays think().
//
// The workers are unref()ed, so an engine that is never closed does not keep a process alive;
// close() terminates them. The pool starts on the first think() that needs it and is reused by
// every later one.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { GROUP_STOP, type SearchContext, type ThreadGroup } from './context.js';
import { EndgameTable } from './endgame-tt.js';
import { SPLIT_MAX_HELPFUL, SplitState } from './endgame-split.js';
import type { solveRoot } from './endgame.js';
import type { EvalTable } from './evaltable.js';
import type { HelperScheme } from './parallel-helper.js';
import type { ProbCutParams } from './probcut.js';
import { TranspositionTable } from './tt.js';

const EPOCH = 1;
const STATE = 2;
const POSTED = 1;
const RUNNING = 2;
/** Longest wait of finish() for the helpers to stop, in ms (see finish()). */
const FINISH_WAIT_MS = 2;
/** Longest wait for a helper to stop before the next search, in ms: then it is dropped. */
const STOP_WAIT_MS = 5000;

/** How a phase is searched in parallel (see parallel-helper.ts); chosen by bench/ measurements. */
export const MIDGAME_SCHEME: HelperScheme = 'lazy';
export const ENDGAME_SCHEME: HelperScheme = 'ybwc';

/** What a worker is started with (structured-cloned once per worker). */
export interface HelperSetup {
  readonly index: number;
  readonly phases: number;
  readonly scale: number;
  /** The table's format (1 or 2; absent: 1). */
  readonly format?: 1 | 2;
  /** The evaluation weights, shared read-only by all helpers (an Int16Array view of it). */
  readonly weights: SharedArrayBuffer;
  readonly probcut: ProbCutParams | undefined;
  readonly ttMb: number;
  readonly midgame: SharedArrayBuffer;
  readonly endgame: SharedArrayBuffer;
  readonly control: SharedArrayBuffer;
  readonly nodes: SharedArrayBuffer;
  /** The exact solver's split layer (endgame-split.ts), for the 'ybwc' scheme. */
  readonly split: SharedArrayBuffer;
}

/** One search task for the helpers. */
export interface HelperTask {
  readonly epoch: number;
  readonly phase: 'midgame' | 'endgame';
  readonly scheme: HelperScheme;
  /** The root: black and white discs (halves) and the colour to move. */
  readonly black: [number, number];
  readonly white: [number, number];
  readonly side: number;
  readonly maxDepth: number;
  readonly exactFrom: number;
  readonly midgameGeneration: number;
  readonly endgameGeneration: number;
  readonly nodeLimit: number;
  /** The endgame's window (-64, 64 exact; -1, 1 win/loss). */
  readonly alpha: number;
  readonly beta: number;
  /** The endgame's selectivity level (0 exact; a probable solve above, see context.ts setSelectivity). */
  readonly level: number;
}

/** The built worker module: beside this module in dist/, or in dist/ when running from src/ (tests). */
function workerFile(): string {
  const here = fileURLToPath(new URL('./parallel-worker.js', import.meta.url));
  if (existsSync(here)) return here;
  const built = fileURLToPath(new URL('../../dist/othello/parallel-worker.js', import.meta.url));
  if (existsSync(built)) return built;
  throw new Error(`the parallel search worker is not built (looked for ${here} and ${built}); run the build first`);
}

/**
 * The parent's Node flags without a `source` export condition (set by the test runner to load
 * TypeScript sources, which a plain worker cannot): the worker runs the built modules.
 */
function workerExecArgv(): string[] {
  const out: string[] = [];
  const argv = process.execArgv;
  for (let i = 0; i < argv.length; i++) {
    if ((argv[i] === '--conditions' || argv[i] === '-C') && argv[i + 1] === 'source') i++;
    else if (argv[i] !== '--conditions=source') out.push(argv[i]);
  }
  return out;
}

export class HelperPool {
  private readonly workers: (Worker | undefined)[] = [];
  private readonly control: Int32Array;
  private readonly nodes: Float64Array;
  private epoch = 0;
  /** The phase of the task posted in this search (undefined: none yet). */
  private startedPhase: HelperTask['phase'] | undefined = undefined;
  /** A helper of the last search had not stopped when finish() returned. */
  private stopping = false;
  private closed = false;
  /** Resolves once every helper has loaded (or failed): see ready(). */
  private readonly readyAll: Promise<void>;
  /** The exact solver's split layer shared with the helpers (the 'ybwc' scheme). */
  readonly split: SplitState;
  /** The root driver of a 'ybwc' solve (SolveOptions.root): the split layer's. */
  readonly splitRoot: typeof solveRoot;

  /**
   * Starts `threads - 1` helper workers for the search context `main` (which joins the group as
   * thread 0): shared tables of `ttMb` MiB and the endgame's size, the evaluation copied once into
   * shared memory.
   */
  constructor(main: SearchContext, table: EvalTable, probcut: ProbCutParams | undefined, ttMb: number, readonly threads: number) {
    const midgame = TranspositionTable.sharedBuffer(ttMb);
    const endgame = EndgameTable.sharedBuffer();
    const control = new SharedArrayBuffer(4 * (STATE + threads));
    const nodes = new SharedArrayBuffer(8 * threads);
    const weights = new SharedArrayBuffer(table.weights.byteLength);
    new Int16Array(weights).set(table.weights);
    this.control = new Int32Array(control);
    this.nodes = new Float64Array(nodes);
    const split = SplitState.sharedBuffer();
    this.split = new SplitState(split, this.nodes);
    // The helpful master keeps the split points on one stack, which with more helpers would stop
    // the main thread splitting while a helper's split point is open: two threads only.
    this.split.helpful = threads === 2;
    if (threads === 2) this.split.max = SPLIT_MAX_HELPFUL;
    this.splitRoot = (s, pLo, pHi, oLo, oHi, alpha, beta, guess) => this.split.solveRoot(s, pLo, pHi, oLo, oHi, alpha, beta, guess);
    const group: ThreadGroup = { midgame, endgame, control: this.control, nodes: this.nodes, index: 0 };
    main.joinGroup(group);
    const file = workerFile();
    const readies: Promise<void>[] = [];
    for (let i = 1; i < threads; i++) {
      const setup: HelperSetup = { index: i, phases: table.phases, scale: table.scale, format: table.format, weights, probcut, ttMb, midgame, endgame, control, nodes, split };
      const w = new Worker(file, { workerData: setup, execArgv: workerExecArgv() });
      w.unref();
      // A helper that fails is dropped (its search is only ever help); the main search goes on.
      w.on('error', () => this.drop(i));
      w.on('exit', () => this.drop(i));
      readies.push(new Promise<void>((resolve) => {
        w.once('message', () => resolve());
        w.once('error', () => resolve());
        w.once('exit', () => resolve());
      }));
      this.workers[i] = w;
    }
    this.readyAll = Promise.all(readies).then(() => undefined);
  }

  /**
   * Resolves when every helper has loaded its module and table (a helper still loading misses the
   * searches posted meanwhile, which go on without it): for measurements and warm starts.
   */
  ready(): Promise<void> {
    return this.readyAll;
  }

  /** Helpers still alive. */
  get alive(): number {
    let n = 0;
    for (const w of this.workers) if (w !== undefined) n++;
    return n;
  }

  /** Starts a search: clears the stop flag and the node counts (call before the main's setLimits). */
  begin(): void {
    this.settle();
    this.epoch = (this.epoch + 1) & 0x1fffffff;
    if (this.epoch === 0) this.epoch = 1;
    Atomics.store(this.control, EPOCH, this.epoch);
    Atomics.store(this.control, GROUP_STOP, 0);
    this.nodes.fill(0);
    this.startedPhase = undefined;
  }

  /**
   * Posts the search task to every helper, once per search and phase: a later call for the same
   * phase does nothing; one for the other phase (the exact solve after a limited search's
   * midgame pre-search) goes to the helpers that have finished their first task.
   */
  start(task: Omit<HelperTask, 'epoch'>): void {
    if (this.startedPhase === task.phase || this.closed) return;
    const again = this.startedPhase !== undefined;
    this.startedPhase = task.phase;
    const message: HelperTask = { ...task, epoch: this.epoch };
    for (let i = 1; i < this.threads; i++) {
      const w = this.workers[i];
      if (w === undefined) continue;
      if (again) {
        // Only an idle helper takes the second task (its nodes so far stay counted).
        if (Atomics.compareExchange(this.control, STATE + i, 0, this.epoch * 4 + POSTED) !== 0) continue;
      } else {
        this.nodes[i] = 0;
        Atomics.store(this.control, STATE + i, this.epoch * 4 + POSTED);
      }
      w.postMessage(message);
    }
  }

  /**
   * Ends the search: raises the stop flag and returns the helpers' nodes. It waits for each helper
   * to stop for at most FINISH_WAIT_MS, so a helper thread descheduled on a busy machine cannot
   * make think() overrun its time; one still stopping then counts the nodes it had published (at
   * most POLL_INTERVAL short), and the next begin() waits for it before anything is posted.
   */
  finish(): number {
    const c = this.control;
    Atomics.store(c, GROUP_STOP, 1);
    // Helpers idle in the split layer's loop sleep on its work word.
    this.split.wake();
    const until = performance.now() + FINISH_WAIT_MS;
    let total = 0;
    let pending = false;
    for (let i = 1; i < this.threads; i++) {
      const posted = this.epoch * 4 + POSTED;
      // A task never taken is cancelled; the nodes of one the helper ran before it still count.
      if (Atomics.compareExchange(c, STATE + i, posted, 0) !== posted && !this.waitIdle(i, until)) pending = true;
      total += this.nodes[i];
    }
    // The flag stays up while a helper is still stopping; settle() lowers it.
    this.stopping = pending;
    if (!pending) Atomics.store(c, GROUP_STOP, 0);
    return total;
  }

  /**
   * Waits until the helpers of the last search have stopped (see finish()) and lowers the stop
   * flag: before anything else uses the shared tables or the main context alone.
   */
  settle(): void {
    if (!this.stopping) return;
    const until = performance.now() + STOP_WAIT_MS;
    for (let i = 1; i < this.threads; i++) {
      // A helper that does not stop is dropped (never seen: it stops within a poll interval once scheduled).
      if (!this.waitIdle(i, until)) this.drop(i);
    }
    this.stopping = false;
    Atomics.store(this.control, GROUP_STOP, 0);
  }

  /** Waits until helper i is idle or `until` (performance.now() ms); true if idle. */
  private waitIdle(i: number, until: number): boolean {
    const c = this.control;
    for (;;) {
      const state = Atomics.load(c, STATE + i);
      if (state === 0 || this.workers[i] === undefined) return true;
      const left = until - performance.now();
      if (left <= 0) return false;
      Atomics.wait(c, STATE + i, state, left);
    }
  }

  private drop(i: number): void {
    const w = this.workers[i];
    if (w === undefined) return;
    this.workers[i] = undefined;
    // A helper that ended in the split layer's loop never answers for the children it took.
    this.split.lost();
    if (!this.closed) void w.terminate();
  }

  /** Terminates the helpers; later searches run on the main thread alone (over the same tables). */
  async close(): Promise<void> {
    this.closed = true;
    const all = this.workers.filter((w): w is Worker => w !== undefined);
    this.workers.length = 0;
    await Promise.all(all.map((w) => w.terminate()));
  }
}

/** A helper's control state for a task of `epoch` that it takes / has finished (parallel-worker.ts). */
export const helperStates = { EPOCH, STATE, POSTED, RUNNING } as const;
