// Player specs of a tournament: a build id with optional settings, `strongest:depth=8,exact=14`
// (also `book=FILE`, an opening book to play from; `threads=N` search threads; `time=` a duration, bare numbers seconds,
// match/duration.ts; `name=` the player's name in standings and the CSV),
// or an external program, `gtp:<command line>` (`gtp,name=NAME:<command line>` to name it). Engine specs are plain data so they travel to
// pool workers; 'strongest' is resolved to a concrete id once, in the main thread.
import { resolve } from 'node:path';
import { MAX_EXACT_EMPTIES, MAX_MOVE_MS, MAX_SEARCH_DEPTH, MAX_THREADS, findBuild, readBookFile } from '@sente/search';
import { parseDuration } from './match/duration.js';
import type { GoEngineSpec } from './go/player-spec.js';

export interface EngineSpec {
  readonly kind: 'engine';
  /** Display name (`name=`, else the spec as given; made unique). */
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
  /** Search threads (`threads=N`; default 1). */
  readonly threads?: number;
}

export interface GtpSpec {
  readonly kind: 'gtp';
  readonly name: string;
  readonly command: string;
}

/** An Othello build, an external program, or sente's Go engine (go/tournament-game.ts). */
export type PlayerSpec = EngineSpec | GtpSpec | GoEngineSpec;

export interface SpecDefaults {
  readonly depth?: number;
  readonly exact?: number;
  readonly timeMs?: number;
}

export type SpecResult = { ok: true; spec: PlayerSpec } | { ok: false; error: string };

/** The accepted range of each numeric setting (depth 99 would search forever). */
const SETTING_RANGES: Record<string, [number, number]> = {
  depth: [1, MAX_SEARCH_DEPTH], exact: [0, MAX_EXACT_EMPTIES], bookmargin: [0, 64], threads: [1, MAX_THREADS],
};

/** A player name: short, no spaces or commas (`:` and `=` are allowed, so a spec can be a name). */
const NAME = /^[A-Za-z0-9_.+#@:=-]{1,40}$/;

export function parsePlayerSpec(text: string, defaults: SpecDefaults, buildsDir: string): SpecResult {
  // gtp:<command> or gtp,name=NAME:<command>: the settings end at the first colon, the command line is untouched.
  const gtp = /^gtp((?:,[^:]*)?):/.exec(text);
  if (gtp) {
    const command = text.slice(gtp[0].length).trim();
    if (command === '') return { ok: false, error: `"${text}": gtp: needs a command line, e.g. gtp:gtp-rhino` };
    let name: string | undefined;
    for (const part of gtp[1].split(',').slice(1)) {
      const m = /^\s*name\s*=\s*(.*?)\s*$/.exec(part);
      if (!m) return { ok: false, error: `"${text}": "${part}" is not a setting of a GTP player (name=NAME, as in gtp,name=rhino:gtp-rhino -l 3)` };
      if (!NAME.test(m[1])) return { ok: false, error: `"${text}": name "${m[1]}" must be 1 to 40 letters, digits or _.+#@:=-` };
      name = m[1];
    }
    return { ok: true, spec: { kind: 'gtp', name: name ?? text, command } };
  }
  const colon = text.indexOf(':');
  const id = colon < 0 ? text : text.slice(0, colon);
  const settings: Record<string, number> = {};
  let book: string | undefined;
  let name: string | undefined;
  let timeMs: number | undefined;
  if (colon >= 0) {
    const seen = new Set<string>();
    for (const part of text.slice(colon + 1).split(',')) {
      if (part.trim() === '') continue;
      // A setting given twice is a typo to point at, not a choice of the last one.
      const key = /^\s*([a-z]+)\s*=/.exec(part)?.[1];
      if (key !== undefined && seen.has(key)) return { ok: false, error: `"${text}": ${key} is given more than once` };
      if (key !== undefined) seen.add(key);
      const b = /^\s*(book|name|time)\s*=\s*(.*?)\s*$/.exec(part);
      if (b?.[1] === 'book') {
        book = b[2];
        continue;
      }
      if (b?.[1] === 'name') {
        if (!NAME.test(b[2])) return { ok: false, error: `"${text}": name "${b[2]}" must be 1 to 40 letters, digits or _.+#@:=-` };
        name = b[2];
        continue;
      }
      if (b?.[1] === 'time') {
        const d = parseDuration(b[2], MAX_MOVE_MS);
        if (!d.ok) return { ok: false, error: `"${text}": time: ${d.error}` };
        timeMs = d.ms;
        continue;
      }
      const m = /^\s*(depth|exact|bookmargin|threads)\s*=\s*(\d+(?:\.\d+)?)\s*$/.exec(part);
      if (!m) return { ok: false, error: `"${text}": "${part}" is not a setting (depth=N, exact=N, time=DURATION, threads=N, book=FILE, bookmargin=DISCS or name=NAME)` };
      if (m[1] !== 'bookmargin' && !Number.isInteger(Number(m[2]))) return { ok: false, error: `"${text}": ${m[1]} must be a whole number` };
      const [min, max] = SETTING_RANGES[m[1]];
      const v = Number(m[2]);
      if (!(v >= min && v <= max)) {
        return { ok: false, error: `"${text}": ${m[1]} must be from ${min} to ${max}, got ${m[2]}` };
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
  const time = timeMs ?? (settings.depth === undefined ? defaults.timeMs : undefined);
  const depth = settings.depth ?? (timeMs === undefined ? defaults.depth : undefined);
  return { ok: true, spec: { kind: 'engine', name: name ?? text, build, timeMs: time, depth, exact: settings.exact ?? defaults.exact, book, bookMargin: settings.bookmargin, threads: settings.threads } };
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
