// The engine API: think(position, limits) chooses a move by iterative deepening with aspiration
// windows, switching to the exact solver when few empties remain; analyze() scores every legal
// move. Each engine owns one search context (context.ts): its tables, buffers, node counter and
// stop state, shared by nobody else. A fixed depth gives the same answer every time (the midgame
// table only trusts entries of the current search; the endgame table holds proven bounds, which
// newGame() clears). Every limit (time, nodes, abort signal) is obeyed in every phase, the exact
// solve included: a search cut short returns the best move known (the last completed iteration's,
// or a root move the interrupted iteration proved better than it, or in a cut-short solve a move
// the solver proved good or the shallow pre-search's), with
// `exact: false`; `nodes` counts every node of every phase. Between the exact solve and the
// midgame, a timed think() whose build has the probable endgame's lines solves at increasing
// selectivity levels instead (probableEndgame below, docs/engine.md).
//
// `threads: N` (N > 1) adds N - 1 helper threads (parallel.ts) sharing the engine's tables; with
// the default `threads: 1` no worker exists and the search is the single-threaded one above.
import { HI, PASS, Position, SenteError, generateMoves, popcount } from '@sente/core';
import { evaluate } from './eval.js';
import type { EvalTable } from './evaltable.js';
import { solveWithContext, type SolveOptions, type SolveResult } from './endgame.js';
import { INFINITY, midgameSearch, tableMove, tablePrincipalVariation } from './midgame.js';
import { SearchContext } from './context.js';
import { TranspositionTable } from './tt.js';
import type { MoveScore, ThinkLimits, ThinkResult } from './types.js';
import { loadBuild } from './builds.js';
import { chooseBookMove, type Book } from './book.js';
import { SELECTIVITY_PERCENT, type ProbCutParams } from './probcut.js';
import { MAX_SEARCH_DEPTH, MAX_THREADS, thinkLimitsProblem } from './limits.js';
import { ENDGAME_SCHEME, HelperPool, MIDGAME_SCHEME } from './parallel.js';
import type { HelperScheme } from './parallel-helper.js';

export interface EngineOptions {
  /** A build id, 'strongest' (default) or 'bootstrap'; ignored when `table` is given. */
  readonly build?: string;
  /** The user registry to look builds up in besides the shipped ones (default: `buildsDir()`). */
  readonly buildsDir?: string;
  /** An evaluation table to use directly. */
  readonly table?: EvalTable;
  /** Transposition table size in MiB (default 16). */
  readonly ttMb?: number;
  /** Default exact-solve threshold in empties when a think() call does not say (default 16). */
  readonly exactFrom?: number;
  /** An opening book to play from (see book.ts). */
  readonly book?: Book;
  /** Multi-ProbCut parameters (default: the build's, if it has them); false disables the cuts. */
  readonly probcut?: ProbCutParams | false;
  /**
   * The probable endgame in timed searches (default true; it needs the `endgame` part of the
   * ProbCut parameters, without which timed searches are as before): false keeps every endgame
   * search exact.
   */
  readonly selectiveEndgame?: boolean;
  /**
   * Search threads (default 1): N > 1 starts N - 1 helper workers on the first think() and keeps
   * them for every later one; close() ends them (they never keep a process alive).
   */
  readonly threads?: number;
  /** For measurements (bench/): the parallel schemes of the two phases (default: the chosen ones). */
  readonly parallelSchemes?: { readonly midgame?: HelperScheme; readonly endgame?: HelperScheme };
}

export const DEFAULT_EXACT_FROM = 16;
const MAX_DEPTH = MAX_SEARCH_DEPTH;
/**
 * Before a limited exact solve from the root, iterative deepening to this depth finds a move to
 * play if the solve is cut short (a few thousand nodes at 20 empties).
 */
const PRESEARCH_DEPTH = 4;
/**
 * Depth of the midgame search that guesses an exact solve's score (see solveGuess). Measured on
 * FFO #20-#39 with the gen3 build: from 0, 115.4 M nodes; depth 4, 106.1 M (#38 44.9 -> 24.8 M,
 * #36 5.2 -> 16.3 M); depth 8, 104.0 M for more midgame time.
 */
