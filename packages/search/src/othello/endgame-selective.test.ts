// The probable endgame: the fit of its lines, the selectivity levels of the endgame table, the
// solver at a selectivity level against the exact one, and think()'s probability levels under a
// time limit. With selectivity off everything is as before: the same nodes as the exact solver of
// the commit before it (recorded counts), with or without the cut parameters.
import { describe, expect, it } from 'vitest';
import type { Position } from '@sente/core';
import { loadBuild } from './builds.js';
import { EndgameTable } from './endgame-tt.js';
import { Engine } from './engine.js';
import { SELECTIVITY_PERCENT, SELECTIVITY_T, validateEndgameCut, validateProbCut, type EndgameCutParams, type EndgameCutSample, type ProbCutParams } from './probcut.js';
import { ENDGAME_CUT_MIN, MIN_STAGE_SAMPLES, endgameCutShallow, fitEndgameCut } from './probcut-calibrate.js';
import { prng, randomPosition } from './testutil.js';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseObf } from '@sente/core';

const gen3 = loadBuild('gen3');

/** Cut lines a = 1, b = 0 with deviation `sigma` discs at every empties from 10 (depth 2, 4 or 6 as calibrate chooses). */
function cutParams(sigma: number): EndgameCutParams {
  const row = (f: (e: number) => number): number[] => Array.from({ length: 61 }, (_, e) => f(e));
  return { minEmpties: ENDGAME_CUT_MIN, shallow: row((e) => (e < ENDGAME_CUT_MIN ? 0 : endgameCutShallow(e))), a: row(() => 1), b: row(() => 0), sigma: row(() => sigma), count: row(() => 0), samples: 0 };
}

function withCut(sigma: number): ProbCutParams {
  return { ...gen3.probcut!, endgame: cutParams(sigma) };
}

/** gen3's Multi-ProbCut calibration without the probable endgame's lines. */
const midgameOnly: ProbCutParams = { ...gen3.probcut!, endgame: undefined };

const ffo = (name: string): Position[] => readFileSync(fileURLToPath(new URL(`../../../../test/fixtures/ffo/${name}`, import.meta.url)), 'utf8')
  .split('\n').filter((l) => l.trim() !== '').map((l) => {
    const r = parseObf(l);
    if (!r.ok) throw new Error(r.error.message);
    return r.value.position;
  });

describe('the probable endgame: fit', () => {
  it('fits a line per number of empties, takes the pooled line where samples are few, and extrapolates the deviation upwards', () => {
    // exact = 2 * v + 4 + noise, the noise growing with the empties (deviation e - 13 at e empties).
    const samples: EndgameCutSample[] = [];
    for (let e = 14; e <= 17; e++) {
      for (let i = 0; i < 20; i++) {
        // Pairs of equal shallow values with opposite noise: the least-squares line is the true one.
        const values = Array.from({ length: 7 }, (_, d) => d + (i >> 1) - 5);
        const v = values[endgameCutShallow(e)];
        const noise = (i % 2 === 0 ? 1 : -1) * (e - 13);
        samples.push({ empties: e, exact: 2 * v + 4 + noise, values });
      }
    }
    const p = fitEndgameCut(samples, 14);
    expect(validateEndgameCut(p)).toBeNull();
    expect(p.samples).toBe(80);
    for (let e = 14; e <= 17; e++) {
      expect(p.count[e]).toBe(20);
      expect(p.a[e]).toBeCloseTo(2, 6);
      expect(p.b[e]).toBeCloseTo(4, 6);
      // n - 2 in the denominator: sqrt(20 / 18) of the noise's size.
      expect(p.sigma[e]).toBeCloseTo((e - 13) * Math.sqrt(20 / 18), 6);
    }
    // Above the measured empties: the pooled line of the same shallow depth, the deviation growing
    // with the trend of the measured ones (1, 2, 3, 4 at 14..17: one more per empty).
    expect(endgameCutShallow(17)).toBe(endgameCutShallow(14));
    const sd = endgameCutShallow(14);
    for (let e = 18; e <= 60; e++) {
      expect(p.count[e]).toBe(0);
      if (endgameCutShallow(e) !== sd) continue;
      expect(p.a[e]).toBeCloseTo(2, 6);
      expect(p.sigma[e]).toBeGreaterThan(p.sigma[e - 1] - 1e-9);
      expect(p.sigma[e]).toBeGreaterThan(4);
    }
    expect(MIN_STAGE_SAMPLES).toBeLessThanOrEqual(20);
  });

  it('validates the endgame part of a calibration file (optional: version-2 files without it stay valid)', () => {
    const base = gen3.probcut!;
    expect(validateProbCut({ ...base, endgame: undefined })).toBeNull();
    const good = cutParams(5);
    expect(validateProbCut({ ...base, endgame: good })).toBeNull();
    expect(validateProbCut({ ...base, endgame: { ...good, minEmpties: 8 } })).toMatch(/"endgame": "minEmpties"/);
    expect(validateProbCut({ ...base, endgame: { ...good, sigma: good.sigma.slice(1) } })).toMatch(/"endgame": "sigma" must be 61/);
    expect(validateProbCut({ ...base, endgame: { ...good, a: good.a.map(() => -1) } })).toMatch(/"endgame": slopes must be positive/);
    expect(validateProbCut({ ...base, endgame: { ...good, shallow: good.shallow.map((s, e) => (e === 20 ? 11 : s)) } })).toMatch(/"endgame": "shallow" at 20 empties/);
    expect(validateProbCut({ ...base, endgame: { ...good, sigma: good.sigma.map(() => -1) } })).toMatch(/sigma must not be negative/);
    expect(validateProbCut({ ...base, endgame: [] })).toMatch(/"endgame": not an object/);
  });
});

