// A self-play run: games 0..N-1 of one (build, seed, settings) played on the pool and appended to
// `<out>/games.txt` as they finish, keyed by index. `run.json` holds the settings, so `resume`
// refuses to mix games of different settings, and continues with the indices not yet present;
// a complete run is rewritten sorted by index (atomically), so the file does not depend on the
// number of workers or the order games finished. `games.csv` summarises every game. On resume
// the file is not trusted: every game is replayed by our rules and must end with its recorded
// score, carry this run's build and seed, and have an index inside --games; any other line is
// refused with its line number. A last line cut short by a crash is dropped (rewritten away), so
// it can never be read later as a whole line. In data mode (`randomOpening`) the run also
// writes `positions.spos`, the positions after each game's random part, rebuilt from games.txt at
// the end of every call (so an interrupted and resumed run ends with the same file).
import { appendFileSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { formatTranscript, parseTranscript } from '@sente/core';
import { findBuild, readBookFile, writeFileAtomic } from '@sente/search';
import { stringify } from 'csv-stringify/sync';
import { finishedBlackScore, formatGameLine, readGameFile, type GameFile, type GameRecord } from './gamefile.js';
import { runJobs, type QueueSettings } from './jobs.js';
import { batches } from './pool.js';
import type { SelfplaySettings } from './selfplay.js';
import { gamePositions } from './data/convert.js';
import { LABEL_EXACT, SOURCE_DATA_MODE } from './data/format.js';
import { PositionWriter } from './data/io.js';

/** A run: the game settings (with `build` an id or 'strongest'), the count and where to write. */
export interface SelfplayRunOptions extends SelfplaySettings {
  readonly games: number;
  readonly outDir: string;
  readonly workers: number;
  readonly resume?: boolean;
  /** Games per pool job (default: chosen from the count and workers, 1..16). */
  readonly batchSize?: number;
  readonly signal?: AbortSignal;
  /** Run the games on the BullMQ/Redis queue instead of the local pool. */
  readonly queue?: QueueSettings;
  readonly onGame?: (game: GameRecord, done: number, total: number) => void;
  readonly onRetry?: (keys: number[], attempt: number, error: Error) => void;
  /** Test hook: the first attempt of job `job` exits its worker after `after` games. */
  readonly testCrash?: { readonly job: number; readonly after: number };
}

export interface SelfplaySummary {
  readonly gamesFile: string;
  readonly csvFile: string;
  /** Data mode: the position file written from every game so far, and its number of positions. */
  readonly positionsFile?: string;
  readonly positions?: number;
  /** Games in the file now (this run and earlier ones). */
  readonly games: number;
  /** Games played by this call. */
  readonly played: number;
  readonly seconds: number;
  readonly gamesPerMinute: number;
  readonly blackWins: number;
  readonly draws: number;
  readonly whiteWins: number;
  readonly meanBlackScore: number;
  readonly complete: boolean;
  readonly interrupted: boolean;
  readonly failed: { keys: number[]; error: string }[];
  readonly build: string;
}

export class SelfplayError extends Error {}

/** What is wrong with a run's numbers, or null: checked before anything is written or played. */
export function selfplayOptionsProblem(o: SelfplayRunOptions): string | null {
  const whole = (name: string, v: number | undefined, min: number, max = Number.MAX_SAFE_INTEGER): string | null =>
    v === undefined || (Number.isInteger(v) && v >= min && v <= max) ? null : `${name} must be a whole number from ${min}${max === Number.MAX_SAFE_INTEGER ? ' up' : ` to ${max}`}, got ${v}`;
  const atLeast0 = (name: string, v: number | undefined): string | null => (v === undefined || v >= 0 ? null : `${name} must be a number ≥ 0, got ${v}`);
  return whole('games', o.games, 1) ?? whole('workers', o.workers, 1) ?? whole('batch size', o.batchSize, 1) ?? whole('depth', o.depth, 1, 60)
    ?? whole('exact', o.exact, 0, 64) ?? whole('random plies', o.randomPlies, 0)
    ?? (Number.isSafeInteger(o.seed) ? null : `seed must be a whole number, got ${o.seed}`) ?? atLeast0('randomness', o.randomness) ?? atLeast0('book margin', o.bookMargin)
    ?? randomOpeningProblem(o.randomOpening);
}

/** What is wrong with a data-mode range of random plies, or null. */
export function randomOpeningProblem(range: readonly [number, number] | undefined): string | null {
  if (range === undefined) return null;
  const [lo, hi] = range;
  if (!Number.isInteger(lo) || !Number.isInteger(hi) || lo < 0 || hi > 59 || lo > hi) return `the random opening must be a range of plies A-B with 0 ≤ A ≤ B ≤ 59, got ${lo}-${hi}`;
  return null;
}

/** `A-B` (or a single `N`) as a data-mode range of random plies. */
export function parseRandomOpening(text: string): { ok: true; value: [number, number] } | { ok: false; error: string } {
  const m = /^(\d+)(?:-(\d+))?$/.exec(text.trim());
  if (!m) return { ok: false, error: `"${text}": expected a range of plies A-B, e.g. 10-50` };
  const value: [number, number] = [Number(m[1]), Number(m[2] ?? m[1])];
  const bad = randomOpeningProblem(value);
  return bad ? { ok: false, error: bad } : { ok: true, value };
}

/**
 * The positions of data-mode games (in index order) into a position file, atomically: only
 * positions from ply `openingPlies` on (after the random part), labelled by the game's final score
 * from the side to move's view; those with at most `exact` empties were played perfectly by both
 * sides from there, so their label is the exact value (kind exact), the others kind game.
 */
export function writeDataPositions(games: readonly GameRecord[], file: string, exact: number): { positions: number } {
  const w = new PositionWriter(file);
  try {
    for (const g of games) {
      gamePositions(g.moves, g.blackScore, { fromPly: g.openingPlies, exactFrom: exact, exactKind: LABEL_EXACT }, (p, label, kind) => {
        w.addPosition(p, label, kind, SOURCE_DATA_MODE, g.index);
      });
    }
  } catch (e) {
    w.abort();
    throw e;
  }
  return { positions: w.close() };
}

/** A JSON file of the run folder, or an error naming it. */
function readJson(path: string): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  } catch (e) {
    throw new SelfplayError(`${path} is not a valid run settings file (${(e as Error).message}); restore it, or delete the folder to start over`);
  }
}

