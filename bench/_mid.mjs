import { parseTranscript } from '@sente/core';
import { createEngine } from '@sente/search';
const OPENINGS = 'f5d6c4d3c2b3b4b5 f5f4g3g6f3g4e3e2 f5f6d3c5d6c7b5e3 f5f6d3c5c6e3c4b4 f5d6c3f4c5d3g3b5 f5d6c3f4c5d3g3b4 f5f4e3d2c3e6e1g5 f5f4g3e6f3g5f6e7'.split(' ');
const threads = Number(process.argv[2]), scheme = process.argv[3] ?? 'lazy', depth = Number(process.argv[4] ?? 11);
const base = createEngine({});
const positions = OPENINGS.map((o) => { const pos = parseTranscript(o).value.position; let n = 8; while (n < 20) { if (pos.mustPass()) { pos.makePass(); continue; } pos.makeMove(base.think(pos, { depth: 4, exactFrom: 0 }).move); n++; } return pos; });
const e = createEngine({ threads, parallelSchemes: { midgame: scheme } });
e.think(positions[0], { depth: 6, exactFrom: 0 });
let T = 0, N = 0; const moves = [];
for (const p of positions) { e.newGame(); const r = e.think(p, { depth, exactFrom: 0 }); T += r.ms; N += r.nodes; moves.push(r.move + ':' + r.score.toFixed(2)); }
console.log(threads, scheme, 'depth', depth, (T / 1000).toFixed(2), 's', (N / 1e6).toFixed(1), 'M', moves.join(' '));
await e.close();
