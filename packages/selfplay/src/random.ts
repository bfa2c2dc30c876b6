// Seeded randomness: every random choice of a game derives from (seed, game index, ...) alone, so
// a game is the same whichever worker plays it and in whatever order.
import { BLACK, Position } from '@sente/core';

/** FNV-1a hash of a string (32-bit, unsigned). */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Mixes integers into one 32-bit state (murmur3 finaliser after each key). */
function mix(keys: readonly number[]): number {
  let h = 0x9e3779b9;
  for (const k of keys) {
    h ^= k | 0;
    h ^= (k / 0x100000000) | 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** A PRNG (mulberry32) returning [0, 1), seeded by any number of integer keys. */
export function seededRandom(...keys: number[]): () => number {
  let state = mix(keys);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Uniformly random legal moves from the start, drawn with `random` (passes played when forced),
 * until `maxMoves` moves are played or the game ends: the moves without passes and the position.
 */
export function randomMoves(random: () => number, maxMoves = Infinity): { moves: number[]; position: Position } {
  const p = Position.initial();
  const moves: number[] = [];
  while (moves.length < maxMoves && !p.isGameOver()) {
    if (p.mustPass()) { p.makePass(); continue; }
    const legal = p.legalMoveList();
    const m = legal[Math.floor(random() * legal.length)];
    p.makeMove(m);
    moves.push(m);
  }
  return { moves, position: p };
}

/**
 * A finished game of uniformly random legal moves (randomMoves to the end): its moves without
 * passes, the final position and black's final score (0, never -0, for a draw).
 */
export function randomFinishedGame(random: () => number): { moves: number[]; position: Position; blackScore: number } {
  const { moves, position } = randomMoves(random);
  const s = position.finalScore();
  return { moves, position, blackScore: (position.side === BLACK ? s : -s) | 0 };
}
