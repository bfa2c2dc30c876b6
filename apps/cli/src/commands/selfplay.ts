// `sente selfplay`: self-play games on the worker pool, written to <out>/games.txt as they finish
// (format in docs/selfplay.md), resumable, with a CSV summary and a closing summary line.
import type { CommandModule } from 'yargs';
import { buildsDir } from '@sente/search';
import { defaultWorkers, interruptSignal, parseOpeningSpec, parseRandomOpening, runSelfplay, SelfplayError } from '@sente/selfplay';
import { progressBar } from '../progress.js';
import { UsageError } from '../util.js';
import { queueSettings, REDIS_OPTION } from '../queue-options.js';
import { RULES, checked, file, folder, int, num } from '../options.js';

interface Args {
  build: string; games: number; openings: string; depth: number; exact: number; randomness: number;
  'random-plies': number; balance: number; seed: number; out: string; workers: number; resume: boolean;
  batch?: number; 'test-crash'?: string; redis?: string; book?: string; 'book-margin': number; 'random-opening'?: string;
}

export const selfplayCommand: CommandModule<object, Args> = {
  command: 'selfplay',
  describe: 'Play self-play games with a build on all cores and record them with exact final scores',
  builder: (y) => checked(y
    .option('build', { type: 'string', default: 'strongest', describe: 'build id, or strongest' })
    .option('games', { type: 'number', default: 1000, describe: 'games to play (indices 0..N-1)' })
    .option('openings', { type: 'string', default: 'xot', describe: 'xot (shipped XOT file), a transcript file, or random:<plies>' })
    .option('depth', { type: 'number', default: 3, describe: 'search depth per move' })
    .option('exact', { type: 'number', default: 12, describe: 'solve exactly from this many empties' })
    .option('randomness', { type: 'number', default: 2, describe: 'choose among moves within this many discs of the best...' })
    .option('random-plies', { type: 'number', default: 30, describe: '...during the first this many plies of the game' })
    .option('balance', { type: 'number', default: 6, describe: 'random openings: keep those a shallow search scores within +-this many discs' })
    .option('seed', { type: 'number', default: 1, describe: 'same seed and settings, same games' })
    .option('out', { type: 'string', demandOption: true, describe: 'output folder (games.txt, games.csv, run.json)' })
    .option('workers', { type: 'number', default: defaultWorkers(), describe: 'worker threads' })
    .option('resume', { type: 'boolean', default: false, describe: 'continue an interrupted run in --out' })
    .option('batch', { type: 'number', describe: 'games per pool job (default: automatic)' })
    .option('book', { type: 'string', describe: 'opening book file to play from while in book' })
    .option('book-margin', { type: 'number', default: 1, describe: 'choose among book moves within this many discs of the best' })
    .option('random-opening', { type: 'string', describe: 'data mode: open each game with N random plies, N drawn from this range A-B (e.g. 10-50), then best moves; writes <out>/positions.spos' })
    .option('redis', REDIS_OPTION)
    .option('test-crash', { type: 'string', hidden: true, describe: 'JOB:GAMES: that job exits its worker after GAMES games, once' }), {
      games: RULES.games, depth: RULES.depth, exact: RULES.exact, randomness: num(0, 64), 'random-plies': int(0, 60), balance: RULES.discs,
      seed: RULES.seed, out: folder, workers: RULES.workers, batch: int(1, 10_000), book: file, 'book-margin': RULES.discs,
    }) as never,
  handler: async (args) => {
    const openings = parseOpeningSpec(args.openings, args.balance);
    if (!openings.ok) throw new UsageError(openings.error);
    const dataMode = args['random-opening'] !== undefined ? parseRandomOpening(args['random-opening']) : undefined;
    if (dataMode && !dataMode.ok) throw new UsageError(`--random-opening ${dataMode.error}`);
    let testCrash: { job: number; after: number } | undefined;
    if (args['test-crash']) {
      const m = /^(\d+):(\d+)$/.exec(args['test-crash']);
      if (!m) throw new UsageError('--test-crash takes JOB:GAMES');
      testCrash = { job: Number(m[1]), after: Number(m[2]) };
    }
    const bar = progressBar('selfplay');
    const stop = interruptSignal(() => process.stderr.write('\nstopping: finished games are kept; --resume continues\n'));
    let started = false;
    try {
      const summary = await runSelfplay({
        build: args.build, buildsDir: buildsDir(), games: args.games, depth: args.depth, exact: args.exact,
        randomness: args.randomness, randomPlies: args['random-plies'], seed: args.seed, openings: openings.value,
        ...(dataMode?.ok ? { randomOpening: dataMode.value } : {}),
        book: args.book, bookMargin: args.book !== undefined ? args['book-margin'] : undefined,
        outDir: args.out, workers: args.workers, resume: args.resume, batchSize: args.batch, signal: stop.signal, testCrash, queue: queueSettings(args.redis),
        onGame: (_g, done, total) => {
          if (!started) { bar.start(total, done - 1); started = true; }
          bar.update(done);
        },
        onRetry: (keys, attempt, e) => process.stderr.write(`\nworker failed (${e.message}); retrying games ${keys.join(',')} (attempt ${attempt})\n`),
      });
      if (started) bar.stop();
      const s = summary;
      const pct = (n: number): string => (s.games ? ((100 * n) / s.games).toFixed(1) : '0.0');
      console.log(`${s.games}/${args.games} games in ${s.gamesFile} (${s.played} played now in ${s.seconds.toFixed(1)} s, ${s.gamesPerMinute.toFixed(1)} games/min, build ${s.build})`);
      console.log(`black wins ${s.blackWins} (${pct(s.blackWins)}%), draws ${s.draws} (${pct(s.draws)}%), white wins ${s.whiteWins} (${pct(s.whiteWins)}%); mean black score ${s.meanBlackScore >= 0 ? '+' : ''}${s.meanBlackScore.toFixed(2)}`);
      if (s.positionsFile) console.log(`${s.positions} positions after the random openings in ${s.positionsFile}`);
      for (const f of s.failed) console.log(`games ${f.keys.join(',')} failed after retries: ${f.error}`);
      if (s.interrupted) console.log(`interrupted at ${s.games}/${args.games} games; resume with --resume (same options)`);
      if (!s.complete) process.exitCode = 1;
    } catch (e) {
      if (started) bar.stop();
      if (e instanceof SelfplayError) throw new UsageError(e.message);
      throw e;
    } finally {
      stop.dispose();
    }
  },
};