describe('the probable endgame: the table keeps the selectivity of each bound', () => {
  it('answers a bound only to searches at its level or a more selective one, and keeps an exact score', () => {
    const t = new EndgameTable();
    const key = [0x12345, 0x1, 0x600000, 0x40] as const;
    t.level = 3;
    t.store(...key, 20, 10, 10, 37);
    for (const [level, lower, upper] of [[0, -64, 64], [2, -64, 64], [3, 10, 10], [5, 10, 10]]) {
      t.level = level;
      expect(t.probe(...key)).toBe(true);
      expect([...t.hit]).toEqual([lower, upper, 37]);
    }
    // An exact search's bound replaces the selective one; a later selective store keeps an exact score.
    t.level = 0;
    t.store(...key, 20, 4, 64, 37);
    t.level = 5;
    expect(t.probe(...key) && [...t.hit]).toEqual([4, 64, 37]);
    t.level = 0;
    t.store(...key, 20, 4, 4, 38);
    t.level = 4;
    t.store(...key, 20, 8, 8, 39);
    t.level = 0;
    expect(t.probe(...key) && [...t.hit]).toEqual([4, 4, 39]);
    // Same level: the bounds intersect, as before.
    t.level = 2;
    t.store(0, 1, 2, 3, 20, -10, 30, -1);
    t.store(0, 1, 2, 3, 20, 0, 64, 5);
    expect(t.probe(0, 1, 2, 3) && [...t.hit]).toEqual([0, 30, 5]);
  });
});

describe('the probable endgame: what a selective search proves below its cuts is exact', () => {
  it('stores positions of fewer empties than the cut\'s minimum at level 0, the others at the search\'s level', () => {
    const t = new EndgameTable();
    t.level = 4;
    t.exactBelow = 10;
    t.store(1, 2, 3, 4, 9, 6, 6, 20);
    t.store(5, 6, 7, 8, 10, 6, 6, 21);
    t.storeNew(9, 10, 11, 12, 8, -64, 2, 22);
    t.level = 0;
    t.exactBelow = 0;
    expect(t.probe(1, 2, 3, 4) && [...t.hit]).toEqual([6, 6, 20]);
    expect(t.probe(5, 6, 7, 8) && [...t.hit]).toEqual([-64, 64, 21]);
    expect(t.probe(9, 10, 11, 12) && [...t.hit]).toEqual([-64, 2, 22]);
  });
});

