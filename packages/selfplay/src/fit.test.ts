// The fitter recovers a known table from positions it labelled, and leaves unseen weights at the
// start weights.
import { describe, expect, it } from 'vitest';
import { HI, PATTERN_SIZES, PATTERN_TYPES, Position, transformSet } from '@sente/core';
import { BIAS_OFFSET, PHASE_STRIDE, TYPE_OFFSET, evaluate, phaseOf } from '@sente/search';
import { FEATURES, PositionSet } from './dataset.js';
import { fitWeights, rmsError, tableToWeights, toEvalTable } from './fit.js';
import { seededRandom } from './random.js';
import { spreadTiedWeights, symmetrizeWeights, tieOffsets } from './symmetric.js';
import { randomGame } from './testutil.js';

const PHASES = 2;

/** A known table: random weights on the diagonal patterns of length 4 and 5 and the bias. */
function knownWeights(): Float64Array {
  const w = new Float64Array(PHASES * PHASE_STRIDE);
  const random = seededRandom(4242);
  for (let p = 0; p < PHASES; p++) {
    for (const name of ['diag4', 'diag5']) {
      const t = PATTERN_TYPES.findIndex((x) => x.name === name);
      for (let i = 0; i < PATTERN_SIZES[t]; i++) w[p * PHASE_STRIDE + TYPE_OFFSET[t] + i] = Math.round((random() * 4 - 2) * 4) / 4;
    }
    w[p * PHASE_STRIDE + BIAS_OFFSET] = p === 0 ? 1 : -1;
  }
  return w;
}

/**
 * Positions of random games, labelled by the known table (rounded to whole discs, as labels are);
 * with `keep`, only the positions of the phases it keeps.
 */
function labelledSet(w: Float64Array, games: number, seed: number, phases = PHASES, keep = (_phase: number) => true): PositionSet {
  const set = new PositionSet(1024);
  const random = seededRandom(seed);
  for (let g = 0; g < games; g++) {
    const pos = Position.initial();
    while (!pos.isGameOver()) {
      if (pos.mustPass()) { pos.makePass(); continue; }
      const phase = phaseOf(pos.emptyCount(), phases);
      if (keep(phase)) {
        set.add(pos, 0, g);
        const i = set.count - 1;
        let v = 0;
        for (let k = 0; k < FEATURES; k++) v += w[phase * PHASE_STRIDE + set.offsets[i * FEATURES + k]];
        set.labels[i] = Math.round(v);
      }
      const legal = pos.legalMoveList();
      pos.makeMove(legal[Math.floor(random() * legal.length)]);
    }
  }
  return set;
}

