// External players over GTP under a referee: two `sente gtp` processes play a whole game from an
// opening (every move legal, the game ends), and a broken engine's illegal move or crash is
// reported with a clear reason.
import { afterEach, describe, expect, it } from 'vitest';
import { PASS, parseTranscript, unwrap } from '@sente/core';
import { createGtpPlayer, type GamePlayer } from '@sente/selfplay';
import { CLI, FIXTURES, refereeGame } from './gtp-referee.js';

const open: GamePlayer[] = [];
async function player(commandLine: string, name?: string): Promise<GamePlayer> {
  const p = await createGtpPlayer(commandLine, { timeoutMs: 30_000, name });
  open.push(p);
  return p;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((p) => p.close()));
});

const SENTE = `"${process.execPath}" "${CLI}" gtp --depth 1 --quiet`;
const BROKEN = `"${process.execPath}" "${FIXTURES}broken-gtp.mjs"`;

describe('GTP players under a referee', () => {
  it('two sente gtp processes finish a game from an opening', async () => {
    const opening = unwrap(parseTranscript('f5d6c3d3c4')).moves;
    const game = await refereeGame(await player(SENTE, 'a'), await player(SENTE, 'b'), opening);
    expect(game.failure).toBeUndefined();
    expect(game.position.isGameOver()).toBe(true);
    expect(game.moves.filter((m) => m !== PASS).length + opening.length).toBe(64 - 4 - game.position.emptyCount());
  });

  it('an illegal answer and a crash become clear failures', async () => {
    const illegal = await refereeGame(await player(SENTE), await player(`${BROKEN} illegal`, 'liar'));
    expect(illegal.failure).toEqual({ color: 'white', reason: 'liar played the illegal move a1' });
    const crash = await refereeGame(await player(`${BROKEN} exit`, 'crasher'), await player(SENTE));
    expect(crash.failure?.color).toBe('black');
    expect(crash.failure?.reason).toMatch(/^crasher exited \(code 3\) while waiting for the reply to "genmove black"; its stderr ends: broken: segmentation fault/);
  });
});