const GUESS_DEPTH = 4;
/**
 * The guess is the search's score times this, towards 0 (the evaluation's errors are several
 * discs): 0.75 against 1 saved 3% nodes on FFO #20-#39 (106.1 M -> 103.0 M) and 5% on the held-out
 * set (345.5 M -> 327.9 M); 0.5 cost 4% on FFO.
 */
const GUESS_SHRINK = 0.75;
/**
 * solve(): an exact solve of at least PREPASS_MIN_EMPTIES empties, by an engine whose build has
 * the probable endgame's calibration, first solves the position at selectivity level
 * PREPASS_LEVEL (as Edax deepens its selectivity before the exact search): its score is the exact
 * solve's first guess, and its table entries, whose bounds the exact search never reads, give the
 * deep nodes their best moves first.
 */
const PREPASS_LEVEL = 4;
const PREPASS_MIN_EMPTIES = 18;

/**
 * The probable endgame's range: a timed think() (no fixed depth, no randomness) with more empties
 * than its exact-solve threshold and than the cut's minimum (below it no node could cut), and at
 * most SELECTIVE_MAX_EMPTIES, whose time per move is enough
 * for the first level (selectiveFits), runs the midgame's iterative deepening for a share of its
 * time (SELECTIVE_PRESEARCH_SHARE), then the endgame solver at the selectivity levels
 * SELECTIVE_LEVELS, down to exact, each completed level's move and score replacing the last.
 */
export const SELECTIVE_MAX_EMPTIES = 26;
/**
 * The pre-search starts no iteration predicted to end after this share of the time: its move is
 * the one played when the first level does not complete. (A fixed depth of 6 instead left 15 of 32
 * positions of 17-20 empties on that depth-6 move at 100 ms a move under load 7.)
 */
const SELECTIVE_PRESEARCH_SHARE = 0.25;
/**
 * The levels tried, in order (probcut.ts SELECTIVITY_T: 5 = t 1.1, "73%"; 0 = exact). Measured with
 * gen3 on 16 positions of 20 empties (solves from an empty table, CPU at load 5): level 5 took 11%
 * of the exact solve's nodes (mean error 1.8 discs, best move 11 of 16), 4 23% (0.6 discs, 13/16),
 * 3 42% (0.4, 14/16), 2 62% and 1 83% of the nodes but as much CPU time as exact: skipped.
 */
const SELECTIVE_LEVELS: readonly number[] = [5, 4, 3, 0];
/**
 * The first level's time at 20 empties, doubled per empty above (measured: about 86 ms of CPU at
 * 20 empties and 740 ms at 23 under load 5, so about 45 ms and x2 per empty on a quiet core),
 * with some margin: a level cut short falls back to the pre-search's move. 100 against 150 (which
 * stops at 19 empties at 100 ms a move), 200 games at 100 ms against gen3 without the probable
 * endgame, same openings, load 4-6: exact from 16 empties +40 [-6, +86] against +9 [-38, +55],
 * from 12 +38 [-8, +85] against +38 [-8, +85].
 */
const SELECTIVE_MS_AT_20 = 100;

/** Whether the first selective level is expected to finish in `timeMs` at `empties` empties. */
function selectiveFits(timeMs: number, empties: number): boolean {
  return timeMs >= SELECTIVE_MS_AT_20 * 2 ** (empties - 20);
}

/**
 * think() starts another iteration when its predicted time divided by this still fits in the
 * budget left: an iteration cut short is not lost (its best root move so far is played when it
 * beat the previous best), so starting one that is predicted to need up to this many times the
 * time left pays. Measured with gen3 in GTP matches (bench/search-strength.mjs): 2 used 87% of 100 ms and
 * 85% of 1 s in the midgame (think() itself never ran more than a few ms past its budget).
 */
const ITERATION_OVERRUN = 2;
/** Bounds on the growth of an iteration's time over the last one's (the effective branching). */
const MIN_GROWTH = 1.5;
const MAX_GROWTH = 8;
/** The growth assumed while the iterations are too short to measure (under a millisecond). */
const DEFAULT_GROWTH = 3;

