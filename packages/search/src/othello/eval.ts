// Evaluation: the sum of the table's weights at the position's incremental pattern indices, for
// the phase given by the number of empties, plus the phase's bias. Indices in Position use
// absolute colours (1 black, 2 white); weights are from the side to move's view (1 own, 2
// opponent's), so white to move reads a colour-swapped copy of the weights (made once per table,
// on its first evaluation: a table's weights are fixed once it evaluates). Nothing is rescanned
// and nothing is allocated: 46 lookups per call, one memory access each (evaluateSlow, the
// reference, goes through the swap map instead).
import { COLOR_SWAP, INSTANCE_TYPE, PATTERN_COUNT, PATTERN_SIZES, Position, WHITE, popcount } from '@sente/core';
import { BIAS_OFFSET, PHASE_STRIDE, TYPE_OFFSET, type EvalTable } from './evaltable.js';
import { evaluateV2 } from './evalfeatures.js';

/** Per instance: the offset of its type's weights inside a phase. */
const INSTANCE_OFFSET = Int32Array.from(INSTANCE_TYPE, (t) => TYPE_OFFSET[t]);

/** COLOR_SWAP flattened with the same offsets as a phase's weights. */
const SWAP = (() => {
  const out = new Int32Array(PHASE_STRIDE);
  for (let t = 0; t < PATTERN_SIZES.length; t++) out.set(COLOR_SWAP[t], TYPE_OFFSET[t]);
  return out;
})();

/** Per table: its weights indexed by the colour-swapped pattern index (white to move). */
const swappedCache = new WeakMap<EvalTable, Int16Array>();
let lastTable: EvalTable | undefined;
let lastSwapped: Int16Array = new Int16Array(0);

/** The table's weights re-indexed so that white to move reads them at the absolute index. */
export function swappedWeights(table: EvalTable): Int16Array {
  let out = swappedCache.get(table);
  if (out === undefined) {
    const w = table.weights;
    out = new Int16Array(w.length);
    for (let base = 0; base < w.length; base += PHASE_STRIDE) {
      for (let t = 0; t < PATTERN_SIZES.length; t++) {
        const off = TYPE_OFFSET[t];
        for (let k = off, end = off + PATTERN_SIZES[t]; k < end; k++) out[base + k] = w[base + off + SWAP[k]];
      }
      out[base + BIAS_OFFSET] = w[base + BIAS_OFFSET];
    }
    swappedCache.set(table, out);
  }
  return out;
}

/** The evaluation in table units (table.scale per disc) for the side to move. */
export function evaluate(position: Position, table: EvalTable): number {
  // Format-2 tables (patterns plus mobility, potential mobility, parity) are evaluated by
  // evalfeatures.ts; format-1 tables (gen3, bootstrap) run the loop below exactly as before.
  if (table.format === 2) return evaluateV2(position, table);
  const bb = position.bb;
  const empties = 64 - popcount(bb[0] | bb[2], bb[1] | bb[3]);
  let w: Int16Array;
  if (position.side === WHITE) {
    if (table !== lastTable) {
      lastSwapped = swappedWeights(table);
      lastTable = table;
    }
    w = lastSwapped;
  } else w = table.weights;
  const base = table.phaseByEmpties[empties] * PHASE_STRIDE;
  const pat = position.patterns;
  let sum = w[base + BIAS_OFFSET];
  for (let i = 0; i < PATTERN_COUNT; i++) sum += w[base + INSTANCE_OFFSET[i] + pat[i]];
  return sum;
}

/**
 * The feature indices of a position from the side to move's view, as offsets into a phase's
 * weights (one per pattern instance, then the bias): what the fitter trains on.
 */
export function featureOffsets(position: Position, out: Int32Array = new Int32Array(PATTERN_COUNT + 1)): Int32Array {
  const pat = position.patterns;
  const white = position.side === WHITE;
  for (let i = 0; i < PATTERN_COUNT; i++) {
    const off = INSTANCE_OFFSET[i];
    out[i] = off + (white ? SWAP[off + pat[i]] : pat[i]);
  }
  out[PATTERN_COUNT] = BIAS_OFFSET;
  return out;
}

/** Reference: the same sum computed from featureOffsets (tests compare the two). */
export function evaluateSlow(position: Position, table: EvalTable): number {
  const phase = table.phaseByEmpties[position.emptyCount()];
  let sum = 0;
  for (const off of featureOffsets(position)) sum += table.weights[phase * PHASE_STRIDE + off];
  return sum;
}
