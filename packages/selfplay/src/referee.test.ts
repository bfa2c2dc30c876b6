// The referee with scripted players: a full game agreeing with a replay, and forfeits for an
// illegal move, a pass with moves available, a crash and a timeout; on a clock, a loss on time
// for a side that overruns (or does not answer), none for one that follows its clock; exact
// adjudication scored as our own solver scores the position.
import { describe, expect, it } from 'vitest';
import { BLACK, PASS, Position, parseTranscript } from '@sente/core';
import { solvePosition } from '@sente/search';
import { adjudicationProblem, formatAdjudication, parseAdjudication } from './match/adjudication.js';
import { parseTimeControl, type ClockView, type TimeControl } from './match/clock.js';
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
    // Black's score by the rules (empties to the winner), from the replayed final position.
    expect(r.blackScore).toBe(end.side === BLACK ? end.finalScore() : -end.finalScore());
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

/** Plays the first legal move after waiting `ms` (a fixed time, or from the clock it is shown); records what it saw. */
function timed(name: string, ms: number | ((clock: ClockView | undefined) => number)): GamePlayer & { clocks: (ClockView | undefined)[]; tcs: unknown[] } {
  const clocks: (ClockView | undefined)[] = [];
  const tcs: unknown[] = [];
  return {
    name, clocks, tcs,
    async newGame(_s, _o, _g, tc) { tcs.push(tc); },
    async genmove(position: Position, _moves: readonly number[], clock?: ClockView) {
      clocks.push(clock);
      await new Promise((r) => setTimeout(r, typeof ms === 'number' ? ms : ms(clock)));
      return position.legalMoveList()[0];
    },
    async close() {},
  };
}

function control(text: string): TimeControl {
  const r = parseTimeControl(text);
  if (!r.ok) throw new Error(r.error);
  return r.tc;
}

describe('refereeGame on a clock', () => {
  it('a side that overruns its clock loses on time (a 64-disc loss); the other side kept its time', async () => {
    const r = await refereeGame(timed('fast', 0), timed('slow', 60), OPENING, { timeControl: control('0.4+0') });
    expect(r.reason).toMatch(/^time \(white\): /);
    expect(r.result).toBe('1-0');
    expect(r.blackScore).toBe(64);
    expect(r.clockMs![1]).toBeLessThanOrEqual(0);
    expect(r.clockMs![0]).toBeGreaterThan(0);
    // The game stops before the move made too late: the transcript replays to the discs recorded.
    const replay = parseTranscript(r.moves.map((m) => String.fromCharCode(97 + (m & 7)) + String(1 + (m >> 3))).join(''));
    expect(replay.ok && [replay.value.position.blackCount(), replay.value.position.whiteCount()]).toEqual([r.blackDiscs, r.whiteDiscs]);
    expect(r.moveMs).toHaveLength(r.moves.length - OPENING.length);
    // 60 ms a move from 400 ms: white made at most 6 moves in time.
    expect(r.time!.whiteMoves).toBeLessThanOrEqual(6);
  });

  it('a side that spends a share of what its clock shows never loses; each player sees its own clock and the control', async () => {
    const black = timed('b', (c) => Math.max(0, c!.remainingMs / 8));
    const white = timed('w', (c) => Math.max(0, c!.remainingMs / 8));
    const tc = control('2/60ms+1ms');
    const r = await refereeGame(black, white, OPENING, { timeControl: tc, timeMarginMs: 500 });
    expect(r.reason).toBe('normal');
    expect(black.tcs).toEqual([tc]);
    expect(black.clocks[0]).toEqual({ tc, remainingMs: 60, movesToGo: 2, opponentMs: 60 });
    expect(black.clocks[1]!.movesToGo).toBe(1);
    expect(black.clocks[2]!.movesToGo).toBe(2);
    // Each move took about its wait (its time is in the CSV), and the clocks ended in time.
    expect(r.moveMs!.length).toBe(r.time!.blackMoves + r.time!.whiteMoves);
    expect(r.clockMs!.every((ms) => ms > -500)).toBe(true);
  });

  it('a player that does not answer within its clock loses on time then, not at the move timeout', async () => {
    const hang: GamePlayer = { ...player('h'), genmove: () => new Promise<number>(() => {}) };
    const t0 = Date.now();
    const r = await refereeGame(player('b'), hang, OPENING, { timeControl: control('0.2'), timeMarginMs: 50, moveTimeoutMs: 60_000 });
    expect(r.reason).toBe('time (white): no move within the 250 ms its clock allowed (200ms, margin 50ms)');
    expect(Date.now() - t0).toBeLessThan(5000);
  });
});

