// A helper thread of a parallel search (parallel.ts): its own search context over the shared
// tables and the shared evaluation weights; it runs each task it manages to take, then publishes
// its node count and goes idle.
import { parentPort, workerData } from 'node:worker_threads';
import { Position } from '@sente/core';
import { SearchContext } from './context.js';
import { EvalTable } from './evaltable.js';
import { helpEndgame, helpMidgame } from './parallel-helper.js';
import { SplitState, helpSplit } from './endgame-split.js';
import { helperStates, type HelperSetup, type HelperTask } from './parallel.js';

const setup = workerData as HelperSetup;
const control = new Int32Array(setup.control);
const nodes = new Float64Array(setup.nodes);
const s = new SearchContext(new EvalTable(setup.phases, setup.scale, new Int16Array(setup.weights), setup.format ?? 1), setup.ttMb);
s.probcut = setup.probcut;
s.joinGroup({ midgame: setup.midgame, endgame: setup.endgame, control, nodes, index: setup.index });
const stateWord = helperStates.STATE + setup.index;
const split = new SplitState(setup.split, undefined, setup.index);
let lastEpoch = -1;

function run(task: HelperTask): void {
  const posted = task.epoch * 4 + helperStates.POSTED;
  // Taken only if still posted for this very search (else cancelled or stale).
  if (Atomics.compareExchange(control, stateWord, posted, task.epoch * 4 + helperStates.RUNNING) !== posted) return;
  try {
    const [bLo, bHi] = task.black;
    const [wLo, wHi] = task.white;
    s.position = Position.fromColors(bLo, bHi, wLo, wHi, task.side);
    s.tt.generation = task.midgameGeneration;
    s.endgameTable.generation = task.endgameGeneration;
    s.setLimits(Infinity, task.nodeLimit, undefined);
    // A second task of the same search (parallel.ts start()) goes on counting from the first's nodes.
    if (task.epoch === lastEpoch) s.nodes = nodes[setup.index];
    lastEpoch = task.epoch;
    s.exactFrom = task.exactFrom;
    // A probable solve's children cut as the main thread's do, with the build's calibration.
    s.endgameCut = task.level !== 0 ? setup.probcut?.endgame : undefined;
    s.setSelectivity(task.level);
    if (task.phase === 'endgame' && task.scheme === 'ybwc') helpSplit(s, split, control);
    else if (task.phase === 'endgame') helpEndgame(s, setup.index, task.scheme, task.alpha, task.beta);
    else helpMidgame(s, task.maxDepth, setup.index, task.scheme);
  } finally {
    nodes[setup.index] = s.nodes;
    Atomics.store(control, stateWord, 0);
    Atomics.notify(control, stateWord);
  }
}

parentPort!.on('message', run);
// Loaded: the pool's ready() resolves once every helper has said so.
parentPort!.postMessage('ready');
