// Transposition table in typed arrays, one slot per index, no objects.
//
// Entry layout (3 int32 words per slot, in two arrays):
//   keys[i]        a second 32-bit hash of the position (verifies the slot; the index comes from
//                  the first hash) XOR both data words, 0 = empty slot
//   data[2i]       score (int32, evaluation-table units), a bound as given by `flags`
//   data[2i+1]     bits 0-6   best move (0..63, 127 = none)
//                  bits 7-13  depth (plies searched below this node, 0..127)
//                  bits 14-15 bound: 1 = lower, 2 = upper, 3 = exact
//                  bits 16-23 generation (the think() call that stored it)
// Replacement: depth-preferred with generation aging — a slot from an older generation is always
// replaced; within the current generation, a deeper entry is kept. Probes only trust entries of the
// current generation, which makes a fixed-depth search independent of earlier calls (deterministic)
// while starting a new search costs nothing.
//
// Sharing (parallel.ts): the arrays may live in a SharedArrayBuffer that several threads' tables
// view, each without locks. A slot is three plain stores, so a reader can see words of two
// different stores; as in Hyatt's lockless hashing the key word is stored XORed with the data
// words, so such a torn slot fails verification (a miss) unless the mix happens to reproduce the
// probed key, as likely as a plain 32-bit key collision. probe() copies the verified words into
// hitScore/hitInfo, so a store racing after the probe cannot change what the caller reads.
import { SenteError } from '@sente/core';

/** The largest table size accepted, in MiB (the CLI's --tt limit). */
export const MAX_TT_MB = 4096;
/** At most 2^28 slots (3 GiB): the largest power of two within MAX_TT_MB. */
const MAX_TT_BITS = 28;

export const BOUND_LOWER = 1;
export const BOUND_UPPER = 2;
export const BOUND_EXACT = 3;
export const NO_MOVE = 127;

export class TranspositionTable {
  readonly mask: number;
  readonly keys: Int32Array;
  readonly data: Int32Array;
  generation = 1;
  /** Filled by a successful probe: the entry's score and info word (layout above). */
  hitScore = 0;
  hitInfo = 0;

  /**
   * A table of about `megabytes` MiB; with `shared` (from sharedBuffer() of a table of the same
   * size), a view of that table, which other threads may be writing.
   */
  constructor(megabytes = 16, shared?: SharedArrayBuffer) {
    const bits = TranspositionTable.bitsFor(megabytes);
    this.mask = 2 ** bits - 1;
    if (shared !== undefined) {
      // Sizes as products, not shifts: 12 << 28 (a 4 GiB request) overflows 32 bits.
      if (shared.byteLength !== 12 * 2 ** bits) throw new Error(`transposition table: shared buffer of ${shared.byteLength} bytes, expected ${12 * 2 ** bits}`);
      this.keys = new Int32Array(shared, 0, 2 ** bits);
      this.data = new Int32Array(shared, 4 * 2 ** bits, 2 * 2 ** bits);
    } else {
      this.keys = new Int32Array(2 ** bits);
      this.data = new Int32Array(2 * 2 ** bits);
    }
  }

  /** Entries as a power of two: the most that fit `megabytes` MiB (12 bytes each), from 2^10 to 2^MAX_TT_BITS. */
  private static bitsFor(megabytes: number): number {
    if (!(megabytes > 0 && megabytes <= MAX_TT_MB)) throw new SenteError('bad-option', `the transposition table size must be a number of MiB above 0 and at most ${MAX_TT_MB}, got ${megabytes}`);
    return Math.min(MAX_TT_BITS, Math.floor(Math.log2(Math.max(1024, (megabytes * 1024 * 1024) / 12))));
  }

  /** The bytes of a table of `megabytes` MiB. */
  static bytesFor(megabytes = 16): number {
    return 12 * 2 ** TranspositionTable.bitsFor(megabytes);
  }

  /** An empty SharedArrayBuffer for a shared table of `megabytes` MiB (pass it to the constructor). */
  static sharedBuffer(megabytes = 16): SharedArrayBuffer {
    return new SharedArrayBuffer(TranspositionTable.bytesFor(megabytes));
  }

  /** Starts a new search: entries stored before are ignored from now on. */
  nextGeneration(): void {
    this.generation = (this.generation + 1) & 0xff;
    if (this.generation === 0) {
      // Wrapped: old entries could pass for new ones, so clear once every 255 searches.
      this.keys.fill(0);
      this.generation = 1;
    }
  }

  clear(): void {
    this.keys.fill(0);
    this.data.fill(0);
    this.generation = 1;
  }

  /** Slot index of a matching current entry (its words copied to hitScore/hitInfo), or -1. */
  probe(h1: number, h2: number): number {
    const i = h1 & this.mask;
    const score = this.data[2 * i];
    const info = this.data[2 * i + 1];
    if ((this.keys[i] ^ score ^ info) !== h2) return -1;
    if (((info >>> 16) & 0xff) !== this.generation) return -1;
    this.hitScore = score;
    this.hitInfo = info;
    return i;
  }

  store(h1: number, h2: number, score: number, depth: number, bound: number, move: number): void {
    const i = h1 & this.mask;
    const oldScore = this.data[2 * i];
    const oldInfo = this.data[2 * i + 1];
    const key = this.keys[i];
    if (key !== 0 && ((oldInfo >>> 16) & 0xff) === this.generation && ((oldInfo >>> 7) & 0x7f) > depth && (key ^ oldScore ^ oldInfo) !== h2) return;
    const info = (move & 0x7f) | ((depth & 0x7f) << 7) | (bound << 14) | (this.generation << 16);
    this.data[2 * i] = score;
    this.data[2 * i + 1] = info;
    // A key word of 0 (1 in 2^32) only makes the entry look replaceable.
    this.keys[i] = h2 ^ score ^ info;
  }
}

/** First hash of a board (index), murmur-style mixing of the four words. */
export function hash1(pLo: number, pHi: number, oLo: number, oHi: number): number {
  let h = Math.imul(pLo, 0x9e3779b1) ^ Math.imul(pHi ^ 0x7f4a7c15, 0x85ebca77) ^ Math.imul(oLo ^ 0x165667b1, 0xc2b2ae3d) ^ Math.imul(oHi ^ 0x27d4eb2f, 0x27d4eb2f);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** Second, independent hash (slot verification); never 0. */
export function hash2(pLo: number, pHi: number, oLo: number, oHi: number): number {
  let h = Math.imul(pLo ^ 0x5bd1e995, 0xcc9e2d51) + Math.imul(pHi, 0x1b873593) + Math.imul(oLo ^ 0x68e31da4, 0xe6546b64) + Math.imul(oHi, 0x38495ab5);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  h = Math.imul(h, 0x297a2d39);
  h ^= h >>> 15;
  return h === 0 ? 1 : h;
}