/** The predicted time of the next iteration from the last two (ms). */
function nextIterationMs(lastMs: number, prevMs: number): number {
  const growth = prevMs >= 1 ? lastMs / prevMs : DEFAULT_GROWTH;
  return lastMs * (growth < MIN_GROWTH ? MIN_GROWTH : growth > MAX_GROWTH ? MAX_GROWTH : growth);
}

export interface SearchValueOptions {
  /** Window in evaluation-table units (default: the full window). */
  readonly alpha?: number;
  readonly beta?: number;
  /** Solve nodes at or below this many empties exactly when the depth reaches the end (default 0: never). */
  readonly exactFrom?: number;
  /**
   * Start a new search (default true): the midgame table forgets what earlier calls stored.
   * false continues the previous call's search, as iterative deepening does.
   */
  readonly newSearch?: boolean;
}

export interface SearchValue {
  /** Fail-soft value for the side to move, in evaluation-table units. */
  readonly score: number;
  /** Nodes of this call (midgame and endgame). */
  readonly nodes: number;
}

export class Engine {
  /** The engine's search context: nobody else's searches touch it. */
  private readonly context: SearchContext;
  readonly buildId: string;
  private readonly defaultExact: number;
  /** Search threads (1 = no helpers). */
  readonly threads: number;
  private readonly ttMb: number;
  private readonly schemes: { readonly midgame: HelperScheme; readonly endgame: HelperScheme };
  /** The helpers of a multi-threaded engine, started by the first think(). */
  private pool: HelperPool | undefined = undefined;
  /** The current think()'s helpers (undefined with one thread). */
  private helpers: HelperPool | undefined = undefined;
  /**
   * The helpers' share of the last think()'s or solve()'s `nodes` (0 with one thread): the rest
   * is the main thread's, which with lastWaitNodes is the search's critical path (for measurements).
   */
  lastHelperNodes = 0;
  /**
   * Of the last search's helper nodes, those searched while the main thread waited for them at a
   * split point with nothing to search itself (the 'ybwc' scheme, endgame-split.ts; else 0): the main thread's nodes plus these
   * are the search's critical path in nodes (for measurements).
   */
  lastWaitNodes = 0;

  constructor(readonly table: EvalTable, buildId = 'custom', options: EngineOptions = {}) {
    const threads = options.threads ?? 1;
    if (!(Number.isInteger(threads) && threads >= 1 && threads <= MAX_THREADS)) throw new SenteError('bad-option', `threads must be a whole number from 1 to ${MAX_THREADS}, got ${threads}`);
    this.threads = threads;
    this.ttMb = options.ttMb ?? 16;
    // The table is allocated at the first search: its size is checked now (a SenteError).
    TranspositionTable.bytesFor(this.ttMb);
    this.schemes = { midgame: options.parallelSchemes?.midgame ?? MIDGAME_SCHEME, endgame: options.parallelSchemes?.endgame ?? ENDGAME_SCHEME };
    this.context = new SearchContext(table, this.ttMb);
    this.context.probcut = options.probcut === false ? undefined : options.probcut;
    this.context.endgameCut = options.selectiveEndgame === false ? undefined : this.context.probcut?.endgame;
    this.buildId = buildId;
    this.defaultExact = options.exactFrom ?? DEFAULT_EXACT_FROM;
    this.book = options.book;
  }

  /** The opening book consulted by think(), if any. */
  book: Book | undefined;

  /** Forget everything learned in earlier searches: both tables, counters and limits. */
  newGame(): void {
    this.pool?.settle();
    this.context.clear();
  }

  /**
   * Starts the helper threads now instead of on the first think() (threads > 1) and resolves when
   * they are loaded, so the first search gets their help; with one thread, resolves at once.
   */
  async startThreads(): Promise<void> {
    if (this.threads > 1) await this.helperPool().ready();
  }

  private helperPool(): HelperPool {
    return (this.pool ??= new HelperPool(this.context, this.table, this.context.probcut, this.ttMb, this.threads));
  }

  /** Ends the helper threads (if any). think() afterwards searches with one thread. */
  async close(): Promise<void> {
    await this.pool?.close();
  }

