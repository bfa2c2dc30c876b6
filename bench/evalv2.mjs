// Format-2 evaluation cost: search nodes per second at a fixed depth with a format-2 table against
// gen3 (format 1), from the midgame benchmark's positions, 1 thread, no exact solving. Three
// tables: gen3; "gen3 as format 2", gen3's patterns in a format-2 table with the extra features at
// zero, which evaluates every position exactly as gen3, so it searches the very same tree (same node
// count) and the time difference is the features' cost alone; and, when SENTE_EVALV2_BUILD names a
// format-2 build in the user registry (SENTE_BUILDS), that fitted table (a different tree). Also
// static evaluations per second of each table on the same positions' random continuations.
import { loadavg } from 'node:os';
import { Position, parseTranscript } from '@sente/core';
import { createEngine, evaluate, loadBuild } from '@sente/search';
import { seededRandom, tableToWeights, toEvalTable } from '@sente/selfplay';

export const title = 'Format-2 evaluation: nodes per second at fixed depth against gen3';

const OPENINGS = 'f5d6c4d3c2b3b4b5 f5f4g3g6f3g4e3e2 f5f6d3c5d6c7b5e3 f5f6d3c5c6e3c4b4 f5d6c3f4c5d3g3b5 f5d6c3f4c5d3g3b4 f5f4e3d2c3e6e1g5 f5f4g3e6f3g5f6e7 f5f6e6d6f7g6h5g5 f5f6e6d6f7g6h5g4 f5d6c5f4e3c6f6g6 f5d6c3g5e6f3g4g6 f5d6c5f4e3c6f6g5 f5f4c3e6d3c5d7g5 f5d6c3f4c5d3g3b6 f5d6c7d7c3f4g3d3 f5f4g3f6f7g4d3h2 f5f6d3e3f3c5b6g5 f5f4e3d2c3e6f2c5 f5f4e3d2c3e6f2c6'.split(' ');

function positionsAtPly20(engine, count) {
  return OPENINGS.slice(0, count).map((opening) => {
    const pos = parseTranscript(opening).value.position;
    while (pos.ply < 12 && !pos.isGameOver()) {
      if (pos.mustPass()) { pos.makePass(); continue; }
      pos.makeMove(engine.think(pos, { depth: 4, exactFrom: 0 }).move);
    }
    return pos;
  });
}

/** Random continuations of the positions: a fixed sample for the static evaluation timing. */
function evalSample(positions, n) {
  const random = seededRandom(7, 3);
  const out = [];
  while (out.length < n) {
    const p = positions[out.length % positions.length].clone();
    const plies = Math.floor(random() * 30);
    for (let k = 0; k < plies && !p.isGameOver(); k++) {
      if (p.mustPass()) { p.makePass(); continue; }
      const m = p.legalMoveList();
      p.makeMove(m[Math.floor(random() * m.length)]);
    }
    out.push(p.clone());
  }
  return out;
}

export async function run(options) {
  const load0 = loadavg()[0];
  const gen3 = loadBuild('gen3').table;
  const asV2 = toEvalTable(tableToWeights(gen3, gen3.phases, 2), gen3.phases, gen3.scale, 2);
  const tables = [['gen3', gen3], ['gen3 as format 2', asV2]];
  if (process.env.SENTE_EVALV2_BUILD) tables.push([process.env.SENTE_EVALV2_BUILD, loadBuild(process.env.SENTE_EVALV2_BUILD).table]);
  const depth = options.quick ? 7 : 9;
  const positions = positionsAtPly20(createEngine({ table: gen3 }), options.quick ? 4 : 20);
  const sample = evalSample(positions, 20000);
  const rounds = options.quick ? 1 : 3;
  const rows = [];
  const engines = tables.map(([, table]) => createEngine({ table }));
  // Warm every engine's code and each table's evaluation first.
  engines.forEach((e) => e.think(positions[0], { depth: 6, exactFrom: 0 }));
  let warm = 0;
  for (const [, table] of tables) for (const p of sample) warm += evaluate(p, table);
  if (warm === 0.5) console.log(warm);
  const stats = tables.map(() => ({ nodes: 0, ms: 0, evalMs: 0, evals: 0 }));
  // Interleaved rounds, so a change of machine load hits every table alike.
  for (let round = 0; round < rounds; round++) {
    tables.forEach(([, table], t) => {
      for (const pos of positions) {
        engines[t].newGame();
        const r = engines[t].think(pos, { depth, exactFrom: 0 });
        stats[t].nodes += r.nodes;
        stats[t].ms += r.ms;
      }
      let sink = 0;
      const t0 = performance.now();
      for (let k = 0; k < 5; k++) for (const p of sample) sink += evaluate(p, table);
      stats[t].evalMs += performance.now() - t0;
      stats[t].evals += 5 * sample.length;
      if (sink === 0.5) console.log(sink);
    });
  }
  tables.forEach(([name, table], t) => {
    const s = stats[t];
    const nps = s.nodes / s.ms * 1000;
    const eps = s.evals / s.evalMs * 1000;
    const ref = stats[0];
    rows.push({
      table: name, format: table.format, phases: table.phases, depth, nodes: s.nodes / rounds, 'search s': s.ms / 1000,
      'Mnodes/s': (nps / 1e6).toFixed(3), 'nodes/s ratio': (nps / (ref.nodes / ref.ms * 1000)).toFixed(3),
      'Mevals/s': (eps / 1e6).toFixed(3), 'evals/s ratio': (eps / (ref.evals / ref.evalMs * 1000)).toFixed(3),
    });
  });
  const load1 = loadavg()[0];
  return {
    columns: ['table', 'format', 'phases', 'depth', 'nodes', 'search s', 'Mnodes/s', 'nodes/s ratio', 'Mevals/s', 'evals/s ratio'],
    rows,
    notes: `${positions.length} positions at ply 12 (the midgame benchmark's openings continued by gen3 at depth 4), searched to depth ${depth} with no exact solving on 1 thread, ${rounds} interleaved round(s); nodes = per round. ratio = over gen3 in the same run. "gen3 as format 2" evaluates exactly as gen3 (its extra-feature weights are zero), so it searches the same tree and its ratio is the cost of the features alone. Mevals/s = static evaluations per second on ${sample.length} random continuations. Load average ${load0.toFixed(2)} at the start, ${load1.toFixed(2)} at the end (2 cores).`,
  };
}
