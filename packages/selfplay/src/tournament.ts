// Tournaments: round robin (every pair) or gauntlet (the first player against each other), every
// opening played twice with the colours swapped. Games between engine builds run on the pool;
// games involving an external GTP program run in the main thread (the program is a child process
// anyway). Each game is appended to the CSV as it finishes; standings give score %, W/D/L, mean
// disc difference and Elo with its 95% interval (elo.ts). The run's settings are recorded beside
// the CSV (`<csv>.settings.json`), so `--resume` refuses a run whose settings changed, naming each
// one; a larger `--games` extends a run (its recorded games keep their places in the schedule).
// With an SPRT (match/sprt.ts, two players only) the games are counted in colour-swapped pairs
// and the match stops once the test decides; the decision rests on the leading complete
// pairs of the schedule, so it is the same whichever games finished first, and it is recomputed
// from the CSV on --resume (a decided run plays nothing more). In a gauntlet each pairing has its
// own test, and the pairings are played one after another. With a time control (match/clock.ts)
// every game is played on a clock and a side that overruns it loses on time; with exact
// adjudication games end by the solver's score (match/adjudication.ts). A results file is not
// trusted: every game read back is replayed by our rules, and a line whose discs, score or result
// do not follow from its transcript (an adjudicated score: from a solve of its last position) is
// refused with its line number. With `archivePath` every game is also appended to a GGF (Othello)
// or SGF (Go) archive (archive/), kept in step with the CSV on --resume. Othello is built in;
// another game (Go) plugs in through `game` (tournament-game.ts): its games are played in the
// main thread or on the pool by its own task, written and read back by its own CSV columns and
// rules, and archived in its own format.
import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Position, formatTranscript, parseTranscript, squareName } from '@sente/core';
import { stringify } from 'csv-stringify/sync';
import { writeFileAtomic } from '@sente/search';
import { eloEstimate, type EloEstimate } from './elo.js';
import { finishedBlackScore } from './gamefile.js';
import { emptyPentanomial, halfPoints, type Pentanomial } from './match/pentanomial.js';
import { PairedSprt, type SprtState, type SprtTest } from './match/sprt.js';
import { moveEventWriter } from './match/events.js';
import { engineFor } from './engines.js';
import { enginePlayer } from './engine-player.js';
import { createGtpPlayer } from './gtp-player.js';
import type { GamePlayer } from './player.js';
import type { EngineSpec, GtpSpec, PlayerSpec } from './players.js';
import { runJobs, type QueueSettings } from './jobs.js';
import { batches } from './pool.js';
import { seededRandom } from './random.js';
import { refereeGame, type GameOutcome } from './referee.js';
import { isForfeit, type TournamentGame } from './tournament-game.js';
import { openArchive, type GameArchive } from './archive/archive.js';
import { othelloGgfFormat } from './archive/ggf.js';
import type { GoGameDetails } from './go/tournament-game.js';
import { MAX_ADJUDICATE_EXACT, adjudicationProblem, formatAdjudication, type ResignRule } from './match/adjudication.js';
import { formatTimeControl, type TimeControl } from './match/clock.js';
import type { MatchGame, MatchRules } from './worker.js';

export interface ScheduledGame {
  readonly key: number;
  readonly black: number;
  readonly white: number;
  readonly opening: number[];
}

export interface GameResult extends GameOutcome {
  readonly key: number;
  readonly black: string;
  readonly white: string;
  readonly opening: number[];
  /** A Go game's board, komi and scoring details (go/tournament-game.ts). */
  readonly go?: GoGameDetails;
}

/** `count` openings from a list: a seeded shuffle, so a tournament's openings vary with its seed. */
export function pickOpenings(list: readonly number[][], count: number, seed: number): number[][] {
  const order = list.map((_, i) => i);
  const random = seededRandom(seed, 0x0fe);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const out: number[][] = [];
  for (let i = 0; i < count; i++) out.push(list[order[i % order.length]]);
  return out;
}

/** Pairings, each playing `gamesPerPair` games: opening k/2, colours alternating. */
export function schedule(players: number, gamesPerPair: number, openings: readonly number[][], gauntlet: boolean): ScheduledGame[] {
  const pairs: [number, number][] = [];
  if (gauntlet) for (let j = 1; j < players; j++) pairs.push([0, j]);
  else for (let i = 0; i < players; i++) for (let j = i + 1; j < players; j++) pairs.push([i, j]);
  const out: ScheduledGame[] = [];
  for (const [a, b] of pairs) {
    for (let k = 0; k < gamesPerPair; k++) {
      const opening = openings[Math.floor(k / 2) % openings.length];
      out.push({ key: out.length, black: k % 2 === 0 ? a : b, white: k % 2 === 0 ? b : a, opening });
    }
  }
  return out;
}

