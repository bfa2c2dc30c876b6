// Live move events: the referee's onMove hook, written by moveEventWriter, gives one line per
// move, each the game so far, the last one the finished game.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatTranscript, parseTranscript, type Position } from '@sente/core';
import type { GamePlayer } from '../player.js';
import { refereeGame } from '../referee.js';
import { liveEventsPath, moveEventWriter } from './events.js';

const tmp = mkdtempSync(join(tmpdir(), 'sente-events-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const lastLegal = (name: string): GamePlayer => ({
  name,
  async newGame() {},
  async genmove(position: Position) { const l = position.legalMoveList(); return l[l.length - 1]; },
  async close() {},
});

describe('live move events', () => {
  it('one line per move after the opening, each a prefix of the game, the last the whole game', async () => {
    const path = liveEventsPath(join(tmp, 'm.csv'));
    expect(path).toBe(join(tmp, 'm.csv.events.jsonl'));
    const opening = parseTranscript('f5d6').value!.moves;
    const r = await refereeGame(lastLegal('a'), lastLegal('b'), opening, { game: 7, onMove: moveEventWriter(path, 7, 'a', 'b') });
    const lines = readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { game: number; black: string; white: string; moves: string });
    const game = formatTranscript(r.moves);
    expect(lines).toHaveLength(r.moves.length - opening.length);
    lines.forEach((l, i) => {
      expect(l).toMatchObject({ game: 7, black: 'a', white: 'b' });
      expect(l.moves).toBe(formatTranscript(r.moves.slice(0, opening.length + i + 1)));
    });
    expect(lines.at(-1)!.moves).toBe(game);
    expect(r.reason).toBe('normal');
  });

  it('a file that cannot be written does not stop the game', async () => {
    const r = await refereeGame(lastLegal('a'), lastLegal('b'), [], { onMove: moveEventWriter(join(tmp, 'no', 'such', 'dir', 'x.jsonl'), 0, 'a', 'b') });
    expect(r.reason).toBe('normal');
  });
});
