// Evaluation tables: the pattern weights of one engine build, per game phase, as a binary file.
// The header ties the table to core's PATTERNS (a table trained for another pattern set is
// refused), the payload is int16 weights scaled by `scale` units per disc, and a CRC32 over
// everything before it refuses a corrupt file. Files are gzip-compressed on disk (most weights of a
// young table are zero); an uncompressed file is read too.
//
// Layout (little-endian, before compression):
//   offset size  field
//   0      4     magic "SNTE"
//   4      2     format version (1)
//   6      2     header size in bytes (32)
//   8      4     pattern-set id (core's PATTERN_SET_ID)
//   12     2     number of phases P
//   14     2     number of extra features E per phase (E = 1: a bias, the value of the move)
//   16     2     scale: weight units per disc
//   18     2     number of pattern types T (must equal core's)
//   20     4     weights per phase: sum over types of 3^length, plus E
//   24     8     reserved (0)
//   32     2*P*S int16 weights, phase-major; inside a phase, type-major in PATTERN_TYPES order
//                (index = base-3 code from the side to move's view: 1 = own disc, 2 = opponent's),
//                then the E extras
//   end    4     CRC32 (IEEE) of all preceding bytes
import { gunzipSync, gzipSync } from 'node:zlib';
import { PATTERN_SET_ID, PATTERN_SIZES, PATTERN_TYPES } from '@sente/core';

export const TABLE_MAGIC = 'SNTE';
export const TABLE_VERSION = 1;
const HEADER_SIZE = 32;
export const EXTRA_FEATURES = 1;
export const DEFAULT_PHASES = 12;
export const DEFAULT_SCALE = 64;

/** Offset of each pattern type's weights inside a phase. */
export const TYPE_OFFSET: Int32Array = (() => {
  const out = new Int32Array(PATTERN_SIZES.length);
  let k = 0;
  for (let t = 0; t < PATTERN_SIZES.length; t++) {
    out[t] = k;
    k += PATTERN_SIZES[t];
  }
  return out;
})();

/** Weights per phase: every pattern type's indices, then the extras (the bias is the last one). */
export const PHASE_STRIDE = PATTERN_SIZES.reduce((a, b) => a + b, 0) + EXTRA_FEATURES;
export const BIAS_OFFSET = PHASE_STRIDE - 1;

/** Phase of a position with `empties` empty squares when the table has `phases` phases. */
export function phaseOf(empties: number, phases: number): number {
  const p = (((60 - empties) * phases) / 61) | 0;
  return p < 0 ? 0 : p >= phases ? phases - 1 : p;
}

export class EvalTable {
  /** phases * PHASE_STRIDE int16 weights (see the layout above). */
  readonly weights: Int16Array;
  /** Phase of each empties count 0..60 (precomputed from phaseOf). */
  readonly phaseByEmpties: Int32Array;

  constructor(readonly phases: number, readonly scale: number, weights?: Int16Array) {
    if (!Number.isInteger(phases) || phases < 1 || phases > 61) throw new RangeError(`phases must be 1..61, got ${phases}`);
    if (!Number.isInteger(scale) || scale < 1 || scale > 30000) throw new RangeError(`scale must be 1..30000, got ${scale}`);
    this.weights = weights ?? new Int16Array(phases * PHASE_STRIDE);
    if (this.weights.length !== phases * PHASE_STRIDE) throw new RangeError(`expected ${phases * PHASE_STRIDE} weights, got ${this.weights.length}`);
    this.phaseByEmpties = new Int32Array(61);
    for (let e = 0; e <= 60; e++) this.phaseByEmpties[e] = phaseOf(e, phases);
  }
}

export type TableResult = { ok: true; table: EvalTable } | { ok: false; error: string };

// CRC32 (IEEE 802.3), table-driven.
const CRC_TABLE = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  return t;
})();

export function crc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let c = -1;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