export interface TournamentOptions {
  readonly players: readonly PlayerSpec[];
  readonly gamesPerPair: number;
  readonly openings: readonly number[][];
  readonly gauntlet?: boolean;
  readonly workers: number;
  readonly buildsDir: string;
  readonly csvPath?: string;
  /** Continue the tournament recorded in an existing CSV: its games are kept and skipped. */
  readonly resume?: boolean;
  /** Replace an existing CSV (default: refuse). */
  readonly overwriteCsv?: boolean;
  /** Longest wait for a move of an external program (ms). */
  readonly moveTimeoutMs?: number;
  /** Play every game on this clock (match/clock.ts); a side that overruns it loses on time. */
  readonly timeControl?: TimeControl;
  /** How far below zero a clock may go before its side loses (ms, default 0). */
  readonly timeMarginMs?: number;
  /** End games by the exact solver's score from this many empties (referee.ts). */
  readonly adjudicateExact?: number;
  /** End games whose loser both engines agree on (match/adjudication.ts). */
  readonly adjudicateResign?: ResignRule;
  readonly signal?: AbortSignal;
  /** Run the engine games on the BullMQ/Redis queue instead of the local pool. */
  readonly queue?: QueueSettings;
  /** Stop when this SPRT decides (first player tested against the second; exactly two players), or
   *  in a gauntlet each pairing when its own test decides (the first player tested in each). */
  readonly sprt?: SprtTest;
  /** Each finished game (also each game read back on resume: `replayed`), with the SPRT state when there is one. */
  readonly onGame?: (result: GameResult, done: number, total: number, sprt?: SprtState, replayed?: boolean) => void;
  /**
   * Settings of the run beyond what these options hold (the command line's --depth, --seed, ...),
   * recorded with the results; `resume` refuses a change. Values must be JSON.
   */
  readonly settings?: Readonly<Record<string, unknown>>;
  /** The game, when it is not Othello (go/tournament-game.ts): its games are played in the main thread. */
  readonly game?: TournamentGame;
  /** Append every finished game to this archive (GGF for Othello, SGF for Go); kept in step on --resume. */
  readonly archivePath?: string;
  /** Replace an existing archive (default: refuse). */
  readonly overwriteArchive?: boolean;
  /** Othello archives: the time control written to each game's TI (e.g. "depth 4"). */
  readonly archiveTimeControl?: string;
  /** Append each move of the games in progress to this file (match/events.ts), for live watchers. On the queue only a flag travels: workers report the moves as job progress and the coordinator appends them here. */
  readonly eventsPath?: string;
  /** Starts an external player (default: createGtpPlayer). */
  readonly startGtp?: (command: string, options: { timeoutMs?: number; name?: string }) => Promise<GamePlayer>;
}

export const CSV_COLUMNS = [
  'game', 'black', 'white', 'opening', 'transcript', 'black_discs', 'white_discs', 'black_score', 'result', 'reason',
  'black_moves', 'black_ms', 'white_moves', 'white_ms',
  'move_ms', 'black_clock_ms', 'white_clock_ms',
];
/**
 * Earlier headers, still read and resumed (widened to the current columns): without thinking
 * times (10 columns), without per-move times and clocks (14).
 */
const OLD_CSV_WIDTHS = [10, 14];

/** The CSV record of one finished game (time fields empty when unknown; clocks empty without a time control). */
function csvRecord(r: GameResult): (string | number)[] {
  const t = r.time;
  return [
    r.key, r.black, r.white, formatTranscript(r.opening), formatTranscript(r.moves), r.blackDiscs, r.whiteDiscs, r.blackScore, r.result, r.reason,
    t?.blackMoves ?? '', t?.blackMs ?? '', t?.whiteMoves ?? '', t?.whiteMs ?? '',
    r.moveMs ? r.moveMs.join(' ') : '', r.clockMs?.[0] ?? '', r.clockMs?.[1] ?? '',
  ];
}

export interface TournamentSummary {
  readonly results: GameResult[];
  readonly total: number;
  readonly interrupted: boolean;
  readonly failed: { keys: number[]; error: string }[];
  /** External programs that could not be started in this run (each lost its games by forfeit). */
  readonly notStarted: { player: string; command: string; error: string }[];
  /** The SPRT's final state, when the tournament ran one (of the first pairing in a gauntlet). */
  readonly sprt?: SprtState;
  /** Each pairing's SPRT state (gauntlet order), when the tournament ran one. */
  readonly sprts?: SprtState[];
  /** The games the standings count: all of them, or with an SPRT those its decision rests on. */
  readonly counted: GameResult[];
  /** The archive written, when there is one. */
  readonly archivePath?: string;
}

/** Which pair of its pairing a scheduled game belongs to, and which of the two games it is. */
export function pairOf(key: number, gamesPerPair: number): { pairing: number; pair: number; game: 0 | 1 } {
  const k = key % gamesPerPair;
  return { pairing: Math.floor(key / gamesPerPair), pair: Math.floor(k / 2), game: (k % 2) as 0 | 1 };
}

