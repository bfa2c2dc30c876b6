// Player specs of a tournament: a build id with optional settings, `strongest:depth=8,exact=14`
// (also `book=FILE`, an opening book to play from),
// or an external program, `gtp:<command line>`. Engine specs are plain data so they travel to
// pool workers; 'strongest' is resolved to a concrete id once, in the main thread.
import { resolve } from 'node:path';
import { MAX_EXACT_EMPTIES, MAX_MOVE_MS, MAX_SEARCH_DEPTH, findBuild, readBookFile } from '@sente/search';

export interface EngineSpec {
  readonly kind: 'engine';
  /** Display name (the spec as given, made unique). */
  readonly name: string;
  /** Concrete build id. */
  readonly build: string;
  readonly depth?: number;
  readonly exact?: number;
  readonly timeMs?: number;
  /** Opening book file the engine plays from. */
  readonly book?: string;
  /** Book moves within this many discs of the best may be chosen (seeded per game). */
  readonly bookMargin?: number;
}

export interface GtpSpec {
  readonly kind: 'gtp';
  readonly name: string;
  readonly command: string;
}

export type PlayerSpec = EngineSpec | GtpSpec;

export interface SpecDefaults {
  readonly depth?: number;
  readonly exact?: number;
  readonly timeMs?: number;
}

export type SpecResult = { ok: true; spec: PlayerSpec } | { ok: false; error: string };

/** The accepted range of each numeric setting (depth 99 would search forever, time=0 not at all). */
const SETTING_RANGES: Record<string, [number, number]> = {
  depth: [1, MAX_SEARCH_DEPTH], exact: [0, MAX_EXACT_EMPTIES], time: [1, MAX_MOVE_MS], bookmargin: [0, 64],
};

export function parsePlayerSpec(text: string, defaults: SpecDefaults, buildsDir: string): SpecResult {
  if (text.startsWith('gtp:')) {
    const command = text.slice(4).trim();
    if (command === '') return { ok: false, error: `"${text}": gtp: needs a command line, e.g. gtp:gtp-rhino` };
    return { ok: true, spec: { kind: 'gtp', name: text, command } };
  }
  const colon = text.indexOf(':');
  const id = colon < 0 ? text : text.slice(0, colon);
  const settings: Record<string, number> = {};
  let book: string | undefined;
  if (colon >= 0) {
    for (const part of text.slice(colon + 1).split(',')) {
      if (part.trim() === '') continue;
      const b = /^\s*book\s*=\s*(\S+)\s*$/.exec(part);
      if (b) {
        book = b[1];
        continue;
      }
      const m = /^\s*(depth|exact|time|bookmargin)\s*=\s*(\d+(?:\.\d+)?)\s*$/.exec(part);
      if (!m) return { ok: false, error: `"${text}": "${part}" is not a setting (depth=N, exact=N, time=MS, book=FILE or bookmargin=DISCS)` };
      if (m[1] !== 'bookmargin' && !Number.isInteger(Number(m[2]))) return { ok: false, error: `"${text}": ${m[1]} must be a whole number` };
      const [min, max] = SETTING_RANGES[m[1]];
      const v = Number(m[2]);
      if (!(v >= min && v <= max)) {
        return { ok: false, error: `"${text}": ${m[1]} must be ${m[1] === 'time' ? `from 1 to ${max} (ms per move)` : `from ${min} to ${max}`}, got ${m[2]}` };
      }
      settings[m[1]] = v;
    }
  }
  if (book !== undefined) {
    const r = readBookFile(book);
    if (!r.ok) return { ok: false, error: `"${text}": ${r.error}` };
    book = resolve(book);
  }
  let build: string;
  try {
    build = findBuild(id, buildsDir).id;
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
  const timeMs = settings.time ?? (settings.depth === undefined ? defaults.timeMs : undefined);
  const depth = settings.depth ?? (settings.time === undefined ? defaults.depth : undefined);
  return { ok: true, spec: { kind: 'engine', name: text, build, depth, exact: settings.exact ?? defaults.exact, timeMs, book, bookMargin: settings.bookmargin } };
}

/** Makes names unique by suffixing #2, #3, ... to repeats. */
export function uniqueNames(specs: PlayerSpec[]): PlayerSpec[] {
  const seen = new Map<string, number>();
  return specs.map((s) => {
    const n = (seen.get(s.name) ?? 0) + 1;
    seen.set(s.name, n);
    return n === 1 ? s : { ...s, name: `${s.name}#${n}` };
  });
}
