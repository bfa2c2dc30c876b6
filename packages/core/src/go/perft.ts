// Go perft: the number of legal move sequences of a given length (passes included, the game
// ending after two passes), for regression tests of the rules. Uses play/undo on one board.
import { PASS, type GoBoard } from './board.js';

/** Counts legal sequences of `depth` moves (stones or passes) from the board's position. */
export function goPerft(board: GoBoard, depth: number): number {
  if (depth === 0 || board.isGameOver()) return 1;
  let total = 0;
  const c = board.toMove;
  for (let p = 0; p < board.points; p++) {
    if (!board.isLegal(p, c)) continue;
    board.play(p, c);
    total += goPerft(board, depth - 1);
    board.undo();
  }
  board.play(PASS, c);
  total += goPerft(board, depth - 1);
  board.undo();
  return total;
}
