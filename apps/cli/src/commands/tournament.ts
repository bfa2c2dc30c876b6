// `sente tournament`: round robin or gauntlet between builds (with settings) and external GTP
// programs; every opening played with both colours; per-game CSV written as games finish;
// standings with Elo and its 95% interval, per game and per colour-swapped pair; an optional
// SPRT (--sprt) that stops a two-player match (or each pairing of a gauntlet) once it decides;
// clocks (--tc, --timemargin) and adjudication (--adjudicate). Times are durations (500ms, 2s;
// bare numbers are seconds), as in every command. --archive appends every game to a GGF (Othello)
// or SGF (Go) file; --json prints the summary as one JSON document (tournament-json.ts). Go
// (--game go, and `sente go tournament`) runs on the same runner through go.ts.
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CommandModule } from 'yargs';
import { buildsDir } from '@sente/search';
import {
  DEFAULT_OPENINGS_FILE, defaultWorkers, describeTimeControl, formatTimeControl, parseAdjudication, parseDuration, parseTimeControl, describeDecision, formatDuration, formatElo, formatLlr, formatSprt, headToHead, interruptSignal,
  isForfeit, liveEventsPath, pairedHeadToHead, parsePlayerSpec, parseSprt, pentanomialElo, pickOpenings, readOpeningsFile, runTournament, standings, tournamentSettingsPath, uniqueNames,
  go as goMatches, type GameResult, type PlayerSpec, type SprtState, type SprtTest, type TimeControl, type TournamentGame, type TournamentOptions,
} from '@sente/selfplay';
import { tournamentJson } from './tournament-json.js';
import { gameLog } from '../progress.js';
import { UsageError } from '../util.js';
import { queueSettings, REDIS_OPTION } from '../queue-options.js';
import { DURATION_HELP, MAX_GAMES, RULES, checked, durationMs, outputFile } from '../options.js';
import { GO_MATCH_RULES, goTournamentHandler } from './go.js';

interface Args {
  player: string[]; games: number; openings: string; depth?: number; time?: string; tc?: string; timemargin: string; adjudicate?: string; exact: number; sprt?: string;
  csv?: string; events: boolean; resume: boolean; force: boolean; gauntlet: boolean; workers: number; seed: number; 'move-timeout': string; redis?: string;
  game: string; size: number; komi: number; sgf?: string; archive?: string; json: boolean;
}

