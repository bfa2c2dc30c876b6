// sente against GRhino's gtp-rhino (level 1) through two GTP players and our own referee loop:
// games from the start and from an opening, with both colours, complete with every move legal.
import { afterEach, describe, expect, it } from 'vitest';
import { PASS, parseTranscript, unwrap } from '@sente/core';
import { createGtpPlayer, type GamePlayer } from '@sente/selfplay';
import { CLI, RHINO, hasRhino, refereeGame } from './gtp-referee.js';

const open: GamePlayer[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((p) => p.close()));
});
async function player(commandLine: string): Promise<GamePlayer> {
  const p = await createGtpPlayer(commandLine, { timeoutMs: 30_000 });
  open.push(p);
  return p;
}

if (!hasRhino) console.warn(`test/rhino.test.ts skipped: ${RHINO} is not installed (apt-get install grhino)`);

describe.skipIf(!hasRhino)('sente vs gtp-rhino -l 1', () => {
  const sente = `"${process.execPath}" "${CLI}" gtp --depth 2 --quiet`;
  const rhino = `${RHINO} -l 1`;
  // The last: 59 moves after which white must pass (set up with grhino-setup_board, then the pass
  // is relayed to an engine that has already passed on its own).
  const beforePass = 'f5f6e6f4g4d6c5c6g7b6a6f7f3h8b5c7g8f8c8h4d3a5g3c4b3d8c3d7b8a2g5c2a4f2d2e2g2b7e7e8e1h6e3h2c1b4h3b1g1d1f1b2a3g6a8h5a7h1h7';
  for (const [label, transcript] of [['start', ''], ['opening f5f6e6f4', 'f5f6e6f4'], ['position before a pass', beforePass]] as const) {
    it(`plays both colours from the ${label}`, async () => {
      const opening = unwrap(parseTranscript(transcript)).moves;
      for (const senteBlack of [true, false]) {
        const s = await player(sente);
        const r = await player(rhino);
        const game = await refereeGame(senteBlack ? s : r, senteBlack ? r : s, opening);
        expect(game.failure).toBeUndefined();
        expect(game.position.isGameOver()).toBe(true);
        const played = opening.length + game.moves.filter((m) => m !== PASS).length;
        expect(played).toBe(60 - game.position.emptyCount());
        if (transcript === beforePass) expect(game.moves).toEqual([PASS, 0]);
      }
    });
  }
});
