// Blends: a build whose every table weight is the weighted mean of the same weight in two or more
// builds' tables. A linear evaluation's blend evaluates every position at the weighted mean of
// their evaluations, so two fits that err differently (one fitted to search labels, one to game
// results) can make a better table than either; docs/builds.md has the measured case (g9e).
import { SenteError } from '@sente/core';
import { EvalTable, loadBuild, phaseOf, readRegistry } from '@sente/search';
import { saveBuild } from './registry.js';
import { shippedTestSetMae } from './data/testset.js';
import type { FoundBuild, ManifestEntry } from '@sente/search';

export interface BlendPart {
  readonly table: EvalTable;
  /** Its share of the blend (> 0; the shares are normalised to sum 1). */
  readonly weight: number;
  /** Named in the error when the table does not fit the others. */
  readonly name?: string;
}

/** Phases `from`..`to` (0 = the opening phase, both included) of a blend limited to them. */
export interface PhaseRange { readonly from: number; readonly to: number }

/**
 * The phase of a `from`-phase table behind each phase of a `phases`-phase one, or null when a
 * phase of the new layout would span two of the old (the layouts do not nest: 30 phases over 12,
 * say). Every layout nests in 61 phases, one per number of empties.
 */
function phaseMap(from: number, phases: number): Int32Array | null {
  const map = new Int32Array(phases).fill(-1);
  for (let e = 0; e <= 60; e++) {
    const q = phaseOf(e, phases), p = phaseOf(e, from);
    if (map[q] !== -1 && map[q] !== p) return null;
    map[q] = p;
  }
  return map;
}

/**
 * `table` rewritten with `phases` phases, every number of empties keeping exactly its weights, or
 * null when the layouts do not nest (phaseMap). Any table expands to 61 phases.
 */
export function expandPhases(table: EvalTable, phases: number): EvalTable | null {
  if (phases === table.phases) return table;
  const map = phaseMap(table.phases, phases);
  if (!map) return null;
  const out = new EvalTable(phases, table.scale, undefined, table.format);
  const S = table.stride;
  for (let q = 0; q < phases; q++) out.weights.set(table.weights.subarray(map[q] * S, (map[q] + 1) * S), q * S);
  return out;
}

/**
 * The weighted mean of tables of one format and scale, each int16 weight rounded to the nearest.
 * Tables with different phase counts are first expanded exactly (expandPhases) to the finest
 * count when its layout nests every other, else to 61 phases: the blend then evaluates every
 * number of empties at the mean of what each part gives it. With `phases` (in the blend's phase
 * layout), only those phases are blended and every other phase is the first table's unchanged: a
 * share of 0 is then allowed, so `[A x0, B x1]` over phases 6-11 is A with B's phases 6-11 (which
 * phases carry a table's strength). Throws 'incompatible-tables' naming the part that differs
 * from the first, and 'bad-option' for fewer than two parts, a weight that is not a finite number
 * above zero (at or above zero with `phases`, not all zero), or a range outside the blend's phases.
 */
export function blendTables(parts: readonly BlendPart[], phases?: PhaseRange): EvalTable {
  if (parts.length < 2) throw new SenteError('bad-option', `a blend needs at least two tables, got ${parts.length}`);
  const first = parts[0].table;
  let total = 0;
  parts.forEach((p, i) => {
    const name = p.name ?? `table ${i + 1}`;
    const ok = phases ? p.weight >= 0 : p.weight > 0;
    if (!ok || !Number.isFinite(p.weight)) throw new SenteError('bad-option', `${name}: blend weight must be a number ${phases ? 'at or above' : 'above'} 0, got ${p.weight}`);
    const t = p.table;
    const differs = t.format !== first.format ? `format ${t.format} (the first is format ${first.format})`
      : t.scale !== first.scale ? `scale ${t.scale} (the first has ${first.scale})` : null;
    if (differs) throw new SenteError('incompatible-tables', `${name} cannot be blended with ${parts[0].name ?? 'table 1'}: ${differs}; blend tables of one format and scale`);
    total += p.weight;
  });
  if (!(total > 0)) throw new SenteError('bad-option', 'blend weights are all 0: give at least one above 0');
  const finest = Math.max(...parts.map((p) => p.table.phases));
  const layout = parts.every((p) => phaseMap(p.table.phases, finest)) ? finest : 61;
  const ts = parts.map((p) => expandPhases(p.table, layout) as EvalTable);
  const base = ts[0];
  const out = Int16Array.from(base.weights);
  const stride = base.stride;
  let lo = 0, hi = out.length;
  if (phases) {
    const { from, to } = phases;
    if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to < from || to >= base.phases) {
      throw new SenteError('bad-option', `phases ${from}-${to} are not a range of the blend's phases 0-${base.phases - 1}`);
    }
    lo = from * stride;
    hi = (to + 1) * stride;
  }
  const shares = parts.map((p) => p.weight / total);
  for (let j = lo; j < hi; j++) {
    let s = 0;
    for (let i = 0; i < ts.length; i++) s += ts[i].weights[j] * shares[i];
    out[j] = Math.max(-32768, Math.min(32767, Math.round(s)));
  }
  return new EvalTable(base.phases, base.scale, out, base.format);
}