export async function runTournament(o: TournamentOptions): Promise<TournamentSummary> {
  if (o.players.length < 2) throw new Error('a tournament needs at least two players');
  // Numbers from other code are checked here too: 0 or NaN workers would play nothing, a huge game count exhausts memory.
  if (!Number.isInteger(o.gamesPerPair) || o.gamesPerPair < 1 || o.gamesPerPair > 1_000_000) throw new Error(`games per pairing must be a whole number from 1 to 1000000, got ${o.gamesPerPair}`);
  if (!Number.isInteger(o.workers) || o.workers < 1) throw new Error(`workers must be a whole number ≥ 1, got ${o.workers}`);
  if (o.moveTimeoutMs !== undefined && !(o.moveTimeoutMs > 0)) throw new Error(`move timeout must be a number of ms > 0, got ${o.moveTimeoutMs}`);
  if (o.sprt && o.players.length !== 2 && !o.gauntlet) throw new Error(`an SPRT tests one player against one other, or the first against each other in a gauntlet: give exactly two players or --gauntlet (got ${o.players.length} in a round robin)`);
  if (o.sprt && o.gamesPerPair < 2) throw new Error('an SPRT needs at least one pair of games (--games 2 or more)');
  // The referee checks these too, but per game: refused here, before a CSV is written.
  const tc = o.timeControl;
  if (tc && !(Number.isInteger(tc.moves) && tc.moves >= 0 && tc.baseMs >= 1 && tc.incrementMs >= 0)) throw new Error(`a time control needs moves >= 0, a time >= 1 ms and an increment >= 0 ms, got ${JSON.stringify(tc)}`);
  if (o.timeMarginMs !== undefined && !(o.timeMarginMs >= 0)) throw new Error(`time margin must be a number of ms >= 0, got ${o.timeMarginMs}`);
  const ax = o.adjudicateExact;
  if (ax !== undefined && !(Number.isInteger(ax) && ax >= 0 && ax <= MAX_ADJUDICATE_EXACT)) throw new Error(`exact adjudication needs a whole number of empties from 0 to ${MAX_ADJUDICATE_EXACT}, got ${ax}`);
  const games = schedule(o.players.length, o.gamesPerPair, o.openings, o.gauntlet ?? false);
  const pairings = Math.ceil(games.length / o.gamesPerPair);
  // One test per pairing (a two-player match has one pairing); the first player is tested in each.
  const sprts = o.sprt ? Array.from({ length: pairings }, () => new PairedSprt(o.sprt!, Math.floor(o.gamesPerPair / 2))) : null;
  const sprtOf = (key: number): PairedSprt | undefined => sprts?.[pairOf(key, o.gamesPerPair).pairing];
  const feed = (r: GameResult): void => {
    const sprt = sprtOf(r.key);
    if (!sprt) return;
    const { pair, game } = pairOf(r.key, o.gamesPerPair);
    sprt.add(pair, game, halfPoints(r.black === o.players[0].name ? r.blackScore : -r.blackScore));
  };
  const results: GameResult[] = [];
  const columns = o.game?.csvColumns ?? CSV_COLUMNS;
  const toRecord = o.game ? (r: GameResult) => o.game!.csvRecord(r) : csvRecord;
  if (o.csvPath) {
    const exists = existsSync(o.csvPath) && statSync(o.csvPath).size > 0;
    const sidecar = tournamentSettingsPath(o.csvPath);
    const settings = runSettings(o);
    if (exists && o.resume) {
      if (existsSync(sidecar)) {
        let before: Record<string, unknown>;
        try {
          before = JSON.parse(readFileSync(sidecar, 'utf8')) as Record<string, unknown>;
        } catch (e) {
          throw new Error(`cannot resume ${o.csvPath}: its settings file ${sidecar} is unreadable (${(e as Error).message})`);
        }
        const changed = settingsChanges(extendable(before, settings), settings);
        if (changed.length > 0) throw new Error(`cannot resume ${o.csvPath} with other settings (recorded in ${sidecar}):\n${changed.map((c) => `  --resume: ${c}`).join('\n')}`);
      }
      for (const r of readResultsCsv(o.csvPath, games, o.players, o.game)) results.push(r);
      // Its games matched the schedule: the settings are recorded as they are now (a run extended by
      // a larger --games keeps its new length; a run from before settings were recorded gets its file).
      writeFileAtomic(sidecar, `${JSON.stringify(settings, null, 2)}\n`);
    } else {
      if (exists && !o.overwriteCsv) throw new Error(`${o.csvPath} already exists; choose another --csv (results are never overwritten)`);
      writeFileAtomic(sidecar, `${JSON.stringify(settings, null, 2)}\n`);
      writeFileSync(o.csvPath, stringify([], { header: true, columns: [...columns] }));
    }
  }
  // After the CSV, so a resumed archive is checked against (and completed from) the games read back.
  const archive: GameArchive | null = o.archivePath === undefined ? null : openArchive(o.archivePath, o.game?.archive ?? othelloGgfFormat(o.archiveTimeControl), {
    resume: o.resume ?? false, overwrite: o.overwriteArchive ?? false, results,
  });
  const already = new Set(results.map((r) => r.key));
  results.forEach((r, i) => {
    feed(r);
    o.onGame?.(r, i + 1, games.length, sprtOf(r.key)?.state(), true);
  });
  const decided = (key: number): boolean => sprtOf(key)?.state().decision != null;
  // Stops the games in flight when the user interrupts or the SPRT decides.
  let halt = new AbortController();
  const onUserAbort = (): void => halt.abort();
  o.signal?.addEventListener('abort', onUserAbort, { once: true });
  const record = (g: ScheduledGame, outcome: GameOutcome & Pick<GameResult, 'go'>): void => {
    const r: GameResult = { ...outcome, key: g.key, black: o.players[g.black].name, white: o.players[g.white].name, opening: g.opening };
    results.push(r);
    // A game finished after the decision is still kept in the CSV (it was played), not counted.
    if (o.csvPath) {
      appendFileSync(o.csvPath, stringify([toRecord(r)]));
    }
    archive?.append(r);
    feed(r);
    o.onGame?.(r, results.length, games.length, sprtOf(r.key)?.state());
    if (decided(g.key)) halt.abort();
  };
  const rules: MatchRules = { timeControl: o.timeControl, timeMarginMs: o.timeMarginMs, adjudicateExact: o.adjudicateExact, adjudicateResign: o.adjudicateResign };
  const notStarted: TournamentSummary['notStarted'] = [];
  const failed: TournamentSummary['failed'] = [];
  let poolInterrupted = false;
  // With a test per pairing of a gauntlet, the pairings are played one after the other, each
  // stopped at its own decision; otherwise all games at once.
  const stages = sprts && pairings > 1 ? Array.from({ length: pairings }, (_, p) => games.filter((g) => pairOf(g.key, o.gamesPerPair).pairing === p)) : [games];
  try {
    for (const stage of stages) {
      // A program that cannot start stops the run (as cutechess does): fix it, then --resume.
      if (o.signal?.aborted || notStarted.length > 0) break;
      halt = new AbortController();
      const todo = stage.filter((g) => !already.has(g.key) && !decided(g.key));
      if (todo.length === 0) continue;
      // The queue run's name: a run without a CSV cannot be resumed, so it is its own; the rules
      // are part of it, so a run never adopts games played under others.
      const identity = [o.csvPath ? resolve(o.csvPath) : `no-csv-${randomUUID()}`, stage === games ? games : stage, o.players, rules];
      const stageDecided = (): boolean => stage.length > 0 && decided(stage[0].key);
      const played = await playGames(todo, o, rules, halt.signal, record, notStarted, identity, stageDecided);
      failed.push(...played.failed);
      const stoppedBySprt = stageDecided();
      if (played.interrupted && !stoppedBySprt && notStarted.length === 0) poolInterrupted = true;
    }
  } finally {
    o.signal?.removeEventListener('abort', onUserAbort);
  }
  results.sort((a, b) => a.key - b.key);
  const counted = sprts ? results.filter((r) => sprtOf(r.key)!.counted(pairOf(r.key, o.gamesPerPair).pair)) : results;
  const states = sprts?.map((t) => t.state());
  return {
    results, total: games.length, interrupted: poolInterrupted || (o.signal?.aborted ?? false),
    failed, notStarted, sprt: states?.[0], sprts: states, counted, archivePath: o.archivePath,
  };
}

