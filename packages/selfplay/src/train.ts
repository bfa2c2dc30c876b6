// `sente train` as a library call: games (self-play game files or folders, bare transcripts, and
// WTHOR databases through the caller) -> positions -> fitted weights -> a new build in the
// registry. Per-epoch train and validation RMS errors (the validation error in total and per
// phase) are reported and appended to a CSV as each epoch ends.
import { appendFileSync, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DEFAULT_PHASES, DEFAULT_PHASES_V2, DEFAULT_SCALE, loadBuild, strideOf, type EvalTable, type ManifestEntry, type TableFormat } from '@sente/search';
import { stringify } from 'csv-stringify/sync';
import { buildDataset, type GameInput } from './dataset.js';
import { fitWeights, rmsError, tableToWeights, toEvalTable, type EpochStats } from './fit.js';
import { readGameFile } from './gamefile.js';
import { assertNewBuildId, saveBuild } from './registry.js';
import { shippedTestSetMae } from './data/testset.js';
import { loadPositionFiles } from './data/load.js';
import { fitKey, readCheckpoint, writeCheckpoint } from './checkpoint.js';
import { spreadTiedWeights, symmetrizeWeights, tieOffsets } from './symmetric.js';

export interface TrainOptions {
  /** Game files, or self-play folders (their games.txt). */
  readonly gameFiles: readonly string[];
  /**
   * Binary position files (.spos) to train on instead of games (not mixed with them: convert games
   * with `sente data convert` first). Loaded at exact size, 194 bytes per position in memory.
   */
  readonly positionFiles?: readonly string[];
  /**
   * A checkpoint file: the fit's state is written there after every epoch; if it exists when the
   * fit starts, the fit continues from it (same data and settings, else refused). Removed once the
   * build is saved. A fit interrupted through `signal` with a checkpoint saves no build.
   */
  readonly checkpoint?: string;
  /** Called when the fit continues from a checkpoint, with its epoch. */
  readonly onResume?: (epoch: number) => void;
  /** Threads for the fitter's passes (default 1). */
  readonly threads?: number;
  /** Called while position files load: positions placed so far, and the total. */
  readonly onLoading?: (done: number, total: number) => void;
  /** Games from elsewhere (e.g. WTHOR), added to the files' games. */
  readonly extraGames?: readonly GameInput[];
  readonly id: string;
  /** Parent build whose weights start the fit (and are the prior of the L2 penalty). */
  readonly from?: string;
  readonly buildsDir: string;
  readonly epochs?: number;
  /** Game phases (default 12 for format 1, 30 for format 2). */
  readonly phases?: number;
  /**
   * Evaluation-table format to fit (default 1): 1 = patterns and a bias per phase (gen3's); 2 =
   * the patterns plus mobility, potential mobility and parity tables per phase (evalfeatures.ts).
   */
  readonly format?: TableFormat;
  /**
   * One weight per mirror class of each pattern's configurations (symmetric.ts; default true): the
   * table evaluates a position and its mirror images alike. false fits every index on its own, as
   * the builds up to gen4 were.
   */
  readonly symmetric?: boolean;
  readonly scale?: number;
  readonly validation?: number;
  readonly l2?: number;
  readonly neighbour?: number;
  /** Penalty tying each weight to the same weight of the next phase (fit.ts; default 0: none). */
  readonly smooth?: number;
  readonly minEmpties?: number;
  /** CSV of the per-epoch errors (default: <builds>/<id>/training.csv). */
  readonly csvPath?: string;
  readonly notes?: string;
  readonly overwrite?: boolean;
  readonly signal?: AbortSignal;
  readonly onEpoch?: (stats: EpochStats) => void;
  /** After loading; `firstInvalid` names the first unreadable line of a game file (`path:line: why`). */
  readonly onLoaded?: (info: { games: number; trainPositions: number; validationPositions: number; invalidLines: number; firstInvalid?: string; bytes: number }) => void;
}

export interface TrainSummary {
  readonly entry: ManifestEntry;
  readonly table: EvalTable;
  readonly history: EpochStats[];
  readonly games: number;
  readonly trainPositions: number;
  readonly validationPositions: number;
  /** RMS errors of the int16 table written (discs). */
  readonly trainError: number;
  readonly validationError: number | null;
  readonly csvPath: string;
  readonly seconds: number;
  /** Latest epoch whose weights were kept by some phase (early stopping is per phase). */
  readonly bestEpoch: number;
}

export const TRAIN_DEFAULTS = { epochs: 30, validation: 0.1, l2: 20, neighbour: 0.25, smooth: 0, minEmpties: 0 };

export function resolveGameFile(path: string): string {
  return existsSync(path) && statSync(path).isDirectory() ? join(path, 'games.txt') : path;
}