describe('the probable endgame: the solver', () => {
  it('searches exactly the nodes of the exact solver before it when selectivity is off (recorded counts; cut parameters or not)', () => {
    // engine.solve of FFO #1-#3 with gen3 from an empty table, measured on the commit before the
    // probable endgame (032a58e: 30030, 17223, 91448), and again after the shallow layer moved to 6
    // empties (eg3, before this code was merged with it; same moves and scores), and again when
    // nodes of 7-8 empties proven new by the table's filter stored blindly into the always-replace
    // slot (eg4: #3 98257 -> 98288; same moves and scores), and again when the shallow layer moved
    // to 7 empties, the table to 8 and the enhanced transposition cut-offs to 11 (38957, 17883,
    // 98288 -> 46595, 24496, 136160; same moves and scores), and again when a node's table move
    // was searched before the others were scored (46586, 24492, 136462; same moves and scores).
    const recorded = [46586, 24492, 136462];
    const problems = ffo('fforum-1-19.obf').slice(0, 3);
    const plain = new Engine(gen3.table, 'gen3', { probcut: midgameOnly });
    const cut = new Engine(gen3.table, 'gen3', { probcut: withCut(4) });
    problems.forEach((p, i) => {
      plain.newGame();
      cut.newGame();
      const a = plain.solve(p, { pv: false });
      const b = cut.solve(p, { pv: false });
      expect(a.nodes).toBe(recorded[i]);
      expect([b.move, b.score, b.nodes]).toEqual([a.move, a.score, a.nodes]);
    });
  });

  it('finds scores within the expected error of the exact ones, with fewer nodes, and never hands a selective bound to an exact search', () => {
    const random = prng(5);
    const e = new Engine(gen3.table, 'gen3', { probcut: withCut(6) });
    const fresh = new Engine(gen3.table, 'gen3', { probcut: midgameOnly });
    let exactNodes = 0, selectiveNodes = 0, differed = 0, sumError = 0;
    const n = 8;
    for (let i = 0; i < n; i++) {
      const p = randomPosition(random, 17);
      fresh.newGame();
      const exact = fresh.solve(p, { pv: false });
      e.newGame();
      const sel = e.solve(p, { pv: false, selectivity: 5 });
      expect(p.isLegal(sel.move)).toBe(true);
      // t = 1.1 and sigma 6: a cut is wrong when the shallow search misses by more than 6.6 discs.
      expect(Math.abs(sel.score - exact.score)).toBeLessThanOrEqual(16);
      sumError += Math.abs(sel.score - exact.score);
      if (sel.score !== exact.score) differed++;
      exactNodes += exact.nodes;
      selectiveNodes += sel.nodes;
      // The same engine and table, now exact: the selective bounds it stored must not answer.
      const after = e.solve(p, { pv: false });
      expect(after.score).toBe(exact.score);
    }
    expect(sumError / n).toBeLessThanOrEqual(4);
    expect(differed).toBeGreaterThan(0);
    expect(selectiveNodes).toBeLessThan(exactNodes * 0.6);
  });
});

describe('solve(): the exact solve of 18 empties or more after a probable one', () => {
  /** The exact value of `move` in `p` by the table-less engine (no probable endgame). */
  function moveValue(p: Position, move: number): number {
    const child = p.clone();
    child.makeMove(move);
    return -new Engine(gen3.table, 'gen3', { probcut: midgameOnly }).solve(child, { pv: false }).score;
  }

  it('is exact with one and two threads even when the probable solve is badly wrong, and is that probable solve then the exact one', async () => {
    // sigma 0.25: nearly every shallow prediction cuts, so the level-4 solve is often wrong; the
    // exact solve must read none of its bounds above the cut's minimum empties.
    const bad = withCut(0.25);
    const one = new Engine(gen3.table, 'gen3', { probcut: bad });
    const two = new Engine(gen3.table, 'gen3', { probcut: bad, threads: 2 });
    const steps = new Engine(gen3.table, 'gen3', { probcut: bad });
    const plain = new Engine(gen3.table, 'gen3', { probcut: midgameOnly });
    try {
      await two.startThreads();
      const random = prng(41);
      let wrongGuesses = 0;
      for (let i = 0; i < 2; i++) {
        const p = randomPosition(random, 18);
        const exact = plain.solve(p, { pv: false }).score;
        one.newGame();
        const r = one.solve(p, { pv: false });
        expect(r.score).toBe(exact);
        expect(moveValue(p, r.move)).toBe(exact);
        // The same two solves by hand, on a fresh table: the same nodes in all.
        steps.newGame();
        const pre = steps.solve(p, { pv: false, selectivity: 4 });
        const after = steps.solve(p, { pv: false, guess: pre.score });
        expect([r.move, r.nodes]).toEqual([after.move, pre.nodes + after.nodes]);
        if (pre.score !== exact) wrongGuesses++;
        two.newGame();
        const t = two.solve(p);
        expect(t.score).toBe(exact);
        expect(moveValue(p, t.move)).toBe(exact);
        expect(t.pv[0]).toBe(t.move);
      }
      expect(wrongGuesses).toBeGreaterThan(0);
    } finally {
      await two.close();
    }
  });
});

