import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isSenteError, parseTranscript, PATTERN_COUNT, PATTERN_SET_ID } from '@sente/core';
import { bootstrapTable } from './bootstrap.js';
import { findBuild } from './builds.js';
import { evaluate, evaluateSlow, featureOffsets } from './eval.js';
import { crc32, decodeTable, encodeTable, EvalTable, FEATURE_SET_ID_V2, PHASE_STRIDE, PHASE_STRIDE_V2, V2_EXTRAS, phaseOf } from './evaltable.js';
import { loadTableFile, writeTableFile } from './tablefile.js';
import { prng, randomPosition } from './testutil.js';

describe('evaluation tables', () => {
  it('round-trip through the file format, compressed or not', () => {
    const t = new EvalTable(3, 32);
    const r = prng(5);
    for (let i = 0; i < t.weights.length; i += 97) t.weights[i] = Math.floor(r() * 65536) - 32768;
    for (const compress of [true, false]) {
      const back = decodeTable(encodeTable(t, compress));
      expect(back.ok).toBe(true);
      if (back.ok) {
        expect(back.table.phases).toBe(3);
        expect(back.table.scale).toBe(32);
        expect(Buffer.from(back.table.weights.buffer).equals(Buffer.from(t.weights.buffer))).toBe(true);
      }
    }
  });

  it('refuses a corrupt file by its checksum, and wrong magic, version or size', () => {
    const bytes = encodeTable(new EvalTable(2, 64), false);
    const flipped = bytes.slice();
    flipped[1000] ^= 4;
    const r1 = decodeTable(flipped);
    expect(r1.ok).toBe(false);
    if (!r1.ok) expect(r1.error).toMatch(/checksum/);
    const magic = bytes.slice();
    magic[0] = 0x41;
    const r2 = decodeTable(magic);
    expect(!r2.ok && r2.error).toMatch(/magic/);
    const version = bytes.slice();
    version[4] = 9;
    const r3 = decodeTable(version);
    expect(!r3.ok && r3.error).toMatch(/version 9/);
    const r4 = decodeTable(bytes.slice(0, 20));
    expect(!r4.ok && r4.error).toMatch(/too short/);
    const gz = encodeTable(new EvalTable(2, 64));
    const r5 = decodeTable(gz.slice(0, gz.length - 10));
    expect(r5.ok).toBe(false);
  });

  it('evaluate equals the sum over featureOffsets, for both sides to move', () => {
    const table = bootstrapTable();
    const random = prng(9);
    for (let i = 0; i < 100; i++) {
      const p = randomPosition(random, 5 + Math.floor(random() * 55));
      expect(evaluate(p, table)).toBe(evaluateSlow(p, table));
      expect(featureOffsets(p).length).toBe(PATTERN_COUNT + 1);
    }
  });

  it('evaluate (colour-swapped weights for white) equals evaluateSlow over random games, two tables in turn', () => {
    // Random weights everywhere, so any index the swapped copy got wrong shows; two tables in
    // turn exercise the swapped copies' cache.
    const random = prng(21);
    const tables = [new EvalTable(12, 64), new EvalTable(5, 16)];
    for (const t of tables) for (let i = 0; i < t.weights.length; i++) t.weights[i] = Math.floor(random() * 2001) - 1000;
    let white = 0;
    for (let i = 0; i < 200; i++) {
      const p = randomPosition(random, 2 + Math.floor(random() * 58));
      if (p.side === 1) white++;
      for (const t of tables) expect(evaluate(p, t)).toBe(evaluateSlow(p, t));
    }
    expect(white).toBeGreaterThan(50);
  });

  it('is colour-symmetric: a position and its colour-swapped twin evaluate the same for the mover', () => {
    const table = bootstrapTable();
    const p = parseTranscript('f5d6c3d3c4').value!.position;
    const swapped = p.clone();
    swapped.makePass(); // same discs, other side to move: not equal in general
    const twin = p.clone();
    // Build the twin: colours exchanged and side to move exchanged, so the mover's view is identical.
    const q = twin.side === 0
      ? (twin.constructor as typeof import('@sente/core').Position).fromColors(twin.whiteLo, twin.whiteHi, twin.blackLo, twin.blackHi, 1)
      : (twin.constructor as typeof import('@sente/core').Position).fromColors(twin.whiteLo, twin.whiteHi, twin.blackLo, twin.blackHi, 0);
    expect(evaluate(q, table)).toBe(evaluate(p, table));
  });

  it('maps empties to phases monotonically over the whole game', () => {
    let last = -1;
    for (let e = 60; e >= 0; e--) {
      const ph = phaseOf(e, 12);
      expect(ph).toBeGreaterThanOrEqual(last);
      expect(ph).toBeLessThan(12);
      last = ph;
    }
    expect(phaseOf(60, 12)).toBe(0);
    expect(phaseOf(0, 12)).toBe(11);
    expect(PHASE_STRIDE).toBeGreaterThan(100000);
  });
});

