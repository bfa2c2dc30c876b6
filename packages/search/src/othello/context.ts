// The search context: everything one engine's search reads and writes, as Edax's `struct Search`
// and Egaroucid's `Search` hold it. Midgame (midgame.ts) and endgame (endgame.ts) are functions
// over one context, so two engines in one process share nothing, a midgame node can hand over to
// the endgame inside the tree with one node counter and one table generation, and every search
// obeys the same stop state. Nothing large is allocated until a search needs it: the midgame and
// endgame transposition tables are created on first use, so importing the package (or creating an
// engine that only reads its book) costs no table memory.
//
// Stop state: every search function counts its node with `++s.nodes >= s.nextPoll && s.poll()`;
// poll() looks at the node limit, the clock and the abort signal, and schedules the next look
// POLL_INTERVAL nodes later (or at the node limit, whichever is first). Once stopped, poll() keeps
// answering true without counting the refused entry, callers unwind without storing anything, and
// the driver (engine.ts) falls back to the best move it knows.
import { Position } from '@sente/core';
import type { EvalTable } from './evaltable.js';
import { SELECTIVITY_T, type EndgameCutParams, type ProbCutParams } from './probcut.js';
import { TranspositionTable } from './tt.js';
import { EndgameTable } from './endgame-tt.js';

/**
 * What the contexts of one parallel search share (parallel.ts): both transposition tables, a stop
 * flag and every thread's node count, all in SharedArrayBuffers. A context in a group stops when
 * any thread of the group stops (a limit reached by the main thread or the group's node total).
 */
export interface ThreadGroup {
  /** The midgame table's buffer (TranspositionTable.sharedBuffer(ttMb)). */
  readonly midgame: SharedArrayBuffer;
  /** The endgame table's buffer (EndgameTable.sharedBuffer()). */
  readonly endgame: SharedArrayBuffer;
  /** Word GROUP_STOP != 0: every thread stops; the other words belong to parallel.ts. */
  readonly control: Int32Array;
  /** Each thread's node count of the current search, published at every poll. */
  readonly nodes: Float64Array;
  /** This context's slot in `nodes` (0 = the main thread). */
  readonly index: number;
}

/** The word of ThreadGroup.control that stops the group. */
export const GROUP_STOP = 0;

/** The word of a split layer's shared array (endgame-split.ts) holding the lowest cut-off split level. */
export const SPLIT_ABORT = 1;

/**
 * Nodes between two looks at the clock and the abort signal: about 25 µs of optimised search, and
 * still about 1 ms while V8 runs a function unoptimised (at the start of a process).
 */
export const POLL_INTERVAL = 256;

/**
 * Midgame plies from the root: each of the at most 60 moves may be preceded by a pass (two
 * passes in a row end the game), so a line has at most 121 plies.
 */
export const MAX_PLY = 128;

/**
 * Move-list slots per ply. A legal move is an empty square and a position with a legal move holds
 * at least one disc of each colour, so no position has more than 62 legal moves: 64 slots always
 * suffice. (Reachable positions have at most 33 or so, but set-up boards can have more; see the
 * 40-move position in midgame.test.ts.)
 */
export const MOVES_PER_PLY = 64;

/**
 * The midgame ply at which the probable endgame's shallow searches run (endgame.ts): above every
 * ply a midgame line can occupy while the endgame it handed over to has 10 or more empties (the
 * cut's minimum, probcut.ts: at most 50 moves and 51 passes from a 60-empty root), with room for a
 * shallow search of ENDGAME_CUT_MAX_SHALLOW plies and its passes.
 */
export const ENDGAME_CUT_PLY = MAX_PLY - 24;

/**
 * At or above this many empties (with an evaluation table, see SearchContext.endgameEval) moves are
 * also ordered by the evaluation of the position after them, as Edax orders its deep endgame nodes
 * by a shallow midgame search. Measured with the gen3 build (engine solve, first guess the
 * depth-4 search's score, before GUESS_SHRINK): FFO #20-#39 201.5 M -> 106.1 M nodes (from 16: 115.6 M, from 12: 100.2 M but
 * slower nodes, CPU time within noise of 14 under load 10); held-out set 379.6 M -> 345.5 M. A
 * one-ply-deeper value of each child (best reply's evaluation) from 16, 18 or 20 empties did worse
 * (113.5 M, 117.4 M, 117.0 M). Trying the table's move before generating the others (as Edax)
 * saved no nodes and no measurable time (held-out 347.2 M nodes).
 */
