// An Othello position relative to the side to move (Edax's player/opponent): a move XORs the
// flipped set into both boards and swaps them; a pass only swaps. Everything a move changes is
// recorded on a preallocated undo stack (seed 004), and the pattern indices of the evaluation are
// updated square by square as discs are placed and flipped, then stepped back on unmake, so the
// search never rescans the board and never allocates per move.
//
// State, grouped as Stockfish does:
//   board      bb[0..3] = player lo, player hi, opponent lo, opponent hi      (changed by moves)
//   side       0 = black to move, 1 = white to move                           (changed by moves)
//   patterns   base-3 index of every pattern instance, absolute colours        (updated incrementally)
//   ply        number of moves and passes made since the root position        (undo stack depth)
import { HI, popcount } from './bitboard.js';

const HI_ = HI; // module-local alias (see moves.ts)
import { flipsFor, generateMoves } from './moves.js';
import { PATTERN_COUNT, SQUARE_INSTANCE, SQUARE_POWER, SQUARE_START, computePatternIndices } from './patterns.js';

export const BLACK = 0;
export const WHITE = 1;
export const PASS = -1;

/** Deepest undo stack: 60 moves plus passes, with room for tools that replay long sequences. */
export const MAX_PLIES = 256;

// Undo record per ply: square (or PASS), flipped lo, flipped hi.
const UNDO_FIELDS = 3;

export class Position {
  /** player lo, player hi, opponent lo, opponent hi. */
  readonly bb = new Int32Array(4);
  /** Colour to move: BLACK or WHITE. */
  side = BLACK;
  /** Moves and passes made since construction (the undo stack depth). */
  ply = 0;
  /** Pattern indices (see patterns.ts), kept incrementally. */
  readonly patterns = new Int32Array(PATTERN_COUNT);
  private readonly undo = new Int32Array(MAX_PLIES * UNDO_FIELDS);

  /** The standard start position, black to move. */
  static initial(): Position {
    // d5 (35) and e4 (28) black; d4 (27) and e5 (36) white.
    return Position.fromColors((1 << 28), (1 << 3), (1 << 27), (1 << 4), BLACK);
  }

  /** A position from black and white sets (halves) and the colour to move. */
  static fromColors(blackLo: number, blackHi: number, whiteLo: number, whiteHi: number, side: number): Position {
    if ((blackLo & whiteLo) !== 0 || (blackHi & whiteHi) !== 0) throw new RangeError('a square is both black and white');
    const p = new Position();
    p.side = side;
    if (side === BLACK) p.setBoard(blackLo, blackHi, whiteLo, whiteHi);
    else p.setBoard(whiteLo, whiteHi, blackLo, blackHi);
    return p;
  }

  private setBoard(pLo: number, pHi: number, oLo: number, oHi: number): void {
    this.bb[0] = pLo;
    this.bb[1] = pHi;
    this.bb[2] = oLo;
    this.bb[3] = oHi;
    this.ply = 0;
    computePatternIndices(this.blackLo, this.blackHi, this.whiteLo, this.whiteHi, this.patterns);
  }

  /** An independent copy (same board, side and patterns; empty undo stack). */
  clone(): Position {
    const p = new Position();
    p.bb.set(this.bb);
    p.side = this.side;
    p.patterns.set(this.patterns);
    return p;
  }

  get blackLo(): number { return this.side === BLACK ? this.bb[0] : this.bb[2]; }
  get blackHi(): number { return this.side === BLACK ? this.bb[1] : this.bb[3]; }
  get whiteLo(): number { return this.side === BLACK ? this.bb[2] : this.bb[0]; }
  get whiteHi(): number { return this.side === BLACK ? this.bb[3] : this.bb[1]; }

  /** Legal moves of the side to move: low half returned, high half in HI[0]. */
  legalMoves(): number {
    const bb = this.bb;
    return generateMoves(bb[0], bb[1], bb[2], bb[3]);
  }

