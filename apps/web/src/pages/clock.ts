// The engines' limit and the game clock, as the Play pages (Othello and Go) share them: the limit
// chosen in the controls (the game's own kind, a time per move, or a game clock with the
// tournament's GameClock), the clock's text, and the charging of a turn's time with the reason of
// a loss on time. Each page keeps its own board; clock index i is the page's side i.
import { GameClock, formatTimeControl, parseTimeControl, type TimeControl } from '@sente/selfplay/clock';
import { parseDuration } from '@sente/selfplay/duration';

/** The page's own limit (`depth`, `playouts`), a time per move, or a game clock. */
export type Limit<K extends string> = { kind: K } | { kind: 'move'; ms: number } | ClockLimit;
export type ClockLimit = { kind: 'clock'; tc: TimeControl; clock: GameClock };

/** The game clock of a limit, or null (the page's own limit or a time per move). */
function clockOf(limit: Limit<string>): ClockLimit | null {
  return limit.kind === 'clock' ? (limit as ClockLimit) : null;
}

/** The limit chosen (`choice`: 'move', 'clock' or the page's own), or a message saying what is wrong. */
export function chosenLimit<K extends string>(own: K, choice: string, moveTime: string, maxMoveMs: number, timeControl: string): Limit<K> | string {
  if (choice === 'move') {
    const d = parseDuration(moveTime, maxMoveMs);
    return d.ok ? { kind: 'move', ms: Math.round(d.ms) } : `time per move: ${d.error}`;
  }
  if (choice === 'clock') {
    const r = parseTimeControl(timeControl);
    return r.ok ? { kind: 'clock', tc: r.tc, clock: new GameClock(r.tc) } : `game clock: ${r.error}`;
  }
  return { kind: own };
}

/** `1:05.3`, `0:09.8`: a clock's time left (never below zero). */
export function clockText(ms: number): string {
  const t = Math.max(0, ms) / 1000;
  const m = Math.floor(t / 60);
  return `${m}:${(t - 60 * m).toFixed(1).padStart(4, '0')}`;
}

/**
 * Charges `spent` ms to clock `index` of the game clock `limit`; null while time remains (or
 * without a clock), else the reason of the loss on time: `time (black): 812 ms for e6 with 700 ms
 * left (1m)`, or with no `move` (a human who has not moved yet) `no move after ...`.
 */
export function chargeTurn(limit: Limit<string>, index: number, spent: number, colour: string, move?: string): string | null {
  const c = clockOf(limit);
  if (!c) return null;
  const had = c.clock.remainingMs(index);
  if (c.clock.charge(index, spent)) return null;
  const what = move === undefined ? `no move after ${Math.round(spent)} ms` : `${Math.round(spent)} ms for ${move}`;
  return `time (${colour}): ${what} with ${Math.round(had)} ms left (${formatTimeControl(c.tc)})`;
}

/** A human's turn on a game clock, checked by the page's ticker: the loss's reason once the time
 *  since `turnStart` exceeds what is left (the clock is charged), else null. */
export function humanOutOfTime(limit: Limit<string>, index: number, turnStart: number, colour: string): string | null {
  const c = clockOf(limit);
  if (!c) return null;
  const spent = performance.now() - turnStart;
  return spent > c.clock.remainingMs(index) ? chargeTurn(limit, index, spent, colour) : null;
}
