// The young-brothers-wait split layer (endgame-split.ts) against the serial solver: alone (no
// helper: the layer's own recursion, ordering and table use) and with a helper thread taking
// children of its split points, on seeded random endgames with the split bounds lowered so that
// thousands of split points open, with the exact window and with narrow windows (fail-soft
// bounds checked against the exact score). The FFO acceptance test and the limits at two threads
// are in parallel.test.ts. The worker runs from dist/ (build first).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HI, PASS, flipsFor, type Position } from '@sente/core';
import { bootstrapTable } from './bootstrap.js';
import { SearchContext } from './context.js';
import { solveExact, solveWithContext } from './endgame.js';
import { SplitState } from './endgame-split.js';
import { Engine } from './engine.js';
import type { HelperPool } from './parallel.js';
import { prng, randomPosition } from './testutil.js';

const table = bootstrapTable();

/** Seeded positions of 14 to 18 empties (different seeds per set). */
function positions(seed: number, count: number): Position[] {
  const random = prng(seed);
  const out: Position[] = [];
  for (let i = 0; i < count; i++) out.push(randomPosition(random, 14 + (i % 5)));
  return out;
}

function exact(p: Position): number {
  const bb = p.bb;
  return solveExact(bb[0], bb[1], bb[2], bb[3]);
}

/** The exact score of the position after `move` (PASS: the opponent moves), for the mover. */
function moveValue(p: Position, move: number): number {
  const bb = p.bb;
  if (move === PASS) return 0 - solveExact(bb[2], bb[3], bb[0], bb[1]);
  const f = flipsFor(bb[0], bb[1], bb[2], bb[3], move);
  const fh = HI[0];
  return 0 - solveExact(bb[2] ^ f, bb[3] ^ fh, bb[0] ^ f ^ (move < 32 ? 1 << move : 0), bb[1] ^ fh ^ (move < 32 ? 0 : 1 << (move - 32)));
}

/** A fail-soft result in (alpha, beta) agrees with the exact score. */
function expectBound(v: number, score: number, alpha: number, beta: number, what: string): void {
  if (v <= alpha) expect(score, `${what}: upper bound ${v}`).toBeLessThanOrEqual(v);
  else if (v >= beta) expect(score, `${what}: lower bound ${v}`).toBeGreaterThanOrEqual(v);
  else expect(v, what).toBe(score);
}

describe('the split layer without helpers', () => {
  it('proves the serial solver\'s scores, bounds and best moves', () => {
    const split = new SplitState();
    // Every node from 8 empties goes through the layer (the serial solver below).
    split.min = 8;
    split.max = 12;
    const root: typeof split.solveRoot = (...a) => split.solveRoot(...a);
    for (const [i, p] of positions(1301, 10).entries()) {
      const score = exact(p);
      const s = new SearchContext(undefined);
      s.setLimits(Infinity, Infinity, undefined);
      const r = solveWithContext(s, p, { pv: false, root });
      expect(r.complete).toBe(true);
      expect(r.score, `position ${i}`).toBe(score);
      expect(moveValue(p, r.move), `position ${i} move`).toBe(score);
      expect(split.splits).toBe(0); // no helper waits, so nothing splits
      for (const [alpha, beta] of [[-1, 1], [score - 3, score - 1], [score + 1, score + 3], [-64, score - 2], [score + 2, 64]]) {
        if (!(alpha < beta) || alpha < -64 || beta > 64) continue;
        const t = new SearchContext(undefined);
        t.setLimits(Infinity, Infinity, undefined);
        const b = solveWithContext(t, p, { pv: false, root, alpha, beta });
        expectBound(b.score, score, alpha, beta, `position ${i} window (${alpha}, ${beta})`);
      }
    }
  });
});

describe('the split layer and the serial solver share one move ordering', () => {
  it('with the evaluation ordering, the layer without helpers searches exactly the serial solver\'s nodes', () => {
    let differ = 0;
    for (const [min, max] of [[14, 16], [9, 12]]) {
      const split = new SplitState();
      split.min = min;
      split.max = max;
      const root: typeof split.solveRoot = (...a) => split.solveRoot(...a);
      for (const [i, p] of positions(1302, 10).entries()) {
        const what = `position ${i}, layer from ${min}`;
        const serial = new SearchContext(table);
        serial.position = p.clone();
        serial.setLimits(Infinity, Infinity, undefined);
        const a = solveWithContext(serial, p, { pv: false });
        const layered = new SearchContext(table);
        layered.position = p.clone();
        layered.setLimits(Infinity, Infinity, undefined);
        const b = solveWithContext(layered, p, { pv: false, root });
        expect(b.score, what).toBe(exact(p));
        expect(b.score, what).toBe(a.score);
        expect(b.move, what).toBe(a.move);
        expect(b.nodes, what).toBe(a.nodes);
        // The layer unwinds the context's position to the root.
        expect(Array.from(layered.position.bb), what).toEqual(Array.from(p.bb));
        expect(layered.position.ply, what).toBe(0);
        // The evaluation ordering was in use (without it the same solve takes other nodes).
        const plain = new SearchContext(undefined);
        plain.setLimits(Infinity, Infinity, undefined);
        if (solveWithContext(plain, p, { pv: false, root }).nodes !== b.nodes) differ++;
      }
    }
    expect(differ).toBeGreaterThan(10);
  });
});

