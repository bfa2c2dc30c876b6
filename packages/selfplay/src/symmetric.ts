// Symmetric fits: one weight per mirror class of a pattern's configurations (core's
// mirrorRepresentatives). A pattern that covers the same squares in its mirror image (a row, a
// diagonal, the edge with its X-squares, a 3x3 corner) has one instance there, read in one digit
// order, so a configuration and its mirror image read two indices. Fitted apart, the two weights
// each see about half the examples and differ by noise, and the evaluation of a position and of
// its mirror image differ. A tied fit maps every pattern offset to its class representative before
// fitting (the rows then share that weight), starts from the class means of the parent's weights,
// and copies each representative's fitted weight back to the rest of its class.
import { PATTERN_TYPES, mirrorRepresentatives } from '@sente/core';
import { PATTERN_WEIGHTS, TYPE_OFFSET } from '@sente/search';
import type { PositionSet } from './dataset.js';

let tied: Int32Array | undefined;

/** Per pattern weight offset within a phase (0 .. PATTERN_WEIGHTS-1), its class representative's offset. */
export function tiedPatternOffsets(): Int32Array {
  if (tied) return tied;
  const out = new Int32Array(PATTERN_WEIGHTS);
  for (let t = 0; t < PATTERN_TYPES.length; t++) {
    const rep = mirrorRepresentatives(t);
    const base = TYPE_OFFSET[t];
    for (let i = 0; i < rep.length; i++) out[base + i] = base + rep[i];
  }
  tied = out;
  return out;
}

/** Maps a set's pattern offsets to their class representatives (in place; the extras and bias stay). */
export function tieOffsets(set: PositionSet): void {
  const map = tiedPatternOffsets();
  const off = set.offsets;
  const end = set.count * set.features;
  for (let j = 0; j < end; j++) {
    const o = off[j];
    if (o < PATTERN_WEIGHTS) off[j] = map[o];
  }
}

/** Sets every class's weights to their mean, in each of `phases` phases of `stride` weights (in place). */
export function symmetrizeWeights(weights: Float64Array, phases: number, stride: number): void {
  const map = tiedPatternOffsets();
  const sum = new Float64Array(PATTERN_WEIGHTS);
  const count = new Float64Array(PATTERN_WEIGHTS);
  for (let ph = 0; ph < phases; ph++) {
    const base = ph * stride;
    sum.fill(0);
    count.fill(0);
    for (let j = 0; j < PATTERN_WEIGHTS; j++) {
      sum[map[j]] += weights[base + j];
      count[map[j]]++;
    }
    for (let j = 0; j < PATTERN_WEIGHTS; j++) weights[base + j] = sum[map[j]] / count[map[j]];
  }
}

/** Copies each class representative's weight to the other weights of its class (after a tied fit; in place). */
export function spreadTiedWeights(weights: Float64Array, phases: number, stride: number): void {
  const map = tiedPatternOffsets();
  for (let ph = 0; ph < phases; ph++) {
    const base = ph * stride;
    for (let j = 0; j < PATTERN_WEIGHTS; j++) weights[base + j] = weights[base + map[j]];
  }
}
