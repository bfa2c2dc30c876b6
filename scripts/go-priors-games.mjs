#!/usr/bin/env node
// Game records for the Go move-prior fit (scripts/go-priors-fit.mjs): GNU Go plays both colours
// of every game (one `gnugo --mode gtp` process per run, driven through sente's GTP client).
// GNU Go is deterministic, so each game starts from a few random stones (the SGF's AB/AW setup,
// black then white, on the third line or above), then every move is GNU Go's own; the game ends
// after two passes or the move cap. Games are appended one per line to the output SGF collection
// as they finish, so an interrupted run keeps them.
//   node scripts/go-priors-games.mjs --size 9 --games 100 --level 10 --seed 1 --out FILE.sgf
import { appendFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { go as rules } from '@sente/core';
import { GtpClient } from '@sente/search';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '9' },
    games: { type: 'string', default: '100' },
    level: { type: 'string', default: '10' },
    seed: { type: 'string', default: '1' },
    stones: { type: 'string', default: '' },
    gnugo: { type: 'string', default: '/usr/games/gnugo' },
    out: { type: 'string' },
  },
});
if (!values.out) throw new Error('--out FILE.sgf is required');
const size = Number(values.size);
const games = Number(values.games);
const level = Number(values.level);
const stones = values.stones ? Number(values.stones) : size >= 13 ? 2 : 1;
let rng = Number(values.seed) * 2654435761 || 1;
const random = (n) => {
  rng ^= rng << 13;
  rng ^= rng >>> 17;
  rng ^= rng << 5;
  return ((rng >>> 0) % n) | 0;
};

const client = new GtpClient(`${values.gnugo} --mode gtp --level ${level} --chinese-rules --capture-all-dead`, { timeoutMs: 300_000 });
const must = async (cmd) => {
  const a = await client.send(cmd);
  if (!a.ok) throw new Error(`${cmd}: ${a.text}`);
  return a.text.trim();
};
await must(`boardsize ${size}`);
await must('komi 7.5');
for (let g = 0; g < games; g++) {
  const t0 = Date.now();
  await must('clear_board');
  const board = new rules.GoBoard(size);
  const setup = [[], [], []];
  // Random stones on lines 3.. (2.. on 9x9), alternately black and white, none adjacent.
  const low = size >= 13 ? 2 : 1;
  for (let k = 0; k < 2 * stones; k++) {
    const c = k % 2 === 0 ? rules.BLACK : rules.WHITE;
    for (;;) {
      const x = low + random(size - 2 * low);
      const y = low + random(size - 2 * low);
      const p = board.pointAt(x, y);
      if (board.color[p] !== rules.EMPTY || board.dirs.some((d) => board.color[p + d] === rules.BLACK || board.color[p + d] === rules.WHITE)) continue;
      board.setStone(p, c);
      setup[c].push(p);
      await must(`play ${c === rules.BLACK ? 'black' : 'white'} ${rules.gtpVertex(size, p)}`);
      break;
    }
  }
  const moves = [];
  let color = rules.BLACK;
  let passes = 0;
  const cap = 3 * size * size;
  while (passes < 2 && moves.length < cap) {
    const v = await must(`genmove ${color === rules.BLACK ? 'black' : 'white'}`);
    if (v.toLowerCase() === 'resign') break;
    const p = rules.parseGtpVertex(size, v);
    if (!p.ok) throw new Error(`gnugo answered ${v}`);
    if (p.value === rules.PASS) passes++;
    else passes = 0;
    if (!board.play(p.value, color)) throw new Error(`gnugo's ${v} is illegal on our board`);
    moves.push({ color, point: p.value });
    color = 3 - color;
  }
  const score = await must('final_score');
  const sgf = rules.writeSgf({ size, komi: 7.5, playerBlack: `gnugo-${level}`, playerWhite: `gnugo-${level}`, result: score, setupBlack: setup[rules.BLACK], setupWhite: setup[rules.WHITE], moves, playerToMove: rules.BLACK, gameName: `${values.seed}-${g + 1}` });
  appendFileSync(values.out, sgf);
  process.stderr.write(`game ${g + 1}/${games}: ${moves.length} moves, ${score}, ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
}
await client.close();
