// Helpers for the package's tests (kept out of the *.test.ts files so several can import them).
import { randomFinishedGame, seededRandom } from './random.js';

/**
 * A random finished game from the start, seeded by (`seed`, `salt`): its moves without passes and
 * black's final score (0, never -0, for a draw).
 */
export function randomGame(seed: number, salt: number): { moves: number[]; blackScore: number } {
  const { moves, blackScore } = randomFinishedGame(seededRandom(seed, salt));
  return { moves, blackScore };
}
