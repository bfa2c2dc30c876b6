// Perft against the published table (test/fixtures/perft.txt: a pass is a ply, a finished game
// is one leaf), and against two independent counters built from Position and from the seed's
// slow walk, on the start position and on endgame positions where passes and early ends happen.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { perft } from './perft.js';
import { Position } from './position.js';
import { gridFromBitboards, walkLegalMoves } from './slow.js';

const TABLE_URL = new URL('../../../../test/fixtures/perft.txt', import.meta.url);
const TABLE: Map<number, number> = new Map(
  readFileSync(TABLE_URL, 'utf8')
    .split('\n')
    .filter((line) => /^\d+\s+\d+\s*$/.test(line))
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]),
);

/** Perft through Position.makeMove/makePass/unmake (the search's path). */
function positionPerft(p: Position, depth: number): number {
  if (depth === 0) return 1;
  if (p.isGameOver()) return 1;
  const moves = p.legalMoveList();
  let n = 0;
  if (moves.length === 0) {
    p.makePass();
    n = positionPerft(p, depth - 1);
    p.unmake();
    return n;
  }
  for (const square of moves) {
    p.makeMove(square);
    n += positionPerft(p, depth - 1);
    p.unmake();
  }
  return n;
}

/** Perft through the seed's walk only: moves from the slow reference, board copied per move. */
function walkPerft(pLo: number, pHi: number, oLo: number, oHi: number, depth: number): number {
  if (depth === 0) return 1;
  const moves = walkLegalMoves(gridFromBitboards(pLo, pHi, oLo, oHi));
  if (moves.length === 0) {
    if (walkLegalMoves(gridFromBitboards(oLo, oHi, pLo, pHi)).length === 0) return 1;
    return walkPerft(oLo, oHi, pLo, pHi, depth - 1);
  }
  let n = 0;
  for (const m of moves) {
    let fLo = 0, fHi = 0;
    for (const [r, c] of [[m.row, m.col], ...m.flips]) {
      const s = r * 8 + c;
      if (s < 32) fLo |= 1 << s;
      else fHi |= 1 << (s - 32);
    }
    // The placed disc is in the flip set too: it goes to the player, as every flipped disc does.
    n += walkPerft(oLo & ~fLo, oHi & ~fHi, pLo | fLo, pHi | fHi, depth - 1);
  }
  return n;
}

describe('perft from the start position', () => {
  const start = Position.initial();
  const [pLo, pHi, oLo, oHi] = start.bb;

  it('the fixture table is read', () => {
    expect(TABLE.get(1)).toBe(4);
    expect(TABLE.get(11)).toBe(212258800);
  });

  for (let depth = 1; depth <= 10; depth++) {
    it(`perft ${depth} = table`, () => {
      expect(perft(pLo, pHi, oLo, oHi, depth)).toBe(TABLE.get(depth));
    }, 30_000);
  }

  it('perft 0 is one leaf', () => {
    expect(perft(pLo, pHi, oLo, oHi, 0)).toBe(1);
  });

  it('Position make/unmake counts the same to depth 7, and the seed walk to depth 5', () => {
    const p = Position.initial();
    for (let depth = 1; depth <= 7; depth++) expect(positionPerft(p, depth)).toBe(TABLE.get(depth));
    expect(p.ply).toBe(0);
    for (let depth = 1; depth <= 5; depth++) expect(walkPerft(pLo, pHi, oLo, oHi, depth)).toBe(TABLE.get(depth));
  }, 30_000);
});

describe('perft near the end of the game (passes and finished games)', () => {
  const toPosition = (cells: string, side: number): Position => {
    let bLo = 0, bHi = 0, wLo = 0, wHi = 0;
    for (let s = 0; s < 64; s++) {
      const lo = s < 32 ? 1 << s : 0;
      const hi = s < 32 ? 0 : 1 << (s - 32);
      if (cells[s] === 'X') { bLo |= lo; bHi |= hi; }
      if (cells[s] === 'O') { wLo |= lo; wHi |= hi; }
    }
    return Position.fromColors(bLo, bHi, wLo, wHi, side);
  };

  it('FFO #1, #2 and #20: fast perft equals the make/unmake and walk counters to depth 5', () => {
    // All black to move (test/fixtures/ffo); the files list every legal move: 8, 8 and 4.
    const cases: Array<[string, number, number]> = [
      ['--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO--', 0, 8],
      ['-XXXXXX---XOOOO--XOXXOOX-OOOOOOOOOOOXXOOOOOXXOOX--XXOO----XXXXX-', 0, 8],
      ['XXXOXXXXOXXXXXXXOOXXXXXXOOOXXXXXOOOXXOO-OOOOO---OOOOOOO-OOOOOOO-', 0, 4],
    ];
    for (const [cells, side, moves] of cases) {
      const p = toPosition(cells, side);
      const [pLo, pHi, oLo, oHi] = p.bb;
      expect(perft(pLo, pHi, oLo, oHi, 1)).toBe(moves);
      for (let depth = 2; depth <= 5; depth++) {
        const fast = perft(pLo, pHi, oLo, oHi, depth);
        expect(positionPerft(p, depth)).toBe(fast);
        if (depth <= 4) expect(walkPerft(pLo, pHi, oLo, oHi, depth)).toBe(fast);
      }
      expect(p.ply).toBe(0);
    }
  }, 30_000);

  it('a forced pass counts as a ply', () => {
    // Black b1..g1, white a1, black to move: black has no move, white has h1.
    const p = toPosition('OXXXXXX-' + '-'.repeat(56), 0);
    expect(p.mustPass()).toBe(true);
    expect(p.isGameOver()).toBe(false);
    const [pLo, pHi, oLo, oHi] = p.bb;
    // 1: the pass. 2: pass, h1. 3: after h1 black has no disc left: the game ended, one leaf.
    expect([1, 2, 3, 4].map((d) => perft(pLo, pHi, oLo, oHi, d))).toEqual([1, 1, 1, 1]);
    expect([1, 2, 3, 4].map((d) => positionPerft(p, d))).toEqual([1, 1, 1, 1]);
    // One more black disc at a2 and a white one at a3: black now has a4 (over a3 to a2).
    const q = toPosition('OXXXXXX-' + 'X-------' + 'O-------' + '-'.repeat(40), 0);
    expect(q.mustPass()).toBe(false);
    expect(q.legalMoveList()).toEqual([24]);
  });

  it('a game that ends early is one leaf at every greater depth', () => {
    // a1 black, b1 white, h8 white; black plays c1 (the only move), then nobody can move.
    const p = toPosition('XO' + '-'.repeat(61) + 'O', 0);
    const [pLo, pHi, oLo, oHi] = p.bb;
    expect(p.legalMoveList()).toEqual([2]);
    expect([1, 2, 3, 6].map((d) => perft(pLo, pHi, oLo, oHi, d))).toEqual([1, 1, 1, 1]);
    expect(positionPerft(p, 6)).toBe(1);
    // A finished position: no white disc at all.
    const over = toPosition('XXXXXXX-' + '-'.repeat(56), 0);
    expect(over.isGameOver()).toBe(true);
    expect(perft(over.bb[0], over.bb[1], over.bb[2], over.bb[3], 5)).toBe(1);
  });
});
