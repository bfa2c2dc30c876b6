// Game clocks, as cutechess-cli and fastchess keep them. A time control `moves/time+increment`
// gives each side `time` for its first `moves` moves; when a side has made them, `time` is added
// to what it has left (unused time carries over) and a new period of `moves` starts. Without
// `moves/` the time is for the whole game (sudden death). The increment (Fischer) is added after
// each move the side makes. Durations follow the project's convention (match/duration.ts: a bare
// number is seconds; `ms`, `s`, `m` units). A move is a square chosen by the side: passes are made
// by the referee and cost nothing. A side loses on time when a move leaves it more than the
// margin below zero (checked before its increment is added, as cutechess does).
import { MAX_DURATION_MS, formatDuration, parseDuration } from './duration.js';

export interface TimeControl {
  /** Moves per period; 0 = the whole game (sudden death). */
  readonly moves: number;
  /** Time for each period (ms). */
  readonly baseMs: number;
  /** Added after every move (ms); 0 for none. */
  readonly incrementMs: number;
}

export type TimeControlResult = { ok: true; tc: TimeControl } | { ok: false; error: string };

/** Most moves in one period: a side of an Othello game makes at most 32 moves, but other games may make more. */
export const MAX_PERIOD_MOVES = 1000;

const FORM = 'a time control is [moves/]time[+increment], e.g. 40/60+0.6, 10+0.1, 5m+2s (a bare number is seconds)';

/** Parses `40/60+0.6`, `10+0.1`, `5m+2s`, `2m`, `30/1m`. Refused with a message: other shapes, zero time, over an hour. */
export function parseTimeControl(text: string): TimeControlResult {
  const s = String(text).trim();
  const m = /^(?:(\d+)\s*\/\s*)?([^+/]+?)(?:\s*\+\s*([^+/]+))?$/.exec(s);
  if (!m || s === '') return { ok: false, error: `"${s}" is not a time control (${FORM})` };
  let moves = 0;
  if (m[1] !== undefined) {
    moves = Number(m[1]);
    if (!(moves >= 1 && moves <= MAX_PERIOD_MOVES)) return { ok: false, error: `"${s}": the moves of a period must be from 1 to ${MAX_PERIOD_MOVES}, got ${m[1]}` };
  }
  const base = parseDuration(m[2], MAX_DURATION_MS);
  if (!base.ok) return { ok: false, error: `"${s}": time: ${base.error}` };
  let incrementMs = 0;
  if (m[3] !== undefined) {
    // "+0" is allowed and means no increment.
    if (/^(0+(\.0*)?|\.0+)\s*(ms|s|m)?$/.test(m[3].trim())) incrementMs = 0;
    else {
      const inc = parseDuration(m[3], 60_000);
      if (!inc.ok) return { ok: false, error: `"${s}": increment: ${inc.error}` };
      incrementMs = inc.ms;
    }
  }
  return { ok: true, tc: { moves, baseMs: Math.round(base.ms), incrementMs: Math.round(incrementMs) } };
}

/** The canonical spelling, which parseTimeControl reads back: `40/1m+0.6s`, `10s+100ms`, `5m`. */
export function formatTimeControl(tc: TimeControl): string {
  return `${tc.moves > 0 ? `${tc.moves}/` : ''}${formatDuration(tc.baseMs)}${tc.incrementMs > 0 ? `+${formatDuration(tc.incrementMs)}` : ''}`;
}

/** In words: `1m for every 40 moves, plus 0.6s a move`, `10s for the game, plus 100ms a move`. */
export function describeTimeControl(tc: TimeControl): string {
  const period = tc.moves > 0 ? `${formatDuration(tc.baseMs)} for every ${tc.moves} move${tc.moves === 1 ? '' : 's'} (unused time carries over)` : `${formatDuration(tc.baseMs)} for the game`;
  return `${period}${tc.incrementMs > 0 ? `, plus ${formatDuration(tc.incrementMs)} a move` : ''}`;
}

/** One side's clock as a player sees it before a move. */
export interface ClockView {
  readonly tc: TimeControl;
  /** Time left (ms; may be slightly negative within the margin). */
  readonly remainingMs: number;
  /** Moves left in the current period (0 under sudden death). */
  readonly movesToGo: number;
  /** The opponent's time left (ms). */
  readonly opponentMs: number;
}

/** Both sides' clocks of one game (index 0 and 1, the colours of @sente/core). */
export class GameClock {
  private readonly left: [number, number];
  private readonly toGo: [number, number];

  constructor(readonly tc: TimeControl, readonly marginMs = 0) {
    this.left = [tc.baseMs, tc.baseMs];
    this.toGo = [tc.moves, tc.moves];
  }

  remainingMs(side: number): number {
    return this.left[side];
  }

  view(side: number): ClockView {
    return { tc: this.tc, remainingMs: this.left[side], movesToGo: this.toGo[side], opponentMs: this.left[1 - side] };
  }

  /** The longest a move may take before the side has lost on time. */
  allowanceMs(side: number): number {
    return Math.max(0, this.left[side] + this.marginMs);
  }

  /**
   * Charges a move of `ms` to `side`. Returns false when the side has lost on time (it is then
   * charged but gets neither increment nor a new period); true otherwise.
   */
  charge(side: number, ms: number): boolean {
    this.left[side] -= ms;
    if (this.left[side] + this.marginMs < 0) return false;
    if (this.tc.moves > 0 && --this.toGo[side] === 0) {
      this.left[side] += this.tc.baseMs;
      this.toGo[side] = this.tc.moves;
    }
    this.left[side] += this.tc.incrementMs;
    return true;
  }
}

// GTP has no Fischer increment and no carried-over periods; its time_settings is main time plus
// Canadian byo-yomi (`byo_yomi_time` seconds for every `byo_yomi_stones` stones). A repeating
// `moves/time` is sent as no main time and a period of `time` for `moves` stones (Canadian
// byo-yomi drops unused time where ours carries it over, so the engine is told too little, never
// too much); a time for the game as main time with no byo-yomi (absolute time). The increment
// cannot be said: time_left before every genmove tells the engine what it really has (the
// increments earned and the time carried over included) and how many moves its period still has.
// GTP times are whole seconds: time_left rounds down.

/** The `time_settings main byo_yomi_time byo_yomi_stones` command for a time control. */
export function gtpTimeSettings(tc: TimeControl): string {
  const seconds = Math.max(1, Math.floor(tc.baseMs / 1000));
  return tc.moves > 0 ? `time_settings 0 ${seconds} ${tc.moves}` : `time_settings ${seconds} 0 0`;
}

/** The `time_left <colour> <seconds> <stones>` command before a genmove (stones 0 under absolute time). */
export function gtpTimeLeft(colour: 'black' | 'white', clock: ClockView): string {
  return `time_left ${colour} ${Math.max(0, Math.floor(clock.remainingMs / 1000))} ${clock.tc.moves > 0 ? clock.movesToGo : 0}`;
}
