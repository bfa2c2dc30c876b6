// Relabelling a position file by a deeper search than the one that played its games
// (bootstrapping), and late positions by an exact solve: `sente data relabel`. The positions are
// scored on the worker pool in batches; every label that comes back is kept in a checkpoint file
// beside the output (written atomically every few seconds and when stopped), so an interrupted or
// crashed run resumes where it stopped, and the output is written once, atomically, in the input's
// order when every position has its label. The checkpoint records the settings and the input's
// header: resuming with other settings or another input is refused rather than mixing labels.
// With `queue` the batches go to the BullMQ/Redis queue instead, labelled by `sente worker`
// processes on any number of machines (each label is checked before it is kept, queue/validate.ts).
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { SenteError } from '@sente/core';
import { writeFileAtomic } from '@sente/search';
import { batches, type PoolSummary } from '../pool.js';
import { runJobs, type QueueSettings } from '../jobs.js';
import type { LabelTask } from '../worker.js';
import { LABEL_EXACT, LABEL_SEARCH, RECORD_WORDS, crc32, metaEmpties, metaKind, metaLabel, metaSide, metaSource, packMeta } from './format.js';
import { PositionWriter, readHeader, readPositionWords } from './io.js';

export interface RelabelOptions {
  readonly input: string;
  readonly output: string;
  readonly buildsDir: string;
  /** Concrete build id of the labelling engine. */
  readonly build: string;
  /** Search depth of the label above `exact` empties. */
  readonly depth: number;
  /** At or below this many empties the label is the exact score (a solve). */
  readonly exact: number;
  /** Positions with fewer empties keep their label (e.g. those already exact); default 0: all relabelled. */
  readonly keepBelow?: number;
  readonly workers: number;
  /** Positions per pool job (default 16). */
  readonly batch?: number;
  readonly signal?: AbortSignal;
  readonly onProgress?: (done: number, total: number) => void;
  /** Milliseconds between checkpoint writes (default 5000). */
  readonly checkpointMs?: number;
  /** Label on the BullMQ/Redis queue instead of the local pool. */
  readonly queue?: QueueSettings;
}

export interface RelabelSummary {
  readonly positions: number;
  /** Labelled by this run (the rest came from the checkpoint, or were kept). */
  readonly labelled: number;
  readonly resumed: number;
  readonly kept: number;
  /** Labels of each kind in the output (kept positions keep their kind). */
  readonly exact: number;
  readonly search: number;
  /** Mean absolute change of the relabelled positions' labels, in discs. */
  readonly meanChange: number;
  readonly seconds: number;
  readonly complete: boolean;
  readonly pool: PoolSummary | null;
}

/** Value of a label slot not yet filled. */
const UNDONE = -32768;
const MAGIC = 'SENTERLB';

/** The checkpoint beside the output. */
export function relabelCheckpoint(output: string): string {
  return `${output}.relabel`;
}

function settingsKey(o: RelabelOptions, count: number, inputCrc: number): string {
  return JSON.stringify({ build: o.build, depth: o.depth, exact: o.exact, keepBelow: o.keepBelow ?? 0, count, inputCrc });
}

