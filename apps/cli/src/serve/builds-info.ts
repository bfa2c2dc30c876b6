// What the front end learns about the builds: the registry's entries with lineage, the Elo
// interval recorded in a build's notes (improve and the shipped notes write `+713 [+583, +839]`),
// which files it has, and the URLs to fetch them from — from the server's API, or from the copies
// a static build holds.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FoundBuild, RegistryView } from '@sente/search';
import { lineage } from '@sente/selfplay';
import type { BuildInfo } from '@sente/web';

export type { BuildInfo };

export const BOOK_FILE = 'opening.book';
export const TRAINING_FILE = 'training.csv';

/**
 * The 95% interval of a build's Elo from its notes: the last `d [lo, hi]` there, shifted so that
 * d lands on the recorded Elo (notes give the match's difference against the opponent).
 */
export function eloInterval(elo: number | null, notes: string): { low: number; high: number } | null {
  if (elo === null) return null;
  const all = [...notes.matchAll(/([+-]?\d+(?:\.\d+)?) \[([+-]?(?:\d+(?:\.\d+)?|inf)), ([+-]?(?:\d+(?:\.\d+)?|inf))\]/g)];
  const m = all.at(-1);
  if (!m) return null;
  const [d, lo, hi] = [m[1], m[2], m[3]].map((x) => (x.endsWith('inf') ? (x.startsWith('-') ? -Infinity : Infinity) : Number(x)));
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return null;
  return { low: elo - (d - lo), high: elo + (hi - d) };
}

export function buildInfos(view: RegistryView, urls: (b: FoundBuild, file: 'table' | 'book' | 'training') => string): BuildInfo[] {
  return view.builds.map((b) => {
    const hasBook = existsSync(join(b.folder, BOOK_FILE));
    const hasTraining = existsSync(join(b.folder, TRAINING_FILE));
    const interval = eloInterval(b.elo, b.notes);
    return {
      id: b.id, origin: b.origin, parent: b.parent, created: b.created, games: b.games, positions: b.positions,
      validationError: b.validationError, testSetMae: b.testSetMae ?? null, elo: b.elo, eloLow: interval?.low ?? null, eloHigh: interval?.high ?? null,
      notes: b.notes, lineage: lineage(view.builds, b.id), hasBook, hasTraining,
      tableUrl: urls(b, 'table'),
      ...(hasBook ? { bookUrl: urls(b, 'book') } : {}),
      ...(hasTraining ? { trainingUrl: urls(b, 'training') } : {}),
    };
  });
}

export interface TrainingRow {
  epoch: number; train: number; validation: number;
  /** Validation RMS per phase (0 = the opening; null where the phase had no validation positions),
   *  when the CSV has validation_rms_p<k> columns (older ones do not). */
  phases?: (number | null)[];
}

/**
 * A build's training.csv (`epoch,train_rms,validation_rms,ms`, and `validation_rms_p0`.. per phase
 * in newer files) as rows; bad lines are skipped.
 */
export function readTrainingCsv(path: string): TrainingRow[] {
  const lines = readFileSync(path, 'utf8').split('\n').filter((l) => l.trim() !== '');
  const head = (lines.shift() ?? '').split(',');
  const col = (name: string): number => head.indexOf(name);
  const [e, t, v] = [col('epoch'), col('train_rms'), col('validation_rms')];
  if (e < 0 || t < 0 || v < 0) throw new Error(`${path}: header "${head.join(',')}" lacks epoch, train_rms, validation_rms`);
  const phaseCols: number[] = [];
  for (let k = 0; col(`validation_rms_p${k}`) >= 0; k++) phaseCols.push(col(`validation_rms_p${k}`));
  const value = (f: string | undefined): number | null => (f === undefined || f.trim() === '' || !Number.isFinite(Number(f)) ? null : Number(f));
  return lines.map((l) => l.split(',')).map((f) => ({
    epoch: Number(f[e]), train: Number(f[t]), validation: Number(f[v]),
    ...(phaseCols.length > 0 ? { phases: phaseCols.map((c) => value(f[c])) } : {}),
  }))
    .filter((r) => Number.isFinite(r.epoch) && Number.isFinite(r.train) && Number.isFinite(r.validation));
}
