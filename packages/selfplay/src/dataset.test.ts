// The training set: split by game (never a game on both sides), rows equal to featureOffsets with
// labels from the side to move, and the sort by empties keeping every row.
import { describe, expect, it } from 'vitest';
import { BLACK, PATTERN_COUNT, Position } from '@sente/core';
import { featureOffsets } from '@sente/search';
import { FEATURES, buildDataset, isValidationGame } from './dataset.js';
import { randomGame as randomGameOf } from './testutil.js';

/** A random finished game (moves without passes) and black's final score. */
const randomGame = (seed: number) => randomGameOf(seed, 77);

describe('dataset', () => {
  const games = Array.from({ length: 200 }, (_, i) => randomGame(i));

  it('splits by game: no game has positions in both sets, and about the asked fraction is held out', () => {
    const d = buildDataset(games, { validation: 0.2 });
    const trainGames = new Set(Array.from(d.train.game.subarray(0, d.train.count)));
    const validGames = new Set(Array.from(d.validation.game.subarray(0, d.validation.count)));
    for (const g of validGames) expect(trainGames.has(g)).toBe(false);
    expect(trainGames.size + validGames.size).toBe(200);
    expect(validGames.size).toBeGreaterThan(20);
    expect(validGames.size).toBeLessThan(60);
    // Deterministic, by transcript: the same game always lands on the same side, duplicates too.
    const doubled = buildDataset([...games, ...games], { validation: 0.2 });
    expect(doubled.validationGames).toBe(2 * d.validationGames);
    games.forEach((g, i) => expect(validGames.has(i), `game ${i}`).toBe(isValidationGame(g.moves.join(','), 0.2)));
    const doubledValid = new Set(Array.from(doubled.validation.game.subarray(0, doubled.validation.count)));
    games.forEach((_, i) => expect(doubledValid.has(i + games.length), `game ${i} again`).toBe(validGames.has(i)));
  });

  it('records each position with its features and the final score from the side to move', () => {
    const g = games[0];
    const d = buildDataset([g], { validation: 0 });
    expect(d.train.count).toBe(g.moves.length);
    const p = Position.initial();
    const expected = new Int32Array(PATTERN_COUNT + 1);
    for (let i = 0; i < g.moves.length; i++) {
      if (p.mustPass()) p.makePass();
      featureOffsets(p, expected);
      expect(Array.from(d.train.offsets.subarray(i * FEATURES, (i + 1) * FEATURES))).toEqual(Array.from(expected));
      expect(d.train.labels[i]).toBe(p.side === BLACK ? g.blackScore : -g.blackScore);
      expect(d.train.empties[i]).toBe(p.emptyCount());
      p.makeMove(g.moves[i]);
    }
  });

  it('sorting by empties keeps every row (features, label, game) and orders them', () => {
    const d = buildDataset(games.slice(0, 30), { validation: 0 });
    const row = (set: typeof d.train, i: number): string =>
      `${set.empties[i]}|${set.labels[i]}|${set.game[i]}|${Array.from(set.offsets.subarray(i * FEATURES, (i + 1) * FEATURES)).join(',')}`;
    const before = Array.from({ length: d.train.count }, (_, i) => row(d.train, i)).sort();
    d.train.sortByEmpties();
    expect(d.train.labels.length).toBe(d.train.count);
    for (let i = 1; i < d.train.count; i++) expect(d.train.empties[i]).toBeGreaterThanOrEqual(d.train.empties[i - 1]);
    expect(Array.from({ length: d.train.count }, (_, i) => row(d.train, i)).sort()).toEqual(before);
    d.train.add(Position.initial(), 0, 99); // still growable after the sort
    expect(d.train.empties[d.train.count - 1]).toBe(60);
  });

  it('skips games that do not replay', () => {
    const d = buildDataset([{ moves: [0, 1, 2], blackScore: 0 }, games[1]], { validation: 0 });
    expect(d.badGames).toBe(1);
    expect(d.train.count).toBe(games[1].moves.length);
  });
});
