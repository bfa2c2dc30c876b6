// The game clock every protocol server keeps (session.ts): GTP's time_settings mapped to a mode,
// and the engine's own count-down between the controller's time_left reports.
import { describe, expect, it } from 'vitest';
import { GameClock, gtpClockMode } from './session.js';

describe('gtpClockMode', () => {
  it('maps time_settings as GTP 2 says', () => {
    expect(gtpClockMode(300, 0, 0)).toBe('absolute');
    expect(gtpClockMode(0, 0, 0)).toBe('none');
    expect(gtpClockMode(300, 30, 0)).toBe('none'); // byo-yomi time with no stones: no limit
    expect(gtpClockMode(300, 30, 10)).toBe('canadian');
    expect(gtpClockMode(0, 30, 10)).toBe('canadian');
  });
});

describe('GameClock.spend', () => {
  it('absolute: the time runs down; no clock, nothing to count', () => {
    const c = new GameClock();
    c.spend(1, 5);
    expect(c.left(1)).toBeNull();
    c.set('absolute', 60, 0, 0);
    c.spend(1, 2.5);
    expect(c.left(1)).toBe(57.5);
    expect(c.left(2)).toBe(60);
  });

  it('canadian: main time, then periods of stones, each last stone starting a new period', () => {
    const c = new GameClock();
    c.set('canadian', 10, 30, 3);
    c.spend(1, 4);
    expect([c.timeLeft[1], c.stonesLeft[1]]).toEqual([6, 0]);
    c.spend(1, 7); // main time runs out during the move: the first period starts
    expect([c.timeLeft[1], c.stonesLeft[1]]).toEqual([30, 3]);
    c.spend(1, 5);
    c.spend(1, 5);
    expect([c.timeLeft[1], c.stonesLeft[1]]).toEqual([20, 1]);
    c.spend(1, 5); // the period's last stone
    expect([c.timeLeft[1], c.stonesLeft[1]]).toEqual([30, 3]);
    // No main time: the period from the start.
    c.set('canadian', 0, 30, 3);
    expect([c.timeLeft[2], c.stonesLeft[2]]).toEqual([30, 3]);
  });

  it('byoyomi: a move within the period keeps it, one over it costs a period, the last one is kept', () => {
    const c = new GameClock();
    c.set('byoyomi', 5, 10, 2);
    c.spend(1, 6); // into overtime, with both periods
    expect([c.timeLeft[1], c.stonesLeft[1]]).toEqual([10, 2]);
    c.spend(1, 9);
    expect([c.timeLeft[1], c.stonesLeft[1]]).toEqual([10, 2]);
    c.spend(1, 11);
    expect([c.timeLeft[1], c.stonesLeft[1]]).toEqual([10, 1]);
    c.spend(1, 11);
    expect([c.timeLeft[1], c.stonesLeft[1]]).toEqual([10, 1]);
  });

  it('a controller\'s huge stone count stays a count (no wrap to main time)', () => {
    const c = new GameClock();
    c.set('canadian', 0, 2, 5);
    c.report(1, 2, 4294967297);
    expect(c.stonesLeft[1]).toBe(4294967297);
  });
});
