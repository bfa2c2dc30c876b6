// Seed 002's worked examples and "typical mistakes" as exact cases for the fast bitboard move
// generator and flips, each checked against the slow one-step walk as well. The random-game
// properties (every ply of ~200 games) live in random-games.test.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HI, squaresOf } from './bitboard.js';
import { flipsFor, generateMoves } from './moves.js';
import { Position } from './position.js';
import { EMPTY, OPPONENT, PLAYER, gridFromBitboards, walkFlips, walkLegalMoves, type GridBoard } from './slow.js';

/** a1 -> 0 ... h8 -> 63 (a local helper, so these tests do not depend on notation.ts). */
const sq = (name: string): number => (name.charCodeAt(1) - 49) * 8 + (name.charCodeAt(0) - 97);
const nameOf = (s: number): string => String.fromCharCode(97 + (s & 7)) + String.fromCharCode(49 + (s >> 3));
const names = (lo: number, hi: number): string[] => squaresOf(lo, hi).map(nameOf).sort();

interface Sides { pLo: number; pHi: number; oLo: number; oHi: number }

/** Rows of 'B' (player, to move), 'W' (opponent), '.' empty, row 1 first, placed at a1; 8x8 board. */
function sidesFromRows(rows: string[]): Sides {
  let pLo = 0, pHi = 0, oLo = 0, oHi = 0;
  rows.forEach((row, r) => {
    for (let c = 0; c < row.length; c++) {
      const s = r * 8 + c;
      const lo = s < 32 ? 1 << s : 0;
      const hi = s < 32 ? 0 : 1 << (s - 32);
      if (row[c] === 'B') { pLo |= lo; pHi |= hi; }
      else if (row[c] === 'W') { oLo |= lo; oHi |= hi; }
    }
  });
  return { pLo, pHi, oLo, oHi };
}

function fastFlips(b: Sides, square: string): string[] {
  const lo = flipsFor(b.pLo, b.pHi, b.oLo, b.oHi, sq(square));
  return names(lo, HI[0]);
}

function slowFlips(grid: GridBoard, square: string): string[] {
  const s = sq(square);
  return walkFlips(grid, s >> 3, s & 7).map(([r, c]) => nameOf(r * 8 + c)).sort();
}

function fastMoves(b: Sides): string[] {
  const lo = generateMoves(b.pLo, b.pHi, b.oLo, b.oHi);
  return names(lo, HI[0]);
}

function slowMoves(b: Sides): string[] {
  return walkLegalMoves(gridFromBitboards(b.pLo, b.pHi, b.oLo, b.oHi)).map((m) => nameOf(m.row * 8 + m.col)).sort();
}

// Seed 002's 5x5 practice board (black to move; every direction from c3 ends differently).
const SEED_ROWS = ['..B.B', '..WW.', '.B.WW', '.WW..', 'B....'];

describe('seed 002: the 5x5 board in the a1 corner', () => {
  const board = sidesFromRows(SEED_ROWS);

  it('c3 flips exactly c2, d2 and b4 (fast flipsFor)', () => {
    expect(fastFlips(board, 'c3')).toEqual(['b4', 'c2', 'd2']);
  });

  it('the slow walk agrees, on the 8x8 board and on the seed\'s own 5x5 grid', () => {
    expect(slowFlips(gridFromBitboards(board.pLo, board.pHi, board.oLo, board.oHi), 'c3')).toEqual(['b4', 'c2', 'd2']);
    const grid5: GridBoard = SEED_ROWS.map((row) => [...row].map((ch) => (ch === 'B' ? PLAYER : ch === 'W' ? OPPONENT : EMPTY)));
    expect(walkFlips(grid5, 2, 2).map(([r, c]) => nameOf(r * 8 + c)).sort()).toEqual(['b4', 'c2', 'd2']);
  });

  it('c3 is in the legal move set, and fast and slow move sets are equal', () => {
    const moves = fastMoves(board);
    expect(moves).toContain('c3');
    expect(moves).toEqual(slowMoves(board));
  });

  it('every empty square has the same flips fast and slow', () => {
    const grid = gridFromBitboards(board.pLo, board.pHi, board.oLo, board.oHi);
    for (let s = 0; s < 64; s++) {
      if (grid[s >> 3][s & 7] !== EMPTY) continue;
      expect(fastFlips(board, nameOf(s)), nameOf(s)).toEqual(slowFlips(grid, nameOf(s)));
    }
  });
});

describe('seed 002: the start position', () => {
  it('black has exactly d3, c4, f5, e6, each flipping one disc', () => {
    const p = Position.initial();
    const b = { pLo: p.bb[0], pHi: p.bb[1], oLo: p.bb[2], oHi: p.bb[3] };
    expect(fastMoves(b)).toEqual(['c4', 'd3', 'e6', 'f5']);
    expect(slowMoves(b)).toEqual(['c4', 'd3', 'e6', 'f5']);
    expect(fastFlips(b, 'd3')).toEqual(['d4']);
    expect(fastFlips(b, 'c4')).toEqual(['d4']);
    expect(fastFlips(b, 'f5')).toEqual(['e5']);
    expect(fastFlips(b, 'e6')).toEqual(['e5']);
  });

  it('after d3, white has exactly c3, e3, c5', () => {
    const p = Position.initial();
    expect(p.makeMove(sq('d3'))).toBe(true);
    const b = { pLo: p.bb[0], pHi: p.bb[1], oLo: p.bb[2], oHi: p.bb[3] };
    expect(fastMoves(b)).toEqual(['c3', 'c5', 'e3']);
    expect(slowMoves(b)).toEqual(['c3', 'c5', 'e3']);
    expect(p.legalMoveList().map(nameOf)).toEqual(['c3', 'e3', 'c5']);
  });
});

