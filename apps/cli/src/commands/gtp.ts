// `sente gtp`: the engine as a GTP program (GRhino's Othello dialect) on stdin/stdout, for Quarry,
// GTP referees and our own tournaments. The protocol lives in @sente/search (GtpEngine); this file
// only builds the engine from the options and moves lines between the pipes and it.
import type { Argv, CommandModule } from 'yargs';
import { join } from 'node:path';
import { GtpEngine, MAX_TT_MB, createEngine, findBuild, readBookFile, type Book, type Engine } from '@sente/search';
import { UsageError } from '../util.js';
import { GO_GTP_RULES, goGtpHandler } from './go.js';
import { DURATION_HELP, RULES, checked, durationMs, file, num, problem } from '../options.js';
import { serveStdinLines } from '../protocol-io.js';

export interface EngineArgs { build: string; depth?: number; time?: string; exact?: number; tt: number; book?: string; threads: number }

/** The options every command that plays (gtp, nboard, play) shares. */
export function engineOptions<T>(y: Argv<T>): Argv<T & EngineArgs> {
  const withOptions = y
    .option('build', { type: 'string', default: 'strongest', describe: 'engine build: an id, "strongest" or "bootstrap"' })
    .option('depth', { type: 'number', describe: 'fixed search depth in plies (deterministic)' })
    .option('time', { type: 'string', describe: `time per move ${DURATION_HELP} (default without --depth: 1s, or under GTP the clock from time_left)` })
    .option('exact', { type: 'number', describe: 'solve exactly from this many empties (default: the engine\'s)' })
    .option('tt', { type: 'number', default: 16, describe: 'transposition table size in MiB' })
    .option('threads', { type: 'number', default: 1, describe: 'search threads (helpers share the transposition tables; see docs/engine.md)' })
    .option('book', { type: 'string', describe: 'play from an opening book: a book file, or no value for the build\'s own (opening.book beside its table)' });
  return checked(withOptions, {
    depth: RULES.depth, time: RULES.duration, exact: RULES.exact, tt: num(1, MAX_TT_MB), threads: RULES.threads,
    // --book with no value means the build's own book: only a named one must exist.
  }, (a) => (typeof a.book === 'string' && a.book !== '' ? problem('book', a.book, file) : null)) as unknown as Argv<T & EngineArgs>;
}

export function engineFromArgs(args: EngineArgs): Engine {
  let book: Book | undefined;
  if (args.book !== undefined) {
    let path = args.book;
    if (path === '') {
      try {
        path = join(findBuild(args.build).folder, 'opening.book');
      } catch (error) {
        throw new UsageError(error instanceof Error ? error.message : String(error));
      }
    }
    const r = readBookFile(path);
    if (!r.ok) throw new UsageError(r.error);
    book = r.book;
  }
  try {
    return createEngine({ build: args.build, ttMb: args.tt, book, threads: args.threads });
  } catch (error) {
    throw new UsageError(`cannot load build "${args.build}": ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Search limits from the options: a fixed depth, a time per move, or both. */
export function limitsFromArgs(args: EngineArgs): { depth?: number; timeMs?: number; exactFrom?: number } {
  return {
    depth: args.depth,
    timeMs: args.time !== undefined ? durationMs(args.time) : args.depth === undefined ? 1000 : undefined,
    exactFrom: args.exact,
  };
}

interface Args extends EngineArgs { quiet: boolean; game: string; playouts?: number; superko: boolean; resign?: number }

export const gtpCommand: CommandModule<object, Args> = {
  command: 'gtp',
  describe: 'Speak GTP (Othello dialect of GRhino) on stdin/stdout, for Quarry and GTP referees',
  builder: (y) => checked(engineOptions(y)
    .option('quiet', { type: 'boolean', default: false, describe: 'no search summaries on stderr' })
    .option('game', { type: 'string', choices: ['othello', 'go'], default: 'othello', describe: 'othello (GRhino dialect) or go (GTP v2, as `sente go gtp`)' })
    .option('playouts', { type: 'number', describe: 'go: playouts per move (default 2000, or unlimited with --time)' })
    .option('superko', { type: 'boolean', default: false, describe: 'go: forbid positional superko repetition' })
    .option('resign', { type: 'number', describe: 'go: resign below this winning rate (0 never)' }), GO_GTP_RULES) as never,
  handler: async (args) => {
    if (args.game === 'go') {
      await goGtpHandler({ playouts: args.playouts, time: args.time, superko: args.superko, resign: args.resign, threads: args.threads, quiet: args.quiet });
      return;
    }
    const engine = engineFromArgs(args);
    const gtp = new GtpEngine(engine, {
      name: 'sente',
      version: `0.1.0 (build ${engine.buildId})`,
      // Without --time the controller's clock (time_left) decides, else 1 s a move.
      depth: args.depth,
      timeMs: durationMs(args.time),
      exactFrom: args.exact,
      onInfo: args.quiet ? undefined : (text) => process.stderr.write(`${text}\n`),
    });
    // The controller closing the pipe ends the session; it is not an error.
    process.stdout.on('error', () => process.exit(0));
    await serveStdinLines((line) => {
      const reply = gtp.handle(line);
      if (reply !== '') process.stdout.write(reply);
      return gtp.quitRequested;
    });
    await engine.close();
  },
};