/**
 * What is wrong with the training numbers, or null. NaN would be recorded in the manifest as null
 * and train nothing useful; improve() checks these before its self-play, not after it.
 */
export function trainSettingsProblem(o: Pick<TrainOptions, 'epochs' | 'phases' | 'validation' | 'l2' | 'neighbour' | 'smooth' | 'minEmpties' | 'format'>): string | null {
  const whole = (name: string, v: number | undefined, min: number, max: number): string | null =>
    v === undefined || (Number.isInteger(v) && v >= min && v <= max) ? null : `${name} must be a whole number from ${min} to ${max}, got ${v}`;
  if (o.validation !== undefined && !(o.validation >= 0 && o.validation < 1)) return `validation must be a fraction in [0, 1), got ${o.validation}`;
  if (o.l2 !== undefined && !(o.l2 >= 0 && o.l2 < Infinity)) return `l2 must be a number ≥ 0, got ${o.l2}`;
  if (o.neighbour !== undefined && !(o.neighbour >= 0 && o.neighbour <= 1)) return `neighbour must be a number from 0 to 1, got ${o.neighbour}`;
  if (o.smooth !== undefined && !(o.smooth >= 0 && o.smooth < Infinity)) return `smooth must be a number ≥ 0, got ${o.smooth}`;
  if (o.format !== undefined && o.format !== 1 && o.format !== 2) return `format must be 1 or 2, got ${o.format}`;
  return whole('epochs', o.epochs, 1, 10_000) ?? whole('phases', o.phases, 1, 61) ?? whole('min empties', o.minEmpties, 0, 60);
}

