// `sente blend`: a new user build whose table is the weighted mean of two or more builds' tables
// (same format and scale; different phase counts are first expanded exactly to one layout), with
// its test-set error in the manifest. The blend has no Multi-ProbCut calibration of its own: run
// `sente calibrate <id>` on it before matches.
import type { CommandModule } from 'yargs';
import { buildsDir } from '@sente/search';
import { blendBuilds } from '@sente/selfplay';
import { UsageError } from '../util.js';
import { checked } from '../options.js';

interface Args { build: string[]; weight?: number[]; phases?: string; out: string; notes: string; force: boolean }

/** `6-11` or `6`: phases (0 = the opening phase), both ends included; null when malformed. */
export function parsePhaseRange(s: string): { from: number; to: number } | null {
  const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(s);
  if (!m) return null;
  const from = Number(m[1]), to = m[2] === undefined ? from : Number(m[2]);
  return to >= from ? { from, to } : null;
}

export const blendCommand: CommandModule<object, Args> = {
  command: 'blend',
  describe: 'Make a build whose table is the weighted mean of builds\' tables (same format and scale; phase counts may differ)',
  builder: (y) => checked(y
    .option('build', { type: 'string', array: true, demandOption: true, describe: 'builds to blend (two or more; the first is the parent)' })
    .option('weight', { type: 'number', array: true, describe: 'share of each --build, in order (default: equal shares; 0 allowed with --phases)' })
    .option('phases', { type: 'string', describe: 'blend only these phases, e.g. 6-11 (0 = the opening phase); every other phase is the first build\'s unchanged' })
    .option('out', { type: 'string', demandOption: true, describe: 'id of the new build, written to the user registry' })
    .option('notes', { type: 'string', default: '', describe: 'free text stored in the manifest' })
    .option('force', { type: 'boolean', default: false, describe: 'replace an existing build with this id' })
    .check((a) => {
      if (a.build.length < 2) throw new Error('give two or more --build');
      if (a.weight && a.weight.length !== a.build.length) throw new Error(`give one --weight per --build (${a.build.length} builds, ${a.weight.length} weights)`);
      if (a.phases !== undefined && !parsePhaseRange(a.phases)) throw new Error(`--phases ${a.phases}: give a phase or a range such as 6-11`);
      if (a.phases === undefined && a.weight?.some((w) => !(w > 0) || !Number.isFinite(w))) throw new Error('--weight must be numbers above 0');
      if (a.phases !== undefined && (a.weight?.some((w) => !(w >= 0) || !Number.isFinite(w)) || a.weight?.every((w) => w === 0))) {
        throw new Error('--weight must be numbers at or above 0, not all 0');
      }
      return true;
    }), {}) as never,
  handler: (args) => {
    try {
      const { entry: e, table } = blendBuilds({
        builds: args.build.map((id, i) => ({ id, weight: args.weight?.[i] ?? 1 })), id: args.out, buildsDir: buildsDir(), notes: args.notes, overwrite: args.force,
        phases: args.phases === undefined ? undefined : parsePhaseRange(args.phases) ?? undefined,
      });
      const parts = (e.training?.blend as { id: string; weight: number }[]).map((p) => `${p.id} x${p.weight}`).join(' + ');
      const where = args.phases === undefined ? '' : ` in phases ${args.phases.trim()} (${e.parent}'s elsewhere)`;
      console.log(`build ${e.id} (parent ${e.parent}) written: the mean of ${parts}${where}, ${table.phases} phases; test-set MAE ${e.testSetMae?.toFixed(3) ?? '-'} discs; calibrate it with: sente calibrate ${e.id}`);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
  },
};