describe('fitWeights', () => {
  it('recovers a known random table from positions labelled by it', () => {
    const truth = knownWeights();
    const train = labelledSet(truth, 400, 1);
    const validation = labelledSet(truth, 60, 2);
    const baseline = rmsError(validation, new Float64Array(truth.length), PHASES);
    const fit = fitWeights(train, validation, { phases: PHASES, epochs: 60, l2: 1, neighbour: 0 });
    const last = fit.history[fit.history.length - 1];
    expect(baseline).toBeGreaterThan(3);
    // Labels are rounded to whole discs (error up to 0.5): the fit cannot beat that noise by much.
    expect(last.trainRms).toBeLessThan(0.45);
    expect(last.validationRms).toBeLessThan(0.8);
    // The diag4 weights of common configurations come back close to the truth.
    const t = PATTERN_TYPES.findIndex((x) => x.name === 'diag4');
    const counts = new Float64Array(PATTERN_SIZES[t]);
    for (let i = 0; i < train.count; i++) {
      if (phaseOf(train.empties[i], PHASES) !== 0) continue;
      for (let k = 0; k < FEATURES; k++) {
        const off = train.offsets[i * FEATURES + k] - TYPE_OFFSET[t];
        if (off >= 0 && off < PATTERN_SIZES[t]) counts[off]++;
      }
    }
    let err = 0, n = 0;
    for (let i = 0; i < counts.length; i++) {
      if (counts[i] < 200) continue;
      err += Math.abs(fit.weights[TYPE_OFFSET[t] + i] - truth[TYPE_OFFSET[t] + i]);
      n++;
    }
    expect(n).toBeGreaterThan(10);
    // Weights are only determined up to shifts between patterns that always co-occur; compare the
    // predictions (above) and the weights loosely.
    expect(err / n).toBeLessThan(0.6);
  });

  it('keeps unseen weights at the start weights and converts to int16 with the scale', () => {
    const start = new Float64Array(PHASES * PHASE_STRIDE).fill(0.5);
    const train = labelledSet(knownWeights(), 5, 3);
    const fit = fitWeights(train, new PositionSet(1), { phases: PHASES, epochs: 5, l2: 1, neighbour: 0.25, start });
    // The all-own edge pattern never occurs in 5 random games: it stays at its start value.
    const t = PATTERN_TYPES.findIndex((x) => x.name === 'edge2x');
    const allOwn = (3 ** 10 - 1) / 2; // every digit 1
    expect(fit.weights[TYPE_OFFSET[t] + allOwn]).toBe(0.5);
    const table = toEvalTable(fit.weights, PHASES, 64);
    expect(table.weights[TYPE_OFFSET[t] + allOwn]).toBe(32);
    const back = tableToWeights(table, PHASES);
    expect(back[TYPE_OFFSET[t] + allOwn]).toBe(0.5);
    expect(Number.isNaN(fit.history[0].validationRms)).toBe(true);
  });
});

describe('symmetric fits (one weight per mirror class)', () => {
  /** The 8 evaluations of a position's symmetric images under a table. */
  function images(table: ReturnType<typeof toEvalTable>, p: Position): number[] {
    const out: number[] = [];
    for (let s = 0; s < 8; s++) {
      const bLo = transformSet(p.blackLo, p.blackHi, s), bHi = HI[0];
      const wLo = transformSet(p.whiteLo, p.whiteHi, s), wHi = HI[0];
      out.push(evaluate(Position.fromColors(bLo, bHi, wLo, wHi, p.side), table));
    }
    return out;
  }

  it('a tied fit evaluates every symmetric image of a position alike; an untied one does not', () => {
    // The known table is not symmetric (diag4 and diag5 weights drawn at random), so the untied
    // fit learns the two readings of a diagonal apart.
    const truth = knownWeights();
    const train = labelledSet(truth, 300, 1);
    const validation = labelledSet(truth, 40, 2);
    const fit = fitWeights(train, validation, { phases: PHASES, epochs: 20, l2: 1, neighbour: 0 });
    const tiedTrain = labelledSet(truth, 300, 1);
    const tiedValidation = labelledSet(truth, 40, 2);
    tieOffsets(tiedTrain);
    tieOffsets(tiedValidation);
    const start = Float64Array.from(truth);
    symmetrizeWeights(start, PHASES, PHASE_STRIDE);
    const tied = fitWeights(tiedTrain, tiedValidation, { phases: PHASES, epochs: 20, l2: 1, neighbour: 0, start });
    spreadTiedWeights(tied.weights, PHASES, PHASE_STRIDE);
    const plain = toEvalTable(fit.weights, PHASES, 64);
    const symmetric = toEvalTable(tied.weights, PHASES, 64);
    const random = seededRandom(9);
    let asymmetric = 0;
    for (let g = 0; g < 20; g++) {
      const pos = Position.initial();
      for (let ply = 0; ply < 30 && !pos.isGameOver(); ply++) {
        if (pos.mustPass()) { pos.makePass(); continue; }
        const legal = pos.legalMoveList();
        pos.makeMove(legal[Math.floor(random() * legal.length)]);
      }
      const s = images(symmetric, pos);
      expect(new Set(s).size).toBe(1);
      if (new Set(images(plain, pos)).size > 1) asymmetric++;
    }
    expect(asymmetric).toBeGreaterThan(10);
    // The tied fit still fits: its validation error is close to the untied one's.
    expect(tied.history[tied.history.length - 1].validationRms).toBeLessThan(fit.history[fit.history.length - 1].validationRms * 1.5 + 0.5);
  });
});

