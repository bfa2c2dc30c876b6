#!/usr/bin/env node
// When sente fell behind in the games it lost: for each game of an SGF collection (a tournament
// --archive) that the sente player lost, replays the moves into GNU Go and asks its
// `estimate_score` every --every moves, from sente's side (positive: sente leads). Prints each
// game's trace and a summary line: the largest lead sente had, the last sampled move at which it
// led, and from which sampled move on it was behind by more than --margin points to the end. The
// estimate is GNU Go's own (its influence-based territory count), so it says when the opponent's
// judgement turned, not why. With --all every game is traced, the won ones too (a control: the
// estimate of the opening differs from the result in those as well). The player whose PB/PW name
// starts with "sente" is the one followed; setup nodes after the first move are not replayed.
//   node scripts/go-score-trace.mjs FILE.sgf [--every 20] [--margin 5] [--games 3,17] [--all]
//     [--gnugo "gnugo --mode gtp --level 10 --chinese-rules"]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { go as rules } from '@sente/core';
import { GtpClient } from '@sente/search';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    every: { type: 'string', default: '20' },
    margin: { type: 'string', default: '5' },
    games: { type: 'string', default: '' },
    all: { type: 'boolean', default: false },
    gnugo: { type: 'string', default: 'gnugo --mode gtp --level 10 --chinese-rules' },
  },
});
if (positionals.length !== 1) {
  process.stderr.write('usage: node scripts/go-score-trace.mjs FILE.sgf [--every N] [--margin P] [--games 3,17] [--all] [--gnugo CMD]\n');
  process.exit(2);
}
const every = Number(values.every);
const margin = Number(values.margin);
if (!Number.isInteger(every) || every < 1) throw new Error(`--every must be a whole number from 1, got ${values.every}`);
if (!Number.isFinite(margin) || margin < 0) throw new Error(`--margin must be a number from 0, got ${values.margin}`);
const only = values.games ? values.games.split(',').map(Number) : null;
const parsed = rules.parseSgfCollection(readFileSync(positionals[0], 'utf8'));
if (!parsed.ok) throw new Error(`${positionals[0]}: ${parsed.error.message}`);

/** GNU Go's "W+12.5 (upper bound: ...)" as Black's lead (its first word, read as a result is). */
function blackLead(text) {
  const lead = rules.parseMargin(text.trim().split(/\s+/)[0] ?? '');
  if (lead === null || !Number.isFinite(lead)) throw new Error(`unexpected estimate_score reply: ${text}`);
  return lead;
}

async function ask(client, command) {
  const r = await client.send(command);
  if (!r.ok) throw new Error(`${command}: ${r.text}`);
  return r.text;
}

const summaries = [];
for (const [i, g] of parsed.value.entries()) {
  const number = i + 1;
  const sente = g.playerBlack.startsWith('sente') ? rules.BLACK : g.playerWhite.startsWith('sente') ? rules.WHITE : 0;
  if (sente === 0 || g.moves.length === 0) continue;
  const won = g.result.startsWith(sente === rules.BLACK ? 'B+' : 'W+');
  if (only ? !only.includes(number) : won && !values.all) continue;
  const client = new GtpClient(values.gnugo, { name: 'gnugo', timeoutMs: 60_000 });
  try {
    await ask(client, `boardsize ${g.size}`);
    await ask(client, 'clear_board');
    await ask(client, `komi ${g.komi}`);
    for (const p of g.setupBlack) await ask(client, `play black ${rules.gtpVertex(g.size, p)}`);
    for (const p of g.setupWhite) await ask(client, `play white ${rules.gtpVertex(g.size, p)}`);
    const trace = [];
    const sample = async (k) => {
      const lead = blackLead(await ask(client, 'estimate_score')) * (sente === rules.BLACK ? 1 : -1);
      trace.push([k, lead]);
    };
    for (let k = 0; k < g.moves.length; k++) {
      const m = g.moves[k];
      const vertex = m.point === rules.PASS ? 'pass' : rules.gtpVertex(g.size, m.point);
      await ask(client, `play ${m.color === rules.BLACK ? 'black' : 'white'} ${vertex}`);
      if ((k + 1) % every === 0) await sample(k + 1);
    }
    if (g.moves.length % every !== 0) await sample(g.moves.length);
    const best = trace.reduce((a, b) => (b[1] > a[1] ? b : a));
    const led = trace.filter(([, lead]) => lead > 0);
    let behindFrom = null;
    for (let j = trace.length - 1; j >= 0 && trace[j][1] < -margin; j--) behindFrom = trace[j][0];
    const colour = sente === rules.BLACK ? 'black' : 'white';
    summaries.push({ number, colour, result: g.result, moves: g.moves.length, best, lastLed: led.length ? led[led.length - 1][0] : null, behindFrom });
    process.stdout.write(`game ${number}: sente ${colour}, ${g.result}, ${g.moves.length} moves\n`);
    process.stdout.write(`  ${trace.map(([k, lead]) => `${k}:${lead > 0 ? '+' : ''}${lead}`).join(' ')}\n`);
  } finally {
    await client.close(3000);
  }
}
process.stdout.write('\ngame  colour  result   moves  best lead (at)  last led at  behind by > margin from\n');
for (const s of summaries) {
  process.stdout.write(
    `${String(s.number).padStart(4)}  ${s.colour.padEnd(6)}  ${s.result.padEnd(7)}  ${String(s.moves).padStart(5)}  ${`${s.best[1] > 0 ? '+' : ''}${s.best[1]} (${s.best[0]})`.padStart(14)}  ${String(s.lastLed ?? '-').padStart(11)}  ${String(s.behindFrom ?? '-').padStart(6)}\n`,
  );
}
