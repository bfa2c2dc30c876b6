// sente's strongest build against GRhino (`gtp-rhino -l 5`, then `-l 3`): an outside yardstick of
// strength. Both play over GTP as child processes under the referee loop below, on XOT openings,
// each opening with both colours. sente gets a comparable time per move: before each match the
// bench times gtp-rhino's genmove on a few midgame positions and gives sente that mean.
//   SENTE_RHINO_GAMES  games per level (default 100; 4 with --quick)
//   SENTE_RHINO_LEVELS levels to play (default "5,3")
//   SENTE_RHINO_TIME   fixed sente seconds per move instead of the calibration
// gtp-rhino -l 5 is slow (tens of seconds per midgame move on a loaded 2-core machine), so a full
// run takes many hours; the notes give the measured seconds per move.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PASS, Position, formatBoard, parseTranscript, squareName } from '@sente/core';
import { createGtpPlayer } from '@sente/selfplay';

export const title = 'sente (strongest) vs GRhino gtp-rhino over GTP on XOT openings';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RHINO = '/usr/games/gtp-rhino';
const CLI = `${ROOT}apps/cli/dist/main.js`;

function openings() {
  for (const file of ['packages/selfplay/openings/xot-large.txt', 'test/fixtures/xot-sample.txt']) {
    if (existsSync(ROOT + file)) {
      return readFileSync(ROOT + file, 'utf8').split('\n').map((l) => l.trim()).filter((l) => /^([a-h][1-8])+$/i.test(l));
    }
  }
  throw new Error('no XOT openings found');
}

/** One refereed game; the side that fails (crash, timeout, illegal move) loses 64-0. */
async function playGame(black, white, opening) {
  const start = Position.initial();
  for (const m of opening) {
    if (start.mustPass()) start.makePass();
    start.makeMove(m);
  }
  await black.newGame(start.clone(), opening);
  await white.newGame(start.clone(), opening);
  const position = start.clone();
  const since = [];
  const ms = [0, 0];
  const count = [0, 0];
  while (!position.isGameOver()) {
    if (position.mustPass()) {
      position.makePass();
      since.push(PASS);
      continue;
    }
    const side = position.side;
    const t0 = performance.now();
    let move;
    try {
      move = await (side === 0 ? black : white).genmove(position.clone(), since.slice());
    } catch (error) {
      return { blackScore: side === 0 ? -64 : 64, ms, count, failure: `${side === 0 ? 'black' : 'white'}: ${error.message}` };
    }
    ms[side] += performance.now() - t0;
    count[side]++;
    if (!position.makeMove(move)) {
      return { blackScore: side === 0 ? -64 : 64, ms, count, failure: `${side === 0 ? 'black' : 'white'} played illegal ${squareName(move)} at ${formatBoard(position)}` };
    }
    since.push(move);
  }
  const s = position.finalScore();
  return { blackScore: position.side === 0 ? s : -s, ms, count };
}

/** Mean seconds gtp-rhino takes per genmove on a few positions 20 plies in. */
async function calibrate(level, lines) {
  const rhino = await createGtpPlayer(`${RHINO} -l ${level}`, { timeoutMs: 600_000 });
  let total = 0;
  let n = 0;
  try {
    for (const line of lines.slice(0, 3)) {
      // The opening then 12 more plies of the first legal move: an ordinary midgame position.
      const r = parseTranscript(line);
      const p = r.value.position;
      const moves = [...r.value.moves];
      for (let k = 0; k < 12 && !p.isGameOver(); k++) {
        if (p.mustPass()) p.makePass();
        const m = p.legalMoveList()[0];
        p.makeMove(m);
        moves.push(m);
      }
      if (p.isGameOver() || p.mustPass()) continue;
      await rhino.newGame(p.clone(), moves);
      const t0 = performance.now();
      await rhino.genmove(p.clone(), []);
      total += performance.now() - t0;
      n++;
    }
  } finally {
    await rhino.close();
  }
  return n > 0 ? total / n / 1000 : 1;
}

async function match(level, games, lines) {
  const fixed = process.env.SENTE_RHINO_TIME ? Number(process.env.SENTE_RHINO_TIME) : null;
  const seconds = fixed ?? Math.min(30, Math.max(0.05, await calibrate(level, lines)));
  const step = Math.max(1, Math.floor(lines.length / Math.ceil(games / 2)));
  let wins = 0, draws = 0, losses = 0, diff = 0, failures = 0;
  const ms = [0, 0], count = [0, 0]; // sente, rhino
  for (let g = 0; g < games; g++) {
    const opening = parseTranscript(lines[(Math.floor(g / 2) * step) % lines.length]).value.moves;
    const senteBlack = g % 2 === 0;
    const sente = await createGtpPlayer(`"${process.execPath}" "${CLI}" gtp --build strongest --time ${seconds.toFixed(3)} --quiet`, { timeoutMs: 600_000, name: 'sente' });
    const rhino = await createGtpPlayer(`${RHINO} -l ${level}`, { timeoutMs: 600_000, name: `rhino-${level}` });
    try {
      const r = await playGame(senteBlack ? sente : rhino, senteBlack ? rhino : sente, opening);
      const forSente = senteBlack ? r.blackScore : -r.blackScore;
      if (forSente > 0) wins++; else if (forSente < 0) losses++; else draws++;
      diff += forSente;
      if (r.failure) { failures++; process.stderr.write(`game ${g + 1}: ${r.failure}\n`); }
      const [s, o] = senteBlack ? [0, 1] : [1, 0];
      ms[0] += r.ms[s]; count[0] += r.count[s]; ms[1] += r.ms[o]; count[1] += r.count[o];
      process.stderr.write(`  -l ${level} game ${g + 1}/${games}: sente ${senteBlack ? 'black' : 'white'} ${forSente > 0 ? '+' : ''}${forSente}\n`);
    } finally {
      await sente.close();
      await rhino.close();
    }
  }
  return {
    opponent: `gtp-rhino -l ${level}`, games, W: wins, D: draws, L: losses,
    'points %': Math.round(((wins + draws / 2) / games) * 1000) / 10,
    'mean disc diff': Math.round((diff / games) * 10) / 10,
    'sente s/move': count[0] ? ms[0] / count[0] / 1000 : 0,
    'rhino s/move': count[1] ? ms[1] / count[1] / 1000 : 0,
    'sente --time': seconds,
    forfeits: failures,
  };
}

export async function run({ quick }) {
  if (!existsSync(RHINO)) {
    return { columns: ['opponent', 'note'], rows: [{ opponent: 'gtp-rhino', note: `not installed (${RHINO}); apt-get install grhino` }] };
  }
  const games = quick ? 4 : Number(process.env.SENTE_RHINO_GAMES ?? 100);
  const levels = (process.env.SENTE_RHINO_LEVELS ?? '5,3').split(',').map((s) => Number(s.trim())).filter((n) => n >= 1 && n <= 5);
  const lines = openings();
  const rows = [];
  for (const level of levels) rows.push(await match(level, games, lines));
  return {
    columns: ['opponent', 'games', 'W', 'D', 'L', 'points %', 'mean disc diff', 'sente s/move', 'rhino s/move', 'sente --time', 'forfeits'],
    rows,
    notes: 'W/D/L and disc difference are from sente\'s side; each XOT opening is played with both colours. ' +
      'sente --time is the mean seconds gtp-rhino took per move on three midgame positions before the match (or SENTE_RHINO_TIME).',
  };
}
