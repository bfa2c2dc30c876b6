// `sente calibrate <build>`: measures Multi-ProbCut parameters for a build's evaluation and writes
// them beside its table (<build folder>/probcut.json), where loadBuild picks them up. Sample positions
// come from the shipped XOT openings continued by the engine itself (depth 2) to plies 8..48 (52 to
// 12 empties, every stage of the game), and the fit is printed per stage and depth.
import { join, sep } from 'node:path';
import type { CommandModule } from 'yargs';
import { Position } from '@sente/core';
import { calibrateProbCut, createEngine, findBuild, loadBuild, PROBCUT_MAX_DEPTH, PROBCUT_MIN_DEPTH, writeFileAtomic } from '@sente/search';
import { DEFAULT_OPENINGS_FILE, readOpeningsFile } from '@sente/selfplay';
import { progressBar } from '../progress.js';
import { UsageError } from '../util.js';
import { checked, int, positive } from '../options.js';

interface Args { build: string; positions: number; t: number }

export const calibrateCommand: CommandModule<object, Args> = {
  command: 'calibrate <build>',
  describe: 'Measure Multi-ProbCut parameters for a build (writes probcut.json beside its table)',
  builder: (y) => checked(y
    .positional('build', { type: 'string', demandOption: true, describe: 'build id or strongest' })
    .option('positions', { type: 'number', default: 120, describe: 'sample positions (each searched to depth 10)' })
    .option('t', { type: 'number', default: 2.5, describe: 'cut threshold in standard deviations (2.5 gained over no cuts at 100 ms a move; 1.5 lost)' }), {
      positions: int(20, 100_000), t: positive(10),
    }) as never,
  handler: (args) => {
    let id: string;
    try {
      id = findBuild(args.build).id;
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    // A damaged table is the user's to fix: one line naming it, as every other command does.
    let build: ReturnType<typeof loadBuild>;
    try {
      build = loadBuild(id);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    const path = join(build.entry.folder, 'probcut.json');
    // Shipped builds are data of the installed @sente/builds package: writable only in the repository.
    if (path.split(sep).includes('node_modules')) throw new UsageError(`"${id}" is a shipped build installed under node_modules, which sente never writes; calibrate it in the sente repository`);
    const engine = createEngine({ table: build.table, build: id, probcut: false, ttMb: 8 });
    const openings = readOpeningsFile(DEFAULT_OPENINGS_FILE);
    if (!openings.ok) throw new UsageError(openings.error);
    const samples: Position[] = [];
    for (let i = 0; samples.length < args.positions && i < openings.value.length; i++) {
      const p = Position.initial();
      for (const m of openings.value[(i * 7919) % openings.value.length]) p.makeMove(m);
      const target = 8 + ((i * 13) % 41);
      for (let ply = 8; ply < target && !p.isGameOver(); ply++) {
        if (p.mustPass()) p.makePass();
        p.makeMove(engine.think(p, { depth: 2, exactFrom: 0 }).move);
      }
      if (!p.isGameOver() && !p.mustPass() && p.emptyCount() >= 12) samples.push(p.clone());
    }
    const bar = progressBar('calibrating');
    bar.start(samples.length, 0);
    const params = calibrateProbCut(build.table, samples, args.t, (done) => bar.update(done));
    bar.stop();
    writeFileAtomic(path, `${JSON.stringify(params, null, 1)}\n`);
    // The fit per stage: sigma in discs (the cut's margin is t sigma), n = positions of the stage.
    const scale = build.table.scale;
    console.log(`stage (empties)  depth  shallow  slope  intercept  sigma (discs)  n`);
    params.stages.forEach((top, st) => {
      const range = `${st === 0 ? 0 : params.stages[st - 1] + 1}-${top}`;
      for (let d = PROBCUT_MIN_DEPTH; d <= PROBCUT_MAX_DEPTH; d++) {
        const n = params.count[st][d];
        console.log(`${range.padStart(15)}  ${String(d).padStart(5)}  ${String(params.shallow[d]).padStart(7)}  ${params.a[st][d].toFixed(3)}  ${(params.b[st][d] / scale).toFixed(2).padStart(9)}  ${(params.sigma[st][d] / scale).toFixed(2).padStart(13)}  ${n === 0 ? 'pooled' : n}`);
      }
    });
    console.log(`wrote ${path} (${params.samples} positions, t = ${params.t})`);
  },
};
