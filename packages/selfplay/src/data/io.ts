// Streaming writer and reader of the binary position file (format.ts). The writer fills one block
// in a typed array and appends it with its CRC to a temporary file beside the target; close()
// writes the header (count, blocks, CRC) and renames the file into place, so a crash never leaves
// a half-written file under the real name. The reader checks the header, the file's size against
// the header (a truncated file), and every block's CRC before handing the block's records out;
// it holds one block at a time whatever the file size.
import { closeSync, fstatSync, fsyncSync, openSync, readSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { SenteError, popcount, type Position } from '@sente/core';
import {
  BLOCK_RECORDS, FLAG_DEDUPLICATED, HEADER_BYTES, RECORD_BYTES, RECORD_WORDS, corruptData, crc32, decodeHeader, encodeHeader,
  expectedFileBytes, metaEmpties, metaKind, metaLabel, packMeta, type DataHeader,
} from './format.js';
import { KeySet } from './keyset.js';

/** One position as a plain object (for tools and tests; the hot paths use the words directly). */
export interface PositionRecord {
  readonly playerLo: number;
  readonly playerHi: number;
  readonly opponentLo: number;
  readonly opponentHi: number;
  /** Side to move: 0 black, 1 white. */
  readonly side: number;
  /** Discs for the side to move. */
  readonly label: number;
  readonly kind: number;
  readonly source: number;
  readonly game: number;
}

export interface WriterOptions {
  /** Drop positions whose canonical key (any of the 8 symmetries) was written before. */
  readonly dedup?: boolean;
  readonly blockRecords?: number;
}

export class PositionWriter {
  readonly path: string;
  private readonly tmp: string;
  private fd: number;
  private readonly block: Int32Array;
  private readonly blockBytes: Uint8Array;
  private readonly blockRecords: number;
  private inBlock = 0;
  private blocks = 0;
  /** Records written. */
  count = 0;
  /** Records dropped as duplicates. */
  duplicates = 0;
  private readonly keys: KeySet | null;
  private readonly lenBuf = Buffer.alloc(4);

  constructor(path: string, options: WriterOptions = {}) {
    this.path = path;
    this.tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
    this.blockRecords = options.blockRecords ?? BLOCK_RECORDS;
    this.block = new Int32Array(this.blockRecords * RECORD_WORDS);
    this.blockBytes = new Uint8Array(this.block.buffer);
    this.keys = options.dedup ? new KeySet() : null;
    this.fd = openSync(this.tmp, 'w');
    writeSync(this.fd, Buffer.alloc(HEADER_BYTES));
  }

  /** Adds one record; returns false when it was a duplicate (dedup on) and so not written. */
  addWords(pLo: number, pHi: number, oLo: number, oHi: number, meta: number, game: number): boolean {
    if (this.keys !== null && !this.keys.addPosition(pLo, pHi, oLo, oHi)) {
      this.duplicates++;
      return false;
    }
    const b = this.block, k = this.inBlock * RECORD_WORDS;
    b[k] = pLo; b[k + 1] = pHi; b[k + 2] = oLo; b[k + 3] = oHi; b[k + 4] = meta; b[k + 5] = game | 0;
    this.count++;
    if (++this.inBlock === this.blockRecords) this.flush();
    return true;
  }

  add(r: PositionRecord): boolean {
    const empties = 64 - popcount(r.playerLo | r.opponentLo, r.playerHi | r.opponentHi);
    // What the reader refuses is never written.
    if (empties > 60) throw new SenteError('bad-option', `a position record with ${64 - empties} discs (a position of a game has at least the start's 4)`);
    return this.addWords(r.playerLo, r.playerHi, r.opponentLo, r.opponentHi, packMeta(r.label, r.side, r.kind, empties, r.source), r.game);
  }

  /** Adds a position with its label (discs for the side to move). */
  addPosition(position: Position, label: number, kind: number, source: number, game: number): boolean {
    const bb = position.bb;
    return this.addWords(bb[0], bb[1], bb[2], bb[3], packMeta(label, position.side, kind, position.emptyCount(), source), game);
  }

  private flush(): void {
    if (this.inBlock === 0) return;
    const bytes = this.blockBytes.subarray(0, this.inBlock * RECORD_BYTES);
    this.lenBuf.writeUInt32LE(this.inBlock, 0);
    writeSync(this.fd, this.lenBuf);
    writeSync(this.fd, bytes);
    const c = Buffer.alloc(4);
    c.writeUInt32LE(crc32(bytes), 0);
    writeSync(this.fd, c);
    this.blocks++;
    this.inBlock = 0;
  }

  /** Finishes the file: header, fsync, rename into place. Returns the number of records. */
  close(): number {
    this.flush();
    const header = encodeHeader({ version: 1, count: this.count, blocks: this.blocks, blockRecords: this.blockRecords, flags: this.keys ? FLAG_DEDUPLICATED : 0 });
    writeSync(this.fd, header, 0, HEADER_BYTES, 0);
    fsyncSync(this.fd);
    closeSync(this.fd);
    this.fd = -1;
    renameSync(this.tmp, this.path);
    return this.count;
  }

  /** Gives up: the temporary file is removed, the target is untouched. */
  abort(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
    try { unlinkSync(this.tmp); } catch { /* already gone */ }
  }
}

/** Writes records with one call (atomic). */
export function writePositions(path: string, records: Iterable<PositionRecord>, options: WriterOptions = {}): number {
  const w = new PositionWriter(path, options);
  try {
    for (const r of records) w.add(r);
  } catch (e) {
    w.abort();
    throw e;
  }
  return w.close();
}

/** Reads and checks the header of a position file (and that its size matches it). */
export function readHeader(file: string): DataHeader {
  const fd = openData(file);
  try {
    return checkedHeader(fd, file);
  } finally {
    closeSync(fd);
  }
}

/** A position file opened for reading, or the error that names it. */
function openData(file: string): number {
  try {
    return openSync(file, 'r');
  } catch (e) {
    throw corruptData(file, `cannot be opened: ${(e as Error).message}`);
  }
}

function checkedHeader(fd: number, file: string): DataHeader {
  const head = Buffer.alloc(HEADER_BYTES);
  const got = readSync(fd, head, 0, HEADER_BYTES, 0);
  const h = decodeHeader(head.subarray(0, got), file);
  const size = fstatSync(fd).size;
  const want = expectedFileBytes(h);
  if (size < want) throw corruptData(file, `size check failed: ${size} bytes, the header promises ${want} for ${h.count} records (truncated)`);
  if (size > want) throw corruptData(file, `size check failed: ${size} bytes, the header promises ${want} for ${h.count} records (trailing bytes)`);
  return h;
}

/**
 * Calls `onBlock(words, n, first)` for each block of `file`: `words` holds n records of 6 int32
 * words (valid only during the call), `first` the index of its first record. Every check runs
 * before the block is handed out: a damaged block is never seen. Returns the header.
 */
export function forEachBlock(file: string, onBlock: (words: Int32Array, n: number, first: number) => void): DataHeader {
  const fd = openData(file);
  try {
    const h = checkedHeader(fd, file);
    const buf = new Int32Array(h.blockRecords * RECORD_WORDS);
    const bytes = new Uint8Array(buf.buffer);
    const small = Buffer.alloc(4);
    let at = HEADER_BYTES;
    let first = 0;
    for (let b = 0; b < h.blocks; b++) {
      readSync(fd, small, 0, 4, at);
      const n = small.readUInt32LE(0);
      const want = b === h.blocks - 1 ? h.count - first : h.blockRecords;
      if (n !== want) throw corruptData(file, `block ${b} length check failed: ${n} records, expected ${want}`);
      const len = n * RECORD_BYTES;
      readSync(fd, bytes, 0, len, at + 4);
      readSync(fd, small, 0, 4, at + 4 + len);
      if (small.readUInt32LE(0) !== crc32(bytes.subarray(0, len))) throw corruptData(file, `block ${b} CRC-32 check failed (records ${first}..${first + n - 1} are damaged)`);
      for (let i = 0; i < n; i++) {
        const k = i * RECORD_WORDS;
        const pLo = buf[k], pHi = buf[k + 1], oLo = buf[k + 2], oHi = buf[k + 3], meta = buf[k + 4];
        const label = metaLabel(meta);
        if ((pLo & oLo) !== 0 || (pHi & oHi) !== 0) throw corruptData(file, `record ${first + i} check failed: a square holds both sides' discs`);
        if (metaEmpties(meta) !== 64 - popcount(pLo | oLo, pHi | oHi)) throw corruptData(file, `record ${first + i} check failed: empties ${metaEmpties(meta)} do not match the board`);
        if (metaEmpties(meta) > 60) throw corruptData(file, `record ${first + i} check failed: ${64 - metaEmpties(meta)} discs (a position of a game has at least the start's 4)`);
        if (label < -64 || label > 64 || metaKind(meta) > 2) throw corruptData(file, `record ${first + i} check failed: label ${label} kind ${metaKind(meta)}`);
      }
      onBlock(buf, n, first);
      at += 8 + len;
      first += n;
    }
    return h;
  } finally {
    closeSync(fd);
  }
}

/** Every record of a file in one Int32Array (6 words each, 24 bytes per position). */
export function readPositionWords(file: string): { header: DataHeader; words: Int32Array } {
  const h = readHeader(file);
  const words = new Int32Array(h.count * RECORD_WORDS);
  forEachBlock(file, (w, n, first) => words.set(w.subarray(0, n * RECORD_WORDS), first * RECORD_WORDS));
  return { header: h, words };
}

/** Record i of a word array as an object. */
export function recordAt(words: Int32Array, i: number): PositionRecord {
  const k = i * RECORD_WORDS;
  const meta = words[k + 4];
  return {
    playerLo: words[k], playerHi: words[k + 1], opponentLo: words[k + 2], opponentHi: words[k + 3],
    side: (meta >>> 8) & 1, label: metaLabel(meta), kind: metaKind(meta), source: meta >>> 24, game: words[k + 5] >>> 0,
  };
}

/** Every record of a file as objects (small files: tests and tools). */
export function readPositions(file: string): PositionRecord[] {
  const out: PositionRecord[] = [];
  forEachBlock(file, (w, n) => { for (let i = 0; i < n; i++) out.push(recordAt(w, i)); });
  return out;
}
