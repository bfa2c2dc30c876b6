// The opening book. Positions are stored under the canonical key of seed 001 (the smallest of the
// 8 symmetric variants, relative to the side to move), so a position reached through any of its
// mirror images finds the same entry; moves are stored in the canonical frame and mapped back
// through the inverse transform on lookup.
//
// Each entry holds, like Edax's book: the moves that lead to other book positions ("links"), and
// the best move that does not ("leaf"), scored by a search of `depth` plies. The value of a
// position is the negamax over its links (minus the child's value) and its leaf; `negamax()`
// propagates values from the leaves back to the root. Learning (`sente book extend`) adds the
// leaf moves whose scores are closest to their parent's value, i.e. the best unexplored
// deviations, and re-evaluates.
//
// File layout (little-endian): "SNBK", u16 version (1), u16 reserved, u32 entry count; per entry:
// 4 x u32 key words (player lo, player hi, opponent lo, opponent hi), i16 value (1/100 disc),
// u8 depth, u8 link count, i16 leaf score, u8 leaf move (255 none), u8 reserved, u32 visits; per
// link: u8 move, u8 reserved, i16 score; then a CRC32 of all preceding bytes.
import { Position, canonicalKey, inverseTransform, keyToHex, transformSquare, type CanonicalKey } from '@sente/core';
import { readFileSync } from 'node:fs';
import { crc32 } from './evaltable.js';
import { writeFileAtomic } from './tablefile.js';

export const NO_LEAF = 255;
const BOOK_MAGIC = 'SNBK';
const BOOK_VERSION = 1;

export interface BookLink {
  /** Move in the canonical frame. */
  move: number;
  /** Negamaxed score of the move for the side to move (discs). */
  score: number;
}

export interface BookEntry {
  readonly key: CanonicalKey;
  /** Value of the position for the side to move (discs): max over links and leaf. */
  value: number;
  /** Search depth the leaf was scored at. */
  depth: number;
  links: BookLink[];
  /** Best move not in the book (canonical frame) and its score; NO_LEAF when none is left. */
  leafMove: number;
  leafScore: number;
  /** How often games passed through this position while the book was built. */
  visits: number;
}

export interface BookMove {
  /** The move in the frame of the looked-up position. */
  readonly move: number;
  readonly score: number;
  /** True for a move leading to another book position, false for the evaluated leaf. */
  readonly link: boolean;
}

export type BookResult = { ok: true; book: Book } | { ok: false; error: string };

export class Book {
  readonly entries = new Map<string, BookEntry>();

  get size(): number {
    return this.entries.size;
  }

  /** The entry of a position (through any symmetry) and the transform to its canonical frame. */
  find(position: Position): { entry: BookEntry; transform: number } | undefined {
    const bb = position.bb;
    const key = canonicalKey(bb[0], bb[1], bb[2], bb[3]);
    const entry = this.entries.get(keyToHex(key));
    return entry ? { entry, transform: key.transform } : undefined;
  }

  /** Adds an empty entry for a position if absent; returns it with its transform. */
  add(position: Position): { entry: BookEntry; transform: number; added: boolean } {
    const bb = position.bb;
    const key = canonicalKey(bb[0], bb[1], bb[2], bb[3]);
    const hex = keyToHex(key);
    let entry = this.entries.get(hex);
    const added = entry === undefined;
    if (!entry) {
      entry = { key, value: 0, depth: 0, links: [], leafMove: NO_LEAF, leafScore: 0, visits: 0 };
      this.entries.set(hex, entry);
    }
    return { entry, transform: key.transform, added };
  }

  /** The book moves of a position in its own frame, best first (empty if not in the book). */
  moves(position: Position): BookMove[] {
    const found = this.find(position);
    if (!found) return [];
    const back = inverseTransform(found.transform);
    const out: BookMove[] = found.entry.links.map((l) => ({ move: transformSquare(l.move, back), score: l.score, link: true }));
    if (found.entry.leafMove !== NO_LEAF) out.push({ move: transformSquare(found.entry.leafMove, back), score: found.entry.leafScore, link: false });
    out.sort((a, b) => b.score - a.score || a.move - b.move);
    return out;
  }

  /**
   * Recomputes every entry's link scores and value from its children, depth first from each entry
   * (memoised), so values flow from the leaves back to the roots. Cycles cannot occur: every move
   * adds a disc.
   */
  negamax(): void {
    const done = new Set<string>();
    const visit = (hex: string, entry: BookEntry): number => {
      if (done.has(hex)) return entry.value;
      const pos = positionOfKey(entry.key);
      let best = entry.leafMove !== NO_LEAF ? entry.leafScore : -Infinity;
      for (const link of entry.links) {
        const child = pos.clone();
        if (!child.makeMove(link.move)) throw new Error(`book entry ${hex}: link ${link.move} is not a legal move`);
        let sign = -1;
        if (!child.isGameOver() && child.mustPass()) {
          child.makePass();
          sign = 1;
        }
        const c = this.find(child);
        if (c) {
          const childHex = keyToHex(c.entry.key);
          link.score = sign * visit(childHex, c.entry);
        } else if (child.isGameOver()) {
          link.score = sign * child.finalScore();
        }
        if (link.score > best) best = link.score;
      }
      entry.value = best === -Infinity ? entry.leafScore : best;
      done.add(hex);
      return entry.value;
    };
    for (const [hex, entry] of this.entries) visit(hex, entry);
  }