  /** Static evaluation of a position for its side to move, in discs. */
  evaluate(position: Position): number {
    return evaluate(position, this.table) / this.table.scale;
  }

  /**
   * The negamax value of a position searched to exactly `depth` plies (no iterative deepening, no
   * limits), with the engine's Multi-ProbCut parameters: for measurements such as the ProbCut
   * calibration and for tests.
   */
  searchValue(position: Position, depth: number, options: SearchValueOptions = {}): SearchValue {
    const s = this.context;
    this.pool?.settle();
    s.position = position.clone();
    if (options.newSearch !== false) s.newSearch();
    s.setLimits(Infinity, Infinity, undefined);
    s.exactFrom = options.exactFrom ?? 0;
    const score = midgameSearch(s, depth, options.alpha ?? -INFINITY, options.beta ?? INFINITY, 0);
    return { score, nodes: s.nodes };
  }

  think(position: Position, limits: ThinkLimits = {}): ThinkResult {
    const bad = thinkLimitsProblem(limits);
    if (bad) throw new SenteError('bad-option', `think: ${bad}`);
    this.lastHelperNodes = 0;
    this.lastWaitNodes = 0;
    if (this.threads === 1) return this.thinkOnce(position, limits);
    const pool = this.helperPool();
    pool.begin();
    pool.split.clearStats();
    this.helpers = pool;
    let r: ThinkResult;
    let helperNodes = 0;
    try {
      r = this.thinkOnce(position, limits);
    } finally {
      this.helpers = undefined;
      helperNodes = pool.finish();
    }
    this.lastHelperNodes = helperNodes;
    this.lastWaitNodes = pool.split.waitNodes;
    return { ...r, nodes: r.nodes + helperNodes };
  }

  /**
   * The exact (or win/loss) solve of a position with no limits, on this engine's threads:
   * solvePosition() with the engine's context and helpers. `nodes` counts the solve on the main
   * thread (not its principal variation's searches) and everything the helpers searched. The endgame table keeps what earlier solves
   * proved; newGame() forgets it. An exact full-window solve of PREPASS_MIN_EMPTIES or more, with
   * the build's endgame cut parameters and no `guess`, first solves at PREPASS_LEVEL (its nodes
   * counted). With `selectivity` (a level of probcut.ts SELECTIVITY_T above 0; needs the build's
   * endgame cut parameters) the solve is probable instead: the deep nodes cut as think()'s probable
   * endgame does at that level (the helpers too), with no principal variation beyond the move.
   */
  solve(position: Position, options: SolveOptions & { readonly selectivity?: number } = {}): SolveResult {
    const level = options.selectivity ?? 0;
    if (level !== 0 && this.context.endgameCut === undefined) throw new Error('solve: a selectivity level needs the build\'s endgame cut parameters');
    // An exact solve of many empties is preceded by a probable one (see PREPASS_LEVEL), whose
    // score is the exact one's first guess and whose table entries give it their best moves.
    if (level === 0 && options.guess === undefined && options.mode !== 'wld' && options.alpha === undefined && options.beta === undefined && this.context.endgameCut !== undefined && position.emptyCount() >= PREPASS_MIN_EMPTIES) {
      const pre = this.solveAt(position, PREPASS_LEVEL, { ...options, pv: false });
      const helperNodes = this.lastHelperNodes;
      const waitNodes = this.lastWaitNodes;
      const r = this.solveAt(position, 0, { ...options, guess: pre.score });
      this.lastHelperNodes += helperNodes;
      this.lastWaitNodes += waitNodes;
      return { ...r, nodes: r.nodes + pre.nodes };
    }
    return this.solveAt(position, level, options);
  }

