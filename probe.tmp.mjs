import { parseObf, parseBoard, Position } from '@sente/core';
import { Engine, bootstrapTable } from '@sente/search';
import { readFileSync } from 'node:fs';
const lines = readFileSync('test/fixtures/ffo/fforum-20-39.obf', 'utf8').split('\n').filter(Boolean);
const p33 = parseObf(lines[13]).value.position;
console.log('empties', p33.emptyCount());
const table = bootstrapTable();
const e = new Engine(table);
for (const t of [5, 20, 50, 100]) {
  for (let i = 0; i < 3; i++) {
    e.newGame();
    const r = e.think(p33, { timeMs: t, exactFrom: 20 });
    console.log('time', t, r.ms.toFixed(2), 'over', (r.ms - t).toFixed(2), 'nodes', r.nodes, r.exact, r.depth, r.move);
  }
}
for (const n of [1000, 5000, 20000, 100000, 1000000]) {
  e.newGame();
  const r = e.think(p33, { nodes: n, exactFrom: 20 });
  console.log('nodes', n, r.nodes, r.nodes - n, r.exact, r.ms.toFixed(1));
}
