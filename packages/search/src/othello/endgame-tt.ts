// The endgame solver's transposition table: one Int32Array, no objects. Only nodes with many
// empties are stored, so a small table suffices and the full 128-bit key is kept to make false
// hits impossible. Each bucket holds two entries: the first is replaced by depth (more empties
// wins, or any entry from an older search), the second always. A stored bound is a proven fact
// about the position, so entries stay valid across searches; the generation only ages them out
// of the depth-preferred slot. One table per search context (context.ts), allocated when the
// context first solves an endgame.
//
// Most probes miss (9% of the 7-empty nodes' probes hit on FFO #20-#39, 5% of the enhanced
// transposition cut-offs' probes of children), and a miss in a 14.7 MB table is a cache miss:
// nearly all of probe's time was its first key comparison. So a presence filter follows the
// entries: one bit per 22-bit hash value (512 KB, half the second-level cache of the machine
// measured), set by every store and cleared only with the table. A clear bit proves the position
// was never stored, so probe answers a miss without touching the entries; the answers, and the
// solver's nodes, are those without the filter (0.955x and 0.966x CPU time on FFO #20-#39 and on
// its six largest problems). Shared, its bits are set by plain read-modify-writes that may lose a
// racing thread's bit: that position then reads as absent, which only loses information, like a
// lost store. A position that probe found `absent` can be stored with storeNew, which writes the
// always-replace slot without reading the bucket (the solver does so for nodes of 7-8 empties);
// if another thread stored the position meanwhile, the bucket holds it twice, both facts.
//
// Entry layout (7 int32):
//   [0..3] player lo, player hi, opponent lo, opponent hi     (the full key)
//   [4]    generation << 16 | empties << 8 | (best move + 1)  (0 = empty slot; move 0 = none)
//   [5]    level << 16 | (lower + 64) << 8 | (upper + 64)     (bounds on the final score, -64..64)
//   [6]    checksum of words 0..5
//
// Selectivity (the probable endgame, endgame.ts): `level` is the selectivity level the bounds were
// proven at, 0 = exact (no probabilistic cut below them), higher = more cuts (less sure). A table
// view has the `level` of its context's search; probe answers a stored entry's bounds only when it
// was proven at that level or a lower one (otherwise it reports the move with the bounds -64..64),
// so an exact search never reads a selective bound. With selectivity off everything is stored and
// read at level 0, exactly as before the field existed.
//
// Sharing (parallel.ts): the array may live in a SharedArrayBuffer that several threads' tables
// view without locks. An entry is seven plain stores, so a reader racing a writer can see words
// of two entries; the checksum (a non-linear mix of all six words) makes such a torn entry fail
// verification, and an entry that fails is treated as absent, by probe and by store alike, so a
// bound is only ever read together with its own key. Lost updates (two threads storing the same
// position at once) only lose information: every stored bound is a fact.

const BUCKET_BITS = 18;
const BUCKETS = 1 << BUCKET_BITS;
const STRIDE = 7;
/** The presence filter: one bit per 22-bit hash value (512 KB), after the entries (see the header). */
const FILTER_BITS = 22;
const FILTER_WORDS = 1 << (FILTER_BITS - 5);
const TABLE_WORDS = BUCKETS * 2 * STRIDE;

/** Checksum of an entry's six words (each word mixed in with a multiply and a shift down). */
function checkOf(pLo: number, pHi: number, oLo: number, oHi: number, info: number, bounds: number): number {
  let h = Math.imul(pLo ^ 0x3c6ef372, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 16) ^ pHi, 0x85ebca77);
  h = Math.imul(h ^ (h >>> 16) ^ oLo, 0xc2b2ae3d);
  h = Math.imul(h ^ (h >>> 16) ^ oHi, 0x27d4eb2f);
  h = Math.imul(h ^ (h >>> 16) ^ info, 0x165667b1);
  h = Math.imul(h ^ (h >>> 16) ^ bounds, 0x9e3779b1);
  return h ^ (h >>> 15);
}

