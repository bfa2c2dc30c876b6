#!/usr/bin/env node
// Where sente lost its games: for each game of an SGF collection (bench/go.mjs's go-games.sgf, or
// a tournament --archive) that the sente player lost, replays the moves and, before each of
// sente's moves, searches the position again at a fixed playout count (so the figures do not
// depend on the machine's load) and prints the winning rate it sees, the move it would play when
// that differs from the game's, and the opponent's moves between. A winning rate that falls from
// above 60% to below 40% across one opponent move marks the move sente did not see coming;
// searching that position again at more playouts (--playouts) tells a search too shallow for
// the position (the rate changes with more playouts) from a blind spot of the playouts (it does
// not). The player whose PB/PW name starts with "sente" is the one followed.
//   node scripts/go-lost-games.mjs FILE.sgf [--playouts 4000] [--games 3,17] [--seed 1]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { go as rules } from '@sente/core';
import { go as engine } from '@sente/search';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    playouts: { type: 'string', default: '4000' },
    games: { type: 'string', default: '' },
    seed: { type: 'string', default: '1' },
  },
});
if (positionals.length !== 1) {
  process.stderr.write('usage: node scripts/go-lost-games.mjs FILE.sgf [--playouts N] [--games 3,17] [--seed K]\n');
  process.exit(2);
}
const playouts = Number(values.playouts);
const seed = Number(values.seed);
if (!Number.isInteger(playouts) || playouts < 1) throw new Error(`--playouts must be a whole number from 1, got ${values.playouts}`);
const only = values.games ? values.games.split(',').map(Number) : null;
const parsed = rules.parseSgfCollection(readFileSync(positionals[0], 'utf8'));
if (!parsed.ok) throw new Error(`${positionals[0]}: ${parsed.error.message}`);

parsed.value.forEach((g, i) => {
  const number = i + 1;
  const sente = g.playerBlack.startsWith('sente') ? rules.BLACK : g.playerWhite.startsWith('sente') ? rules.WHITE : 0;
  if (sente === 0) return;
  const won = g.result.startsWith(sente === rules.BLACK ? 'B+' : 'W+');
  if (only ? !only.includes(number) : won) return;
  const board = rules.sgfToBoard({ ...g, moves: [] });
  if (!board.ok) throw new Error(`game ${number}: ${board.error.message}`);
  const b = board.value;
  const vertex = (p) => (p === rules.PASS ? 'pass' : rules.gtpVertex(g.size, p));
  const line = [];
  let previous = null;
  for (let k = 0; k < g.moves.length; k++) {
    const m = g.moves[k];
    if (m.color === sente) {
      const r = new engine.MctsPlayer({ playouts, seed, reuseTree: false, resignThreshold: 0 }).genmove(b, sente, g.komi);
      const rate = Math.round(100 * r.winrate);
      const drop = previous !== null && previous > 60 && rate < 40 ? ' <<<' : '';
      line.push(`${k + 1}.${vertex(m.point)} ${rate}%${r.move !== m.point ? ` (search: ${vertex(r.move)})` : ''}${drop}`);
      previous = rate;
    } else line.push(`${k + 1}.${vertex(m.point)}`);
    if (!b.play(m.point, m.color)) throw new Error(`game ${number}: move ${k + 1} is illegal`);
  }
  process.stdout.write(`game ${number}: sente ${sente === rules.BLACK ? 'black' : 'white'}, ${g.result}\n${line.join('  ')}\n${rules.formatFigure(b)}\n\n`);
});
