// The Go player: Monte-Carlo tree search (UCT with RAVE, after MoGo and Fuego). The candidate
// generators provide the knowledge: at every new node, cheap ones (captures and escapes of
// atari, 3x3 shape, self-atari, edge distance) set prior wins/visits; at the root the full
// generators (tactical reading, the shape database, moyo points, vetoes) add to those priors; the
// playouts use the same cheap rules (playout.ts). The tree lives in typed arrays sized once per
// search (children of a node are contiguous), playouts run on one scratch board copied from the
// root, so a search allocates only when it starts.
//
// Tree reuse: after a search the tree is kept with the position it was searched from (its move
// history). When the next genmove's position follows from it by moves the tree holds (our move and
// the opponent's answer), that subtree is moved to the front of the arrays (breadth first, into
// the spare arrays, which are then swapped in) and the search goes on from its statistics; any
// other position (clear_board, boardsize, undo, loadsgf, another komi) starts a fresh tree. The
// check is on the position itself, so callers need not announce what changed.
//
// Threads (`threads` > 1): one tree shared by all threads (tree parallelism with a virtual loss).
// The tree's arrays are then SharedArrayBuffers; helper workers (threads.ts) attach to them and
// run simulations on the same tree as the main thread until its search ends. A simulation counts
// its visit at every node on its way down (a virtual loss until the result is backed up), so the
// threads spread over the tree instead of all descending the same path. Nodes are allocated by an
// atomic counter and a node is expanded by the one thread that claims it (compare-exchange on its
// firstChild word: 0 unexpanded, -1 being expanded); the statistics are plain racy float updates,
// as in other lock-free tree-parallel programs (a lost update costs a playout's information, never
// a wrong move: every child index is written before its parent's count is published).
import { generateCandidates } from './candidates.js';
import { generatorFeatures } from './features.js';
import { openingBonuses, openingFor } from './opening.js';
import { movePriorsOf, shippedMovePriors, type MovePriors, type PriorModel, type PriorsPayload } from './priors.js';
import { SearchPool, type TreeBuffers } from './threads.js';
import { playoutShapeText } from './playout-shapes.js';
import { PlayoutPolicy } from './playout.js';
import { BLACK, EMPTY, GoBoard, PASS, PatternSet, WHITE, areaScore, parsePatterns } from './rules.js';

export const RESIGN = -2;

export interface SearchOptions {
  /** Playouts per move (default 2000). */
  readonly playouts?: number;
  /** Time limit per move in milliseconds (whichever of the two limits comes first). */
  readonly timeMs?: number;
  /** Resign when the best move wins less often than this (0 never resigns; default 0.05). */
  readonly resignThreshold?: number;
  /** Seed of the playout random numbers (default 1). */
  readonly seed?: number;
  /** Use the full candidate generators for root priors (default true). */
  readonly rootCandidates?: boolean;
  /** Keep the subtree of the moves played between searches (default true). */
  readonly reuseTree?: boolean;
  /** Search threads, this one included (one shared tree, default 1). */
  readonly threads?: number;
  /**
   * Move priors of new nodes: true (default, where files can be read) the learned Bradley-Terry
   * weights shipped in @sente/builds (priors.ts), a decoded priors payload for other weights, or
   * false for the hand-made rules (priorRate); in a browser the default is the hand-made rules.
   */
  readonly priors?: boolean | PriorsPayload;
  /** Learned priors: the prior rate's change per unit of log gamma (default PRIOR_SCALE). */
  readonly priorScale?: number;
  /** A leaf gets its children at its N-th visit, 2 or more (default expandAtFor(size): EXPAND_AT, or EXPAND_AT_LARGE from 13x13). */
  readonly expandAt?: number;
  /**
   * Playouts may fill the opponent's dead eye space with a self-atari of two or more stones
   * (PlayoutPolicy.isNakadeFill; default nakadeFor(size)).
   */
  readonly nakade?: boolean;
  /**
   * The share of a playout's value that its score margin decides (0 to 0.5; default 0, the result
   * alone): a win is worth 1 - w + w * margin / points, a loss w + w * margin / points, so every
   * win still counts above every loss, and among wins (or losses) a larger margin counts more
   * (Fuego's score modification). Not shown stronger: docs/go.md.
   */
  readonly scoreWeight?: number;
  /**
   * Opening knowledge with the learned priors (opening.ts): new nodes' moves on the corner points
   * of empty corners and on open third and fourth lines get a higher prior (default
   * openingFor(size): from 19x19).
   */
  readonly opening?: boolean;
}

export interface SearchResult {
  /** Point, PASS or RESIGN. */
  readonly move: number;
  /** Estimated winning probability of the chosen move for the side to move. */
  readonly winrate: number;
  readonly playouts: number;
  readonly ms: number;
  /** Principal variation (points/PASS) from the root. */
  readonly pv: number[];
  /** Root visits carried over from the previous search's tree (0 for a fresh tree). */
  readonly reused: number;
  /** Playouts of the helper threads, included in `playouts`. */
  readonly helperPlayouts: number;
}

/** Prior visits of a new node (its prior winning rate counts as this many playouts). */
export const PRIOR_VISITS = 10;
const RAVE_K = 1000;
const EXPLORATION = 0.1;
/**
 * The visit at which a leaf gets its children (expandAtFor): 2 below 13x13, 8 from 13x13. An
 * expansion computes the prior of every legal move (on 19x19 about 110 ns each, some 300 a node),
 * so expanding later saves that work on the many leaves visited only a few times, and tree memory
 * (a quarter on 19x19). Measured against 2 (scripts/go-ab.mjs, equal time, colours alternating):
 * 19x19 at 300 ms a move, 8 scored 17/30 (+47 [-78, +180]) and ran 1.12-1.14x the playouts per
 * second from the empty board (16: 1.21x). On 9x9 4 scored 55/100 at 200 ms (+35 [-33, +106]) with 1.12x the
 * playouts, but found a capture at 1,000 playouts in 5 seeds of 6 where 2 found it in all 6
 * (mcts.test.ts), and 9x9's result against GNU Go was measured with 2: 9x9 keeps 2.
 */
const EXPAND_AT = 2;
const EXPAND_AT_LARGE = 8;
/** Boards from this size have the playouts' eye-filling exception by default (nakadeFor). */
export const NAKADE_FROM_SIZE = 13;
/** Below this winning rate, with resignation off, the player passes instead of playing on. */
const HOPELESS = 0.1;
/**
 * Learned priors: a move's prior winning rate is 0.5 + PRIOR_SCALE * ln(gamma / mean gamma of its
 * siblings), so the move the model thinks e^1.25 times likelier than average starts near 0.75 (0.2 beat 0.1 in
 * self-play at 2,000 playouts: docs/go.md).
 */
