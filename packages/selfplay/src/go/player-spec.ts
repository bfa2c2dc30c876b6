// The description of a sente Go player, one syntax for every command that takes one (`sente go
// tournament`, `sente tournament --game go`, the Go match runner and its benchmark):
// `sente[:playouts=N,time=DURATION,resign=R,seed=K,threads=T,priors=0|1|FILE,expand=N,nakade=0|1,opening=0|1,score=W,name=NAME]`, or
// `gtp:<command line>` for another program. Parsing returns a value with the offending setting
// named; senteOptionsOf turns a sente description into the engine's options.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { go as search } from '@sente/search';
import { parseDuration } from '../match/duration.js';
import type { GtpSpec } from '../players.js';

/** sente's Go engine with its settings (a tournament player). */
export interface GoEngineSpec {
  readonly kind: 'go-engine';
  readonly name: string;
  readonly playouts?: number;
  readonly timeMs?: number;
  readonly resign?: number;
  /** Fixed seed (default: one per game, from the name and the game number). */
  readonly seed?: number;
  /** false: the hand-made move priors instead of the learned ones (priors=0). */
  readonly priors?: boolean;
  /** Learned move priors read from this file instead of the shipped ones (priors=FILE, an absolute path). */
  readonly priorsFile?: string;
  /** Search threads (one shared tree, threads=T; default 1). */
  readonly threads?: number;
  /** The visit at which a tree leaf gets its children (expand=N, 2 or more; default by board size). */
  readonly expandAt?: number;
  /** The playouts' eye-filling exception on (nakade=1) or off (nakade=0); default by board size. */
  readonly nakade?: boolean;
  /** The opening bonuses of the learned priors on (opening=1) or off (opening=0); default by board size. */
  readonly opening?: boolean;
  /** The share of a playout's value its score margin decides, 0 to 0.5 (score=W; default 0, the result alone). */
  readonly scoreWeight?: number;
}

const NAME = /^[A-Za-z0-9_.+#@:=-]{1,40}$/;

export type GoSpecResult = { ok: true; spec: GoEngineSpec | GtpSpec } | { ok: false; error: string };

/** Decoded priors files by absolute path (a tournament's games share one). */
const priorsFiles = new Map<string, search.PriorsPayload>();

/** A priors file's payload (read once per process), or the reason it cannot be used. */
function readPriorsFile(path: string): { ok: true; value: search.PriorsPayload } | { ok: false; error: string } {
  const cached = priorsFiles.get(path);
  if (cached) return { ok: true, value: cached };
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    return { ok: false, error: `cannot read ${path}: ${(e as Error).message}` };
  }
  const r = search.decodePriors(text);
  if (!r.ok) return { ok: false, error: `${path}: ${r.error}` };
  priorsFiles.set(path, r.value);
  return r;
}

