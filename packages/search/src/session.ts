// What a game session is, whatever the game: the moves so far (passes included), the side to move,
// undo, and the clock the controller reports. Othello's (othello/session.ts) and Go's
// (go/session.ts) implement it; the protocol servers (GTP, NBoard), `sente play`, `sente go play`
// and the tournament players keep their game in one of them instead of each its own history.

/** How the controller's clock counts: GTP's time_settings maps onto none, absolute or canadian; KGS adds byoyomi. */
export type ClockMode = 'none' | 'absolute' | 'byoyomi' | 'canadian';

/** The clock fields of a game, in seconds (GTP's unit and sente's), indexed by the game's colour constants. */
export class GameClock {
  mode: ClockMode = 'none';
  /** Main time in seconds. */
  mainTime = 0;
  /** Byo-yomi / Canadian period length in seconds. */
  periodTime = 0;
  /** Canadian: stones per period; byoyomi: number of periods. */
  periodStones = 0;
  /** Seconds left per colour (index = the game's colour constant), or NaN while unknown. */
  readonly timeLeft = new Float64Array(3).fill(Number.NaN);
  /**
   * Stones left in the current period per colour (0: main time); byoyomi: periods left. A float
   * array, so a controller's huge count cannot wrap around to 0 (main time).
   */
  readonly stonesLeft = new Float64Array(3);

  /**
   * Sets the time control; both sides start with the main time (unknown for `none`), or with no
   * main time directly in the first period.
   */
  set(mode: ClockMode, main: number, period: number, stones: number): void {
    this.mode = mode;
    this.mainTime = main;
    this.periodTime = period;
    this.periodStones = stones;
    const overtime = main <= 0 && (mode === 'canadian' || mode === 'byoyomi') && period > 0 && stones > 0;
    this.timeLeft.fill(mode === 'none' ? Number.NaN : overtime ? period : main);
    this.stonesLeft.fill(overtime ? stones : 0);
  }

  /**
   * Counts down `seconds` this side's move took, as the controller's clock does, until its next
   * `time_left` corrects it. Canadian: a period's last stone starts a new period, and main time
   * running out starts the first one. Byoyomi: a move within the period keeps it, one over it costs
   * a period (the last one is kept: the engine cannot play on a lost clock anyway).
   */
  spend(color: number, seconds: number): void {
    const mode = this.mode;
    if (mode === 'none' || Number.isNaN(this.timeLeft[color])) return;
    let left = this.timeLeft[color] - seconds;
    let stones = this.stonesLeft[color];
    const periods = this.periodTime > 0 && this.periodStones > 0;
    if (mode === 'canadian' && periods) {
      if (stones > 0) {
        if (--stones === 0) {
          left = this.periodTime;
          stones = this.periodStones;
        }
      } else if (left <= 0) {
        left = this.periodTime;
        stones = this.periodStones;
      }
    } else if (mode === 'byoyomi' && periods) {
      if (stones > 0) {
        if (left < 0 && stones > 1) stones--;
        left = this.periodTime;
      } else if (left <= 0) {
        left = this.periodTime;
        stones = this.periodStones;
      }
    }
    this.timeLeft[color] = left;
    this.stonesLeft[color] = stones;
  }

  /** The controller's `time_left` for one colour. */
  report(color: number, seconds: number, stones: number): void {
    this.timeLeft[color] = seconds;
    this.stonesLeft[color] = stones;
  }

  /** Seconds left for `color`, or null when no clock has said. */
  left(color: number): number | null {
    const t = this.timeLeft[color];
    return Number.isNaN(t) ? null : t;
  }
}

/**
 * The clock GTP's `time_settings <main> <byo-yomi> <stones>` asks for (GTP 2): byo-yomi time with
 * 0 stones means no time limit, 0 byo-yomi time is absolute time (none if the main time is 0 too),
 * anything else Canadian overtime.
 */
export function gtpClockMode(main: number, period: number, stones: number): ClockMode {
  if (period > 0) return stones === 0 ? 'none' : 'canadian';
  return main > 0 ? 'absolute' : 'none';
}

/** The part of a game session every game shares. */
export interface GameSession {
  /** Moves made so far, passes included. */
  readonly ply: number;
  /** The colour to move (the game's own constant). */
  readonly toMove: number;
  /** The moves so far (squares or points, the game's PASS for a pass). */
  moves(): number[];
  /** Takes back the last move; false when there is none. */
  undo(): boolean;
  readonly clock: GameClock;
}