  /** Legal moves as a sorted list of squares (allocates; for tools). */
  legalMoveList(): number[] {
    const lo = this.legalMoves();
    const hi = HI_[0];
    const out: number[] = [];
    for (let s = 0; s < 64; s++) if (s < 32 ? (lo >>> s) & 1 : (hi >>> (s - 32)) & 1) out.push(s);
    return out;
  }

  isLegal(square: number): boolean {
    if (square < 0 || square > 63) return false;
    const lo = this.legalMoves();
    return square < 32 ? ((lo >>> square) & 1) !== 0 : ((HI_[0] >>> (square - 32)) & 1) !== 0;
  }

  /** Flips of `square` for the side to move: low half returned, high half in HI[0]. */
  flipsFor(square: number): number {
    const bb = this.bb;
    return flipsFor(bb[0], bb[1], bb[2], bb[3], square);
  }

  /** True when the side to move has no move (it must pass, or the game is over). */
  mustPass(): boolean {
    return this.legalMoves() === 0 && HI_[0] === 0;
  }

  isGameOver(): boolean {
    const bb = this.bb;
    if (generateMoves(bb[0], bb[1], bb[2], bb[3]) !== 0 || HI_[0] !== 0) return false;
    return generateMoves(bb[2], bb[3], bb[0], bb[1]) === 0 && HI_[0] === 0;
  }

  /**
   * Plays `square` for the side to move. Returns false, changing nothing, if the move is illegal
   * (occupied, off the board, or flipping nothing).
   */
  makeMove(square: number): boolean {
    if (square < 0 || square > 63) return false;
    const bb = this.bb;
    const own = square < 32 ? ((bb[0] | bb[2]) >>> square) & 1 : ((bb[1] | bb[3]) >>> (square - 32)) & 1;
    if (own !== 0) return false;
    const fLo = flipsFor(bb[0], bb[1], bb[2], bb[3], square);
    const fHi = HI_[0];
    if (fLo === 0 && fHi === 0) return false;
    this.applyMove(square, fLo, fHi);
    return true;
  }

  /** Plays a move whose flips the caller already computed (the search's fast path). */
  applyMove(square: number, fLo: number, fHi: number): void {
    const bb = this.bb;
    const u = this.ply * UNDO_FIELDS;
    this.undo[u] = square;
    this.undo[u + 1] = fLo;
    this.undo[u + 2] = fHi;
    this.ply++;
    this.updatePatterns(square, fLo, fHi, 1);
    const mLo = square < 32 ? 1 << square : 0;
    const mHi = square < 32 ? 0 : 1 << (square - 32);
    const pLo = bb[0] ^ fLo ^ mLo;
    const pHi = bb[1] ^ fHi ^ mHi;
    bb[0] = bb[2] ^ fLo;
    bb[1] = bb[3] ^ fHi;
    bb[2] = pLo;
    bb[3] = pHi;
    this.side ^= 1;
  }

  /** Passes: the side to move changes, nothing else. */
  makePass(): void {
    const bb = this.bb;
    const u = this.ply * UNDO_FIELDS;
    this.undo[u] = PASS;
    this.undo[u + 1] = 0;
    this.undo[u + 2] = 0;
    this.ply++;
    const lo = bb[0];
    const hi = bb[1];
    bb[0] = bb[2];
    bb[1] = bb[3];
    bb[2] = lo;
    bb[3] = hi;
    this.side ^= 1;
  }

  /** Takes back the last move or pass exactly. */
  unmake(): void {
    if (this.ply === 0) throw new RangeError('nothing to unmake');
    this.ply--;
    const u = this.ply * UNDO_FIELDS;
    const square = this.undo[u];
    const fLo = this.undo[u + 1];
    const fHi = this.undo[u + 2];
    const bb = this.bb;
    this.side ^= 1;
    if (square === PASS) {
      const lo = bb[0];
      const hi = bb[1];
      bb[0] = bb[2];
      bb[1] = bb[3];
      bb[2] = lo;
      bb[3] = hi;
      return;
    }
    const mLo = square < 32 ? 1 << square : 0;
    const mHi = square < 32 ? 0 : 1 << (square - 32);
    // After the move, the mover's discs are in bb[2..3]; give them back to bb[0..1].
    const pLo = bb[2] ^ fLo ^ mLo;
    const pHi = bb[3] ^ fHi ^ mHi;
    bb[2] = bb[0] ^ fLo;
    bb[3] = bb[1] ^ fHi;
    bb[0] = pLo;
    bb[1] = pHi;
    this.updatePatterns(square, fLo, fHi, -1);
  }