export const PRIOR_SCALE = 0.2;
/** Progressive widening (boards of this size and up, with learned priors): see widthAt. */
const WIDEN_FROM_SIZE = 13;
const WIDEN_BASE = 40;
const WIDEN_FACTOR = Math.log(1.4);
/** The most tree nodes a search reserves (65 bytes each: about 520 MB, and as much again for tree reuse). */
const MAX_NODES = 8_000_000;
/** Playouts a millisecond per thread, times the board's points: above what any board size reaches. */
const PLAYOUT_RATE = 4000;
// Words of the shared search's control array (Int32Array over a SharedArrayBuffer).
/** Tree nodes in use (the next free index). */
const USED = 0;
/** Playouts started by all threads (each thread adds 1 before a playout, and stops past the budget). */
const STARTED = 1;
/** Set by the main thread when its search ends: the helpers stop at their next playout. */
const STOP = 2;
const CONTROL_WORDS = 4;

/** True where files can be read (Node), so the shipped priors are the default. */
function canReadFiles(): boolean {
  return typeof process !== 'undefined' && typeof process.versions === 'object' && typeof process.versions.node === 'string';
}

const payloadModels = new WeakMap<PriorsPayload, MovePriors>();

export class MctsPlayer {
  private readonly policy: PlayoutPolicy;
  private scratch: GoBoard | null = null;
  // Tree arrays, grown when a search needs more than the last.
  private capacity = 0;
  private move: Int32Array = new Int32Array(0);
  private mover: Uint8Array = new Uint8Array(0);
  private firstChild: Int32Array = new Int32Array(0);
  private childCount: Int32Array = new Int32Array(0);
  /** Visits (the PRIOR_VISITS of a child's prior included): integers, so a shared tree counts them atomically. */
  private visits: Int32Array = new Int32Array(0);
  private wins: Float64Array = new Float64Array(0);
  private raveVisits: Float64Array = new Float64Array(0);
  private raveWins: Float64Array = new Float64Array(0);
  /** Per node, the RAVE-mixed winning rate (1 - beta) q + beta q_rave, kept up to date with the stats. */
  private mix: Float64Array = new Float64Array(0);
  /**
   * Per node, the parts of `mix` that only its own visits and wins decide: (1 - beta) q, and beta.
   * A RAVE update (most of the backup's work) then recomputes mix with one division:
   * mixBase + beta * q_rave, the same floating-point operations as refresh, so the same value.
   */
  private mixBase: Float64Array = new Float64Array(0);
  private beta: Float64Array = new Float64Array(0);
  // The spare set the kept subtree is copied into (allocated at the first reuse).
  private spareCapacity = 0;
  private spareMove: Int32Array = new Int32Array(0);
  private spareMover: Uint8Array = new Uint8Array(0);
  private spareFirstChild: Int32Array = new Int32Array(0);
  private spareChildCount: Int32Array = new Int32Array(0);
  private spareVisits: Int32Array = new Int32Array(0);
  private spareWins: Float64Array = new Float64Array(0);
  private spareRaveVisits: Float64Array = new Float64Array(0);
  private spareRaveWins: Float64Array = new Float64Array(0);
  private spareMix: Float64Array = new Float64Array(0);
  private used = 0;
  private path = new Int32Array(1024);
  private firstPlay = new Uint8Array(0);
  // The position the tree was searched from: size, komi, colour to move, and its history
  // (hash after setup, moves and colours), to recognise a later position that follows from it.
  private treeSize = 0;
  private treeKomi = 0;
  private treeColor = EMPTY;
  private treePly = -1;
  private treeHashLo = 0;
  private treeHashHi = 0;
  private treeMoves = new Int32Array(0);
  private pool: SearchPool | null = null;
  /** The tree's arrays are SharedArrayBuffers (threads > 1, or a helper's attached views). */
  private readonly sharedTree: boolean;
  /** The shared search's control words (USED, STARTED, STOP), or null for one thread. */
  private control: Int32Array | null = null;
  /** A helper did not stop when asked: the next search must not reuse this tree's memory. */
  private abandoned = false;
  /** Progressive widening in this search (learned priors on a large board; children sorted). */
  private widening = false;
  /** A leaf is expanded at this visit in this search (expandAtFor, or the option). */
  private expandAt = EXPAND_AT;
  /** The score weight of this search (the option, default 0) and 1 / the board's points. */
  private scoreWeight = 0;
  private invPoints = 1;
  private readonly priorScale: number;
  /** The learned priors (null: the hand-made rules). */
  private readonly priors: MovePriors | null;
  /** Scratch of expandLearned: points, log strengths and the sort keys of one node's children. */
  private expandPoints = new Int32Array(0);
  private expandLog = new Float64Array(0);
  private expandKeys = new Float64Array(0);
  private expandIntKeys = new Int32Array(0);
  /** The opening bonuses in this search (the option, else openingFor), and their scratch. */
  private opening = false;
  private openingSat = new Int32Array(0);
  private openingBonus = new Float64Array(0);
  /** Per point, playouts in which black owned it at the end (last search). */
  ownerBlack = new Float64Array(0);
  /** Playouts in the last search (this thread's). */
  lastPlayouts = 0;

  constructor(readonly options: SearchOptions = {}) {
    this.policy = new PlayoutPolicy(playoutShapeScores(), options.seed ?? 1);
    this.priorScale = options.priorScale ?? PRIOR_SCALE;
    const priors = options.priors ?? true;
    if (priors === false) this.priors = null;
    else if (priors === true) this.priors = canReadFiles() ? shippedMovePriors() : null;
    else {
      let m = payloadModels.get(priors);
      if (!m) {
        m = movePriorsOf(priors);
        payloadModels.set(priors, m);
      }
      this.priors = m;
    }
    const threads = options.threads ?? 1;
    if (!Number.isInteger(threads) || threads < 1 || threads > 64) throw new RangeError(`threads must be an integer 1..64, got ${threads}`);
    const expandAt = options.expandAt;
    // At 1 a simulation would expand every new node it enters, down to the end of the game.
    if (expandAt !== undefined && (!Number.isInteger(expandAt) || expandAt < 2 || expandAt > 1000)) throw new RangeError(`expandAt must be an integer 2..1000, got ${expandAt}`);
    const scoreWeight = options.scoreWeight;
    if (scoreWeight !== undefined && !(scoreWeight >= 0 && scoreWeight <= 0.5)) throw new RangeError(`scoreWeight must be a number 0..0.5, got ${scoreWeight}`);
    this.sharedTree = threads > 1;
  }

  private i32(n: number): Int32Array {
    return new Int32Array(this.sharedTree ? new SharedArrayBuffer(4 * n) : new ArrayBuffer(4 * n));
  }

  private u8(n: number): Uint8Array {
    return new Uint8Array(this.sharedTree ? new SharedArrayBuffer(n) : new ArrayBuffer(n));
  }

  private f64(n: number): Float64Array {
    return new Float64Array(this.sharedTree ? new SharedArrayBuffer(8 * n) : new ArrayBuffer(8 * n));
  }

  /** The tree's current arrays, for the helpers to attach to. */
  private treeBuffers(): TreeBuffers {
    return {
      capacity: this.capacity,
      move: this.move.buffer as SharedArrayBuffer,
      mover: this.mover.buffer as SharedArrayBuffer,
      firstChild: this.firstChild.buffer as SharedArrayBuffer,
      childCount: this.childCount.buffer as SharedArrayBuffer,
      visits: this.visits.buffer as SharedArrayBuffer,
      wins: this.wins.buffer as SharedArrayBuffer,
      raveVisits: this.raveVisits.buffer as SharedArrayBuffer,
      raveWins: this.raveWins.buffer as SharedArrayBuffer,
      mix: this.mix.buffer as SharedArrayBuffer,
      mixBase: this.mixBase.buffer as SharedArrayBuffer,
      beta: this.beta.buffer as SharedArrayBuffer,
    };
  }

