import { describe, expect, it } from 'vitest';
import { PASS, Position, parseBoard, parseTranscript } from '@sente/core';
import { bootstrapTable } from './bootstrap.js';
import { Engine, timeForMove } from './engine.js';
import { prng, randomPosition } from './testutil.js';
import { solveExact } from './endgame.js';
import { TranspositionTable } from './tt.js';

const table = bootstrapTable();

describe('engine.think', () => {
  it('is deterministic at a fixed depth, also after other searches', () => {
    const e = new Engine(table);
    const p = parseTranscript('f5d6c3d3c4f4f6f3e6e7').value!.position;
    const a = e.think(p, { depth: 6, exactFrom: 0 });
    e.think(Position.initial(), { depth: 5, exactFrom: 0 });
    const b = e.think(p, { depth: 6, exactFrom: 0 });
    const c = new Engine(table).think(p, { depth: 6, exactFrom: 0 });
    expect(b.move).toBe(a.move);
    expect(b.score).toBe(a.score);
    expect(b.nodes).toBe(a.nodes);
    expect(c.move).toBe(a.move);
    expect(a.depth).toBe(6);
    expect(a.pv[0]).toBe(a.move);
    expect(p.isLegal(a.move)).toBe(true);
  });

  it('returns a legal principal variation', () => {
    const e = new Engine(table);
    const p = parseTranscript('f5f6e6f4e3').value!.position;
    const r = e.think(p, { depth: 7, exactFrom: 0 });
    const q = p.clone();
    for (const m of r.pv) {
      if (m === PASS) {
        expect(q.mustPass()).toBe(true);
        q.makePass();
      } else {
        expect(q.makeMove(m), `pv move ${m}`).toBe(true);
      }
    }
    expect(r.pv.length).toBeGreaterThan(1);
  });

  it('solves exactly from the root when empties <= exactFrom', () => {
    const random = prng(21);
    const e = new Engine(table);
    for (let i = 0; i < 20; i++) {
      const p = randomPosition(random, 10);
      const r = e.think(p, { exactFrom: 12 });
      expect(r.exact).toBe(true);
      const bb = p.bb;
      expect(r.score).toBe(solveExact(bb[0], bb[1], bb[2], bb[3], -64, 64));
      const q = p.clone();
      expect(q.makeMove(r.move)).toBe(true);
    }
  });

  it('passes when it has no move, and scores a finished game exactly', () => {
    // Find positions where the side to move must pass (the opponent can move) by random play.
    const random = prng(5);
    const e = new Engine(table);
    let found = 0, exacts = 0;
    for (let game = 0; game < 400 && (found < 3 || exacts < 1); game++) {
      const p = Position.initial();
      while (!p.isGameOver()) {
        if (p.mustPass()) {
          const r = e.think(p, { depth: 3, exactFrom: 0 });
          expect(r.move).toBe(PASS);
          // Its score is the opponent's search after the pass, negated (not a static evaluation),
          // and exact when the position is within the solve range.
          const after = p.clone();
          after.makePass();
          const o = e.think(after, { depth: 3, exactFrom: 0 });
          expect([r.score, r.depth, r.exact, r.pv]).toEqual([0 - o.score, o.depth, o.exact, [PASS, ...o.pv]]);
          expect(o.depth).toBe(Math.min(3, after.emptyCount()));
          if (p.emptyCount() <= 14) {
            const exact = e.think(p, { exactFrom: 14 });
            expect([exact.move, exact.exact, exact.score]).toEqual([PASS, true, 0 - solveExact(after.bb[0], after.bb[1], after.bb[2], after.bb[3])]);
            exacts++;
          }
          found++;
          p.makePass();
          continue;
        }
        const moves = p.legalMoveList();
        p.makeMove(moves[Math.floor(random() * moves.length)]);
      }
    }
    expect(found).toBeGreaterThan(0);
    expect(exacts).toBeGreaterThan(0);
    // 63 black discs and one empty square: nobody can move; black wins 64-0 with the empty.
    const over = parseBoard(`${'X'.repeat(63)}- X`);
    expect(over.ok).toBe(true);
    if (over.ok) {
      const t = e.think(over.value, { depth: 3 });
      expect(t.move).toBe(PASS);
      expect(t.exact).toBe(true);
      expect(t.score).toBe(64);
    }
  });

  it('stops on a time limit, a node limit and an aborted signal, still with a legal move', () => {
    const e = new Engine(table);
    const p = parseTranscript('f5d6c3d3c4f4f6f3e6e7d7c5b6').value!.position;
    const t = e.think(p, { timeMs: 150, exactFrom: 0 });
    expect(t.ms).toBeLessThan(1500);
    expect(p.isLegal(t.move)).toBe(true);
    const n = e.think(p, { nodes: 5000, exactFrom: 0 });
    expect(n.nodes).toBeLessThan(5000 + 2048);
    expect(p.isLegal(n.move)).toBe(true);
    const ac = new AbortController();
    ac.abort();
    const s = e.think(p, { depth: 30, signal: ac.signal, exactFrom: 0 });
    expect(p.isLegal(s.move)).toBe(true);
    expect(s.depth).toBeLessThan(30);
  });

  it('uses most of a midgame time budget: it starts an iteration when it predicts it can use it', () => {
    // Until this test was added, think() started no iteration after 40% of the budget (its
    // moves used about half of it); now it predicts the next iteration's time (these moves used
    // 90% on a quiet machine). The time used is wall time, so a loaded machine makes each
    // iteration slower but not the fraction smaller.
    const e = new Engine(table);
    const budget = 250;
    let used = 0;
    const openings = 'f5d6c3d3c4f4f6f3e6e7d7c5b6 f5d6c4d3c2b3b4b5 f5f4g3g6f3g4e3e2 f5f6d3c5d6c7b5e3 f5f6d3c5c6e3c4b4 f5d6c3f4c5d3g3b5 f5d6c3f4c5d3g3b4 f5f4e3d2c3e6e1g5 f5f4g3e6f3g5f6e7 f5f6e6d6f7g6h5g5'.split(' ');
    for (const o of openings) {
      const p = parseTranscript(o).value!.position;
      const t = e.think(p, { timeMs: budget, exactFrom: 0 });
      expect(p.isLegal(t.move)).toBe(true);
      used += t.ms;
    }
    expect(used / openings.length).toBeGreaterThan(0.65 * budget);
  });

  it('chooses among near-best moves with controlled randomness, reproducibly by seed', () => {
    const e = new Engine(table);
    const p = Position.initial();
    const seen = new Set<number>();
    for (let i = 0; i < 12; i++) seen.add(e.think(p, { depth: 2, randomness: 8, random: prng(i) }).move);
    // The four opening moves are symmetric: all are within any margin of each other.
    expect(seen.size).toBeGreaterThan(1);
    const a = e.think(p, { depth: 2, randomness: 8, random: prng(42) }).move;
    const b = e.think(p, { depth: 2, randomness: 8, random: prng(42) }).move;
    expect(a).toBe(b);
    const none = new Set<number>();
    for (let i = 0; i < 6; i++) none.add(e.think(p, { depth: 2, randomness: 0, random: prng(i) }).move);
    expect(none.size).toBe(1);
  });

  it('analyze scores every legal move, and the best equals think at the same depth', () => {
    const e = new Engine(table);
    const p = parseTranscript('f5d6c3d3c4f4').value!.position;
    const list = e.analyze(p, 4, { exactFrom: 0 });
    expect(list.map((m) => m.move).sort((a, b) => a - b)).toEqual(p.legalMoveList());
    const best = e.think(p, { depth: 4, exactFrom: 0 });
    expect(list[0].score).toBe(best.score);
  });
});