describe('seed 002: typical mistakes', () => {
  it('a run of opponent discs ending at the board edge flips nothing (no closing disc)', () => {
    // e1 sees f1 g1 h1 white and then the edge; a2 (black) is the next bit after h1, so a shift
    // that wraps around the row would wrongly close the run.
    const b = sidesFromRows(['.....WWW', 'B.......']);
    expect(fastFlips(b, 'e1')).toEqual([]);
    expect(fastMoves(b)).toEqual([]);
    expect(slowMoves(b)).toEqual([]);
    // The same towards a: c2 sees b2 a2 white, then the edge; h1 (black) precedes a2 in bit order.
    const c = sidesFromRows(['.......B', 'WW......']);
    expect(fastFlips(c, 'c2')).toEqual([]);
    expect(fastMoves(c)).toEqual([]);
    expect(slowMoves(c)).toEqual([]);
  });

  it('the seed\'s "right" direction: d3 e3 white then the 5x5 edge flips nothing', () => {
    const grid5: GridBoard = ['.....', '.....', '...WW', '.....', '.....'].map((row) => [...row].map((ch) => (ch === 'W' ? OPPONENT : EMPTY)));
    expect(walkFlips(grid5, 2, 2)).toEqual([]);
    // With a black disc beyond (a 6-wide row) the same run is captured.
    const grid6: GridBoard = [[EMPTY, EMPTY, EMPTY, OPPONENT, OPPONENT, PLAYER]];
    while (grid6.length < 6) grid6.push([EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY]);
    expect(walkFlips(grid6, 0, 2)).toEqual([[0, 3], [0, 4]]);
  });

  it('an adjacent own disc is not a capture', () => {
    // e1 touches only d1 (own). d2 touches own d1 above and white d3 below with d4 empty beyond.
    const b = sidesFromRows(['...B....', '........', '...W....']);
    expect(fastFlips(b, 'e1')).toEqual([]);
    expect(fastFlips(b, 'd2')).toEqual([]);
    expect(fastMoves(b)).toEqual([]);
    expect(slowMoves(b)).toEqual([]);
  });

  it('an occupied square is not a move even when a run through it would close', () => {
    // a1 black, b1 c1 white, d1 empty: c1 is occupied (white) although "from c1" b1 is closed by a1.
    const b = sidesFromRows(['BWW.....']);
    expect(fastMoves(b)).toEqual(['d1']);
    expect(slowMoves(b)).toEqual(['d1']);
    expect(fastFlips(b, 'd1')).toEqual(['b1', 'c1']);
    const grid = gridFromBitboards(b.pLo, b.pHi, b.oLo, b.oHi);
    expect(walkFlips(grid, 0, 2)).toEqual([]);
    const p = Position.fromColors(b.pLo, b.pHi, b.oLo, b.oHi, 0);
    expect(p.makeMove(sq('c1'))).toBe(false);
    expect(p.isLegal(sq('c1'))).toBe(false);
    expect(p.makeMove(sq('a1'))).toBe(false);
    expect(p.ply).toBe(0);
    expect(p.makeMove(sq('d1'))).toBe(true);
  });

  it('only the closed directions flip: a failed direction\'s discs stay', () => {
    // d4 to move: right e4 f4 white closed by g4; down d5 d6 white then empty d7.
    const b = sidesFromRows(['........', '........', '........', '....WWB.', '...W....', '...W....']);
    expect(fastFlips(b, 'd4')).toEqual(['e4', 'f4']);
    expect(slowFlips(gridFromBitboards(b.pLo, b.pHi, b.oLo, b.oHi), 'd4')).toEqual(['e4', 'f4']);
  });

  it('long runs: a full diagonal and a full column are flipped to the far corner', () => {
    // a1 to move; b2..g7 white, h8 black; a2..a7 white, a8 black.
    const rows = ['........', 'WW......', 'W.W.....', 'W..W....', 'W...W...', 'W....W..', 'W.....W.', 'B......B'];
    const b = sidesFromRows(rows);
    expect(fastFlips(b, 'a1')).toEqual(['a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'b2', 'c3', 'd4', 'e5', 'f6', 'g7']);
    expect(slowFlips(gridFromBitboards(b.pLo, b.pHi, b.oLo, b.oHi), 'a1')).toEqual(fastFlips(b, 'a1'));
  });

  it('arbitrary boards, reachable or not: every empty square has the same flips fast and slow', () => {
    // Each square empty, player or opponent with a drawn bias, so long runs of one colour occur;
    // every direction of the unrolled flipsFor is exercised from every square.
    const board = fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 64, maxLength: 64 }));
    fc.assert(fc.property(board, ([fill, bias, draws]) => {
      const b: Sides = { pLo: 0, pHi: 0, oLo: 0, oHi: 0 };
      draws.forEach((d, s) => {
        if (d >= fill) return;
        const lo = s < 32 ? 1 << s : 0;
        const hi = s < 32 ? 0 : 1 << (s - 32);
        if (d < fill * bias) { b.pLo |= lo; b.pHi |= hi; } else { b.oLo |= lo; b.oHi |= hi; }
      });
      const grid = gridFromBitboards(b.pLo, b.pHi, b.oLo, b.oHi);
      for (let s = 0; s < 64; s++) {
        if (grid[s >> 3][s & 7] !== EMPTY) continue;
        expect(fastFlips(b, nameOf(s))).toEqual(slowFlips(grid, nameOf(s)));
      }
    }), { numRuns: 400, seed: 13 });
  });
});
