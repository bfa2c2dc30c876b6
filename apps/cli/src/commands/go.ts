// `sente go ...`: the Go side of sente. `candidates` shows what the seed's generators propose on
// a position (SGF or figure file), `gtp` runs the engine for GTP controllers (GoGui, Sabaki,
// the tournament runner), `tournament` plays sente against another engine and reports scores,
// `play` is a game in the terminal (go-play.ts).
import { readFileSync } from 'node:fs';
import type { Argv, CommandModule } from 'yargs';
import { go as rules } from '@sente/core';
import { go as engine } from '@sente/search';
import { go as matches, parseDuration } from '@sente/selfplay';
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
  };
  const gtp = new engine.GoGtpEngine(options);
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
      .option('threads', { type: 'number', describe: 'search threads (root parallelism; default 1; a --playouts budget is shared)' }), GO_GTP_RULES) as never,
  handler: (args) => goGtpHandler(args),
};

/** A Go match's options (`sente go tournament`, `sente tournament --game go`). */
export const GO_MATCH_RULES: Record<string, Rule> = { size: int(2, 25), komi: num(-1000, 1000), games: RULES.games, csv: outputFile, sgf: outputFile };

export interface GoTournamentArgs {
  size: number;
  komi: number;
  player: string[];
  games: number;
  csv?: string;
  sgf?: string;
  'move-timeout': string;
}

/** Plays a Go match; `sente tournament --game go` routes here too. */
export async function goTournamentHandler(args: GoTournamentArgs): Promise<void> {
  if (args.player.length !== 2) throw new UsageError(`--player must be given twice, got ${args.player.length}`);
  if (!Number.isInteger(args.size) || args.size < 2 || args.size > 25) throw new UsageError('--size must be 2..25');
  if (!Number.isInteger(args.games) || args.games < 1) throw new UsageError('--games must be a positive integer');
  const timeoutMs = parseDuration(args['move-timeout']);
  if (!timeoutMs.ok) throw new UsageError(`--move-timeout: ${timeoutMs.error}`);
  for (const p of args.player) if (!(p === 'sente' || p.startsWith('sente:') || p.startsWith('gtp:'))) throw new UsageError(`--player "${p}": use "sente[:options]" or "gtp:<command line>"`);
  let result;
  try {
    result = await matches.runGoMatch({
      size: args.size,
      komi: args.komi,
      games: args.games,
      players: [args.player[0], args.player[1]],
      timeoutMs: timeoutMs.ms,
      csvPath: args.csv,
      sgfPath: args.sgf,
      onGame: (g) => {
        const scores = g.refereeScore === null ? '' : `  final_score: ours ${g.refereeScore}, black ${g.blackScore ?? '-'}, white ${g.whiteScore ?? '-'}${g.agree ? '' : '  (DISAGREE)'}`;
        console.log(`game ${g.game}: ${g.black} (B) vs ${g.white} (W): ${g.result} in ${g.moves} moves${scores}${g.note ? `  ${g.note}` : ''}`);
      },
    });
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
  console.log();
  for (const s of result.standings) console.log(`${s.player}: ${s.wins} wins, ${s.losses} losses, ${s.draws} draws of ${s.games}`);
}

const tournamentCommand: CommandModule<object, GoTournamentArgs> = {
  command: 'tournament',
  describe: 'Play Go games between two players over GTP (alternating colours), refereed and scored',
  builder: (y) =>
    checked(y
      .option('size', { type: 'number', default: 9 })
      .option('komi', { type: 'number', default: 7.5 })
      .option('player', { type: 'string', array: true, demandOption: true, describe: '"sente[:playouts=N,time=DURATION,resign=R,threads=T]" (time=2s, 500ms; bare seconds) or "gtp:<command line>" (twice)' })
      .option('games', { type: 'number', default: 2 })
      .option('csv', { type: 'string', describe: 'write one line per game to this CSV file (rewritten after each game)' })
      .option('sgf', { type: 'string', describe: 'write all games to this SGF file (rewritten after each game)' })
      .option('move-timeout', { type: 'string', default: '30s', describe: `an external engine loses a game after this long without a reply (and is restarted) ${DURATION_HELP}` })
      .example('$0 go tournament --size 9 --player sente:playouts=1000 --player "gtp:gnugo --mode gtp --level 1" --games 4', ''), { ...GO_MATCH_RULES, 'move-timeout': RULES.duration }) as never,
  handler: (args) => goTournamentHandler(args),
};

export const goCommand: CommandModule<object, object> = {
  command: 'go <command>',
  describe: 'Go: candidate moves, a GTP engine, matches against other engines, a game in the terminal',
  builder: (y: Argv) => y.command(candidatesCommand).command(gtpCommand).command(tournamentCommand).command(goPlayCommand).demandCommand(1, 'name a go subcommand: candidates, gtp, tournament, play') as never,
  handler: () => {},
};