  /** The book as file bytes (entries in key order, so equal books give equal bytes). */
  encode(): Uint8Array {
    const keys = [...this.entries.keys()].sort();
    let size = 12 + 4;
    for (const k of keys) size += 32 + 4 * this.entries.get(k)!.links.length;
    const buf = new Uint8Array(size);
    const view = new DataView(buf.buffer);
    for (let i = 0; i < 4; i++) buf[i] = BOOK_MAGIC.charCodeAt(i);
    view.setUint16(4, BOOK_VERSION, true);
    view.setUint32(8, keys.length, true);
    let o = 12;
    for (const k of keys) {
      const e = this.entries.get(k)!;
      view.setUint32(o, e.key.playerLo >>> 0, true);
      view.setUint32(o + 4, e.key.playerHi >>> 0, true);
      view.setUint32(o + 8, e.key.opponentLo >>> 0, true);
      view.setUint32(o + 12, e.key.opponentHi >>> 0, true);
      view.setInt16(o + 16, Math.round(e.value * 100), true);
      buf[o + 18] = e.depth;
      buf[o + 19] = e.links.length;
      view.setInt16(o + 20, Math.round(e.leafScore * 100), true);
      buf[o + 22] = e.leafMove;
      view.setUint32(o + 24, e.visits, true);
      o += 32;
      const links = [...e.links].sort((a, b) => a.move - b.move);
      for (const l of links) {
        buf[o] = l.move;
        view.setInt16(o + 2, Math.round(l.score * 100), true);
        o += 4;
      }
    }
    view.setUint32(o, crc32(buf, 0, o), true);
    return buf;
  }

  static decode(buf: Uint8Array): BookResult {
    if (buf.length < 16) return { ok: false, error: `not a book: ${buf.length} bytes is too short` };
    const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    const magic = String.fromCharCode(buf[0], buf[1], buf[2], buf[3]);
    if (magic !== BOOK_MAGIC) return { ok: false, error: `not a book: magic "${magic}" is not "${BOOK_MAGIC}"` };
    const version = view.getUint16(4, true);
    if (version !== BOOK_VERSION) return { ok: false, error: `book format version ${version} is not supported (this build reads ${BOOK_VERSION})` };
    const stored = view.getUint32(buf.length - 4, true);
    const actual = crc32(buf, 0, buf.length - 4);
    if (stored !== actual) return { ok: false, error: `corrupt book: checksum 0x${actual.toString(16)} does not match the stored 0x${stored.toString(16)}` };
    const count = view.getUint32(8, true);
    const book = new Book();
    let o = 12;
    for (let i = 0; i < count; i++) {
      if (o + 32 > buf.length - 4) return { ok: false, error: `corrupt book: entry ${i} of ${count} is cut short` };
      const key: CanonicalKey = {
        playerLo: view.getUint32(o, true),
        playerHi: view.getUint32(o + 4, true),
        opponentLo: view.getUint32(o + 8, true),
        opponentHi: view.getUint32(o + 12, true),
        transform: 0,
      };
      const nLinks = buf[o + 19];
      const entry: BookEntry = {
        key,
        value: view.getInt16(o + 16, true) / 100,
        depth: buf[o + 18],
        links: [],
        leafScore: view.getInt16(o + 20, true) / 100,
        leafMove: buf[o + 22],
        visits: view.getUint32(o + 24, true),
      };
      o += 32;
      if (o + 4 * nLinks > buf.length - 4) return { ok: false, error: `corrupt book: the links of entry ${i} are cut short` };
      for (let k = 0; k < nLinks; k++) {
        entry.links.push({ move: buf[o], score: view.getInt16(o + 2, true) / 100 });
        o += 4;
      }
      book.entries.set(keyToHex(key), entry);
    }
    if (o !== buf.length - 4) return { ok: false, error: `corrupt book: ${buf.length - 4 - o} bytes left over after ${count} entries` };
    return { ok: true, book };
  }
}

/** The canonical position of a key (player to move). */
export function positionOfKey(key: CanonicalKey): Position {
  // Player is "black" here only for construction: Othello does not care which colour moves.
  return Position.fromColors(key.playerLo | 0, key.playerHi | 0, key.opponentLo | 0, key.opponentHi | 0, 0);
}

/**
 * Chooses a book move for the position: uniformly among the moves within `margin` discs of the
 * best (margin 0 = the best), using `random`. Undefined when the position is not in the book.
 */
export function chooseBookMove(book: Book, position: Position, margin: number, random: () => number): BookMove | undefined {
  const moves = book.moves(position);
  if (moves.length === 0) return undefined;
  const best = moves[0].score;
  const near = moves.filter((m) => m.score >= best - margin && position.isLegal(m.move));
  if (near.length === 0) return undefined;
  return near[Math.min(near.length - 1, Math.floor(random() * near.length))];
}

/** Reads a book file; refuses a corrupt or foreign one with a clear message. */
export function readBookFile(path: string): BookResult {
  let data: Uint8Array;
  try {
    data = readFileSync(path);
  } catch (e) {
    return { ok: false, error: `cannot read book ${path}: ${(e as Error).message}` };
  }
  const r = Book.decode(data);
  return r.ok ? r : { ok: false, error: `${path}: ${r.error}` };
}

/** Writes a book file atomically. */
export function writeBookFile(path: string, book: Book): void {
  writeFileAtomic(path, book.encode());
}
