// Helpers for the package's tests (kept out of the *.test.ts files so several can import them).
import { BLACK, Position } from '@sente/core';
import { seededRandom } from './random.js';

/**
 * A random finished game from the start, seeded by (`seed`, `salt`): its moves without passes and
 * black's final score (0, never -0, for a draw).
 */
export function randomGame(seed: number, salt: number): { moves: number[]; blackScore: number } {
  const random = seededRandom(seed, salt);
  const p = Position.initial();
  const moves: number[] = [];
  while (!p.isGameOver()) {
    if (p.mustPass()) { p.makePass(); continue; }
    const legal = p.legalMoveList();
    const m = legal[Math.floor(random() * legal.length)];
    p.makeMove(m);
    moves.push(m);
  }
  const s = p.finalScore();
  return { moves, blackScore: (p.side === BLACK ? s : -s) | 0 };
}