/** The position's hash: its low BUCKET_BITS pick the bucket, its top FILTER_BITS the filter bit. */
function hashOf(pLo: number, pHi: number, oLo: number, oHi: number): number {
  let h = Math.imul(pLo, 0x9e3779b1) ^ Math.imul(pHi, 0x85ebca77) ^ Math.imul(oLo, 0xc2b2ae3d) ^ Math.imul(oHi, 0x27d4eb2f);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return h ^ (h >>> 13);
}

export class EndgameTable {
  /** Bytes of one table. */
  static readonly BYTES = (TABLE_WORDS + FILTER_WORDS) * 4;
  private readonly table: Int32Array;
  /** The generation of this search; threads sharing a table set the same one (parallel.ts). */
  generation = 1;

  /** A table of its own, or with `shared` (from sharedBuffer()) a view of a shared one. */
  constructor(shared?: SharedArrayBuffer) {
    if (shared !== undefined && shared.byteLength !== EndgameTable.BYTES) throw new Error(`endgame table: shared buffer of ${shared.byteLength} bytes, expected ${EndgameTable.BYTES}`);
    this.table = shared !== undefined ? new Int32Array(shared) : new Int32Array(TABLE_WORDS + FILTER_WORDS);
  }

  /** An empty SharedArrayBuffer for a shared table. */
  static sharedBuffer(): SharedArrayBuffer {
    return new SharedArrayBuffer(EndgameTable.BYTES);
  }
  /** Filled by probe: lower bound, upper bound, best move (-1 if none). */
  readonly hit = new Int32Array(3);
  /**
   * Selectivity level of the searches using this view (0 = exact, up to MAX_LEVEL): bounds are
   * stored at this level and read only from entries proven at this level or lower.
   */
  level = 0;
  /**
   * Positions with fewer empties than this are stored at level 0 whatever the view's level: the
   * probable endgame cuts only at nodes of its calibration's minimum empties or more, so what a
   * selective search proves below them is exact (0 with selectivity off).
   */
  exactBelow = 0;
  /** Highest selectivity level an entry can record. */
  static readonly MAX_LEVEL = 7;

  /** Set by probe: true when the filter proved the position was never stored (a miss). */
  absent = false;

  /** Looks the position up; on a hit fills `hit` and returns true. */
  probe(pLo: number, pHi: number, oLo: number, oHi: number): boolean {
    const h = hashOf(pLo, pHi, oLo, oHi);
    const bit = h >>> (32 - FILTER_BITS);
    const table = this.table;
    if ((table[TABLE_WORDS + (bit >>> 5)] & (1 << (bit & 31))) === 0) {
      this.absent = true;
      return false;
    }
    this.absent = false;
    let i = (h & (BUCKETS - 1)) * 2 * STRIDE;
    for (let slot = 0; slot < 2; slot++, i += STRIDE) {
      if (table[i] === pLo && table[i + 1] === pHi && table[i + 2] === oLo && table[i + 3] === oHi) {
        const info = table[i + 4];
        const b = table[i + 5];
        if (info === 0 || table[i + 6] !== checkOf(pLo, pHi, oLo, oHi, info, b)) continue;
        const hit = this.hit;
        if (b >>> 16 > this.level) {
          // Proven with more probabilistic cuts than this search allows: only the move is of use.
          hit[0] = -64;
          hit[1] = 64;
        } else {
          hit[0] = ((b >> 8) & 0xff) - 64;
          hit[1] = (b & 0xff) - 64;
        }
        hit[2] = (info & 0xff) - 1;
        return true;
      }
    }
    return false;
  }

  private write(i: number, pLo: number, pHi: number, oLo: number, oHi: number, empties: number, lower: number, upper: number, move: number, level: number): void {
    const table = this.table;
    table[i] = pLo;
    table[i + 1] = pHi;
    table[i + 2] = oLo;
    table[i + 3] = oHi;
    const info = (this.generation << 16) | (empties << 8) | (move + 1);
    const bounds = (level << 16) | ((lower + 64) << 8) | (upper + 64);
    table[i + 4] = info;
    table[i + 5] = bounds;
    table[i + 6] = checkOf(pLo, pHi, oLo, oHi, info, bounds);
  }

