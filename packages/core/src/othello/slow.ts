// The slow, obviously correct reference: seed 002's walk, one square at a time in each of the 8
// directions, on a plain array board. The fast bitboard routines are tested against it.

/** Cell values of the reference board. */
export const EMPTY = 0;
export const PLAYER = 1;
export const OPPONENT = 2;

const DIRECTIONS: ReadonlyArray<readonly [number, number]> = [
  [-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1],
];

/** A square board of any size as rows of cells (EMPTY, PLAYER, OPPONENT). */
export type GridBoard = number[][];

/** The opponent cells captured in one direction, or none if the run is not closed by a player cell. */
function walkDirection(board: GridBoard, row: number, col: number, dr: number, dc: number): Array<[number, number]> {
  const n = board.length;
  const run: Array<[number, number]> = [];
  let r = row + dr;
  let c = col + dc;
  // Check the bounds before reading the board, as the seed insists.
  while (r >= 0 && r < n && c >= 0 && c < n && board[r][c] === OPPONENT) {
    run.push([r, c]);
    r += dr;
    c += dc;
  }
  const closed = r >= 0 && r < n && c >= 0 && c < n && board[r][c] === PLAYER;
  return run.length > 0 && closed ? run : [];
}

/** All cells flipped by the player moving at (row, col); empty if the move is illegal. */
export function walkFlips(board: GridBoard, row: number, col: number): Array<[number, number]> {
  if (board[row][col] !== EMPTY) return [];
  const out: Array<[number, number]> = [];
  for (const [dr, dc] of DIRECTIONS) out.push(...walkDirection(board, row, col, dr, dc));
  return out;
}

/** Every legal move of the player with its flips, in row-major order. */
export function walkLegalMoves(board: GridBoard): Array<{ row: number; col: number; flips: Array<[number, number]> }> {
  const moves: Array<{ row: number; col: number; flips: Array<[number, number]> }> = [];
  for (let r = 0; r < board.length; r++) {
    for (let c = 0; c < board.length; c++) {
      const flips = walkFlips(board, r, c);
      if (flips.length > 0) moves.push({ row: r, col: c, flips });
    }
  }
  return moves;
}

/** An 8x8 reference board from player/opponent bitboard halves. */
export function gridFromBitboards(pLo: number, pHi: number, oLo: number, oHi: number): GridBoard {
  const board: GridBoard = [];
  for (let r = 0; r < 8; r++) {
    const row: number[] = [];
    for (let c = 0; c < 8; c++) {
      const sq = r * 8 + c;
      const p = sq < 32 ? (pLo >>> sq) & 1 : (pHi >>> (sq - 32)) & 1;
      const o = sq < 32 ? (oLo >>> sq) & 1 : (oHi >>> (sq - 32)) & 1;
      row.push(p ? PLAYER : o ? OPPONENT : EMPTY);
    }
    board.push(row);
  }
  return board;
}
