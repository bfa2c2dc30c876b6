// Whole-file operations on position files: inspect (counts and histograms, every check run),
// merge (concatenate, dropping positions whose canonical key was seen before), split (a
// deterministic fraction by game or by position into a second file), sample (a quota per number of
// empties).
import { SenteError } from '@sente/core';
import { hashString } from '../random.js';
import { FLAG_DEDUPLICATED, gameHash, HEADER_BYTES, SPLIT_SALT, LABEL_KIND_NAMES, RECORD_BYTES, SOURCE_NAMES, metaEmpties, metaKind, metaLabel, metaSource } from './format.js';
import { PositionWriter, forEachBlock } from './io.js';
import { KeySet, canonicalWords } from './keyset.js';

export interface DataInspection {
  readonly file: string;
  readonly version: number;
  readonly positions: number;
  readonly blocks: number;
  readonly bytes: number;
  readonly bytesPerPosition: number;
  readonly deduplicated: boolean;
  /** Positions per label kind and per source tag (by name). */
  readonly kinds: Record<string, number>;
  readonly sources: Record<string, number>;
  /** Positions per number of empties (index 0..60). */
  readonly empties: number[];
  readonly meanLabel: number;
  readonly meanAbsLabel: number;
  /** Positions whose canonical key occurs earlier in the file (only when asked). */
  readonly duplicates: number | null;
}

export function inspectPositions(file: string, countDuplicates = false): DataInspection {
  const kinds = new Array<number>(4).fill(0);
  const sources = new Array<number>(256).fill(0);
  const empties = new Array<number>(61).fill(0);
  let sum = 0, sumAbs = 0, duplicates = 0;
  const keys = countDuplicates ? new KeySet() : null;
  const h = forEachBlock(file, (w, n) => {
    for (let i = 0; i < n; i++) {
      const k = i * 6, meta = w[k + 4];
      const label = metaLabel(meta);
      kinds[metaKind(meta)]++;
      sources[metaSource(meta)]++;
      empties[Math.min(60, metaEmpties(meta))]++;
      sum += label;
      sumAbs += Math.abs(label);
      if (keys && !keys.addPosition(w[k], w[k + 1], w[k + 2], w[k + 3])) duplicates++;
    }
  });
  const named = (counts: number[], names: readonly string[]): Record<string, number> => {
    const out: Record<string, number> = {};
    counts.forEach((c, i) => { if (c > 0) out[names[i] ?? `tag ${i}`] = c; });
    return out;
  };
  const bytes = HEADER_BYTES + h.blocks * 8 + h.count * RECORD_BYTES;
  return {
    file, version: h.version, positions: h.count, blocks: h.blocks, bytes, bytesPerPosition: h.count ? bytes / h.count : 0,
    deduplicated: (h.flags & FLAG_DEDUPLICATED) !== 0, kinds: named(kinds, LABEL_KIND_NAMES), sources: named(sources, SOURCE_NAMES),
    empties, meanLabel: h.count ? sum / h.count : 0, meanAbsLabel: h.count ? sumAbs / h.count : 0, duplicates: keys ? duplicates : null,
  };
}

export interface MergeSummary {
  readonly positions: number;
  readonly duplicates: number;
  readonly read: number;
}

/** Concatenates `inputs` into `output` (atomic); with dedup the first of each canonical position is kept. */
export function mergePositions(inputs: readonly string[], output: string, dedup = true): MergeSummary {
  if (inputs.length === 0) throw new SenteError('bad-option', 'merge needs at least one input file');
  const w = new PositionWriter(output, { dedup });
  let read = 0;
  try {
    for (const file of inputs) {
      forEachBlock(file, (words, n) => {
        for (let i = 0; i < n; i++) {
          const k = i * 6;
          w.addWords(words[k], words[k + 1], words[k + 2], words[k + 3], words[k + 4], words[k + 5]);
        }
        read += n;
      });
    }
  } catch (e) {
    w.abort();
    throw e;
  }
  w.close();
  return { positions: w.count, duplicates: w.duplicates, read };
}

export type SplitBy = 'game' | 'position';

export interface SplitSummary {
  readonly first: number;
  readonly second: number;
}

const keyWords = new Int32Array(4);

/**
 * Splits `input` into `first` and `second` (both atomic): a position goes to `second` when the
 * hash of its (source, game) — or of its canonical key, by 'position' — falls in `fraction`, so a
 * game, or every symmetric copy of a position, lands wholly on one side, the same on every run.
 */