export const tournamentCommand: CommandModule<object, Args> = {
  command: 'tournament',
  describe: 'Play builds and GTP programs against each other and report standings with Elo',
  builder: (y) => checked(y
    .option('game', { type: 'string', choices: ['othello', 'go'], default: 'othello', describe: 'othello, or go (as `sente go tournament`; Go players are sente[:playouts=N,time=DURATION,resign=R,seed=K,name=NAME] or gtp:<command>)' })
    .option('size', { type: 'number', default: 9, describe: 'go: board size' })
    .option('komi', { type: 'number', default: 7.5, describe: 'go: komi' })
    .option('sgf', { type: 'string', describe: 'go: the same as --archive' })
    .option('archive', { type: 'string', describe: 'append every finished game to this file: GGF for Othello, SGF for Go (a collection); --resume keeps it in step with --csv' })
    .option('json', { type: 'boolean', default: false, describe: 'print the summary (standings, Elo with intervals, SPRT, games, files) as one JSON document on stdout' })
    .option('player', { type: 'string', array: true, demandOption: true, describe: 'build[:depth=N,exact=N,time=DURATION,threads=N,book=FILE,bookmargin=D,name=NAME] or gtp:<command line> (repeat); time=2s, 500ms (bare: seconds); threads= search threads; name= names the player in standings and the CSV, for a program gtp,name=NAME:<command line>' })
    .option('games', { type: 'number', default: 100, describe: 'games per pairing (each opening twice, colours swapped); with --sprt, the most games' })
    .option('sprt', { type: 'string', describe: 'stop a two-player match when this SPRT on game pairs decides: elo0=0,elo1=5,alpha=0.05,beta=0.05 (any subset; the first player is tested); with --gauntlet, each pairing (the first player against each other, one pairing after another) stops at its own decision' })
    .option('openings', { type: 'string', default: 'xot', describe: 'xot (shipped) or a transcript file' })
    .option('depth', { type: 'number', describe: 'search depth for builds without their own setting (default 4)' })
    .option('time', { type: 'string', describe: `time per move instead of a depth ${DURATION_HELP}` })
    .option('tc', { type: 'string', describe: 'play on a clock instead: [moves/]time[+increment], e.g. 40/60+0.6, 10+0.1, 5m+2s (bare numbers are seconds); a side that overruns it loses on time; GTP programs get time_settings and time_left' })
    .option('timemargin', { type: 'string', default: '0', describe: `with --tc, how far a clock may run below zero before its side loses on time ${DURATION_HELP}` })
    .option('adjudicate', { type: 'string', describe: 'exact=N: end a game once N or fewer empties remain, scored by the exact solver (perfect play); resign=S,moves=K: end it when both engines score it lost by S discs or more for K moves in a row (built-in engines only); recorded as adjudicated' })
    .option('exact', { type: 'number', default: 12, describe: 'solve exactly from this many empties' })
    .option('csv', { type: 'string', describe: 'per-game results, written as games finish' })
    .option('events', { type: 'boolean', default: false, describe: 'write each move of the games in progress to <csv>.events.jsonl (live boards in `sente serve`\'s Watch page; needs --csv)' })
    .option('gauntlet', { type: 'boolean', default: false, describe: 'first player against each other (instead of round robin)' })
    .option('workers', { type: 'number', default: defaultWorkers(), describe: 'worker threads' })
    .option('seed', { type: 'number', default: 1, describe: 'chooses the openings' })
    .option('resume', { type: 'boolean', default: false, describe: 'continue the tournament recorded in --csv (same players and settings)' })
    .option('force', { type: 'boolean', default: false, describe: 'replace an existing --csv file' })
    .option('redis', REDIS_OPTION)
    .option('move-timeout', { type: 'string', default: '30s', describe: `an external program loses a game after this long without a move ${DURATION_HELP}` })
    .check((a) => {
      if (a.depth !== undefined && a.time !== undefined) throw new Error('give --depth or --time, not both');
      if (a.tc !== undefined && (a.depth !== undefined || a.time !== undefined)) throw new Error('give --tc (a clock) or --depth/--time (per move), not both');
      if (a.player.length < 2) throw new Error('name at least two --player');
      return true;
    }), {
      ...GO_MATCH_RULES, archive: outputFile, depth: RULES.depth, time: RULES.duration, exact: RULES.exact, workers: RULES.workers, seed: RULES.seed, 'move-timeout': RULES.duration,
    }, (a) => {
      if (a.game === 'go' && (a.tc !== undefined || a.adjudicate !== undefined)) return '--tc and --adjudicate are for Othello tournaments (not --game go yet)';
      if (a.tc !== undefined) {
        if (Array.isArray(a.tc)) return `--tc was given more than once (${(a.tc as string[]).join(', ')})`;
        const tc = parseTimeControl(String(a.tc));
        if (!tc.ok) return `--tc: ${tc.error}`;
      }
      if (Array.isArray(a.timemargin)) return `--timemargin was given more than once (${(a.timemargin as string[]).join(', ')})`;
      const margin = timeMarginMs(String(a.timemargin));
      if (typeof margin === 'string') return `--timemargin: ${margin}`;
      if (a.adjudicate !== undefined) {
        const adj = parseAdjudication(String(a.adjudicate));
        if (!adj.ok) return `--adjudicate: ${adj.error}`;
      }
      if (a.sprt !== undefined) {
        const t = parseSprt(String(a.sprt));
        if (!t.ok) return t.error;
        if (a.player.length !== 2 && !a.gauntlet) return `--sprt tests one player against another: give exactly two --player, or --gauntlet to test the first against each other (got ${a.player.length})`;
        if (a.games < 2) return '--sprt needs --games 2 or more (games are counted in pairs)';
      }
      // The whole schedule is built up front: bound its size, not only each pairing's.
      const n = a.player.length;
      const total = (a.gauntlet ? n - 1 : (n * (n - 1)) / 2) * a.games;
      return total > MAX_GAMES ? `--games ${a.games} with ${n} players makes ${total} games; at most ${MAX_GAMES} in all` : null;
    }) as never,
  handler: async (args) => {
    if (args.game === 'go') {
      await goTournamentHandler(args);
      return;
    }
    const dir = buildsDir();
    const timeMs = durationMs(args.time);
    const tcResult = args.tc === undefined ? undefined : parseTimeControl(args.tc);
    const timeControl = tcResult?.ok ? tcResult.tc : undefined;
    const margin = timeMarginMs(args.timemargin);
    const timeMarginMsValue = typeof margin === 'number' ? margin : 0;
    const adjudication = args.adjudicate === undefined ? undefined : parseAdjudication(args.adjudicate);
    const adjudicateExact = adjudication?.ok ? adjudication.adjudication.exact : undefined;
    const adjudicateResign = adjudication?.ok ? adjudication.adjudication.resign : undefined;
    const specs: PlayerSpec[] = [];
    for (const text of args.player) {
      // On a clock the time manager sets each move's time: no default depth.
      const r = parsePlayerSpec(text, { depth: timeMs === undefined && !timeControl ? (args.depth ?? 4) : undefined, timeMs, exact: args.exact }, dir);
      if (!r.ok) throw new UsageError(r.error);
      specs.push(r.spec);
    }
    const players = uniqueNames(specs);
    const file = args.openings === 'xot' ? DEFAULT_OPENINGS_FILE : args.openings;
    const list = readOpeningsFile(file);
    if (!list.ok) throw new UsageError(list.error);
    const openings = pickOpenings(list.value, Math.ceil(args.games / 2), args.seed);
    const pairings = pairingCount(args.gauntlet, players.length);
    const lines = players.map((p) => {
      const limit = [p.kind === 'engine' && p.timeMs !== undefined ? `${formatDuration(p.timeMs)}/move` : null, p.kind === 'engine' && p.depth !== undefined ? `depth ${p.depth}` : null, timeControl ? `clock ${formatTimeControl(timeControl)}` : null]
        .filter((x) => x !== null).join(', ');
      return `${p.name}: ${p.kind === 'gtp' ? `external program: ${p.command}` : p.kind === 'engine' ? `build ${p.build}, ${limit}, exact from ${p.exact}` : ''}`;
    });
    lines.push(`${pairings} pairing(s) x ${args.games} games, ${openings.length} openings each played with both colours`);
    const notes: string[] = [];
    if (timeControl) notes.push(`clock ${formatTimeControl(timeControl)}: ${describeTimeControl(timeControl)}; a side more than ${formatDuration(timeMarginMsValue)} over loses on time`);
    if (adjudicateExact !== undefined) notes.push(`adjudication: a game ends at ${adjudicateExact} empties, scored by the exact solver`);
    if (adjudicateResign) notes.push(`adjudication: a game ends when both engines score it lost by ${adjudicateResign.score} discs or more for ${adjudicateResign.moves} moves in a row`);
    await playTournament(args, players, openings, lines, {
      settings: { openings: args.openings, seed: args.seed, depth: timeMs === undefined && !timeControl ? (args.depth ?? 4) : null, time: timeMs ?? null, exact: args.exact },
      timeControl: timeControl ? formatTimeControl(timeControl) : undefined,
      rules: { timeControl, timeMarginMs: timeMarginMsValue, adjudicateExact, adjudicateResign },
      notes, clock: timeControl,
    });
  },
};