/** Plays `games` (engine games on the pool, the others in this thread) until done or `signal`. */
async function playGames(
  games: readonly ScheduledGame[], o: TournamentOptions, rules: MatchRules, signal: AbortSignal, record: (g: ScheduledGame, r: GameOutcome & Pick<GameResult, 'go'>) => void,
  notStarted: TournamentSummary['notStarted'], identity: unknown, complete: () => boolean,
): Promise<{ interrupted: boolean; failed: { keys: number[]; error: string }[] }> {
  if (o.signal?.aborted) return { interrupted: true, failed: [] };
  const isEngine = (g: ScheduledGame): boolean => (o.game
    ? o.game.pooled?.(o.players[g.black], o.players[g.white]) ?? false
    : o.players[g.black].kind === 'engine' && o.players[g.white].kind === 'engine');
  const pooled = games.filter((g) => isEngine(g));
  const local = games.filter((g) => !isEngine(g));
  const byKey = new Map(games.map((g) => [g.key, g]));
  // The game in which a program failed to start is recorded (it lost it); no other game starts.
  const stopAll = new AbortController();
  const onSignal = (): void => stopAll.abort();
  signal.addEventListener('abort', onSignal, { once: true });
  if (signal.aborted) stopAll.abort();
  const poolRun = pooled.length === 0 ? Promise.resolve({ delivered: 0, interrupted: false, failed: [] }) : runJobs<MatchGame[], GameOutcome>({
    workers: Math.max(1, Math.min(o.workers, pooled.length)),
    jobs: batches(pooled.map((g) => g.key), Math.max(1, Math.min(8, Math.ceil(pooled.length / (o.workers * 4))))).map((keys) => ({
      keys,
      payload: keys.map((k) => {
        const g = byKey.get(k)!;
        return { key: k, black: o.players[g.black] as EngineSpec, white: o.players[g.white] as EngineSpec, opening: g.opening };
      }),
    })),
    makeTask: (payload, keys) => {
      const left = payload.filter((g) => keys.includes(g.key));
      return o.game?.poolTask ? o.game.poolTask(left) : { kind: 'match', buildsDir: o.buildsDir, games: left, rules, events: o.queue ? undefined : o.eventsPath, liveEvents: o.queue && o.eventsPath ? true : undefined };
    },
    onItem: (key, outcome) => record(byKey.get(key)!, outcome),
    signal: stopAll.signal,
    complete,
    // Another game's jobs stay on the local pool (the queue's workers replay Othello games).
  }, o.game || !o.queue ? undefined : { ...o.queue, fresh: !o.resume, ...(o.eventsPath ? { events: o.eventsPath } : {}) }, 'tournament', identity, {
    dir: o.buildsDir, ids: pooled.flatMap((g) => [o.players[g.black], o.players[g.white]]).flatMap((p) => (p.kind === 'engine' ? [p.build] : [])),
  });
  const localRun = playLocal(local, { ...o, signal: stopAll.signal }, rules, record, (spec, error) => {
    if (!notStarted.some((n) => n.player === spec.name)) notStarted.push({ player: spec.name, command: spec.command, error });
    stopAll.abort();
  });
  const [pool] = await Promise.all([poolRun, localRun]);
  signal.removeEventListener('abort', onSignal);
  return { interrupted: pool.interrupted, failed: pool.failed };
}

