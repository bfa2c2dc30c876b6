// `sente calibrate <build>`: measures Multi-ProbCut parameters for a build's evaluation and writes
// them beside its table (<build folder>/probcut.json), where loadBuild picks them up. Sample positions
// come from the shipped XOT openings continued by the engine itself (depth 2) to plies 8..48 (52 to
// 12 empties, every stage of the game), and the fit is printed per stage and depth. The probable
// endgame's lines come from positions of 14..20 empties (the same openings continued further),
// each solved exactly: `--endgame N` of them (0: none), `--endgame-only` keeps the midgame fit of
// the existing file and adds or replaces only them.
import { join, sep } from 'node:path';
import type { CommandModule } from 'yargs';
import { Position } from '@sente/core';
import { calibrateEndgameCut, calibrateProbCut, createEngine, ENDGAME_CUT_MIN, findBuild, loadBuild, PROBCUT_MAX_DEPTH, PROBCUT_MIN_DEPTH, writeFileAtomic, type Engine, type ProbCutParams } from '@sente/search';
import { DEFAULT_OPENINGS_FILE, readOpeningsFile } from '@sente/selfplay';
import { progressBar } from '../progress.js';
import { UsageError } from '../util.js';
import { checked, int, positive } from '../options.js';

interface Args { build: string; positions: number; t: number; endgame: number; endgameOnly: boolean }

/** Empties of the probable endgame's calibration positions (solved exactly: cheap up to about 20). */
const ENDGAME_SAMPLE_MAX = 20;

/** Sample positions: XOT openings (8 plies) continued by the engine at depth 2 to a ply given per index. */
function samplePositions(engine: Engine, openings: readonly number[][], count: number, plyOf: (i: number) => number, minEmpties: number): Position[] {
  const samples: Position[] = [];
  for (let i = 0; samples.length < count && i < openings.length; i++) {
    const p = Position.initial();
    for (const m of openings[(i * 7919) % openings.length]) p.makeMove(m);
    const target = plyOf(i);
    for (let ply = 8; ply < target && !p.isGameOver(); ply++) {
      if (p.mustPass()) p.makePass();
      p.makeMove(engine.think(p, { depth: 2, exactFrom: 0 }).move);
    }
    if (!p.isGameOver() && !p.mustPass() && p.emptyCount() >= minEmpties) samples.push(p.clone());
  }
  return samples;
}

export const calibrateCommand: CommandModule<object, Args> = {
  command: 'calibrate <build>',
  describe: 'Measure Multi-ProbCut parameters for a build (writes probcut.json beside its table)',
  builder: (y) => checked(y
    .positional('build', { type: 'string', demandOption: true, describe: 'build id or strongest' })
    .option('positions', { type: 'number', default: 120, describe: 'sample positions (each searched to depth 10)' })
    .option('t', { type: 'number', default: 2.5, describe: 'cut threshold in standard deviations (2.5 gained over no cuts at 100 ms a move; 1.5 lost)' })
    .option('endgame', { type: 'number', default: 210, describe: `positions of ${ENDGAME_CUT_MIN}-${ENDGAME_SAMPLE_MAX} empties solved exactly for the probable endgame (0: none)` })
    .option('endgame-only', { type: 'boolean', default: false, describe: 'keep the midgame fit of the existing probcut.json; (re)fit only the probable endgame' }), {
      positions: int(20, 100_000), t: positive(10), endgame: int(0, 100_000),
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
    let midgame: ProbCutParams;
    if (args.endgameOnly) {
      if (args.endgame === 0) throw new UsageError('--endgame-only needs --endgame above 0');
      // The midgame fit to keep: the build's, which loadBuild above read and checked (a damaged
      // probcut.json was refused there).
      if (build.probcut === undefined) throw new UsageError(`--endgame-only keeps the midgame fit of ${path}, which does not exist: calibrate without --endgame-only first`);
      midgame = build.probcut;
    } else {
      const samples = samplePositions(engine, openings.value, args.positions, (i) => 8 + ((i * 13) % 41), 12);
      const bar = progressBar('calibrating');
      bar.start(samples.length, 0);
      midgame = calibrateProbCut(build.table, samples, args.t, (done) => bar.update(done));
      bar.stop();
    }
    let params: ProbCutParams = { ...midgame, endgame: undefined };
    if (args.endgame > 0) {
      const span = ENDGAME_SAMPLE_MAX - ENDGAME_CUT_MIN + 1;
      const samples = samplePositions(engine, openings.value, args.endgame, (i) => 60 - ENDGAME_CUT_MIN - (i % span), ENDGAME_CUT_MIN);
      const bar = progressBar('solving');
      bar.start(samples.length, 0);
      params = { ...params, endgame: calibrateEndgameCut(build.table, samples, (done) => bar.update(done)) };
      bar.stop();
    }
    writeFileAtomic(path, `${JSON.stringify(params, null, 1)}\n`);
    const scale = build.table.scale;
    if (!args.endgameOnly) {
      // The fit per stage: sigma in discs (the cut's margin is t sigma), n = positions of the stage.
      console.log(`stage (empties)  depth  shallow  slope  intercept  sigma (discs)  n`);
      params.stages.forEach((top, st) => {
        const range = `${st === 0 ? 0 : params.stages[st - 1] + 1}-${top}`;
        for (let d = PROBCUT_MIN_DEPTH; d <= PROBCUT_MAX_DEPTH; d++) {
          const n = params.count[st][d];
          console.log(`${range.padStart(15)}  ${String(d).padStart(5)}  ${String(params.shallow[d]).padStart(7)}  ${params.a[st][d].toFixed(3)}  ${(params.b[st][d] / scale).toFixed(2).padStart(9)}  ${(params.sigma[st][d] / scale).toFixed(2).padStart(13)}  ${n === 0 ? 'pooled' : n}`);
        }
      });
    }
    const eg = params.endgame;
    if (eg !== undefined) {
      // The probable endgame per empties: exact score = slope * shallow value + intercept (discs).
      console.log(`endgame empties  shallow  slope  intercept  sigma (discs)  n`);
      for (let e = eg.minEmpties; e <= 30; e++) {
        console.log(`${String(e).padStart(15)}  ${String(eg.shallow[e]).padStart(7)}  ${eg.a[e].toFixed(3)}  ${eg.b[e].toFixed(2).padStart(9)}  ${eg.sigma[e].toFixed(2).padStart(13)}  ${eg.count[e] === 0 ? 'extrapolated' : eg.count[e]}`);
      }
    }
    console.log(`wrote ${path} (${params.samples} positions, t = ${params.t}${eg ? `; endgame: ${eg.samples} positions solved` : ''})`);
  },
};
