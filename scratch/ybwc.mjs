import { readFileSync } from 'node:fs';
import { parseObf, squareName } from '@sente/core';
import { Engine, bootstrapTable, resetEndgameTable, solvePosition } from '@sente/search';
function readSet(name, first) {
  const text = readFileSync(new URL(`../test/fixtures/ffo/${name}`, import.meta.url), 'utf8');
  return text.split('\n').filter((l) => l.trim() !== '').map((line, i) => {
    const r = parseObf(line);
    return { number: first + i, position: r.value.position, expected: r.value.moves[0]?.score };
  });
}
const [lo, hi] = (process.argv[2] ?? '20-29').split('-').map(Number);
const schemes = (process.argv[3] ?? 'one,ybwc').split(',');
const min = Number(process.argv[4] ?? 0), max = Number(process.argv[5] ?? 0);
const all = [...readSet('fforum-1-19.obf', 1), ...readSet('fforum-20-39.obf', 20)];
const probs = all.filter((p) => p.number >= lo && p.number <= hi);
const easy = all.filter((p) => p.number < 20);
for (const scheme of schemes) {
  let e;
  if (scheme !== 'one') {
    e = new Engine(bootstrapTable(), 'bootstrap', { threads: 2, parallelSchemes: { endgame: scheme } });
    await e.startThreads();
    if (min) { e['pool'] ?? 0; }
  }
  const warm = (p) => { if (e) { e.newGame(); e.solve(p.position, { pv: false }); } else { resetEndgameTable(); solvePosition(p.position, { pv: false }); } };
  for (const p of easy) warm(p);
  if (e && min) { const pool = e.pool; pool.split.min = min; pool.split.max = max; }
  let T = 0, N = 0, M = 0, C = 0, W = 0, WN = 0;
  for (const p of probs) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    let r;
    if (e) { e.newGame(); r = e.solve(p.position, { pv: false }); } else { resetEndgameTable(); r = solvePosition(p.position, { pv: false }); }
    const t = (performance.now() - t0) / 1000;
    const cu = process.cpuUsage(c0); const cpu = (cu.user + cu.system) / 1e6;
    const main = r.nodes - (e ? e.lastHelperNodes : 0);
    const sp = e?.pool?.split;
    T += t; N += r.nodes; M += main; C += cpu; W += sp ? sp.waitMs : 0; WN += sp ? sp.waitNodes : 0;
    console.log(`${scheme} #${p.number} ${r.score === p.expected ? 'ok' : 'WRONG ' + r.score + ' vs ' + p.expected} ${squareName(r.move)} ${t.toFixed(2)}s cpu ${cpu.toFixed(2)} nodes ${(r.nodes/1e6).toFixed(2)}M main ${(main/1e6).toFixed(2)}M` + (sp ? ` splits ${sp.splits} hchildren ${sp.helperChildren} wait ${sp.waitMs.toFixed(0)}ms wn ${(sp.waitNodes/1e6).toFixed(2)}M idle ${sp.helperIdleMs.toFixed(0)}ms early ${sp.earlySplits}` : ''));
  }
  console.log(`TOTAL ${scheme}: ${T.toFixed(2)}s cpu ${C.toFixed(2)}s nodes ${(N/1e6).toFixed(1)}M main ${(M/1e6).toFixed(1)}M wait ${W.toFixed(0)}ms waitnodes ${(WN/1e6).toFixed(1)}M crit ${((M+WN)/1e6).toFixed(1)}M`);
  if (e) await e.close();
}