/** Where a tournament CSV's settings are recorded. */
export function tournamentSettingsPath(csvPath: string): string {
  return `${csvPath}.settings.json`;
}

/** Everything that decides a tournament's games, as JSON-ready data. */
function runSettings(o: TournamentOptions): Record<string, unknown> {
  return {
    ...o.settings,
    ...(o.game ? { game: o.game.name } : {}),
    games: o.gamesPerPair,
    gauntlet: o.gauntlet ?? false,
    sprt: o.sprt ?? null,
    tc: o.timeControl ? formatTimeControl(o.timeControl) : null,
    timeMargin: o.timeControl ? (o.timeMarginMs ?? 0) : null,
    adjudicate: formatAdjudication({ exact: o.adjudicateExact, resign: o.adjudicateResign }) || null,
    players: o.players.map((p) => ({ ...p })),
    openingMoves: o.openings.map((m) => formatTranscript(m)),
  };
}

/**
 * The recorded settings as they stand when a resume only makes the run longer: more games
 * (`--games` larger than recorded) between two players (one pairing, so the games already played
 * keep their numbers), with the recorded openings the first of the new ones. readResultsCsv checks
 * each recorded game against the new schedule. Anything else is left as recorded, for
 * settingsChanges to report.
 */
function extendable(before: Record<string, unknown>, now: Record<string, unknown>): Record<string, unknown> {
  if (typeof before.games !== 'number' || typeof now.games !== 'number' || now.games <= before.games) return before;
  if (!Array.isArray(now.players) || now.players.length !== 2) return before;
  const [b, n] = [before.openingMoves, now.openingMoves];
  const prefix = Array.isArray(b) && Array.isArray(n) && b.length <= n.length && b.every((m, i) => m === n[i]);
  return prefix ? { ...before, games: now.games, openingMoves: n } : { ...before, games: now.games };
}

function show(v: unknown): string {
  return v === undefined || v === null ? 'unset' : typeof v === 'string' ? v : JSON.stringify(v);
}

/** Each setting that differs between a recorded run and this one, as "depth was 1, now 3". */
export function settingsChanges(before: Record<string, unknown>, now: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const key of new Set([...Object.keys(before), ...Object.keys(now)])) {
    const [b, n] = [before[key], now[key]];
    if (JSON.stringify(b ?? null) === JSON.stringify(n ?? null)) continue;
    if (key === 'players' && Array.isArray(b) && Array.isArray(n) && b.length === n.length) {
      b.forEach((pb: Record<string, unknown>, i) => {
        const pn = n[i] as Record<string, unknown>;
        for (const field of new Set([...Object.keys(pb), ...Object.keys(pn)])) {
          if (JSON.stringify(pb[field] ?? null) !== JSON.stringify(pn[field] ?? null)) {
            out.push(`player ${i + 1} (${show(pb.name)}) ${field} was ${show(pb[field])}, now ${show(pn[field])}`);
          }
        }
      });
    } else if (key === 'players' && Array.isArray(b) && Array.isArray(n)) {
      out.push(`players were ${b.map((p: { name?: unknown }) => show(p.name)).join(', ')}, now ${n.map((p: { name?: unknown }) => show(p.name)).join(', ')}`);
    } else if (key === 'openingMoves' && Array.isArray(b) && Array.isArray(n)) {
      const i = b.findIndex((m, k) => m !== n[k]);
      out.push(`the openings played differ (${b.length} before, ${n.length} now; first difference at opening ${(i < 0 ? Math.min(b.length, n.length) : i) + 1})`);
    } else {
      out.push(`${key} was ${show(b)}, now ${show(n)}`);
    }
  }
  return out;
}

