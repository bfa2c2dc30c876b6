// Go games between two builds of @sente/search in one process (for changes of the Go search that
// a tournament cannot compare, since `sente go tournament` plays the installed build only). Each
// side is the in-process GTP engine of its build; the referee is the selfplay package's
// playGoGame (area scoring, resignations, move cap). Colours alternate; the result is printed with
// the Elo difference and its 95% interval, and every game's line as it ends.
//
//   cp -r packages/search/dist packages/search/dist-a   # build A (inside the package, so it finds @sente/core); then edit, build, and compare with the tree:
//   node scripts/go-ab.mjs packages/search/dist-a "threads=2,time=200ms" packages/search/dist "threads=2,time=200ms" [games=40] [size=9]
//
// Options of a side: time (200ms, 1s), playouts, threads, seed, resign, priors (0 or 1), expand (expandAt).
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { go as selfplayGo } from '../packages/selfplay/dist/index.js';
import { parseGtpReply } from '../packages/search/dist/index.js';

const [A, specA, B, specB, gamesArg = '40', sizeArg = '9'] = process.argv.slice(2);
if (!A || !specA || !B || !specB) {
  console.error('usage: node scripts/go-ab.mjs DIST_A SPEC_A DIST_B SPEC_B [games] [size]');
  process.exit(2);
}
const load = (dir) => import(pathToFileURL(resolve(dir, 'index.js')).href);
const [mA, mB] = [await load(A), await load(B)];

function options(spec, seed) {
  const o = { seed, resignThreshold: 0.05 };
  for (const part of spec.split(',').filter(Boolean)) {
    const [k, v] = part.split('=');
    if (k === 'time') o.timeMs = v.endsWith('ms') ? Number(v.slice(0, -2)) : Number(v.replace(/s$/, '')) * 1000;
    else if (k === 'playouts') o.playouts = Number(v);
    else if (k === 'threads') o.threads = Number(v);
    else if (k === 'seed') o.seed = Number(v);
    else if (k === 'resign') o.resignThreshold = Number(v);
    else if (k === 'priors') o.priors = v === '1';
    else if (k === 'expand') o.expandAt = Number(v);
    else throw new Error(`unknown option ${k}`);
  }
  return o;
}

class Player {
  constructor(name, module, opts) {
    this.name = name;
    this.engine = new module.go.GoGtpEngine(opts);
  }
  async send(command) {
    const reply = this.engine.handle(command);
    return reply ? (parseGtpReply(reply.text) ?? { ok: false, text: reply.text }) : { ok: true, text: '' };
  }
  async close() {
    this.engine.close();
  }
}

const games = Number(gamesArg);
const size = Number(sizeArg);
const a = new Player(`A ${specA}`, mA, options(specA, 11));
const b = new Player(`B ${specB}`, mB, options(specB, 23));
let scoreA = 0;
for (let g = 1; g <= games; g++) {
  const aBlack = g % 2 === 1;
  const r = await selfplayGo.playGoGame(aBlack ? a : b, aBlack ? b : a, { size, komi: 7.5 }, g);
  const aWon = (r.winner === 'B') === aBlack && r.winner !== '0';
  scoreA += r.winner === '0' ? 0.5 : aWon ? 1 : 0;
  console.log(`game ${g}: A ${aBlack ? 'black' : 'white'}, ${r.result} (${r.end}, ${r.moves} moves), A ${scoreA}/${g}; load ${loadavg()[0].toFixed(1)}`);
}
await a.close();
await b.close();
const p = scoreA / games;
const sd = Math.sqrt((p * (1 - p)) / games);
const elo = (x) => (x <= 0 ? -Infinity : x >= 1 ? Infinity : -400 * Math.log10(1 / x - 1));
console.log(`A ${A} (${specA}) against B ${B} (${specB}): ${scoreA}/${games}, ${elo(p).toFixed(0)} Elo [${elo(p - 1.96 * sd).toFixed(0)}, ${elo(p + 1.96 * sd).toFixed(0)}] for A, ${size}x${size}`);
