// One Othello game as every front end keeps it: the start position, the moves (passes explicit or
// implicit), undo, the side to move and the clock. `sente gtp` (GtpEngine), `sente nboard`
// (NboardEngine), `sente play` and the external GTP player all drive this class.
//
// Implicit passes: GRhino passes on its own when the side to move has no move; referees written for
// Go send the pass explicitly; NBoard GUIs may leave a forced pass out. A move (or genmove) for the
// colour that is not to move, when the side to move must pass, makes that pass implicitly; undoing
// the move undoes the pass with it.
import { BLACK, PASS, Position } from '@sente/core';
import { GameClock, type GameSession } from '../session.js';

export interface OthelloPly {
  /** The square, or PASS. */
  readonly square: number;
  /** A pass made on behalf of a side that had no move, before the next colour's move. */
  readonly implicit: boolean;
  /** Made by a person (`sente play`), for undo back to the person's last move. */
  readonly byHuman: boolean;
}

/** Why a move was refused. */
export type OthelloRefusal = 'game-over' | 'not-your-turn' | 'illegal';

export class OthelloSession implements GameSession {
  private startPosition: Position;
  private now: Position;
  private readonly plies: OthelloPly[] = [];
  readonly clock = new GameClock();

  constructor(start: Position = Position.initial()) {
    this.startPosition = start.clone();
    this.now = start.clone();
  }

  /** A new game from `start` (the clock is kept: the controller sets it per game). */
  reset(start: Position = Position.initial()): void {
    this.startPosition = start.clone();
    this.now = start.clone();
    this.plies.length = 0;
  }

  /** The live position (do not modify it; clone it to search). */
  get position(): Position {
    return this.now;
  }

  get start(): Position {
    return this.startPosition;
  }

  get ply(): number {
    return this.plies.length;
  }

  get toMove(): number {
    return this.now.side;
  }

  get history(): readonly OthelloPly[] {
    return this.plies;
  }

  moves(): number[] {
    return this.plies.map((p) => p.square);
  }

  /** The last square played (not a pass), or undefined. */
  lastMove(): number | undefined {
    for (let i = this.plies.length - 1; i >= 0; i--) if (this.plies[i].square !== PASS) return this.plies[i].square;
    return undefined;
  }

  /** The position after the first `ply` moves (0: the start). */
  positionAt(ply: number): Position {
    const p = this.startPosition.clone();
    for (let i = 0; i < ply && i < this.plies.length; i++) {
      if (this.plies[i].square === PASS) p.makePass();
      else p.makeMove(this.plies[i].square);
    }
    return p;
  }

  /** Plays a move (or a pass, legal only when the side to move has none) for the side to move. */
  play(square: number, byHuman = false): OthelloRefusal | null {
    const p = this.now;
    if (p.isGameOver()) return 'game-over';
    if (square === PASS) {
      if (!p.mustPass()) return 'illegal';
      p.makePass();
    } else if (!p.makeMove(square)) {
      return 'illegal';
    }
    this.plies.push({ square, implicit: false, byHuman });
    return null;
  }

  /** Makes the side to move pass implicitly when `color` is not to move; false when no pass was due. */
  catchUp(color: number): OthelloRefusal | boolean {
    if (color === this.now.side) return false;
    if (this.now.isGameOver()) return 'game-over';
    if (!this.now.mustPass()) return 'not-your-turn';
    this.now.makePass();
    this.plies.push({ square: PASS, implicit: true, byHuman: false });
    return true;
  }

  /** Takes back the implicit pass catchUp made (when it made one). */
  dropImplicitPass(made: boolean): void {
    if (!made || this.plies.length === 0 || !this.plies[this.plies.length - 1].implicit) return;
    this.plies.pop();
    this.now.unmake();
  }

  /** Plays for `color`: passing implicitly first for a side that must pass; nothing changes when refused. */
  playFor(color: number, square: number): OthelloRefusal | null {
    if (this.now.isGameOver()) return 'game-over';
    const implicit = this.catchUp(color);
    if (typeof implicit === 'string') return implicit;
    const refused = this.play(square);
    if (refused !== null) this.dropImplicitPass(implicit);
    return refused;
  }

  /** Plays a square for the side to move, passing first when that side must pass and the square is then legal (NBoard). */
  playWithImplicitPass(square: number): OthelloRefusal | null {
    if (this.now.isGameOver()) return 'game-over';
    if (square === PASS || !this.now.mustPass()) return this.play(square);
    return this.playFor(1 - this.now.side, square);
  }

  /** Takes back the last move and the implicit passes before it. */
  undo(): boolean {
    const last = this.plies.pop();
    if (last === undefined) return false;
    this.now.unmake();
    while (this.plies.length > 0 && this.plies[this.plies.length - 1].implicit) {
      this.plies.pop();
      this.now.unmake();
    }
    return true;
  }

  /** Takes back moves until `ply` remain. */
  undoTo(ply: number): void {
    while (this.plies.length > ply) {
      this.plies.pop();
      this.now.unmake();
    }
  }

  /** Takes back moves to before the person's last move (not a pass); false when there is none. */
  undoHumanMove(): boolean {
    let last = -1;
    for (let i = this.plies.length - 1; i >= 0; i--) if (this.plies[i].byHuman && this.plies[i].square !== PASS) { last = i; break; }
    if (last < 0) return false;
    this.undoTo(last);
    return true;
  }

  /** Black's final disc difference (empties to the winner), for a finished game. */
  finalScoreForBlack(): number {
    return this.now.side === BLACK ? this.now.finalScore() : -this.now.finalScore();
  }
}
