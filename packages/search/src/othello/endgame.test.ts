// The exact solver against the FFO problems (scores proven by other programs), against the plain
// minimax reference on random small endgames (including forced passes and finished games), its
// window contract, win/loss mode, the root move and principal variation, and the soundness of the
// stable-disc bound against an exhaustive walk of every continuation.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { HI, PASS, Position, parseObf, squareName, type ObfLine } from '@sente/core';
import { endgameNodes, solveExact, solvePosition, solveWinLoss, solveWithContext } from './endgame.js';
import { SearchContext } from './context.js';
import { bootstrapTable } from './bootstrap.js';
import { stableDiscs } from './endgame-stability.js';
import { lastFlipCount, lastFlipCountSlow } from './endgame-last.js';
import { minimax } from './minimax.js';

const FIXTURES = fileURLToPath(new URL('../../../../test/fixtures/ffo/', import.meta.url));

interface Problem { number: number; empties: number; line: ObfLine }

function readProblems(file: string, first: number): Problem[] {
  const lines = readFileSync(FIXTURES + file, 'utf8').split('\n').filter((l) => l.trim() !== '');
  return lines.map((text, i) => {
    const r = parseObf(text);
    if (!r.ok) throw new Error(`${file} line ${i + 1}: ${r.error.message}`);
    return { number: first + i, empties: r.value.position.emptyCount(), line: r.value };
  });
}

const PROBLEMS = [...readProblems('fforum-1-19.obf', 1), ...readProblems('fforum-20-39.obf', 20)];
/** Up to 20 empties: about 6 s on this machine; the deeper ones are in bench/endgame.mjs. */
const TESTED = PROBLEMS.filter((p) => p.empties <= 20);

/** mulberry32: a small seeded PRNG, so every run sees the same positions. */
function prng(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random game from the start, stopped at `empties` empties (or at its end). */
function randomPosition(seed: number, empties: number): Position {
  const random = prng(seed);
  const p = Position.initial();
  while (p.emptyCount() > empties && !p.isGameOver()) {
    if (p.mustPass()) { p.makePass(); continue; }
    const moves = p.legalMoveList();
    p.makeMove(moves[Math.floor(random() * moves.length)]);
  }
  return p.clone();
}

/** Positions with at most 10 empties where the side to move must pass or the game is over. */
function passPositions(count: number): Position[] {
  const out: Position[] = [];
  for (let seed = 1; out.length < count && seed < 20000; seed++) {
    const random = prng(seed);
    const p = Position.initial();
    while (!p.isGameOver()) {
      if (p.mustPass()) {
        if (p.emptyCount() <= 10) { out.push(p.clone()); break; }
        p.makePass();
        continue;
      }
      const moves = p.legalMoveList();
      p.makeMove(moves[Math.floor(random() * moves.length)]);
    }
    if (p.isGameOver() && seed % 8 === 0) out.push(p.clone());
  }
  return out;
}

/** The sign of a score, with 0 for both zeros. */
function sign(x: number): number {
  return x > 0 ? 1 : x < 0 ? -1 : 0;
}

function solve(p: Position, alpha = -64, beta = 64): number {
  const bb = p.bb;
  return solveExact(bb[0], bb[1], bb[2], bb[3], alpha, beta);
}

describe('FFO problems up to 20 empties', () => {
  it('covers the problems of the fixture files', () => {
    expect(PROBLEMS).toHaveLength(39);
    expect(TESTED.length).toBeGreaterThanOrEqual(30);
  });

  it.each(TESTED.map((p) => [p.number, p.empties, p] as const))('#%i (%i empties): best move and exact score', (_n, _e, problem) => {
    const best = problem.line.moves[0].score;
    const r = solvePosition(problem.line.position, { pv: false });
    expect(r.score).toBe(best);
    // The chosen move is one the file lists with the best score.
    const listed = problem.line.moves.find((m) => m.square === r.move);
    expect(listed?.score, `move ${squareName(r.move)}`).toBe(best);
    expect(r.nodes).toBeGreaterThan(0);
    // The raw-bitboard entry point agrees.
    expect(solve(problem.line.position)).toBe(best);
    expect(endgameNodes()).toBeGreaterThan(0);
  });
});

describe('against plain minimax', () => {
  it('gives the exact score of 300 random positions with 6..10 empties', () => {
    // 275 positions with 6..8 empties, then 20 with 9 and 5 with 10 (the reference needs ~0.3 s
    // for each of those).
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 30 }), fc.integer({ min: 6, max: 8 }), (seed, empties) => {
        const p = randomPosition(seed, empties);
        expect(solve(p)).toBe(minimax(p));
      }),
      { seed: 20261130, numRuns: 275 },
    );
    for (let seed = 1; seed <= 25; seed++) {
      const p = randomPosition(seed * 65537, seed <= 20 ? 9 : 10);
      expect(solve(p), `seed ${seed}`).toBe(minimax(p));
    }
  });

  it('gives the exact score with 0..5 empties, where the small-count code runs at the root', () => {
    for (let seed = 1; seed <= 120; seed++) {
      const p = randomPosition(seed * 7919, seed % 6);
      expect(solve(p), `seed ${seed}`).toBe(minimax(p));
    }
  });

  it('handles forced passes and finished games at the root', () => {
    const positions = passPositions(60);
    const passes = positions.filter((p) => !p.isGameOver());
    expect(passes.length).toBeGreaterThanOrEqual(20);
    expect(positions.length - passes.length).toBeGreaterThanOrEqual(5);
    for (const p of positions) {
      const exact = minimax(p);
      expect(solve(p)).toBe(exact);
      const r = solvePosition(p);
      expect(r.move).toBe(PASS);
      expect(r.score).toBe(exact);
    }
  });

  it('respects the fail-soft window contract and the win/draw/loss sign', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 30 }), fc.integer({ min: 6, max: 8 }), fc.integer({ min: -64, max: 60 }), fc.integer({ min: 2, max: 20 }), (seed, empties, a, width) => {
        const p = randomPosition(seed, empties);
        const exact = minimax(p);
        const alpha = a;
        const beta = Math.min(64, a + width);
        const v = solve(p, alpha, beta);
        if (exact <= alpha) {
          expect(v).toBeLessThanOrEqual(alpha);
          expect(v).toBeGreaterThanOrEqual(exact);
        } else if (exact >= beta) {
          expect(v).toBeGreaterThanOrEqual(beta);
          expect(v).toBeLessThanOrEqual(exact);
        } else {
          expect(v).toBe(exact);
        }
        const bb = p.bb;
        expect(sign(solveWinLoss(bb[0], bb[1], bb[2], bb[3]))).toBe(sign(exact));
      }),
      { seed: 7, numRuns: 200 },
    );
  });

  it('finds a best root move and a principal variation that realises the score', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const p = randomPosition(seed * 104729, 6 + (seed % 3));
      if (p.isGameOver()) continue;
      const exact = minimax(p);
      const r = solvePosition(p);
      expect(r.score).toBe(exact);
      const child = p.clone();
      if (r.move === PASS) child.makePass();
      else expect(child.makeMove(r.move)).toBe(true);
      expect(0 - minimax(child)).toBe(exact);
      // Playing the PV to the end gives the score (passes where forced).
      const end = p.clone();
      for (const m of r.pv) {
        if (m === PASS) { expect(end.mustPass()).toBe(true); end.makePass(); }
        else expect(end.makeMove(m)).toBe(true);
      }
      expect(end.isGameOver()).toBe(true);
      const perspective = end.side === p.side ? 1 : -1;
      expect((perspective * end.finalScore()) | 0).toBe(exact);
      // Win/draw/loss mode picks a move of the same outcome.
      const w = solvePosition(p, { mode: 'wld' });
      expect(sign(w.score)).toBe(sign(exact));
    }
  });
});

