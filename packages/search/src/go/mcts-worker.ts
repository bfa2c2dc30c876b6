// A helper thread of the Go player's tree-parallel search (threads.ts): rebuilds each posted
// position and runs simulations on the main player's shared tree until that search ends, then
// writes its playout count into shared memory.
import { parentPort, workerData } from 'node:worker_threads';
import { MctsPlayer } from './mcts.js';
import { GoBoard } from './rules.js';
import { HELPER_STRIDE, HelperState, type HelperInit, type HelperJob } from './threads.js';

const init = workerData as HelperInit;
const control = new Int32Array(init.control);
const results = new Float64Array(init.results);
const base = init.index * HELPER_STRIDE;
const player = new MctsPlayer(init.options);
let board: GoBoard | null = null;
// Loaded: tell the main thread (it waits for this before the first search).
const helpers = control.length / 2;
Atomics.store(control, helpers + init.index, 1);
Atomics.notify(control, helpers + init.index);

parentPort!.on('message', (job: HelperJob) => {
  try {
    if (!board || board.size !== job.size) board = new GoBoard(job.size);
    else board.clear();
    board.superko = job.superko;
    for (let i = 0; i < job.setup.length; i += 2) board.setStone(job.setup[i], job.setup[i + 1]);
    for (let i = 0; i < job.moves.length; i += 2) {
      if (!board.play(job.moves[i], job.moves[i + 1])) throw new Error(`move ${job.moves[i]} does not replay`);
    }
    results[base] = player.searchShared(board, job.color, job.komi, job.deadline ?? Infinity, job.playouts, job.tree, job.control);
    Atomics.store(control, init.index, HelperState.Done);
  } catch {
    Atomics.store(control, init.index, HelperState.Failed);
  }
  Atomics.notify(control, init.index);
});
