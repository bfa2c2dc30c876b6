// The slow, obviously correct reference for the endgame solver: plain negamax to the end of the
// game through Position.makeMove/unmake, no pruning, no ordering, no tables. Only for small
// endgames (the tree is searched in full); the tests compare the fast solver against it.
import { PASS, type Position } from '@sente/core';

/** Refuses positions whose full tree would take too long. */
export const MINIMAX_MAX_EMPTIES = 12;

/** The exact final disc difference for the side to move (empties to the winner). */
export function minimax(position: Position): number {
  if (position.emptyCount() > MINIMAX_MAX_EMPTIES && !position.isGameOver()) {
    throw new RangeError(`minimax is the reference for at most ${MINIMAX_MAX_EMPTIES} empties, not ${position.emptyCount()}`);
  }
  return negamax(position) | 0; // | 0 turns a negated draw (-0) into 0
}

/** Tries every square in turn; makeMove refuses occupied squares and moves that flip nothing. */
function negamax(position: Position): number {
  let best = -Infinity;
  for (let square = 0; square < 64; square++) {
    if (!position.makeMove(square)) continue;
    const score = -negamax(position);
    position.unmake();
    if (score > best) best = score;
  }
  if (best !== -Infinity) return best;
  if (position.isGameOver()) return position.finalScore();
  position.makePass();
  const score = -negamax(position);
  position.unmake();
  return score;
}

/** Every legal move with its exact score (a forced pass is listed as PASS). */
export function minimaxMoves(position: Position): Array<{ move: number; score: number }> {
  const moves = position.legalMoveList();
  if (moves.length === 0) {
    if (position.isGameOver()) return [];
    position.makePass();
    const score = -minimax(position);
    position.unmake();
    return [{ move: PASS, score }];
  }
  return moves.map((square) => {
    position.makeMove(square);
    const score = -minimax(position);
    position.unmake();
    return { move: square, score };
  });
}
