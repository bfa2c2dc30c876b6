// `sente bench`: runs the benchmark sections (the same runner as `npm run bench`) and writes
// BENCHMARKS.md at the repository root.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CommandModule } from 'yargs';
import { UsageError } from '../util.js';

interface Args { only?: string; quick: boolean; all: boolean; results?: string; rebuild: boolean }

export const benchCommand: CommandModule<object, Args> = {
  command: 'bench',
  describe: 'Run the benchmarks (perft vs C, endgame FFO, midgame, self-play...) and write BENCHMARKS.md',
  builder: (y) => y
    .option('only', { type: 'string', describe: 'comma-separated section names, e.g. perft,endgame' })
    .option('quick', { type: 'boolean', default: false, describe: 'a fast smoke run with small sizes' })
    .option('all', { type: 'boolean', default: false, describe: 'also the long matches against GNU Go and GRhino' })
    .option('results', { type: 'string', describe: 'write the sections and a BENCHMARKS.md to this folder (a quick run writes nothing without it; a full run defaults to the repository\'s)' })
    .option('rebuild', { type: 'boolean', default: false, describe: 'measure nothing: rebuild BENCHMARKS.md from the section files (bench/results/*.md, or --results) as they are' }) as never,
  handler: (args) => {
    const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
    const runner = join(root, 'scripts', 'bench.mjs');
    if (!existsSync(runner)) throw new UsageError(`benchmark runner not found at ${runner} (sente bench runs from a checkout of the repository)`);
    const extra = [...(args.only ? ['--only', args.only] : []), ...(args.quick ? ['--quick'] : []), ...(args.all ? ['--all'] : []), ...(args.results ? ['--results', resolve(args.results)] : []), ...(args.rebuild ? ['--rebuild'] : [])];
    const r = spawnSync(process.execPath, [runner, ...extra], { stdio: 'inherit', cwd: root });
    process.exitCode = r.status ?? 1;
  },
};
