// A/B timing of two builds of @sente/search on the midgame: the midgame benchmark's 20 positions
// at ply 20, each searched to a fixed depth by one build then the other (the order alternating),
// both loaded in one process so that load changes hit both alike; each side keeps its best CPU
// time per position over the rounds. Node counts are printed too (deterministic at one thread).
//
//   cp -r packages/search/dist packages/search/dist-a   # build A; then edit, build, and compare:
//   node scripts/midgame-ab.mjs packages/search/dist-a packages/search/dist [depth=12] [rounds=2] [mpc=1]
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { parseTranscript } from '@sente/core';

const [A, B, depthArg = '12', rounds = '2', mpcArg = '1'] = process.argv.slice(2);
if (A === undefined || B === undefined) {
  console.error('usage: node scripts/midgame-ab.mjs DIST_A DIST_B [depth] [rounds] [mpc 0|1]');
  process.exit(2);
}
const depth = Number(depthArg);
const load = (dir) => import(pathToFileURL(resolve(dir, 'index.js')).href);
const [mA, mB] = [await load(A), await load(B)];
const OPENINGS = 'f5d6c4d3c2b3b4b5 f5f4g3g6f3g4e3e2 f5f6d3c5d6c7b5e3 f5f6d3c5c6e3c4b4 f5d6c3f4c5d3g3b5 f5d6c3f4c5d3g3b4 f5f4e3d2c3e6e1g5 f5f4g3e6f3g5f6e7 f5f6e6d6f7g6h5g5 f5f6e6d6f7g6h5g4 f5d6c5f4e3c6f6g6 f5d6c3g5e6f3g4g6 f5d6c5f4e3c6f6g5 f5f4c3e6d3c5d7g5 f5d6c3f4c5d3g3b6 f5d6c7d7c3f4g3d3 f5f4g3f6f7g4d3h2 f5f6d3e3f3c5b6g5 f5f4e3d2c3e6f2c5 f5f4e3d2c3e6f2c6'.split(' ');

function engine(m) {
  const b = m.loadBuild('strongest');
  return new m.Engine(b.table, b.id, { threads: 1, probcut: mpcArg === '1' ? b.probcut : undefined });
}
const [eA, eB] = [engine(mA), engine(mB)];
const positions = OPENINGS.map((opening) => {
  const pos = parseTranscript(opening).value.position;
  while (pos.ply < 20 && !pos.isGameOver()) {
    if (pos.mustPass()) { pos.makePass(); continue; }
    pos.makeMove(eA.think(pos, { depth: 4, exactFrom: 0 }).move);
  }
  return pos;
});
for (const e of [eA, eB]) { e.newGame(); e.think(positions[0], { depth: 8, exactFrom: 0 }); }

const best = [new Map(), new Map()];
const nodes = [0, 0];
let differ = 0;
for (let round = 0; round < Number(rounds); round++) {
  positions.forEach((p, i) => {
    const order = (round + i) % 2 === 0 ? [0, 1] : [1, 0];
    const moves = [];
    for (const side of order) {
      const e = side === 0 ? eA : eB;
      e.newGame();
      const c0 = process.cpuUsage();
      const r = e.think(p, { depth, exactFrom: 0 });
      const c = process.cpuUsage(c0);
      const cpu = (c.user + c.system) / 1e6;
      best[side].set(i, Math.min(best[side].get(i) ?? Infinity, cpu));
      if (round === 0) nodes[side] += r.nodes;
      moves.push(r.move);
    }
    if (round === 0 && moves[0] !== moves[1]) differ++;
  });
}
const total = (m) => [...m.values()].reduce((x, y) => x + y, 0);
const [tA, tB] = [total(best[0]), total(best[1])];
console.log(`A ${A}: ${tA.toFixed(2)} s CPU, ${(nodes[0] / 1e6).toFixed(2)} M nodes`);
console.log(`B ${B}: ${tB.toFixed(2)} s CPU, ${(nodes[1] / 1e6).toFixed(2)} M nodes`);
console.log(`B/A: ${(tB / tA).toFixed(3)} at depth ${depth}${mpcArg === '1' ? ' with MPC' : ''} (best of ${rounds} rounds); ${differ} of 20 best moves differ; load ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
