// A set of canonical position keys (four 32-bit words) in one open-addressing Int32Array, for
// deduplicating millions of positions without a string or object per position: 16 bytes per slot,
// at most half full (about 32-64 bytes per distinct position).
import { HI, transformSet } from '@sente/core';

const scratch = new Int32Array(4);
const best = new Int32Array(4);

/**
 * The canonical variant of (player, opponent) into `out` (the smallest of the 8 symmetric
 * variants in @sente/core's order: opponent hi, opponent lo, player hi, player lo, unsigned), the
 * same key as canonicalKey() computed without allocating.
 */
export function canonicalWords(pLo: number, pHi: number, oLo: number, oHi: number, out: Int32Array): void {
  for (let t = 0; t < 8; t++) {
    scratch[0] = transformSet(pLo, pHi, t);
    scratch[1] = HI[0];
    scratch[2] = transformSet(oLo, oHi, t);
    scratch[3] = HI[0];
    let less = t === 0;
    if (!less) {
      for (let i = 3; i >= 0; i--) {
        const a = scratch[i] >>> 0, b = best[i] >>> 0;
        if (a !== b) { less = a < b; break; }
      }
    }
    if (less) best.set(scratch);
  }
  out.set(best);
}

function hash4(a: number, b: number, c: number, d: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13) ^ b, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16) ^ c, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13) ^ d, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export class KeySet {
  private slots: Int32Array;
  private used: Uint8Array;
  private mask: number;
  size = 0;

  constructor(capacity = 1 << 16) {
    let n = 1024;
    while (n < capacity * 2) n *= 2;
    this.slots = new Int32Array(n * 4);
    this.used = new Uint8Array(n);
    this.mask = n - 1;
  }

  /** Adds the key; returns false when it was already present. */
  add(a: number, b: number, c: number, d: number): boolean {
    if ((this.size + 1) * 2 > this.used.length) this.grow();
    const s = this.slots, u = this.used, mask = this.mask;
    let i = hash4(a, b, c, d) & mask;
    while (u[i] !== 0) {
      const k = i * 4;
      if (s[k] === a && s[k + 1] === b && s[k + 2] === c && s[k + 3] === d) return false;
      i = (i + 1) & mask;
    }
    u[i] = 1;
    const k = i * 4;
    s[k] = a; s[k + 1] = b; s[k + 2] = c; s[k + 3] = d;
    this.size++;
    return true;
  }

  /** Adds the canonical key of (player, opponent); false when a symmetric variant was present. */
  addPosition(pLo: number, pHi: number, oLo: number, oHi: number): boolean {
    canonicalWords(pLo, pHi, oLo, oHi, keyScratch);
    return this.add(keyScratch[0], keyScratch[1], keyScratch[2], keyScratch[3]);
  }

  private grow(): void {
    const oldSlots = this.slots, oldUsed = this.used;
    const n = oldUsed.length * 2;
    this.slots = new Int32Array(n * 4);
    this.used = new Uint8Array(n);
    this.mask = n - 1;
    this.size = 0;
    for (let i = 0; i < oldUsed.length; i++) {
      if (oldUsed[i] !== 0) this.add(oldSlots[i * 4], oldSlots[i * 4 + 1], oldSlots[i * 4 + 2], oldSlots[i * 4 + 3]);
    }
  }

  bytes(): number {
    return this.slots.byteLength + this.used.byteLength;
  }
}

const keyScratch = new Int32Array(4);
