// Shared by the search tests: seeded random positions reached by legal play.
import { Position } from '@sente/core';

/** A small deterministic PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Plays random legal moves from the start until `empties` remain (or the game ends). */
export function randomPosition(random: () => number, empties: number): Position {
  for (;;) {
    const p = Position.initial();
    while (p.emptyCount() > empties && !p.isGameOver()) {
      if (p.mustPass()) {
        p.makePass();
        continue;
      }
      const moves = p.legalMoveList();
      p.makeMove(moves[Math.floor(random() * moves.length)]);
    }
    if (!p.isGameOver() && p.emptyCount() === empties) return p.clone();
  }
}
