// Self-play throughput: games per minute at the `sente selfplay` defaults (depth 3, exact from 12
// empties, randomness 2 for 30 plies, XOT openings) with 1 worker and with 2, and the scaling ratio
// (the same games both times: same seed). Uses the strongest build (shipped, or promoted in the
// user registry).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildsDir } from '@sente/search';
import { DEFAULT_OPENINGS_FILE, runSelfplay } from '@sente/selfplay';

export const title = 'Self-play games per minute (depth 3, exact 12), 1 vs 2 workers';

export async function run(options) {
  const tmp = mkdtempSync(join(tmpdir(), 'sente-bench-selfplay-'));
  try {
    const dir = buildsDir();
    const games = options.quick ? 40 : 8000; // enough that pool start-up (loading the build per worker) is amortised
    const rows = [];
    let base = 0;
    for (const workers of [1, 2]) {
      const cpu0 = process.cpuUsage();
      const s = await runSelfplay({
        build: 'strongest', buildsDir: dir, games, depth: 3, exact: 12, randomness: 2, randomPlies: 30, seed: 1,
        openings: { kind: 'file', path: DEFAULT_OPENINGS_FILE }, outDir: join(tmp, `w${workers}`), workers,
      });
      const cpu = process.cpuUsage(cpu0);
      const cpuSeconds = (cpu.user + cpu.system) / 1e6;
      if (workers === 1) base = s.gamesPerMinute;
      rows.push({
        workers, games: s.played, seconds: s.seconds, 'games/min': s.gamesPerMinute, scaling: s.gamesPerMinute / base,
        'CPU s': cpuSeconds, 'CPU use': cpuSeconds / s.seconds, build: s.build,
      });
    }
    return {
      columns: ['workers', 'games', 'seconds', 'games/min', 'scaling', 'CPU s', 'CPU use', 'build'], rows,
      notes: 'Wall time of the whole run, pool start-up included; scaling = games/min relative to 1 worker (target >= 1.8 on 2 cores). CPU s = process CPU time (all threads); CPU use = CPU s / wall s: well under the worker count means other processes were competing for the cores, and the scaling figure is not meaningful.',
    };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
