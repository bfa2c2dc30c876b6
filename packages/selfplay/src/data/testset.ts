// The one test set every build is measured on: positions from all phases (a fixed number per
// count of empties), each labelled exactly by a solve up to a threshold of empties and by a deep
// search of the strongest build above it; a build's error is the mean absolute difference, in
// discs, between its static evaluation and the label. The labels never change once shipped, so
// the numbers of different builds (and of builds trained on different data) compare directly,
// unlike each build's own validation split.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Position } from '@sente/core';
import { evaluate, shippedBuildsDir, solvePosition, type Engine, type EvalTable } from '@sente/search';
import { seededRandom } from '../random.js';
import { LABEL_EXACT, LABEL_SEARCH, RECORD_WORDS, metaEmpties, metaKind, metaLabel, metaSide } from './format.js';
import { forEachBlock, readHeader } from './io.js';
import { setPosition } from './load.js';

/** The shipped test set: testset/testset.spos of @sente/builds, beside its registry folder. */
export function shippedTestSet(): string {
  return join(shippedBuildsDir(), '..', 'testset', 'testset.spos');
}

/** A new table's error on the shipped test set, for its manifest entry: null in a tree without the set. */
export function shippedTestSetMae(table: EvalTable): number | null {
  const file = shippedTestSet();
  return existsSync(file) ? testSetError(table, file).mae : null;
}

export interface TestSetSpec {
  readonly seed: number;
  /** Positions per count of empties. */
  readonly perEmpties: number;
  readonly minEmpties: number;
  readonly maxEmpties: number;
  /** Labelled by an exact solve at or below this many empties, by a search of `depth` above. */
  readonly exactFrom: number;
  readonly depth: number;
}

export const TESTSET_SPEC: TestSetSpec = { seed: 20261201, perEmpties: 12, minEmpties: 2, maxEmpties: 59, exactFrom: 18, depth: 10 };

/**
 * The unlabelled position for slot (empties, k): a random opening of r plies (r drawn from the
 * slot's seed), then the engine's depth-4 moves until `empties` remain, with the side to move
 * having a move; null if that game passes by (the caller tries the next attempt).
 */
export function testSetPosition(engine: Engine, spec: TestSetSpec, empties: number, k: number, attempt: number): Position | null {
  const random = seededRandom(spec.seed, empties, k, attempt);
  const randomPlies = Math.floor(random() * (61 - empties));
  const p = Position.initial();
  engine.newGame();
  let ply = 0;
  while (p.emptyCount() > empties) {
    if (p.isGameOver()) return null;
    if (p.mustPass()) { p.makePass(); continue; }
    let move: number;
    if (ply < randomPlies) {
      const legal = p.legalMoveList();
      move = legal[Math.floor(random() * legal.length)];
    } else move = engine.think(p, { depth: 4, exactFrom: 0 }).move;
    p.makeMove(move);
    ply++;
  }
  if (p.emptyCount() !== empties || p.mustPass()) return null;
  return p;
}

/** The label of a test position: { score (discs, side to move), kind }. */
export function labelTestPosition(engine: Engine, spec: TestSetSpec, p: Position): { score: number; kind: number } {
  return labelPosition(engine, p, spec.depth, spec.exactFrom);
}

/**
 * A position's label: its exact score (discs for the side to move) at or below `exactFrom`
 * empties, else the score of a fresh `depth` search (exact from `exactFrom` inside the tree),
 * rounded to whole discs. Also what `sente data relabel` labels with (relabel.ts).
 */