export async function runSelfplay(o: SelfplayRunOptions): Promise<SelfplaySummary> {
  const bad = selfplayOptionsProblem(o);
  if (bad) throw new SelfplayError(bad);
  if (existsSync(o.outDir) && !statSync(o.outDir).isDirectory()) throw new SelfplayError(`${o.outDir} is a file; the output of a self-play run is a folder (games.txt, games.csv, run.json)`);
  const build = findBuild(o.build, o.buildsDir).id;
  const settings: SelfplaySettings = {
    build, buildsDir: o.buildsDir, depth: o.depth, exact: o.exact, randomness: o.randomness,
    randomPlies: o.randomPlies, seed: o.seed, openings: o.openings,
    ...(o.book !== undefined ? { book: resolve(o.book), bookMargin: o.bookMargin ?? 0 } : {}),
    ...(o.randomOpening !== undefined ? { randomOpening: [o.randomOpening[0], o.randomOpening[1]] as const } : {}),
  };
  if (o.book !== undefined) {
    const r = readBookFile(o.book);
    if (!r.ok) throw new SelfplayError(r.error);
  }
  mkdirSync(o.outDir, { recursive: true });
  const gamesFile = join(o.outDir, 'games.txt');
  const csvFile = join(o.outDir, 'games.csv');
  const runFile = join(o.outDir, 'run.json');
  // run.json: every setting that decides the games (the builds folder does not; in data mode,
  // the random opening replaces the openings, randomness and random plies, which do not count).
  const { buildsDir: _where, ...decisive } = settings;
  const recorded: Partial<typeof decisive> = { ...decisive };
  if (settings.randomOpening !== undefined) {
    delete recorded.randomness;
    delete recorded.randomPlies;
    delete recorded.openings;
  }

  const existing = readGameFile(gamesFile);
  if (existing.games.length > 0 || existsSync(runFile)) {
    if (!o.resume) throw new SelfplayError(`${o.outDir} already holds a self-play run (${existing.games.length} games); pass --resume to continue it or choose another --out`);
    if (existsSync(runFile)) {
      const before = readJson(runFile);
      for (const [k, v] of Object.entries(recorded)) {
        if (JSON.stringify(before[k]) !== JSON.stringify(v)) {
          throw new SelfplayError(`cannot resume ${o.outDir}: its ${k} was ${JSON.stringify(before[k])}, now ${JSON.stringify(v)}`);
        }
      }
    }
  }
  checkRecordedGames(gamesFile, existing, build, o.seed, o.games);
  writeFileAtomic(runFile, `${JSON.stringify(recorded, null, 2)}\n`);
  // An append cut short by a crash leaves a partial line: drop it (its game is played again), so
  // it is never closed into a line that a later read would take as whole.
  if (existing.partialLastLine) {
    const text = readFileSync(gamesFile, 'utf8');
    writeFileAtomic(gamesFile, text.slice(0, text.lastIndexOf('\n') + 1));
  }

  const byIndex = new Map<number, GameRecord>();
  // checkRecordedGames refused duplicates and indices outside 0..games-1.
  for (const g of existing.games) byIndex.set(g.index, g);
  const todo: number[] = [];
  for (let i = 0; i < o.games; i++) if (!byIndex.has(i)) todo.push(i);

  const workers = Math.max(1, Math.min(o.workers, todo.length || 1));
  const size = o.batchSize ?? Math.max(1, Math.min(16, Math.ceil(todo.length / (workers * 4))));
  const jobs = batches(todo, size).map((keys, job) => ({ keys, payload: job }));
  const t0 = performance.now();
  let played = 0;
  const pool = todo.length === 0 ? { delivered: 0, interrupted: false, failed: [] } : await runJobs<number, GameRecord>({
    workers,
    jobs,
    signal: o.signal,
    onRetry: o.onRetry,
    makeTask: (job, keys, attempt) => ({
      kind: 'selfplay', settings, keys,
      crashAfter: o.testCrash && o.testCrash.job === job && attempt === 0 ? o.testCrash.after : undefined,
    }),
    onItem: (key, game) => {
      appendFileSync(gamesFile, formatGameLine(game));
      byIndex.set(key, game);
      played++;
      o.onGame?.(game, byIndex.size, o.games);
    },
  }, o.queue, 'selfplay', [resolve(o.outDir), recorded], { dir: o.buildsDir, ids: [build] });
  const seconds = (performance.now() - t0) / 1000;

  const all = [...byIndex.values()].sort((a, b) => a.index - b.index);
  const complete = all.length === o.games;
  // Comment lines are kept: then the file is left in finishing order rather than rewritten.
  if (complete && !pool.interrupted && existing.comments === 0) {
    // Sorted by index: the same file whatever the worker count or the order games finished in.
    writeFileAtomic(gamesFile, all.map(formatGameLine).join(''));
  }
  writeFileAtomic(csvFile, gamesCsv(all));
  const positionsFile = o.randomOpening !== undefined ? join(o.outDir, 'positions.spos') : undefined;
  const positions = positionsFile !== undefined ? writeDataPositions(all, positionsFile, o.exact).positions : undefined;
  let blackWins = 0, draws = 0, whiteWins = 0, sum = 0;
  for (const g of all) {
    if (g.blackScore > 0) blackWins++;
    else if (g.blackScore < 0) whiteWins++;
    else draws++;
    sum += g.blackScore;
  }
  return {
    gamesFile, csvFile, positionsFile, positions, games: all.length, played, seconds,
    gamesPerMinute: seconds > 0 ? (played * 60) / seconds : 0,
    blackWins, draws, whiteWins, meanBlackScore: all.length ? sum / all.length : 0,
    complete, interrupted: pool.interrupted, failed: pool.failed, build,
  };
}

