// The fitter on binary position files (`sente train --data`): positions of random games written to
// a .spos file, loaded by loadPositionFiles (two streamed passes, exact-size typed arrays) and
// fitted for a few CGLS epochs; reported: load time, positions per second per epoch, and resident
// memory per million positions, on 1 thread and on 2 (the speedup) (the process's peak RSS over its RSS before loading, divided by
// the millions loaded). Random-game positions cost the fitter what self-play positions cost: the
// same 47 features per row.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BLACK, Position } from '@sente/core';
import { PositionWriter, fitWeights, loadPositionFiles, seededRandom } from '@sente/selfplay';

export const title = 'Fitter on position files: positions/s per epoch and memory per million positions';

function writeRandomPositions(file, target) {
  const w = new PositionWriter(file);
  const random = seededRandom(4242);
  let game = 0;
  while (w.count < target) {
    const p = Position.initial();
    const start = p.ply;
    const before = w.count;
    while (!p.isGameOver() && w.count < target) {
      if (p.mustPass()) { p.makePass(); continue; }
      const legal = p.legalMoveList();
      w.addPosition(p, p.discDifference(), 0, 0, game);
      p.makeMove(legal[Math.floor(random() * legal.length)]);
    }
    void start; void before;
    game++;
  }
  w.close();
}

export async function run(options) {
  const tmp = mkdtempSync(join(tmpdir(), 'sente-bench-datafit-'));
  try {
    const sizes = options.quick ? [100_000] : [1_000_000, 4_000_000];
    const epochs = options.quick ? 2 : 3;
    const rows = [];
    for (const n of sizes) {
      const file = join(tmp, `r${n}.spos`);
      const t0 = performance.now();
      writeRandomPositions(file, n);
      const writeS = (performance.now() - t0) / 1000;
      global.gc?.();
      const rss0 = process.memoryUsage().rss;
      const t1 = performance.now();
      const data = loadPositionFiles([file], { validation: 0.05, shared: true });
      const loadS = (performance.now() - t1) / 1000;
      const rssLoaded = process.memoryUsage().rss;
      const m = n / 1e6;
      let base = 0;
      for (const threads of [1, 2]) {
        const times = [];
        const cpu0 = process.cpuUsage();
        const w0 = performance.now();
        fitWeights(data.train, data.validation, { phases: 12, epochs, l2: 20, neighbour: 0.25, threads, onEpoch: (s) => times.push(s.ms) });
        const wall = (performance.now() - w0) / 1000;
        const cpu = process.cpuUsage(cpu0);
        const peak = process.resourceUsage().maxRSS * 1024;
        const epochMs = times.reduce((a, b) => a + b, 0) / times.length;
        const perS = data.train.count / (epochMs / 1000);
        if (threads === 1) base = perS;
        rows.push({
          positions: n, threads, 'file MB': statSync(file).size / 1e6, 'load s': loadS, 'epoch s': epochMs / 1000,
          'positions/s/epoch': perS, speedup: perS / base, 'CPU use': (cpu.user + cpu.system) / 1e6 / wall,
          'arrays MB/M': data.train.bytes() / 1e6 / m + data.validation.bytes() / 1e6 / m,
          'RSS after load MB/M': (rssLoaded - rss0) / 1e6 / m, 'peak RSS MB/M': (peak - rss0) / 1e6 / m,
        });
      }
      void writeS;
      rmSync(file);
    }
    return {
      columns: ['positions', 'threads', 'file MB', 'load s', 'epoch s', 'positions/s/epoch', 'speedup', 'CPU use', 'arrays MB/M', 'RSS after load MB/M', 'peak RSS MB/M'], rows,
      notes: 'threads = the fitter\'s passes on that many threads (shards over shared arrays), speedup against 1 thread on the same positions in the same run; CPU use = process CPU s / wall s of the fit (under the thread count: the cores were busy with other work). arrays = the PositionSets (194 bytes a position); RSS figures are over the RSS before loading, per million positions; the peak includes the fitter\'s per-row vectors and is the process\'s maximum so far (so a later, larger size shows its own peak). 20 M positions need about 20x the per-million peak.',
    };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
