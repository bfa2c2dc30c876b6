// A/B timing of two builds of @sente/search on the FFO endgame set, for a machine shared with
// other work: both builds are loaded in one process and each position is solved by one then the
// other (the order alternating), so load changes hit both alike; each side keeps its best CPU time
// per position over the rounds. Node counts are printed too (deterministic: any change of them is
// a change of the search). The engine solve of bench/endgame.mjs (strongest build, one thread).
//
//   cp -r packages/search/dist /tmp/a   # build A; then edit, build, and compare with the tree:
//   node scripts/endgame-ab.mjs /tmp/a packages/search/dist [rounds=3] [positions=25,26,...]
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { readSet } from '../bench/endgame.mjs';

const [A, B, rounds = '3', list] = process.argv.slice(2);
if (A === undefined || B === undefined) {
  console.error('usage: node scripts/endgame-ab.mjs DIST_A DIST_B [rounds] [comma-separated FFO numbers 20..39]');
  process.exit(2);
}
const load = (dir) => import(pathToFileURL(resolve(dir, 'index.js')).href);
const [mA, mB] = [await load(A), await load(B)];

const only = list ? list.split(',').map(Number) : null;
const hard = readSet('fforum-20-39.obf', 20).filter((p) => !only || only.includes(p.number));
const easy = readSet('fforum-1-19.obf', 1);

function engine(m) {
  const b = m.loadBuild('strongest');
  const e = new m.Engine(b.table, b.id, { threads: 1, probcut: b.probcut });
  for (const p of easy) { e.newGame(); e.solve(p.position, { pv: false }); } // JIT warm-up
  return e;
}
const [eA, eB] = [engine(mA), engine(mB)];

function solve(e, p) {
  e.newGame();
  const c0 = process.cpuUsage();
  const r = e.solve(p.position, { pv: false });
  const c = process.cpuUsage(c0);
  if (r.score !== p.expected) throw new Error(`FFO #${p.number}: score ${r.score}, expected ${p.expected}`);
  return { cpu: (c.user + c.system) / 1e6, nodes: r.nodes };
}

const best = [new Map(), new Map()];
const nodes = [0, 0];
for (let round = 0; round < Number(rounds); round++) {
  for (const p of hard) {
    const order = (round + p.number) % 2 === 0 ? [0, 1] : [1, 0];
    for (const side of order) {
      const r = solve(side === 0 ? eA : eB, p);
      best[side].set(p.number, Math.min(best[side].get(p.number) ?? Infinity, r.cpu));
      if (round === 0) nodes[side] += r.nodes;
    }
  }
}
const total = (m) => [...m.values()].reduce((x, y) => x + y, 0);
const ratios = hard.map((p) => best[1].get(p.number) / best[0].get(p.number)).sort((x, y) => x - y);
const [tA, tB] = [total(best[0]), total(best[1])];
console.log(`A ${A}: ${tA.toFixed(2)} s CPU, ${(nodes[0] / 1e6).toFixed(2)} M nodes`);
console.log(`B ${B}: ${tB.toFixed(2)} s CPU, ${(nodes[1] / 1e6).toFixed(2)} M nodes`);
console.log(`B/A: ${(tB / tA).toFixed(3)} in total, ${ratios[ratios.length >> 1].toFixed(3)} median per position (best of ${rounds} rounds); load ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
