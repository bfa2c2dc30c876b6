// The improvement loop behind `sente improve`: each generation plays self-play games with the
// strongest build, trains a candidate on them (and on every earlier generation's games of the
// run) starting from the strongest's weights, plays it against the strongest, and promotes it
// when the match's SPRT (match/sprt.ts, on colour-swapped game pairs; the match games are its
// maximum) accepts H1 — or, without an SPRT, when the lower end of the Elo gain's 95% interval is
// above zero after the fixed number of games. Every step writes its files
// into the run folder as it goes (games, training CSV, tournament CSV), and report.json and
// report.svg (Elo over generations, training curves) are rewritten after each generation. Giving
// an existing run folder resumes it (same settings required). In data mode (`randomOpening`) the
// self-play games open with a random number of random plies and are then played by best moves; the
// candidate is fitted on their positions after the random part (positions.spos, labelled by the
// final score, exact where the endgame was solved), in the evaluation format asked for. With
// `relabelDepth` those positions are first labelled again by the strongest build's deeper search
// (data/relabel.ts: exact at or below `relabelExact` empties; the ones the game already solved keep
// their label) into the generation's labelled.spos, which the candidate is fitted on instead: the
// recipe gen4 was made by (docs/builds.md).
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { findBuild, readRegistry, strongestId, validBuildId, writeFileAtomic } from '@sente/search';
import { eloEstimate, formatElo, type EloEstimate } from './elo.js';
import type { EpochStats } from './fit.js';
import { DEFAULT_OPENINGS_FILE, readOpeningsFile, type OpeningSource } from './openings.js';
import { setStrongest, updateBuild } from './registry.js';
import { randomOpeningProblem, runSelfplay, type SelfplaySummary } from './selfplay-run.js';
import { relabelPositions } from './data/relabel.js';
import { svgDocument, type Chart } from './svg.js';
import { pickOpenings, runTournament, headToHead } from './tournament.js';
import { resolveGameFile, train, trainSettingsProblem } from './train.js';
import type { QueueSettings } from './jobs.js';
import { sha256File } from './queue/blobs.js';
import { describeDecision, formatLlr, type SprtState, type SprtTest } from './match/sprt.js';

/** A JSON file of the run folder, or an error naming it. */
function readJson<T>(path: string): T {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch (e) {
    throw new Error(`${path} is not valid JSON (${(e as Error).message}); restore it, or choose another --run`);
  }
}

export interface ImproveOptions {
  readonly buildsDir: string;
  /** The run folder (created): runs/<timestamp> by default in the CLI. */
  readonly runDir: string;
  readonly generations: number;
  readonly games: number;
  readonly depth: number;
  readonly exact: number;
  readonly randomness: number;
  readonly randomPlies: number;
  readonly openings: OpeningSource;
  /** Data mode: each self-play game opens with N random plies, N drawn from this range, then best
   *  moves; training uses the positions after the random part (the games' positions.spos). */
  readonly randomOpening?: readonly [number, number];
  /** Data mode: label the positions again by a search of this depth of the strongest build
   *  before fitting (bootstrapping; absent: the games' final scores). */
  readonly relabelDepth?: number;
  /** With relabelDepth: exact labels at or below this many empties (default 16). */
  readonly relabelExact?: number;
  /** Evaluation-table format of the candidates (1, gen3's, by default; 2 adds mobility, potential
   *  mobility and parity tables). */
  readonly format?: 1 | 2;
  /** Most match games (with an SPRT), or the fixed number (without). */
  readonly matchGames: number;
  /** Promote when this SPRT accepts H1 (null or absent: the fixed-count rule). */
  readonly sprt?: SprtTest | null;
  /** Time per move of both match players (equal time: the default of `sente improve`); when
   *  absent the match is played at the fixed `matchDepth` instead. */
  readonly matchTimeMs?: number;
  readonly matchDepth: number;
  readonly matchExact: number;
  readonly epochs: number;
  readonly l2: number;
  readonly neighbour: number;
  /** Penalty tying each weight to the next phase's (train's smooth; absent: none). */
  readonly smooth?: number;
  readonly phases: number;
  readonly validation: number;
  readonly workers: number;
  readonly seed: number;
  /** Prefix of the new builds' ids (generation number appended); default: a resumed run's, else
   *  'i' + the run folder's name. */
  readonly idPrefix?: string;
  /** Train on the games of only the last `window` generations (0 or absent: all of them). */
  readonly window?: number;
  /** Game files trained on besides this run's (e.g. earlier runs). */
  readonly extraGames?: readonly string[];
  /** Position files (.spos) trained on besides this run's, in data mode. */
  readonly extraData?: readonly string[];
  readonly signal?: AbortSignal;
  /** Play self-play and match games on the BullMQ/Redis queue instead of the local pool. */
  readonly queue?: QueueSettings;
  readonly log?: (line: string) => void;
  readonly onProgress?: (stage: string, done: number, total: number) => void;
}