export const EVAL_ORDER_MIN = 14;

/** Endgame move buffers: one block of 64 per number of empties (0..64), and the root's block. */
export const ENDGAME_ROOT_BASE = 65 * 64;
const ENDGAME_MOVE_SLOTS = 66 * 64;

export class SearchContext {
  // --- Evaluation and selectivity (midgame) ---
  /** The evaluation of the midgame (undefined: the context only solves endgames). */
  table: EvalTable | undefined;
  /** Multi-ProbCut parameters (see probcut.ts); undefined = no probabilistic cuts. */
  probcut: ProbCutParams | undefined = undefined;
  /** The probable endgame's cut parameters (see probcut.ts); undefined = the solver never cuts. */
  endgameCut: EndgameCutParams | undefined = undefined;
  /**
   * The endgame's selectivity level (0 = exact; see SELECTIVITY_T), set with setSelectivity():
   * deep endgame nodes cut with threshold `endgameT` sigmas when it is above 0.
   */
  endgameLevel = 0;
  endgameT = Infinity;
  /**
   * The endgame's nodes of this many empties or more keep `position` in step when endgameEval is
   * set: EVAL_ORDER_MIN, or the cut's minimum empties below it while a selective search cuts.
   */
  endgameFollowMin = EVAL_ORDER_MIN;
  /** Midgame nodes at or below this many empties whose depth reaches the end are solved exactly (0 = never). */
  exactFrom = 0;
  /** The midgame's position; its pattern indices are updated on make/unmake. */
  position: Position;

  // --- Endgame: the empties list and parity (see endgame.ts) ---
  /** Doubly linked list of the empty squares (sentinel 64), in a fixed good-squares-first order. */
  readonly next = new Int32Array(65);
  readonly prev = new Int32Array(65);
  /** Bit q set = an odd number of empties in quadrant q. */
  parity = 0;
  /** The best root move of the last completed root test of the exact solver (PASS if none). */
  rootBestMove = -1;
  /**
   * The root move of the last test that proved a lower bound (a fail-high or exact test), and
   * that bound; -1 if none yet: the move to play when a solve is cut short.
   */
  rootSoundMove = -1;
  rootSoundScore = 0;
  /**
   * The midgame's root (ply 0): the last root move whose value was proven above the window's
   * alpha in the current iteration (so better than every move searched before it), and that lower
   * bound; -1 if none. think() resets it per iteration and plays it when the deadline cuts the
   * iteration short (midgame.ts).
   */
  midRootMove = -1;
  midRootScore = 0;
  /** Enhanced transposition cutoffs taken by the midgame since the context was made (for tests). */
  etcCuts = 0;
  /**
   * The exact solver orders its nodes with many empties by the evaluation: set by its entry
   * points when the context has a table and `position` is the solved position, which the solver
   * then keeps in step with its nodes of that many empties (see endgame.ts).
   */
  endgameEval = false;
  /** Set by the endgame's move ordering (scoreMoves): an enhanced transposition cut-off's value. */
  endCut = 0;
  /** Set by scoreMoves: the best bound of the moves it left out (-127 if none). */
  endPruned = -127;

  // --- Counters and stop state ---
  /** Positions entered by any search function since the last setLimits(). */
  nodes = 0;
  /** Node count at which the next search function entry calls poll(). */
  nextPoll = POLL_INTERVAL;
  /** Set by poll() once a limit is reached; searches unwind and store nothing once it is set. */
  stopped = false;
  /**
   * The split layer's abort word (endgame-split.ts): when `splitAbort[SPLIT_ABORT]` is at most
   * `splitLevel`, the split point this context works under was cut off, and the context stops on
   * its own (`splitStopped`, the group's stop flag untouched) until resumeAfterSplitAbort().
   */
  splitAbort: Int32Array | undefined = undefined;
  splitLevel = -1;
  splitStopped = false;
  private deadline = Infinity;
  private nodeLimit = Infinity;
  private signal: AbortSignal | undefined = undefined;