describe('fitWeights with the smoothness term', () => {
  /** Three phases of a known table (phase 1 unlike its neighbours); positions of phases 0 and 2 only. */
  function outerPhases(): { train: PositionSet; validation: PositionSet } {
    const P = 3;
    const truth = new Float64Array(P * PHASE_STRIDE);
    const random = seededRandom(77);
    const t = PATTERN_TYPES.findIndex((x) => x.name === 'diag5');
    for (let p = 0; p < P; p++) {
      for (let i = 0; i < PATTERN_SIZES[t]; i++) truth[p * PHASE_STRIDE + TYPE_OFFSET[t] + i] = Math.round((random() * 4 - 2) * 4) / 4;
      truth[p * PHASE_STRIDE + BIAS_OFFSET] = [6, -9, 2][p];
    }
    const outer = (phase: number): boolean => phase !== 1;
    return { train: labelledSet(truth, 150, 5, P, outer), validation: labelledSet(truth, 30, 6, P, outer) };
  }

  it('a phase without positions takes the mean of its neighbours; a large penalty makes the phases alike; 0 is the plain fit', () => {
    const { train, validation } = outerPhases();
    const used = new Set(train.offsets.subarray(0, train.count * FEATURES));
    const seen = (j: number): boolean => used.has(j);
    const diag5 = PATTERN_TYPES.findIndex((x) => x.name === 'diag5');
    const columns = [BIAS_OFFSET, ...Array.from({ length: PATTERN_SIZES[diag5] }, (_, i) => TYPE_OFFSET[diag5] + i).filter(seen)];
    expect(columns.length).toBeGreaterThan(100);
    const at = (w: Float64Array, p: number, j: number): number => w[p * PHASE_STRIDE + j];
    /** The evaluation of validation position i by phase p's weights, whatever its own phase. */
    const value = (w: Float64Array, p: number, i: number): number => {
      let v = 0;
      for (let k = 0; k < FEATURES; k++) v += w[p * PHASE_STRIDE + validation.offsets[i * FEATURES + k]];
      return v;
    };
    /** Mean absolute difference between two phases' evaluations of the validation positions. */
    const apart = (w: Float64Array, p: number, q: number): number => {
      let sum = 0;
      for (let i = 0; i < validation.count; i++) sum += Math.abs(value(w, p, i) - value(w, q, i));
      return sum / validation.count;
    };

    // Without the term the middle phase has no rows: its weights stay at the start (zero).
    const plain = fitWeights(train, validation, { phases: 3, epochs: 80, l2: 0, neighbour: 0 });
    for (const j of columns) expect(at(plain.weights, 1, j)).toBe(0);
    // With it (and no L2 pull toward the start) each middle weight is the mean of its neighbours
    // at the optimum: minimising s(a - x)^2 + s(x - b)^2 over x gives x = (a + b) / 2. (No
    // validation set: every phase keeps the last epoch, the optimum, instead of its own best.)
    const none = new PositionSet(1);
    const smooth = fitWeights(train, none, { phases: 3, epochs: 200, l2: 0, neighbour: 0, smooth: 0.1 });
    let worst = 0;
    for (const j of columns) worst = Math.max(worst, Math.abs(at(smooth.weights, 1, j) - (at(smooth.weights, 0, j) + at(smooth.weights, 2, j)) / 2));
    expect(worst).toBeLessThan(0.01);
    // The outer phases still fit their own data (the labels are rounded: up to 0.5 disc of noise).
    // Where the data leave freedom, the term spends it on evaluating alike in the outer phases.
    expect(rmsError(train, smooth.weights, 3)).toBeLessThan(0.6);
    expect(apart(smooth.weights, 0, 2)).toBeLessThan(apart(plain.weights, 0, 2) / 4);
    // A penalty far above the data's weight pulls the phases together: they evaluate every
    // position within a small fraction of a disc of each other.
    const stiff = fitWeights(train, none, { phases: 3, epochs: 200, l2: 0, neighbour: 0, smooth: 1e7 });
    expect(apart(stiff.weights, 0, 2)).toBeLessThan(0.05);
    // smooth: 0 is the plain fit, bit for bit.
    const zero = fitWeights(train, validation, { phases: 3, epochs: 80, l2: 0, neighbour: 0, smooth: 0 });
    expect(Array.from(zero.weights)).toEqual(Array.from(plain.weights));
  });
});

