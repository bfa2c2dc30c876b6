// Go games between two builds of @sente/search in one process (for changes of the Go search that
// a tournament cannot compare, since `sente go tournament` plays the installed build only). Each
// side is the in-process GTP engine of its build; the referee is the selfplay package's
// playGoGame (area scoring, resignations, move cap). Colours alternate; the result is printed with
// the Elo difference and its 95% interval, and every game's line as it ends.
//
//   cp -r packages/search/dist packages/search/dist-a   # build A (inside the package, so it finds @sente/core); then edit, build, and compare with the tree:
//   node scripts/go-ab.mjs packages/search/dist-a "threads=2,time=200ms" packages/search/dist "threads=2,time=200ms" [games=40] [size=9]
//
// Options of a side: the settings of a sente player description (time=200ms, playouts, threads, seed, resign, priors=0|1|FILE, expand=N, nakade=0|1, score=W).
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

/** A side's engine options from a player description's settings (the tournament's parser). */
function options(spec, seed) {
  const r = selfplayGo.parseGoPlayerSpec(`sente:${spec}`);
  if (!r.ok) throw new Error(r.error);
  return selfplayGo.senteOptionsOf(r.spec, seed);
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
