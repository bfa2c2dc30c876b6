// `sente book build | extend | show`: the opening book (see packages/search/src/othello/book.ts).
// build adds the first plies of games and scores every new position with the engine; extend
// learns by expanding the best unexplored deviations; show prints a position's book moves.
import { existsSync, readFileSync } from 'node:fs';
import type { Argv, CommandModule } from 'yargs';
import { BLACK, Position, parseTranscript, renderBoard, squareName } from '@sente/core';
import { availableParallelism } from 'node:os';
import {
  Book, addGame, buildsDir, createEngine, deviationCandidates, expandLeaf, findBuild, readBookFile, scorePending, writeBookFile,
} from '@sente/search';
import { scoreBookOnPool } from '@sente/selfplay';
import { queueSettings, REDIS_OPTION } from '../queue-options.js';
import { UsageError, positionFromArg } from '../util.js';
import { progressBar } from '../progress.js';
import { RULES, checked, file, int, outputFile } from '../options.js';

const TRANSCRIPT = /^(?:[a-hA-H][1-8])+$/;

/**
 * Transcripts from game files: the first token of each line that looks like one (games.txt, XOT
 * lists, plain transcripts). A line with none is refused with its first word that is not a number,
 * read as a transcript so the message names the bad square and its offset.
 */
function readGames(files: string[]): number[][] {
  const games: number[][] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
    }
    text.split('\n').forEach((line, i) => {
      if (line.startsWith('#')) return;
      const words = line.trim().split(/\s+/).filter((t) => t !== '');
      if (words.length === 0) return;
      const token = words.find((t) => TRANSCRIPT.test(t)) ?? words.find((t) => !/^[+-]?\d+(\.\d+)?$/.test(t));
      if (!token) throw new UsageError(`${file}:${i + 1}: no transcript on this line`);
      const r = parseTranscript(token);
      if (!r.ok) throw new UsageError(`${file}:${i + 1}: ${r.error.message}`);
      games.push(r.value.moves);
    });
  }
  if (games.length === 0) throw new UsageError(`no games in ${files.join(', ')}`);
  return games;
}

function loadBook(path: string): Book {
  const r = readBookFile(path);
  if (!r.ok) throw new UsageError(r.error);
  return r.book;
}