  /** One solve (exact, or probable at `level`) of solve(), its own search on this engine's threads. */
  private solveAt(position: Position, level: number, options: SolveOptions): SolveResult {
    const s = this.context;
    const pool = this.threads > 1 ? this.helperPool() : undefined;
    pool?.begin();
    pool?.split.clearStats();
    this.helpers = pool;
    const pos = position.clone();
    s.position = pos;
    s.newSearch();
    s.setSelectivity(level);
    s.setLimits(Infinity, Infinity, undefined);
    let r: SolveResult;
    let helperNodes = 0;
    try {
      const wld = options.mode === 'wld';
      const guess = options.guess ?? this.solveGuess(pos);
      const guessNodes = s.nodes;
      this.startHelpers('endgame', pos, pos.emptyCount(), Infinity, options.alpha ?? (wld ? -1 : -64), options.beta ?? (wld ? 1 : 64));
      // A probable solve (level above 0) has no principal variation beyond its move.
      const solved = solveWithContext(s, pos, { ...options, guess, root: this.splitRoot(), pv: level === 0 ? options.pv : false });
      r = { ...solved, nodes: solved.nodes + guessNodes };
    } finally {
      s.setSelectivity(0);
      this.helpers = undefined;
      helperNodes = pool?.finish() ?? 0;
    }
    this.lastHelperNodes = helperNodes;
    this.lastWaitNodes = pool?.split.waitNodes ?? 0;
    return { move: r.move, score: r.score, nodes: r.nodes + helperNodes, pv: r.pv };
  }

  /** The exact solver's root driver of this search: the split layer's with the 'ybwc' scheme and helpers, else the serial one. */
  private splitRoot(): SolveOptions['root'] {
    return this.helpers !== undefined && this.schemes.endgame === 'ybwc' ? this.helpers.splitRoot : undefined;
  }

  /** Posts the search of the current root to the helpers (if any) for `phase`. */
  private startHelpers(phase: 'midgame' | 'endgame', pos: Position, maxDepth: number, nodeLimit: number, alpha = -64, beta = 64): void {
    const pool = this.helpers;
    if (pool === undefined) return;
    const s = this.context;
    pool.start({
      phase,
      scheme: phase === 'midgame' ? this.schemes.midgame : this.schemes.endgame,
      black: [pos.blackLo, pos.blackHi],
      white: [pos.whiteLo, pos.whiteHi],
      side: pos.side,
      maxDepth,
      exactFrom: s.exactFrom,
      midgameGeneration: s.tt.generation,
      endgameGeneration: s.endgameTable.generation,
      nodeLimit,
      level: phase === 'endgame' ? s.endgameLevel : 0,
      alpha,
      beta,
    });
  }

