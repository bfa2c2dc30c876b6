// The seam between the referee and whatever plays: engine builds (in-process, in workers) and
// external programs (over GTP) implement the same small async interface, so tournaments treat
// them alike.
import type { Position } from '@sente/core';
import type { ClockView, TimeControl } from './match/clock.js';
/** Anything that can play a game of Othello under a referee: an engine build or an external program. */
export interface GamePlayer {
  readonly name: string;
  /** A new game starts from `start` (the position after the opening `opening`, already played);
   *  `timeControl` when the game is played on a clock (match/clock.ts). */
  newGame(start: Position, opening: readonly number[], game?: number, timeControl?: TimeControl): Promise<void>;
  /** The move (a square, or PASS = -1 only when there is no legal move) for the side to move in
   *  `position`; `moves` lists every move since `start`, passes included, so a player can sync;
   *  `clock` is the side's clock before the move when the game is played on one. */
  genmove(position: Position, moves: readonly number[], clock?: ClockView): Promise<number>;
  /** The player's score of its last move, in discs for the side that made it, when it knows one
   *  (built-in engines; used by resign adjudication). */
  lastScore?(): number | undefined;
  /** Release resources (processes, engines). */
  close(): Promise<void>;
}
