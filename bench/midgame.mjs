// Midgame benchmark: from 20 fixed positions at ply 20 (the first 20 XOT openings, continued by the
// engine at depth 4 to ply 20), how deep the engine completes in 1 s and at how many nodes/s.
import { parseTranscript, formatTranscript } from '@sente/core';
import { createEngine } from '@sente/search';

export const title = 'Midgame search: depth completed in 1 s from 20 positions at ply 20 (one core)';

const OPENINGS = 'f5d6c4d3c2b3b4b5 f5f4g3g6f3g4e3e2 f5f6d3c5d6c7b5e3 f5f6d3c5c6e3c4b4 f5d6c3f4c5d3g3b5 f5d6c3f4c5d3g3b4 f5f4e3d2c3e6e1g5 f5f4g3e6f3g5f6e7 f5f6e6d6f7g6h5g5 f5f6e6d6f7g6h5g4 f5d6c5f4e3c6f6g6 f5d6c3g5e6f3g4g6 f5d6c5f4e3c6f6g5 f5f4c3e6d3c5d7g5 f5d6c3f4c5d3g3b6 f5d6c7d7c3f4g3d3 f5f4g3f6f7g4d3h2 f5f6d3e3f3c5b6g5 f5f4e3d2c3e6f2c5 f5f4e3d2c3e6f2c6'.split(' ');

export async function run(options) {
  const engine = createEngine({ build: 'strongest' });
  const timeMs = options.quick ? 200 : 1000;
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
  const rows = [];
  let nodes = 0, ms = 0, depthSum = 0;
  positions.forEach(({ pos, transcript }, i) => {
    engine.newGame();
    const r = engine.think(pos, { timeMs, exactFrom: 0 });
    nodes += r.nodes; ms += r.ms; depthSum += r.depth;
    rows.push({ '#': i + 1, position: transcript, depth: r.depth, nodes: r.nodes, ms: Math.round(r.ms), 'Mnodes/s': (r.nodes / r.ms / 1000).toFixed(2) });
  });
  rows.push({ '#': 'all', position: `build ${engine.buildId}, ${timeMs} ms each`, depth: (depthSum / positions.length).toFixed(1), nodes, ms: Math.round(ms), 'Mnodes/s': (nodes / ms / 1000).toFixed(2) });
  return { columns: ['#', 'position', 'depth', 'nodes', 'ms', 'Mnodes/s'], rows, notes: 'depth = last iteration completed within the time; the all row gives the mean depth.' };
}
