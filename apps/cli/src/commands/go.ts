// `sente go ...`: the Go side of sente. `candidates` shows what the seed's generators propose on
// a position (SGF or figure file), `gtp` runs the engine for GTP controllers (GoGui, Sabaki,
// the tournament runner), `tournament` runs a Go tournament on the tournament runner (Elo,
// resume, SPRT, SGF archive),
// `play` is a game in the terminal (go-play.ts).
import { readFileSync } from 'node:fs';
import type { Argv, CommandModule } from 'yargs';
import { go as rules } from '@sente/core';
import { go as engine } from '@sente/search';
import { formatDuration, go as matches, parseSprt, uniqueNames, type PlayerSpec } from '@sente/selfplay';
import { playTournament, type PlayArgs } from './tournament.js';
import { UsageError } from '../util.js';
import { serveStdinLines } from '../protocol-io.js';
import { DURATION_HELP, RULES, checked, durationMs, file, int, num, outputFile, type Rule } from '../options.js';
import { goPlayCommand } from './go-play.js';

/** Reads a position from an SGF file (after all moves) or a figure file. */
function readPosition(file: string): rules.GoBoard {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (/^\s*\(\s*;/.test(text)) {
    const game = rules.parseSgf(text);
    if (!game.ok) throw new UsageError(`${file}: ${game.error.message} (offset ${game.error.offset})`);
    const board = rules.sgfToBoard(game.value);
    if (!board.ok) throw new UsageError(`${file}: ${board.error.message}`);
    return board.value;
  }
  const board = rules.parseFigure(text);
  if (!board.ok) throw new UsageError(`${file}: ${board.error.message} (offset ${board.error.offset})`);
  return board.value;
}

const LABELS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

interface CandidatesArgs {
  file: string;
  color?: string;
}

const candidatesCommand: CommandModule<object, CandidatesArgs> = {
  command: 'candidates <file>',
  describe: 'Show the candidate moves of each generator on a position (.sgf, or a figure file: + empty, * black, O white)',
  builder: (y) =>
    checked(y
      .positional('file', { type: 'string', demandOption: true })
      .option('color', { type: 'string', choices: ['black', 'white'], describe: 'side to move (default: from the file)' }), { '<file>': file }) as never,
  handler: (args) => {
    const board = readPosition(args.file);
    const color = args.color ? rules.parseColor(args.color)! : board.toMove;
    const list = engine.generateCandidates(board, color);
    const byPoint = new Map<number, engine.Candidate[]>();
    for (const c of list.candidates) byPoint.set(c.point, [...(byPoint.get(c.point) ?? []), c]);
    const marks = new Map<number, string>();
    const points = [...byPoint.keys()];
    points.forEach((p, i) => marks.set(p, LABELS[i] ?? '?'));
    for (const v of list.vetoes) if (!marks.has(v.point)) marks.set(v.point, '-');
    console.log(rules.renderGoBoard(board, marks));
    console.log();
    console.log(`${color === rules.BLACK ? 'black' : 'white'} to move: ${points.length} candidate points (letters), vetoed points marked -`);
    points.forEach((p, i) => {
      const gens = byPoint.get(p)!.map((c) => `${c.generator} ${c.score}`).join(', ');
      console.log(`  ${LABELS[i] ?? '?'}  ${rules.gtpVertex(board.size, p).padEnd(4)} ${rules.figurePointName(board.size, p).padEnd(9)} ${gens}`);
    });
    if (list.vetoed.length > 0) {
      console.log('vetoed proposals:');
      for (const { candidate, veto } of list.vetoed) console.log(`  ${rules.gtpVertex(board.size, candidate.point).padEnd(4)} ${candidate.generator} ${candidate.score}, vetoed by ${veto.generator}`);
    }
  },
};

interface GtpArgs {
  playouts?: number;
  time?: string;
  superko?: boolean;
  resign?: number;
  threads?: number;
  quiet?: boolean;
}

/** The Go engine's numeric options (`sente go gtp`, `sente gtp --game go`). */
export const GO_GTP_RULES: Record<string, Rule> = { playouts: int(1, 10_000_000), time: RULES.duration, resign: num(0, 1), threads: int(1, 64) };

/** Runs the Go GTP engine on stdin/stdout; `sente gtp --game go` can route here too. */
export async function goGtpHandler(args: GtpArgs): Promise<void> {
  if (args.playouts !== undefined && (!Number.isInteger(args.playouts) || args.playouts < 1)) throw new UsageError('--playouts must be a positive integer');
  const options: engine.GoGtpOptions = {
    // Without --playouts the player stops at 2000 playouts unless a time limit applies (--time,
    // or the clock a controller sets with time_settings / kgs-time_settings): then time decides.
    playouts: args.playouts,
    timeMs: durationMs(args.time),
    superko: args.superko ?? false,
    resignThreshold: args.resign,
    threads: args.threads,
    onInfo: args.quiet ? undefined : (text) => process.stderr.write(`${text}\n`),
  };
  const gtp = new engine.GoGtpEngine(options);
  // The controller closing the pipe ends the session; it is not an error.
  process.stdout.on('error', () => process.exit(0));
  await serveStdinLines((line) => {
    const reply = gtp.handle(line);
    if (reply) process.stdout.write(reply.text);
    return reply?.quit ?? false;
  });
}

const gtpCommand: CommandModule<object, GtpArgs> = {
  command: 'gtp',
  describe: 'Play Go over GTP version 2 on stdin/stdout',
  builder: (y) =>
    checked(y
      .option('playouts', { type: 'number', describe: 'playouts per move (default 2000, or unlimited with --time or a GTP clock)' })
      .option('time', { type: 'string', describe: `time per move ${DURATION_HELP} (a GTP clock from time_settings / kgs-time_settings shortens it)` })
      .option('superko', { type: 'boolean', default: false, describe: 'forbid positional superko repetition' })
      .option('resign', { type: 'number', describe: 'resign below this winning rate (0 never; default 0.05)' })
      .option('threads', { type: 'number', describe: 'search threads (one shared tree; default 1; a --playouts budget counts the playouts of all threads)' })
      .option('quiet', { type: 'boolean', default: false, describe: 'no search summaries on stderr' }), GO_GTP_RULES) as never,
  handler: (args) => goGtpHandler(args),
};

/** A Go tournament's options (`sente go tournament`, `sente tournament --game go`). */
export const GO_MATCH_RULES: Record<string, Rule> = { size: int(2, 25), komi: num(-1000, 1000), games: RULES.games, csv: outputFile, sgf: outputFile, archive: outputFile };

export interface GoTournamentArgs extends PlayArgs {
  size: number;
  komi: number;
  player: string[];
}

/**
 * Plays a Go tournament on the tournament runner (any number of players, Elo, --resume, --sprt,
 * --archive SGF); `sente tournament --game go` routes here too. Games between two sente
 * settings run on the worker pool, --workers at a time; games with an external program run in
 * the main thread, one at a time when sente takes part (its search holds the thread, which would
 * delay the other games' timeouts), else --workers at a time.
 */
export async function goTournamentHandler(args: GoTournamentArgs): Promise<void> {
  const specs: PlayerSpec[] = [];
  for (const text of args.player) {
    const r = matches.parseGoPlayerSpec(text);
    if (!r.ok) throw new UsageError(r.error);
    specs.push(r.spec);
  }
  const players = uniqueNames(specs);
  const lines = players.map((p) => `${p.name}: ${p.kind === 'gtp' ? `external program: ${p.command}` : p.kind === 'go-engine'
    ? `sente, ${p.playouts !== undefined ? `${p.playouts} playouts` : p.timeMs !== undefined ? '' : 'default playouts'}${p.timeMs !== undefined ? `${p.playouts !== undefined ? ', ' : ''}${formatDuration(p.timeMs)}/move` : ''}${p.resign !== undefined ? `, resign below ${p.resign}` : ''}${p.seed !== undefined ? `, seed ${p.seed}` : ''}` : ''}`);
  const pairings = args.gauntlet ? players.length - 1 : (players.length * (players.length - 1)) / 2;
  lines.push(`${pairings} pairing(s) x ${args.games} games on ${args.size}x${args.size}, komi ${args.komi}, colours alternating`);
  await playTournament(args, players, [[]], lines, {
    game: matches.goTournamentGame({ size: args.size, komi: args.komi, localLanes: players.some((p) => p.kind === 'go-engine') ? 1 : args.workers }),
    settings: { size: args.size, komi: args.komi },
  });
}

const tournamentCommand: CommandModule<object, GoTournamentArgs> = {
  command: 'tournament',
  describe: 'Go tournament between sente settings and GTP programs (round robin or gauntlet, colours alternating), refereed and scored, with Elo',
  builder: (y) =>
    checked(y
      .option('size', { type: 'number', default: 9, describe: 'board size' })
      .option('komi', { type: 'number', default: 7.5 })
      .option('player', { type: 'string', array: true, demandOption: true, describe: '"sente[:playouts=N,time=DURATION,resign=R,seed=K,threads=T,priors=0|1|FILE,expand=N,nakade=0|1,opening=0|1,score=W,name=NAME]" (time=2s, 500ms; bare seconds; priors=0: hand-made move priors, priors=FILE: learned priors from a file of scripts/go-priors-fit.mjs; expand=N: a tree leaf gets its children at its N-th visit; nakade=0|1: the playouts may fill a dead eye space, default from 13x13; opening=0|1: higher priors for empty corners and open third and fourth lines, default on 19x19; score=W: the share of a playout value decided by its score margin, 0 to 0.5, default 0, the result alone) or "gtp:<command line>" (repeat, two or more)' })
      .option('games', { type: 'number', default: 2, describe: 'games per pairing (colours alternating); with --sprt, the most games' })
      .option('gauntlet', { type: 'boolean', default: false, describe: 'first player against each other (instead of round robin)' })
      .option('sprt', { type: 'string', describe: 'stop a two-player match when this SPRT on game pairs decides: elo0=0,elo1=5,alpha=0.05,beta=0.05' })
      .option('csv', { type: 'string', describe: 'per-game results, appended as games finish' })
      .option('archive', { type: 'string', describe: 'append every finished game to this SGF file (a collection of game trees)' })
      .option('sgf', { type: 'string', describe: 'the same as --archive' })
      .option('resume', { type: 'boolean', default: false, describe: 'continue the tournament recorded in --csv (same players and settings)' })
      .option('force', { type: 'boolean', default: false, describe: 'replace an existing --csv or --archive file' })
      .option('workers', { type: 'number', default: 2, describe: 'worker threads for games between sente settings; games with an external program run in the main thread (one at a time when sente plays in them)' })
      .option('json', { type: 'boolean', default: false, describe: 'print the summary as one JSON document on stdout' })
      .option('move-timeout', { type: 'string', default: '30s', describe: `an external engine loses a game after this long without a reply (and is restarted) ${DURATION_HELP}` })
      .check((a) => {
        if (a.player.length < 2) throw new Error('name at least two --player');
        return true;
      })
      .example('$0 go tournament --size 9 --player sente:playouts=1000 --player "gtp:gnugo --mode gtp --level 1" --games 4', ''), { ...GO_MATCH_RULES, workers: RULES.workers, 'move-timeout': RULES.duration }, (a) => {
      if (a.sprt !== undefined) {
        const t = parseSprt(String(a.sprt));
        if (!t.ok) return t.error;
        if (a.player.length !== 2) return `--sprt tests one player against another: give exactly two --player (got ${a.player.length})`;
        if (a.games < 2) return '--sprt needs --games 2 or more (games are counted in pairs)';
      }
      return null;
    }) as never,
  handler: (args) => goTournamentHandler(args),
};

export const goCommand: CommandModule<object, object> = {
  command: 'go <command>',
  describe: 'Go: candidate moves, a GTP engine, matches against other engines, a game in the terminal',
  builder: (y: Argv) => y.command(candidatesCommand).command(gtpCommand).command(tournamentCommand).command(goPlayCommand).demandCommand(1, 'name a go subcommand: candidates, gtp, tournament, play') as never,
  handler: () => {},
};
