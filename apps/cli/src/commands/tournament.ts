// `sente tournament`: round robin or gauntlet between builds (with settings) and external GTP
// programs; every opening played with both colours; per-game CSV written as games finish;
// standings with Elo and its 95% interval, per game and per colour-swapped pair; an optional
// SPRT (--sprt) that stops a two-player match once it decides. Times are durations (500ms, 2s;
// bare numbers are seconds), as in every command.
import { existsSync, statSync } from 'node:fs';
import type { CommandModule } from 'yargs';
import { buildsDir } from '@sente/search';
import {
  DEFAULT_OPENINGS_FILE, defaultWorkers, describeDecision, formatDuration, formatElo, formatLlr, formatSprt, headToHead, interruptSignal,
  pairedHeadToHead, parsePlayerSpec, parseSprt, pentanomialElo, pickOpenings, readOpeningsFile, runTournament, standings, uniqueNames,
  type GameResult, type PlayerSpec, type SprtState,
} from '@sente/selfplay';
import { gameLog } from '../progress.js';
import { UsageError } from '../util.js';
import { queueSettings, REDIS_OPTION } from '../queue-options.js';
import { DURATION_HELP, MAX_GAMES, RULES, checked, durationMs } from '../options.js';
import { GO_MATCH_RULES, goTournamentHandler } from './go.js';