  // --- Transposition tables, created on first use ---
  private midgameTable: TranspositionTable | undefined = undefined;
  private endTable: EndgameTable | undefined = undefined;
  private readonly ttMb: number;
  /** The parallel search this context belongs to, if any (tables shared, stop and nodes pooled). */
  private group: ThreadGroup | undefined = undefined;

  // --- Per-ply move buffers ---
  /** Midgame move lists: squares, flips and ordering keys, at ply * MOVES_PER_PLY. */
  readonly moveSq = new Int32Array(MAX_PLY * MOVES_PER_PLY);
  readonly moveFLo = new Int32Array(MAX_PLY * MOVES_PER_PLY);
  readonly moveFHi = new Int32Array(MAX_PLY * MOVES_PER_PLY);
  readonly moveKey = new Int32Array(MAX_PLY * MOVES_PER_PLY);
  /** Endgame move lists at empties * 64 (the root's at ENDGAME_ROOT_BASE). */
  readonly endSq = new Int32Array(ENDGAME_MOVE_SLOTS);
  readonly endFLo = new Int32Array(ENDGAME_MOVE_SLOTS);
  readonly endFHi = new Int32Array(ENDGAME_MOVE_SLOTS);
  readonly endScore = new Int32Array(ENDGAME_MOVE_SLOTS);
  /** The opponent's replies after each endgame move (low and high halves): the child's moves. */
  readonly endRLo = new Int32Array(ENDGAME_MOVE_SLOTS);
  readonly endRHi = new Int32Array(ENDGAME_MOVE_SLOTS);

  /** `ttMb`: midgame table size in MiB (the endgame table has a fixed size, about 12.6 MB). */
  constructor(table: EvalTable | undefined, ttMb = 16) {
    this.table = table;
    this.ttMb = ttMb;
    this.position = Position.initial();
  }

  /** The midgame transposition table (created on first use). */
  get tt(): TranspositionTable {
    let t = this.midgameTable;
    if (t === undefined) t = this.midgameTable = new TranspositionTable(this.ttMb, this.group?.midgame);
    return t;
  }

  /** The endgame solver's transposition table (created on first use). */
  get endgameTable(): EndgameTable {
    let t = this.endTable;
    if (t === undefined) {
      t = this.endTable = new EndgameTable(this.group?.endgame);
      t.level = this.endgameLevel;
      t.exactBelow = this.exactBelow();
    }
    return t;
  }

  /**
   * Joins a parallel search (parallel.ts): from now on the tables are views of the group's shared
   * ones (keeping this context's generations), a stop of any thread stops this one, and the node
   * limit counts the whole group's nodes.
   */
  joinGroup(group: ThreadGroup): void {
    const mid = this.midgameTable?.generation;
    const end = this.endTable?.generation;
    this.group = group;
    this.midgameTable = undefined;
    this.endTable = undefined;
    if (mid !== undefined) this.tt.generation = mid;
    if (end !== undefined) this.endgameTable.generation = end;
  }

  /**
   * Sets the endgame's selectivity level (0 = exact): the solver's cuts and the level at which its
   * table stores and reads bounds. A level above 0 needs `endgameCut` (else the solver stays exact
   * but still stores at that level).
   */
  setSelectivity(level: number): void {
    if (!(Number.isInteger(level) && level >= 0 && level < SELECTIVITY_T.length)) throw new RangeError(`selectivity level must be 0..${SELECTIVITY_T.length - 1}, got ${level}`);
    this.endgameLevel = level;
    this.endgameT = SELECTIVITY_T[level];
    const cut = this.endgameCut;
    this.endgameFollowMin = level !== 0 && cut !== undefined && cut.minEmpties < EVAL_ORDER_MIN ? cut.minEmpties : EVAL_ORDER_MIN;
    if (this.endTable !== undefined) {
      this.endTable.level = level;
      this.endTable.exactBelow = this.exactBelow();
    }
  }

