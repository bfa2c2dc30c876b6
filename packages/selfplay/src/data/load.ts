// Training sets from position files, for the fitter: two passes over the files (each streamed a
// block at a time, every check run). The first counts the positions of each split per number of
// empties, so the second can allocate the PositionSets at their exact size and place each position
// straight at its slot in empties order (what sortByEmpties would produce, without its second
// copy). Memory is then the PositionSet's 194 bytes per position (47 int32 feature offsets, label,
// empties, game id; 214 bytes with a format-2 table's 52 offsets) and nothing grows: 20 M
// positions take 3.9 GB (4.3 GB for format 2).
import { resolve } from 'node:path';
import { BLACK, Position, computePatternIndices } from '@sente/core';
import type { TableFormat } from '@sente/search';
import { PositionSet, featureOffsetsOf, type Dataset } from '../dataset.js';
import { RECORD_WORDS, gameHash, metaEmpties, metaLabel, metaSide, metaSource } from './format.js';
import { forEachBlock, readHeader } from './io.js';

export interface LoadOptions {
  /** Fraction of games (by source tag and game id) held out for validation. */
  readonly validation: number;
  readonly minEmpties?: number;
  readonly maxEmpties?: number;
  /** Called after each block of the second pass with positions placed so far and the total. */
  readonly onProgress?: (done: number, total: number) => void;
  /** Allocate the sets on SharedArrayBuffers (for a fit on several threads: no copy). */
  readonly shared?: boolean;
  /** The table format whose features are recorded (default 1: 47 per position; 2: 52). */
  readonly format?: TableFormat;
}

/** True when the position's game belongs to the validation split (by game, as `sente data split --by game` splits, with another salt). */
function inValidation(meta: number, game: number, limit: number): boolean {
  return limit > 0 && gameHash(metaSource(meta), game) < limit;
}

/**
 * Reuses one Position for a record (a new Position allocates its undo stack: 12 us each): the
 * board, the side and the pattern indices, all that featureOffsets(V2) reads, recomputed from scratch.
 */
export function setPosition(p: Position, pLo: number, pHi: number, oLo: number, oHi: number, side: number): void {
  p.bb[0] = pLo; p.bb[1] = pHi; p.bb[2] = oLo; p.bb[3] = oHi;
  p.side = side;
  if (side === BLACK) computePatternIndices(pLo, pHi, oLo, oHi, p.patterns);
  else computePatternIndices(oLo, oHi, pLo, pHi, p.patterns);
}

export function loadPositionFiles(files: readonly string[], options: LoadOptions): Dataset {
  const minE = options.minEmpties ?? 0, maxE = options.maxEmpties ?? 60;
  const limit = options.validation * 0x100000000;
  for (const f of files) readHeader(f);
  const counts = [new Float64Array(62), new Float64Array(62)];
  const games = [new Set<number>(), new Set<number>()];
  for (const f of files) {
    forEachBlock(f, (w, n) => {
      for (let i = 0; i < n; i++) {
        const k = i * RECORD_WORDS, meta = w[k + 4], e = metaEmpties(meta);
        if (e < minE || e > maxE) continue;
        const side = inValidation(meta, w[k + 5], limit) ? 1 : 0;
        counts[side][e]++;
      }
    });
  }
  const sets = [0, 1].map((s) => {
    const total = counts[s].reduce((a, b) => a + b, 0);
    const set = new PositionSet(Math.max(1, total), options.shared ?? false, options.format ?? 1);
    set.count = total;
    return set;
  });
  // Next free slot per (split, empties), in empties order.
  const next = counts.map((c) => {
    const start = new Float64Array(62);
    for (let e = 1; e < 62; e++) start[e] = start[e - 1] + c[e - 1];
    return start;
  });
  const total = sets[0].count + sets[1].count;
  const format = options.format ?? 1;
  const features = sets[0].features;
  const scratch = new Int32Array(features);
  const p = new Position();
  let done = 0;
  // Games are counted per file (a game id is a file's own numbering: two self-play runs both
  // number from 0), and once for a file given twice (its positions weigh double, its games are the same).
  const fileNumber = new Map<string, number>();
  for (const f of files) {
    const path = resolve(f);
    if (!fileNumber.has(path)) fileNumber.set(path, fileNumber.size);
    const fileKey = 0x100000000 * fileNumber.get(path)!;
    forEachBlock(f, (w, n) => {
      for (let i = 0; i < n; i++) {
        const k = i * RECORD_WORDS, meta = w[k + 4], e = metaEmpties(meta);
        if (e < minE || e > maxE) continue;
        const s = inValidation(meta, w[k + 5], limit) ? 1 : 0;
        const set = sets[s];
        const j = next[s][e]++;
        setPosition(p, w[k], w[k + 1], w[k + 2], w[k + 3], metaSide(meta));
        featureOffsetsOf(p, format, scratch);
        set.offsets.set(scratch, j * features);
        set.labels[j] = metaLabel(meta);
        set.empties[j] = e;
        set.game[j] = w[k + 5];
        games[s].add(fileKey + (((metaSource(meta) << 24) ^ w[k + 5]) >>> 0));
        done++;
      }
      options.onProgress?.(done, total);
    });
  }
  return { train: sets[0], validation: sets[1], trainGames: games[0].size, validationGames: games[1].size, badGames: 0 };
}
