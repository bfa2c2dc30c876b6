// Midgame benchmark: from 20 fixed positions at ply 20 (the first 20 XOT openings, continued by the
// engine at depth 4 to ply 20), how deep the engine completes in 1 s and at how many nodes/s, and
// how long it takes to complete depth 12 (no exact solving), at 1 and at 2 threads (an engine
// with `threads: 2`, parallel.ts: lazy SMP, its helper sharing the table), with the ratios measured
// in the same run, and the two parallel schemes (lazy SMP, shipped, and a root split) compared at
// depth 10 on the first 4 positions. The columns above are without Multi-ProbCut; the MPC columns
// repeat depth in 1 s and time to depth 12 with the strongest build's calibration (when it has
// one), on 1 and 2 threads. When the engine of commit 0e9893c (before issue #13's search work) is
// set up where bench/search-strength.mjs puts it ($SENTE_OLD_DIR, default <tmp>/sente-0e9893c), its
// time to depth 12 on the same positions is measured in the same run, as the reference.
import { existsSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseTranscript, formatTranscript } from '@sente/core';
import { createEngine, loadBuild } from '@sente/search';

export const title = 'Midgame search: depth completed in 1 s and time to depth 12 from 20 positions at ply 20, 1 and 2 threads';

const OPENINGS = 'f5d6c4d3c2b3b4b5 f5f4g3g6f3g4e3e2 f5f6d3c5d6c7b5e3 f5f6d3c5c6e3c4b4 f5d6c3f4c5d3g3b5 f5d6c3f4c5d3g3b4 f5f4e3d2c3e6e1g5 f5f4g3e6f3g5f6e7 f5f6e6d6f7g6h5g5 f5f6e6d6f7g6h5g4 f5d6c5f4e3c6f6g6 f5d6c3g5e6f3g4g6 f5d6c5f4e3c6f6g5 f5f4c3e6d3c5d7g5 f5d6c3f4c5d3g3b6 f5d6c7d7c3f4g3d3 f5f4g3f6f7g4d3h2 f5f6d3e3f3c5b6g5 f5f4e3d2c3e6f2c5 f5f4e3d2c3e6f2c6'.split(' ');

