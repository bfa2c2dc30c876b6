// One validation layer for every command's options. A command declares the range of each numeric
// option and the kind of each path (an existing file, a file to write, a folder) and applies them
// with `checked(y, rules)` (yargs' .check()), so a bad value is refused before any work starts with
// a one-line message (`sente: --batch must be a whole number ≥ 1 (got 0)`, exit 2). yargs reads
// `--games abc` as NaN and `1e12` as a number: only these ranges stand between them and a hang.
// Durations (--time, --move-timeout) are strings with units, `500ms`, `2s`, `1m`, a bare number
// meaning seconds in every command (match/duration.ts in @sente/selfplay parses them, and player
// specs' time= too); `durationMs` turns a checked one into milliseconds.
import { existsSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Argv } from 'yargs';
import { MAX_EXACT_EMPTIES, MAX_MOVE_MS, MAX_SEARCH_DEPTH, MAX_THREADS } from '@sente/search';
import { parseDuration } from '@sente/selfplay';

export type Rule =
  | { readonly kind: 'int'; readonly min: number; readonly max: number }
  | { readonly kind: 'number'; readonly min: number; readonly max: number; readonly aboveMin?: boolean; readonly belowMax?: boolean }
  /** An existing file to read. */
  | { readonly kind: 'file' }
  /** An existing file or folder (game files: a self-play folder stands for its games.txt). */
  | { readonly kind: 'exists' }
  /** A file to write: absent or a file, not a folder, in a folder that exists. */
  | { readonly kind: 'output-file' }
  /** A folder to use or create: absent or a folder, not a file. */
  | { readonly kind: 'folder' }
  /** A duration (`500ms`, `2s`, `1m`, bare number = seconds) from 1 ms to max ms. */
  | { readonly kind: 'duration'; readonly max: number };

/** A whole number in [min, max]. */
export const int = (min: number, max: number = Number.MAX_SAFE_INTEGER): Rule => ({ kind: 'int', min, max });
/** A number in [min, max] (finite unless max is Infinity). */
export const num = (min: number, max: number = Infinity, o: { aboveMin?: boolean; belowMax?: boolean } = {}): Rule => ({ kind: 'number', min, max, ...o });
/** A number > 0 and ≤ max. */
export const positive = (max: number = Infinity): Rule => ({ kind: 'number', min: 0, max, aboveMin: true });
export const file: Rule = { kind: 'file' };
export const existing: Rule = { kind: 'exists' };
export const outputFile: Rule = { kind: 'output-file' };
export const folder: Rule = { kind: 'folder' };

/** The shared ranges, so the same option means the same thing in every command. */
export const MAX_GAMES = 1_000_000;
export const MAX_WORKERS = 256;
export const RULES = {
  depth: int(1, MAX_SEARCH_DEPTH),
  exact: int(0, MAX_EXACT_EMPTIES),
  games: int(1, MAX_GAMES),
  workers: int(1, MAX_WORKERS),
  /** Search threads of one engine (--threads). */
  threads: int(1, MAX_THREADS),
  seed: int(0, 0xffffffff),
  /** A time per move or a timeout (--time, --move-timeout of every command). */
  duration: { kind: 'duration', max: MAX_MOVE_MS } as Rule,
  /** A margin in discs. */
  discs: num(0, 64),
} as const;

function describe(rule: Rule & { kind: 'int' | 'number' }): string {
  const what = rule.kind === 'int' ? 'a whole number' : 'a number';
  const low = rule.min === -Infinity || rule.min === Number.MIN_SAFE_INTEGER ? null : `${rule.kind === 'number' && rule.aboveMin ? '>' : '≥'} ${rule.min}`;
  const high = rule.max === Infinity || rule.max === Number.MAX_SAFE_INTEGER ? null : `${rule.kind === 'number' && rule.belowMax ? '<' : '≤'} ${rule.max}`;
  const inclusive = rule.kind === 'int' || (!rule.aboveMin && !rule.belowMax);
  if (low && high && inclusive) return `${what} from ${rule.min} to ${rule.max}`;
  if (low && high) return `${what} ${low} and ${high}`;
  return `${what} ${low ?? high ?? ''}`.trimEnd();
}

