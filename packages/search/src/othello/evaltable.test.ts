import { describe, expect, it } from 'vitest';
import { parseTranscript, PATTERN_COUNT } from '@sente/core';
import { bootstrapTable } from './bootstrap.js';
import { evaluate, evaluateSlow, featureOffsets } from './eval.js';
import { decodeTable, encodeTable, EvalTable, PHASE_STRIDE, phaseOf } from './evaltable.js';
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