export async function run(options) {
  const load0 = loadavg();
  const engine = createEngine({ build: 'strongest', probcut: false });
  const two = createEngine({ build: 'strongest', threads: 2, probcut: false });
  await two.startThreads();
  const probcut = loadBuild('strongest').probcut;
  const mpc = probcut ? createEngine({ build: 'strongest', probcut }) : undefined;
  const mpc2 = probcut ? createEngine({ build: 'strongest', probcut, threads: 2 }) : undefined;
  await mpc2?.startThreads();
  const oldEngine = await loadOldEngine();
  const timeMs = options.quick ? 200 : 1000;
  const depth = options.quick ? 9 : 12;
  const positions = OPENINGS.slice(0, options.quick ? 4 : 20).map((opening) => {
    const r = parseTranscript(opening);
    const pos = r.value.position;
    const moves = [...r.value.moves];
    while (moves.length < 20 && !pos.isGameOver()) {
      if (pos.mustPass()) { pos.makePass(); continue; }
      const t = engine.think(pos, { depth: 4, exactFrom: 0 });
      pos.makeMove(t.move);
      moves.push(t.move);
    }
    return { pos, transcript: formatTranscript(moves) };
  });
  // Warm both engines' code (and the helper's) before measuring.
  for (const e of [engine, two, mpc, mpc2]) e?.think(positions[0].pos, { depth: 8, exactFrom: 0 });
  if (oldEngine) oldEngine.think(positions[0].transcript, 8);
  const rows = [];
  const sum = { nodes: 0, ms: 0, depth: 0, depth2: 0, nodes2: 0, ms2: 0, to1: 0, to2: 0, toNodes1: 0, toNodes2: 0, main2: 0, mDepth: 0, mNodes: 0, mMs: 0, mDepth2: 0, mTo1: 0, mTo2: 0, mToNodes1: 0, old: 0, oldNodes: 0 };
  positions.forEach(({ pos, transcript }, i) => {
    engine.newGame();
    const r = engine.think(pos, { timeMs, exactFrom: 0 });
    two.newGame();
    const r2 = two.think(pos, { timeMs, exactFrom: 0 });
    engine.newGame();
    const d1 = engine.think(pos, { depth, exactFrom: 0 });
    two.newGame();
    const d2 = two.think(pos, { depth, exactFrom: 0 });
    const main2 = d2.nodes - two.lastHelperNodes;
    let m1, m2, md1, md2, old;
    if (mpc) {
      mpc.newGame(); m1 = mpc.think(pos, { timeMs, exactFrom: 0 });
      mpc2.newGame(); m2 = mpc2.think(pos, { timeMs, exactFrom: 0 });
      mpc.newGame(); md1 = mpc.think(pos, { depth, exactFrom: 0 });
      mpc2.newGame(); md2 = mpc2.think(pos, { depth, exactFrom: 0 });
      sum.mDepth += m1.depth; sum.mNodes += m1.nodes; sum.mMs += m1.ms; sum.mDepth2 += m2.depth;
      sum.mTo1 += md1.ms; sum.mTo2 += md2.ms; sum.mToNodes1 += md1.nodes;
    }
    if (oldEngine) {
      old = oldEngine.think(transcript, depth);
      sum.old += old.ms; sum.oldNodes += old.nodes;
    }
    sum.main2 += main2;
    sum.nodes += r.nodes; sum.ms += r.ms; sum.depth += r.depth;
    sum.nodes2 += r2.nodes; sum.ms2 += r2.ms; sum.depth2 += r2.depth;
    sum.to1 += d1.ms; sum.to2 += d2.ms; sum.toNodes1 += d1.nodes; sum.toNodes2 += d2.nodes;
    rows.push({
      '#': i + 1, position: transcript, depth: r.depth, nodes: r.nodes, ms: Math.round(r.ms), 'Mnodes/s': (r.nodes / r.ms / 1000).toFixed(2),
      'depth 2t': r2.depth, [`d${depth} s`]: d1.ms / 1000, [`d${depth} s 2t`]: d2.ms / 1000, [`d${depth} Mn 2t/1t`]: (d2.nodes / d1.nodes).toFixed(2), 'main/1t': (main2 / d1.nodes).toFixed(2),
      'depth mpc': m1?.depth ?? '-', 'depth mpc 2t': m2?.depth ?? '-', [`d${depth} s mpc`]: md1 ? md1.ms / 1000 : '-', [`d${depth} s mpc 2t`]: md2 ? md2.ms / 1000 : '-', [`d${depth} s 0e9893c`]: old ? old.ms / 1000 : '-',
    });
  });
  const n = positions.length;
  rows.push({
    '#': 'all', position: `build ${engine.buildId}, ${timeMs} ms each`, depth: (sum.depth / n).toFixed(1), nodes: sum.nodes, ms: Math.round(sum.ms), 'Mnodes/s': (sum.nodes / sum.ms / 1000).toFixed(2),
    'depth 2t': (sum.depth2 / n).toFixed(1), [`d${depth} s`]: sum.to1 / n / 1000, [`d${depth} s 2t`]: sum.to2 / n / 1000, [`d${depth} Mn 2t/1t`]: (sum.toNodes2 / sum.toNodes1).toFixed(2), 'main/1t': (sum.main2 / sum.toNodes1).toFixed(2),
    'depth mpc': mpc ? (sum.mDepth / n).toFixed(1) : '-', 'depth mpc 2t': mpc ? (sum.mDepth2 / n).toFixed(1) : '-', [`d${depth} s mpc`]: mpc ? sum.mTo1 / n / 1000 : '-', [`d${depth} s mpc 2t`]: mpc ? sum.mTo2 / n / 1000 : '-', [`d${depth} s 0e9893c`]: oldEngine ? sum.old / n / 1000 : '-',
  });
  await two.close();
  await mpc2?.close();
  // The schemes compared (lazy SMP is the engine's default, parallel.ts).
  const few = positions.slice(0, 4);
  const schemeDepth = options.quick ? 8 : 10;
  const schemes = {};
  for (const scheme of ['lazy', 'split']) {
    const e = createEngine({ build: 'strongest', threads: 2, parallelSchemes: { midgame: scheme }, probcut: false });
    await e.startThreads();
    e.think(positions[0].pos, { depth: 6, exactFrom: 0 });
    let ms = 0, nodes = 0;
    for (const { pos } of few) { e.newGame(); const r = e.think(pos, { depth: schemeDepth, exactFrom: 0 }); ms += r.ms; nodes += r.nodes; }
    schemes[scheme] = { ms, nodes };
    await e.close();
  }
  let ms1 = 0, nodes1 = 0;
  for (const { pos } of few) { engine.newGame(); const r = engine.think(pos, { depth: schemeDepth, exactFrom: 0 }); ms1 += r.ms; nodes1 += r.nodes; }
  const notes = [
    `depth = last iteration completed within the time (1 thread), depth 2t the same with 2 threads; the all row gives the means. d${depth} s = seconds to complete depth ${depth} (mean in the all row); Mn 2t/1t = nodes on both threads over one thread's; main/1t = the main thread's nodes (the critical path) over one thread's.`,
    `Time used of the ${timeMs} ms: mean ${(sum.ms / n).toFixed(0)} ms (${((100 * sum.ms) / n / timeMs).toFixed(0)}%) on 1 thread without MPC${mpc ? `, ${(sum.mMs / n).toFixed(0)} ms (${((100 * sum.mMs) / n / timeMs).toFixed(0)}%) with` : ''} (think() starts an iteration when its predicted time fits).`,
    `Mean depth in ${timeMs} ms: ${(sum.depth / n).toFixed(2)} on 1 thread, ${(sum.depth2 / n).toFixed(2)} on 2. Mean time to depth ${depth}: ${(sum.to1 / n / 1000).toFixed(2)} s on 1 thread, ${(sum.to2 / n / 1000).toFixed(2)} s on 2: speedup ${(sum.to1 / sum.to2).toFixed(2)}x as measured; on a quiet machine at most about ${(sum.toNodes1 / sum.main2).toFixed(2)}x (one thread's nodes over the main thread's: the speedup if each of two threads searched as fast as one thread alone).`,
    `Schemes at depth ${schemeDepth} on positions 1-4, 2 threads: lazy SMP ${(schemes.lazy.ms / 1000).toFixed(2)} s, ${(schemes.lazy.nodes / 1e6).toFixed(1)} M nodes; root split ${(schemes.split.ms / 1000).toFixed(2)} s, ${(schemes.split.nodes / 1e6).toFixed(1)} M nodes; one thread ${(ms1 / 1000).toFixed(2)} s, ${(nodes1 / 1e6).toFixed(1)} M nodes.`,
    mpc
      ? `Multi-ProbCut (build ${engine.buildId}'s calibration, ${probcut.samples} positions, t = ${probcut.t}): mean depth in ${timeMs} ms ${(sum.mDepth / n).toFixed(2)} on 1 thread (${(sum.mNodes / sum.mMs / 1000).toFixed(2)} M nodes/s), ${(sum.mDepth2 / n).toFixed(2)} on 2; mean time to depth ${depth} ${(sum.mTo1 / n / 1000).toFixed(3)} s on 1 thread (${(sum.mToNodes1 / n / 1e6).toFixed(2)} M nodes), ${(sum.mTo2 / n / 1000).toFixed(3)} s on 2; without MPC over with: ${(sum.to1 / sum.mTo1).toFixed(1)}x the time.`
      : `Multi-ProbCut: off (build ${engine.buildId} ships no calibration).`,
    oldEngine
      ? `Reference, the engine of 0e9893c (before issue #13's search work; same table, no MPC, 1 thread) in this run: mean time to depth ${depth} ${(sum.old / n / 1000).toFixed(2)} s (${(sum.oldNodes / n / 1e6).toFixed(2)} M nodes, ${(sum.oldNodes / sum.old / 1000).toFixed(2)} M nodes/s); this tree's over it: ${(sum.to1 / sum.old).toFixed(2)} without MPC, ${mpc ? (sum.mTo1 / sum.old).toFixed(3) : '-'} with.`
      : 'Reference 0e9893c: not set up (run `node scripts/bench.mjs --only search-strength` once, or set SENTE_OLD_DIR).',
    `Load average at the start: ${load0.map((x) => x.toFixed(2)).join(' ')}; at the end: ${loadavg().map((x) => x.toFixed(2)).join(' ')} (2 cores: a load above 1 takes CPU from the second thread).`,
  ];
  return { columns: ['#', 'position', 'depth', 'nodes', 'ms', 'Mnodes/s', 'depth 2t', `d${depth} s`, `d${depth} s 2t`, `d${depth} Mn 2t/1t`, 'main/1t', 'depth mpc', 'depth mpc 2t', `d${depth} s mpc`, `d${depth} s mpc 2t`, `d${depth} s 0e9893c`], rows, notes: notes.join('\n') };
}

/** The engine of 0e9893c, if set up: think(transcript, depth) -> { ms, nodes } on its own Position. */
async function loadOldEngine() {
  const dir = process.env.SENTE_OLD_DIR ?? join(tmpdir(), 'sente-0e9893c');
  const search = join(dir, 'packages/search/dist/index.js');
  const core = join(dir, 'packages/core/dist/index.js');
  if (!existsSync(search) || !existsSync(core)) return undefined;
  const [c, s] = await Promise.all([import(pathToFileURL(core).href), import(pathToFileURL(search).href)]);
  const e = s.createEngine({ build: 'strongest' });
  return {
    think(transcript, depth) {
      const pos = c.parseTranscript(transcript).value.position;
      e.newGame();
      return e.think(pos, { depth, exactFrom: 0 });
    },
  };
}
