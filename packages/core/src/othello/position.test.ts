// Position by hand-made boards: the final score rule (empties to the winner, a draw stays 0),
// game over and forced passes, construction and copies. Make/unmake and the incremental patterns
// over whole games are covered by the properties in random-games.test.ts.
import { describe, expect, it } from 'vitest';
import { BLACK, PASS, Position, WHITE, finalScore } from './position.js';

/** Bits of a list of squares as [lo, hi]. */
function setOf(squares: number[]): [number, number] {
  let lo = 0, hi = 0;
  for (const s of squares) {
    if (s < 32) lo |= 1 << s;
    else hi |= 1 << (s - 32);
  }
  return [lo, hi];
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, i) => from + i);

function board(black: number[], white: number[], side: number): Position {
  const [bLo, bHi] = setOf(black);
  const [wLo, wHi] = setOf(white);
  return Position.fromColors(bLo, bHi, wLo, wHi, side);
}

describe('finalScore', () => {
  it('a win with empty squares gets the empties: 10 v 5 with 49 empty is +54', () => {
    // Black a1..h1 and a2, b2; white on row 8 (5 discs): nobody can move.
    const p = board(range(0, 10), range(56, 61), BLACK);
    expect(p.isGameOver()).toBe(true);
    expect(p.emptyCount()).toBe(49);
    expect(p.finalScore()).toBe(54);
    expect(p.discDifference()).toBe(5);
  });

  it('the loser gets minus the empties: the same board with white to move is -54', () => {
    const p = board(range(0, 10), range(56, 61), WHITE);
    expect(p.finalScore()).toBe(-54);
    expect(p.discDifference()).toBe(-5);
  });

  it('a draw with empty squares stays 0', () => {
    const p = board(range(0, 5), range(59, 64), BLACK);
    expect(p.isGameOver()).toBe(true);
    expect(p.emptyCount()).toBe(54);
    expect(p.finalScore()).toBe(0);
    const q = board(range(0, 5), range(59, 64), WHITE);
    expect(q.finalScore()).toBe(0);
  });

  it('a full board scores the plain difference, and the score is always even', () => {
    const p = board(range(0, 33), range(33, 64), BLACK);
    expect(p.finalScore()).toBe(2);
    expect(finalScore(p.bb[2], p.bb[3], p.bb[0], p.bb[1])).toBe(-2);
    // 3 v 20 with 41 empty: -17 - 41.
    const [pLo, pHi] = setOf(range(0, 3));
    const [oLo, oHi] = setOf(range(40, 60));
    expect(finalScore(pLo, pHi, oLo, oHi)).toBe(-58);
    expect(finalScore(oLo, oHi, pLo, pHi)).toBe(58);
  });
});

describe('game over and passes', () => {
  it('the start position: black to move, 4 moves, no pass, not over', () => {
    const p = Position.initial();
    expect(p.side).toBe(BLACK);
    expect(p.mustPass()).toBe(false);
    expect(p.isGameOver()).toBe(false);
    expect([p.blackCount(), p.whiteCount(), p.emptyCount()]).toEqual([2, 2, 60]);
    expect(p.lastMove()).toBeUndefined();
  });

  it('a side with no move must pass while the game goes on; a pass only swaps sides', () => {
    // White a1, black b1..g1, black to move: black has nothing, white has h1.
    const p = board([1, 2, 3, 4, 5, 6], [0], BLACK);
    expect(p.mustPass()).toBe(true);
    expect(p.isGameOver()).toBe(false);
    const before = [...p.bb];
    p.makePass();
    expect(p.side).toBe(WHITE);
    expect(p.ply).toBe(1);
    expect(p.lastMove()).toBe(PASS);
    expect([...p.bb]).toEqual([before[2], before[3], before[0], before[1]]);
    expect(p.legalMoveList()).toEqual([7]);
    expect(p.makeMove(7)).toBe(true);
    // Row 1 is all white now; black has no disc: over, white wins 8-0 plus 56 empties.
    expect(p.isGameOver()).toBe(true);
    expect(p.mustPass()).toBe(true);
    expect(p.side).toBe(BLACK);
    expect(p.finalScore()).toBe(-64);
    p.unmake();
    p.unmake();
    expect(p.side).toBe(BLACK);
    expect([...p.bb]).toEqual(before);
  });

  it('a full board is over and scores the plain difference', () => {
    const full = board(range(0, 40), range(40, 64), WHITE);
    expect(full.isGameOver()).toBe(true);
    expect(full.finalScore()).toBe(-16);
  });
});

describe('construction', () => {
  it('fromColors refuses overlapping sets', () => {
    expect(() => board([0, 1], [1], BLACK)).toThrow(RangeError);
  });

  it('makeMove refuses off-board, occupied and non-flipping squares without changing anything', () => {
    const p = Position.initial();
    for (const s of [-1, 64, 27, 28, 0, 19 + 8]) expect(p.makeMove(s)).toBe(false);
    expect(p.ply).toBe(0);
    expect(p.equals(Position.initial())).toBe(true);
  });

  it('clone is independent and equal', () => {
    const p = Position.initial();
    p.makeMove(19); // d3
    const q = p.clone();
    expect(q.equals(p)).toBe(true);
    expect([...q.patterns]).toEqual([...p.patterns]);
    expect(q.ply).toBe(0);
    q.makeMove(18); // c3
    expect(q.equals(p)).toBe(false);
    expect(p.side).toBe(WHITE);
    q.assertConsistent();
    p.assertConsistent();
  });

  it('assertConsistent catches a corrupted pattern index', () => {
    const p = Position.initial();
    p.makeMove(37);
    p.patterns[3] += 1;
    expect(() => p.assertConsistent()).toThrow(/pattern instance 3/);
  });
});
