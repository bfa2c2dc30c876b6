import { readFileSync } from 'node:fs';
import { parseObf } from '@sente/core';
import { Engine, bootstrapTable } from '@sente/search';
const text = readFileSync(new URL(`../test/fixtures/ffo/fforum-20-39.obf`, import.meta.url), 'utf8');
const probs = text.split('\n').filter((l) => l.trim() !== '').map((line, i) => ({ number: 20 + i, ...parseObf(line).value }));
const e = new Engine(bootstrapTable(), 'bootstrap', { threads: 2, parallelSchemes: { endgame: 'ybwc' } });
await e.startThreads();
for (let k = 0; k < 3; k++) for (const p of probs.slice(1, 5)) {
  e.newGame();
  const r = e.solve(p.position, { pv: false });
  const s = e.context;
  console.log(p.number, r.score, p.moves[0].score, 'stopped', s.stopped, s.splitStopped, 'abort', e.pool.split.words[1], 'top', e.pool.split.words[0]);
}
await e.close();