interface Args {
  player: string[]; games: number; openings: string; depth?: number; time?: string; exact: number; sprt?: string;
  csv?: string; resume: boolean; force: boolean; gauntlet: boolean; workers: number; seed: number; 'move-timeout': string; redis?: string;
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
    .option('player', { type: 'string', array: true, demandOption: true, describe: 'build[:depth=N,exact=N,time=DURATION,threads=N,book=FILE,bookmargin=D,name=NAME] or gtp:<command line> (repeat); time=2s, 500ms (bare: seconds); threads= search threads; name= names the player in standings and the CSV' })
    .option('games', { type: 'number', default: 100, describe: 'games per pairing (each opening twice, colours swapped); with --sprt, the most games' })
    .option('sprt', { type: 'string', describe: 'stop a two-player match when this SPRT on game pairs decides: elo0=0,elo1=5,alpha=0.05,beta=0.05 (any subset; the first player is tested)' })
    .option('openings', { type: 'string', default: 'xot', describe: 'xot (shipped) or a transcript file' })
    .option('depth', { type: 'number', describe: 'search depth for builds without their own setting (default 4)' })
    .option('time', { type: 'string', describe: `time per move instead of a depth ${DURATION_HELP}` })
    .option('exact', { type: 'number', default: 12, describe: 'solve exactly from this many empties' })
    .option('csv', { type: 'string', describe: 'per-game results, written as games finish' })
    .option('gauntlet', { type: 'boolean', default: false, describe: 'first player against each other (instead of round robin)' })
    .option('workers', { type: 'number', default: defaultWorkers(), describe: 'worker threads' })
    .option('seed', { type: 'number', default: 1, describe: 'chooses the openings' })
    .option('resume', { type: 'boolean', default: false, describe: 'continue the tournament recorded in --csv (same players and settings)' })
    .option('force', { type: 'boolean', default: false, describe: 'replace an existing --csv file' })
    .option('redis', REDIS_OPTION)
    .option('move-timeout', { type: 'string', default: '30s', describe: `an external program loses a game after this long without a move ${DURATION_HELP}` })
    .check((a) => {
      if (a.depth !== undefined && a.time !== undefined) throw new Error('give --depth or --time, not both');
      if (a.player.length < 2) throw new Error('name at least two --player');
      return true;
    }), {
      ...GO_MATCH_RULES, depth: RULES.depth, time: RULES.duration, exact: RULES.exact, workers: RULES.workers, seed: RULES.seed, 'move-timeout': RULES.duration,
    }, (a) => {
      if (a.sprt !== undefined) {
        const t = parseSprt(String(a.sprt));
        if (!t.ok) return t.error;
        if (a.player.length !== 2) return `--sprt tests one player against another: give exactly two --player (got ${a.player.length})`;
        if (a.games < 2) return '--sprt needs --games 2 or more (games are counted in pairs)';
      }
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
    const timeMs = durationMs(args.time);
    const sprtTest = args.sprt === undefined ? undefined : parseSprt(args.sprt);
    const sprt = sprtTest?.ok ? sprtTest.test : undefined;
    const specs: PlayerSpec[] = [];
    for (const text of args.player) {
      const r = parsePlayerSpec(text, { depth: timeMs === undefined ? (args.depth ?? 4) : undefined, timeMs, exact: args.exact }, dir);
      if (!r.ok) throw new UsageError(r.error);
      specs.push(r.spec);
    }
    const players = uniqueNames(specs);
    const file = args.openings === 'xot' ? DEFAULT_OPENINGS_FILE : args.openings;
    const list = readOpeningsFile(file);
    if (!list.ok) throw new UsageError(list.error);
    const openings = pickOpenings(list.value, Math.ceil(args.games / 2), args.seed);
    for (const p of players) {
      const how = p.kind === 'gtp' ? `external program: ${p.command}` : `build ${p.build}, ${p.timeMs !== undefined ? `${formatDuration(p.timeMs)}/move` : `depth ${p.depth}`}, exact from ${p.exact}`;
      console.log(`${p.name}: ${how}`);
    }
    const pairings = args.gauntlet ? players.length - 1 : (players.length * (players.length - 1)) / 2;
    console.log(`${pairings} pairing(s) x ${args.games} games, ${openings.length} openings each played with both colours${sprt ? `; SPRT ${formatSprt(sprt)} on game pairs, ${players[0].name} tested, stops when it decides` : ''}\n`);
    const log = gameLog('tournament');
    const stop = interruptSignal(() => process.stderr.write('\nstopping: finished games are in the CSV\n'));
    const running = new Map<string, number>();
    let summary;
    if (args.resume && !args.csv) throw new UsageError('--resume continues the tournament in --csv: name the file');
    if (args.csv && !args.force && !args.resume && existsSync(args.csv) && statSync(args.csv).size > 0) {
      throw new UsageError(`${args.csv} already exists; choose another --csv, --resume it, or pass --force to replace it`);
    }
    try {
      summary = await runTournament({
        players, gamesPerPair: args.games, openings, gauntlet: args.gauntlet, workers: args.workers, buildsDir: dir,
        csvPath: args.csv, overwriteCsv: args.force, resume: args.resume, moveTimeoutMs: durationMs(args['move-timeout']), signal: stop.signal, queue: queueSettings(args.redis),
        sprt, settings: { openings: args.openings, seed: args.seed, depth: timeMs === undefined ? (args.depth ?? 4) : null, time: timeMs ?? null, exact: args.exact },
        onGame: (r, done, total, state, replayed) => {
          const [line, status] = describeGame(r, running, state);
          log.item(done, total, line, status, replayed);
        },
      });
    } finally {
      log.stop();
      stop.dispose();
    }
    const names = players.map((p) => p.name);
    const extra = summary.results.length - summary.counted.length;
    if (summary.sprt) {
      const s = summary.sprt;
      console.log(`SPRT ${formatSprt(s.test)}: ${describeDecision(s.decision)} after ${s.pairs} pairs (${2 * s.pairs} games), ${formatLlr(s)}; pairs LL/LD/DD+WL/WD/WW ${s.counts.join('/')}`);
      if (extra > 0) console.log(`(${extra} game(s) finished after the decision are in the CSV but not counted below)`);
      console.log();
    }
    printStandings(summary.counted, names, args.gauntlet, args.games);
    printForfeits(summary.counted);
    const stopped = summary.sprt?.decision != null;
    console.log(`${summary.results.length}/${summary.total} games${stopped ? ` (stopped by the SPRT: ${describeDecision(summary.sprt!.decision)})` : ''}${args.csv ? `; per-game results in ${args.csv}` : ''}`);
    for (const f of summary.failed) console.log(`games ${f.keys.join(',')} could not be played: ${f.error}`);
    for (const n of summary.notStarted) console.log(`player ${n.player} could not be started (command: ${n.command}): ${n.error}`);
    // Exit 0 only for a tournament played to the end with every player running.
    const complete = (stopped || summary.results.length === summary.total) && summary.failed.length === 0;
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

/**
 * One finished game as a log line, and the status after it: the running score of its pairing
 * (`A 3.5-2.5 B`) and, with an SPRT, the LLR and bounds.
 */
function describeGame(r: GameResult, running: Map<string, number>, sprt?: SprtState): [string, string] {
  const points = r.blackScore > 0 ? 1 : r.blackScore === 0 ? 0.5 : 0;
  const [a, b] = [r.black, r.white].sort();
  const key = `${a}\n${b}`;
  const forA = (running.get(key) ?? 0) + (a === r.black ? points : 1 - points);
  running.set(key, forA);
  const games = (running.get(`${key}\ngames`) ?? 0) + 1;
  running.set(`${key}\ngames`, games);
  const line = `game ${r.key} ${r.black} (black) vs ${r.white} (white) ${r.result} (${r.blackScore > 0 ? '+' : ''}${r.blackScore}${r.reason === 'normal' ? '' : `, ${r.reason.split(':')[0]}`})`;
  const score = `${a} ${forA}-${games - forA} ${b}`;
  return [line, sprt ? `${score}; ${formatLlr(sprt)}${sprt.decision ? ` ${describeDecision(sprt.decision)}` : ''}` : score];
}

export function printStandings(results: readonly GameResult[], names: readonly string[], gauntlet: boolean, gamesPerPair?: number): void {
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
  // The intervals above count games one by one (trinomial); the two games of an opening are
  // correlated, so the pair (pentanomial) interval is the honest one where pairs exist.
  const paired = gamesPerPair === undefined ? [] : pairs.map(([a, b]) => [a, b, pairedHeadToHead(results, a, b, gamesPerPair)] as const).filter(([, , c]) => c !== null && c.some((n) => n > 0));
  if (paired.length > 0) {
    console.log(`\n${'game pairs'.padEnd(width2)} pairs  LL/LD/DD+WL/WD/WW  Elo from pairs [95%, pentanomial]`);
    for (const [a, b, c] of paired) {
      const e = pentanomialElo(c!);
      console.log(`${`${a} vs ${b}`.padEnd(width2)} ${String(e.pairs).padStart(5)}  ${c!.join('/').padStart(17)}  ${formatElo({ ...e, games: 2 * e.pairs, wins: 0, draws: 0, losses: 0 })}`);
    }
  }
}