/** Games with an external program, in the main thread, a few at a time. */
async function playLocal(
  games: ScheduledGame[], o: TournamentOptions, rules: MatchRules, record: (g: ScheduledGame, r: GameOutcome & Pick<GameResult, 'go'>) => void,
  onStartFailure: (spec: GtpSpec, error: string) => void,
): Promise<void> {
  if (games.length === 0) return;
  const queue = [...games];
  const lane = async (lane: number): Promise<void> => {
    for (let g = queue.shift(); g !== undefined && !o.signal?.aborted; g = queue.shift()) {
      if (o.game) {
        record(g, await o.game.play(g, o.players[g.black], o.players[g.white], { moveTimeoutMs: o.moveTimeoutMs, signal: o.signal, onStartFailure }));
        continue;
      }
      const players: GamePlayer[] = [];
      let outcome: GameOutcome;
      try {
        for (const [idx, slot] of [[g.black, 0], [g.white, 1]] as const) {
          const spec = o.players[idx];
          if (spec.kind === 'engine') {
            players.push(enginePlayer(spec.name, engineFor(o.buildsDir, spec.build, lane * 2 + slot, 8, spec.book, spec.threads), spec));
          } else if (spec.kind === 'gtp') {
            const start = o.startGtp ?? createGtpPlayer;
            try {
              players.push(await start(spec.command, { timeoutMs: o.moveTimeoutMs, name: spec.name }));
            } catch (e) {
              onStartFailure(spec, (e as Error).message);
              throw new StartError(slot, (e as Error).message);
            }
          } else {
            throw new Error(`player ${spec.name} is not an Othello player`);
          }
        }
        const onMove = o.eventsPath ? moveEventWriter(o.eventsPath, g.key, o.players[g.black].name, o.players[g.white].name) : undefined;
        outcome = await refereeGame(players[0], players[1], g.opening, { ...rules, moveTimeoutMs: o.moveTimeoutMs, game: g.key, onMove });
      } catch (e) {
        // A program that does not start loses the game (the other side wins by forfeit).
        const loserBlack = e instanceof StartError ? e.slot === 0 : true;
        outcome = {
          moves: [...g.opening], blackDiscs: 0, whiteDiscs: 0, blackScore: loserBlack ? -64 : 64,
          result: loserBlack ? '0-1' : '1-0', reason: `crash (${loserBlack ? 'black' : 'white'}, start): ${(e as Error).message}`.replace(/\s*\n\s*/g, ' / '),
          time: { blackMoves: 0, blackMs: 0, whiteMoves: 0, whiteMs: 0 },
        };
      } finally {
        await Promise.allSettled(players.map((p) => p.close()));
      }
      record(g, outcome);
    }
  };
  // On a clock, a built-in engine thinking in this thread holds up the event loop, so the other
  // lanes' programs would be charged for its search: such games are played one at a time.
  const engineHere = games.some((g) => o.players[g.black].kind === 'engine' || o.players[g.white].kind === 'engine');
  const lanes = o.timeControl && engineHere ? 1 : Math.max(1, Math.min(o.game?.localLanes ?? o.workers, games.length));
  await Promise.all(Array.from({ length: lanes }, (_, i) => lane(i)));
}

/**
 * One line of our results CSV (csv-stringify quotes a field holding a comma or a quote, doubling
 * the quotes; reasons are kept to one line, so a record is one line).
 */
export function parseCsvLine(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  for (;;) {
    if (line[i] === '"') {
      let field = '';
      i++;
      for (;;) {
        const q = line.indexOf('"', i);
        if (q < 0) throw new Error('unterminated quoted field');
        field += line.slice(i, q);
        if (line[q + 1] === '"') { field += '"'; i = q + 2; } else { i = q + 1; break; }
      }
      out.push(field);
    } else {
      const c = line.indexOf(',', i);
      out.push(c < 0 ? line.slice(i) : line.slice(i, c));
      i = c < 0 ? line.length : c;
    }
    if (i >= line.length) return out;
    if (line[i] !== ',') throw new Error(`unexpected "${line[i]}" after a quoted field`);
    i++;
  }
}

/**
 * The records of a results CSV split into lines (`all[0]`, the header, checked by the caller):
 * each non-empty line with its place (`path:line`) and its fields; a line that does not parse, or
 * has other than `width` fields, is refused with its place.
 */
export function csvRecords(all: readonly string[], path: string, width: number): { where: string; line: string; fields: string[] }[] {
  const out: { where: string; line: string; fields: string[] }[] = [];
  for (let i = 1; i < all.length; i++) {
    if (all[i].trim() === '') continue;
    const where = `${path}:${i + 1}`;
    let fields: string[];
    try {
      fields = parseCsvLine(all[i]);
    } catch (e) {
      throw new Error(`${where}: ${(e as Error).message}`);
    }
    if (fields.length !== width) throw new Error(`${where}: ${fields.length} fields, expected ${width}`);
    out.push({ where, line: all[i], fields });
  }
  return out;
}

/** A tournament CSV read back: its games in file order, and whether it must be rewritten to the current columns. */
interface ParsedResults {
  readonly results: GameResult[];
  /** Every non-empty record line as it is in the file (duplicates included). */
  readonly lines: string[];
  /** Written before the current columns existed (fewer of them). */
  readonly old: boolean;
  /** How many columns its header has. */
  readonly width: number;
  /** The last line was cut short (by a crash) and dropped. */
  readonly truncated: boolean;
}