export interface GenerationReport {
  readonly generation: number;
  readonly champion: string;
  readonly candidate: string;
  readonly selfplay: Omit<SelfplaySummary, 'failed'>;
  readonly trainingCurve: EpochStats[];
  readonly validationError: number | null;
  readonly match: EloEstimate;
  readonly meanDiscs: number;
  readonly promoted: boolean;
  /** The match's SPRT, when it ran one. */
  readonly sprt?: SprtState;
  /** Elo relative to bootstrap recorded for the candidate. */
  readonly candidateElo: number;
  readonly championElo: number;
}

export interface ImproveSummary {
  readonly runDir: string;
  readonly generations: GenerationReport[];
  readonly strongest: string;
  readonly interrupted: boolean;
}

export async function improve(o: ImproveOptions): Promise<ImproveSummary> {
  const log = o.log ?? (() => {});
  // Everything that would fail after self-play is checked before it.
  const problem = trainSettingsProblem(o) ?? (o.window !== undefined && !(Number.isInteger(o.window) && o.window >= 0) ? `window must be a whole number ≥ 0, got ${o.window}` : null)
    ?? (!Number.isInteger(o.matchGames) || o.matchGames < 1 ? `match games must be a whole number ≥ 1, got ${o.matchGames}` : null)
    ?? (o.sprt && o.matchGames < 2 ? `an SPRT needs at least one pair of games (match games 2 or more, got ${o.matchGames})` : null)
    ?? randomOpeningProblem(o.randomOpening)
    ?? (o.randomOpening === undefined && (o.extraData?.length ?? 0) > 0 ? '--extra-data needs data mode (--random-opening A-B): without it the candidates train on games' : null)
    ?? (o.randomOpening !== undefined && (o.extraGames?.length ?? 0) > 0 ? '--extra-games trains on games; in data mode (--random-opening) give position files with --extra-data (convert games with "sente data convert")' : null)
    ?? (o.extraData ?? []).map((f) => (existsSync(f) ? null : `position file ${f} does not exist`)).find((p) => p !== null)
    ?? (o.extraGames ?? []).map((f) => (existsSync(resolveGameFile(f)) ? null : `game file ${f} does not exist`)).find((p) => p !== null)
    ?? (o.relabelDepth !== undefined && o.randomOpening === undefined ? '--relabel-depth needs data mode (--random-opening A-B): it labels the positions of data-mode games' : null)
    ?? (o.relabelDepth !== undefined && !(Number.isInteger(o.relabelDepth) && o.relabelDepth >= 1 && o.relabelDepth <= 60) ? `relabel depth must be a whole number from 1 to 60, got ${o.relabelDepth}` : null)
    ?? (o.relabelExact !== undefined && !(Number.isInteger(o.relabelExact) && o.relabelExact >= 0 && o.relabelExact <= 30) ? `relabel exact must be a whole number from 0 to 30, got ${o.relabelExact}` : null) ?? null;
  if (problem) throw new Error(problem);
  mkdirSync(o.runDir, { recursive: true });
  const settingsFile = join(o.runDir, 'settings.json');
  const previous = existsSync(settingsFile) ? readJson<Record<string, unknown>>(settingsFile) : null;
  const idPrefix = o.idPrefix ?? (typeof previous?.idPrefix === 'string' ? previous.idPrefix : `i${basename(o.runDir)}`);
  const bad = validBuildId(`${idPrefix}-g1`);
  if (bad) throw new Error(`--prefix: ${bad}`);
  const relabelExact = o.relabelDepth !== undefined ? o.relabelExact ?? 16 : undefined;
  const settings = { ...o, idPrefix, relabelExact, signal: undefined, log: undefined, onProgress: undefined, generations: undefined, queue: undefined };
  // An existing run folder is resumed: finished generations are kept, the next one continues
  // where it stopped (self-play resumes its games file; training redoes an unfinished candidate).
  const reports: GenerationReport[] = [];
  if (previous) {
    const before = previous;
    for (const key of ['games', 'depth', 'exact', 'randomness', 'randomPlies', 'openings', 'randomOpening', 'relabelDepth', 'relabelExact', 'format', 'seed', 'idPrefix'] as const) {
      if (JSON.stringify(before[key]) !== JSON.stringify(settings[key])) {
        throw new Error(`cannot resume ${o.runDir}: its ${key} was ${JSON.stringify(before[key])}, now ${JSON.stringify(settings[key])}`);
      }
    }
    const reportFile = join(o.runDir, 'report.json');
    if (existsSync(reportFile)) {
      // JSON has no infinity: an open interval end (a one-sided match) was saved as null.
      for (const r of readJson<GenerationReport[]>(reportFile)) {
        reports.push({ ...r, match: { ...r.match, low: r.match.low ?? -Infinity, high: r.match.high ?? Infinity } });
      }
    }
    log(`resuming ${o.runDir} after ${reports.length} finished generation(s)`);
  }
  writeFileAtomic(settingsFile, `${JSON.stringify(settings, null, 2)}\n`);
  const dataMode = o.randomOpening !== undefined;
  // What each generation trains on: its games, or in data mode its positions (relabelled ones
  // with relabelDepth).
  const dataFile = (g: number): string => join(o.runDir, `gen-${g}`, ...(!dataMode ? ['selfplay', 'games.txt'] : o.relabelDepth !== undefined ? ['labelled.spos'] : ['selfplay', 'positions.spos']));
  const genFiles: string[] = reports.map((r) => dataFile(r.generation));
  const xot = readOpeningsFile(DEFAULT_OPENINGS_FILE);
  if (!xot.ok) throw new Error(xot.error);
  let interrupted = false;
  for (let g = reports.length + 1; g <= o.generations; g++) {
    if (o.signal?.aborted) { interrupted = true; break; }
    const champion = findBuild('strongest', o.buildsDir);
    const genDir = join(o.runDir, `gen-${g}`);
    const opening = dataMode ? `, each after ${o.randomOpening![0]}-${o.randomOpening![1]} random plies` : '';
    log(`generation ${g}: strongest is ${champion.id}; self-play ${o.games} games at depth ${o.depth}, exact from ${o.exact}${opening}`);
    const sp = await runSelfplay({
      build: champion.id, buildsDir: o.buildsDir, games: o.games, depth: o.depth, exact: o.exact,
      randomness: o.randomness, randomPlies: o.randomPlies, seed: o.seed * 1000 + g, openings: o.openings,
      ...(dataMode ? { randomOpening: o.randomOpening } : {}),
      outDir: join(genDir, 'selfplay'), workers: o.workers, resume: true, signal: o.signal, queue: o.queue,
      onGame: (_r, done, total) => o.onProgress?.(`gen ${g} selfplay`, done, total),
    });
    // Games that failed on every retry stop the run with their error (a resume would fail the same way).
    if (sp.failed.length > 0) throw new Error(`generation ${g}: self-play games ${sp.failed.map((f) => f.keys.join(',')).join(',')} failed after retries: ${sp.failed[0].error}`);
    if (sp.interrupted || !sp.complete) { interrupted = true; break; }
    log(`  ${sp.games} games (${sp.played} played now in ${sp.seconds.toFixed(1)} s, ${sp.gamesPerMinute.toFixed(0)}/min); black ${sp.blackWins}, draws ${sp.draws}, white ${sp.whiteWins}`);
    if (dataMode) log(`  ${sp.positions} positions after the random openings in ${sp.positionsFile}`);
    if (o.relabelDepth !== undefined && !existsSync(dataFile(g))) {
      // Resumable: an interrupted relabel keeps its labels in its checkpoint.
      const rl = await relabelPositions({
        input: sp.positionsFile!, output: dataFile(g), buildsDir: o.buildsDir, build: champion.id, depth: o.relabelDepth, exact: relabelExact!,
        keepBelow: o.exact + 1, workers: o.workers, signal: o.signal, queue: o.queue,
        onProgress: (done, total) => o.onProgress?.(`gen ${g} relabel`, done, total),
      });
      if (rl.pool && rl.pool.failed.length > 0) throw new Error(`generation ${g}: relabelling failed after retries: ${rl.pool.failed[0].error}`);
      if (!rl.complete) { interrupted = true; break; }
      log(`  relabelled by ${champion.id} at depth ${o.relabelDepth}, exact from ${relabelExact}: ${rl.labelled} positions in ${rl.seconds.toFixed(1)} s (${rl.exact} exact, ${rl.search} by search, ${rl.kept} kept from the games); mean change ${rl.meanChange.toFixed(2)} discs`);
    }
    genFiles.push(dataMode ? dataFile(g) : sp.gamesFile);
    const recent = o.window && o.window > 0 ? genFiles.slice(-o.window) : genFiles;
    const gameFiles = dataMode ? [] : [...(o.extraGames ?? []), ...recent];
    const positionFiles = dataMode ? [...(o.extraData ?? []), ...recent] : undefined;

    const candidate = `${idPrefix}-g${g}`;
    const registry = readRegistry(o.buildsDir);
    if (registry.strongest === candidate) throw new Error(`cannot resume generation ${g}: ${candidate} is already the strongest build; its report was not written`);
    const redo = registry.builds.some((b) => b.id === candidate && b.origin === 'user');
    if (redo) log(`  ${candidate} exists from an interrupted attempt: training it again`);
    const curve: EpochStats[] = [];
    const t = train({
      gameFiles, positionFiles, format: o.format, id: candidate, from: champion.id, buildsDir: o.buildsDir, epochs: o.epochs, phases: o.phases,
      validation: o.validation, l2: o.l2, neighbour: o.neighbour, smooth: o.smooth, csvPath: join(genDir, 'training.csv'),
      notes: `improve run ${o.runDir}, generation ${g}`, overwrite: redo,
      onEpoch: (e) => { curve.push(e); o.onProgress?.(`gen ${g} training`, e.epoch, o.epochs); },
    });
    log(`  trained ${candidate}${o.format === 2 ? ' (format 2)' : ''} on ${t.trainPositions + t.validationPositions} positions from ${t.games} games: validation RMS ${t.validationError?.toFixed(2) ?? '-'} discs (${t.seconds.toFixed(1)} s)`);
    if (o.signal?.aborted) { interrupted = true; break; }

    const openings = pickOpenings(xot.value, Math.ceil(o.matchGames / 2), o.seed * 1000 + g);
    // Both players search alike: the same time per move (a slower evaluation pays for its cost),
    // or the same fixed depth when no time is given.
    const limit = o.matchTimeMs !== undefined ? { timeMs: o.matchTimeMs } : { depth: o.matchDepth };
    const players = [
      { kind: 'engine' as const, name: candidate, build: candidate, ...limit, exact: o.matchExact },
      { kind: 'engine' as const, name: champion.id, build: champion.id, ...limit, exact: o.matchExact },
    ];
    const match = await runTournament({
      players, gamesPerPair: o.matchGames, openings, gauntlet: true, workers: o.workers, buildsDir: o.buildsDir,
      csvPath: join(genDir, 'tournament.csv'), overwriteCsv: true, signal: o.signal, queue: o.queue, sprt: o.sprt ?? undefined,
      onGame: (_r, done, total) => o.onProgress?.(`gen ${g} match`, done, total),
    });
    if (match.interrupted) { interrupted = true; break; }
    const h2h = headToHead(match.counted, candidate, champion.id);
    const e = eloEstimate(h2h.elo.wins, h2h.elo.draws, h2h.elo.losses);
    const championElo = champion.elo ?? 0;
    const candidateElo = Number((championElo + e.elo).toFixed(1));
    const promoted = match.sprt ? match.sprt.decision === 'H1' : e.low > 0;
    const test = match.sprt ? `; SPRT ${formatLlr(match.sprt)}: ${describeDecision(match.sprt.decision)}` : '';
    const how = o.matchTimeMs !== undefined ? `${o.matchTimeMs} ms a move` : `depth ${o.matchDepth}`;
    updateBuild(o.buildsDir, candidate, {
      elo: candidateElo,
      notes: `improve generation ${g}: vs ${champion.id} at ${how} ${e.wins}/${e.draws}/${e.losses}, Elo ${formatElo(e)}${test}${promoted ? ', promoted' : ''}`,
      lineage: {
        run: o.runDir, generation: g, parent: champion.id,
        selfplay: {
          build: champion.id, games: o.games, depth: o.depth, exact: o.exact, randomness: o.randomness, randomPlies: o.randomPlies, openings: o.openings, seed: o.seed * 1000 + g,
          ...(dataMode ? { randomOpening: [o.randomOpening![0], o.randomOpening![1]] } : {}),
        },
        ...(o.relabelDepth !== undefined ? { labels: { build: champion.id, depth: o.relabelDepth, exact: relabelExact } } : {}),
        format: o.format ?? 1,
        data: dataMode ? positionFiles!.map((f) => ({ file: f, sha256: sha256File(f) })) : gameFiles.map((f) => ({ file: f, sha256: sha256File(resolveGameFile(f)) })),
        match: {
          against: champion.id, ...(o.matchTimeMs !== undefined ? { timeMs: o.matchTimeMs } : { depth: o.matchDepth }), exact: o.matchExact,
          games: e.games, wins: e.wins, draws: e.draws, losses: e.losses, elo: e.elo,
          low: Number.isFinite(e.low) ? e.low : null, high: Number.isFinite(e.high) ? e.high : null,
          ...(match.sprt ? { sprt: { ...match.sprt.test, llr: match.sprt.llr, decision: match.sprt.decision } } : {}),
          promoted,
        },
      },
    });
    if (promoted) setStrongest(o.buildsDir, candidate);
    log(`  ${candidate} vs ${champion.id}: ${e.wins}/${e.draws}/${e.losses} (${(100 * e.score).toFixed(1)}%), Elo ${formatElo(e)}, mean discs ${h2h.meanDiscs.toFixed(2)}${test}: ${promoted ? 'promoted' : 'not promoted'}`);
    const { failed: _failed, ...spSummary } = sp;
    reports.push({
      generation: g, champion: champion.id, candidate, selfplay: spSummary, trainingCurve: curve,
      validationError: t.validationError, match: e, meanDiscs: h2h.meanDiscs, promoted, sprt: match.sprt, candidateElo, championElo,
    });
    writeReport(o.runDir, reports);
  }
  writeReport(o.runDir, reports);
  return { runDir: o.runDir, generations: reports, strongest: strongestId(o.buildsDir), interrupted };
}

