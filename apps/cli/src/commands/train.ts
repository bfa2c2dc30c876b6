// `sente train`: fit a new build's pattern weights to the exact scores of recorded games and add
// it to the builds registry (table and manifest written atomically, so Ctrl-C at any point leaves
// the registry as it was).
import type { CommandModule } from 'yargs';
import { buildsDir } from '@sente/search';
import { TRAIN_DEFAULTS, readWthorGames, train, type GameInput } from '@sente/selfplay';
import { UsageError } from '../util.js';
import { countProgress } from '../progress.js';
import { checked, existing, file, int, num, outputFile, outputOverInput, type Rule } from '../options.js';

/** The training settings' ranges (improve trains too and checks the same ones). */
export const TRAIN_RULES: Record<string, Rule> = {
  epochs: int(1, 10_000), phases: int(1, 61), format: int(1, 2), validation: num(0, 1, { belowMax: true }), l2: num(0), neighbour: num(0, 1), smooth: num(0),
  'min-empties': int(0, 60), games: existing, wthor: file, csv: outputFile, data: file, threads: int(1, 64), checkpoint: outputFile,
};

interface Args {
  games?: string[]; wthor?: string[]; data?: string[]; from?: string; out: string; epochs: number; phases?: number; format: number; validation: number;
  l2: number; neighbour: number; smooth: number; 'min-empties': number; threads: number; checkpoint?: string; csv?: string; notes: string; force: boolean; symmetric: boolean;
}

export const trainCommand: CommandModule<object, Args> = {
  command: 'train',
  describe: 'Fit a new build to the exact scores of self-play (or other) games',
  builder: (y) => checked(y
    .option('games', { type: 'string', array: true, describe: 'game files or self-play folders (games.txt lines or bare transcripts)' })
    .option('wthor', { type: 'string', array: true, describe: 'WTHOR databases (.wtb): complete games with their theoretical scores' })
    .option('data', { type: 'string', array: true, describe: 'binary position files (.spos, from sente data or selfplay --random-opening) instead of games' })
    .option('checkpoint', { type: 'string', describe: 'save the fit after every epoch to this file; if it exists, continue from it (same data and settings)' })
    .option('threads', { type: 'number', default: 1, describe: 'threads for the fitter\'s passes over the positions (shards on shared arrays)' })
    .option('from', { type: 'string', describe: 'start from (and regularise toward) this build\'s weights' })
    .option('out', { type: 'string', demandOption: true, describe: 'id of the new build, written to the user registry (<builds>/<id>/table.sev.gz)' })
    .option('epochs', { type: 'number', default: TRAIN_DEFAULTS.epochs, describe: 'conjugate-gradient iterations' })
    .option('phases', { type: 'number', describe: 'game phases (weight sets by number of empties; default 12, or 30 with --format 2)' })
    .option('format', { type: 'number', default: 1, describe: 'evaluation table format: 1 patterns and bias (gen3\'s), 2 also mobility, potential mobility and parity' })
    .option('symmetric', { type: 'boolean', default: true, describe: 'one weight for a pattern configuration and its mirror image, so the table evaluates a position and its symmetric images alike (--no-symmetric: every index on its own, as builds up to gen4)' })
    .option('validation', { type: 'number', default: TRAIN_DEFAULTS.validation, describe: 'fraction of games held out for validation' })
    .option('l2', { type: 'number', default: TRAIN_DEFAULTS.l2, describe: 'penalty on each weight\'s distance from the start weights' })
    .option('neighbour', { type: 'number', default: TRAIN_DEFAULTS.neighbour, describe: 'weight of each position in its neighbouring phase' })
    .option('smooth', { type: 'number', default: TRAIN_DEFAULTS.smooth, describe: 'penalty tying each weight to the same weight of the next phase, so that many phases (up to one per ply) borrow from their neighbours (0: none)' })
    .option('min-empties', { type: 'number', default: TRAIN_DEFAULTS.minEmpties, describe: 'leave out positions with fewer empties' })
    .option('csv', { type: 'string', describe: 'per-epoch errors (default <builds>/<id>/training.csv)' })
    .option('notes', { type: 'string', default: '', describe: 'free text stored in the manifest' })
    .option('force', { type: 'boolean', default: false, describe: 'replace an existing build with this id' })
    .check((a) => {
      if (!a.games?.length && !a.wthor?.length && !a.data?.length) throw new Error('give --games and/or --wthor, or --data');
      if (a.data?.length && (a.games?.length || a.wthor?.length)) throw new Error('--data trains on position files only; convert games and WTHOR files with "sente data convert" and give them all as --data');
      const inputs = [...(a.games ?? []).map((f) => ['--games', f] as const), ...(a.wthor ?? []).map((f) => ['--wthor', f] as const), ...(a.data ?? []).map((f) => ['--data', f] as const)];
      const clash = outputOverInput([['--csv', a.csv], ['--checkpoint', a.checkpoint]], inputs, ['games.txt']) ?? outputOverInput([['--csv', a.csv]], [['--checkpoint', a.checkpoint]]);
      if (clash) throw new Error(clash);
      return true;
    }), TRAIN_RULES) as never,
  handler: async (args) => {
    try {
      const extraGames: GameInput[] = [];
      for (const file of args.wthor ?? []) {
        const w = readWthorGames(file);
        for (const g of w.games) extraGames.push(g);
        console.log(`${file}: ${w.games.length} complete games${w.skipped ? ` (${w.skipped} records skipped)` : ''}`);
      }
      const s = train({
        gameFiles: args.games ?? [], extraGames, positionFiles: args.data, threads: args.threads, checkpoint: args.checkpoint,
        onResume: (epoch) => console.log(`continuing from ${args.checkpoint} after epoch ${epoch}`),
        onLoading: args.data ? countProgress('loading positions') : undefined, from: args.from, id: args.out, buildsDir: buildsDir(), epochs: args.epochs, phases: args.phases, format: args.format as 1 | 2,
        validation: args.validation, l2: args.l2, neighbour: args.neighbour, smooth: args.smooth, minEmpties: args['min-empties'], csvPath: args.csv,
        notes: args.notes, overwrite: args.force, symmetric: args.symmetric,
        onLoaded: (i) => {
          console.log(`${i.games} games: ${i.trainPositions} training and ${i.validationPositions} validation positions (${(i.bytes / 1048576).toFixed(1)} MiB)${i.invalidLines ? `; ${i.invalidLines} unreadable lines or games skipped${i.firstInvalid ? ` (the first: ${i.firstInvalid})` : ''}` : ''}`);
          console.log('epoch  train RMS  valid RMS     ms');
        },
        onEpoch: (e) => console.log(`${String(e.epoch).padStart(5)} ${e.trainRms.toFixed(3).padStart(10)} ${(Number.isNaN(e.validationRms) ? '-' : e.validationRms.toFixed(3)).padStart(10)} ${String(Math.round(e.ms)).padStart(6)}`),
      });
      console.log(`build ${s.entry.id} (parent ${s.entry.parent ?? 'none'}) written: ${s.trainPositions + s.validationPositions} positions from ${s.games} games; weights of each phase's best epoch (latest ${s.bestEpoch}); int16 table error train ${s.trainError.toFixed(3)}, validation ${s.validationError === null ? '-' : s.validationError.toFixed(3)} discs; ${s.seconds.toFixed(1)} s; epochs in ${s.csvPath}`);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
  },
};
