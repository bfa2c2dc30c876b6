// The bootstrap evaluation: the table every engine starts from before self-play has trained one.
// Method: the classic positional square values (corners good, X- and C-squares bad, edges fair)
// expressed in discs, blended with plain disc counting as the game advances (the last phase counts
// discs only), and spread over the pattern instances that cover each square (a square in k
// instances gives 1/k of its value to each), so the pattern sum reproduces the square-value
// evaluation exactly. It is deliberately simple: it knows nothing of mobility, parity or
// stability, which is what training must learn.
import { PATTERNS, PATTERN_SIZES, PATTERN_TYPES } from '@sente/core';
import { DEFAULT_PHASES, DEFAULT_SCALE, EvalTable, PHASE_STRIDE, TYPE_OFFSET } from './evaltable.js';

/** Square values in discs for the opening and midgame (symmetric under the 8 transforms). */
const SQUARE_VALUE = [
  8, -3, 1, 0.5, 0.5, 1, -3, 8,
  -3, -4, -0.5, -0.5, -0.5, -0.5, -4, -3,
  1, -0.5, 0.3, 0.1, 0.1, 0.3, -0.5, 1,
  0.5, -0.5, 0.1, 0.2, 0.2, 0.1, -0.5, 0.5,
  0.5, -0.5, 0.1, 0.2, 0.2, 0.1, -0.5, 0.5,
  1, -0.5, 0.3, 0.1, 0.1, 0.3, -0.5, 1,
  -3, -4, -0.5, -0.5, -0.5, -0.5, -4, -3,
  8, -3, 1, 0.5, 0.5, 1, -3, 8,
];

export function bootstrapTable(phases = DEFAULT_PHASES, scale = DEFAULT_SCALE): EvalTable {
  // How many instances cover each square.
  const cover = new Array<number>(64).fill(0);
  for (const p of PATTERNS) for (const s of p.squares) cover[s]++;
  const table = new EvalTable(phases, scale);
  for (let phase = 0; phase < phases; phase++) {
    const t = phases === 1 ? 1 : phase / (phases - 1); // 0 = opening, 1 = last phase
    const base = phase * PHASE_STRIDE;
    PATTERN_TYPES.forEach((type, ti) => {
      const squares = type.squares;
      const per = squares.map((s) => ((1 - t) * SQUARE_VALUE[s] + t * 1) / cover[s]);
      for (let index = 0; index < PATTERN_SIZES[ti]; index++) {
        let x = index;
        let value = 0;
        for (let k = 0; k < squares.length; k++) {
          const d = x % 3;
          x = (x - d) / 3;
          if (d === 1) value += per[k];
          else if (d === 2) value -= per[k];
        }
        table.weights[base + TYPE_OFFSET[ti] + index] = Math.round(value * scale);
      }
    });
  }
  return table;
}
