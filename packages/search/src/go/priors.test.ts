import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isSenteError } from '@sente/core';
import { shippedGoPriorsFile } from '@sente/builds';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ATARI, CAPTURE, LINE, SELF_ATARI } from './features.js';
import { PRIORS_FORMAT, PRIORS_VERSION, decodePriors, encodePriors, loadMovePriors, modelVector, shippedMovePriors, type PriorsPayload } from './priors.js';

const payload: PriorsPayload = {
  format: PRIORS_FORMAT,
  version: PRIORS_VERSION,
  training: { games: 1 },
  local: { shapes: { '0': 0.25, '9': -1.5 }, features: { capture: [1, 2, 3], 'self-atari': [-2], line: [-1, -0.5, 0, 0.25, 0.5] } },
  full: { shapes: { '0': 0.5 }, features: { atari: [0.75], 'generator-capture': [1.25] } },
};

describe('Go priors file', () => {
  it('round-trips a payload and places every weight at its feature id', () => {
    const r = decodePriors(encodePriors(payload));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toEqual(payload);
    const v = modelVector(r.value.local);
    expect(v[0]).toBe(0.25);
    expect(v[9]).toBe(-1.5);
    expect(Array.from(v.subarray(CAPTURE, CAPTURE + 3))).toEqual([1, 2, 3]);
    expect(v[SELF_ATARI]).toBe(-2);
    expect(v[LINE + 4]).toBe(0.5);
    expect(modelVector(r.value.full)[ATARI]).toBe(0.75);
  });

  it('refuses a file whose checksum does not match (one weight changed), bad JSON, and a wrong format', () => {
    const text = encodePriors(payload);
    const corrupt = text.replace('"9":-1.5', '"9":-1.4');
    expect(corrupt).not.toBe(text);
    const r = decodePriors(corrupt);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/checksum .* does not match the stored/);
    expect(decodePriors(text.slice(0, 40)).ok).toBe(false);
    const wrongFormat = encodePriors({ ...payload, format: 'something-else' });
    const w = decodePriors(wrongFormat);
    expect(w.ok === false && w.error).toMatch(/not Go priors/);
    const wrongLength = encodePriors({ ...payload, local: { shapes: {}, features: { capture: [1] } } });
    const l = decodePriors(wrongLength);
    expect(l.ok === false && l.error).toMatch(/capture needs 3/);
  });

  it('loadMovePriors throws SenteError corrupt-table for a damaged file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sente-priors-'));
    const good = join(dir, 'good.json');
    const bad = join(dir, 'bad.json');
    writeFileSync(good, encodePriors(payload));
    writeFileSync(bad, encodePriors(payload).replace('"0":0.25', '"0":0.26'));
    expect(loadMovePriors(good).local.weights[0]).toBe(0.25);
    let error: unknown = null;
    try {
      loadMovePriors(bad);
    } catch (e) {
      error = e;
    }
    expect(isSenteError(error, 'corrupt-table')).toBe(true);
    expect((error as Error).message).toContain('bad.json');
  });

  it('the shipped weights pass their checksum and were fitted on game records', () => {
    const r = decodePriors(readFileSync(shippedGoPriorsFile, 'utf8'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(Number(r.value.training.trainPositions)).toBeGreaterThan(100);
    const priors = shippedMovePriors();
    // Learned, not neutral: a capture is likelier than a quiet move, a self-atari less likely.
    expect(priors.local.weights[CAPTURE]).toBeGreaterThan(0.5);
    expect(priors.local.weights[SELF_ATARI]).toBeLessThan(0);
  });
});
