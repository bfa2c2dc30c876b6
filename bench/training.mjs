// Training throughput and memory: positions per second per epoch of the fitter (one CGLS
// iteration = one pass computing A p and one computing A^T r over every position) and the memory
// for 1 M positions: the typed arrays' bytes and the process RSS. Positions come from random
// games labelled with their final scores.
import { DEFAULT_PHASES } from '@sente/search';
import { buildDataset, fitWeights, randomFinishedGame, seededRandom } from '@sente/selfplay';

export const title = 'Training: positions per second per epoch and memory for 1 M positions';

function* randomGames(count) {
  const random = seededRandom(2024);
  for (let g = 0; g < count; g++) {
    const { moves, blackScore } = randomFinishedGame(random);
    yield { moves, blackScore };
  }
}

export async function run(options) {
  const target = options.quick ? 100_000 : 1_000_000;
  const rssBefore = process.memoryUsage().rss;
  const t0 = performance.now();
  const data = buildDataset(randomGames(Math.ceil(target / 59)), { validation: 0.1 });
  data.train.sortByEmpties();
  data.validation.sortByEmpties();
  const loadSeconds = (performance.now() - t0) / 1000;
  const epochs = options.quick ? 2 : 3;
  const fit = fitWeights(data.train, data.validation, { phases: DEFAULT_PHASES, epochs, l2: 20, neighbour: 0.25 });
  const rssAfter = process.memoryUsage().rss;
  const positions = data.train.count + data.validation.count;
  const perEpoch = fit.history.reduce((a, e) => a + e.ms, 0) / fit.history.length;
  const MiB = (b) => b / 1048576;
  // The fitter's own arrays: 2 residual slots x 2 (r1, q1) Float64 per position; 7 Float64 per weight.
  const fitterBytes = data.train.count * 2 * 2 * 8 + DEFAULT_PHASES * 167266 * 7 * 8;
  return {
    columns: ['positions', 'load s', 'epoch s', 'positions/s per epoch', 'dataset MiB', 'fitter MiB', 'RSS MiB', 'RSS growth MiB'],
    rows: [{
      positions, 'load s': loadSeconds, 'epoch s': perEpoch / 1000, 'positions/s per epoch': Math.round(data.train.count / (perEpoch / 1000)),
      'dataset MiB': MiB(data.train.bytes() + data.validation.bytes()), 'fitter MiB': MiB(fitterBytes),
      'RSS MiB': MiB(rssAfter), 'RSS growth MiB': MiB(rssAfter - rssBefore),
    }],
    notes: 'load = replaying games, extracting 47 feature offsets per position and sorting the positions by empties; epoch = one conjugate-gradient iteration over the training positions (train RMS and validation RMS included).',
  };
}
