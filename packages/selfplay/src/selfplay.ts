// One self-play game: the build plays both sides from an opening, choosing uniformly among moves
// within `randomness` discs of the best for the first `randomPlies` plies (variety), then the best
// move at fixed depth, and it solves exactly from `exact` empties, so the recorded final score is
// the exact value of the game's endgame. Everything random derives from (seed, index): the game is
// the same on any worker, in any order. With a book, book positions are played from it.
// Data mode (`randomOpening`) replaces the opening and the randomness: N random plies, then the
// engine's best move at fixed depth to the end, exact from `exact` empties.
import { BLACK, Position } from '@sente/core';
import type { Engine } from '@sente/search';
import type { GameRecord } from './gamefile.js';
import { randomOpening, readOpeningsFile, type OpeningSource } from './openings.js';
import { randomMoves, seededRandom } from './random.js';

export interface SelfplaySettings {
  /** Concrete build id (not 'strongest': the caller resolves it once for the whole run). */
  readonly build: string;
  readonly buildsDir: string;
  readonly depth: number;
  readonly exact: number;
  readonly randomness: number;
  /** Plies (counted from the initial position) during which randomness applies. */
  readonly randomPlies: number;
  readonly seed: number;
  readonly openings: OpeningSource;
  /** An opening book file the engine plays from (its moves chosen within `bookMargin` discs). */
  readonly book?: string;
  readonly bookMargin?: number;
  /**
   * Data mode (modelled on Egaroucid's training data): the game opens with N uniformly random
   * plies, N drawn from this inclusive range per game, then the engine plays its best move (no
   * randomness, no book); `openings` is not used. The game's `openingPlies` is N.
   */
  readonly randomOpening?: readonly [number, number];
}

/** The number of random plies of data-mode game `index` (from the seed alone). */
export function randomOpeningPlies(range: readonly [number, number], seed: number, index: number): number {
  const random = seededRandom(seed, index, 0xda7a);
  return range[0] + Math.floor(random() * (range[1] - range[0] + 1));
}

/** Data mode's opening: N uniformly random legal plies (fewer if the game ends first). */
export function randomDataOpening(range: readonly [number, number], seed: number, index: number): number[] {
  return randomMoves(seededRandom(seed, index, 0xda7b), randomOpeningPlies(range, seed, index)).moves;
}

/** The opening of game `index`: line index mod n of the file, or a balanced random one. */
export function openingFor(engine: Engine, settings: SelfplaySettings, index: number): number[] {
  if (settings.randomOpening) return randomDataOpening(settings.randomOpening, settings.seed, index);
  const src = settings.openings;
  if (src.kind === 'file') {
    const r = readOpeningsFile(src.path);
    if (!r.ok) throw new Error(r.error);
    return r.value[index % r.value.length];
  }
  return randomOpening(src.plies, settings.seed, index, (p) => {
    engine.newGame();
    return Math.abs(engine.think(p, { depth: src.balanceDepth, exactFrom: 0 }).score) <= src.balance;
  });
}

export function playSelfplayGame(engine: Engine, settings: SelfplaySettings, index: number): GameRecord {
  const opening = openingFor(engine, settings, index);
  const position = Position.initial();
  const moves: number[] = [];
  for (const m of opening) {
    if (position.mustPass()) position.makePass();
    if (!position.makeMove(m)) throw new Error(`opening of game ${index} is illegal`);
    moves.push(m);
  }
  engine.newGame();
  const random = seededRandom(settings.seed, index, 0x5e1f);
  while (!position.isGameOver()) {
    if (position.mustPass()) {
      position.makePass();
      continue;
    }
    const empties = position.emptyCount();
    const randomNow = settings.randomOpening === undefined && settings.randomness > 0 && 60 - empties < settings.randomPlies && empties > settings.exact;
    const r = engine.think(position, {
      depth: settings.depth,
      exactFrom: settings.exact,
      randomness: randomNow ? settings.randomness : 0,
      random: randomNow || settings.book !== undefined ? random : undefined,
      useBook: settings.randomOpening === undefined,
      bookMargin: settings.bookMargin,
    });
    if (!position.makeMove(r.move)) throw new Error(`engine ${settings.build} chose an illegal move ${r.move} in game ${index}`);
    moves.push(r.move);
  }
  const score = position.finalScore();
  return {
    index,
    moves,
    blackScore: position.side === BLACK ? score : -score,
    build: settings.build,
    seed: settings.seed,
    openingPlies: opening.length,
  };
}
