import { describe, expect, it } from 'vitest';
import { BLACK, Position } from '@sente/core';
import { solvePosition } from '@sente/search';
import { exactBlackScore } from './adjudication.js';

/** A position reached by `plies` seeded random moves (passes played), or null if the game ended. */
function randomPosition(seed: number, plies: number): Position | null {
  let x = seed >>> 0;
  const p = Position.initial();
  for (let i = 0; i < plies; i++) {
    if (p.isGameOver()) return null;
    if (p.mustPass()) { p.makePass(); continue; }
    const moves = p.legalMoveList();
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    p.makeMove(moves[x % moves.length]);
  }
  return p.isGameOver() ? null : p;
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