  private thinkOnce(position: Position, limits: ThinkLimits): ThinkResult {
    const t0 = performance.now();
    const s = this.context;
    const scale = this.table.scale;
    const pos = position.clone();
    s.position = pos;
    s.newSearch();
    s.setSelectivity(0);
    const exactFrom = limits.exactFrom ?? this.defaultExact;
    const deadline = limits.timeMs !== undefined ? t0 + limits.timeMs : Infinity;
    s.setLimits(deadline, limits.nodes ?? Infinity, limits.signal);
    s.exactFrom = exactFrom;

    const bb = pos.bb;
    const movesLo = generateMoves(bb[0], bb[1], bb[2], bb[3]);
    const movesHi = HI[0];
    const empties = 64 - popcount(bb[0] | bb[2], bb[1] | bb[3]);
    if (movesLo === 0 && movesHi === 0) {
      if (pos.isGameOver()) return { move: PASS, score: pos.finalScore(), pv: [PASS], depth: 0, nodes: 0, ms: performance.now() - t0, exact: true };
      // The mover must pass: the value is the opponent's search after the pass, with the same
      // limits (its exact solve, its depth), negated.
      const r = this.thinkOnce(afterPass(pos), limits);
      const out: ThinkResult = { move: PASS, score: 0 - r.score, pv: [PASS, ...r.pv], depth: r.depth, nodes: r.nodes, ms: performance.now() - t0, exact: r.exact };
      return r.selectivity !== undefined ? { ...out, selectivity: r.selectivity } : out;
    }

    // The opening book first.
    if (this.book && limits.useBook !== false) {
      const margin = limits.random ? (limits.bookMargin ?? 0) : 0;
      const hit = chooseBookMove(this.book, pos, margin, limits.random ?? (() => 0));
      if (hit) return { move: hit.move, score: hit.score, pv: [hit.move], depth: 0, nodes: 0, ms: performance.now() - t0, exact: false, book: true };
    }

    // An exact solve from the root; when it may be cut short, a shallow pre-search first finds a
    // move to fall back on.
    const solve = empties <= exactFrom && !(limits.randomness && limits.randomness > 0);
    const limited = limits.timeMs !== undefined || limits.nodes !== undefined || limits.signal !== undefined;
    if (solve && !limited) return this.solveFromRoot(pos, t0, empties, Infinity);
    const timed = limits.timeMs !== undefined;
    // The probable endgame (see SELECTIVE_MAX_EMPTIES): after a short pre-search.
    const selective = timed && !solve && s.endgameCut !== undefined && empties > s.endgameCut.minEmpties && empties <= SELECTIVE_MAX_EMPTIES && selectiveFits(limits.timeMs!, empties) && limits.depth === undefined && !(limits.randomness && limits.randomness > 0);

    const maxDepth = solve ? Math.min(PRESEARCH_DEPTH, empties - 1) : selective ? empties - 1 : Math.min(limits.depth ?? MAX_DEPTH, MAX_DEPTH);
    // The pre-search of the probable endgame plans its iterations for a share of the time only.
    const planned = selective ? t0 + limits.timeMs! * SELECTIVE_PRESEARCH_SHARE : deadline;
    if (!solve && !selective) this.startHelpers('midgame', pos, maxDepth, limits.nodes ?? Infinity);
    let bestMove = -1;
    let bestScore = 0;
    let completed = 0;
    let exact = false;
    // Durations of the last two completed iterations, to predict the next one's.
    let lastIterMs = 0;
    let prevIterMs = 0;
    let iterStart = performance.now();
    for (let depth = 1; depth <= maxDepth; depth++) {
      s.midRootMove = -1;
      // Aspiration window around the previous score, widened on failure.
      let window = 4 * scale;
      let alpha = depth > 2 ? bestScore - window : -INFINITY;
      let beta = depth > 2 ? bestScore + window : INFINITY;
      let v: number;
      for (;;) {
        v = midgameSearch(s, depth, alpha, beta, 0);
        if (s.stopped) break;
        if (v <= alpha) {
          alpha = Math.max(-INFINITY, v - window);
          window *= 2;
        } else if (v >= beta) {
          beta = Math.min(INFINITY, v + window);
          window *= 2;
        } else break;
      }
      if (s.stopped) {
        // Cut short by a limit: a root move this iteration proved better than the moves before
        // it (the first is the previous iteration's best) is a better choice than that one.
        if (s.midRootMove >= 0 && s.midRootMove !== bestMove && bestMove >= 0 && !solve) {
          bestMove = s.midRootMove;
          bestScore = s.midRootScore;
        }
        break;
      }
      const move = tableMove(s);
      if (move >= 64) break;
      bestMove = move;
      bestScore = v;
      completed = depth;
      // Once the search reaches the exact-solve horizon everywhere, deeper iterations add nothing.
      if (depth >= empties) {
        exact = true;
        break;
      }
      const now = performance.now();
      prevIterMs = lastIterMs;
      lastIterMs = now - iterStart;
      iterStart = now;
      // Start the next iteration only if it is likely to get far enough to help: its predicted
      // time (the last one's times the recent growth) must fit in what is left of the budget,
      // with an iteration cut short still useful (the move above) and so allowed to overrun the
      // prediction by ITERATION_OVERRUN.
      if (timed && now - t0 + nextIterationMs(lastIterMs, prevIterMs) / ITERATION_OVERRUN > planned - t0) break;
    }

    if (selective && !s.stopped && completed > 0) return this.probableEndgame(pos, t0, deadline, empties, limits.nodes ?? Infinity, bestMove, bestScore, completed);
    if (solve && !s.stopped) {
      const r = this.solveFromRoot(pos, t0, empties, limits.nodes ?? Infinity, completed > 0 ? bestScore : undefined);
      if (r.exact) return r;
      // Cut short: a move the solver proved at least as good as a bound, else the pre-search's.
      if (s.rootSoundMove >= 0 && (bestMove < 0 || s.rootSoundScore * scale > bestScore)) {
        bestMove = s.rootSoundMove;
        bestScore = s.rootSoundScore * scale;
      }
      if (bestMove < 0 && s.rootBestMove >= 0) bestMove = s.rootBestMove;
    }
    if (bestMove < 0) {
      // Stopped before depth 1 completed: fall back to the first legal move.
      const list = pos.legalMoveList();
      bestMove = list[0];
      bestScore = 0;
    }

    let move = bestMove;
    let score = bestScore;
    if (limits.randomness && limits.randomness > 0 && limits.random && !s.stopped) {
      const r = this.randomChoice(pos, Math.max(1, completed), bestMove, bestScore, limits.randomness * scale, limits.random);
      move = r;
      if (move !== bestMove) score = bestScore - 1; // within the margin; its exact value was not searched
    }
    const pv = tablePrincipalVariation(s, move, 60);
    return { move, score: score / scale, pv, depth: completed, nodes: s.nodes, ms: performance.now() - t0, exact };
  }