  /** The last move made (a square or PASS), or undefined at the root. */
  lastMove(): number | undefined {
    return this.ply === 0 ? undefined : this.undo[(this.ply - 1) * UNDO_FIELDS];
  }

  /**
   * Pattern update for a move by the side to move (`this.side`, before the move is made) when
   * sign = 1, and its exact inverse when sign = -1 (called after `side` is restored).
   */
  private updatePatterns(square: number, fLo: number, fHi: number, sign: number): void {
    const pat = this.patterns;
    const mover = this.side === BLACK ? 1 : 2;
    // The placed disc: empty -> mover's digit.
    let d = sign * mover;
    for (let k = SQUARE_START[square], end = SQUARE_START[square + 1]; k < end; k++) {
      pat[SQUARE_INSTANCE[k]] += d * SQUARE_POWER[k];
    }
    // Flipped discs: white -> black is -1 per power of 3, black -> white +1.
    d = sign * (mover === 1 ? -1 : 1);
    while (fLo !== 0) {
      const b = fLo & -fLo;
      fLo ^= b;
      const s = 31 - Math.clz32(b);
      for (let k = SQUARE_START[s], end = SQUARE_START[s + 1]; k < end; k++) {
        pat[SQUARE_INSTANCE[k]] += d * SQUARE_POWER[k];
      }
    }
    while (fHi !== 0) {
      const b = fHi & -fHi;
      fHi ^= b;
      const s = 63 - Math.clz32(b);
      for (let k = SQUARE_START[s], end = SQUARE_START[s + 1]; k < end; k++) {
        pat[SQUARE_INSTANCE[k]] += d * SQUARE_POWER[k];
      }
    }
  }

  /** Discs of the side to move minus discs of the opponent. */
  discDifference(): number {
    const bb = this.bb;
    return popcount(bb[0], bb[1]) - popcount(bb[2], bb[3]);
  }

  emptyCount(): number {
    const bb = this.bb;
    return 64 - popcount(bb[0] | bb[2], bb[1] | bb[3]);
  }

  blackCount(): number { return popcount(this.blackLo, this.blackHi); }
  whiteCount(): number { return popcount(this.whiteLo, this.whiteHi); }

  /**
   * Final score for the side to move with the World Othello Federation rule: empty squares go to
   * the winner; a draw stays a draw.
   */
  finalScore(): number {
    return finalScore(this.bb[0], this.bb[1], this.bb[2], this.bb[3]);
  }

  /** Equality of board and side to move. */
  equals(other: Position): boolean {
    return this.side === other.side && this.bb[0] === other.bb[0] && this.bb[1] === other.bb[1] && this.bb[2] === other.bb[2] && this.bb[3] === other.bb[3];
  }

  /** Recomputes everything derivable from scratch and throws if the incremental state differs. */
  assertConsistent(): void {
    const bb = this.bb;
    if ((bb[0] & bb[2]) !== 0 || (bb[1] & bb[3]) !== 0) throw new Error('player and opponent overlap');
    const fresh = computePatternIndices(this.blackLo, this.blackHi, this.whiteLo, this.whiteHi);
    for (let i = 0; i < PATTERN_COUNT; i++) {
      if (fresh[i] !== this.patterns[i]) throw new Error(`pattern instance ${i}: incremental ${this.patterns[i]} != recomputed ${fresh[i]}`);
    }
  }
}

/** Final score of (player, opponent) for the player, empties to the winner. */
export function finalScore(pLo: number, pHi: number, oLo: number, oHi: number): number {
  const p = popcount(pLo, pHi);
  const o = popcount(oLo, oHi);
  const empties = 64 - p - o;
  if (p > o) return p - o + empties;
  if (p < o) return p - o - empties;
  return 0;
}