  /**
   * Records bounds lower <= score <= upper (and the best move, or -1) for the position, proven at
   * this view's selectivity level.
   */
  store(pLo: number, pHi: number, oLo: number, oHi: number, empties: number, lower: number, upper: number, move: number): void {
    const table = this.table;
    const level = empties < this.exactBelow ? 0 : this.level;
    const h = hashOf(pLo, pHi, oLo, oHi);
    const bit = h >>> (32 - FILTER_BITS);
    table[TABLE_WORDS + (bit >>> 5)] |= 1 << (bit & 31);
    const i = (h & (BUCKETS - 1)) * 2 * STRIDE;
    for (let j = i; j < i + 2 * STRIDE; j += STRIDE) {
      if (table[j] === pLo && table[j + 1] === pHi && table[j + 2] === oLo && table[j + 3] === oHi && table[j + 4] !== 0) {
        const b = table[j + 5];
        if (table[j + 6] !== checkOf(pLo, pHi, oLo, oHi, table[j + 4], b)) continue;
        const oldLevel = b >>> 16;
        const oldLower = ((b >> 8) & 0xff) - 64;
        const oldUpper = (b & 0xff) - 64;
        if (move < 0) move = (table[j + 4] & 0xff) - 1;
        if (oldLevel === level) {
          // Same position, same level: both bounds hold, so keep their intersection (if the entry is whole).
          if (oldLower > lower) lower = oldLower;
          if (oldUpper < upper) upper = oldUpper;
        } else if (oldLevel < level && oldLower === oldUpper) {
          // A more certain exact score answers every search: keep it (only the move may change).
          lower = oldLower;
          upper = oldUpper;
          this.write(j, pLo, pHi, oLo, oHi, empties, lower, upper, move, oldLevel);
          return;
        }
        // Levels differ otherwise: the newer search's bounds replace the older ones.
        this.write(j, pLo, pHi, oLo, oHi, empties, lower, upper, move, level);
        return;
      }
    }
    const info = table[i + 4];
    if (info === 0 || (info >>> 16) !== this.generation || ((info >> 8) & 0xff) <= empties) {
      // The displaced entry moves to the always-replace slot.
      if (info !== 0) {
        // Seven plain copies: copyWithin is a builtin call, several times their cost here.
        const j = i + STRIDE;
        table[j] = table[i];
        table[j + 1] = table[i + 1];
        table[j + 2] = table[i + 2];
        table[j + 3] = table[i + 3];
        table[j + 4] = info;
        table[j + 5] = table[i + 5];
        table[j + 6] = table[i + 6];
      }
      this.write(i, pLo, pHi, oLo, oHi, empties, lower, upper, move, level);
    } else {
      this.write(i + STRIDE, pLo, pHi, oLo, oHi, empties, lower, upper, move, level);
    }
  }

  /**
   * store() for a position that probe found `absent` (so no entry of it can be merged): written
   * into the bucket's always-replace slot without reading the bucket, so a table line that is not
   * in the cache costs no wait (the write goes through the store buffer).
   */
  storeNew(pLo: number, pHi: number, oLo: number, oHi: number, empties: number, lower: number, upper: number, move: number): void {
    const h = hashOf(pLo, pHi, oLo, oHi);
    const bit = h >>> (32 - FILTER_BITS);
    this.table[TABLE_WORDS + (bit >>> 5)] |= 1 << (bit & 31);
    this.write((h & (BUCKETS - 1)) * 2 * STRIDE + STRIDE, pLo, pHi, oLo, oHi, empties, lower, upper, move, empties < this.exactBelow ? 0 : this.level);
  }

  /** Starts a new search: older entries become replaceable in the depth-preferred slots. */
  newSearch(): void {
    this.generation = this.generation === 0x7fff ? 1 : this.generation + 1;
  }

  /** Empties the table (for measurements that must not profit from earlier searches). */
  clear(): void {
    this.table.fill(0);
    this.generation = 1;
  }
}
