// Helper threads for the Go player's tree-parallel search. Each helper is a worker thread with its
// own MctsPlayer (its own playout policy, random seed and scratch board) that attaches to the main
// player's tree (SharedArrayBuffers) for the length of one search. genmove stays synchronous: the
// main thread prepares the root, posts the position and the tree to every helper, searches
// itself, raises the stop word, then blocks on Atomics.wait until each helper has stopped and
// written its playout count. Workers are unref'd, so they never keep a process alive; close()
// ends them.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { GoBoard } from './rules.js';

/** Per helper in the result buffer: [playouts]. */
const STRIDE = 1;

/** A helper's state in the control buffer (slot i); slot helpers + i is 1 once helper i has loaded. */
export const HelperState = { Busy: 0, Done: 1, Failed: 2 } as const;

/** How long a new helper may take to load before the player gives up on threads. */
const STARTUP_MS = 30_000;

/**
 * The parent's Node flags without export conditions: a parent running from TypeScript sources
 * (vitest's "source" condition) must not make the helper, which runs from dist/, resolve the
 * packages to sources it cannot load.
 */
function helperExecArgv(): string[] {
  const out: string[] = [];
  const args = process.execArgv;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--conditions' || a === '-C') i++;
    else if (!a.startsWith('--conditions=')) out.push(a);
  }
  return out;
}

/** The position as a helper rebuilds it: setup stones, then the moves with their colours. */
export interface HelperJob {
  readonly size: number;
  readonly superko: boolean;
  /** Setup stones as (point, colour) pairs. */
  readonly setup: number[];
  /** Moves since setup as (point or PASS, colour) pairs. */
  readonly moves: number[];
  readonly color: number;
  readonly komi: number;
  /** Wall-clock end of the search (Date.now() scale), or null for none. */
  readonly deadline: number | null;
  /** Playouts of all threads together. */
  readonly playouts: number;
  /** The search's control words (mcts.ts: nodes used, playouts started, stop). */
  readonly control: SharedArrayBuffer;
  readonly tree: TreeBuffers;
}

/** The shared tree's arrays (mcts.ts), `capacity` nodes each. */
export interface TreeBuffers {
  readonly capacity: number;
  readonly move: SharedArrayBuffer;
  readonly mover: SharedArrayBuffer;
  readonly firstChild: SharedArrayBuffer;
  readonly childCount: SharedArrayBuffer;
  readonly visits: SharedArrayBuffer;
  readonly wins: SharedArrayBuffer;
  readonly raveVisits: SharedArrayBuffer;
  readonly raveWins: SharedArrayBuffer;
  readonly mix: SharedArrayBuffer;
  readonly mixBase: SharedArrayBuffer;
  readonly beta: SharedArrayBuffer;
}

export interface HelperInit {
  readonly index: number;
  readonly control: SharedArrayBuffer;
  readonly results: SharedArrayBuffer;
  /** SearchOptions of the main player, with the helper's own seed. */
  readonly options: { readonly seed?: number; readonly threads?: number };
}

/** The built helper module: beside this module in dist/, or dist/ when running from src/ (tests). */
export function helperFile(): string {
  const here = fileURLToPath(new URL('./mcts-worker.js', import.meta.url));
  if (existsSync(here)) return here;
  const built = fileURLToPath(new URL('../../dist/go/mcts-worker.js', import.meta.url));
  if (existsSync(built)) return built;
  throw new Error(`the Go search helper is not built (looked for ${here} and ${built}); run the build first`);
}

/** The setup stones and moves that rebuild `board` (and its superko history) from empty. */
export function boardHistory(board: GoBoard): { setup: number[]; moves: number[] } {
  const start = board.clone();
  while (start.ply > 0) start.undo();
  const setup: number[] = [];
  for (let p = 0; p < start.points; p++) {
    const c = start.color[p];
    if (c === 1 || c === 2) setup.push(p, c);
  }
  const moves: number[] = [];
  for (let k = 0; k < board.ply; k++) moves.push(board.moveAt(k), board.colorAt(k));
  return { setup, moves };
}

export class SearchPool {
  private readonly workers: Worker[] = [];
  private readonly control: Int32Array;
  private readonly results: Float64Array;
  private running = false;

  constructor(
    readonly helpers: number,
    options: { readonly seed?: number },
  ) {
    const controlBuffer = new SharedArrayBuffer(8 * helpers);
    const resultBuffer = new SharedArrayBuffer(8 * STRIDE * helpers);
    this.control = new Int32Array(controlBuffer);
    this.results = new Float64Array(resultBuffer);
    const file = helperFile();
    for (let i = 0; i < helpers; i++) {
      // Distinct seeds: the helpers must not repeat the main thread's playouts.
      const own = { ...options, threads: 1, seed: ((options.seed ?? 1) + 7919 * (i + 1)) | 0 };
      const init: HelperInit = { index: i, control: controlBuffer, results: resultBuffer, options: own };
      const w = new Worker(file, { workerData: init, execArgv: helperExecArgv() });
      w.unref();
      this.workers.push(w);
    }
    // Wait for every helper to load (a helper that cannot load would otherwise only show as a
    // missing answer at the end of the first search, which blocks this thread).
    const giveUpAt = Date.now() + STARTUP_MS;
    for (let i = 0; i < helpers; i++) {
      while (Atomics.load(this.control, helpers + i) === 0) {
        const left = giveUpAt - Date.now();
        if (left <= 0) {
          this.close();
          throw new Error(`a Go search helper thread did not start within ${STARTUP_MS / 1000} s (${file})`);
        }
        Atomics.wait(this.control, helpers + i, 0, left);
      }
    }
  }

  /** Posts the position and the tree (its root expanded) to every helper; they start searching at once. */
  start(board: GoBoard, color: number, komi: number, deadline: number, playouts: number, control: SharedArrayBuffer, tree: TreeBuffers): void {
    const { setup, moves } = boardHistory(board);
    const job: HelperJob = { size: board.size, superko: board.superko, setup, moves, color, komi, deadline: Number.isFinite(deadline) ? deadline : null, playouts, control, tree };
    for (let i = 0; i < this.helpers; i++) {
      Atomics.store(this.control, i, HelperState.Busy);
      this.workers[i].postMessage(job);
    }
    this.running = true;
  }

  /**
   * Waits (blocking) until every helper has stopped or `giveUpAt` (Date.now() scale) passes, and
   * returns the helpers' playouts; `complete` is false when a helper is still busy (it may still
   * write into the tree). A helper that failed counts no playouts.
   */
  collect(giveUpAt: number): { playouts: number; complete: boolean } {
    if (!this.running) return { playouts: 0, complete: true };
    this.running = false;
    let playouts = 0;
    let complete = true;
    for (let i = 0; i < this.helpers; i++) {
      while (Atomics.load(this.control, i) === HelperState.Busy) {
        const left = giveUpAt - Date.now();
        if (left <= 0) break;
        Atomics.wait(this.control, i, HelperState.Busy, left);
      }
      const state = Atomics.load(this.control, i);
      if (state === HelperState.Busy) complete = false;
      if (state === HelperState.Done) playouts += this.results[i * STRIDE];
    }
    return { playouts, complete };
  }

  close(): void {
    for (const w of this.workers) void w.terminate();
    this.workers.length = 0;
  }
}

export const HELPER_STRIDE = STRIDE;
