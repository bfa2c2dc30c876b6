import { readFileSync } from 'node:fs';
import { parseObf } from '@sente/core';
import { SearchContext, HelperPool, bootstrapTable, solveWithContext } from '@sente/search';
const scheme = process.argv[2];
const table = bootstrapTable();
const lines = readFileSync('/work/wt-threads/test/fixtures/ffo/fforum-20-39.obf', 'utf8').split('\n').filter((l) => l.trim());
const ps = lines.slice(1, 10).map((l) => parseObf(l).value.position);
const s = new SearchContext(table);
const pool = scheme === 'none' ? undefined : new HelperPool(s, table, undefined, 16, 2);
await pool?.ready();
let main = 0, help = 0, ms = 0;
for (const p of ps) {
  s.clear(); pool?.begin();
  const pos = p.clone(); s.position = pos; s.newSearch(); s.setLimits(Infinity, Infinity, undefined);
  const t0 = performance.now();
  pool?.start({ phase: 'endgame', scheme, black: [pos.blackLo, pos.blackHi], white: [pos.whiteLo, pos.whiteHi], side: pos.side, maxDepth: 60, exactFrom: 0, midgameGeneration: s.tt.generation, endgameGeneration: s.endgameTable.generation, nodeLimit: Infinity, alpha: -64, beta: 64 });
  const r = solveWithContext(s, pos, { pv: false });
  ms += performance.now() - t0;
  main += s.nodes; help += pool ? pool.finish() : 0;
}
console.log(scheme, 'main', (main / 1e6).toFixed(1), 'M helper', (help / 1e6).toFixed(1), 'M', (ms / 1000).toFixed(2), 's');
await pool?.close();
