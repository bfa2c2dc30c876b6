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
  /** Stones left in the current period per colour (0: main time). */
  readonly stonesLeft = new Int32Array(3);

  /** Sets the time control; both sides start with the main time (unknown for `none`). */
  set(mode: ClockMode, main: number, period: number, stones: number): void {
    this.mode = mode;
    this.mainTime = main;
    this.periodTime = period;
    this.periodStones = stones;
    this.timeLeft.fill(mode === 'none' ? Number.NaN : main);
    this.stonesLeft.fill(0);
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
