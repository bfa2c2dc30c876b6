// Transposition table in typed arrays, one slot per index, no objects.
//
// Entry layout (3 int32 words per slot, in two arrays):
//   keys[i]        a second 32-bit hash of the position (verifies the slot; the index comes from
//                  the first hash), 0 = empty slot
//   data[2i]       score (int32, evaluation-table units), a bound as given by `flags`
//   data[2i+1]     bits 0-6   best move (0..63, 127 = none)
//                  bits 7-13  depth (plies searched below this node, 0..127)
//                  bits 14-15 bound: 1 = lower, 2 = upper, 3 = exact
//                  bits 16-23 generation (the think() call that stored it)
// Replacement: depth-preferred with generation aging — a slot from an older generation is always
// replaced; within the current generation, a deeper entry is kept. Probes only trust entries of the
// current generation, which makes a fixed-depth search independent of earlier calls (deterministic)
// while starting a new search costs nothing.
export const BOUND_LOWER = 1;
export const BOUND_UPPER = 2;
export const BOUND_EXACT = 3;
export const NO_MOVE = 127;

export class TranspositionTable {
  readonly mask: number;
  readonly keys: Int32Array;
  readonly data: Int32Array;
  generation = 1;

  constructor(megabytes = 16) {
    const slots = Math.max(1024, (megabytes * 1024 * 1024) / 12);
    const bits = Math.floor(Math.log2(slots));
    this.mask = (1 << bits) - 1;
    this.keys = new Int32Array(1 << bits);
    this.data = new Int32Array(2 << bits);
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

  /** Slot index of a matching current entry, or -1. */
  probe(h1: number, h2: number): number {
    const i = h1 & this.mask;
    if (this.keys[i] !== h2) return -1;
    return ((this.data[2 * i + 1] >>> 16) & 0xff) === this.generation ? i : -1;
  }

  store(h1: number, h2: number, score: number, depth: number, bound: number, move: number): void {
    const i = h1 & this.mask;
    const info = this.data[2 * i + 1];
    if (this.keys[i] !== 0 && ((info >>> 16) & 0xff) === this.generation && ((info >>> 7) & 0x7f) > depth && this.keys[i] !== h2) return;
    this.keys[i] = h2;
    this.data[2 * i] = score;
    this.data[2 * i + 1] = (move & 0x7f) | ((depth & 0x7f) << 7) | (bound << 14) | (this.generation << 16);
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