/** What is wrong with one value of option `name`, or null. */
export function problem(name: string, value: unknown, rule: Rule): string | null {
  const flag = name.startsWith('<') ? name.slice(1, -1) : `--${name}`;
  if (rule.kind === 'int' || rule.kind === 'number') {
    const n = typeof value === 'number' ? value : NaN;
    const ok = Number.isFinite(n) && (rule.kind === 'number' || Number.isInteger(n))
      && (rule.kind === 'number' && rule.aboveMin ? n > rule.min : n >= rule.min)
      && (rule.kind === 'number' && rule.belowMax ? n < rule.max : n <= rule.max);
    if (ok) return null;
    const got = Array.isArray(value) ? `${value.join(', ')}: given more than once` : String(value);
    return `${flag} must be ${describe(rule)} (got ${got})`;
  }
  if (rule.kind === 'duration') {
    if (Array.isArray(value)) return `${flag} was given more than once (${value.join(', ')})`;
    const d = parseDuration(typeof value === 'number' ? String(value) : String(value ?? ''), rule.max);
    return d.ok ? null : `${flag}: ${d.error}`;
  }
  if (typeof value !== 'string' || value === '') return `${flag} needs a path`;
  const stat = existsSync(value) ? statSync(value) : null;
  if (rule.kind === 'exists') {
    if (!stat) return `cannot read ${flag} ${value}: no such file or folder`;
  } else if (rule.kind === 'file') {
    if (!stat) return `cannot read ${flag} ${value}: no such file`;
    if (!stat.isFile()) return `cannot read ${flag} ${value}: it is a folder, not a file`;
  } else if (rule.kind === 'output-file') {
    if (stat?.isDirectory()) return `${flag} ${value} is a folder; name a file to write`;
    // The file's folder must be there: the writers write a temporary file beside it and rename it.
    const dir = dirname(resolve(value));
    if (!existsSync(dir)) return `cannot write ${flag} ${value}: folder ${dir} does not exist`;
    if (!statSync(dir).isDirectory()) return `cannot write ${flag} ${value}: ${dir} is a file, not a folder`;
  } else if (stat && !stat.isDirectory()) {
    return `${flag} ${value} is a file; name a folder (it is created if missing)`;
  }
  return null;
}

/** The file a path names, links and `./` resolved (as given when it does not exist yet). */
function canonicalPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/** True when two paths name one file, however spelled. */
export function samePath(a: string, b: string): boolean {
  return canonicalPath(a) === canonicalPath(b);
}

/**
 * The first output among `outputs` ([flag, path]) that is also one of the `inputs` ([flag, path],
 * flag '' for a positional; a folder input stands for the files in it that are read: `within`),
 * as a message, or null: an output written over an input destroys what the user gave.
 */
export function outputOverInput(outputs: ReadonlyArray<readonly [string, string | undefined]>, inputs: ReadonlyArray<readonly [string, string | undefined]>, within: readonly string[] = []): string | null {
  const read = new Map<string, string>();
  for (const [flag, path] of inputs) {
    if (!path) continue;
    const named = flag ? `${flag} ${path}` : path;
    read.set(canonicalPath(path), named);
    if (existsSync(path) && statSync(path).isDirectory()) for (const name of within) read.set(canonicalPath(join(path, name)), named);
  }
  for (const [flag, path] of outputs) {
    const input = path ? read.get(canonicalPath(path)) : undefined;
    if (input) return `${flag} ${path} would overwrite the input ${input}`;
  }
  return null;
}

/** Milliseconds of a duration option already checked by its rule (undefined stays undefined). */
export function durationMs(value: string | number | undefined): number | undefined {
  if (value === undefined) return undefined;
  const d = parseDuration(String(value));
  if (!d.ok) throw new Error(d.error);
  return d.ms;
}

/** The help text's words for a duration option. */
export const DURATION_HELP = '(a duration: 500ms, 2s, 1m; a bare number is seconds)';

/** Every problem of the given options, arrays checked element by element; absent options skipped. */
export function problems(args: Record<string, unknown>, rules: Record<string, Rule>): string[] {
  const out: string[] = [];
  for (const [name, rule] of Object.entries(rules)) {
    const value = args[name.replace(/^<|>$/g, '')];
    if (value === undefined) continue;
    const values = Array.isArray(value) && (rule.kind !== 'int' && rule.kind !== 'number' && rule.kind !== 'duration') ? value : [value];
    for (const v of values) {
      const p = problem(name, v, rule);
      if (p) { out.push(p); break; }
    }
  }
  return out;
}

/** Adds a yargs check refusing the first bad option (main prints its one line and exits 2). */
export function checked<T>(y: Argv<T>, rules: Record<string, Rule>, extra?: (args: T & Record<string, unknown>) => string | null): Argv<T> {
  return y.check((args) => {
    const first = problems(args as Record<string, unknown>, rules)[0] ?? extra?.(args as T & Record<string, unknown>) ?? null;
    if (first) throw new Error(first);
    return true;
  });
}
