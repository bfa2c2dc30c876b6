import { parseObf } from '@sente/core';
import { Engine, bootstrapTable } from '@sente/search';
import { readFileSync } from 'node:fs';
const lines = readFileSync('test/fixtures/ffo/fforum-20-39.obf', 'utf8').split('\n').filter(Boolean);
const p33 = parseObf(lines[13]).value.position;
const e = new Engine(bootstrapTable());
e.think(p33, { timeMs: 50, exactFrom: 20 });
for (let i = 0; i < 10; i++) {
  e.newGame();
  const c0 = process.cpuUsage();
  const r = e.think(p33, { timeMs: 20, exactFrom: 20 });
  const c = process.cpuUsage(c0);
  console.log('wall', r.ms.toFixed(2), 'cpu', ((c.user + c.system) / 1000).toFixed(2), 'nodes', r.nodes);
}