/** The table as the bytes of an evaluation-table file (gzip-compressed unless `compress` is false). */
export function encodeTable(table: EvalTable, compress = true): Uint8Array {
  const size = HEADER_SIZE + table.weights.length * 2 + 4;
  const buf = new Uint8Array(size);
  const view = new DataView(buf.buffer);
  for (let i = 0; i < 4; i++) buf[i] = TABLE_MAGIC.charCodeAt(i);
  view.setUint16(4, TABLE_VERSION, true);
  view.setUint16(6, HEADER_SIZE, true);
  view.setUint32(8, PATTERN_SET_ID, true);
  view.setUint16(12, table.phases, true);
  view.setUint16(14, EXTRA_FEATURES, true);
  view.setUint16(16, table.scale, true);
  view.setUint16(18, PATTERN_TYPES.length, true);
  view.setUint32(20, PHASE_STRIDE, true);
  for (let i = 0; i < table.weights.length; i++) view.setInt16(HEADER_SIZE + i * 2, table.weights[i], true);
  view.setUint32(size - 4, crc32(buf, 0, size - 4), true);
  return compress ? new Uint8Array(gzipSync(buf, { level: 9 })) : buf;
}

/** Reads an evaluation-table file's bytes; refuses wrong magic, version, pattern set or checksum. */
export function decodeTable(data: Uint8Array): TableResult {
  let buf = data;
  if (buf.length >= 2 && buf[0] === 0x1f && buf[1] === 0x8b) {
    try {
      buf = new Uint8Array(gunzipSync(buf));
    } catch (e) {
      return { ok: false, error: `corrupt evaluation table: gzip data is damaged (${(e as Error).message})` };
    }
  }
  if (buf.length < HEADER_SIZE + 4) return { ok: false, error: `not an evaluation table: ${buf.length} bytes is too short` };
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const magic = String.fromCharCode(buf[0], buf[1], buf[2], buf[3]);
  if (magic !== TABLE_MAGIC) return { ok: false, error: `not an evaluation table: magic "${magic}" is not "${TABLE_MAGIC}"` };
  const version = view.getUint16(4, true);
  if (version !== TABLE_VERSION) return { ok: false, error: `evaluation table format version ${version} is not supported (this build reads version ${TABLE_VERSION})` };
  const stored = view.getUint32(buf.length - 4, true);
  const actual = crc32(buf, 0, buf.length - 4);
  if (stored !== actual) return { ok: false, error: `corrupt evaluation table: checksum ${hex(actual)} does not match the stored ${hex(stored)}` };
  const headerSize = view.getUint16(6, true);
  const patternSet = view.getUint32(8, true);
  if (patternSet !== PATTERN_SET_ID) return { ok: false, error: `evaluation table was trained for pattern set ${hex(patternSet)}, but this engine uses ${hex(PATTERN_SET_ID)}` };
  const phases = view.getUint16(12, true);
  const extras = view.getUint16(14, true);
  const scale = view.getUint16(16, true);
  const types = view.getUint16(18, true);
  const stride = view.getUint32(20, true);
  if (extras !== EXTRA_FEATURES || types !== PATTERN_TYPES.length || stride !== PHASE_STRIDE) {
    return { ok: false, error: `evaluation table layout (${types} types, ${extras} extras, stride ${stride}) does not match this engine's` };
  }
  if (phases < 1 || scale < 1) return { ok: false, error: `evaluation table has ${phases} phases and scale ${scale}` };
  const expected = headerSize + phases * stride * 2 + 4;
  if (buf.length !== expected) return { ok: false, error: `evaluation table is ${buf.length} bytes; its header implies ${expected}` };
  const weights = new Int16Array(phases * stride);
  for (let i = 0; i < weights.length; i++) weights[i] = view.getInt16(headerSize + i * 2, true);
  return { ok: true, table: new EvalTable(phases, scale, weights) };
}

function hex(n: number): string {
  return `0x${(n >>> 0).toString(16).padStart(8, '0')}`;
}
