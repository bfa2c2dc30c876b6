// Data-mode self-play throughput (`sente selfplay --random-opening`): positions per hour per core
// for a random opening of 2-56 plies then best moves (the mode gen5 and gen6 were made with), at
// three strengths (depth 4 exact from 14 empties, as those builds' games; depth 6 exact from 18;
// depth 6 exact from 20, as issue #14 asks), on 1 worker and 2; beside it, in the same run, the default
// self-play (depth 3, exact 12, XOT) on 1 worker as the reference the ratio is taken to. Uses the
// strongest build. Also the position file's size: bytes per position.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildsDir } from '@sente/search';
import { DEFAULT_OPENINGS_FILE, runSelfplay } from '@sente/selfplay';

export const title = 'Data-mode self-play: positions per hour per core (random opening 2-56 plies)';

export async function run(options) {
  const tmp = mkdtempSync(join(tmpdir(), 'sente-bench-data-'));
  try {
    const dir = buildsDir();
    const rows = [];
    const cpu = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1e6; };
    // Reference: the default self-play, positions counted as the games' moves after the opening.
    const refGames = options.quick ? 20 : 400;
    let c0 = cpu();
    const ref = await runSelfplay({
      build: 'strongest', buildsDir: dir, games: refGames, depth: 3, exact: 12, randomness: 2, randomPlies: 30, seed: 1,
      openings: { kind: 'file', path: DEFAULT_OPENINGS_FILE }, outDir: join(tmp, 'ref'), workers: 1,
    });
    const refPerHour = ((refGames * 52) / ref.seconds) * 3600; // about 52 positions a game after XOT's 8 plies
    rows.push({ mode: 'default self-play (reference)', depth: 3, exact: 12, workers: 1, games: refGames, positions: refGames * 52, seconds: ref.seconds, 'positions/h/core': refPerHour, ratio: 1, 'CPU use': (cpu() - c0) / ref.seconds, 'bytes/position': '-' });
    const settings = options.quick ? [[4, 14, 6]] : [[4, 14, 2000], [6, 18, 200], [6, 20, 100]];
    for (const [depth, exact, games] of settings) {
      for (const workers of [1, 2]) {
        c0 = cpu();
        const out = join(tmp, `d${depth}e${exact}w${workers}`);
        const s = await runSelfplay({
          build: 'strongest', buildsDir: dir, games, depth, exact, randomness: 0, randomPlies: 0, seed: 1, randomOpening: [2, 56],
          openings: { kind: 'file', path: DEFAULT_OPENINGS_FILE }, outDir: out, workers,
        });
        const perHourPerCore = (s.positions / s.seconds / workers) * 3600;
        rows.push({
          mode: 'data mode 2-56', depth, exact, workers, games, positions: s.positions, seconds: s.seconds, 'positions/h/core': perHourPerCore,
          ratio: perHourPerCore / refPerHour, 'CPU use': (cpu() - c0) / s.seconds, 'bytes/position': statSync(s.positionsFile).size / s.positions,
        });
      }
    }
    return {
      columns: ['mode', 'depth', 'exact', 'workers', 'games', 'positions', 'seconds', 'positions/h/core', 'ratio', 'CPU use', 'bytes/position'], rows,
      notes: 'positions/h/core = recorded positions (after the random part) per wall hour divided by the workers; ratio = that over the reference row of the same run (default self-play counted at 52 positions a game). Wall time includes pool start-up. CPU use = process CPU s / wall s: under the worker count means other processes competed for the cores.',
    };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
