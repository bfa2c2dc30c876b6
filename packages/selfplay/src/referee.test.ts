// The referee with scripted players: a full game agreeing with a replay, and forfeits for an
// illegal move, a pass with moves available, a crash and a timeout.
import { describe, expect, it } from 'vitest';
import { PASS, Position, parseTranscript } from '@sente/core';
import type { GamePlayer } from './player.js';
import { refereeGame } from './referee.js';

/** Plays the first legal move (by square order); optionally misbehaves at its n-th move. */
function player(name: string, misbehave?: { at: number; how: 'illegal' | 'throw' | 'hang' | 'pass' }): GamePlayer & { seen: number[][] } {
  let count = 0;
  const seen: number[][] = [];
  return {
    name,
    seen,
    async newGame() { count = 0; },
    async genmove(position: Position, moves: readonly number[]) {
      seen.push([...moves]);
      count++;
      if (misbehave && count === misbehave.at) {
        if (misbehave.how === 'illegal') return 0; // a1: never legal this early
        if (misbehave.how === 'pass') return PASS;
        if (misbehave.how === 'throw') throw new Error('engine exploded\nstderr: boom');
        return new Promise<number>(() => {});
      }
      return position.legalMoveList()[0];
    },
    async close() {},
  };
}

const OPENING = parseTranscript('f5d6c3d3c4f4f6f3').ok ? [37, 43, 18, 19, 26, 29, 45, 21] : [];

describe('refereeGame', () => {
  it('plays a full game, makes the passes, and agrees with a replay of the transcript', async () => {
    const black = player('b');
    const white = player('w');
    const r = await refereeGame(black, white, OPENING);
    expect(r.reason).toBe('normal');
    expect(r.moves.slice(0, 8)).toEqual(OPENING);
    const replay = parseTranscript(r.moves.map((m) => String.fromCharCode(97 + (m & 7)) + String(1 + (m >> 3))).join(''));
    expect(replay.ok).toBe(true);
    if (!replay.ok) return;
    const end = replay.value.position;
    expect(end.isGameOver()).toBe(true);
    expect(r.blackDiscs).toBe(end.blackCount());
    expect(r.whiteDiscs).toBe(end.whiteCount());
    expect(Math.sign(r.blackScore)).toBe(Math.sign(r.blackDiscs - r.whiteDiscs));
    expect(r.result).toBe(r.blackScore > 0 ? '1-0' : r.blackScore < 0 ? '0-1' : '1/2-1/2');
    // Each player was told every move since the start, so it could stay in sync.
    const lastSeen = white.seen[white.seen.length - 1];
    expect(lastSeen.filter((m) => m !== PASS)).toEqual(r.moves.slice(8, 8 + lastSeen.filter((m) => m !== PASS).length));
  });

  it('records how many moves each side chose and how long it took over them', async () => {
    const black = player('b');
    const white = player('w');
    // White takes at least 20 ms a move.
    const slowWhite: GamePlayer = { ...white, genmove: async (p, m) => { await new Promise((r) => setTimeout(r, 20)); return white.genmove(p, m); } };
    const r = await refereeGame(black, slowWhite, OPENING);
    expect(r.time).toBeDefined();
    const t = r.time!;
    expect(t.blackMoves).toBe(black.seen.length);
    expect(t.whiteMoves).toBe(white.seen.length);
    // Every square after the opening was chosen by one side or the other (passes are not moves).
    expect(t.blackMoves + t.whiteMoves).toBe(r.moves.length - OPENING.length);
    expect(t.whiteMs).toBeGreaterThanOrEqual(19 * t.whiteMoves);
    expect(t.blackMs).toBeLessThan(t.whiteMs);
    // A forfeit counts the moves chosen before it; the failed request is not a move.
    const f = await refereeGame(player('b'), player('w', { at: 3, how: 'illegal' }), OPENING);
    expect(f.time).toEqual(expect.objectContaining({ blackMoves: 3, whiteMoves: 2 }));
  });

  it('an illegal move loses at once with the reason', async () => {
    const r = await refereeGame(player('b'), player('w', { at: 3, how: 'illegal' }), OPENING);
    expect(r.reason).toMatch(/^illegal \(white\): a1 in f5d6c3d3c4f4f6f3/);
    expect(r.result).toBe('1-0');
    expect(r.blackScore).toBe(64);
    expect(r.moves).toHaveLength(8 + 5);
  });

  it('a pass while a move exists is illegal', async () => {
    const r = await refereeGame(player('b', { at: 1, how: 'pass' }), player('w'), OPENING);
    expect(r.reason).toMatch(/^illegal \(black\): pass/);
    expect(r.result).toBe('0-1');
  });

  it('a crash or a timeout loses the game', async () => {
    const crash = await refereeGame(player('b', { at: 2, how: 'throw' }), player('w'), []);
    expect(crash.reason).toBe('crash (black): engine exploded / stderr: boom');
    expect(crash.blackScore).toBe(-64);
    const t0 = Date.now();
    const hang = await refereeGame(player('b'), player('w', { at: 1, how: 'hang' }), [], { moveTimeoutMs: 100 });
    expect(hang.reason).toBe('timeout (white): no answer within 100 ms');
    expect(hang.result).toBe('1-0');
    expect(Date.now() - t0).toBeLessThan(2000);
  });
});
