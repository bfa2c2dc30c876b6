// Training games from WTHOR databases (.wtb, read by @sente/core's readWthor): each complete game
// with its theoretical score (black's discs with perfect play from the database's depth), turned
// into black's disc difference with empties to the winner, 2 * discs - 64. Incomplete games are
// left out: their recorded scores need not belong to the moves given.
import { readFileSync } from 'node:fs';
import { readWthor } from '@sente/core';
import type { GameInput } from './dataset.js';

export interface WthorGames {
  readonly games: GameInput[];
  /** Each game's record number in the database (its id in a position file), skipped records counted. */
  readonly indices: number[];
  /** Records skipped: unreadable, or incomplete games. */
  readonly skipped: number;
}

export function readWthorGames(path: string): WthorGames {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch (e) {
    throw new Error(`cannot read WTHOR file ${path}: ${(e as Error).message}`);
  }
  const r = readWthor(bytes);
  if (!r.ok) throw new Error(`${path}: ${r.error.message}`);
  const games: GameInput[] = [];
  const indices: number[] = [];
  let skipped = r.value.skipped.length;
  for (const g of r.value.games) {
    if (!g.complete || g.theoreticalScore > 64) {
      skipped++;
      continue;
    }
    games.push({ moves: g.moves, blackScore: 2 * g.theoreticalScore - 64 });
    indices.push(g.index);
  }
  return { games, indices, skipped };
}
