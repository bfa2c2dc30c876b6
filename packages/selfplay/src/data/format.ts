// The binary position file (`.spos`): fixed-size records so millions of positions stream through
// constant memory and load straight into typed arrays, with checks that refuse a truncated or
// damaged file instead of training on garbage. All numbers little-endian.
//
//   header (64 bytes)
//     0  magic "SENTEPOS"            8 bytes
//     8  format version (1)          u32
//    12  record bytes (24)           u32
//    16  records per full block      u32
//    20  record count, low / high    u32 u32
//    28  block count                 u32
//    32  flags (bit 0: deduplicated by canonical key)   u32
//    36  reserved (zero)             24 bytes
//    60  CRC-32 of bytes 0..59       u32
//   blocks, each: u32 n, n records, u32 CRC-32 of the n records (every block but the last is full)
//
//   record (24 bytes = 6 int32 words)
//     w0..w3  player lo, player hi, opponent lo, opponent hi (relative to the side to move)
//     w4      byte 0 label (int8, discs for the side to move), byte 1 flags (bit 0 side to move:
//             0 black, 1 white; bits 1-2 label kind), byte 2 empties, byte 3 source tag
//     w5      game id (u32: the game's index in its source)
//
// So a position costs 24 bytes on disk plus 8 bytes per block of 4096 (24.002 bytes).
import { SenteError } from '@sente/core';
import { endianness } from 'node:os';
import { crc32 } from 'node:zlib';

export const DATA_MAGIC = 'SENTEPOS';
export const DATA_VERSION = 1;
export const HEADER_BYTES = 64;
export const RECORD_BYTES = 24;
export const RECORD_WORDS = 6;
export const BLOCK_RECORDS = 4096;
export const FLAG_DEDUPLICATED = 1;

/** What a label is: the game's final result, an exact solve (perfect play), or a search score. */
export const LABEL_GAME = 0;
export const LABEL_EXACT = 1;
export const LABEL_SEARCH = 2;
export const LABEL_KIND_NAMES = ['game', 'exact', 'search'] as const;

/** Where a position came from. */
export const SOURCE_UNKNOWN = 0;
export const SOURCE_SELFPLAY = 1;
export const SOURCE_DATA_MODE = 2;
export const SOURCE_WTHOR = 3;
export const SOURCE_TEXT = 4;
export const SOURCE_TESTSET = 5;
export const SOURCE_NAMES = ['unknown', 'selfplay', 'data-mode', 'wthor', 'text', 'testset'] as const;

// Records are read through Int32Array views of the file's bytes: that needs a little-endian host.
if (endianness() !== 'LE') throw new Error('the .spos reader needs a little-endian machine');

export function corruptData(file: string, check: string): SenteError {
  return new SenteError('corrupt-dataset', `position file ${file}: ${check}`);
}

export interface DataHeader {
  readonly version: number;
  readonly count: number;
  readonly blocks: number;
  readonly blockRecords: number;
  readonly flags: number;
}

export function encodeHeader(h: DataHeader): Buffer {
  const b = Buffer.alloc(HEADER_BYTES);
  b.write(DATA_MAGIC, 0, 'latin1');
  b.writeUInt32LE(DATA_VERSION, 8);
  b.writeUInt32LE(RECORD_BYTES, 12);
  b.writeUInt32LE(h.blockRecords, 16);
  b.writeUInt32LE(h.count % 0x100000000, 20);
  b.writeUInt32LE(Math.floor(h.count / 0x100000000), 24);
  b.writeUInt32LE(h.blocks, 28);
  b.writeUInt32LE(h.flags, 32);
  b.writeUInt32LE(crc32(b.subarray(0, 60)), 60);
  return b;
}

/** The header of `file` (its first 64 bytes), checked field by field; throws 'corrupt-dataset'. */
export function decodeHeader(b: Buffer, file: string): DataHeader {
  if (b.toString('latin1', 0, Math.min(8, b.length)) !== DATA_MAGIC.slice(0, Math.min(8, b.length)) || b.length === 0) throw corruptData(file, `magic check failed: does not start with "${DATA_MAGIC}" (not a sente position file)`);
  if (b.length < HEADER_BYTES) throw corruptData(file, `header check failed: ${b.length} bytes, a header has ${HEADER_BYTES} (truncated)`);
  const version = b.readUInt32LE(8);
  if (version !== DATA_VERSION) throw corruptData(file, `version check failed: format version ${version}, this sente reads version ${DATA_VERSION}`);
  if (b.readUInt32LE(60) !== crc32(b.subarray(0, 60))) throw corruptData(file, 'header CRC-32 check failed (the header is damaged)');
  const recordBytes = b.readUInt32LE(12);
  if (recordBytes !== RECORD_BYTES) throw corruptData(file, `record size check failed: ${recordBytes} bytes, expected ${RECORD_BYTES}`);
  const blockRecords = b.readUInt32LE(16);
  if (blockRecords < 1 || blockRecords > 1 << 20) throw corruptData(file, `block size check failed: ${blockRecords} records per block`);
  const count = b.readUInt32LE(20) + b.readUInt32LE(24) * 0x100000000;
  const blocks = b.readUInt32LE(28);
  if (blocks !== Math.ceil(count / blockRecords)) throw corruptData(file, `block count check failed: ${blocks} blocks for ${count} records of ${blockRecords} per block`);
  return { version, count, blocks, blockRecords, flags: b.readUInt32LE(32) };
}

/** The size a file with this header must have. */
export function expectedFileBytes(h: DataHeader): number {
  return HEADER_BYTES + h.blocks * 8 + h.count * RECORD_BYTES;
}

/** The packed word 4 of a record. */
export function packMeta(label: number, side: number, kind: number, empties: number, source: number): number {
  return (label & 0xff) | ((side & 1) << 8) | ((kind & 3) << 9) | ((empties & 0xff) << 16) | ((source & 0xff) << 24);
}
export function metaLabel(w4: number): number { return (w4 << 24) >> 24; }
export function metaSide(w4: number): number { return (w4 >>> 8) & 1; }
export function metaKind(w4: number): number { return (w4 >>> 9) & 3; }
export function metaEmpties(w4: number): number { return (w4 >>> 16) & 0xff; }
export function metaSource(w4: number): number { return w4 >>> 24; }

/**
 * A 32-bit hash of (source tag, game id), unsigned: what splits by game hash. The fitter's
 * validation uses salt 0, `sente data split --by game` SPLIT_SALT, so that the two choose
 * independently: a file written by a split still holds its share of validation games.
 */
export function gameHash(source: number, game: number, salt = 0): number {
  let h = Math.imul((source ^ 0x9e3779b9 ^ salt) | 0, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13) ^ game, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  return (h ^ (h >>> 13)) >>> 0;
}

/** The salt of `sente data split --by game`'s hash (gameHash). */
export const SPLIT_SALT = 0x5bd1e995;

export { crc32 };
