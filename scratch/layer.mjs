import { readFileSync } from 'node:fs';
import { parseObf } from '@sente/core';
import { SearchContext, solveWithContext, solvePosition, resetEndgameTable } from '@sente/search';
import { SplitState } from '../packages/search/dist/othello/endgame-split.js';
const text = readFileSync(new URL(`../test/fixtures/ffo/fforum-20-39.obf`, import.meta.url), 'utf8');
const probs = text.split('\n').filter((l) => l.trim() !== '').map((line, i) => ({ number: 20 + i, ...parseObf(line).value }));
for (const p of probs.slice(0, 5)) {
  const s = new SearchContext(undefined);
  const sp = new SplitState();
  s.setLimits(Infinity, Infinity, undefined); s.newSearch();
  const r = solveWithContext(s, p.position, { pv: false, root: (...a) => sp.solveRoot(...a) });
  resetEndgameTable();
  const one = solvePosition(p.position, { pv: false });
  console.log(p.number, p.position.emptyCount(), r.score, one.score, p.moves[0].score, r.nodes, one.nodes);
}
