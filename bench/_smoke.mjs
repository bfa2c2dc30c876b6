import { readFileSync } from 'node:fs';
import { parseObf, squareName } from '@sente/core';
import { createEngine } from '@sente/search';
const which = process.argv[2] ?? 'fforum-20-39.obf', first = Number(process.argv[3] ?? 20), count = Number(process.argv[4] ?? 3);
const threads = Number(process.argv[5] ?? 2), scheme = process.argv[6] ?? 'lazy';
const text = readFileSync(`/work/wt-threads/test/fixtures/ffo/${which}`, 'utf8');
const ps = text.split('\n').filter((l) => l.trim()).map((l) => parseObf(l).value);
const e = createEngine({ threads, parallelSchemes: { endgame: scheme, midgame: scheme } });
let T = 0, N = 0;
for (const [i, p] of ps.slice(0, count).entries()) {
  e.newGame();
  const t0 = performance.now();
  const r = e.think(p.position, { exactFrom: 30 });
  const ms = performance.now() - t0; T += ms; N += r.nodes;
  console.log(first + i, squareName(r.move), r.score, p.moves[0]?.score, r.exact, r.nodes, ms.toFixed(0));
}
console.log('total', (T / 1000).toFixed(2), 's', (N / 1e6).toFixed(1), 'M');
await e.close();