export function train(o: TrainOptions): TrainSummary {
  const t0 = performance.now();
  const bad = trainSettingsProblem(o);
  if (bad) throw new Error(bad);
  // Refuse a taken id (or a registry that cannot be written) before any work.
  assertNewBuildId(o.buildsDir, o.id, o.overwrite ?? false);
  const format: TableFormat = o.format ?? 1;
  const phases = o.phases ?? (format === 2 ? DEFAULT_PHASES_V2 : DEFAULT_PHASES);
  const scale = o.scale ?? DEFAULT_SCALE;
  const epochs = o.epochs ?? TRAIN_DEFAULTS.epochs;
  const validation = o.validation ?? TRAIN_DEFAULTS.validation;
  const l2 = o.l2 ?? TRAIN_DEFAULTS.l2;
  const neighbour = o.neighbour ?? TRAIN_DEFAULTS.neighbour;
  const smooth = o.smooth ?? TRAIN_DEFAULTS.smooth;
  const minEmpties = o.minEmpties ?? TRAIN_DEFAULTS.minEmpties;

  const parent = o.from ? loadBuild(o.from, o.buildsDir) : null;
  const paths = o.gameFiles.map(resolveGameFile);
  for (const path of paths) if (!existsSync(path)) throw new Error(`game file ${path} does not exist`);
  // Files are read one at a time, so only one file's game records are in memory at once.
  let invalidLines = 0;
  let firstInvalid: string | undefined;
  function* allGames(): Generator<GameInput> {
    for (const path of paths) {
      const r = readGameFile(path);
      invalidLines += r.invalid.length;
      if (firstInvalid === undefined && r.invalid.length > 0) firstInvalid = `${path}:${r.invalid[0].line}: ${r.invalid[0].error}`;
      yield* r.games;
    }
    if (o.extraGames) yield* o.extraGames;
  }
  const positionFiles = o.positionFiles ?? [];
  if (positionFiles.length > 0 && (paths.length > 0 || (o.extraGames?.length ?? 0) > 0)) {
    throw new Error('train on position files or on games, not both: convert the games with "sente data convert" and give every file as --data');
  }
  const data = positionFiles.length > 0
    ? loadPositionFiles(positionFiles, { validation, minEmpties, onProgress: o.onLoading, shared: (o.threads ?? 1) > 1, format })
    : buildDataset(allGames(), { validation, minEmpties, format });
  if (data.trainGames + data.validationGames + data.badGames === 0) {
    throw new Error(positionFiles.length > 0 ? 'no positions to train on' : `no games to train on${firstInvalid ? ` (${invalidLines} unreadable lines; the first: ${firstInvalid})` : ''}`);
  }
  data.train.sortByEmpties();
  data.validation.sortByEmpties();
  const bytes = data.train.bytes() + data.validation.bytes();
  o.onLoaded?.({ games: data.trainGames + data.validationGames, trainPositions: data.train.count, validationPositions: data.validation.count, invalidLines: invalidLines + data.badGames, firstInvalid, bytes });
  if (data.train.count === 0) throw new Error('the games hold no training positions');

  const symmetric = o.symmetric ?? true;
  const stride = strideOf(format);
  if (symmetric) {
    tieOffsets(data.train);
    tieOffsets(data.validation);
  }
  const start = parent ? tableToWeights(parent.table, phases, format) : undefined;
  if (start && symmetric) symmetrizeWeights(start, phases, stride);

  const csvPath = o.csvPath ?? join(o.buildsDir, o.id, 'training.csv');
  mkdirSync(dirname(csvPath), { recursive: true });
  const checkpointKey = o.checkpoint !== undefined ? fitKey(data.train, data.validation, { phases, l2, neighbour, minEmpties, validation, from: parent?.id ?? null, ...(format === 2 ? { format } : {}), ...(symmetric ? { symmetric } : {}), ...(smooth > 0 ? { smooth } : {}) }) : null;
  const resume = o.checkpoint !== undefined && existsSync(o.checkpoint) ? readCheckpoint(o.checkpoint, checkpointKey!) : undefined;
  if (resume) o.onResume?.(resume.epoch);
  // Per phase too: validation_rms_p0 (the opening) .. validation_rms_p<phases-1>, empty for a phase
  // without validation positions (all empty without a validation set).
  const phaseColumns = Array.from({ length: phases }, (_, ph) => `validation_rms_p${ph}`);
  // A checkpoint's history comes from JSON, where NaN was written as null.
  const rms = (v: number | null | undefined): string => (typeof v !== 'number' || Number.isNaN(v) ? '' : v.toFixed(4));
  const row = (e: EpochStats): (string | number)[] => [e.epoch, e.trainRms.toFixed(4), rms(e.validationRms), Math.round(e.ms), ...phaseColumns.map((_, ph) => rms(e.validationPhaseRms?.[ph]))];
  // A resumed fit rewrites the CSV from the checkpoint's epochs: a run stopped after an epoch's row
  // was appended but before its checkpoint was written would otherwise list that epoch twice.
  writeFileSync(csvPath, stringify(resume ? resume.history.map(row) : [], { header: true, columns: ['epoch', 'train_rms', 'validation_rms', 'ms', ...phaseColumns] }));
  const fit = fitWeights(data.train, data.validation, {
    phases, epochs, l2, neighbour, smooth, start, signal: o.signal, threads: o.threads, resume,
    onState: o.checkpoint !== undefined ? (st) => writeCheckpoint(o.checkpoint!, checkpointKey!, st) : undefined,
    onEpoch: (s) => {
      appendFileSync(csvPath, stringify([row(s)]));
      o.onEpoch?.(s);
    },
  });
  if (o.checkpoint !== undefined && o.signal?.aborted) throw new Error(`fit stopped after epoch ${fit.history.length}; its state is in ${o.checkpoint}: run the same command to continue`);
  if (symmetric) spreadTiedWeights(fit.weights, phases, stride);
  const table = toEvalTable(fit.weights, phases, scale, format);
  const quantised = new Float64Array(table.weights.length);
  for (let j = 0; j < quantised.length; j++) quantised[j] = table.weights[j] / scale;
  const trainError = rmsError(data.train, quantised, phases);
  const validationError = data.validation.count > 0 ? rmsError(data.validation, quantised, phases) : null;
  const entry = saveBuild(o.buildsDir, {
    id: o.id,
    table,
    parent: parent ? parent.id : null,
    games: data.trainGames + data.validationGames,
    positions: data.train.count + data.validation.count,
    validationError: validationError === null ? null : Number(validationError.toFixed(4)),
    testSetMae: shippedTestSetMae(table),
    notes: o.notes ?? '',
    training: {
      method: 'CGLS least squares, diagonal preconditioning, early stopping per phase', epochs: fit.history.length, bestEpoch: fit.bestEpoch, phaseEpochs: fit.phaseEpochs, phases, ...(format === 2 ? { format } : {}), symmetric, scale, l2, neighbour,
      ...(smooth > 0 ? { smooth } : {}), validation, minEmpties, trainPositions: data.train.count, validationPositions: data.validation.count,
      trainError: Number(trainError.toFixed(4)), gameFiles: o.gameFiles.length, ...(positionFiles.length > 0 ? { positionFiles: positionFiles.length } : {}),
    },
  }, o.overwrite ?? false);
  if (o.checkpoint !== undefined) rmSync(o.checkpoint, { force: true });
  return {
    entry, table, history: fit.history, games: data.trainGames + data.validationGames,
    trainPositions: data.train.count, validationPositions: data.validation.count,
    trainError, validationError, csvPath, bestEpoch: fit.bestEpoch, seconds: (performance.now() - t0) / 1000,
  };
}
