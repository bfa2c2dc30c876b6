// Learned move priors: the Bradley-Terry gammas of the move features (features.ts), fitted by
// minorization-maximization on game records (selfplay/go/priors-fit.ts, scripts/go-priors-fit.mjs)
// and shipped as @sente/builds' go/priors.json. The file holds two models: `local`, fitted on the
// cheap features alone (what the tree computes at every node), and `full`, fitted with the
// candidate generators' features as well (what the root computes). The JSON is
//   { "checksum": "<crc32 of JSON.stringify(payload), 8 hex digits>", "payload": { format, version,
//     training, local: Model, full: Model } },  Model = { shapes: { "<canonical code>": log gamma },
//     features: { "<group>": [log gamma per value] } }
// and a file whose checksum does not match is refused (SenteError 'corrupt-table'). In the search
// the log gammas become tables indexed like the board's 3x3 codes, so a move's strength is a few
// array reads (PriorModel.logStrength).
import { readFileSync } from 'node:fs';
import { SenteError } from '@sente/core';
import { shippedGoPriorsFile } from '@sente/builds';
import { crc32 } from '../othello/evaltable.js';
import { FEATURE_COUNT, FEATURE_GROUPS, GENERATOR, GENERATOR_NAMES, MAX_MOVE_FEATURES, SHAPE_FEATURES, canonicalShapeTable, moveFeatures, moveFeaturesAfter } from './features.js';
import type { GoBoard } from './rules.js';

export const PRIORS_FORMAT = 'sente-go-priors';
export const PRIORS_VERSION = 1;

export interface PriorWeights {
  /** Canonical 3x3 shape code (decimal) -> log gamma; an unseen shape has 0. */
  readonly shapes: Record<string, number>;
  /** Feature group name (FEATURE_GROUPS, shape excluded) -> log gamma per value. */
  readonly features: Record<string, number[]>;
}

export interface PriorsPayload {
  readonly format: string;
  readonly version: number;
  /** How the weights were made (games, positions, iterations, log-likelihood...). */
  readonly training: Record<string, unknown>;
  readonly local: PriorWeights;
  readonly full: PriorWeights;
}

export type PriorsResult = { ok: true; value: PriorsPayload } | { ok: false; error: string };

function checksumOf(payload: PriorsPayload): string {
  return crc32(new TextEncoder().encode(JSON.stringify(payload))).toString(16).padStart(8, '0');
}

/** The priors file's text for a payload (the checksum over the payload's JSON). */
export function encodePriors(payload: PriorsPayload): string {
  return `{"checksum":"${checksumOf(payload)}","payload":${JSON.stringify(payload)}}\n`;
}

/** Reads a priors file's text; refuses bad JSON, a wrong format or version, and a checksum mismatch. */
export function decodePriors(text: string): PriorsResult {
  let doc: { checksum?: unknown; payload?: PriorsPayload };
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `corrupt Go priors: not JSON (${(e as Error).message})` };
  }
  if (typeof doc !== 'object' || doc === null || typeof doc.checksum !== 'string' || typeof doc.payload !== 'object' || doc.payload === null) return { ok: false, error: 'corrupt Go priors: expected {"checksum", "payload"}' };
  const actual = checksumOf(doc.payload);
  if (actual !== doc.checksum) return { ok: false, error: `corrupt Go priors: checksum ${actual} does not match the stored ${doc.checksum}` };
  const p = doc.payload;
  if (p.format !== PRIORS_FORMAT) return { ok: false, error: `not Go priors: format "${String(p.format)}" is not "${PRIORS_FORMAT}"` };
  if (p.version !== PRIORS_VERSION) return { ok: false, error: `Go priors version ${String(p.version)} is not supported (this build reads version ${PRIORS_VERSION})` };
  for (const m of [p.local, p.full]) {
    if (!m || typeof m.shapes !== 'object' || typeof m.features !== 'object') return { ok: false, error: 'corrupt Go priors: a model lacks shapes or features' };
    for (const [name, , count] of FEATURE_GROUPS) {
      if (name === 'shape') continue;
      const w = m.features[name];
      if (w !== undefined && (!Array.isArray(w) || w.length !== count || w.some((v) => typeof v !== 'number' || !Number.isFinite(v)))) return { ok: false, error: `corrupt Go priors: group ${name} needs ${count} finite numbers` };
    }
  }
  return { ok: true, value: p };
}