/** Checkpoint layout: magic, settings JSON length (u32), settings JSON, labels (int16 per position: kind << 8 | label & 0xff, or UNDONE), CRC-32 of all before. */
function writeCheckpoint(path: string, key: string, slots: Int16Array): void {
  const k = Buffer.from(key, 'utf8');
  const body = Buffer.alloc(8 + 4 + k.length + slots.byteLength);
  body.write(MAGIC, 0, 'latin1');
  body.writeUInt32LE(k.length, 8);
  k.copy(body, 12);
  Buffer.from(slots.buffer, slots.byteOffset, slots.byteLength).copy(body, 12 + k.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32LE(crc32(body), 0);
  writeFileAtomic(path, Buffer.concat([body, crc]));
}

function readCheckpoint(path: string, key: string, count: number): Int16Array {
  const b = readFileSync(path);
  const refuse = (check: string): never => {
    throw new SenteError('corrupt-checkpoint', `relabel checkpoint ${path}: ${check}; remove it to start again`);
  };
  if (b.length < 16 || b.toString('latin1', 0, 8) !== MAGIC) refuse('not a relabel checkpoint');
  if (crc32(b.subarray(0, b.length - 4)) !== b.readUInt32LE(b.length - 4)) refuse('checksum mismatch');
  const n = b.readUInt32LE(8);
  const saved = b.toString('utf8', 12, 12 + n);
  if (saved !== key) {
    throw new SenteError('bad-option', `relabel checkpoint ${path} was made with other settings or another input (${saved}); give the same ones, or remove it to start again`);
  }
  if (b.length - 4 - 12 - n !== count * 2) refuse('wrong size');
  const slots = new Int16Array(count);
  Buffer.from(slots.buffer).set(b.subarray(12 + n, 12 + n + count * 2));
  return slots;
}

/**
 * Relabels `input` into `output`. Returns with `complete: false` (output not written, checkpoint
 * kept) when stopped by the signal or when a batch failed after its retries.
 */
export async function relabelPositions(o: RelabelOptions): Promise<RelabelSummary> {
  const t0 = performance.now();
  const header = readHeader(o.input);
  const { words } = readPositionWords(o.input);
  const count = header.count;
  const inputCrc = crc32(new Uint8Array(words.buffer, words.byteOffset, words.byteLength));
  const key = settingsKey(o, count, inputCrc);
  const checkpoint = relabelCheckpoint(o.output);
  const slots = existsSync(checkpoint) ? readCheckpoint(checkpoint, key, count) : new Int16Array(count).fill(UNDONE);
  const keepBelow = o.keepBelow ?? 0;
  let resumed = 0, kept = 0;
  const pending: number[] = [];
  for (let i = 0; i < count; i++) {
    const meta = words[i * RECORD_WORDS + 4];
    if (metaEmpties(meta) < keepBelow) {
      slots[i] = ((metaKind(meta) << 8) | (metaLabel(meta) & 0xff));
      kept++;
    } else if (slots[i] !== UNDONE) resumed++;
    else pending.push(i);
  }
  let labelled = 0;
  let lastSave = performance.now();
  const every = o.checkpointMs ?? 5000;
  o.onProgress?.(count - pending.length, count);
  let pool: PoolSummary | null = null;
  if (pending.length > 0) {
    pool = await runJobs<null, [number, number]>({
      workers: o.workers,
      // A queue job costs a few Redis round trips: larger batches there.
      jobs: batches(pending, o.batch ?? (o.queue ? 64 : 16)).map((keys) => ({ keys, payload: null })),
      makeTask: (_p, keys): Omit<LabelTask, 'port'> => ({
        kind: 'label', buildsDir: o.buildsDir, build: o.build, depth: o.depth, exact: o.exact, keys,
        positions: keys.map((i) => {
          const k = i * RECORD_WORDS;
          return [words[k], words[k + 1], words[k + 2], words[k + 3], metaSide(words[k + 4])];
        }),
      }),
      onItem: (i, [label, kind]) => {
        slots[i] = (kind << 8) | (label & 0xff);
        labelled++;
        o.onProgress?.(count - pending.length + labelled, count);
        if (performance.now() - lastSave > every) {
          writeCheckpoint(checkpoint, key, slots);
          lastSave = performance.now();
        }
      },
      signal: o.signal,
    }, o.queue, 'label', [resolve(o.output), o.build, o.depth, o.exact, keepBelow, count, inputCrc], { dir: o.buildsDir, ids: [o.build] });
  }
  let exact = 0, search = 0, change = 0, changed = 0;
  let done = true;
  for (let i = 0; i < count; i++) if (slots[i] === UNDONE) { done = false; break; }
  if (!done) {
    writeCheckpoint(checkpoint, key, slots);
    return { positions: count, labelled, resumed, kept, exact, search, meanChange: 0, seconds: (performance.now() - t0) / 1000, complete: false, pool };
  }
  const w = new PositionWriter(o.output);
  try {
    for (let i = 0; i < count; i++) {
      const k = i * RECORD_WORDS;
      const meta = words[k + 4];
      const label = (slots[i] << 24) >> 24, kind = (slots[i] >> 8) & 3;
      if (kind === LABEL_EXACT) exact++; else if (kind === LABEL_SEARCH) search++;
      if (metaEmpties(meta) >= keepBelow) { change += Math.abs(label - metaLabel(meta)); changed++; }
      w.addWords(words[k], words[k + 1], words[k + 2], words[k + 3], packMeta(label, metaSide(meta), kind, metaEmpties(meta), metaSource(meta)), words[k + 5]);
    }
  } catch (e) {
    w.abort();
    throw e;
  }
  w.close();
  rmSync(checkpoint, { force: true });
  return {
    positions: count, labelled, resumed, kept, exact, search, meanChange: changed ? change / changed : 0,
    seconds: (performance.now() - t0) / 1000, complete: true, pool,
  };
}