  /** Stops the helper threads (if any). The player may still search; it starts them again. */
  close(): void {
    this.pool?.close();
    this.pool = null;
  }

  /**
   * Chooses a move for `color` on `board` (the board is not changed). `timeMs`, if given,
   * replaces the time limit of the options for this move (a game clock's share).
   */
  genmove(board: GoBoard, color: number, komi: number, timeMs: number = this.options.timeMs ?? Infinity): SearchResult {
    const start = Date.now();
    const threads = this.options.threads ?? 1;
    // A playout budget (given, or the default without a time limit) counts the playouts of all
    // threads; a time budget is the same for each.
    const total = this.options.playouts ?? (Number.isFinite(timeMs) ? 1e9 : 2000);
    if (threads > 1) this.pool ??= new SearchPool(threads - 1, this.options);
    const { reused, helperPlayouts } = this.search(board, color, komi, timeMs, total, start);
    const playouts = this.lastPlayouts + helperPlayouts;
    const size = board.size;
    let best = this.bestChild(0, false);
    let move = best < 0 ? PASS : this.move[best];
    let winrate = best < 0 ? 0 : this.wins[best] / Math.max(1, this.visits[best]);

    // Passing: only when the opponent has passed, we win the area count as the board stands, and
    // no opponent stone looks dead (otherwise the other program's dead-stone removal and our
    // count would disagree): then the game ends with a score both sides agree on. Otherwise a
    // pass is played only when no sensible move is left: under area scoring, playing on never
    // costs points, and a losing engine should resign rather than pass.
    const opponentPassed = board.ply > 0 && board.moveAt(board.ply - 1) === PASS;
    if (opponentPassed) {
      const margin = areaScore(board, komi).margin;
      const winning = color === BLACK ? margin > 0 : margin < 0;
      const dead = this.deadStoneTarget(board, color, this.lastPlayouts);
      if (winning && dead === 0) return { move: PASS, winrate: 1, playouts, ms: Date.now() - start, pv: [PASS], reused, helperPlayouts };
      if (dead !== 0) move = dead;
      else if (!winning) {
        // Behind on the board: play on only while the search still sees a fair chance, and not
        // forever (stones played into settled territory are just captured again).
        const alt = this.bestChild(0, true);
        const chance = alt >= 0 ? this.wins[alt] / Math.max(1, this.visits[alt]) : 0;
        if (chance < 0.4 || board.ply > 2 * size * size) return { move: PASS, winrate: chance, playouts, ms: Date.now() - start, pv: [PASS], reused, helperPlayouts };
      }
    }
    if (move === PASS) {
      const alt = this.bestChild(0, true);
      if (alt >= 0) {
        best = alt;
        move = this.move[alt];
        winrate = this.wins[alt] / Math.max(1, this.visits[alt]);
      }
    }
    const resign = this.options.resignThreshold ?? 0.05;
    if (resign > 0 && best >= 0 && playouts >= 100 && winrate < resign) move = RESIGN;
    // Without resignation, a hopeless position is passed rather than played on: every move wins
    // equally rarely, so the search would pick among them at random and may fill its own eyes.
    else if (resign === 0 && move !== PASS && playouts >= 100 && winrate < HOPELESS) move = PASS;
    const pv: number[] = [];
    let node = 0;
    while (this.childCount[node] > 0 && pv.length < 10) {
      const c = this.bestChild(node, false);
      if (c < 0 || this.visits[c] < PRIOR_VISITS + 2) break;
      pv.push(this.move[c]);
      node = c;
    }
    return { move, winrate, playouts, ms: Date.now() - start, pv, reused, helperPlayouts };
  }

  /**
   * Searches `color`'s position on `board` for up to `timeMs` from `start` or `maxPlayouts`
   * playouts, in the kept subtree when the position follows from the last search's (see the top
   * of the file), else in a fresh tree. Leaves the tree in place; `lastPlayouts` counts them.
   */
  private search(board: GoBoard, color: number, komi: number, timeMs: number, maxPlayouts: number, start: number): { reused: number; helperPlayouts: number } {
    const size = board.size;
    if (this.abandoned) {
      // A helper may still write into the last tree's memory: forget it, allocate anew.
      this.abandoned = false;
      this.treePly = -1;
      this.capacity = 0;
      this.spareCapacity = 0;
    }
    const scratch = this.prepareScratch(board);
    this.expandAt = this.options.expandAt ?? expandAtFor(size);
    this.policy.nakade = this.options.nakade ?? nakadeFor(size);
    this.opening = this.priors !== null && (this.options.opening ?? openingFor(size));
    this.setScoreWeight(size);
    const need = treeNodesFor(size, timeMs, this.options.threads ?? 1, maxPlayouts, this.expandAt);

    const root = board.clone();
    root.toMove = color;
    this.widening = this.priors !== null && size >= WIDEN_FROM_SIZE;
    const kept = (this.options.reuseTree ?? true) ? this.keptRoot(board, color, komi) : -1;
    let reused = 0;
    if (kept >= 0) {
      this.moveToFront(kept, root, color, need);
      reused = this.visits[0];
      if (this.childCount[0] === 0) this.expand(0, root, true);
      else if (this.options.rootCandidates ?? true) this.addRootBonuses(root, color);
    } else {
      // A fresh root: its children are the legal moves (superko included) with priors.
      this.reserve(need);
      this.used = 1;
      this.move[0] = PASS;
      this.mover[0] = 3 - color;
      this.visits[0] = 0;
      this.wins[0] = 0;
      this.childCount[0] = 0;
      this.expand(0, root, true);
    }
    this.rememberRoot(board, color, komi);

    let playouts = 0;
    const maxMoves = 3 * size * size;
    const rootLast = board.ply > 0 ? Math.max(0, board.moveAt(board.ply - 1)) : 0;
    const pool = this.pool;
    if (pool === null) {
      while (playouts < maxPlayouts) {
        // The clock is looked at every 32 playouts, the first time after 32: a move always rests
        // on some playouts, even when setting up the search used up a tiny time budget.
        if ((playouts & 31) === 0 && playouts > 0 && Date.now() - start > timeMs) break;
        scratch.copyFrom(root);
        this.simulate(scratch, komi, maxMoves, rootLast);
        playouts++;
      }
      this.lastPlayouts = playouts;
      return { reused, helperPlayouts: 0 };
    }
    // Threads: the helpers join the search on this tree once its root is ready.
    const control = (this.control ??= new Int32Array(new SharedArrayBuffer(4 * CONTROL_WORDS)));
    Atomics.store(control, USED, this.used);
    Atomics.store(control, STARTED, 0);
    Atomics.store(control, STOP, 0);
    const deadline = start + timeMs;
    pool.start(board, color, komi, deadline, maxPlayouts, control.buffer as SharedArrayBuffer, this.treeBuffers());
    this.lastPlayouts = this.runShared(root, komi, maxPlayouts, deadline, rootLast);
    Atomics.store(control, STOP, 1);
    const helpers = pool.collect(Date.now() + 10_000);
    if (!helpers.complete) {
      // A helper did not stop (a stuck or descheduled worker): end the pool, and give the next
      // search fresh memory, so that nothing it may still write can touch a later tree.
      pool.close();
      this.pool = null;
      this.abandoned = true;
    }
    this.used = Math.min(this.capacity, Atomics.load(control, USED));
    // Nor its control words (its node and playout counters).
    if (this.abandoned) this.control = null;
    return { reused, helperPlayouts: helpers.playouts };
  }