function parseResultsCsv(path: string): ParsedResults {
  const text = readFileSync(path, 'utf8');
  const all = text.split('\n');
  const truncated = text.length > 0 && !text.endsWith('\n');
  // A last line cut short by a crash is dropped (its game is played again).
  if (truncated) all.pop();
  const width = [...OLD_CSV_WIDTHS, CSV_COLUMNS.length].find((n) => all[0] === CSV_COLUMNS.slice(0, n).join(','));
  if (width === undefined) throw new Error(`${path} is not a tournament results file (header ${all[0].slice(0, 60)})`);
  const old = width < CSV_COLUMNS.length;
  const columns = CSV_COLUMNS.slice(0, width);
  const results: GameResult[] = [];
  const lines: string[] = [];
  for (const { where, line, fields: f } of csvRecords(all, path, columns.length)) {
    const key = Number(f[0]);
    const opening = parseTranscript(f[3]);
    const moves = parseTranscript(f[4]);
    if (!Number.isInteger(key) || key < 0) throw new Error(`${where}: game number "${f[0]}" is not a whole number`);
    if (!opening.ok) throw new Error(`${where}: opening: ${opening.error.message}`);
    if (!moves.ok) throw new Error(`${where}: transcript: ${moves.error.message}`);
    const numbers = [f[5], f[6], f[7]].map(Number);
    if (!numbers.every(Number.isInteger)) throw new Error(`${where}: the disc counts and score are not whole numbers`);
    // The four time fields are all empty (not recorded) or all counts.
    const t = f.slice(10, 14);
    const time = t.length > 0 && !t.every((v) => v === '') ? { blackMoves: Number(t[0]), blackMs: Number(t[1]), whiteMoves: Number(t[2]), whiteMs: Number(t[3]) } : undefined;
    if (time && !t.every((v) => v !== '' && Number.isFinite(Number(v)) && Number(v) >= 0)) throw new Error(`${where}: the time fields are not counts`);
    // Per-move times: one whole number of ms for each move after the opening; clocks: ms left (may be below zero within the margin).
    let moveMs: number[] | undefined;
    if (f[14] !== undefined && f[14] !== '') {
      moveMs = f[14].split(' ').map(Number);
      if (!moveMs.every((v) => Number.isInteger(v) && v >= 0)) throw new Error(`${where}: move_ms is not a list of whole numbers of ms`);
    }
    let clockMs: [number, number] | undefined;
    if ((f[15] ?? '') !== '' || (f[16] ?? '') !== '') {
      clockMs = [Number(f[15]), Number(f[16])];
      if (!clockMs.every((v) => Number.isInteger(v)) || f[15] === '' || f[16] === '') throw new Error(`${where}: the clock fields are not whole numbers of ms`);
    }
    const r: GameResult = {
      key, black: f[1], white: f[2], opening: opening.value.moves, moves: moves.value.moves,
      blackDiscs: numbers[0], whiteDiscs: numbers[1], blackScore: numbers[2], result: f[8], reason: f[9], time, moveMs, clockMs,
    };
    const wrong = checkResult(r, moves.value.position);
    if (wrong) throw new Error(`${where}: game ${key}: ${wrong}; the file was changed by hand or damaged`);
    if (moveMs && moveMs.length !== moves.value.moves.length - opening.value.moves.length) {
      throw new Error(`${where}: move_ms has ${moveMs.length} times for ${moves.value.moves.length - opening.value.moves.length} moves after the opening`);
    }
    lines.push(line);
    results.push(r);
  }
  return { results, lines, old, width, truncated };
}

/**
 * Why a result read back does not follow from its own transcript under our rules (null if it
 * does): the opening must start the transcript; a normal game must be over, with the discs, the
 * score (empties to the winner) and the result of its final position; a forfeit must be a 64-disc
 * loss of the colour its reason names (a loss on time, `time`, included), with the discs of the
 * position it stopped in (0-0 for a program that did not start); an adjudicated game must stop
 * where its threshold was first reached, with the exact solver's score of that position.
 */
