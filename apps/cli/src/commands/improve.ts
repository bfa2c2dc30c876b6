// `sente improve`: the self-improvement loop (self-play with the strongest build, train a
// candidate, match it against the strongest at equal time per move (--match-time; --match-depth
// for a fixed depth instead), promote it when the match's SPRT accepts H1 — or,
// with --no-sprt, when the Elo gain after --match-games games is significant), with a
// report (report.json, report.svg) in the run folder. `npm start` runs it with these defaults: one
// short generation in a few minutes on 2 cores.
import { join, resolve } from 'node:path';
import type { CommandModule } from 'yargs';
import { buildsDir } from '@sente/search';
import { TRAIN_DEFAULTS, defaultWorkers, describeDecision, formatElo, formatLlr, improve, interruptSignal, parseOpeningSpec, parseRandomOpening, parseSprt } from '@sente/selfplay';
import { progressBar } from '../progress.js';
import { UsageError } from '../util.js';
import { queueSettings, REDIS_OPTION } from '../queue-options.js';
import { DURATION_HELP, RULES, checked, durationMs, existing, file, folder, int, num } from '../options.js';
import { TRAIN_RULES } from './train.js';

interface Args {
  generations: number; games: number; depth: number; exact: number; randomness: number; 'random-plies': number;
  openings: string; 'match-games': number; 'match-time'?: string; 'match-depth'?: number; 'match-exact'?: number; epochs: number; l2: number;
  neighbour: number; smooth: number; phases?: number; format: number; 'random-opening'?: string; 'relabel-depth'?: number; 'relabel-exact'?: number; 'extra-data': string[]; validation: number; workers: number; seed: number; runs: string; run?: string; redis?: string;
  prefix?: string; window: number; 'extra-games': string[]; sprt: string | false;
}

/** The match's time per move by default: short enough for `npm start`'s one generation. */
const IMPROVE_MATCH_TIME = '10ms';

/** improve's test: is the candidate at least 10 Elo better (the candidate has to earn its place)? */
const IMPROVE_SPRT = 'elo0=0,elo1=10,alpha=0.05,beta=0.05';

