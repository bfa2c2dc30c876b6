// `sente tournament`: round robin or gauntlet between builds (with settings) and external GTP
// programs; every opening played with both colours; per-game CSV written as games finish;
// standings with Elo and its 95% interval.
import { existsSync, statSync } from 'node:fs';
import type { CommandModule } from 'yargs';
import { buildsDir } from '@sente/search';
import {
  DEFAULT_OPENINGS_FILE, defaultWorkers, formatElo, headToHead, interruptSignal, parsePlayerSpec, pickOpenings,
  readOpeningsFile, runTournament, standings, uniqueNames, type GameResult, type PlayerSpec,
} from '@sente/selfplay';
import { progressBar } from '../progress.js';
import { UsageError } from '../util.js';
import { queueSettings, REDIS_OPTION } from '../queue-options.js';
import { MAX_GAMES, RULES, checked } from '../options.js';
import { GO_MATCH_RULES, goTournamentHandler } from './go.js';

interface Args {
  player: string[]; games: number; openings: string; depth?: number; time?: number; exact: number;
  csv?: string; resume: boolean; force: boolean; gauntlet: boolean; workers: number; seed: number; 'move-timeout': number; redis?: string;
  game: string; size: number; komi: number; sgf?: string;
}

export const tournamentCommand: CommandModule<object, Args> = {
  command: 'tournament',
  describe: 'Play builds and GTP programs against each other and report standings with Elo',
  builder: (y) => checked(y
    .option('game', { type: 'string', choices: ['othello', 'go'], default: 'othello', describe: 'othello, or go (as `sente go tournament`: two players, sente[:playouts=N,time=S] or gtp:<command>)' })
    .option('size', { type: 'number', default: 9, describe: 'go: board size' })
    .option('komi', { type: 'number', default: 7.5, describe: 'go: komi' })
    .option('sgf', { type: 'string', describe: 'go: write all games to this SGF file' })
    .option('player', { type: 'string', array: true, demandOption: true, describe: 'build[:depth=N,exact=N,time=MS,book=FILE,bookmargin=D] or gtp:<command line> (repeat)' })
    .option('games', { type: 'number', default: 100, describe: 'games per pairing (each opening twice, colours swapped)' })
    .option('openings', { type: 'string', default: 'xot', describe: 'xot (shipped) or a transcript file' })
    .option('depth', { type: 'number', describe: 'search depth for builds without their own setting (default 4)' })
    .option('time', { type: 'number', describe: 'milliseconds per move instead of a depth' })
    .option('exact', { type: 'number', default: 12, describe: 'solve exactly from this many empties' })
    .option('csv', { type: 'string', describe: 'per-game results, written as games finish' })
    .option('gauntlet', { type: 'boolean', default: false, describe: 'first player against each other (instead of round robin)' })
    .option('workers', { type: 'number', default: defaultWorkers(), describe: 'worker threads' })
    .option('seed', { type: 'number', default: 1, describe: 'chooses the openings' })
    .option('resume', { type: 'boolean', default: false, describe: 'continue the tournament recorded in --csv (same players and settings)' })
    .option('force', { type: 'boolean', default: false, describe: 'replace an existing --csv file' })
    .option('redis', REDIS_OPTION)
    .option('move-timeout', { type: 'number', default: 30000, describe: 'an external program loses a game after this many ms without a move' })
    .check((a) => {
      if (a.depth !== undefined && a.time !== undefined) throw new Error('give --depth or --time, not both');
      if (a.player.length < 2) throw new Error('name at least two --player');
      return true;
    }), {
      ...GO_MATCH_RULES, depth: RULES.depth, time: RULES.ms, exact: RULES.exact, workers: RULES.workers, seed: RULES.seed, 'move-timeout': RULES.ms,
    }, (a) => {
      // The whole schedule is built up front: bound its size, not only each pairing's.
      const n = a.player.length;
      const total = (a.gauntlet ? n - 1 : (n * (n - 1)) / 2) * a.games;
      return total > MAX_GAMES ? `--games ${a.games} with ${n} players makes ${total} games; at most ${MAX_GAMES} in all` : null;
    }) as never,
  handler: async (args) => {
    if (args.game === 'go') {
      await goTournamentHandler({ size: args.size, komi: args.komi, player: args.player, games: args.games, csv: args.csv, sgf: args.sgf, 'move-timeout': args['move-timeout'] });
      return;
    }
    const dir = buildsDir();
    const specs: PlayerSpec[] = [];
    for (const text of args.player) {
      const r = parsePlayerSpec(text, { depth: args.time === undefined ? (args.depth ?? 4) : undefined, timeMs: args.time, exact: args.exact }, dir);
      if (!r.ok) throw new UsageError(r.error);
      specs.push(r.spec);
    }
    const players = uniqueNames(specs);
    const file = args.openings === 'xot' ? DEFAULT_OPENINGS_FILE : args.openings;
    const list = readOpeningsFile(file);
    if (!list.ok) throw new UsageError(list.error);
    const openings = pickOpenings(list.value, Math.ceil(args.games / 2), args.seed);
    for (const p of players) {
      const how = p.kind === 'gtp' ? `external program: ${p.command}` : `build ${p.build}, ${p.timeMs !== undefined ? `${p.timeMs} ms/move` : `depth ${p.depth}`}, exact from ${p.exact}`;
      console.log(`${p.name}: ${how}`);
    }
    const pairings = args.gauntlet ? players.length - 1 : (players.length * (players.length - 1)) / 2;
    console.log(`${pairings} pairing(s) x ${args.games} games, ${openings.length} openings each played with both colours\n`);
    const bar = progressBar('tournament');
    const stop = interruptSignal(() => process.stderr.write('\nstopping: finished games are in the CSV\n'));
    let started = false;
    let summary;
    if (args.resume && !args.csv) throw new UsageError('--resume continues the tournament in --csv: name the file');
    if (args.csv && !args.force && !args.resume && existsSync(args.csv) && statSync(args.csv).size > 0) {
      throw new UsageError(`${args.csv} already exists; choose another --csv, --resume it, or pass --force to replace it`);
    }
    try {
      summary = await runTournament({
        players, gamesPerPair: args.games, openings, gauntlet: args.gauntlet, workers: args.workers, buildsDir: dir,
        csvPath: args.csv, overwriteCsv: args.force, resume: args.resume, moveTimeoutMs: args['move-timeout'], signal: stop.signal, queue: queueSettings(args.redis),
        settings: { openings: args.openings, seed: args.seed, depth: args.time === undefined ? (args.depth ?? 4) : null, time: args.time ?? null, exact: args.exact },
        onGame: (_r, done, total) => {
          if (!started) { bar.start(total, done - 1); started = true; }
          bar.update(done);
        },
      });
    } finally {
      if (started) bar.stop();
      stop.dispose();
    }
    printStandings(summary.results, players.map((p) => p.name), args.gauntlet);
    printForfeits(summary.results);
    console.log(`${summary.results.length}/${summary.total} games${args.csv ? `; per-game results in ${args.csv}` : ''}`);
    for (const f of summary.failed) console.log(`games ${f.keys.join(',')} could not be played: ${f.error}`);
    for (const n of summary.notStarted) console.log(`player ${n.player} could not be started (command: ${n.command}): ${n.error}`);
    // Exit 0 only for a tournament played to the end with every player running.
    const complete = summary.results.length === summary.total && summary.failed.length === 0;
    if (!complete) {
      const resume = args.csv ? 'resume with --resume (same options)' : 'no --csv was given, so nothing can be resumed';
      console.log(`${summary.interrupted ? 'interrupted' : 'incomplete'} at ${summary.results.length}/${summary.total} games; ${resume}`);
    }
    if (!complete || summary.notStarted.length > 0) process.exitCode = 1;
  },
};