describe('transposition table size', () => {
  it('sizes the largest tables the CLI allows without 32-bit overflow (12 << 28 was negative)', () => {
    expect([TranspositionTable.bytesFor(16), TranspositionTable.bytesFor(3072), TranspositionTable.bytesFor(4096)]).toEqual([12 * 2 ** 20, 12 * 2 ** 28, 12 * 2 ** 28]);
    expect(TranspositionTable.bytesFor(2048)).toBe(12 * 2 ** 27);
    expect(() => TranspositionTable.bytesFor(4097)).toThrow(/at most 4096/);
  });
});

describe('timeForMove', () => {
  it('spends a share of the clock that fits the remaining moves and never the whole clock', () => {
    for (const left of [500, 5_000, 60_000, 600_000]) {
      let total = 0;
      let clock = left;
      for (let empties = 58; empties >= 2; empties -= 2) {
        const t = timeForMove(clock, empties);
        expect(t).toBeGreaterThan(0);
        expect(t).toBeLessThanOrEqual(Math.max(10, clock * 0.5));
        clock -= t;
        total += t;
      }
      // Playing a whole game on these shares leaves time on the clock.
      expect(total).toBeLessThan(left + 29 * 10);
    }
    expect(timeForMove(60_000, 30)).toBeGreaterThan(timeForMove(60_000, 50));
    expect(timeForMove(10_000, 20, 2_000)).toBeGreaterThan(timeForMove(10_000, 20));
  });
});