function checkResult(r: GameResult, end: Position): string | null {
  if (r.opening.some((m, i) => r.moves[i] !== m)) return `the transcript does not start with the opening ${formatTranscript(r.opening)}`;
  let score: number;
  if (r.reason === 'normal') {
    const final = finishedBlackScore(end);
    if (final === null) return 'the reason is normal but the transcript does not finish the game';
    score = final;
  } else if (r.reason.startsWith('adjudicated')) {
    const problem = adjudicationProblem(r.reason, end, r.blackScore, 60 - r.opening.length);
    if (problem) return problem;
    score = r.blackScore;
  } else {
    const m = /^(illegal|crash|timeout|time) \((black|white)/.exec(r.reason);
    if (!m) return `the reason "${r.reason.slice(0, 40)}" is not normal, adjudicated, or illegal, crash, timeout or time with a colour`;
    score = m[2] === 'black' ? -64 : 64;
  }
  const startForfeit = r.reason !== 'normal' && r.reason.includes(', start)') && r.blackDiscs === 0 && r.whiteDiscs === 0;
  if (!startForfeit && (r.blackDiscs !== end.blackCount() || r.whiteDiscs !== end.whiteCount())) {
    return `the discs ${r.blackDiscs}-${r.whiteDiscs} are not those of its final position (${end.blackCount()}-${end.whiteCount()})`;
  }
  if (r.blackScore !== score) return `black_score ${r.blackScore} does not follow from the game (${score > 0 ? '+' : ''}${score})`;
  const result = score > 0 ? '1-0' : score < 0 ? '0-1' : '1/2-1/2';
  if (r.result !== result) return `result ${r.result} does not follow from the game (${result})`;
  return null;
}

/**
 * The games of a tournament CSV (as `sente tournament --csv` writes it, older files without the
 * time columns included), one per game number, in file order. For standings of a finished match.
 */
export function readTournamentResults(path: string): GameResult[] {
  return firstPerGame(parseResultsCsv(path).results);
}

/** The first result of each game number (a game recorded twice counts once). */
function firstPerGame(results: readonly GameResult[]): GameResult[] {
  const seen = new Set<number>();
  return results.filter((r) => !seen.has(r.key) && seen.add(r.key));
}

/**
 * The results already in a tournament CSV, checked against the schedule (same players, openings).
 * A file from before thinking times were recorded, or with a line cut short, is rewritten
 * (atomically) with the time columns added and left empty for its games, so the games appended
 * next fit its header.
 */
function readResultsCsv(path: string, games: readonly ScheduledGame[], players: readonly PlayerSpec[], game?: TournamentGame): GameResult[] {
  const parsed: ParsedResults = game ? { results: game.readResults(path), lines: [], old: false, width: CSV_COLUMNS.length, truncated: false } : parseResultsCsv(path);
  for (const r of parsed.results) {
    const g = games[r.key];
    if (!g || r.black !== players[g.black].name || r.white !== players[g.white].name || formatTranscript(r.opening) !== formatTranscript(g.opening)) {
      throw new Error(`cannot resume from ${path}: game ${r.key} (${r.black} vs ${r.white}, ${formatTranscript(r.opening)}) is not in this tournament's schedule; use the same players, --games, --openings and --seed`);
    }
  }
  if (parsed.old || parsed.truncated) {
    // Keep every line as it was (duplicates included), only widened to the current columns.
    const widen = ','.repeat(CSV_COLUMNS.length - parsed.width);
    writeFileAtomic(path, `${CSV_COLUMNS.join(',')}\n${parsed.lines.map((l) => `${l}${widen}\n`).join('')}`);
  }
  return firstPerGame(parsed.results);
}

class StartError extends Error {
  constructor(readonly slot: number, message: string) { super(message); }
}

export interface Standing {
  readonly name: string;
  readonly elo: EloEstimate;
  /** Mean disc difference from this player's view. */
  readonly meanDiscs: number;
  /** Games lost by forfeit (illegal, crash, timeout). */
  readonly forfeits: number;
  /** Mean wall seconds per move over the games whose times were recorded (null if none were). */
  readonly secondsPerMove: number | null;
}

function tally(results: readonly GameResult[], name: string, against?: string): Standing {
  let w = 0, d = 0, l = 0, discs = 0, forfeits = 0, moves = 0, ms = 0;
  for (const r of results) {
    const asBlack = r.black === name && (against === undefined || r.white === against);
    const asWhite = r.white === name && (against === undefined || r.black === against);
    if (!asBlack && !asWhite) continue;
    const score = asBlack ? r.blackScore : -r.blackScore;
    discs += score;
    if (score > 0) w++;
    else if (score < 0) l++;
    else d++;
    if (isForfeit(r.reason) && r.reason.includes(asBlack ? '(black' : '(white')) forfeits++;
    if (r.time) {
      moves += asBlack ? r.time.blackMoves : r.time.whiteMoves;
      ms += asBlack ? r.time.blackMs : r.time.whiteMs;
    }
  }
  const e = eloEstimate(w, d, l);
  return { name, elo: e, meanDiscs: e.games ? discs / e.games : 0, forfeits, secondsPerMove: moves > 0 ? ms / moves / 1000 : null };
}

/** Each player's result against the whole field, best first. */
export function standings(results: readonly GameResult[], names: readonly string[]): Standing[] {
  return names.map((n) => tally(results, n)).sort((a, b) => b.elo.score - a.elo.score);
}

/**
 * A's result against B counted in colour-swapped pairs (the pentanomial model): only pairs whose
 * two games are both in `results` count. Null when the schedule has no pairs (one game a pairing).
 */
export function pairedHeadToHead(results: readonly GameResult[], a: string, b: string, gamesPerPair: number): Pentanomial | null {
  if (gamesPerPair < 2) return null;
  const halves = new Map<string, number[]>();
  for (const r of results) {
    const asBlack = r.black === a && r.white === b;
    if (!asBlack && !(r.white === a && r.black === b)) continue;
    const { pairing, pair, game } = pairOf(r.key, gamesPerPair);
    if (pair >= Math.floor(gamesPerPair / 2)) continue;
    const id = `${pairing}:${pair}`;
    const h = halves.get(id) ?? [-1, -1];
    h[game] = halfPoints(asBlack ? r.blackScore : -r.blackScore);
    halves.set(id, h);
  }
  const counts = emptyPentanomial();
  for (const [x, y] of halves.values()) if (x >= 0 && y >= 0) counts[x + y]++;
  return counts;
}

/** A's result against B. */
export function headToHead(results: readonly GameResult[], a: string, b: string): Standing {
  return tally(results, a, b);
}

export function describeOpening(moves: readonly number[]): string {
  return moves.map(squareName).join('');
}