describe('fitWeights on threads', () => {
  it('gives the single-thread weights (to rounding) with 2 and 3 threads', async () => {
    const { buildDataset } = await import('./dataset.js');
    const games = Array.from({ length: 60 }, (_, g) => randomGame(g, 5));
    const data = buildDataset(games, { validation: 0.2 });
    data.train.sortByEmpties();
    const fit = (threads: number) => fitWeights(data.train, data.validation, { phases: 4, epochs: 5, l2: 5, neighbour: 0.25, smooth: threads === 3 ? 2 : 0, threads });
    const one3 = fitWeights(data.train, data.validation, { phases: 4, epochs: 5, l2: 5, neighbour: 0.25, smooth: 2 });
    for (const threads of [2, 3]) {
      // With 3 threads the smoothness term is on too (it runs on the calling thread).
      const one = threads === 3 ? one3 : fit(1);
      const many = fit(threads);
      expect(many.history.length).toBe(one.history.length);
      many.history.forEach((h, i) => {
        expect(h.trainRms).toBeCloseTo(one.history[i].trainRms, 8);
        expect(h.validationRms).toBeCloseTo(one.history[i].validationRms, 8);
      });
      let worst = 0;
      for (let j = 0; j < one.weights.length; j++) worst = Math.max(worst, Math.abs(many.weights[j] - one.weights[j]));
      expect(worst).toBeLessThan(1e-8);
      // The same thread count twice: the same bits.
      expect(Array.from(fit(threads).weights)).toEqual(Array.from(many.weights));
    }
  });
});

describe('fitWeights stopped and resumed', () => {
  it.each([0, 3])('3 epochs, then 3 more from the saved state, equal 6 epochs at once (to rounding); smooth %d', async (smooth) => {
    const { buildDataset } = await import('./dataset.js');
    const games = Array.from({ length: 40 }, (_, g) => randomGame(g, 9));
    const data = buildDataset(games, { validation: 0.2 });
    data.train.sortByEmpties();
    const settings = { phases: 4, l2: 5, neighbour: 0.25, smooth };
    const whole = fitWeights(data.train, data.validation, { ...settings, epochs: 6 });
    let saved: import('./fit.js').FitState | undefined;
    const first = fitWeights(data.train, data.validation, {
      ...settings, epochs: 3,
      onState: (st) => { saved = { ...st, y: Float64Array.from(st.y), p: Float64Array.from(st.p), bestX: Float64Array.from(st.bestX), bestPhaseSse: Float64Array.from(st.bestPhaseSse), phaseEpoch: Int32Array.from(st.phaseEpoch), history: [...st.history] }; },
    });
    expect(first.history).toHaveLength(3);
    expect(saved!.epoch).toBe(3);
    const rest = fitWeights(data.train, data.validation, { ...settings, epochs: 6, resume: saved });
    expect(rest.history).toHaveLength(6);
    rest.history.forEach((h, i) => {
      expect(h.epoch).toBe(i + 1);
      expect(h.trainRms).toBeCloseTo(whole.history[i].trainRms, 6);
      expect(h.validationRms).toBeCloseTo(whole.history[i].validationRms, 6);
    });
    let worst = 0;
    for (let j = 0; j < whole.weights.length; j++) worst = Math.max(worst, Math.abs(rest.weights[j] - whole.weights[j]));
    expect(worst).toBeLessThan(1e-6);
    expect(rest.phaseEpochs).toEqual(whole.phaseEpochs);
  });
});
