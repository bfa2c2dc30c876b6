// Evaluation tables: the weights of one engine build, per game phase, as a binary file. The
// header ties the table to core's PATTERNS and, for version 2, to the extra features that follow
// them (a table trained for another set is refused), the payload is int16 weights scaled by
// `scale` units per disc, and a CRC32 over everything before it refuses a corrupt file. Files are
// gzip-compressed on disk (most weights of a young table are zero); an uncompressed file is read
// too.
//
// Two formats. Version 1 (gen3, bootstrap): the pattern weights and a bias per phase, evaluated by
// eval.ts. Version 2: the same patterns, then small tables indexed by a feature's value (mobility
// and potential mobility of each side, odd quadrants), then the bias, evaluated by
// evalfeatures.ts; usually with more phases (one per two plies). Both share one header:
//
// Layout (little-endian, before compression):
//   offset size  field
//   0      4     magic "SNTE"
//   4      2     format version (1 or 2)
//   6      2     header size in bytes (32)
//   8      4     pattern-set id: core's PATTERN_SET_ID (version 1); FEATURE_SET_ID_V2 (version 2),
//                which hashes PATTERN_SET_ID with the extra features' names and sizes
//   12     2     number of phases P
//   14     2     number of extra weights E per phase after the patterns (version 1: E = 1, the
//                bias; version 2: E = V2_EXTRAS, the feature tables then the bias)
//   16     2     scale: weight units per disc
//   18     2     number of pattern types T (must equal core's)
//   20     4     weights per phase S: sum over types of 3^length, plus E
//   24     8     reserved (0)
//   32     2*P*S int16 weights, phase-major; inside a phase, type-major in PATTERN_TYPES order
//                (index = base-3 code from the side to move's view: 1 = own disc, 2 = opponent's),
//                then the E extras (version 2: in V2_FEATURES order, each value 0..size-1)
//   end    4     CRC32 (IEEE) of all preceding bytes
import { gunzipSync, gzipSync } from 'node:zlib';
import { PATTERN_SET_ID, PATTERN_SIZES, PATTERN_TYPES } from '@sente/core';

export const TABLE_MAGIC = 'SNTE';
/** The version written for a format-1 table (gen3's); format 2 writes TABLE_VERSION_V2. */
export const TABLE_VERSION = 1;
export const TABLE_VERSION_V2 = 2;
export type TableFormat = 1 | 2;
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
/** Weights of the pattern types in a phase (both formats). */
export const PATTERN_WEIGHTS = PHASE_STRIDE - EXTRA_FEATURES;

/**
 * Format 2's extra features after the patterns, each a table indexed by the feature's value
 * (clamped to size - 1), from the side to move's view: own and opponent's legal move counts,
 * own and opponent's potential mobility (empty squares next to the other side's discs), the
 * number of quadrants holding an odd number of empties; then the bias.
 */
export const V2_FEATURES: ReadonlyArray<{ readonly name: string; readonly size: number }> = [
  { name: 'mobility-own', size: 34 },
  { name: 'mobility-opp', size: 34 },
  { name: 'potential-own', size: 64 },
  { name: 'potential-opp', size: 64 },
  { name: 'odd-quadrants', size: 5 },
  { name: 'bias', size: 1 },
];
export const V2_EXTRAS = V2_FEATURES.reduce((a, f) => a + f.size, 0);
export const PHASE_STRIDE_V2 = PATTERN_WEIGHTS + V2_EXTRAS;
/** Offset inside a format-2 phase of each V2_FEATURES table. */
export const V2_OFFSET: Int32Array = (() => {
  const out = new Int32Array(V2_FEATURES.length);
  let k = PATTERN_WEIGHTS;
  for (let f = 0; f < V2_FEATURES.length; f++) { out[f] = k; k += V2_FEATURES[f].size; }
  return out;
})();
export const BIAS_OFFSET_V2 = PHASE_STRIDE_V2 - 1;
export const DEFAULT_PHASES_V2 = 30;

/** The pattern-set id of format 2: core's PATTERN_SET_ID hashed with the extra features. */
export const FEATURE_SET_ID_V2: number = (() => {
  let h = PATTERN_SET_ID >>> 0;
  const text = `v2|${V2_FEATURES.map((f) => `${f.name}:${f.size}`).join('|')}`;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
})();

/** Weights per phase of a format. */
export function strideOf(format: TableFormat): number {
  return format === 2 ? PHASE_STRIDE_V2 : PHASE_STRIDE;
}

/** Phase of a position with `empties` empty squares when the table has `phases` phases. */
export function phaseOf(empties: number, phases: number): number {
  const p = (((60 - empties) * phases) / 61) | 0;
  return p < 0 ? 0 : p >= phases ? phases - 1 : p;
}

export class EvalTable {
  /** phases * stride int16 weights (see the layout above). */
  readonly weights: Int16Array;
  /** Phase of each empties count 0..60 (precomputed from phaseOf). */
  readonly phaseByEmpties: Int32Array;
  /** Weights per phase: PHASE_STRIDE (format 1) or PHASE_STRIDE_V2 (format 2). */
  readonly stride: number;

