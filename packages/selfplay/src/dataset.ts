// Training positions in flat typed arrays, so millions of positions fit in memory and the fitter
// walks them without touching objects: per position its 47 feature offsets (46 pattern instances
// from the side to move's view, then the bias; see featureOffsets in @sente/search), or 52 for a
// format-2 table (the patterns, five feature values, the bias; featureOffsetsV2), the exact
// final score from the side to move's view as the label, and its number of empties (the phase).
// Train and validation sets are split by game, by a hash of the game's transcript, so a game (and
// every duplicate of it) lands wholly on one side.
import { BLACK, PATTERN_COUNT, Position } from '@sente/core';
import { FEATURES_V2, featureOffsets, featureOffsetsV2, type TableFormat } from '@sente/search';
import { hashString } from './random.js';

/** Feature offsets per position for a format-1 table. */
export const FEATURES = PATTERN_COUNT + 1;

/** Feature offsets per position for a table format. */
export function featureCountOf(format: TableFormat): number {
  return format === 2 ? FEATURES_V2 : FEATURES;
}

/** A position's feature offsets for a table format (featureOffsets or featureOffsetsV2). */
export function featureOffsetsOf(position: Position, format: TableFormat, out: Int32Array): Int32Array {
  return format === 2 ? featureOffsetsV2(position, out) : featureOffsets(position, out);
}

export class PositionSet {
  count = 0;
  offsets: Int32Array;
  labels: Int8Array;
  empties: Uint8Array;
  /** Which game (its number in the input order) each position came from. */
  game: Int32Array;
  /** Feature offsets per position (featureCountOf(format)). */
  readonly features: number;
  private readonly scratch: Int32Array;

  /**
   * `shared`: the arrays live on SharedArrayBuffers, for the fitter's threads (no copy). `format`:
   * the evaluation-table format whose features are recorded (1: patterns and bias; 2: also the
   * extra features).
   */
  constructor(capacity = 1 << 16, shared = false, readonly format: TableFormat = 1) {
    this.features = featureCountOf(format);
    this.scratch = new Int32Array(this.features);
    const buffer = (bytes: number): ArrayBuffer | SharedArrayBuffer => (shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
    this.offsets = new Int32Array(buffer(capacity * this.features * 4));
    this.labels = new Int8Array(buffer(capacity));
    this.empties = new Uint8Array(buffer(capacity));
    this.game = new Int32Array(buffer(capacity * 4));
  }

  private grow(): void {
    const capacity = Math.max(1024, this.labels.length * 2);
    const grow = <T extends Int32Array | Int8Array | Uint8Array>(a: T, n: number): T => {
      const b = new (a.constructor as new (n: number) => T)(n);
      b.set(a);
      return b;
    };
    this.offsets = grow(this.offsets, capacity * this.features);
    this.labels = grow(this.labels, capacity);
    this.empties = grow(this.empties, capacity);
    this.game = grow(this.game, capacity);
  }

  /** Adds a position with its label (final score for the side to move, discs). */
  add(position: Position, label: number, game: number): void {
    if (this.count === this.labels.length) this.grow();
    const i = this.count++;
    featureOffsetsOf(position, this.format, this.scratch);
    this.offsets.set(this.scratch, i * this.features);
    this.labels[i] = label;
    this.empties[i] = position.emptyCount();
    this.game[i] = game;
  }

  /**
   * Reorders the positions by empties (a stable counting sort) into arrays of exactly `count`
   * rows. The fitter then walks one phase's weights at a time, which stay in cache, instead of
   * jumping between phases at every row; the spare capacity is released too.
   */
  sortByEmpties(): void {
    const n = this.count;
    // Already in order at exact size (as loadPositionFiles builds them): nothing to do.
    let sorted = n === this.labels.length;
    for (let i = 1; sorted && i < n; i++) if (this.empties[i] < this.empties[i - 1]) sorted = false;
    if (sorted) return;
    const f = this.features;
    const start = new Int32Array(62);
    for (let i = 0; i < n; i++) start[this.empties[i] + 1]++;
    for (let e = 1; e < 62; e++) start[e] += start[e - 1];
    const offsets = new Int32Array(n * f);
    const labels = new Int8Array(n);
    const empties = new Uint8Array(n);
    const game = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const j = start[this.empties[i]]++;
      offsets.set(this.offsets.subarray(i * f, (i + 1) * f), j * f);
      labels[j] = this.labels[i];
      empties[j] = this.empties[i];
      game[j] = this.game[i];
    }
    this.offsets = offsets;
    this.labels = labels;
    this.empties = empties;
    this.game = game;
  }

  /** Bytes held by the arrays (capacity included). */
  bytes(): number {
    return this.offsets.byteLength + this.labels.byteLength + this.empties.byteLength + this.game.byteLength;
  }
}

/** True when the game with this key belongs to the validation set (deterministic). */
export function isValidationGame(key: string, fraction: number): boolean {
  if (fraction <= 0) return false;
  return (hashString(key) % 100000) < fraction * 100000;
}

export interface DatasetOptions {
  /** Fraction of games held out for validation (0..1). */
  readonly validation: number;
  /** Positions with fewer empties are left out (default 0: all). */
  readonly minEmpties?: number;
  /** Positions with more empties are left out (default 60: all). */
  readonly maxEmpties?: number;
  /** Skip the first `openingPlies` positions of a game (the given opening) when true. */
  readonly skipOpening?: boolean;
  /** The table format whose features are recorded (default 1). */
  readonly format?: TableFormat;
}

export interface GameInput {
  readonly moves: readonly number[];
  readonly blackScore: number;
  readonly openingPlies?: number;
}

export interface Dataset {
  readonly train: PositionSet;
  readonly validation: PositionSet;
  readonly trainGames: number;
  readonly validationGames: number;
  /** Games whose moves did not replay (skipped). */
  readonly badGames: number;
}

/**
 * Replays every game and records each position where the side to move has a move, labelled with
 * the game's exact final score from that side's view.
 */
export function buildDataset(games: Iterable<GameInput>, options: DatasetOptions): Dataset {
  const train = new PositionSet(1 << 16, false, options.format ?? 1);
  const validation = new PositionSet(1 << 16, false, options.format ?? 1);
  const minEmpties = options.minEmpties ?? 0;
  const maxEmpties = options.maxEmpties ?? 60;
  let trainGames = 0, validationGames = 0, badGames = 0, number = 0;
  for (const g of games) {
    const gameNumber = number++;
    const key = g.moves.join(',');
    const set = isValidationGame(key, options.validation) ? validation : train;
    const position = Position.initial();
    const start = set.count;
    let ok = true;
    for (let ply = 0; ply < g.moves.length; ply++) {
      if (position.mustPass()) {
        if (position.isGameOver()) { ok = false; break; }
        position.makePass();
      }
      const empties = position.emptyCount();
      const inOpening = options.skipOpening === true && ply < (g.openingPlies ?? 0);
      if (!inOpening && empties >= minEmpties && empties <= maxEmpties) {
        set.add(position, position.side === BLACK ? g.blackScore : -g.blackScore, gameNumber);
      }
      if (!position.makeMove(g.moves[ply])) { ok = false; break; }
    }
    if (!ok) {
      set.count = start;
      badGames++;
      continue;
    }
    if (set === validation) validationGames++;
    else trainGames++;
  }
  return { train, validation, trainGames, validationGames, badGames };
}