/** The cause of every forfeit, grouped by player and reason (the CSV has them game by game). */
export function printForfeits(results: readonly GameResult[], limit = 10): void {
  const groups = new Map<string, { player: string; reason: string; games: number[] }>();
  for (const r of results) {
    if (r.reason === 'normal') continue;
    const side = /\((black|white)/.exec(r.reason)?.[1];
    const player = side === 'white' ? r.white : side === 'black' ? r.black : `${r.black} vs ${r.white}`;
    const key = `${player}\n${r.reason}`;
    const g = groups.get(key) ?? { player, reason: r.reason, games: [] };
    g.games.push(r.key);
    groups.set(key, g);
  }
  if (groups.size === 0) return;
  console.log('\nforfeits');
  const list = [...groups.values()];
  for (const g of list.slice(0, limit)) {
    const which = g.games.length === 1 ? `game ${g.games[0]}` : `${g.games.length} games (${g.games.slice(0, 5).join(',')}${g.games.length > 5 ? ',...' : ''})`;
    console.log(`  ${g.player}, ${which}: ${g.reason}`);
  }
  if (list.length > limit) console.log(`  ... and ${list.length - limit} more causes (see the CSV)`);
}

export function printStandings(results: readonly GameResult[], names: readonly string[], gauntlet: boolean): void {
  const width = Math.max(6, ...names.map((n) => n.length));
  const width2 = Math.max(width, ...names.map((n) => n.length * 2 + 4));
  const row = (name: string, s: ReturnType<typeof headToHead>): string =>
    `${name.padEnd(width2)} ${String(s.elo.games).padStart(5)} ${(100 * s.elo.score).toFixed(1).padStart(6)}% ${`${s.elo.wins}/${s.elo.draws}/${s.elo.losses}`.padStart(11)} ${(s.meanDiscs >= 0 ? '+' : '') + s.meanDiscs.toFixed(2).padStart(6)}  ${formatElo(s.elo).padEnd(18)} ${s.secondsPerMove === null ? '      -' : (s.secondsPerMove * 1000).toFixed(1).padStart(7)}${s.forfeits ? `  (${s.forfeits} forfeits)` : ''}`;
  console.log(`${'player'.padEnd(width2)} games  score       W/D/L   discs  Elo vs field [95%] ms/move`);
  for (const s of standings(results, names)) console.log(row(s.name, s));
  const pairs: [string, string][] = [];
  if (gauntlet) for (let j = 1; j < names.length; j++) pairs.push([names[0], names[j]]);
  else for (let i = 0; i < names.length; i++) for (let j = i + 1; j < names.length; j++) pairs.push([names[i], names[j]]);
  if (pairs.length > 1 || names.length > 2) {
    console.log('\nhead to head');
    for (const [a, b] of pairs) console.log(row(`${a} vs ${b}`, headToHead(results, a, b)));
  }
}