  constructor(readonly phases: number, readonly scale: number, weights?: Int16Array, readonly format: TableFormat = 1) {
    if (!Number.isInteger(phases) || phases < 1 || phases > 61) throw new RangeError(`phases must be 1..61, got ${phases}`);
    if (!Number.isInteger(scale) || scale < 1 || scale > 30000) throw new RangeError(`scale must be 1..30000, got ${scale}`);
    if (format !== 1 && format !== 2) throw new RangeError(`table format must be 1 or 2, got ${format}`);
    this.stride = strideOf(format);
    this.weights = weights ?? new Int16Array(phases * this.stride);
    if (this.weights.length !== phases * this.stride) throw new RangeError(`expected ${phases * this.stride} weights, got ${this.weights.length}`);
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
  const v2 = table.format === 2;
  view.setUint16(4, v2 ? TABLE_VERSION_V2 : TABLE_VERSION, true);
  view.setUint16(6, HEADER_SIZE, true);
  view.setUint32(8, v2 ? FEATURE_SET_ID_V2 : PATTERN_SET_ID, true);
  view.setUint16(12, table.phases, true);
  view.setUint16(14, v2 ? V2_EXTRAS : EXTRA_FEATURES, true);
  view.setUint16(16, table.scale, true);
  view.setUint16(18, PATTERN_TYPES.length, true);
  view.setUint32(20, table.stride, true);
  for (let i = 0; i < table.weights.length; i++) view.setInt16(HEADER_SIZE + i * 2, table.weights[i], true);
  view.setUint32(size - 4, crc32(buf, 0, size - 4), true);
  return compress ? new Uint8Array(gzipSync(buf, { level: 9 })) : buf;
}

/**
 * Reads an evaluation-table file's bytes (format 1 or 2); refuses a damaged gzip stream, a short
 * file, wrong magic, an unknown version, a bad checksum, another pattern set, a layout other than
 * this engine's and a size other than the header's. Each refusal names the check that failed.
 */
export function decodeTable(data: Uint8Array): TableResult {
  let buf = data;
  if (buf.length >= 2 && buf[0] === 0x1f && buf[1] === 0x8b) {
    try {
      buf = new Uint8Array(gunzipSync(buf));
    } catch (e) {
      return { ok: false, error: `corrupt evaluation table: gzip check failed: the compressed data is damaged (${(e as Error).message})` };
    }
  }
  if (buf.length < HEADER_SIZE + 4) return { ok: false, error: `not an evaluation table: size check failed: ${buf.length} bytes is too short` };
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const magic = String.fromCharCode(buf[0], buf[1], buf[2], buf[3]);
  if (magic !== TABLE_MAGIC) return { ok: false, error: `not an evaluation table: magic check failed: "${magic}" is not "${TABLE_MAGIC}"` };
  const version = view.getUint16(4, true);
  if (version !== TABLE_VERSION && version !== TABLE_VERSION_V2) {
    return { ok: false, error: `version check failed: evaluation table format version ${version} is not supported (this build reads versions ${TABLE_VERSION} and ${TABLE_VERSION_V2})` };
  }
  const format: TableFormat = version === TABLE_VERSION_V2 ? 2 : 1;
  const stored = view.getUint32(buf.length - 4, true);
  const actual = crc32(buf, 0, buf.length - 4);
  if (stored !== actual) return { ok: false, error: `corrupt evaluation table: checksum check failed: CRC ${hex(actual)} does not match the stored ${hex(stored)}` };
  const headerSize = view.getUint16(6, true);
  const patternSet = view.getUint32(8, true);
  const wantSet = format === 2 ? FEATURE_SET_ID_V2 : PATTERN_SET_ID;
  if (patternSet !== wantSet) return { ok: false, error: `pattern-set check failed: evaluation table (format ${format}) was trained for pattern set ${hex(patternSet)}, but this engine uses ${hex(wantSet)} for format ${format}` };
  const phases = view.getUint16(12, true);
  const extras = view.getUint16(14, true);
  const scale = view.getUint16(16, true);
  const types = view.getUint16(18, true);
  const stride = view.getUint32(20, true);
  const wantExtras = format === 2 ? V2_EXTRAS : EXTRA_FEATURES;
  if (extras !== wantExtras || types !== PATTERN_TYPES.length || stride !== strideOf(format)) {
    return { ok: false, error: `layout check failed: evaluation table layout (${types} types, ${extras} extras, stride ${stride}) does not match this engine's format ${format} (${PATTERN_TYPES.length} types, ${wantExtras} extras, stride ${strideOf(format)})` };
  }
  if (phases < 1 || phases > 61 || scale < 1 || scale > 30000 || headerSize < HEADER_SIZE) return { ok: false, error: `header check failed: evaluation table has ${phases} phases, scale ${scale} and a ${headerSize}-byte header` };
  const expected = headerSize + phases * stride * 2 + 4;
  if (buf.length !== expected) return { ok: false, error: `size check failed: evaluation table is ${buf.length} bytes; its header implies ${expected}` };
  const weights = new Int16Array(phases * stride);
  for (let i = 0; i < weights.length; i++) weights[i] = view.getInt16(headerSize + i * 2, true);
  return { ok: true, table: new EvalTable(phases, scale, weights, format) };
}

function hex(n: number): string {
  return `0x${(n >>> 0).toString(16).padStart(8, '0')}`;
}