export function labelPosition(engine: Engine, p: Position, depth: number, exactFrom: number): { score: number; kind: number } {
  if (p.isGameOver()) return { score: solvePosition(p, { pv: false }).score, kind: LABEL_EXACT };
  engine.newGame();
  if (p.emptyCount() <= exactFrom) {
    // The engine's solve (evaluation ordering, endgame table, a first guess): the same exact score
    // as the table-less solvePosition, 0.93x its time on 600 positions of 13-18 empties.
    const x = engine.think(p, { exactFrom });
    if (!x.exact) throw new Error(`labelPosition: the solve at ${p.emptyCount()} empties did not complete`);
    return { score: x.score, kind: LABEL_EXACT };
  }
  const r = engine.think(p, { depth, exactFrom });
  return { score: Math.max(-64, Math.min(64, Math.round(r.score))) | 0, kind: LABEL_SEARCH };
}

export interface TestSetError {
  /** Mean absolute error in discs over every position. */
  readonly mae: number;
  readonly rms: number;
  readonly positions: number;
  /** The same over the exactly labelled positions, the search-labelled ones and those labelled by a game's result. */
  readonly exactMae: number | null;
  readonly searchMae: number | null;
  readonly gameMae: number | null;
  /**
   * The same by empties, in bands of ten (0-9, 10-19, ..., 50-60; bands without positions left
   * out): where in the game a table errs, which the means over all positions hide.
   */
  readonly byEmpties: readonly EmptiesBandError[];
}

export interface EmptiesBandError {
  readonly from: number;
  readonly to: number;
  readonly positions: number;
  readonly mae: number;
  /** Over the band's exactly labelled positions (null without any). */
  readonly exactMae: number | null;
}

/** The band of empties a position's error is counted in: 0-9, 10-19, ..., 50-60 (60 joins 50-59). */
function emptiesBand(empties: number): number {
  return Math.min(5, Math.floor(empties / 10));
}

/** A build's error on a test set: its static evaluation (discs, side to move) against each label. */
export function testSetError(table: EvalTable, file: string = shippedTestSet()): TestSetError {
  readHeader(file);
  let n = 0, sumAbs = 0, sumSq = 0, nExact = 0, absExact = 0, nSearch = 0, absSearch = 0, nGame = 0, absGame = 0;
  const bandN = new Float64Array(6), bandAbs = new Float64Array(6), bandExactN = new Float64Array(6), bandExactAbs = new Float64Array(6);
  const q = new Position();
  forEachBlock(file, (w, count) => {
    for (let i = 0; i < count; i++) {
      const k = i * RECORD_WORDS;
      const meta = w[k + 4];
      setPosition(q, w[k], w[k + 1], w[k + 2], w[k + 3], metaSide(meta));
      const err = Math.abs(evaluate(q, table) / table.scale - metaLabel(meta));
      n++;
      sumAbs += err;
      sumSq += err * err;
      const kind = metaKind(meta);
      if (kind === LABEL_EXACT) { nExact++; absExact += err; } else if (kind === LABEL_SEARCH) { nSearch++; absSearch += err; } else { nGame++; absGame += err; }
      const band = emptiesBand(metaEmpties(meta));
      bandN[band]++;
      bandAbs[band] += err;
      if (kind === LABEL_EXACT) { bandExactN[band]++; bandExactAbs[band] += err; }
    }
  });
  const round = (x: number): number => Math.round(x * 10000) / 10000;
  const byEmpties: EmptiesBandError[] = [];
  for (let b = 0; b < 6; b++) {
    if (bandN[b] === 0) continue;
    byEmpties.push({
      from: b * 10, to: b === 5 ? 60 : b * 10 + 9, positions: bandN[b], mae: round(bandAbs[b] / bandN[b]),
      exactMae: bandExactN[b] ? round(bandExactAbs[b] / bandExactN[b]) : null,
    });
  }
  return {
    mae: n ? round(sumAbs / n) : 0, rms: n ? round(Math.sqrt(sumSq / n)) : 0, positions: n,
    exactMae: nExact ? round(absExact / nExact) : null, searchMae: nSearch ? round(absSearch / nSearch) : null,
    gameMae: nGame ? round(absGame / nGame) : null, byEmpties,
  };
}