  /**
   * The first guess of an exact solve's score (SolveOptions.guess): a shallow midgame search with
   * the evaluation, iterated to GUESS_DEPTH, shrunk by GUESS_SHRINK, rounded to an even score. Its nodes count in the
   * context's. On FFO #38 (score +4) the narrow-window sequence from 0 spent most of its nodes
   * proving the first bound.
   */
  private solveGuess(pos: Position, presearch?: number): number {
    const s = this.context;
    let v = 0;
    if (presearch !== undefined) v = presearch;
    else {
      const depth = Math.min(GUESS_DEPTH, pos.emptyCount() - 1);
      for (let d = 1; d <= depth; d++) {
        v = midgameSearch(s, d, -INFINITY, INFINITY, 0);
        if (s.stopped) return 0;
      }
    }
    const discs = (v / this.table.scale) * GUESS_SHRINK;
    const g = 2 * Math.round(discs / 2);
    return g > 64 ? 64 : g < -64 ? -64 : g;
  }

  /** The exact solve of think(), under the context's limits; `exact` false if cut short. */
  private solveFromRoot(pos: Position, t0: number, empties: number, nodeLimit: number, presearch?: number): ThinkResult {
    const s = this.context;
    const guess = this.solveGuess(pos, presearch);
    if (s.stopped) return { move: PASS, score: 0, pv: [], depth: 0, nodes: s.nodes, ms: performance.now() - t0, exact: false };
    this.startHelpers('endgame', pos, empties, nodeLimit);
    const r = solveWithContext(s, pos, { mode: 'exact', guess, root: this.splitRoot() });
    return { move: r.move, score: r.score, pv: r.pv, depth: r.complete ? empties : 0, nodes: s.nodes, ms: performance.now() - t0, exact: r.complete };
  }

  /**
   * The probable endgame of think(): the solver at the selectivity levels SELECTIVE_LEVELS, down to
   * 0 (exact), each from the last one's score as its first guess, under the context's limits. A
   * level starts only when its predicted time (the last level's times its growth, as think()'s
   * iterations) fits in what is left; a level cut short falls back to the last completed level's
   * move, or to a move the interrupted level proved at least as good (the rules of a cut-short
   * exact solve). `bestMove`/`bestScore` (table units) are the pre-search's, reached at `depth`.
   * The exact level runs on the engine's split root (with helpers); the selective levels on this
   * thread alone.
   */
  private probableEndgame(pos: Position, t0: number, deadline: number, empties: number, nodeLimit: number, bestMove: number, bestScore: number, depth: number): ThinkResult {
    const s = this.context;
    const scale = this.table.scale;
    let guess = this.solveGuess(pos, bestScore);
    let pv: number[] | undefined;
    let done = -1;
    let lastMs = 0;
    let prevMs = 0;
    for (const level of SELECTIVE_LEVELS) {
      const start = performance.now();
      if (done >= 0 && start + nextIterationMs(lastMs, prevMs) / ITERATION_OVERRUN > deadline) break;
      s.setSelectivity(level);
      if (level === 0) this.startHelpers('endgame', pos, empties, nodeLimit);
      const r = solveWithContext(s, pos, { mode: 'exact', guess, pv: level === 0, root: level === 0 ? this.splitRoot() : undefined });
      if (!r.complete) {
        if (s.rootSoundMove >= 0 && s.rootSoundScore * scale > bestScore) {
          bestMove = s.rootSoundMove;
          bestScore = s.rootSoundScore * scale;
        }
        break;
      }
      bestMove = r.move;
      bestScore = r.score * scale;
      guess = r.score;
      done = level;
      pv = r.pv;
      prevMs = lastMs;
      lastMs = performance.now() - start;
    }
    s.setSelectivity(0);
    const result = { move: bestMove, score: bestScore / scale, depth: done >= 0 ? empties : depth, nodes: s.nodes, exact: done === 0 };
    const line = done === 0 && pv !== undefined ? pv : tablePrincipalVariation(s, bestMove, 60);
    return { ...result, pv: line.length > 0 && line[0] === bestMove ? line : [bestMove], ms: performance.now() - t0, ...(done >= 0 ? { selectivity: SELECTIVITY_PERCENT[done] } : {}) };
  }