export function splitPositions(input: string, first: string, second: string, fraction: number, by: SplitBy = 'game'): SplitSummary {
  if (!(fraction >= 0 && fraction <= 1)) throw new SenteError('bad-option', `the split fraction must be from 0 to 1, got ${fraction}`);
  const a = new PositionWriter(first);
  const b = new PositionWriter(second);
  const limit = fraction * 0x100000000;
  try {
    forEachBlock(input, (words, n) => {
      for (let i = 0; i < n; i++) {
        const k = i * 6;
        let h: number;
        if (by === 'game') h = gameHash(metaSource(words[k + 4]), words[k + 5], SPLIT_SALT);
        else {
          canonicalWords(words[k], words[k + 1], words[k + 2], words[k + 3], keyWords);
          h = hashString(`${keyWords[0]},${keyWords[1]},${keyWords[2]},${keyWords[3]}`);
        }
        (h < limit ? b : a).addWords(words[k], words[k + 1], words[k + 2], words[k + 3], words[k + 4], words[k + 5]);
      }
    });
  } catch (e) {
    a.abort();
    b.abort();
    throw e;
  }
  a.close();
  b.close();
  return { first: a.count, second: b.count };
}

export interface SampleSummary {
  /** Positions written, and per number of empties (index 0..60). */
  readonly positions: number;
  readonly perEmpties: number[];
  /** The counts of empties in [min, max] that had fewer positions than the quota. */
  readonly short: number[];
}

/** A position's sampling hash: of the seed, its game, its empties and its place in the file. */
function sampleHash(seed: number, game: number, empties: number, index: number): number {
  let h = Math.imul((seed ^ 0x9e3779b9) | 0, 0x85ebca6b) ^ Math.imul(game + 1, 0xc2b2ae35) ^ Math.imul(empties + 7, 0x27d4eb2f) ^ Math.imul(index, 0x165667b1);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  h = Math.imul(h, 0x297a2d39);
  return (h ^ (h >>> 15)) >>> 0;
}

/**
 * Writes to `output` (atomically) at most `per` positions of each number of empties from
 * `minEmpties` to `maxEmpties`, in file order, so a training set covers every phase evenly rather
 * than as its games left them. The choice is deterministic: at each count of empties the
 * positions with the smallest hashes of (seed, game, empties, place in the file) are kept.
 */
export function samplePositions(input: string, output: string, per: number, minEmpties = 0, maxEmpties = 60, seed = 1): SampleSummary {
  if (!Number.isInteger(per) || per < 1) throw new SenteError('bad-option', `the quota per count of empties must be a whole number ≥ 1, got ${per}`);
  if (!(Number.isInteger(minEmpties) && Number.isInteger(maxEmpties) && minEmpties >= 0 && maxEmpties <= 60 && minEmpties <= maxEmpties)) {
    throw new SenteError('bad-option', `the empties range must be whole numbers with 0 ≤ min ≤ max ≤ 60, got ${minEmpties}-${maxEmpties}`);
  }
  // First pass: each count's hashes, to find the quota's threshold.
  const hashes: number[][] = Array.from({ length: 61 }, () => []);
  let index = 0;
  forEachBlock(input, (w, n) => {
    for (let i = 0; i < n; i++, index++) {
      const k = i * 6, e = metaEmpties(w[k + 4]);
      if (e >= minEmpties && e <= maxEmpties) hashes[e].push(sampleHash(seed, w[k + 5], e, index));
    }
  });
  const threshold = hashes.map((hs) => (hs.length <= per ? 0xffffffff : Float64Array.from(hs).sort()[per - 1]));
  // Second pass: keep those at or under the threshold (ties in file order, up to the quota).
  const kept = new Array<number>(61).fill(0);
  const writer = new PositionWriter(output);
  index = 0;
  try {
    forEachBlock(input, (w, n) => {
      for (let i = 0; i < n; i++, index++) {
        const k = i * 6, e = metaEmpties(w[k + 4]);
        if (e < minEmpties || e > maxEmpties || kept[e] >= per || sampleHash(seed, w[k + 5], e, index) > threshold[e]) continue;
        kept[e]++;
        writer.addWords(w[k], w[k + 1], w[k + 2], w[k + 3], w[k + 4], w[k + 5]);
      }
    });
  } catch (e) {
    writer.abort();
    throw e;
  }
  writer.close();
  const short: number[] = [];
  for (let e = minEmpties; e <= maxEmpties; e++) if (kept[e] < per) short.push(e);
  return { positions: writer.count, perEmpties: kept, short };
}
