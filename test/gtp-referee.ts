// Helpers for the end-to-end tests. A small referee for the protocol tests plays one game between
// two GamePlayers, makes the passes itself and checks every move, so those tests do not depend on
// the tournament code; csvRows reads a tournament CSV for the tests that run `sente tournament`.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { PASS, Position, squareName } from '@sente/core';
import { parseCsvLine, type GamePlayer } from '@sente/selfplay';
import { MAIN } from './cli.js';

/** The built CLI (test/cli.ts), under the name this module's importers use. */
export const CLI = MAIN;

export interface RefereedGame {
  /** Every move, passes included, from the initial position. */
  readonly moves: number[];
  readonly position: Position;
  /** Set when a player failed: its colour and the error (or the illegal move). */
  readonly failure?: { readonly color: 'black' | 'white'; readonly reason: string };
}

export async function refereeGame(black: GamePlayer, white: GamePlayer, opening: readonly number[] = []): Promise<RefereedGame> {
  const start = Position.initial();
  for (const m of opening) {
    if (start.mustPass()) start.makePass();
    if (!start.makeMove(m)) throw new Error(`opening move ${squareName(m)} is illegal`);
  }
  await black.newGame(start.clone(), opening);
  await white.newGame(start.clone(), opening);
  const position = start.clone();
  const moves: number[] = [];
  const since: number[] = [];
  while (!position.isGameOver()) {
    if (position.mustPass()) {
      position.makePass();
      moves.push(PASS);
      since.push(PASS);
      continue;
    }
    const color = position.side === 0 ? 'black' : 'white';
    const player = position.side === 0 ? black : white;
    let move: number;
    try {
      move = await player.genmove(position.clone(), since.slice());
    } catch (error) {
      return { moves, position, failure: { color, reason: error instanceof Error ? error.message : String(error) } };
    }
    if (!position.makeMove(move)) {
      return { moves, position, failure: { color, reason: `${player.name} played the illegal move ${squareName(move)}` } };
    }
    moves.push(move);
    since.push(move);
  }
  return { moves, position };
}

export const RHINO = '/usr/games/gtp-rhino';
export const hasRhino = existsSync(RHINO);
/** The built CLI and the test fixtures, as absolute paths (tests may run from any directory). */
export const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** The records of a tournament CSV as objects keyed by its header; every record has every column. */
export function csvRows(path: string): Record<string, string>[] {
  const [head, ...lines] = readFileSync(path, 'utf8').trim().split('\n');
  const cols = head.split(',');
  return lines.map((l) => {
    const fields = parseCsvLine(l);
    expect(fields).toHaveLength(cols.length);
    return Object.fromEntries(cols.map((c, i) => [c, fields[i]]));
  });
}