export function reportCharts(reports: readonly GenerationReport[]): Chart[] {
  const strongest: [number, number][] = [[0, reports[0]?.championElo ?? 0]];
  for (const r of reports) strongest.push([r.generation, r.promoted ? r.candidateElo : r.championElo]);
  const curves = reports.flatMap((r) => [
    { name: `gen ${r.generation} train`, points: r.trainingCurve.map((e) => [e.epoch, e.trainRms] as const), dashed: true, color: color(r.generation) },
    { name: `gen ${r.generation} validation`, points: r.trainingCurve.map((e) => [e.epoch, e.validationRms] as const), color: color(r.generation) },
  ]);
  return [
    {
      title: 'Elo over generations', xLabel: 'generation', yLabel: 'Elo (bootstrap = 0)',
      series: [
        { name: 'strongest', points: strongest },
        {
          name: 'candidate (95% interval)', dashed: true,
          points: reports.map((r) => [r.generation, r.candidateElo] as const),
          errors: reports.map((r) => [r.championElo + r.match.low, r.championElo + r.match.high] as const),
        },
      ],
    },
    { title: 'Training error per epoch', xLabel: 'epoch', yLabel: 'RMS error (discs)', series: curves },
  ];
}

function color(g: number): string {
  return ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b'][(g - 1) % 6];
}

function writeReport(runDir: string, reports: readonly GenerationReport[]): void {
  writeFileAtomic(join(runDir, 'report.json'), `${JSON.stringify(reports, null, 2)}\n`);
  writeFileAtomic(join(runDir, 'report.svg'), svgDocument(reportCharts(reports)));
}