  /** Uniform choice among root moves proven within `margin` units of the best. */
  private randomChoice(pos: Position, depth: number, bestMove: number, bestScore: number, margin: number, random: () => number): number {
    const s = this.context;
    const candidates = [bestMove];
    for (const m of pos.legalMoveList()) {
      if (m === bestMove) continue;
      pos.makeMove(m);
      // Null-window test: is the move's value above bestScore - margin?
      const threshold = bestScore - margin;
      const v = -midgameSearch(s, depth - 1, -threshold - 1, -threshold, 1);
      pos.unmake();
      if (s.stopped) break;
      if (v > threshold) candidates.push(m);
    }
    candidates.sort((a, b) => a - b);
    return candidates[Math.min(candidates.length - 1, Math.floor(random() * candidates.length))];
  }

  /** Every legal move with its score for the side to move (discs), searched to `depth` plies. */
  analyze(position: Position, depth: number, limits: Omit<ThinkLimits, 'depth'> = {}): MoveScore[] {
    const out: MoveScore[] = [];
    const pos = position.clone();
    const childLimits = { ...limits, depth: Math.max(1, depth - 1) };
    for (const m of pos.legalMoveList()) {
      pos.makeMove(m);
      let score: number;
      let exact: boolean;
      if (pos.isGameOver()) {
        score = -pos.finalScore();
        exact = true;
      } else {
        // (When the opponent must pass, think searches on after the pass: its score is still theirs.)
        const r = this.think(pos, childLimits);
        score = -r.score;
        exact = r.exact;
      }
      pos.unmake();
      out.push({ move: m, score, exact });
    }
    out.sort((a, b) => b.score - a.score || a.move - b.move);
    return out;
  }
}

/**
 * Game time management: the time to spend on this move given the time left on the clock, the
 * number of empties (our remaining moves are about half of them) and the increment per move. It
 * spends more in the midgame, where decisions matter most, keeps a reserve against overhead, and
 * lets the exact solver finish quickly at the end.
 */
export function timeForMove(remainingMs: number, empties: number, incrementMs = 0): number {
  const reserve = Math.min(1000, remainingMs * 0.05);
  const usable = Math.max(0, remainingMs - reserve);
  const movesLeft = Math.max(1, Math.ceil(empties / 2) - 2);
  // Weight the next moves: a midgame move is worth up to 1.5 shares, a late one about 1.
  const weight = empties > 40 ? 1.0 : empties > 20 ? 1.5 : 1.0;
  const share = (usable / movesLeft) * weight + incrementMs * 0.8;
  return Math.max(10, Math.min(share, usable * 0.5 + incrementMs * 0.8));
}

function afterPass(pos: Position): Position {
  const p = pos.clone();
  p.makePass();
  return p;
}

/** An engine playing with a registered build (default: the strongest) or a given table. */
export function createEngine(options: EngineOptions = {}): Engine {
  if (options.table) return new Engine(options.table, options.build ?? 'custom', options);
  const build = loadBuild(options.build ?? 'strongest', options.buildsDir);
  return new Engine(build.table, build.id, { ...options, probcut: options.probcut ?? build.probcut });
}
