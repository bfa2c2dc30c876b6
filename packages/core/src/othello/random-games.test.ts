// Properties over random games: fast-check draws a list of choices, and the game picks its move
// at each ply from that list (passing when forced), so every legal-game state is reachable and a
// failure shrinks to a short game. At every ply the fast code is compared with its slow reference:
// moves and flips with the seed's walk, incremental patterns with a recomputation, unmake with a
// snapshot, bitboard transforms with the square-by-square version, canonical keys with a brute
// force minimum over the 8 images.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HI, squaresOf } from './bitboard.js';
import { flipsFor, generateMoves } from './moves.js';
import { computePatternIndices } from './patterns.js';
import { PASS, Position } from './position.js';
import { gridFromBitboards, walkFlips, walkLegalMoves } from './slow.js';
import { canonicalKey, inverseTransform, transformSet, transformSetSlow } from './symmetry.js';

const GAMES = 200;
/** Generous: about 1 s each on an idle machine, but the machine is shared with other test runs. */
const TIMEOUT = 60_000;

interface Snapshot { bb: number[]; side: number; ply: number; patterns: number[] }

function snapshot(p: Position): Snapshot {
  return { bb: [...p.bb], side: p.side, ply: p.ply, patterns: [...p.patterns] };
}

/** Cheap element-wise equality; the tests call `expect` (slow, but with a diff) only on a mismatch. */
function sameNumbers(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function expectRestored(p: Position, before: Snapshot): void {
  const same = p.side === before.side && p.ply === before.ply && sameNumbers(p.bb, before.bb) && sameNumbers(p.patterns, before.patterns);
  if (!same) expect(snapshot(p)).toEqual(before);
}

/** Plays a game from the start, choosing with `choices`; calls `visit` before every ply and at the end. */
function playGame(choices: number[], visit: (p: Position) => void): { position: Position; moves: number[]; passes: number } {
  const p = Position.initial();
  const moves: number[] = [];
  let passes = 0;
  for (let i = 0; !p.isGameOver(); i++) {
    visit(p);
    const legal = p.legalMoveList();
    if (legal.length === 0) {
      p.makePass();
      moves.push(PASS);
      passes++;
    } else {
      const square = legal[choices[i % choices.length] % legal.length];
      expect(p.makeMove(square)).toBe(true);
      moves.push(square);
    }
  }
  visit(p);
  return { position: p, moves, passes };
}

const choicesArb = fc.array(fc.nat({ max: 1000 }), { minLength: 1, maxLength: 70 });

describe('random games', () => {
  it('fast moves and flips equal the 8-direction walk at every ply', () => {
    let totalPasses = 0;
    let plies = 0;
    fc.assert(
      fc.property(choicesArb, (choices) => {
        const r = playGame(choices, (p) => {
          plies++;
          const [pLo, pHi, oLo, oHi] = p.bb;
          const grid = gridFromBitboards(pLo, pHi, oLo, oHi);
          const slow = walkLegalMoves(grid).map((m) => m.row * 8 + m.col);
          const mLo = generateMoves(pLo, pHi, oLo, oHi);
          expect(squaresOf(mLo, HI[0])).toEqual(slow);
          // Every empty square, legal or not: flips must agree (empty set for illegal squares).
          for (let s = 0; s < 64; s++) {
            if (grid[s >> 3][s & 7] !== 0) continue;
            const fLo = flipsFor(pLo, pHi, oLo, oHi, s);
            const fast = squaresOf(fLo, HI[0]);
            const ref = walkFlips(grid, s >> 3, s & 7).map(([row, col]) => row * 8 + col).sort((a, b) => a - b);
            if (!sameNumbers(fast, ref)) expect({ square: s, flips: fast }).toEqual({ square: s, flips: ref });
          }
        });
        totalPasses += r.passes;
        expect(r.position.emptyCount() + r.position.blackCount() + r.position.whiteCount()).toBe(64);
      }),
      { numRuns: GAMES },
    );
    // Forced passes are part of the space covered (about one random game in ten has one).
    expect(totalPasses).toBeGreaterThan(0);
    expect(plies).toBeGreaterThan(GAMES * 40);
  }, TIMEOUT);

  it('incremental patterns equal a recomputation, and unmake restores every field', () => {
    fc.assert(
      fc.property(choicesArb, (choices) => {
        const history: Snapshot[] = [];
        const r = playGame(choices, (p) => {
          p.assertConsistent();
          const fresh = computePatternIndices(p.blackLo, p.blackHi, p.whiteLo, p.whiteHi);
          if (!sameNumbers(p.patterns, fresh)) expect([...p.patterns]).toEqual([...fresh]);
          const before = snapshot(p);
          history.push(before);
          // Make and unmake every legal move (or the pass) right here: nothing may change.
          const legal = p.legalMoveList();
          if (legal.length === 0) {
            p.makePass();
            p.assertConsistent();
            p.unmake();
          }
          for (const square of legal) {
            expect(p.makeMove(square)).toBe(true);
            if (p.lastMove() !== square) expect(p.lastMove()).toBe(square);
            p.assertConsistent();
            p.unmake();
            expectRestored(p, before);
          }
          expectRestored(p, before);
        });
        // Replay the whole game backwards to the start.
        const p = r.position;
        expect(p.ply).toBe(r.moves.length);
        for (let i = history.length - 1; i >= 0; i--) {
          expectRestored(p, history[i]);
          if (i > 0) {
            expect(p.lastMove()).toBe(r.moves[i - 1]);
            p.unmake();
          }
        }
        expect(p.ply).toBe(0);
        expect(p.equals(Position.initial())).toBe(true);
        expect(() => p.unmake()).toThrow(RangeError);
      }),
      { numRuns: GAMES },
    );
  }, TIMEOUT);

  it('transforms: fast equals slow, inverses undo, canonical keys are invariant and minimal', () => {
    fc.assert(
      fc.property(choicesArb, fc.nat({ max: 60 }), (choices, stopAt) => {
        let ply = 0;
        playGame(choices, (p) => {
          if (ply++ !== stopAt && ply % 7 !== 0) return;
          const [pLo, pHi, oLo, oHi] = p.bb;
          const key = canonicalKey(pLo, pHi, oLo, oHi);
          const images: number[][] = [];
          for (let t = 0; t < 8; t++) {
            const tpLo = transformSet(pLo, pHi, t);
            const tpHi = HI[0];
            const toLo = transformSet(oLo, oHi, t);
            const toHi = HI[0];
            expect([tpLo, tpHi]).toEqual(transformSetSlow(pLo, pHi, t));
            expect([toLo, toHi]).toEqual(transformSetSlow(oLo, oHi, t));
            const u = inverseTransform(t);
            const backLo = transformSet(tpLo, tpHi, u);
            expect([backLo, HI[0]]).toEqual([pLo, pHi]);
            // The same position seen through transform t has the same key.
            const k = canonicalKey(tpLo, tpHi, toLo, toHi);
            expect([k.playerLo, k.playerHi, k.opponentLo, k.opponentHi]).toEqual([key.playerLo, key.playerHi, key.opponentLo, key.opponentHi]);
            images.push([tpLo >>> 0, tpHi >>> 0, toLo >>> 0, toHi >>> 0]);
          }
          // Brute force minimum in the seed's order: opponent hi, opponent lo, player hi, player lo.
          images.sort((a, b) => a[3] - b[3] || a[2] - b[2] || a[1] - b[1] || a[0] - b[0]);
          expect([key.playerLo, key.playerHi, key.opponentLo, key.opponentHi]).toEqual(images[0]);
          const viaT = [transformSet(pLo, pHi, key.transform) >>> 0, HI[0] >>> 0, transformSet(oLo, oHi, key.transform) >>> 0, HI[0] >>> 0];
          expect(viaT).toEqual(images[0]);
          // Swapping the sides gives the same key only if some transform maps player onto
          // opponent and back (the side to move is part of the key).
          const swapped = canonicalKey(oLo, oHi, pLo, pHi);
          let selfSwap = false;
          for (let t = 0; t < 8; t++) {
            const [aLo, aHi] = transformSetSlow(pLo, pHi, t);
            const [bLo, bHi] = transformSetSlow(oLo, oHi, t);
            if (aLo === oLo && aHi === oHi && bLo === pLo && bHi === pHi) selfSwap = true;
          }
          const same = swapped.playerLo === key.playerLo && swapped.playerHi === key.playerHi && swapped.opponentLo === key.opponentLo && swapped.opponentHi === key.opponentHi;
          expect(same).toBe(selfSwap);
        });
      }),
      { numRuns: GAMES },
    );
  }, TIMEOUT);
});

describe('canonical key: fixed cases', () => {
  it('the start position is symmetric under the player/opponent swap (a quarter turn), and its 4 first moves share a key', () => {
    const p = Position.initial();
    const [pLo, pHi, oLo, oHi] = p.bb;
    const a = canonicalKey(pLo, pHi, oLo, oHi);
    const b = canonicalKey(oLo, oHi, pLo, pHi);
    // Rotating the start position by 90 degrees exchanges the colours.
    expect([a.playerLo, a.playerHi, a.opponentLo, a.opponentHi]).toEqual([b.playerLo, b.playerHi, b.opponentLo, b.opponentHi]);
    const keys = new Set<string>();
    for (const square of p.legalMoveList()) {
      p.makeMove(square);
      const k = canonicalKey(p.bb[0], p.bb[1], p.bb[2], p.bb[3]);
      keys.add([k.playerLo, k.playerHi, k.opponentLo, k.opponentHi].join(','));
      p.unmake();
    }
    expect(keys.size).toBe(1);
  });

  it('after f5 the swapped position has a different key', () => {
    const p = Position.initial();
    p.makeMove(37); // f5
    const [pLo, pHi, oLo, oHi] = p.bb;
    const a = canonicalKey(pLo, pHi, oLo, oHi);
    const b = canonicalKey(oLo, oHi, pLo, pHi);
    expect([a.playerLo, a.playerHi, a.opponentLo, a.opponentHi]).not.toEqual([b.playerLo, b.playerHi, b.opponentLo, b.opponentHi]);
  });
});