  /**
   * The simulations of one thread on the shared tree from `root` (its children already there),
   * until `maxPlayouts` have been started by all threads, `deadline` (Date.now() scale) passes or
   * the main thread sets STOP; returns how many this thread ran.
   */
  private runShared(root: GoBoard, komi: number, maxPlayouts: number, deadline: number, rootLast: number): number {
    const control = this.control!;
    const scratch = this.scratch!;
    const maxMoves = 3 * root.size * root.size;
    let playouts = 0;
    for (;;) {
      if (Atomics.add(control, STARTED, 1) >= maxPlayouts) break;
      if (Atomics.load(control, STOP) !== 0) break;
      if ((playouts & 31) === 0 && playouts > 0 && Date.now() > deadline) break;
      scratch.copyFrom(root);
      this.simulate(scratch, komi, maxMoves, rootLast);
      playouts++;
    }
    return playouts;
  }

  /**
   * For a helper thread: attaches to the main thread's tree (`tree`, `control`) and runs
   * simulations on it from `color`'s position on `board` until the main thread's search ends (or
   * `deadline`, or the budget); returns how many it ran. The tree's root must be expanded.
   */
  searchShared(board: GoBoard, color: number, komi: number, deadline: number, maxPlayouts: number, tree: TreeBuffers, control: SharedArrayBuffer): number {
    const size = board.size;
    this.prepareScratch(board);
    this.capacity = tree.capacity;
    this.move = new Int32Array(tree.move);
    this.mover = new Uint8Array(tree.mover);
    this.firstChild = new Int32Array(tree.firstChild);
    this.childCount = new Int32Array(tree.childCount);
    this.visits = new Int32Array(tree.visits);
    this.wins = new Float64Array(tree.wins);
    this.raveVisits = new Float64Array(tree.raveVisits);
    this.raveWins = new Float64Array(tree.raveWins);
    this.mix = new Float64Array(tree.mix);
    this.mixBase = new Float64Array(tree.mixBase);
    this.beta = new Float64Array(tree.beta);
    this.control = new Int32Array(control);
    this.treePly = -1; // this player's own tree is gone: nothing to reuse
    this.widening = this.priors !== null && size >= WIDEN_FROM_SIZE;
    this.expandAt = this.options.expandAt ?? expandAtFor(size);
    this.policy.nakade = this.options.nakade ?? nakadeFor(size);
    this.opening = this.priors !== null && (this.options.opening ?? openingFor(size));
    this.setScoreWeight(size);
    const root = board.clone();
    root.toMove = color;
    const rootLast = board.ply > 0 ? Math.max(0, board.moveAt(board.ply - 1)) : 0;
    const n = this.runShared(root, komi, maxPlayouts, deadline, rootLast);
    this.lastPlayouts = n;
    return n;
  }

  /**
   * Visits of the node the last search's tree reaches from its root by `moves` (points or PASS,
   * alternating from the side that was to move), or -1 when the tree has no such node.
   */
  nodeVisits(moves: readonly number[]): number {
    if (this.treePly < 0) return -1;
    let node = 0;
    for (const m of moves) {
      const first = this.firstChild[node];
      let next = -1;
      for (let ch = first, end = first + this.childCount[node]; ch < end; ch++) {
        if (this.move[ch] === m) {
          next = ch;
          break;
        }
      }
      if (next < 0) return -1;
      node = next;
    }
    return this.visits[node];
  }

  /** The root children of the last search: move, visits and wins (priors included), merged over threads. */
  rootChildren(): Array<{ move: number; visits: number; wins: number }> {
    const out: Array<{ move: number; visits: number; wins: number }> = [];
    if (this.treePly < 0) return out;
    const first = this.firstChild[0];
    for (let ch = first, end = first + this.childCount[0]; ch < end; ch++) out.push({ move: this.move[ch], visits: this.visits[ch], wins: this.wins[ch] });
    return out;
  }

  /** Sets this search's score weight (the option, default 0) and the board's points. */
  private setScoreWeight(size: number): void {
    this.scoreWeight = this.options.scoreWeight ?? 0;
    this.invPoints = 1 / (size * size);
  }

  /** Records the searched position (see keptRoot). */
  private rememberRoot(board: GoBoard, color: number, komi: number): void {
    this.treeSize = board.size;
    this.treeKomi = komi;
    this.treeColor = color;
    this.treePly = board.ply;
    this.treeHashLo = board.hashLoAt(0);
    this.treeHashHi = board.hashHiAt(0);
    if (this.treeMoves.length < 2 * board.ply) this.treeMoves = new Int32Array(4 * board.ply + 64);
    for (let k = 0; k < board.ply; k++) {
      this.treeMoves[2 * k] = board.moveAt(k);
      this.treeMoves[2 * k + 1] = board.colorAt(k);
    }
  }

  /**
   * The node of the kept tree for `color` to move on `board`, when the board's history extends
   * the searched position's by moves the tree holds and that node has children; else -1.
   */
  private keptRoot(board: GoBoard, color: number, komi: number): number {
    if (this.treePly < 0 || this.treeSize !== board.size || this.treeKomi !== komi || board.ply < this.treePly) return -1;
    if (board.hashLoAt(0) !== this.treeHashLo || board.hashHiAt(0) !== this.treeHashHi) return -1;
    for (let k = 0; k < this.treePly; k++) {
      if (board.moveAt(k) !== this.treeMoves[2 * k] || board.colorAt(k) !== this.treeMoves[2 * k + 1]) return -1;
    }
    let node = 0;
    // The searched root had treeColor to move; its first move must be that colour's.
    for (let k = this.treePly; k < board.ply; k++) {
      const m = board.moveAt(k);
      const c = board.colorAt(k);
      const first = this.firstChild[node];
      const end = first + this.childCount[node];
      let next = -1;
      for (let ch = first; ch < end; ch++) {
        if (this.move[ch] === m && this.mover[ch] === c) {
          next = ch;
          break;
        }
      }
      if (next < 0) return -1;
      node = next;
    }
    if (node === 0 && this.treeColor !== color) return -1;
    if (this.childCount[node] === 0) return node === 0 ? -1 : this.mover[node] === 3 - color ? node : -1;
    return this.mover[this.firstChild[node]] === color ? node : -1;
  }