/** A Go player: `sente[:playouts=N,time=DURATION,resign=R,seed=K,threads=T,priors=0|1|FILE,expand=N,nakade=0|1,opening=0|1,score=W,name=NAME]` or `gtp:<command line>`. */
export function parseGoPlayerSpec(text: string): GoSpecResult {
  if (text.startsWith('gtp:')) {
    const command = text.slice(4).trim();
    if (command === '') return { ok: false, error: `"${text}": gtp: needs a command line, e.g. gtp:gnugo --mode gtp --level 1` };
    return { ok: true, spec: { kind: 'gtp', name: text, command } };
  }
  if (text !== 'sente' && !text.startsWith('sente:')) return { ok: false, error: `"${text}": use "sente[:playouts=N,time=DURATION,resign=R,seed=K,threads=T,priors=0|1|FILE,expand=N,nakade=0|1,opening=0|1,score=W,name=NAME]" or "gtp:<command line>"` };
  const spec: { -readonly [K in keyof GoEngineSpec]: GoEngineSpec[K] } = { kind: 'go-engine', name: text };
  const seen = new Set<string>();
  for (const part of text.slice(6).split(',').filter((p) => p.trim() !== '')) {
    const m = /^\s*([a-z]+)\s*=\s*(.*?)\s*$/.exec(part);
    if (!m) return { ok: false, error: `"${text}": "${part}" is not key=value` };
    const [, key, value] = m;
    // A setting given twice is a typo to point at, not a choice of the last one.
    if (seen.has(key)) return { ok: false, error: `"${text}": ${key} is given more than once` };
    seen.add(key);
    if (key === 'name') {
      if (!NAME.test(value)) return { ok: false, error: `"${text}": name "${value}" must be 1 to 40 letters, digits or _.+#@:=-` };
      spec.name = value;
    } else if (key === 'time') {
      const d = parseDuration(value);
      if (!d.ok) return { ok: false, error: `"${text}": time: ${d.error}` };
      spec.timeMs = d.ms;
    } else if (key === 'playouts' || key === 'seed') {
      const n = Number(value);
      const [min, max] = key === 'playouts' ? [1, 10_000_000] : [0, 0xffffffff];
      if (!Number.isInteger(n) || n < min || n > max) return { ok: false, error: `"${text}": ${key} must be a whole number from ${min} to ${max}, got "${value}"` };
      spec[key] = n;
    } else if (key === 'threads') {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1 || n > 64) return { ok: false, error: `"${text}": threads must be a whole number from 1 to 64, got "${value}"` };
      spec.threads = n;
    } else if (key === 'expand') {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 2 || n > 1000) return { ok: false, error: `"${text}": expand must be a whole number from 2 to 1000, got "${value}"` };
      spec.expandAt = n;
    } else if (key === 'nakade') {
      if (value !== '0' && value !== '1') return { ok: false, error: `"${text}": nakade must be 0 or 1, got "${value}"` };
      spec.nakade = value === '1';
    } else if (key === 'opening') {
      if (value !== '0' && value !== '1') return { ok: false, error: `"${text}": opening must be 0 or 1, got "${value}"` };
      spec.opening = value === '1';
    } else if (key === 'score') {
      const n = Number(value);
      if (value === '' || !(n >= 0 && n <= 0.5)) return { ok: false, error: `"${text}": score must be a number from 0 to 0.5, got "${value}"` };
      spec.scoreWeight = n;
    } else if (key === 'priors') {
      if (value === '0' || value === '1') spec.priors = value === '1';
      else if (value === '') return { ok: false, error: `"${text}": priors must be 0 (hand-made), 1 (the shipped learned ones) or a priors file` };
      else {
        // A priors file (scripts/go-priors-fit.mjs writes them): refused here if it cannot be used.
        const path = resolve(value);
        const r = readPriorsFile(path);
        if (!r.ok) return { ok: false, error: `"${text}": priors: ${r.error}` };
        spec.priorsFile = path;
      }
    } else if (key === 'resign') {
      const n = Number(value);
      if (!(n >= 0 && n <= 1)) return { ok: false, error: `"${text}": resign must be a number from 0 to 1, got "${value}"` };
      spec.resign = n;
    } else {
      return { ok: false, error: `"${text}": unknown setting ${key} (playouts, time, resign, seed, threads, priors, expand, nakade, opening, score, name)` };
    }
  }
  return { ok: true, spec };
}

/** The engine options of a sente description; `seed` when the description fixes none. */
export function senteOptionsOf(spec: GoEngineSpec, seed: number): search.GoGtpOptions {
  return {
    playouts: spec.playouts, timeMs: spec.timeMs, resignThreshold: spec.resign,
    seed: spec.seed ?? seed,
    ...(spec.priors === false ? { priors: false } : {}),
    ...(spec.priorsFile !== undefined && spec.priors !== false ? { priors: priorsPayload(spec.priorsFile) } : {}),
    ...(spec.threads !== undefined ? { threads: spec.threads } : {}),
    ...(spec.expandAt !== undefined ? { expandAt: spec.expandAt } : {}),
    ...(spec.nakade !== undefined ? { nakade: spec.nakade } : {}),
    ...(spec.opening !== undefined ? { opening: spec.opening } : {}),
    ...(spec.scoreWeight !== undefined ? { scoreWeight: spec.scoreWeight } : {}),
  };
}

/** The payload of a description's priors file (checked when the description was parsed). */
function priorsPayload(path: string): search.PriorsPayload {
  const r = readPriorsFile(path);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}
