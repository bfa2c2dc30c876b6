// Debugging aid for Go board corruption (issue #18, the hang of the 3-player 5x5 tournament):
//   node --import ./scripts/go-check-chains.mjs apps/cli/dist/main.js tournament --game go ...
// wraps GoBoard's mutating methods so that after each call every stone's chain list is walked
// (head colour, the list closes, the stone is on its head's list) and a slow check that a stone
// is only ever played on an empty point; on the first failure it prints the call, the board
// before and after, and the stack, and exits 3.
import { go as rules } from '../packages/core/dist/index.js';

const G = rules.GoBoard;
function badChains(b) {
  for (let p = 0; p < b.points; p++) {
    const c = b.color[p];
    if (c !== rules.BLACK && c !== rules.WHITE) continue;
    const h = b.head[p];
    if (b.color[h] !== c) return `the head ${h} of stone ${p} has colour ${b.color[h]}`;
    let x = h;
    let n = 0;
    let seen = false;
    do {
      if (x === p) seen = true;
      x = b.nextStone[x];
      if (++n > b.points) return `the chain list of ${h} does not close (stone ${p})`;
    } while (x !== h);
    if (!seen) return `stone ${p} is not on the list of its head ${h}`;
  }
  return null;
}
const dump = (b) => JSON.stringify({ size: b.size, color: [...b.color], head: [...b.head], next: [...b.nextStone], ply: b.ply, moves: [...Array(b.ply).keys()].map((k) => b.moveAt(k)) });
function fail(what, before, b) {
  process.stderr.write(`go-check-chains: ${what}\nbefore ${before}\nafter  ${dump(b)}\n${new Error().stack}\n`);
  process.exit(3);
}
for (const m of ['playUnchecked', 'play', 'pass', 'undo', 'copyFrom', 'setStone']) {
  const orig = G.prototype[m];
  G.prototype[m] = function (...args) {
    const before = dump(this);
    if (m === 'playUnchecked' && this.color[args[0]] !== rules.EMPTY) fail(`playUnchecked(${args}) on a point of colour ${this.color[args[0]]}`, before, this);
    const r = orig.apply(this, args);
    const e = badChains(this);
    if (e) fail(`${m}(${args}): ${e}`, before, this);
    return r;
  };
}