describe('fast solver against the reference (property)', () => {
  it('random positions with 0..10 empties: same exact score as minimax, and the best move reproduces it', () => {
    // Every layer of the fast solver is reached from such roots: solve1..solve4 at the root, the
    // list-driven shallow layer (5, 6) and the deep layer with table, ETC and ordering (7..10).
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 30 }), fc.integer({ min: 0, max: 10 }), (seed, empties) => {
        const p = randomPosition(seed, empties);
        const exact = minimax(p);
        const r = solvePosition(p, { pv: false });
        expect(r.score).toBe(exact);
        expect(solve(p)).toBe(exact);
        if (p.isGameOver()) return;
        const child = p.clone();
        if (r.move === PASS) {
          expect(p.mustPass()).toBe(true);
          child.makePass();
        } else {
          expect(child.makeMove(r.move)).toBe(true);
        }
        expect(0 - minimax(child)).toBe(exact);
      }),
      { seed: 20261201, numRuns: 60 },
    );
  });
});

describe('ordering by the evaluation (a context with a table)', () => {
  const table = bootstrapTable();
  /** A context with the table, its position set to `p` (so the solver may order by the evaluation). */
  function contextAt(p: Position): SearchContext {
    const s = new SearchContext(table);
    s.position = p.clone();
    s.setLimits(Infinity, Infinity, undefined);
    return s;
  }

  it('random positions with 14..16 empties: the same exact score as the solver without a table, from any first guess', () => {
    // The evaluation orders the nodes of 14 and more empties; the tableless solver is the
    // reference (checked against minimax above). A different guess only changes the nodes.
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 30 }), fc.integer({ min: 14, max: 16 }), fc.integer({ min: -32, max: 32 }), (seed, empties, half) => {
        const p = randomPosition(seed, empties);
        const expected = solveExact(p.bb[0], p.bb[1], p.bb[2], p.bb[3]);
        const s = contextAt(p);
        const r = solveWithContext(s, p, { guess: 2 * half });
        expect(r.complete).toBe(true);
        expect(r.score).toBe(expected);
        // The principal variation realises the score under our rules.
        const q = p.clone();
        for (const m of r.pv) {
          if (m === PASS) { expect(q.mustPass()).toBe(true); q.makePass(); } else expect(q.makeMove(m)).toBe(true);
        }
        if (!p.isGameOver()) {
          expect(q.isGameOver()).toBe(true);
          expect(p.side === q.side ? q.finalScore() : 0 - q.finalScore()).toBe(expected);
        }
        // The context's position is the root again, undo stack included.
        expect([...s.position.bb]).toEqual([...p.bb]);
        expect(s.position.ply).toBe(p.ply);
      }),
      { seed: 20261202, numRuns: 12 },
    );
  });

  it('a solve stopped by a node limit leaves the context at the root position', () => {
    for (const seed of [3, 4, 5]) {
      const p = randomPosition(seed, 17);
      const s = contextAt(p);
      s.setLimits(Infinity, 5_000 + seed * 777, undefined);
      const r = solveWithContext(s, p, {});
      expect(r.complete).toBe(false);
      // solve4 and below do not poll: one small subtree may run past the limit (endgame.ts).
      expect(s.nodes).toBeLessThanOrEqual(5_000 + seed * 777 + 1000);
      expect([...s.position.bb]).toEqual([...p.bb]);
      expect(s.position.ply).toBe(p.ply);
      expect(s.position.side).toBe(p.side);
      // Then a full solve on the same context agrees with the reference.
      s.setLimits(Infinity, Infinity, undefined);
      expect(solveWithContext(s, p, { pv: false }).score).toBe(solveExact(p.bb[0], p.bb[1], p.bb[2], p.bb[3]));
    }
  });
});