  /**
   * Copies the subtree under `r` to the front of the spare arrays, breadth first (node r becomes
   * 0), dropping root children that are illegal on `root` (superko), and swaps the arrays.
   */
  private moveToFront(r: number, root: GoBoard, color: number, need: number): void {
    const cap = Math.max(need, this.capacity);
    if (this.spareCapacity < cap) {
      this.spareCapacity = Math.ceil(cap);
      this.spareMove = this.i32(this.spareCapacity);
      this.spareMover = this.u8(this.spareCapacity);
      this.spareFirstChild = this.i32(this.spareCapacity);
      this.spareChildCount = this.i32(this.spareCapacity);
      this.spareVisits = this.i32(this.spareCapacity);
      this.spareWins = this.f64(this.spareCapacity);
      this.spareRaveVisits = this.f64(this.spareCapacity);
      this.spareRaveWins = this.f64(this.spareCapacity);
      this.spareMix = this.f64(this.spareCapacity);
    }
    const sm = this.spareMove;
    const smv = this.spareMover;
    const sf = this.spareFirstChild;
    const sc = this.spareChildCount;
    const sv = this.spareVisits;
    const sw = this.spareWins;
    const srv = this.spareRaveVisits;
    const srw = this.spareRaveWins;
    const smix = this.spareMix;
    const copy = (from: number, to: number): void => {
      sm[to] = this.move[from];
      smv[to] = this.mover[from];
      sv[to] = this.visits[from];
      sw[to] = this.wins[from];
      srv[to] = this.raveVisits[from];
      srw[to] = this.raveWins[from];
      smix[to] = this.mix[from];
      sf[to] = from; // the old index until the node's children are placed
      sc[to] = 0;
    };
    copy(r, 0);
    let used = 1;
    for (let i = 0; i < used; i++) {
      const old = sf[i];
      const n = this.childCount[old];
      const first = this.firstChild[old];
      sf[i] = used;
      let k = 0;
      for (let ch = first; ch < first + n; ch++) {
        if (i === 0 && this.move[ch] !== PASS && !root.isLegal(this.move[ch], color)) continue;
        copy(ch, used + k);
        k++;
      }
      sc[i] = k;
      if (k === 0) sf[i] = 0;
      used += k;
    }
    // Swap the sets: the old tree becomes the spare.
    [this.move, this.spareMove] = [this.spareMove, this.move];
    [this.mover, this.spareMover] = [this.spareMover, this.mover];
    [this.firstChild, this.spareFirstChild] = [this.spareFirstChild, this.firstChild];
    [this.childCount, this.spareChildCount] = [this.spareChildCount, this.childCount];
    [this.visits, this.spareVisits] = [this.spareVisits, this.visits];
    [this.wins, this.spareWins] = [this.spareWins, this.wins];
    [this.raveVisits, this.spareRaveVisits] = [this.spareRaveVisits, this.raveVisits];
    [this.raveWins, this.spareRaveWins] = [this.spareRaveWins, this.raveWins];
    [this.mix, this.spareMix] = [this.spareMix, this.mix];
    [this.capacity, this.spareCapacity] = [this.spareCapacity, this.capacity];
    this.used = used;
    if (this.mixBase.length < this.capacity) {
      this.mixBase = this.f64(this.capacity);
      this.beta = this.f64(this.capacity);
    }
    // The kept nodes' mix parts, from their copied statistics (mix itself was copied).
    for (let i = 0; i < used; i++) {
      const beta = raveBeta(this.visits[i]);
      this.beta[i] = beta;
      this.mixBase[i] = (1 - beta) * (this.wins[i] / this.visits[i]);
    }
  }

  /** The root generators' adjustments on a kept root (a fresh root gets them in expand). */
  private addRootBonuses(root: GoBoard, color: number): void {
    const bonus = this.priors ? this.learnedRootBonuses(root, color) : rootBonuses(root, color);
    const first = this.firstChild[0];
    for (let ch = first, end = first + this.childCount[0]; ch < end; ch++) {
      const b = bonus.get(this.move[ch]);
      if (b === undefined) continue;
      this.wins[ch] = Math.min(this.visits[ch], Math.max(0, this.wins[ch] + PRIOR_VISITS * b));
      this.raveWins[ch] = Math.min(this.raveVisits[ch], Math.max(0, this.raveWins[ch] + PRIOR_VISITS * b));
      this.refresh(ch);
    }
  }

  /**
   * Plays `playouts` playouts from `board` as it stands (the side to move first) and returns, per
   * point, the share of playouts in which black owned it at the end (stone or eye); border points
   * are 0. The dead-stone judgement (status.ts) reads it. Allocates only the returned array.
   */
  playoutOwnership(board: GoBoard, komi: number, playouts: number): Float64Array {
    const scratch = this.prepareScratch(board);
    const maxMoves = 3 * board.size * board.size;
    const last = board.ply > 0 ? Math.max(0, board.moveAt(board.ply - 1)) : 0;
    const n = Math.max(1, playouts | 0);
    for (let i = 0; i < n; i++) {
      scratch.copyFrom(board);
      // A finished game (two passes) is played on: the judgement asks what happens if it were not.
      scratch.passes = 0;
      this.policy.playout(scratch, komi, last, this.firstPlay, maxMoves);
      this.recordOwnership(scratch);
    }
    const share = new Float64Array(board.points);
    for (let p = 0; p < board.points; p++) share[p] = this.ownerBlack[p] / n;
    return share;
  }

  /**
   * This thread's playout scratch for `board`'s size: the scratch board, the first-play marks
   * (RAVE) and the ownership counts (cleared); returns the scratch board.
   */
  private prepareScratch(board: GoBoard): GoBoard {
    if (!this.scratch || this.scratch.size !== board.size) this.scratch = scratchBoard(board.size);
    if (this.firstPlay.length !== board.points) {
      this.firstPlay = new Uint8Array(board.points);
      this.ownerBlack = new Float64Array(board.points);
    }
    this.ownerBlack.fill(0);
    return this.scratch;
  }

  /** A liberty of an opponent chain the playouts say is dead (owned by `color`), or 0. */
  private deadStoneTarget(board: GoBoard, color: number, playouts: number): number {
    if (playouts === 0) return 0;
    const o = 3 - color;
    let bestLibs = 1 << 30;
    let target = 0;
    const libs = new Int32Array(board.points);
    for (let p = 0; p < board.points; p++) {
      if (board.color[p] !== o || board.head[p] !== p) continue;
      const blackShare = this.ownerBlack[p] / playouts;
      const ours = color === BLACK ? blackShare : 1 - blackShare;
      if (ours < 0.8) continue;
      const n = board.libertyPoints(p, libs);
      for (let i = 0; i < n && i < libs.length; i++) {
        const m = libs[i];
        if (board.isLegal(m, color) && n < bestLibs) {
          bestLibs = n;
          target = m;
        }
      }
    }
    return target;
  }

  private reserve(n: number): void {
    if (n <= this.capacity) return;
    this.capacity = Math.ceil(n);
    this.move = this.i32(this.capacity);
    this.mover = this.u8(this.capacity);
    this.firstChild = this.i32(this.capacity);
    this.childCount = this.i32(this.capacity);
    this.visits = this.i32(this.capacity);
    this.wins = this.f64(this.capacity);
    this.raveVisits = this.f64(this.capacity);
    this.raveWins = this.f64(this.capacity);
    this.mix = this.f64(this.capacity);
    this.mixBase = this.f64(this.capacity);
    this.beta = this.f64(this.capacity);
  }

