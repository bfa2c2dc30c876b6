// Make/unmake with incremental pattern updates, as the search uses them: random games from the
// start with a fixed-seed PRNG (so every run plays the same moves), each game played to its end
// with Position.makeMove (flips computed inside) and taken back with unmake. Then the raw move
// generator and flips on positions collected from those games. Each loop folds its results into
// a checksum that is printed, so the JIT cannot drop the work and a behaviour change shows up.
import { cpus, loadavg } from 'node:os';
import { HI, Position, flipsFor, generateMoves } from '@sente/core';

export const title = 'Make/unmake with pattern updates, move generation';

/** mulberry32: small, fast, deterministic. */
function prng(seed) {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** The k-th (0-based) set square of (lo, hi). */
function nthSquare(lo, hi, k) {
  while (lo !== 0) {
    const b = lo & -lo;
    if (k === 0) return 31 - Math.clz32(b);
    lo ^= b;
    k--;
  }
  while (hi !== 0) {
    const b = hi & -hi;
    if (k === 0) return 63 - Math.clz32(b);
    hi ^= b;
    k--;
  }
  return -1;
}

function popcount32(x) {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

/** Plays `games` random games to the end and back; returns counts and a checksum. */
function makeUnmakeLoop(games, seed, collect) {
  const rand = prng(seed);
  const p = Position.initial();
  let makes = 0;
  let passes = 0;
  let check = 0;
  for (let g = 0; g < games; g++) {
    for (;;) {
      const lo = p.legalMoves();
      const hi = HI[0];
      const n = popcount32(lo) + popcount32(hi);
      if (n === 0) {
        if (p.isGameOver()) break;
        p.makePass();
        passes++;
        continue;
      }
      if (collect) collect(p);
      p.makeMove(nthSquare(lo, hi, rand() % n));
      makes++;
    }
    check = (check + p.patterns[0] + p.patterns[45] + p.discDifference()) | 0;
    while (p.ply > 0) p.unmake();
  }
  return { makes, passes, check };
}

export async function run({ quick }) {
  const games = quick ? 2000 : 40000;
  const load = loadavg()[0];
  makeUnmakeLoop(500, 1, null); // warm up

  process.stderr.write(`make/unmake: ${games} random games...\n`);
  const t0 = performance.now();
  const mu = makeUnmakeLoop(games, 12345, null);
  const muSeconds = (performance.now() - t0) / 1000;

  // Positions for the generator loops: every position of 1000 games, as raw halves.
  const boards = [];
  makeUnmakeLoop(1000, 777, (p) => boards.push(p.bb[0], p.bb[1], p.bb[2], p.bb[3]));
  const bb = Int32Array.from(boards);
  const count = bb.length / 4;
  const rounds = quick ? 10 : 200;

  process.stderr.write(`move generation: ${rounds} rounds over ${count} positions...\n`);
  let genCheck = 0;
  const t1 = performance.now();
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < bb.length; i += 4) {
      genCheck = (genCheck + generateMoves(bb[i], bb[i + 1], bb[i + 2], bb[i + 3]) + HI[0]) | 0;
    }
  }
  const genSeconds = (performance.now() - t1) / 1000;

  // Flips of every legal move of every collected position.
  let flips = 0;
  let flipCheck = 0;
  const flipRounds = quick ? 2 : 40;
  const t2 = performance.now();
  for (let r = 0; r < flipRounds; r++) {
    for (let i = 0; i < bb.length; i += 4) {
      const pLo = bb[i], pHi = bb[i + 1], oLo = bb[i + 2], oHi = bb[i + 3];
      let mLo = generateMoves(pLo, pHi, oLo, oHi);
      let mHi = HI[0];
      while (mLo !== 0) {
        const b = mLo & -mLo;
        mLo ^= b;
        flipCheck = (flipCheck + flipsFor(pLo, pHi, oLo, oHi, 31 - Math.clz32(b)) + HI[0]) | 0;
        flips++;
      }
      while (mHi !== 0) {
        const b = mHi & -mHi;
        mHi ^= b;
        flipCheck = (flipCheck + flipsFor(pLo, pHi, oLo, oHi, 63 - Math.clz32(b)) + HI[0]) | 0;
        flips++;
      }
    }
  }
  const flipSeconds = (performance.now() - t2) / 1000;

  const rows = [
    { operation: 'makeMove + unmake (random games, patterns updated)', count: mu.makes, seconds: muSeconds, 'M/s': mu.makes / muSeconds / 1e6, 'ns each': (muSeconds * 1e9) / mu.makes, checksum: mu.check },
    { operation: 'generateMoves (positions from random games)', count: count * rounds, seconds: genSeconds, 'M/s': (count * rounds) / genSeconds / 1e6, 'ns each': (genSeconds * 1e9) / (count * rounds), checksum: genCheck },
    { operation: 'generateMoves + flipsFor of every legal move', count: flips, seconds: flipSeconds, 'M/s': flips / flipSeconds / 1e6, 'ns each': (flipSeconds * 1e9) / flips, checksum: flipCheck },
  ];
  const notes =
    `${games} games (seed 12345), ${mu.makes} makes and ${mu.passes} passes; each make also computes the flips, ` +
    `updates the ${Position.initial().patterns.length} pattern indices and pushes the undo record; each is taken back by unmake ` +
    `(counted once: "M/s" is make+unmake pairs). Generator loops run over ${count} positions from 1000 games (seed 777). ` +
    `Load average ${load.toFixed(1)} on ${cpus().length} cores when the section started.`;
  return { columns: ['operation', 'count', 'seconds', 'M/s', 'ns each', 'checksum'], rows, notes };
}