describe('last empty square', () => {
  it('counts the same flips as the general flip routine on 20000 random full boards', () => {
    const random = prng(4242);
    let nonzero = 0;
    for (let i = 0; i < 20000; i++) {
      const x = Math.floor(random() * 64);
      // Random discs everywhere but x; biased so that long runs of one colour occur.
      const bias = random();
      let pLo = 0, pHi = 0;
      for (let sq = 0; sq < 64; sq++) {
        if (sq === x || random() >= bias) continue;
        if (sq < 32) pLo |= 1 << sq;
        else pHi |= 1 << (sq - 32);
      }
      const oLo = ~pLo & ~(x < 32 ? 1 << x : 0);
      const oHi = ~pHi & ~(x < 32 ? 0 : 1 << (x - 32));
      const n = lastFlipCount(pLo, pHi, x);
      expect(n).toBe(lastFlipCountSlow(pLo, pHi, oLo, oHi, x));
      expect(lastFlipCount(oLo, oHi, x)).toBe(lastFlipCountSlow(oLo, oHi, pLo, pHi, x));
      if (n > 0) nonzero++;
    }
    expect(nonzero).toBeGreaterThan(5000);
  });
});

/** The discs of `colour` that stay `colour` in every position reachable by legal play. */
function trulyStable(p: Position, colour: number): [number, number] {
  let lo = -1, hi = -1;
  const walk = (): void => {
    lo &= colour === 0 ? p.blackLo : p.whiteLo;
    hi &= colour === 0 ? p.blackHi : p.whiteHi;
    if ((lo | hi) === 0 || p.isGameOver()) return;
    const moves = p.legalMoveList();
    if (moves.length === 0) { p.makePass(); walk(); p.unmake(); return; }
    for (const m of moves) { p.makeMove(m); walk(); p.unmake(); }
  };
  walk();
  return [lo, hi];
}

describe('stable discs', () => {
  it('are a subset of the discs no continuation can flip', () => {
    let found = 0;
    for (let seed = 1; seed <= 80; seed++) {
      const p = randomPosition(seed * 31337, 4 + (seed % 4));
      const bb = p.bb;
      const lo = stableDiscs(bb[0], bb[1], bb[2], bb[3]);
      const hi = HI[0];
      const [tLo, tHi] = trulyStable(p, p.side);
      expect(lo & ~tLo, `seed ${seed}`).toBe(0);
      expect(hi & ~tHi, `seed ${seed}`).toBe(0);
      found += (lo !== 0 ? 1 : 0) + (hi !== 0 ? 1 : 0);
    }
    // The bound is not empty on real endgames.
    expect(found).toBeGreaterThan(20);
  });

  it('counts a full board completely and an empty corner region not at all', () => {
    const full = Position.fromColors(-1, 0, 0, -1, 0);
    expect(stableDiscs(full.bb[0], full.bb[1], full.bb[2], full.bb[3])).toBe(-1);
    expect(HI[0]).toBe(0);
    const start = Position.initial();
    expect(stableDiscs(start.bb[0], start.bb[1], start.bb[2], start.bb[3])).toBe(0);
    expect(HI[0]).toBe(0);
  });
});