describe('exact adjudication', () => {
  it('ends the game at the threshold with the solver\'s perfect-play score, and the result checks pass', async () => {
    const r = await refereeGame(player('b'), player('w'), OPENING, { adjudicateExact: 12 });
    expect(r.moves).toHaveLength(60 - 12);
    const replay = parseTranscript(r.moves.map((m) => String.fromCharCode(97 + (m & 7)) + String(1 + (m >> 3))).join(''));
    if (!replay.ok) throw new Error(replay.error.message);
    const end = replay.value.position;
    // The solver's score, from a solve of our own (the score of the side to move).
    const s = solvePosition(end, { pv: false }).score;
    const black = end.side === 0 ? s : -s;
    expect(r.blackScore).toBe(black);
    expect(r.reason).toBe(`adjudicated (exact 12): 12 empties, perfect play ${black > 0 ? '+' : ''}${black} for black`);
    expect(r.result).toBe(black > 0 ? '1-0' : black < 0 ? '0-1' : '1/2-1/2');
    expect([r.blackDiscs, r.whiteDiscs]).toEqual([end.blackCount(), end.whiteCount()]);
    expect(adjudicationProblem(r.reason, end, r.blackScore, 60 - OPENING.length)).toBeNull();
    // A changed score, or a game stopped past the threshold, is refused.
    expect(adjudicationProblem(r.reason, end, r.blackScore + 2, 60 - OPENING.length)).toMatch(/is not the perfect-play score/);
    const later = end.clone();
    later.makeMove(later.legalMoveList()[0]);
    expect(adjudicationProblem(r.reason, later, r.blackScore, 60 - OPENING.length)).toMatch(/adjudicated at 12 empties \(threshold 12\), but the transcript stops at 11/);
  });

  it('parses --adjudicate and refuses what it cannot do', () => {
    expect(parseAdjudication('exact=14')).toEqual({ ok: true, adjudication: { exact: 14 } });
    expect(parseAdjudication('resign=20')).toEqual({ ok: true, adjudication: { resign: { score: 20, moves: 3 } } });
    expect(parseAdjudication('exact=10,resign=30,moves=5')).toEqual({ ok: true, adjudication: { exact: 10, resign: { score: 30, moves: 5 } } });
    expect(formatAdjudication({ exact: 10, resign: { score: 30, moves: 5 } })).toBe('exact=10,resign=30,moves=5');
    expect(parseAdjudication('exact=40')).toEqual({ ok: false, error: 'exact=40: at most 18 empties (every adjudicated game is solved again when its results are read back)' });
    expect(parseAdjudication('resign=0')).toEqual({ ok: false, error: 'resign=0: the score must be from 2 to 64 discs' });
    expect(parseAdjudication('moves=3')).toEqual({ ok: false, error: 'moves= goes with resign=S (resign=S,moves=K)' });
    expect(parseAdjudication('draw=5')).toEqual({ ok: false, error: expect.stringMatching(/^"draw=5" is not an adjudication \(exact=N/) });
    expect(parseAdjudication('')).toEqual({ ok: false, error: expect.stringMatching(/^"" names no adjudication \(exact=N/) });
  });

  it('resign: ends the game when the loser scored itself lost and its opponent agreed, for K moves in a row', async () => {
    // Black believes it wins by 30, white that it loses by 30, from white's third move on.
    const scoring = (name: string, score: (n: number) => number): GamePlayer => {
      const p = player(name);
      let n = 0;
      return { ...p, async newGame() { n = 0; }, async genmove(pos, m) { n++; return p.genmove(pos, m); }, lastScore: () => score(n) };
    };
    const rule = { score: 20, moves: 2 };
    const r = await refereeGame(scoring('b', () => 30), scoring('w', (n) => (n >= 3 ? -30 : 0)), OPENING, { adjudicateResign: rule });
    expect(r.reason).toBe('adjudicated (resign 20,2): white scored itself -20 or worse and black agreed, for 2 moves');
    expect(r.blackScore).toBe(30);
    expect(r.result).toBe('1-0');
    // White's 3rd and 4th moves after the opening: 8 moves of black and white each, then white's.
    expect(r.moves).toHaveLength(OPENING.length + 8);
    const replay = parseTranscript(r.moves.map((m) => String.fromCharCode(97 + (m & 7)) + String(1 + (m >> 3))).join(''));
    if (!replay.ok) throw new Error(replay.error.message);
    expect(adjudicationProblem(r.reason, replay.value.position, r.blackScore)).toBeNull();
    expect(adjudicationProblem(r.reason, replay.value.position, -30)).toMatch(/is not a win of 2 to 64 discs for black/);
    // Without the opponent's agreement, or with players that report no scores, nothing is adjudicated.
    expect((await refereeGame(scoring('b', () => 0), scoring('w', () => -30), OPENING, { adjudicateResign: rule })).reason).toBe('normal');
    expect((await refereeGame(player('b'), player('w'), OPENING, { adjudicateResign: rule })).reason).toBe('normal');
  });
});