  /** EndgameTable.exactBelow for this context's level: its cuts' minimum empties (none without them). */
  private exactBelow(): number {
    if (this.endgameLevel === 0) return 0;
    return this.endgameCut === undefined ? 65 : this.endgameCut.minEmpties;
  }

  /** Starts a new search: both tables age their entries (the midgame's stop being trusted). */
  newSearch(): void {
    this.midgameTable?.nextGeneration();
    this.endTable?.newSearch();
  }

  /** Forgets everything learned by earlier searches (tables emptied, counters and limits reset). */
  clear(): void {
    this.midgameTable?.clear();
    this.endTable?.clear();
    this.rootBestMove = -1;
    this.rootSoundMove = -1;
    this.setSelectivity(0);
    this.setLimits(Infinity, Infinity, undefined);
  }

  /**
   * Sets the stop conditions of the coming search (absolute deadline in performance.now() ms) and
   * zeroes the node counter, which the node limit counts from.
   */
  setLimits(deadline: number, nodeLimit: number, signal: AbortSignal | undefined): void {
    this.nodes = 0;
    this.deadline = deadline;
    this.nodeLimit = Math.ceil(nodeLimit);
    this.signal = signal;
    this.stopped = false;
    this.splitStopped = false;
    // A limit reached already (an aborted signal, no time, no nodes) stops before the first node.
    if (this.limitReached()) this.stop();
    this.schedulePoll();
  }

  /**
   * Called when `nodes` reaches `nextPoll`, after the caller counted its node: true = stop (the
   * caller returns at once; its node is uncounted). Checks the node limit exactly, the clock and
   * the signal every POLL_INTERVAL nodes.
   */
  poll(): boolean {
    if (!this.stopped) {
      if (this.splitAbort !== undefined && Atomics.load(this.splitAbort, SPLIT_ABORT) <= this.splitLevel) {
        // A split cut-off: this context alone stops (the group goes on).
        this.splitStopped = true;
        this.stopped = true;
        this.nextPoll = 0;
      } else if (!this.limitReached()) {
        this.schedulePoll();
        return false;
      } else this.stop();
    }
    this.nodes--;
    return true;
  }

  /** Stops this context as a split abort does (endgame-split.ts: a split point lost a child to one). */
  splitStop(): void {
    if (this.stopped) return;
    this.splitStopped = true;
    this.stopped = true;
    this.nextPoll = 0;
  }

  /**
   * After a split abort (see splitAbort): searches go on, unless a limit was reached meanwhile
   * (checked now). A context stopped by a limit stays stopped.
   */
  resumeAfterSplitAbort(): void {
    if (!this.splitStopped) return;
    this.splitStopped = false;
    this.stopped = false;
    this.schedulePoll();
    this.checkStop();
  }

  /** Checks the stop conditions now, between searches (no node is being entered). */
  checkStop(): boolean {
    if (!this.stopped && this.limitReached()) this.stop();
    return this.stopped;
  }

  private limitReached(): boolean {
    if (this.group !== undefined) return this.groupLimitReached(this.group);
    return this.nodes >= this.nodeLimit || performance.now() >= this.deadline || (this.signal !== undefined && this.signal.aborted);
  }

  /** limitReached() in a group: the group's stop flag, its node total, this thread's clock and signal. */
  private groupLimitReached(g: ThreadGroup): boolean {
    const counts = g.nodes;
    counts[g.index] = this.nodes;
    if (Atomics.load(g.control, GROUP_STOP) !== 0) return true;
    let total = 0;
    for (let i = 0; i < counts.length; i++) total += counts[i];
    return total >= this.nodeLimit || performance.now() >= this.deadline || (this.signal !== undefined && this.signal.aborted);
  }

  private stop(): void {
    this.stopped = true;
    if (this.group !== undefined) Atomics.store(this.group.control, GROUP_STOP, 1);
    // Every later entry polls, and is refused.
    this.nextPoll = 0;
  }

  private schedulePoll(): void {
    const next = this.nodes + POLL_INTERVAL;
    this.nextPoll = next < this.nodeLimit ? next : this.nodeLimit;
    if (this.stopped) this.nextPoll = 0;
  }
}
