import { describe, expect, it } from 'vitest';
import { BLACK, type Position } from '@sente/core';
import { solvePosition } from '@sente/search';
import { randomMoves, seededRandom } from '../random.js';
import { exactBlackScore } from './adjudication.js';

/** A position reached by `moves` seeded random moves (passes played), or null if the game ended. */
function randomPosition(seed: number, moves: number): Position | null {
  const { position } = randomMoves(seededRandom(seed, 0xad1), moves);
  return position.isGameOver() ? null : position;
}

describe('exactBlackScore', () => {
  it("is black's perfect-play score: the engine's solve equals the table-less solver, either side to move", () => {
    let checked = 0;
    for (let seed = 1; checked < 24; seed++) {
      const p = randomPosition(seed, 44 + (seed % 6));
      if (!p) continue;
      const s = solvePosition(p, { pv: false }).score;
      expect(exactBlackScore(p), `seed ${seed}, ${p.emptyCount()} empties`).toBe(p.side === BLACK ? s : -s);
      checked++;
    }
  });
});