  /**
   * One simulation: descend, maybe expand, play out, back up. On a shared tree (`control` set)
   * the visits are counted on the way down (the virtual loss; the backup adds the wins) and a
   * node is expanded by the thread that claims it.
   */
  private simulate(b: GoBoard, komi: number, maxMoves: number, rootLast: number): void {
    this.firstPlay.fill(0);
    const shared = this.control !== null;
    let node = 0;
    let len = 0;
    this.path[len++] = 0;
    if (shared) Atomics.add(this.visits, 0, 1);
    let last = rootLast;
    let over = false;
    for (;;) {
      if (shared) {
        if (Atomics.load(this.childCount, node) === 0) {
          // This simulation's own visit is already counted.
          const real = node === 0 ? this.visits[0] - 1 : this.visits[node] - 1 - PRIOR_VISITS;
          if (real + 1 < this.expandAt || !this.expandShared(node, b)) break;
        }
      } else if (this.childCount[node] === 0) {
        const real = node === 0 ? this.visits[0] : this.visits[node] - PRIOR_VISITS;
        if (real + 1 >= this.expandAt && this.used + b.emptyCount + 1 <= this.capacity) this.expand(node, b, false);
        if (this.childCount[node] === 0) break;
      }
      const child = this.select(node);
      if (shared) {
        Atomics.add(this.visits, child, 1);
        this.refresh(child);
      }
      const m = this.move[child];
      const c = b.toMove;
      if (m === PASS) b.pass(c);
      else {
        b.playUnchecked(m, c);
        if (this.firstPlay[m] === 0) this.firstPlay[m] = c;
      }
      last = m;
      if (len < this.path.length) this.path[len++] = child;
      node = child;
      if (b.passes >= 2) {
        over = true;
        break;
      }
    }
    if (!over) this.policy.playMoves(b, last > 0 ? last : 0, this.firstPlay, maxMoves);
    const margin = this.recordOwnership(b) - komi;
    // The playout's value for black: 1 or 0 for a win or a loss, moved towards the margin by the
    // score weight (exactly 1, 0 or 0.5 when the weight is 0).
    const w = this.scoreWeight;
    const blackValue = margin > 0 ? 1 - w + w * margin * this.invPoints : margin < 0 ? w + w * margin * this.invPoints : 0.5;
    const whiteValue = 1 - blackValue;
    const widening = this.widening;
    for (let i = 0; i < len; i++) {
      const nd = this.path[i];
      if (!shared) this.visits[nd] += 1;
      this.wins[nd] += this.mover[nd] === BLACK ? blackValue : whiteValue;
      this.refresh(nd);
      const toMove = 3 - this.mover[nd];
      const first = this.firstChild[nd];
      const end = first + this.childCount[nd];
      for (let ch = first; ch < end; ch++) {
        const m = this.move[ch];
        if (m > 0 && this.firstPlay[m] === toMove) {
          this.raveVisits[ch] += 1;
          this.raveWins[ch] += toMove === BLACK ? blackValue : whiteValue;
          // With progressive widening select reads a few children of a node, so it computes
          // their mix itself (the same operations) rather than the backup for all of them.
          if (!widening) this.refreshRave(ch);
        }
      }
    }
  }

  /**
   * Expands node of the shared tree for the position on b, if this thread claims it first and the
   * tree has room; returns whether the node has children (by this thread or another).
   */
  private expandShared(node: number, b: GoBoard): boolean {
    const control = this.control!;
    const room = b.emptyCount + 1;
    if (Atomics.load(control, USED) + room > this.capacity) return false;
    if (Atomics.compareExchange(this.firstChild, node, 0, -1) !== 0) return Atomics.load(this.childCount, node) > 0;
    const first = Atomics.add(control, USED, room);
    if (first + room > this.capacity) {
      Atomics.store(this.firstChild, node, 0);
      return false;
    }
    // expand writes the children from `used`, then the node's firstChild and childCount; the
    // atomic store publishes the count after everything it counts.
    this.used = first;
    this.expand(node, b, false);
    Atomics.store(this.childCount, node, this.childCount[node]);
    return true;
  }

  /**
   * Adds the final position's black points to `ownerBlack` and returns the area margin for black
   * without komi (the same count as quickAreaMargin, in the same pass).
   */
  private recordOwnership(b: GoBoard): number {
    const col = b.color;
    const owner = this.ownerBlack;
    const W = b.stride;
    let margin = 0;
    for (let p = W + 1, end = b.points - W - 1; p < end; p++) {
      const c = col[p];
      if (c === BLACK) {
        owner[p]++;
        margin++;
      } else if (c === WHITE) margin--;
      else if (c === EMPTY) {
        const t = touchesOf(col[p - W]) | touchesOf(col[p + 1]) | touchesOf(col[p + W]) | touchesOf(col[p - 1]);
        if (t === BLACK) {
          owner[p]++;
          margin++;
        } else if (t === WHITE) margin--;
      }
    }
    return margin;
  }

  /** UCT-RAVE choice among the children of node (the first widthAt of them, and pass, when widening). */
  private select(node: number): number {
    const first = this.firstChild[node];
    const end = first + this.childCount[node];
    const n = this.visits[node];
    const logN = Math.log(n + 1);
    let best = first;
    let bestValue = -Infinity;
    const visits = this.visits;
    const mix = this.mix;
    let stop = end;
    if (this.widening) {
      const width = widthAt(n);
      if (width < end - 1 - first) {
        stop = first + width;
        // Pass, the last child, stays a choice.
        const pass = end - 1;
        this.refreshRave(pass);
        bestValue = mix[pass] + EXPLORATION * Math.sqrt(logN / visits[pass]);
        best = pass;
      }
      // The backup leaves mix to this point when widening (see simulate).
      for (let ch = first; ch < stop; ch++) this.refreshRave(ch);
    }
    // Every child has at least PRIOR_VISITS visits, so its exploration term is at most `bound`
    // (each floating-point step is monotone): a child whose mix plus bound does not beat the best
    // so far cannot win, and its square root is skipped.
    const bound = EXPLORATION * Math.sqrt(logN / PRIOR_VISITS);
    for (let ch = first; ch < stop; ch++) {
      const m = mix[ch];
      if (m + bound <= bestValue) continue;
      const value = m + EXPLORATION * Math.sqrt(logN / visits[ch]);
      if (value > bestValue) {
        bestValue = value;
        best = ch;
      }
    }
    return best;
  }

  /** Recomputes the mixed rate of node i after its statistics changed (select reads it). */
  private refresh(i: number): void {
    const n = this.visits[i];
    const q = this.wins[i] / n;
    const rq = this.raveWins[i] / this.raveVisits[i];
    const beta = raveBeta(n);
    const base = (1 - beta) * q;
    this.beta[i] = beta;
    this.mixBase[i] = base;
    this.mix[i] = base + beta * rq;
  }