/** Log gamma per feature id (FEATURE_COUNT entries) of one model. */
export function modelVector(w: PriorWeights): Float64Array {
  const v = new Float64Array(FEATURE_COUNT);
  for (const [code, g] of Object.entries(w.shapes)) {
    const k = Number(code);
    if (Number.isInteger(k) && k >= 0 && k < SHAPE_FEATURES) v[k] = g;
  }
  for (const [name, first, count] of FEATURE_GROUPS) {
    if (name === 'shape') continue;
    const arr = w.features[name];
    if (arr) for (let i = 0; i < count; i++) v[first + i] = arr[i];
  }
  return v;
}

/** One model as lookup tables for the search. */
export class PriorModel {
  /** Log gamma per feature id. */
  readonly weights: Float64Array;
  /** ((c - 1) << 16 | nbr3) -> log gamma of the shape for c. */
  private readonly shapeByCode: Float32Array;
  private readonly buf = new Int32Array(MAX_MOVE_FEATURES);

  constructor(weights: Float64Array) {
    this.weights = weights;
    const canon = canonicalShapeTable();
    this.shapeByCode = new Float32Array(2 << 16);
    for (let i = 0; i < canon.length; i++) this.shapeByCode[i] = weights[canon[i]];
  }

  /** Log strength of c playing the empty legal point p (generator features not included). */
  logStrength(b: GoBoard, p: number, c: number): number {
    const n = moveFeatures(b, p, c, this.buf);
    // buf[0] is the shape; read it through the code table (same value, one lookup fewer).
    let s = this.shapeByCode[((c - 1) << 16) | b.nbr3[p]];
    for (let i = 1; i < n; i++) s += this.weights[this.buf[i]];
    return s;
  }

  /** logStrength given the last move and the one before (PASS if none), as moveFeaturesAfter takes them. */
  logStrengthAfter(b: GoBoard, p: number, c: number, last: number, before: number): number {
    const buf = this.buf;
    const n = moveFeaturesAfter(b, p, c, last, before, buf);
    let s = this.shapeByCode[((c - 1) << 16) | b.nbr3[p]];
    for (let i = 1; i < n; i++) s += this.weights[buf[i]];
    return s;
  }

  /** Log gamma sum of a generator bit set (generatorFeatures). */
  generatorStrength(bits: number): number {
    let s = 0;
    for (let k = 0; k < GENERATOR_NAMES.length; k++) if (bits & (1 << k)) s += this.weights[GENERATOR + k];
    return s;
  }
}

export interface MovePriors {
  readonly local: PriorModel;
  readonly full: PriorModel;
  readonly training: Record<string, unknown>;
}

let shipped: MovePriors | null = null;

/** Builds the two models of a decoded file. */
export function movePriorsOf(p: PriorsPayload): MovePriors {
  return { local: new PriorModel(modelVector(p.local)), full: new PriorModel(modelVector(p.full)), training: p.training };
}

/** Reads a priors file; throws SenteError('corrupt-table') when it is damaged. */
export function loadMovePriors(path: string): MovePriors {
  const r = decodePriors(readFileSync(path, 'utf8'));
  if (!r.ok) throw new SenteError('corrupt-table', `${path}: ${r.error}`);
  return movePriorsOf(r.value);
}

/** The shipped priors (@sente/builds go/priors.json), read once. */
export function shippedMovePriors(): MovePriors {
  shipped ??= loadMovePriors(shippedGoPriorsFile);
  return shipped;
}
