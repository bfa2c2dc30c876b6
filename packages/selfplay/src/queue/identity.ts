// What a job needs of the worker that plays it: the same sente version (package.json) and the same
// pattern set (a sha256 of core's PATTERNS table, which decides what an evaluation table means).
// Build tables are checked separately, by checksum (transport.ts). A mismatching worker refuses.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PATTERNS, PATTERN_SET_ID } from '@sente/core';

export interface Identity {
  readonly version: string;
  readonly patterns: string;
}

let cached: Identity | undefined;

export function localIdentity(): Identity {
  if (!cached) {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    const text = `${PATTERN_SET_ID}|${PATTERNS.map((p) => `${p.type}:${p.squares.join('.')}`).join('|')}`;
    cached = { version, patterns: createHash('sha256').update(text).digest('hex').slice(0, 16) };
  }
  return cached;
}

/** Why a worker of identity `local` must not play a job made for `wanted`, or null. */
export function identityMismatch(wanted: Identity, local: Identity = localIdentity()): string | null {
  if (wanted.version !== local.version) return `the job needs sente ${wanted.version}, this worker runs sente ${local.version}`;
  if (wanted.patterns !== local.patterns) return `the job needs pattern set ${wanted.patterns}, this worker has pattern set ${local.patterns}`;
  return null;
}