  /** refresh after only the RAVE statistics of node i changed (its mixBase and beta still hold). */
  private refreshRave(i: number): void {
    this.mix[i] = this.mixBase[i] + this.beta[i] * (this.raveWins[i] / this.raveVisits[i]);
  }

  /** Most visited child (real visits, priors removed); optionally not PASS. Returns -1 if none. */
  private bestChild(node: number, noPass: boolean): number {
    const first = this.firstChild[node];
    const end = first + this.childCount[node];
    let best = -1;
    let bestVisits = -1;
    for (let ch = first; ch < end; ch++) {
      if (noPass && this.move[ch] === PASS) continue;
      const v = this.visits[ch];
      if (v > bestVisits) {
        bestVisits = v;
        best = ch;
      }
    }
    return best;
  }

  /**
   * For a kept root (its children have the local model's priors): the change of each child's
   * prior rate under the full model (the root's generators included), as a map point -> delta.
   */
  private learnedRootBonuses(root: GoBoard, color: number): Map<number, number> {
    const priors = this.priors!;
    const gen = generatorFeatures(root, color, 500);
    const first = this.firstChild[0];
    const points: number[] = [];
    for (let ch = first, end = first + this.childCount[0]; ch < end; ch++) if (this.move[ch] > 0) points.push(this.move[ch]);
    const local = points.map((p) => priors.local.logStrength(root, p, color));
    const full = points.map((p) => priors.full.logStrength(root, p, color) + priors.full.generatorStrength(gen.get(p) ?? 0));
    const lm = logMean(local, local.length);
    const fm = logMean(full, full.length);
    const out = new Map<number, number>();
    points.forEach((p, i) => out.set(p, this.priorScale * (full[i] - fm - (local[i] - lm))));
    return out;
  }

  /** Adds the children of node for the position on b, with prior statistics. */
  private expand(node: number, b: GoBoard, atRoot: boolean): void {
    if (this.priors) {
      this.expandLearned(node, b, atRoot, this.priors);
      return;
    }
    const c = b.toMove;
    const first = this.used;
    let n = 0;
    const bonus = atRoot && (this.options.rootCandidates ?? true) ? rootBonuses(b, c) : null;
    // At the root, isLegal may play and undo (superko), which reorders the empty list: iterate
    // over a copy there; below the root the list is read as it is.
    const empties = atRoot ? b.emptyList.slice(0, b.emptyCount) : b.emptyList;
    const count = b.emptyCount;
    for (let i = 0; i < count; i++) {
      const p = empties[i];
      if (atRoot ? !b.isLegal(p, c) : !b.isLegalSimple(p, c)) continue;
      if (this.policy.isEyeLike(b, p, c)) continue;
      let rate = this.priorRate(b, p, c);
      if (bonus) rate += bonus.get(p) ?? 0;
      this.addChild(first + n, p, c, rate);
      n++;
    }
    // Pass is always a child: likely only when little is left to play.
    this.addChild(first + n, PASS, c, n > b.size ? 0.1 : 0.4);
    n++;
    this.firstChild[node] = first;
    this.childCount[node] = n;
    this.used += n;
  }

  /**
   * expand with the learned priors: the local model below the root, the full model (generators
   * included) at the root; children sorted by strength, strongest first, on boards where the
   * search widens progressively; pass last as always.
   */
  private expandLearned(node: number, b: GoBoard, atRoot: boolean, priors: MovePriors): void {
    const c = b.toMove;
    const first = this.used;
    const gen = atRoot && (this.options.rootCandidates ?? true) ? generatorFeatures(b, c, 500) : null;
    const model: PriorModel = gen ? priors.full : priors.local;
    if (this.expandPoints.length < b.points) {
      this.expandPoints = new Int32Array(b.points);
      this.expandLog = new Float64Array(b.points);
      this.expandKeys = new Float64Array(b.points);
      this.expandIntKeys = new Int32Array(b.points);
    }
    let bonus: Float64Array | null = null;
    if (this.opening) {
      const cells = (b.size + 1) * (b.size + 1);
      if (this.openingSat.length < cells) this.openingSat = new Int32Array(cells);
      if (this.openingBonus.length < b.points) this.openingBonus = new Float64Array(b.points);
      if (openingBonuses(b, this.openingSat, this.openingBonus)) bonus = this.openingBonus;
    }
    const pts = this.expandPoints;
    const lg = this.expandLog;
    const empties = atRoot ? b.emptyList.slice(0, b.emptyCount) : b.emptyList;
    const count = b.emptyCount;
    const last = b.ply > 0 ? b.moveAt(b.ply - 1) : PASS;
    const before = b.ply > 1 ? b.moveAt(b.ply - 2) : PASS;
    let n = 0;
    let max = -Infinity;
    for (let i = 0; i < count; i++) {
      const p = empties[i];
      if (atRoot ? !b.isLegal(p, c) : !b.isLegalSimple(p, c)) continue;
      if (this.policy.isEyeLike(b, p, c)) continue;
      let s = model.logStrengthAfter(b, p, c, last, before);
      if (gen) s += model.generatorStrength(gen.get(p) ?? 0);
      if (bonus !== null) s += bonus[p];
      pts[n] = p;
      lg[n] = s;
      if (s > max) max = s;
      n++;
    }
    let sum = 0;
    for (let i = 0; i < n; i++) sum += Math.exp(lg[i] - max);
    const mean = n > 0 ? max + Math.log(sum / n) : 0;
    if (b.size >= WIDEN_FROM_SIZE && n > 1) {
      // Strongest first: sort keys of strength and index (the index in the low bits of a float
      // would lose precision; sort the negated strengths with the index as the fraction instead).
      // Rounded strengths below 2^21 (always, in practice) make the same keys as int32s, which
      // sort faster; the order is the same.
      const ints = this.expandIntKeys;
      let small = true;
      for (let i = 0; i < n; i++) {
        const r = Math.round((max - lg[i]) * 1024);
        if (r >= 1 << 21) {
          small = false;
          break;
        }
        ints[i] = r * 1024 + i;
      }
      if (small) {
        ints.subarray(0, n).sort();
        for (let i = 0; i < n; i++) {
          const k = ints[i] & 1023;
          this.addChild(first + i, pts[k], c, 0.5 + this.priorScale * (lg[k] - mean));
        }
      } else {
        const keys = this.expandKeys;
        for (let i = 0; i < n; i++) keys[i] = Math.round((max - lg[i]) * 1024) * 1024 + i;
        keys.subarray(0, n).sort();
        for (let i = 0; i < n; i++) {
          // keys[i] % 1024 without a floating-point remainder (the keys are integers below 2^53).
          const key = keys[i];
          const k = key - Math.floor(key / 1024) * 1024;
          this.addChild(first + i, pts[k], c, 0.5 + this.priorScale * (lg[k] - mean));
        }
      }
    } else {
      for (let i = 0; i < n; i++) this.addChild(first + i, pts[i], c, 0.5 + this.priorScale * (lg[i] - mean));
    }
    this.addChild(first + n, PASS, c, n > b.size ? 0.1 : 0.4);
    n++;
    this.firstChild[node] = first;
    this.childCount[node] = n;
    this.used += n;
  }