function pairingCount(gauntlet: boolean, n: number): number {
  return gauntlet ? n - 1 : (n * (n - 1)) / 2;
}

/** The options both games' tournaments share (`sente tournament`, `sente go tournament`). */
export interface PlayArgs {
  games: number; gauntlet: boolean; workers: number; csv?: string; archive?: string; sgf?: string; resume: boolean; force: boolean;
  sprt?: string; redis?: string; 'move-timeout': string; json: boolean;
  /** Othello: write each move of the games in progress to <csv>.events.jsonl (sente serve's Watch page). */
  events?: boolean;
}

/**
 * Runs a tournament of `players` and reports it: the text standings, or with --json one JSON
 * document; sets the exit code (1 unless every game was played and every player started).
 */
export async function playTournament(args: PlayArgs, players: PlayerSpec[], openings: number[][], lines: string[],
  extra: {
    game?: TournamentGame; settings: Record<string, unknown>; timeControl?: string;
    /** Othello: the clock and adjudication rules (runTournament's options of those names). */
    rules?: Pick<TournamentOptions, 'timeControl' | 'timeMarginMs' | 'adjudicateExact' | 'adjudicateResign'>;
    /** Lines printed after the pairings line (clock, adjudication). */
    notes?: string[];
    clock?: TimeControl;
  }): Promise<void> {
  const sprtTest = args.sprt === undefined ? undefined : parseSprt(args.sprt);
  const sprt: SprtTest | undefined = sprtTest?.ok ? sprtTest.test : undefined;
  if (args.archive !== undefined && args.sgf !== undefined && args.archive !== args.sgf) throw new UsageError('give --archive or --sgf (the same option for Go), not both');
  const archive = args.archive ?? args.sgf;
  if (archive !== undefined && args.csv !== undefined && resolve(archive) === resolve(args.csv)) throw new UsageError(`--csv and --archive name the same file (${args.csv}); give the archive its own`);
  // In --json mode stdout carries the JSON document only; the run's description goes to stderr.
  const say = args.json ? (line: string) => process.stderr.write(`${line}\n`) : (line: string) => console.log(line);
  if (args.resume && !args.csv) throw new UsageError('--resume continues the tournament in --csv: name the file');
  if (args.events && !args.csv) throw new UsageError('--events writes <csv>.events.jsonl beside the results: name the --csv file');
  for (const [flag, path] of [['--csv', args.csv], [args.sgf !== undefined ? '--sgf' : '--archive', archive]] as const) {
    if (path === undefined) continue;
    const problem = goMatches.outputPathProblem(path);
    if (problem) throw new UsageError(`${flag} ${problem}`);
    if (!args.force && !args.resume && existsSync(path) && statSync(path).size > 0) {
      throw new UsageError(`${path} already exists; choose another ${flag}, --resume it, or pass --force to replace it`);
    }
  }
  const pairings = pairingCount(args.gauntlet, players.length);
  const stopsWhen = pairings > 1 ? 'each pairing stops when its test decides (pairings one after another)' : 'stops when it decides';
  if (sprt) lines[lines.length - 1] += `; SPRT ${formatSprt(sprt)} on game pairs, ${players[0].name} tested, ${stopsWhen}`;
  for (const l of [...lines, ...(extra.notes ?? [])]) say(l);
  say('');
  const log = gameLog('tournament');
  const stop = interruptSignal(() => process.stderr.write('\nstopping: finished games are in the CSV\n'));
  const running = new Map<string, number>();
  let summary;
  try {
    summary = await runTournament({
      eventsPath: args.events && args.csv ? startEvents(args.csv) : undefined,
      players, gamesPerPair: args.games, openings, gauntlet: args.gauntlet, workers: args.workers, buildsDir: buildsDir(),
      csvPath: args.csv, overwriteCsv: args.force, resume: args.resume, moveTimeoutMs: durationMs(args['move-timeout']), signal: stop.signal, queue: queueSettings(args.redis),
      ...extra.rules, sprt, settings: extra.settings, game: extra.game, archivePath: archive, overwriteArchive: args.force, archiveTimeControl: extra.timeControl,
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
  // Each pairing is done when its games are all played or (with an SPRT) its test has decided.
  const decisions = summary.sprts?.map((s) => s.decision) ?? [];
  const stopped = decisions.length > 0 && decisions.some((d) => d != null);
  const pairingDone = (p: number): boolean => decisions[p] != null || summary.results.filter((r) => Math.floor(r.key / args.games) === p).length === args.games;
  const allDone = Array.from({ length: pairings }, (_, p) => pairingDone(p)).every(Boolean);
  // Exit 0 only for a tournament played to the end with every player running.
  const complete = allDone && summary.failed.length === 0;
  if (!complete || summary.notStarted.length > 0) process.exitCode = 1;
  if (args.json) {
    const files = { csv: args.csv ?? null, settings: args.csv ? tournamentSettingsPath(args.csv) : null, archive: archive ?? null };
    process.stdout.write(`${JSON.stringify(tournamentJson(summary, players, { game: extra.game?.name ?? 'othello', gauntlet: args.gauntlet, gamesPerPair: args.games, complete, files }), null, 2)}\n`);
    return;
  }
  const extraGames = summary.results.length - summary.counted.length;
  if (summary.sprts) {
    summary.sprts.forEach((s, p) => {
      const who = summary.sprts!.length > 1 ? ` ${names[0]} vs ${names[p + 1]}` : '';
      console.log(`SPRT ${formatSprt(s.test)}:${who} ${describeDecision(s.decision)} after ${s.pairs} pairs (${2 * s.pairs} games), ${formatLlr(s)}; pairs LL/LD/DD+WL/WD/WW ${s.counts.join('/')}`);
    });
    if (extraGames > 0) console.log(`(${extraGames} game(s) finished after the decision are in the CSV but not counted below)`);
    console.log();
  }
  printStandings(summary.counted, names, args.gauntlet, args.games, extra.game ? 'margin' : 'discs');
  printForfeits(summary.counted);
  printClockUse(summary.counted, names, extra.clock);
  const solved = summary.counted.filter((r) => r.reason.startsWith('adjudicated (exact')).length;
  const resigned = summary.counted.filter((r) => r.reason.startsWith('adjudicated (resign')).length;
  if (solved > 0) console.log(`\n${solved} game(s) adjudicated by the exact solver (reason in the CSV)`);
  if (resigned > 0) console.log(`${solved > 0 ? '' : '\n'}${resigned} game(s) adjudicated by agreed engine scores (reason in the CSV)`);
  const how = decisions.length === 1 ? `stopped by the SPRT: ${describeDecision(decisions[0])}` : `stopped by the SPRT: ${decisions.map((d, p) => `${names[p + 1]} ${describeDecision(d)}`).join(', ')}`;
  console.log(`${summary.results.length}/${summary.total} games${stopped ? ` (${how})` : ''}${args.csv ? `; per-game results in ${args.csv}` : ''}${archive ? `; games archived in ${archive}` : ''}`);
  for (const f of summary.failed) console.log(`games ${f.keys.join(',')} could not be played: ${f.error}`);
  for (const n of summary.notStarted) console.log(`player ${n.player} could not be started (command: ${n.command}): ${n.error}`);
  if (!complete) {
    const resume = args.csv ? 'resume with --resume (same options)' : 'no --csv was given, so nothing can be resumed';
    console.log(`${summary.interrupted ? 'interrupted' : 'incomplete'} at ${summary.results.length}/${summary.total} games; ${resume}`);
  }
}

/** A --timemargin in ms: 0 (any spelling) or a duration; a message when it is neither. */
function timeMarginMs(text: string): number | string {
  if (/^\s*(0+(\.0*)?|\.0+)\s*(ms|s|m)?\s*$/.test(text)) return 0;
  const d = parseDuration(text, 60_000);
  return d.ok ? d.ms : d.error;
}

/**
 * How each player used its clock: moves on the clock, the mean share of its clock a move took
 * (the move's time over the time it had), the least time it had left at the end of a game, and
 * its losses on time.
 */
export function printClockUse(results: readonly GameResult[], names: readonly string[], tc: unknown): void {
  if (!tc || !results.some((r) => r.clockMs)) return;
  console.log('\nclock use      (per player: moves timed, mean ms/move, least left at a game end, losses on time)');
  for (const name of names) {
    let moves = 0, ms = 0, least = Infinity, flagged = 0;
    for (const r of results) {
      for (const [side, player] of [[0, r.black], [1, r.white]] as const) {
        if (player !== name) continue;
        if (r.time) {
          moves += side === 0 ? r.time.blackMoves : r.time.whiteMoves;
          ms += side === 0 ? r.time.blackMs : r.time.whiteMs;
        }
        if (r.clockMs) least = Math.min(least, r.clockMs[side]);
        if (r.reason.startsWith(`time (${side === 0 ? 'black' : 'white'}`)) flagged++;
      }
    }
    console.log(`  ${name}: ${moves} moves, ${moves ? (ms / moves).toFixed(1) : '-'} ms/move, least left ${Number.isFinite(least) ? formatDuration(least) : '-'}, ${flagged} lost on time`);
  }
}

/** The cause of every forfeit, grouped by player and reason (the CSV has them game by game). */
export function printForfeits(results: readonly GameResult[], limit = 10): void {
  const groups = new Map<string, { player: string; reason: string; games: number[] }>();
  for (const r of results) {
    if (!isForfeit(r.reason)) continue;
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

export function printStandings(results: readonly GameResult[], names: readonly string[], gauntlet: boolean, gamesPerPair?: number, unit: 'discs' | 'margin' = 'discs'): void {
  const width = Math.max(6, ...names.map((n) => n.length));
  const width2 = Math.max(width, ...names.map((n) => n.length * 2 + 4));
  const row = (name: string, s: ReturnType<typeof headToHead>): string =>
    `${name.padEnd(width2)} ${String(s.elo.games).padStart(5)} ${(100 * s.elo.score).toFixed(1).padStart(6)}% ${`${s.elo.wins}/${s.elo.draws}/${s.elo.losses}`.padStart(11)} ${(s.meanDiscs >= 0 ? '+' : '') + s.meanDiscs.toFixed(2).padStart(6)}  ${formatElo(s.elo).padEnd(18)} ${s.secondsPerMove === null ? '      -' : (s.secondsPerMove * 1000).toFixed(1).padStart(7)}${s.forfeits ? `  (${s.forfeits} forfeits)` : ''}`;
  console.log(`${'player'.padEnd(width2)} games  score       W/D/L  ${unit === 'discs' ? ' discs' : 'margin'}  Elo vs field [95%] ms/move`);
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

/** A fresh live-events file beside the CSV (the games in progress of an earlier run are played again). */
function startEvents(csv: string): string {
  const path = liveEventsPath(csv);
  writeFileSync(path, '');
  return path;
}
