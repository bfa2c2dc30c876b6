// One Go game as the front ends keep it: the board (whose own history is the moves, passes
// included), komi, the set-up stones (handicap, loaded SGF), who made each move, and the clock.
// `sente go gtp` (GoGtpEngine), `sente go play` (GoPlaySession) and the in-process Go player all
// keep their game in this class; it is the Go shape of OthelloSession.
import { GameClock, type GameSession } from '../session.js';
import { BLACK, GoBoard, PASS, WHITE, writeSgf, type SgfMove } from './rules.js';

export interface GoSessionOptions {
  readonly size?: number;
  readonly komi?: number;
  /** Positional superko (default off, as GNU Go). */
  readonly superko?: boolean;
}

export class GoSession implements GameSession {
  board: GoBoard;
  komi: number;
  readonly superko: boolean;
  /** Stones set up before the first move (handicap, loadsgf). */
  setupBlack: number[] = [];
  setupWhite: number[] = [];
  readonly clock = new GameClock();
  /** Per move: made by a person (`sente go play`), for undo back to the person's last move. */
  private byHuman: boolean[] = [];

  constructor(options: GoSessionOptions = {}) {
    this.superko = options.superko ?? false;
    this.komi = options.komi ?? 7.5;
    this.board = this.emptyBoard(options.size ?? 19);
  }

  private emptyBoard(size: number): GoBoard {
    const b = new GoBoard(size);
    b.superko = this.superko;
    return b;
  }

  /** An empty board of `size` (komi and clock kept). */
  newBoard(size: number = this.board.size): void {
    this.board = this.emptyBoard(size);
    this.setupBlack = [];
    this.setupWhite = [];
    this.byHuman = [];
  }

  /** A position from elsewhere (an SGF): the board with its moves and the set-up stones. */
  load(board: GoBoard, setupBlack: readonly number[], setupWhite: readonly number[]): void {
    this.board = board;
    this.setupBlack = [...setupBlack];
    this.setupWhite = [...setupWhite];
    this.byHuman = new Array<boolean>(board.ply).fill(false);
  }

  get ply(): number {
    return this.board.ply;
  }

  get toMove(): number {
    return this.board.toMove;
  }

  moves(): number[] {
    const out: number[] = [];
    for (let k = 0; k < this.board.ply; k++) out.push(this.board.moveAt(k));
    return out;
  }

  /** The moves with their colours, as SGF writes them. */
  sgfMoves(): SgfMove[] {
    const out: SgfMove[] = [];
    for (let k = 0; k < this.board.ply; k++) out.push({ color: this.board.colorAt(k), point: this.board.moveAt(k) });
    return out;
  }

  /** The last point played (not a pass), or 0 when there is none. */
  lastMove(): number {
    for (let k = this.board.ply - 1; k >= 0; k--) if (this.board.moveAt(k) !== PASS) return this.board.moveAt(k);
    return 0;
  }

  /** Plays a point or PASS for `color`; false (nothing changed) when the board refuses it. */
  play(point: number, color: number, byHuman = false): boolean {
    if (!this.board.play(point, color)) return false;
    this.byHuman.push(byHuman);
    return true;
  }

  undo(): boolean {
    if (this.board.ply === 0) return false;
    this.board.undo();
    this.byHuman.pop();
    return true;
  }

  /** Takes back moves to before the person's last move; false when a person made none. */
  undoHumanMove(): boolean {
    const last = this.byHuman.lastIndexOf(true);
    if (last < 0) return false;
    while (this.board.ply > last) this.undo();
    return true;
  }

  /** Black stones on the empty board before the first move; white moves next. */
  placeHandicap(points: readonly number[]): void {
    for (const p of points) this.board.setStone(p, BLACK);
    this.setupBlack = [...points];
    this.board.toMove = WHITE;
  }

  /** The game as SGF FF[4]. */
  toSgf(players: { readonly black?: string; readonly white?: string; readonly result?: string } = {}): string {
    const moves = this.sgfMoves();
    return writeSgf({
      size: this.board.size, komi: this.komi, playerBlack: players.black ?? '', playerWhite: players.white ?? '', result: players.result ?? '',
      setupBlack: this.setupBlack, setupWhite: this.setupWhite, moves,
      ...(moves.length === 0 && this.setupBlack.length > 0 ? { playerToMove: this.board.toMove } : {}),
    });
  }
}
