// The SPRT against a fixed-length match, by simulation only (no engine games): matches of game
// pairs drawn from a model of Othello pairs (6% draws, a per-opening colour bias of up to ±25%
// that the pair's two games share, once each way), at several true Elo differences. The SPRT is
// `improve`'s (elo0=0, elo1=10, alpha=beta=0.05), run pair by pair with PairedSprt; the fixed
// match has the same error rates: N pairs with (s1 - s0) = (z_alpha + z_beta) sigma / sqrt(N),
// accepting H1 when the mean score passes s0 + z_alpha sigma / sqrt(N), sigma the pair score's
// standard deviation of the model (measured on a million pairs). Seeded: every run is the same.
import { scoreFromElo, seededRandom, simulateSprt, simulatedPair } from '@sente/selfplay';

export const title = 'SPRT on game pairs against a fixed-length match (simulated)';

const TEST = { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 };
const Z = 1.6448536; // one-sided 5%

function pairSigma() {
  const random = seededRandom(99, 1);
  let sum = 0;
  let sq = 0;
  const n = 1_000_000;
  for (let i = 0; i < n; i++) {
    const s = simulatedPair(5, random) / 4;
    sum += s;
    sq += s * s;
  }
  const mean = sum / n;
  return Math.sqrt(sq / n - mean * mean);
}

export async function run({ quick }) {
  const runs = quick ? 40 : 400;
  const t0 = performance.now();
  const sigma = pairSigma();
  const [s0, s1] = [scoreFromElo(TEST.elo0), scoreFromElo(TEST.elo1)];
  const fixedPairs = Math.ceil((((Z + Z) * sigma) / (s1 - s0)) ** 2);
  const threshold = s0 + (Z * sigma) / Math.sqrt(fixedPairs);
  const maxPairs = 50 * fixedPairs;
  const rows = [];
  for (const elo of [-10, 0, 5, 10, 20]) {
    let games = 0;
    let h1 = 0;
    let fixedH1 = 0;
    for (let i = 0; i < runs; i++) {
      const random = seededRandom(1000 + i, elo + 500);
      const st = simulateSprt(elo, TEST, random, maxPairs);
      games += 2 * st.pairs;
      if (st.decision === 'H1') h1++;
      let points = 0;
      for (let j = 0; j < fixedPairs; j++) points += simulatedPair(elo, random) / 4;
      if (points / fixedPairs > threshold) fixedH1++;
    }
    rows.push({
      'true Elo': elo,
      'SPRT mean games': Math.round(games / runs),
      'SPRT H1 %': Number(((100 * h1) / runs).toFixed(1)),
      'fixed match games': 2 * fixedPairs,
      'fixed H1 %': Number(((100 * fixedH1) / runs).toFixed(1)),
      'SPRT / fixed games': Number((games / runs / (2 * fixedPairs)).toFixed(2)),
    });
  }
  const plus20 = rows.find((r) => r['true Elo'] === 20);
  return {
    columns: ['true Elo', 'SPRT mean games', 'SPRT H1 %', 'fixed match games', 'fixed H1 %', 'SPRT / fixed games'],
    rows,
    notes: `SPRT elo0=0, elo1=10, alpha=beta=0.05 (improve's default), ${runs} simulated matches per row; pair score sd ${sigma.toFixed(3)} in the model. ` +
      `For a +20 Elo change the SPRT decides in ${plus20['SPRT mean games']} games on average, ${Math.round(100 * plus20['SPRT / fixed games'])}% of the ${plus20['fixed match games']} games a fixed-length match with the same error rates needs. ` +
      `Computed in ${((performance.now() - t0) / 1000).toFixed(1)} s.`,
  };
}