describe('the probable endgame in think()', () => {
  it('iterates the levels within the time limit, reports the selectivity, and is exact only when the exact level completed', () => {
    const e = new Engine(gen3.table, 'gen3', { probcut: withCut(6) });
    const random = prng(8);
    const seen = new Set<number>();
    // Warm up (a fresh process runs its first searches unoptimised).
    e.solve(randomPosition(random, 16), { pv: false, selectivity: 4 });
    for (let i = 0; i < 6; i++) {
      const p = randomPosition(random, 14 + (i % 4));
      const t0 = performance.now();
      const r = e.think(p, { timeMs: 150, exactFrom: 12 });
      expect(performance.now() - t0).toBeLessThan(160);
      expect(p.isLegal(r.move)).toBe(true);
      if (r.selectivity !== undefined) {
        seen.add(r.selectivity);
        expect(SELECTIVITY_PERCENT).toContain(r.selectivity);
        expect(r.depth).toBe(p.emptyCount());
      }
      expect(r.exact).toBe(r.selectivity === 100);
      if (r.exact) expect(r.score).toBe(new Engine(gen3.table).solve(p, { pv: false }).score);
    }
    expect(seen.size).toBeGreaterThan(0);
  });

  it('keeps to the time when a level is cut short (19 empties, 100 ms: the level in progress falls back)', () => {
    const e = new Engine(gen3.table, 'gen3', { probcut: withCut(6) });
    const random = prng(31);
    e.think(randomPosition(random, 19), { timeMs: 100, exactFrom: 12 });
    const over: number[] = [];
    let shortOfExact = 0;
    for (let i = 0; i < 5; i++) {
      const p = randomPosition(random, 19);
      const t0 = performance.now();
      const r = e.think(p, { timeMs: 100, exactFrom: 12 });
      over.push(performance.now() - t0 - 100);
      expect(p.isLegal(r.move)).toBe(true);
      if (!r.exact) shortOfExact++;
    }
    over.sort((a, b) => a - b);
    expect(over[2], `overshoots ${over.map((x) => x.toFixed(1)).join(' ')} ms`).toBeLessThanOrEqual(10);
    expect(shortOfExact).toBeGreaterThan(0);
  });

  it('runs with two threads: the selective levels on the main thread, the exact level with the helper', async () => {
    const e = new Engine(gen3.table, 'gen3', { probcut: withCut(6), threads: 2 });
    try {
      await e.startThreads();
      const random = prng(12);
      let helped = 0, exact = 0;
      for (let i = 0; i < 3; i++) {
        const p = randomPosition(random, 14 + i);
        const r = e.think(p, { timeMs: 300, exactFrom: 12 });
        expect(p.isLegal(r.move)).toBe(true);
        expect(r.exact).toBe(r.selectivity === 100);
        helped += e.lastHelperNodes;
        if (r.exact) {
          exact++;
          expect(r.score).toBe(new Engine(gen3.table).solve(p, { pv: false }).score);
        }
      }
      // The helper searched, and at least the 14-empty position was solved in its 300 ms.
      expect(helped).toBeGreaterThan(0);
      expect(exact).toBeGreaterThan(0);
    } finally {
      await e.close();
    }
  });

  it('honours node limits and abort signals, and leaves untimed think() and solve() as they were', () => {
    const e = new Engine(gen3.table, 'gen3', { probcut: withCut(6) });
    const plain = new Engine(gen3.table, 'gen3', { probcut: midgameOnly });
    const p = randomPosition(prng(21), 18);
    // Nodes (with a time limit, so the probable endgame runs): the solver's last-four-empties code
    // does not poll, so one 5-empty subtree may run past (context.test.ts allows the same).
    const r = e.think(p, { timeMs: 5000, nodes: 20000, exactFrom: 12 });
    expect(r.nodes).toBeLessThanOrEqual(20000 + 500);
    expect(p.isLegal(r.move)).toBe(true);
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 0);
    ac.abort();
    const aborted = e.think(p, { timeMs: 5000, signal: ac.signal, exactFrom: 12 });
    expect(p.isLegal(aborted.move)).toBe(true);
    expect(aborted.exact).toBe(false);
    // Untimed: the same search with and without the cut parameters.
    e.newGame();
    plain.newGame();
    const a = e.think(p, { depth: 8, exactFrom: 12 });
    const b = plain.think(p, { depth: 8, exactFrom: 12 });
    expect([a.move, a.score, a.nodes, a.selectivity]).toEqual([b.move, b.score, b.nodes, undefined]);
    const q = randomPosition(prng(22), 14);
    e.newGame();
    plain.newGame();
    const sa = e.think(q);
    const sb = plain.think(q);
    expect([sa.move, sa.score, sa.nodes, sa.exact]).toEqual([sb.move, sb.score, sb.nodes, true]);
    expect(SELECTIVITY_T[0]).toBe(Infinity);
  });
});