describe('the split layer with a helper thread', () => {
  const e = new Engine(table, 'custom', { threads: 2, parallelSchemes: { endgame: 'ybwc' } });
  const pool = (): HelperPool => (e as unknown as { pool: HelperPool }).pool;
  beforeAll(async () => {
    await e.startThreads();
  });
  afterAll(async () => {
    await e.close();
  });

  it('has the helpful master on with two threads', () => {
    expect(pool().split.helpful).toBe(true);
  });

  it('proves the one-thread scores and best moves with split points at every level', () => {
    let splits = 0, earlySplits = 0, helperChildren = 0, helperNodes = 0, helperSplits = 0, helpedChildren = 0, plainSplits = 0;
    // [min, max, early, helpful]: the helpful master (helpers split too) and the plain YBWC.
    for (const [min, max, early, helpful] of [[8, 12, false, true], [10, 16, false, true], [12, 14, false, false], [10, 14, true, true], [9, 13, false, false]] as const) {
      pool().split.min = min;
      pool().split.max = max;
      pool().split.early = early;
      pool().split.helpful = helpful;
      for (const [i, p] of positions(min * 7 + max, 8).entries()) {
        e.newGame();
        const r = e.solve(p, { pv: false });
        const score = exact(p);
        expect(r.score, `bounds ${min}-${max}, position ${i}`).toBe(score);
        expect(moveValue(p, r.move), `bounds ${min}-${max}, position ${i} move`).toBe(score);
        splits += pool().split.splits;
        if (early) earlySplits += pool().split.earlySplits;
        helperChildren += pool().split.helperChildren;
        helperNodes += e.lastHelperNodes;
        if (helpful) {
          helperSplits += pool().split.helperSplits;
          helpedChildren += pool().split.helpedChildren;
        } else {
          plainSplits += pool().split.helperSplits + pool().split.helpedChildren;
        }
        expect(r.nodes).toBeGreaterThan(e.lastHelperNodes);
      }
    }
    pool().split.helpful = true;
    // The helpful master ran: the helper opened split points, and the main thread searched some of
    // their children while it waited; without it, neither happens.
    expect(helperSplits).toBeGreaterThan(10);
    expect(helpedChildren).toBeGreaterThan(10);
    expect(plainSplits).toBe(0);
    // The helper really searched children of the split points, and its nodes are counted.
    expect(splits).toBeGreaterThan(100);
    expect(helperChildren).toBeGreaterThan(50);
    expect(helperNodes).toBeGreaterThan(0);
    // Splits before the eldest brother happened where the helper was idle.
    expect(earlySplits).toBeGreaterThan(0);
    pool().split.early = false;
  });

  it('a limited think\'s exact solve gets the helper too, after the midgame pre-search', () => {
    pool().split.min = 12;
    pool().split.max = 16;
    pool().split.early = false;
    const p = randomPosition(prng(2026), 20);
    e.newGame();
    // A node limit makes the solve a limited one: the pre-search's midgame task comes first.
    const r = e.think(p, { exactFrom: 64, nodes: 1e9 });
    expect(r.exact).toBe(true);
    expect(r.score).toBe(exact(p));
    expect(pool().split.splits).toBeGreaterThan(0);
    expect(pool().split.helperChildren).toBeGreaterThan(0);
    expect(e.lastHelperNodes).toBeGreaterThan(0);
  });

  it('fail-soft bounds in narrow windows agree with the exact score', () => {
    pool().split.min = 9;
    pool().split.max = 14;
    pool().split.early = false;
    for (const [i, p] of positions(4242, 8).entries()) {
      const score = exact(p);
      for (const [alpha, beta] of [[score - 3, score - 1], [score + 1, score + 3], [score - 1, score + 1], [-64, score - 2]]) {
        if (!(alpha < beta) || alpha < -64 || beta > 64) continue;
        e.newGame();
        const r = e.solve(p, { pv: false, alpha, beta });
        expectBound(r.score, score, alpha, beta, `position ${i} window (${alpha}, ${beta})`);
      }
    }
  });
});
