// sente against GRhino's gtp-rhino (level 1): a 4-game `sente tournament` whose every transcript
// replays legally, and games through two GTP players and our own referee loop, from the start and
// from an opening, with both colours, complete with every move legal; and a short match on a
// clock (--tc 10+0.1) in which neither side loses on time.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PASS, parseTranscript, unwrap } from '@sente/core';
import { CSV_COLUMNS, createGtpPlayer, type GamePlayer } from '@sente/selfplay';
import { CLI, RHINO, csvRows, hasRhino, refereeGame } from './gtp-referee.js';

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

describe.skipIf(!hasRhino)('sente tournament against gtp-rhino -l 1', () => {
  it('plays 4 games on XOT openings, both colours each, every move legal, no forfeits', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'sente-rhino-tournament-'));
    try {
      const csv = join(tmp, 'games.csv');
      const sente = 'strongest:depth=2';
      const rhino = `gtp:${RHINO} -l 1`;
      const r = spawnSync(process.execPath, [CLI, 'tournament', '--player', sente, '--player', rhino, '--games', '4', '--workers', '1', '--csv', csv],
        { encoding: 'utf8', timeout: 120_000 });
      expect(r.status, r.stderr).toBe(0);
      const rows = csvRows(csv);
      expect(rows).toHaveLength(4);
      expect(Object.keys(rows[0])).toEqual([...CSV_COLUMNS]);
      for (const row of rows) {
        expect([row.black, row.white].sort()).toEqual([rhino, sente].sort());
        expect(row.reason).toBe('normal');
        expect(row.transcript.startsWith(row.opening)).toBe(true);
        // Our own rules replay the whole game: every move legal, the game over, the discs as recorded.
        const replay = parseTranscript(row.transcript);
        expect(replay.ok, replay.ok ? '' : replay.error.message).toBe(true);
        const end = unwrap(replay).position;
        expect(end.isGameOver()).toBe(true);
        expect([end.blackCount(), end.whiteCount()]).toEqual([Number(row.black_discs), Number(row.white_discs)]);
        expect(row.result).toBe(end.blackCount() > end.whiteCount() ? '1-0' : end.blackCount() < end.whiteCount() ? '0-1' : '1/2-1/2');
        expect(Number(row.black_moves) + Number(row.white_moves)).toBe((row.transcript.length - row.opening.length) / 2);
      }
      // Two openings, each played once with each colour.
      const byOpening = new Map<string, string[]>();
      for (const row of rows) byOpening.set(row.opening, [...(byOpening.get(row.opening) ?? []), row.black]);
      expect(byOpening.size).toBe(2);
      for (const blacks of byOpening.values()) expect(blacks.sort()).toEqual([rhino, sente].sort());
      expect(r.stdout).toMatch(/4\/4 games/);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!hasRhino)('sente tournament against gtp-rhino on a clock (--tc 10+0.1)', () => {
  it('completes a 2-game match (gtp-rhino lists time_settings and time_left, so it is sent them): nobody loses on time, the clocks are recorded', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'sente-rhino-tc-'));
    try {
      const csv = join(tmp, 'games.csv');
      const r = spawnSync(process.execPath, [CLI, 'tournament', '--player', 'strongest:name=sente', '--player', `gtp,name=rhino:${RHINO} -l 1`, '--games', '2', '--exact', '10',
        '--tc', '10+0.1', '--workers', '1', '--csv', csv], { encoding: 'utf8', timeout: 120_000 });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain('clock 10s+100ms: 10s for the game, plus 100ms a move');
      const rows = csvRows(csv);
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect([row.black, row.white].sort()).toEqual(['rhino', 'sente']);
        expect(row.reason).toBe('normal');
        const end = unwrap(parseTranscript(row.transcript)).position;
        expect(end.isGameOver()).toBe(true);
        for (const c of ['black', 'white']) {
          const left = Number(row[`${c}_clock_ms`]);
          expect(left).toBeGreaterThanOrEqual(0);
          expect(left).toBeLessThanOrEqual(10_000 + 100 * Number(row[`${c}_moves`]));
        }
        expect(row.move_ms.split(' ')).toHaveLength((row.transcript.length - row.opening.length) / 2);
      }
      expect(r.stdout).toMatch(/rhino: \d+ moves, [\d.]+ ms\/move, least left [\d.]+m?s, 0 lost on time/);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});

