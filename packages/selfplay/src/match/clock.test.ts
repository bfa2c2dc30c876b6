// Time controls: what `--tc` accepts and refuses (with its message), the canonical spelling read
// back, and the clock's arithmetic (periods carried over, increments after the move, the margin,
// no increment for a move that lost on time), and how a control is said to a GTP engine.
import { describe, expect, it } from 'vitest';
import { GameClock, describeTimeControl, formatTimeControl, gtpTimeLeft, gtpTimeSettings, parseTimeControl, type TimeControl } from './clock.js';

function tc(text: string): TimeControl {
  const r = parseTimeControl(text);
  if (!r.ok) throw new Error(r.error);
  return r.tc;
}

describe('parseTimeControl', () => {
  it('reads moves/time+increment with the project durations (bare numbers are seconds)', () => {
    expect(tc('40/60+0.6')).toEqual({ moves: 40, baseMs: 60_000, incrementMs: 600 });
    expect(tc('10+0.1')).toEqual({ moves: 0, baseMs: 10_000, incrementMs: 100 });
    expect(tc('5m+2s')).toEqual({ moves: 0, baseMs: 300_000, incrementMs: 2000 });
    expect(tc('30/1m')).toEqual({ moves: 30, baseMs: 60_000, incrementMs: 0 });
    expect(tc(' 2m ')).toEqual({ moves: 0, baseMs: 120_000, incrementMs: 0 });
    expect(tc('500ms+10ms')).toEqual({ moves: 0, baseMs: 500, incrementMs: 10 });
    expect(tc('10+0')).toEqual({ moves: 0, baseMs: 10_000, incrementMs: 0 });
    expect(tc('1/2s+0ms')).toEqual({ moves: 1, baseMs: 2000, incrementMs: 0 });
  });

  it('refuses other shapes and nonsense with a message', () => {
    const error = (text: string): string => {
      const r = parseTimeControl(text);
      return r.ok ? 'accepted' : r.error;
    };
    expect(error('')).toBe('"" is not a time control (a time control is [moves/]time[+increment], e.g. 40/60+0.6, 10+0.1, 5m+2s (a bare number is seconds))');
    expect(error('fast')).toBe('"fast": time: "fast" is not a duration (a number of seconds, or with a unit: 500ms, 2s, 1m)');
    expect(error('0+1')).toBe('"0+1": time: "0" is too short (at least 1ms)');
    expect(error('0/60')).toBe('"0/60": the moves of a period must be from 1 to 1000, got 0');
    expect(error('40/60+-1')).toBe('"40/60+-1": increment: "-1" is not a duration (a number of seconds, or with a unit: 500ms, 2s, 1m)');
    expect(error('10+2m')).toBe('"10+2m": increment: "2m" is too long (at most 1m)');
    expect(error('2h')).toMatch(/^"2h": time: "2h" is not a duration/);
    expect(error('90m')).toBe('"90m": time: "90m" is too long (at most 60m)');
    expect(error('10+1+1')).toMatch(/^"10\+1\+1" is not a time control/);
    expect(error('40/20/60')).toMatch(/^"40\/20\/60" is not a time control/);
    expect(error('10+.')).toMatch(/^"10\+\.": increment: "\." is not a duration/);
  });

  it('formats canonically, read back to the same control, and describes it in words', () => {
    for (const text of ['40/60+0.6', '10+0.1', '5m+2s', '30/1m', '0.5', '1/250ms+1ms']) {
      const t = tc(text);
      expect(tc(formatTimeControl(t))).toEqual(t);
    }
    expect(formatTimeControl(tc('40/60+0.6'))).toBe('40/1m+600ms');
    expect(formatTimeControl(tc('10+0.1'))).toBe('10s+100ms');
    expect(describeTimeControl(tc('40/60+0.6'))).toBe('1m for every 40 moves (unused time carries over), plus 600ms a move');
    expect(describeTimeControl(tc('10'))).toBe('10s for the game');
  });
});

describe('GameClock', () => {
  it('charges moves, adds the increment after each, and renews the time every period, carrying over', () => {
    const c = new GameClock(tc('2/10+1'));
    expect(c.view(0)).toEqual({ tc: tc('2/10+1'), remainingMs: 10_000, movesToGo: 2, opponentMs: 10_000 });
    expect(c.charge(0, 3000)).toBe(true);
    expect(c.view(0)).toEqual(expect.objectContaining({ remainingMs: 8000, movesToGo: 1 }));
    expect(c.charge(0, 4000)).toBe(true); // period over: 4 s left + 10 s + 1 s
    expect(c.view(0)).toEqual(expect.objectContaining({ remainingMs: 15_000, movesToGo: 2 }));
    expect(c.view(1)).toEqual(expect.objectContaining({ remainingMs: 10_000, movesToGo: 2, opponentMs: 15_000 }));
  });

  it('loses on time past the margin, before the increment; exactly at the margin is still in time', () => {
    const c = new GameClock(tc('1+0.5'), 100);
    expect(c.allowanceMs(0)).toBe(1100);
    expect(c.charge(0, 1100)).toBe(true); // -100 ms + 500 ms increment
    expect(c.remainingMs(0)).toBe(400);
    expect(c.charge(0, 501)).toBe(false);
    expect(c.remainingMs(0)).toBe(-101);
    const strict = new GameClock(tc('1+10'));
    expect(strict.charge(1, 1000.5)).toBe(false); // the increment cannot rescue an overrun
    expect(strict.allowanceMs(1)).toBe(0);
  });
});

describe('the clock over GTP', () => {
  it('maps moves/time to Canadian byo-yomi and a game time to absolute time, in whole seconds', () => {
    expect(gtpTimeSettings(tc('40/60+0.6'))).toBe('time_settings 0 60 40');
    expect(gtpTimeSettings(tc('10+0.1'))).toBe('time_settings 10 0 0');
    expect(gtpTimeSettings(tc('0.5'))).toBe('time_settings 1 0 0');
    const c = new GameClock(tc('40/60'));
    c.charge(0, 1500);
    expect(gtpTimeLeft('black', c.view(0))).toBe('time_left black 58 39');
    const sudden = new GameClock(tc('10+0.1'));
    sudden.charge(1, 9950);
    expect(gtpTimeLeft('white', sudden.view(1))).toBe('time_left white 0 0');
  });
});