/** Scores the book's pending entries: on the worker pool, or in this thread with --workers 1. */
async function score(book: Book, build: string, depth: number, workers: number, label: string, redis?: string): Promise<number> {
  const queue = queueSettings(redis);
  let id: string;
  try {
    id = findBuild(build).id;
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const bar = progressBar(label);
  let started = false;
  const progress = (done: number, total: number): void => {
    if (!started) {
      bar.start(total, 0);
      started = true;
    }
    bar.update(done);
  };
  let n: number;
  if (workers > 1 || queue) {
    const ac = new AbortController();
    const stop = (): void => ac.abort();
    process.once('SIGINT', stop);
    try {
      const r = await scoreBookOnPool(book, { buildsDir: buildsDir(), build: id, depth, workers, onProgress: progress, signal: ac.signal, queue });
      n = r.scored;
      if (r.summary.failed.length > 0) throw new Error(`book scoring failed for ${r.summary.failed.length} batch(es): ${r.summary.failed[0].error}`);
    } finally {
      process.off('SIGINT', stop);
    }
  } else {
    n = scorePending(book, createEngine({ build: id, ttMb: 16 }), depth, progress);
  }
  if (started) bar.stop();
  return n;
}

interface BuildArgs { games: string[]; depth: number; plies: number; out: string; build: string; workers: number; redis?: string }
interface ExtendArgs { book: string; count: number; depth: number; build: string; margin: number; workers: number; redis?: string }
interface ShowArgs { position: string; book: string }

const buildCommand: CommandModule<object, BuildArgs> = {
  command: 'build',
  describe: 'Build (or grow) a book from the first plies of games, scoring positions with the engine',
  builder: (y) => checked(y
    .option('games', { type: 'string', array: true, demandOption: true, describe: 'game files (games.txt, transcripts, XOT lists)' })
    .option('depth', { type: 'number', default: 8, describe: 'search depth for scoring book moves' })
    .option('plies', { type: 'number', default: 12, describe: 'plies of each game added to the book' })
    .option('out', { type: 'string', demandOption: true, describe: 'book file (extended if it exists)' })
    .option('build', { type: 'string', default: 'strongest' })
    .option('workers', { type: 'number', default: availableParallelism(), describe: 'worker threads scoring positions' })
    .option('redis', REDIS_OPTION), {
      games: file, depth: RULES.depth, plies: int(1, 60), out: outputFile, workers: RULES.workers,
    }) as never,
  handler: async (args) => {
    // An existing book is extended; a damaged one is refused rather than replaced.
    let book: Book;
    if (existsSync(args.out)) {
      book = loadBook(args.out);
      console.error(`extending ${args.out} (${book.size} positions)`);
    } else {
      book = new Book();
    }
    const games = readGames(args.games);
    let added = 0;
    for (const g of games) added += addGame(book, g, args.plies);
    console.error(`${games.length} games: ${added} new positions, ${book.size} in all`);
    const scored = await score(book, args.build, args.depth, args.workers, 'scoring', args.redis);
    writeBookFile(args.out, book);
    const root = book.moves(Position.initial());
    console.log(`book ${args.out}: ${book.size} positions (${scored} scored at depth ${args.depth}); start position value ${root.length ? root[0].score.toFixed(2) : 'n/a'}`);
  },
};

const extendCommand: CommandModule<object, ExtendArgs> = {
  command: 'extend',
  describe: 'Learn: add the best unexplored deviations to the book and re-score (as Edax does)',
  builder: (y) => checked(y
    .option('book', { type: 'string', demandOption: true })
    .option('count', { type: 'number', default: 50, describe: 'deviations to add' })
    .option('depth', { type: 'number', default: 8 })
    .option('margin', { type: 'number', default: 4, describe: 'only deviations within this many discs of the best' })
    .option('build', { type: 'string', default: 'strongest' })
    .option('workers', { type: 'number', default: availableParallelism(), describe: 'worker threads scoring positions' })
    .option('redis', REDIS_OPTION), {
      book: file, count: int(1, 100_000), depth: RULES.depth, margin: RULES.discs, workers: RULES.workers,
    }) as never,
  handler: async (args) => {
    const book = loadBook(args.book);
    const before = book.size;
    let expanded = 0;
    // One deviation at a time per round keeps values fresh; rounds of up to 10 amortise scoring.
    while (expanded < args.count) {
      const batch = deviationCandidates(book, Math.min(10, args.count - expanded), args.margin);
      if (batch.length === 0) break;
      for (const e of batch) if (expandLeaf(book, e)) expanded++;
      await score(book, args.build, args.depth, args.workers, `round ${Math.ceil(expanded / 10)}`, args.redis);
      writeBookFile(args.book, book); // progress is kept even if interrupted
    }
    console.log(`book ${args.book}: ${before} -> ${book.size} positions (${expanded} deviations added)`);
  },
};

const showCommand: CommandModule<object, ShowArgs> = {
  command: 'show <position>',
  describe: 'Show the book moves of a position (transcript or board string) with their values',
  builder: (y) => checked(y.positional('position', { type: 'string', demandOption: true }).option('book', { type: 'string', demandOption: true }), { book: file }) as never,
  handler: (args) => {
    const book = loadBook(args.book);
    const { position } = positionFromArg(args.position);
    console.log(renderBoard(position, { showMoves: true }));
    const moves = book.moves(position);
    const found = book.find(position);
    if (!found) {
      console.log('\nnot in the book');
      return;
    }
    console.log(`\n${position.side === BLACK ? 'black' : 'white'} to move; value ${found.entry.value.toFixed(2)}, scored at depth ${found.entry.depth}, ${found.entry.visits} visits`);
    for (const m of moves) console.log(`${squareName(m.move).padEnd(4)} ${(m.score > 0 ? '+' : '') + m.score.toFixed(2)}  ${m.link ? 'book' : 'best unexplored'}`);
  },
};

export const bookCommand: CommandModule = {
  command: 'book <command>',
  describe: 'Opening book: build, extend (learn), show',
  builder: (y: Argv) => y.command(buildCommand).command(extendCommand).command(showCommand).demandCommand(1),
  handler: () => undefined,
};
