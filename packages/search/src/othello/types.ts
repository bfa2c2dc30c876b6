// The public shapes of the Othello engine API.

export interface ThinkLimits {
  /** Search exactly this many plies (iterative deepening up to it). Deterministic. */
  readonly depth?: number;
  /** Stop iterative deepening within about this many milliseconds. */
  readonly timeMs?: number;
  /** Stop after about this many nodes. */
  readonly nodes?: number;
  /** Solve exactly (perfect play to the end) when this many empties or fewer remain. */
  readonly exactFrom?: number;
  /** Aborting stops the search at the next check and returns the best move found so far. */
  readonly signal?: AbortSignal;
  /**
   * Controlled randomness for self-play: choose uniformly among the root moves scored within
   * this many discs of the best (0 = always the best). Needs `random`.
   */
  readonly randomness?: number;
  /** A PRNG returning [0, 1): makes randomised choices reproducible. */
  readonly random?: () => number;
  /** Play from the engine's opening book when the position is in it (default true if it has one). */
  readonly useBook?: boolean;
  /** Book moves within this many discs of the best book move may be chosen (needs `random`). */
  readonly bookMargin?: number;
}

export interface ThinkResult {
  /** The chosen square, or PASS (-1) when the side to move has no legal move. */
  readonly move: number;
  /** Score of the chosen move for the side to move, in discs (exact when `exact`). */
  readonly score: number;
  /** Principal variation, starting with `move` (PASS entries where a side passes). */
  readonly pv: number[];
  /** Depth of the last completed iteration (plies; the number of empties when exact or when a probable-endgame level completed). */
  readonly depth: number;
  readonly nodes: number;
  readonly ms: number;
  /** True when `score` is the exact game-theoretic value. */
  readonly exact: boolean;
  /**
   * When the probable endgame (a timed search within its range of empties, see docs/engine.md)
   * chose the move: the confidence in percent of the selectivity level at which `score` was
   * proven (73, 87, 95, 98, 99, or 100 when exact); absent otherwise, and when no level completed.
   */
  readonly selectivity?: number;
  /** True when the move came from the opening book. */
  readonly book?: boolean;
}

export interface MoveScore {
  readonly move: number;
  readonly score: number;
  readonly exact: boolean;
}