/**
 * Refuses a recorded game file that our rules or this run contradict, naming the file and line:
 * a damaged line (a cut-short last line excepted), a transcript that does not finish its game or
 * does not end with the recorded score, another build or seed, an index outside 0..games-1
 * (a --games below what is recorded included), or an index recorded twice.
 */
function checkRecordedGames(file: string, f: GameFile, build: string, seed: number, games: number): void {
  const bad = f.invalid.find((l) => !(f.partialLastLine && l.error.startsWith('incomplete last line')));
  if (bad) throw new SelfplayError(`${file}:${bad.line}: ${bad.error}; fix or remove the line to resume`);
  const lineOf = new Map<number, number>();
  let highest = -1;
  f.games.forEach((g, i) => {
    const where = `${file}:${f.gameLines[i]}`;
    const replay = parseTranscript(formatTranscript(g.moves));
    const score = replay.ok ? finishedBlackScore(replay.value.position) : null;
    if (score === null) throw new SelfplayError(`${where}: game ${g.index} does not finish the game`);
    if (score !== g.blackScore) throw new SelfplayError(`${where}: game ${g.index} is recorded as ${g.blackScore > 0 ? '+' : ''}${g.blackScore}, but its transcript ends ${score > 0 ? '+' : ''}${score}`);
    if (g.build !== build || g.seed !== seed) throw new SelfplayError(`${where}: game ${g.index} was played by build ${g.build} with seed ${g.seed}, this run is build ${build} with seed ${seed}`);
    const twice = lineOf.get(g.index);
    if (twice !== undefined) throw new SelfplayError(`${where}: game ${g.index} is also on line ${twice}`);
    lineOf.set(g.index, f.gameLines[i]);
    highest = Math.max(highest, g.index);
  });
  if (highest >= games) {
    const where = `${file}:${lineOf.get(highest)}`;
    throw new SelfplayError(`${where}: game index ${highest} is outside this run's 0..${games - 1}; ${file} holds games up to ${highest}, so resume with --games ${highest + 1} or more`);
  }
}

export function gamesCsv(games: readonly GameRecord[]): string {
  return stringify(games.map((g) => ({
    index: g.index,
    opening: formatTranscript(g.moves.slice(0, g.openingPlies)),
    transcript: formatTranscript(g.moves),
    black_score: g.blackScore,
    winner: g.blackScore > 0 ? 'black' : g.blackScore < 0 ? 'white' : 'draw',
    moves: g.moves.length,
    build: g.build,
    seed: g.seed,
  })), { header: true, columns: ['index', 'opening', 'transcript', 'black_score', 'winner', 'moves', 'build', 'seed'] });
}