function stamp(): string {
  return new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

export const improveCommand: CommandModule<object, Args> = {
  command: 'improve',
  describe: 'Self-play, train, match and promote, for some generations; report in runs/<time>/',
  builder: (y) => checked(y
    .option('generations', { type: 'number', default: 1, describe: 'generations to run' })
    .option('games', { type: 'number', default: 2000, describe: 'self-play games per generation' })
    .option('depth', { type: 'number', default: 3, describe: 'self-play search depth' })
    .option('exact', { type: 'number', default: 12, describe: 'self-play exact solve from this many empties' })
    .option('randomness', { type: 'number', default: 2, describe: 'self-play randomness (discs)' })
    .option('random-plies', { type: 'number', default: 30, describe: 'plies with randomness' })
    .option('openings', { type: 'string', default: 'xot', describe: 'self-play openings: xot, a file, or random:<plies>' })
    .option('match-games', { type: 'number', default: 200, describe: 'candidate-vs-strongest games: the most with --sprt, all of them with --no-sprt' })
    .option('sprt', { type: 'string', default: IMPROVE_SPRT, describe: 'promote when this SPRT on game pairs (candidate tested) accepts H1, stopping the match when it decides; --no-sprt: promote when the 95% Elo interval after --match-games is above 0' })
    .option('match-time', { type: 'string', describe: `time per move of both players in the match (default ${IMPROVE_MATCH_TIME}; equal time, so a slower evaluation pays for its cost) ${DURATION_HELP}` })
    .option('match-depth', { type: 'number', describe: 'play the match at this fixed depth instead of equal time' })
    .option('match-exact', { type: 'number', describe: 'match exact solve (default: --exact)' })
    .option('epochs', { type: 'number', default: TRAIN_DEFAULTS.epochs, describe: 'training iterations' })
    .option('l2', { type: 'number', default: TRAIN_DEFAULTS.l2, describe: 'training regularisation' })
    .option('neighbour', { type: 'number', default: TRAIN_DEFAULTS.neighbour, describe: 'neighbouring-phase weight' })
    .option('smooth', { type: 'number', default: TRAIN_DEFAULTS.smooth, describe: 'penalty tying each weight to the same weight of the next phase (see sente train)' })
    .option('phases', { type: 'number', describe: 'phases of the trained tables (default 12, or 30 with --format 2)' })
    .option('format', { type: 'number', default: 1, describe: 'evaluation table format of the candidates: 1 patterns and bias (gen3\'s), 2 also mobility, potential mobility and parity' })
    .option('random-opening', { type: 'string', describe: 'data mode: self-play games open with N random plies, N drawn from this range A-B (e.g. 10-50), then best moves; candidates train on the positions after the random part' })
    .option('relabel-depth', { type: 'number', describe: 'data mode: label the positions again by a search of the strongest build at this depth before fitting (e.g. 6; default: the games\' final scores)' })
    .option('relabel-exact', { type: 'number', describe: 'with --relabel-depth: exact labels at or below this many empties (default 16)' })
    .option('extra-data', { type: 'string', array: true, default: [], describe: 'more position files (.spos) to train on in data mode (e.g. earlier runs\' positions)' })
    .option('validation', { type: 'number', default: TRAIN_DEFAULTS.validation, describe: 'validation fraction' })
    .option('workers', { type: 'number', default: defaultWorkers(), describe: 'worker threads' })
    .option('seed', { type: 'number', default: 1, describe: 'seed of the run' })
    .option('runs', { type: 'string', default: 'runs', describe: 'folder of run folders' })
    .option('run', { type: 'string', describe: 'run folder (default <runs>/<timestamp>); an existing one is resumed' })
    .option('prefix', { type: 'string', describe: "id prefix of new builds (default: i + the run folder's name, or the resumed run's prefix)" })
    .option('redis', REDIS_OPTION)
    .option('window', { type: 'number', default: 0, describe: 'train on the games of the last N generations only (0: all)' })
    .option('extra-games', { type: 'string', array: true, default: [], describe: 'more game files to train on (e.g. earlier runs)' })
    , {
      ...TRAIN_RULES, generations: int(1, 1000), games: RULES.games, depth: RULES.depth, exact: RULES.exact, randomness: num(0, 64),
      'random-plies': int(0, 60), 'match-games': RULES.games, 'match-time': RULES.duration, 'match-depth': RULES.depth, 'match-exact': RULES.exact,
      workers: RULES.workers, seed: RULES.seed, runs: folder, run: folder, window: int(0, 1000), 'extra-games': existing, 'extra-data': file,
      'relabel-depth': RULES.depth, 'relabel-exact': RULES.exact,
    }, (a) => {
      if (a['relabel-depth'] !== undefined && a['random-opening'] === undefined) return '--relabel-depth needs data mode (--random-opening A-B): it labels the positions of data-mode games';
      if (a['relabel-exact'] !== undefined && a['relabel-depth'] === undefined) return '--relabel-exact goes with --relabel-depth';
      if (a['match-time'] !== undefined && a['match-depth'] !== undefined) return '--match-time and --match-depth exclude each other: the match is at equal time per move, or at a fixed depth';
      if ((a.sprt as unknown) === false) return null;
      const t = parseSprt(String(a.sprt));
      if (!t.ok) return t.error;
      return a['match-games'] < 2 ? '--sprt needs --match-games 2 or more (games are counted in pairs)' : null;
    }) as never,
  handler: async (args) => {
    const sprt = args.sprt === false ? null : parseSprt(args.sprt);
    const openings = parseOpeningSpec(args.openings);
    if (!openings.ok) throw new UsageError(openings.error);
    const dataMode = args['random-opening'] !== undefined ? parseRandomOpening(args['random-opening']) : undefined;
    if (dataMode && !dataMode.ok) throw new UsageError(`--random-opening ${dataMode.error}`);
    const time = stamp();
    const runDir = resolve(args.run ?? join(args.runs, time));
    const stop = interruptSignal(() => process.stderr.write('\nstopping after the current step; files written so far are kept\n'));
    let bar: ReturnType<typeof progressBar> | null = null;
    let stage = '';
    const endBar = (): void => { bar?.stop(); bar = null; stage = ''; };
    try {
      const s = await improve({
        buildsDir: buildsDir(), runDir, generations: args.generations, games: args.games, depth: args.depth, exact: args.exact,
        randomness: args.randomness, randomPlies: args['random-plies'], openings: openings.value,
        ...(dataMode?.ok ? { randomOpening: dataMode.value } : {}), extraData: args['extra-data'],
        ...(args['relabel-depth'] !== undefined ? { relabelDepth: args['relabel-depth'], relabelExact: args['relabel-exact'] ?? 16 } : {}),
        format: args.format as 1 | 2,
        matchGames: args['match-games'], sprt: sprt?.ok ? sprt.test : null, matchTimeMs: args['match-depth'] === undefined ? durationMs(args['match-time'] ?? IMPROVE_MATCH_TIME) : undefined, matchDepth: args['match-depth'] ?? args.depth, matchExact: args['match-exact'] ?? args.exact,
        epochs: args.epochs, l2: args.l2, neighbour: args.neighbour, ...(args.smooth > 0 ? { smooth: args.smooth } : {}), phases: args.phases ?? (args.format === 2 ? 30 : 12), validation: args.validation,
        workers: args.workers, seed: args.seed, idPrefix: args.prefix, window: args.window, extraGames: args['extra-games'], signal: stop.signal, queue: queueSettings(args.redis),
        log: (line) => { endBar(); console.log(line); },
        onProgress: (name, done, total) => {
          if (name !== stage) {
            endBar();
            stage = name;
            bar = progressBar(name);
            bar.start(total, 0);
          }
          bar?.update(done);
        },
      });
      endBar();
      console.log(`\n${s.generations.length} generation(s); strongest build: ${s.strongest}; report: ${join(s.runDir, 'report.svg')} and report.json`);
      for (const g of s.generations) {
        console.log(`  gen ${g.generation}: ${g.candidate} vs ${g.champion} ${(100 * g.match.score).toFixed(1)}%, Elo ${formatElo(g.match)}, validation RMS ${g.validationError?.toFixed(2) ?? '-'}${g.sprt ? `, SPRT ${formatLlr(g.sprt)} ${describeDecision(g.sprt.decision)}` : ''}${g.promoted ? ', promoted' : ''}`);
      }
      if (s.interrupted) {
        console.log(`interrupted after ${s.generations.length}/${args.generations} generation(s); resume with --run ${s.runDir} (same options)`);
        process.exitCode = 1;
      }
    } catch (e) {
      endBar();
      throw new UsageError((e as Error).message);
    } finally {
      stop.dispose();
    }
  },
};