describe('evaluation tables, format 2 and refusals', () => {
  /** Uncompressed bytes with a header field changed and the CRC made valid again (so the check under test is the one that fails). */
  function patched(bytes: Uint8Array, edit: (view: DataView) => void, resize?: number): Uint8Array {
    const out = new Uint8Array(resize ?? bytes.length);
    out.set(bytes.subarray(0, Math.min(bytes.length, out.length)));
    const view = new DataView(out.buffer);
    edit(view);
    view.setUint32(out.length - 4, crc32(out, 0, out.length - 4), true);
    return out;
  }

  it('a format-2 table round-trips with its phases, scale, format and every weight', () => {
    const t = new EvalTable(5, 64, undefined, 2);
    expect(t.stride).toBe(PHASE_STRIDE_V2);
    expect(PHASE_STRIDE_V2).toBe(PHASE_STRIDE + V2_EXTRAS - 1);
    const r = prng(6);
    for (let i = 0; i < t.weights.length; i += 13) t.weights[i] = Math.floor(r() * 65535) - 32767;
    for (const compress of [true, false]) {
      const back = decodeTable(encodeTable(t, compress));
      expect(back.ok).toBe(true);
      if (back.ok) {
        expect([back.table.format, back.table.phases, back.table.scale, back.table.stride]).toEqual([2, 5, 64, PHASE_STRIDE_V2]);
        expect(Buffer.from(back.table.weights.buffer).equals(Buffer.from(t.weights.buffer))).toBe(true);
      }
    }
    const bytes = encodeTable(t, false);
    const view = new DataView(bytes.buffer);
    expect([view.getUint16(4, true), view.getUint32(8, true), view.getUint16(14, true), view.getUint32(20, true)]).toEqual([2, FEATURE_SET_ID_V2, V2_EXTRAS, PHASE_STRIDE_V2]);
    expect(FEATURE_SET_ID_V2).not.toBe(PATTERN_SET_ID);
  });

  it('gen3 and bootstrap still decode as format 1 and re-encode to the same bytes', () => {
    for (const id of ['gen3', 'bootstrap']) {
      const entry = findBuild(id);
      const raw = new Uint8Array(gunzipSync(readFileSync(join(entry.registry, entry.table))));
      const back = decodeTable(raw);
      expect(back.ok).toBe(true);
      if (!back.ok) continue;
      expect([back.table.format, back.table.stride]).toEqual([1, PHASE_STRIDE]);
      expect(Buffer.from(encodeTable(back.table, false)).equals(Buffer.from(raw))).toBe(true);
    }
  });

  it('refuses an unknown version, another pattern set, a wrong layout or size and a bad CRC, naming the check', () => {
    const v1 = encodeTable(new EvalTable(2, 64), false);
    const v2 = encodeTable(new EvalTable(2, 64, undefined, 2), false);
    const cases: Array<[Uint8Array, RegExp]> = [
      [patched(v2, (v) => v.setUint16(4, 3, true)), /version check failed: evaluation table format version 3 is not supported/],
      [patched(v2, (v) => v.setUint32(8, PATTERN_SET_ID, true)), /pattern-set check failed: .*format 2/],
      [patched(v1, (v) => v.setUint32(8, FEATURE_SET_ID_V2, true)), /pattern-set check failed: .*format 1/],
      // A format-1 body under a version-2 header: its id and layout are format 1's.
      [patched(v1, (v) => v.setUint16(4, 2, true)), /pattern-set check failed/],
      [patched(v2, (v) => v.setUint32(20, PHASE_STRIDE, true)), new RegExp(`layout check failed: evaluation table layout \\(11 types, ${V2_EXTRAS} extras, stride ${PHASE_STRIDE}\\)`)],
      [patched(v2, (v) => v.setUint16(14, 1, true)), /layout check failed: .*1 extras/],
      [patched(v2, (v) => v.setUint16(12, 3, true)), /size check failed: evaluation table is \d+ bytes; its header implies \d+/],
      [patched(v2, () => undefined, v2.length - 2), /size check failed/],
      [patched(v2, (v) => v.setUint16(12, 0, true)), /header check failed: evaluation table has 0 phases/],
    ];
    for (const [bytes, message] of cases) {
      const r = decodeTable(bytes);
      expect(r.ok).toBe(false);
      expect(!r.ok && r.error).toMatch(message);
    }
    const flipped = v2.slice();
    flipped[5000] ^= 1;
    expect(decodeTable(flipped)).toMatchObject({ ok: false, error: expect.stringMatching(/checksum check failed/) });
  });

  it('loadTableFile refuses a damaged file with a SenteError naming the file and the failed check', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sente-evaltable-'));
    try {
      const good = join(dir, 'good.sev.gz');
      writeTableFile(good, new EvalTable(4, 64, undefined, 2));
      expect(loadTableFile(good).format).toBe(2);
      const bad = join(dir, 'bad.sev');
      const bytes = encodeTable(new EvalTable(4, 64, undefined, 2), false);
      bytes[100] ^= 8;
      writeFileSync(bad, bytes);
      let error: unknown;
      try { loadTableFile(bad); } catch (e) { error = e; }
      expect(isSenteError(error, 'corrupt-table')).toBe(true);
      expect((error as Error).message).toMatch(new RegExp(`^${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: corrupt evaluation table: checksum check failed`));
      let missing: unknown;
      try { loadTableFile(join(dir, 'none.sev')); } catch (e) { missing = e; }
      expect(isSenteError(missing, 'corrupt-table')).toBe(true);
      expect((missing as Error).message).toMatch(/none\.sev: read check failed/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
