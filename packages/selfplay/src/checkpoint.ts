// The fitter's checkpoint file (`sente train --checkpoint FILE`): after every epoch the fit's state
// (fit.ts FitState) is written atomically, so a fit stopped at any point (Ctrl-C, a killed process)
// continues from its last finished epoch when the same command runs again. Layout: u32 length of
// a JSON header, the header (format, version, what the state belongs to, epoch, history, per-phase
// early-stopping record), then the weight-space arrays y, p and bestX as float64. A checkpoint of
// other data or settings is refused, naming the file and what differs.
import { readFileSync } from 'node:fs';
import { SenteError } from '@sente/core';
import { writeFileAtomic } from '@sente/search';
import type { PositionSet } from './dataset.js';
import type { EpochStats, FitState } from './fit.js';

const FORMAT = 'sente-fit-checkpoint';

/** What a checkpoint belongs to: the positions (count and a hash of labels and phases) and the settings. */
export function fitKey(train: PositionSet, validation: PositionSet, settings: Record<string, unknown>): Record<string, unknown> {
  let h = 0x811c9dc5;
  for (const set of [train, validation]) {
    for (let i = 0; i < set.count; i++) {
      h = Math.imul(h ^ (set.labels[i] & 0xff), 0x01000193);
      h = Math.imul(h ^ set.empties[i], 0x01000193);
      h = Math.imul(h ^ set.offsets[i * set.features + 3], 0x01000193);
    }
  }
  return { train: train.count, validation: validation.count, hash: h >>> 0, ...settings };
}

export function writeCheckpoint(file: string, key: Record<string, unknown>, s: FitState): void {
  const header = Buffer.from(JSON.stringify({
    format: FORMAT, version: 1, key, epoch: s.epoch, history: s.history, phaseEpoch: Array.from(s.phaseEpoch), bestPhaseSse: Array.from(s.bestPhaseSse), weights: s.y.length,
  }));
  const len = Buffer.alloc(4);
  len.writeUInt32LE(header.length, 0);
  const arrays = [s.y, s.p, s.bestX].map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength));
  writeFileAtomic(file, Buffer.concat([len, header, ...arrays]));
}

function bad(file: string, what: string): SenteError {
  return new SenteError('bad-option', `checkpoint ${file}: ${what}`);
}

/** The state saved in `file`, checked against `key`; throws naming the file and the difference. */
export function readCheckpoint(file: string, key: Record<string, unknown>): FitState {
  const b = readFileSync(file);
  if (b.length < 4) throw bad(file, 'too short to be a checkpoint');
  const len = b.readUInt32LE(0);
  let h: { format: string; version: number; key: Record<string, unknown>; epoch: number; history: EpochStats[]; phaseEpoch: number[]; bestPhaseSse: number[]; weights: number };
  try {
    h = JSON.parse(b.subarray(4, 4 + len).toString('utf8'));
  } catch {
    throw bad(file, 'not a fit checkpoint (unreadable header)');
  }
  if (h.format !== FORMAT || h.version !== 1) throw bad(file, `not a version 1 fit checkpoint`);
  for (const [k, v] of Object.entries(key)) {
    if (JSON.stringify(h.key[k]) !== JSON.stringify(v)) throw bad(file, `was made for ${k} ${JSON.stringify(h.key[k])}, this fit has ${JSON.stringify(v)}; delete it to start over`);
  }
  const m = h.weights;
  if (b.length !== 4 + len + 3 * m * 8) throw bad(file, `size check failed: ${b.length} bytes, expected ${4 + len + 3 * m * 8} (truncated)`);
  const arrays = [0, 1, 2].map((i) => {
    const out = new Float64Array(m);
    out.set(new Float64Array(b.buffer.slice(b.byteOffset + 4 + len + i * m * 8, b.byteOffset + 4 + len + (i + 1) * m * 8)));
    return out;
  });
  return { epoch: h.epoch, y: arrays[0], p: arrays[1], bestX: arrays[2], bestPhaseSse: Float64Array.from(h.bestPhaseSse), phaseEpoch: Int32Array.from(h.phaseEpoch), history: h.history };
}
