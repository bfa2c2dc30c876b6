// One time convention for every command and player spec: a duration is a number with an optional
// unit, `500ms`, `2s`, `1.5s`, `1m`; a bare number means seconds. The CLI options and the player
// specs (`gen3:time=2s`, `sente:time=500ms`) all go through this parser; inside the libraries and
// in the CSV, times stay in milliseconds.

/** The longest duration accepted anywhere (one hour): more is a typo, not a setting. */
export const MAX_DURATION_MS = 3_600_000;

export type DurationResult = { ok: true; ms: number } | { ok: false; error: string };

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000 };

/**
 * Milliseconds of a duration: `500ms`, `2s`, `1m`, or a bare number of seconds. Refused: no number,
 * an unknown unit (`5x`), zero, negative, under 1 ms, or over `max` ms.
 */
export function parseDuration(text: string | number, max: number = MAX_DURATION_MS): DurationResult {
  const s = String(text).trim();
  const m = /^(\d+(?:\.\d+)?|\.\d+)\s*(ms|s|m)?$/.exec(s);
  if (!m) return { ok: false, error: `"${s}" is not a duration (a number of seconds, or with a unit: 500ms, 2s, 1m)` };
  const ms = Number(m[1]) * UNITS[m[2] ?? 's'];
  if (!(ms >= 1)) return { ok: false, error: `"${s}" is too short (at least 1ms)` };
  if (ms > max) return { ok: false, error: `"${s}" is too long (at most ${formatDuration(max)})` };
  return { ok: true, ms };
}

/** `250ms`, `2s`, `1.5s`, `3m`: the shortest faithful spelling of a number of ms. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms}ms`;
  if (ms % 60_000 === 0) return `${ms / 60_000}m`;
  return `${ms / 1000}s`;
}
