// A model of a colour-swapped game pair between two players `elo` apart, for checking and
// benchmarking sequential tests without playing games: each pair shares an opening whose bias
// favours one colour (uniform within ±25% of the win probability), draws are 6% of games (about
// Othello's rate between engines), and the rest are wins for the stronger side at the logistic
// rate. The numbers it gives are illustrative, not measurements of sente.
import { PairedSprt, scoreFromElo, type SprtState, type SprtTest } from './sprt.js';

const DRAW_RATE = 0.06;

/** Half points (0..4) of the tested player over one simulated pair. */
export function simulatedPair(elo: number, random: () => number): number {
  const win = scoreFromElo(elo) - DRAW_RATE / 2;
  const bias = (random() - 0.5) * 0.5;
  let half = 0;
  for (const p of [win + bias, win - bias]) {
    const w = Math.max(0, p);
    const x = random();
    half += x < w ? 2 : x < w + DRAW_RATE ? 1 : 0;
  }
  return half;
}

/** One simulated SPRT run to its decision, or to `maxPairs` pairs. */
export function simulateSprt(elo: number, test: SprtTest, random: () => number, maxPairs: number): SprtState {
  const s = new PairedSprt(test, maxPairs);
  for (let j = 0; j < maxPairs && s.state().decision === null; j++) {
    const h = simulatedPair(elo, random);
    // Split the pair's half points over its two games (the tracker only sums them).
    s.add(j, 0, Math.min(2, h));
    s.add(j, 1, h - Math.min(2, h));
  }
  return s.state();
}