export interface BlendOptions {
  /** Builds (shipped or user) and their shares, in order; the first is the new build's parent. */
  readonly builds: readonly { readonly id: string; readonly weight: number }[];
  /** Id of the new build, saved to the user registry `buildsDir`. */
  readonly id: string;
  readonly buildsDir: string;
  readonly notes?: string;
  readonly overwrite?: boolean;
  /** Blend only these phases; the others are the first build's (blendTables). */
  readonly phases?: PhaseRange;
}

/** Games and positions of one part of a blend's training data. */
export interface DataCount { games: number; positions: number }

/**
 * The data behind builds, by source: a fitted (or hand-made) build is its own source; a blend is
 * the union of its parts' sources, followed through the registry, so data that two parts share
 * (gen4's, in a blend of gen4 with gen6 = gen4 + g10z) count once. A part the registry no longer
 * lists (a working build that was not shipped) is the rest of its blend's own counts.
 */
export function dataSources(builds: readonly FoundBuild[], all: readonly FoundBuild[]): Map<string, DataCount> {
  const visit = (e: FoundBuild, path: readonly string[], into: Map<string, DataCount>): void => {
    const parts = String(e.training?.method ?? '').startsWith('blend') ? e.training?.blend : undefined;
    // path guards against a cycle that overwritten builds (--force) could make.
    if (!Array.isArray(parts) || path.includes(e.id)) { into.set(e.id, { games: e.games, positions: e.positions }); return; }
    const inner = new Map<string, DataCount>();
    const missing: string[] = [];
    for (const p of parts as { id?: unknown }[]) {
      const sub = all.find((b) => b.id === p.id);
      if (sub) visit(sub, [...path, e.id], inner);
      else missing.push(String(p.id));
    }
    if (missing.length > 0) {
      let games = e.games, positions = e.positions;
      for (const v of inner.values()) { games -= v.games; positions -= v.positions; }
      inner.set(missing.join('+'), { games: Math.max(0, games), positions: Math.max(0, positions) });
    }
    for (const [k, v] of inner) into.set(k, v);
  };
  const out = new Map<string, DataCount>();
  for (const b of builds) visit(b, [], out);
  return out;
}

/** Blends builds' tables into a new user build (with its test-set error); returns its manifest entry and table. */
export function blendBuilds(o: BlendOptions): { entry: ManifestEntry; table: EvalTable } {
  const loaded = o.builds.map((b) => ({ ...b, build: loadBuild(b.id, o.buildsDir) }));
  const table = blendTables(loaded.map((b) => ({ table: b.build.table, weight: b.weight, name: `build "${b.build.id}"` })), o.phases);
  // Games and positions: each source of data once, however many parts were trained on it.
  const all = readRegistry(o.buildsDir).builds;
  const sources = [...dataSources(loaded.map((b) => b.build.entry), all).values()];
  const entry = saveBuild(o.buildsDir, {
    id: o.id,
    table,
    parent: loaded[0].build.id,
    games: sources.reduce((a, v) => a + v.games, 0),
    positions: sources.reduce((a, v) => a + v.positions, 0),
    validationError: null,
    testSetMae: shippedTestSetMae(table),
    notes: o.notes ?? '',
    training: {
      method: o.phases ? `blend: weighted mean of the tables in phases ${o.phases.from}-${o.phases.to}, the first's elsewhere` : 'blend: weighted mean of the tables',
      blend: loaded.map((b) => ({ id: b.build.id, weight: b.weight })),
      ...(o.phases ? { phases: [o.phases.from, o.phases.to] } : {}),
    },
  }, o.overwrite ?? false);
  return { entry, table };
}
