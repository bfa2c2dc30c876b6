// Where games start. XOT-style files (one transcript per line, e.g. the shipped 10,784 XOT
// openings of 8 plies) give balanced, varied starts; `random:K` plays K random plies from a PRNG
// seeded with (seed, game index, attempt) and keeps the first position that a shallow search finds
// balanced, so random openings are reproducible too.
import { Position, parseTranscript } from '@sente/core';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { randomMoves, seededRandom } from './random.js';

/** The shipped XOT openings (packages/selfplay/openings/xot-large.txt, beside src/ and dist/). */
export const DEFAULT_OPENINGS_FILE = fileURLToPath(new URL('../openings/xot-large.txt', import.meta.url));

export type OpeningSource =
  | { readonly kind: 'file'; readonly path: string }
  | { readonly kind: 'random'; readonly plies: number; readonly balance: number; readonly balanceDepth: number };

export type OpeningsResult<T> = { ok: true; value: T } | { ok: false; error: string };

/** `xot` (the shipped file), `random:K`, or a path to a transcript file. */
export function parseOpeningSpec(spec: string, balance = 6, balanceDepth = 2): OpeningsResult<OpeningSource> {
  if (spec === 'xot' || spec === 'default') return { ok: true, value: { kind: 'file', path: DEFAULT_OPENINGS_FILE } };
  if (!(balance >= 0)) return { ok: false, error: `the balance of random openings must be a number ≥ 0, got ${balance}` };
  const m = /^random:(\d+)$/.exec(spec);
  if (m) {
    const plies = Number(m[1]);
    if (plies < 0 || plies > 40) return { ok: false, error: `random openings take 0..40 plies, got ${plies}` };
    return { ok: true, value: { kind: 'random', plies, balance, balanceDepth } };
  }
  if (spec.startsWith('random')) return { ok: false, error: `"${spec}": expected random:<plies>, e.g. random:8` };
  if (!existsSync(spec)) return { ok: false, error: `openings file ${spec} does not exist (use a transcript file, "xot" or random:<plies>)` };
  if (statSync(spec).isDirectory()) return { ok: false, error: `openings ${spec} is a folder (use a transcript file, "xot" or random:<plies>)` };
  // Read and checked now, so a bad line is refused before any game is played, not by each game.
  const read = readOpeningsFile(spec);
  if (!read.ok) return read;
  return { ok: true, value: { kind: 'file', path: spec } };
}

const fileCache = new Map<string, number[][]>();

/** Reads a transcript file (blank lines and '#' comments skipped); every line must be legal. */
export function readOpeningsFile(path: string): OpeningsResult<number[][]> {
  const hit = fileCache.get(path);
  if (hit) return { ok: true, value: hit };
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    return { ok: false, error: `cannot read openings ${path}: ${(e as Error).message}` };
  }
  const out: number[][] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '' || line.startsWith('#')) continue;
    const r = parseTranscript(line.split(/\s+/)[0]);
    if (!r.ok) return { ok: false, error: `${path}:${i + 1}: ${r.error.message}` };
    if (r.value.position.isGameOver()) return { ok: false, error: `${path}:${i + 1}: the opening ends the game` };
    out.push(r.value.moves);
  }
  if (out.length === 0) return { ok: false, error: `openings file ${path} has no openings` };
  fileCache.set(path, out);
  return { ok: true, value: out };
}

/**
 * A random opening of `plies` legal moves for game `index`: attempts are drawn from
 * seededRandom(seed, index, attempt) until `isBalanced` accepts one (at most 64 attempts; then the
 * last one is used).
 */
export function randomOpening(plies: number, seed: number, index: number, isBalanced: (p: Position) => boolean): number[] {
  let last: number[] = [];
  for (let attempt = 0; attempt < 64; attempt++) {
    const { moves, position } = randomMoves(seededRandom(seed, index, attempt, 0x0bee), plies);
    if (position.isGameOver()) continue;
    last = moves;
    if (isBalanced(position)) return moves;
  }
  return last;
}