  private addChild(i: number, m: number, c: number, rate: number): void {
    const r = rate < 0.02 ? 0.02 : rate > 0.98 ? 0.98 : rate;
    this.move[i] = m;
    this.mover[i] = c;
    this.firstChild[i] = 0;
    this.childCount[i] = 0;
    const w = PRIOR_VISITS * r;
    this.visits[i] = PRIOR_VISITS;
    this.wins[i] = w;
    this.raveVisits[i] = PRIOR_VISITS;
    this.raveWins[i] = w;
    // refresh(i), with both rates the same quotient and beta that of PRIOR_VISITS visits.
    const q = w / PRIOR_VISITS;
    const base = (1 - PRIOR_BETA) * q;
    this.beta[i] = PRIOR_BETA;
    this.mixBase[i] = base;
    this.mix[i] = base + PRIOR_BETA * q;
  }

  /** Prior winning rate of c playing p from cheap local knowledge (the hand-made rules). */
  private priorRate(b: GoBoard, p: number, c: number): number {
    return handPriorRate(this.policy, b, p, c);
  }
}

/**
 * Tree nodes a search reserves: room for the playouts it can run, its budget or what its time
 * allows at a generous rate (PLAYOUT_RATE) on every thread, at most MAX_NODES. A timed search used
 * to reserve a fixed million nodes, which a 19x19 search (some 300 children an expansion) filled
 * in a second or two, after which its tree stopped growing. The memory is reserved, not touched:
 * pages the tree never reaches cost nothing.
 */
export function treeNodesFor(size: number, timeMs: number, threads: number, maxPlayouts: number, expandAt = expandAtFor(size)): number {
  const expected = Math.min(maxPlayouts, (timeMs * threads * PLAYOUT_RATE) / (size * size));
  return Math.min(MAX_NODES, (expected * (size * size + 1)) / expandAt + size * size + 16);
}

/** The visit at which a leaf gets its children by default on a board of `size`. */
export function expandAtFor(size: number): number {
  return size >= WIDEN_FROM_SIZE ? EXPAND_AT_LARGE : EXPAND_AT;
}

/**
 * The playouts' eye-filling exception (PlayoutPolicy.isNakadeFill) by default on a board of
 * `size`: from NAKADE_FROM_SIZE.
 */
export function nakadeFor(size: number): boolean {
  return size >= NAKADE_FROM_SIZE;
}

/** The hand-made prior winning rate of c playing p (MctsPlayer without learned priors). */
export function handPriorRate(policy: PlayoutPolicy, b: GoBoard, p: number, c: number): number {
  const o = 3 - c;
  let rate = 0.5;
  for (let d = 0; d < 4; d++) {
    const q = p + b.dirs[d];
    const cq = b.color[q];
    if (cq === o && b.inAtari(q)) rate += 0.2 + Math.min(0.2, 0.04 * b.chainSize[b.head[q]]);
    else if (cq === c && b.inAtari(q)) rate += 0.15;
  }
  if (policy.isBadSelfAtari(b, p, c)) rate -= 0.3;
  const shape = policy.shapeScore(b, p, c);
  if (shape > 0) rate += 0.1;
  else if (shape < 0) rate -= 0.1;
  // Distance to the edge: in open areas the first two lines are rarely right.
  const x = b.xOf(p);
  const y = b.yOf(p);
  const line = Math.min(x, y, b.size - 1 - x, b.size - 1 - y);
  if (b.size >= 7 && !hasStoneWithin2(b, p)) {
    if (line === 0) rate -= 0.15;
    else if (line === 1) rate -= 0.08;
    else rate += 0.05;
  }
  return rate;
}

/** beta of RAVE for small integer visit counts (the common case), computed once. */
const BETA_TABLE_SIZE = 1 << 16;
const BETA_TABLE = new Float64Array(BETA_TABLE_SIZE);
for (let n = 0; n < BETA_TABLE_SIZE; n++) BETA_TABLE[n] = Math.sqrt(RAVE_K / (3 * n + RAVE_K));

/** The weight of the RAVE rate in a node of n visits: sqrt(K / (3n + K)) (Gelly and Silver). */
function raveBeta(n: number): number {
  const k = n | 0;
  return k === n && k >= 0 && k < BETA_TABLE_SIZE ? BETA_TABLE[k] : Math.sqrt(RAVE_K / (3 * n + RAVE_K));
}

/** beta of a new node (PRIOR_VISITS visits). */
const PRIOR_BETA = raveBeta(PRIOR_VISITS);

/** The board playouts run on: copied into and played forward only, so it keeps no undo history. */
function scratchBoard(size: number): GoBoard {
  const b = new GoBoard(size);
  b.setHistory(false);
  return b;
}

/** ln of the mean of exp(v[0..n)). */
function logMean(v: ArrayLike<number>, n: number): number {
  let max = -Infinity;
  for (let i = 0; i < n; i++) if (v[i] > max) max = v[i];
  if (n === 0) return 0;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += Math.exp(v[i] - max);
  return max + Math.log(sum / n);
}

/** A neighbour's colour as it counts for an empty point: a stone's colour, else nothing. */
function touchesOf(v: number): number {
  return v === BLACK || v === WHITE ? v : 0;
}

let shapeScores: Int16Array | null = null;

/** The 3x3 table of playout shapes (playout-shapes.ts), built once. */
export function playoutShapeScores(): Int16Array {
  if (!shapeScores) {
    const r = parsePatterns(playoutShapeText());
    if (!r.ok) throw new Error(`playout shapes: ${r.error.message}`);
    shapeScores = new PatternSet(r.value).codeScores();
  }
  return shapeScores;
}

/**
 * Children a node of n visits may choose from under progressive widening (Coulom's Crazy Stone,
 * Chaslot's progressive unpruning): 2, then one more each time n passes 40 * (1.4^k - 1).
 */
export function widthAt(n: number): number {
  return 2 + Math.floor(Math.log(1 + n / WIDEN_BASE) / WIDEN_FACTOR);
}

function hasStoneWithin2(b: GoBoard, p: number): boolean {
  const x = b.xOf(p);
  const y = b.yOf(p);
  for (let dy = -2; dy <= 2; dy++) {
    for (let dx = -2; dx <= 2; dx++) {
      const qx = x + dx;
      const qy = y + dy;
      if (qx < 0 || qy < 0 || qx >= b.size || qy >= b.size) continue;
      const c = b.color[b.pointAt(qx, qy)];
      if (c === BLACK || c === WHITE) return true;
    }
  }
  return false;
}

/** Root prior adjustments from the full candidate generators: proposals up, vetoes down. */
function rootBonuses(b: GoBoard, c: number): Map<number, number> {
  const list = generateCandidates(b, c, { readingBudget: 500 });
  const out = new Map<number, number>();
  for (const cand of list.candidates) out.set(cand.point, Math.max(out.get(cand.point) ?? 0, cand.score / 250));
  // A veto lowers a point unless reading proposed it (reading overrides shape, as in
  // generateCandidates, whose surviving candidates are exactly the ones already in the map).
  for (const v of list.vetoes) if (!out.has(v.point)) out.set(v.point, -0.2);
  return out;
}
