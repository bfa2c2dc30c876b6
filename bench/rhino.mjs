// sente's strongest build against GRhino (`gtp-rhino -l 5`, then `-l 3`): an outside yardstick of
// strength. Each level is a `sente tournament` between the strongest build (at a fixed time per
// move) and `gtp:gtp-rhino -l N` on XOT openings, each opening with both colours; the referee checks
// every move and times both sides. The per-game CSV is kept per level and build in
// bench/results/rhino-l<N>-<build>-games.csv: a match that was stopped is resumed with the players
// recorded there, a finished one is only summarised, so a run of many hours can be spread over
// several sessions. The matches of earlier strongest builds found there are summarised too.
//   SENTE_RHINO_GAMES  games per level (default 100; 4 with --quick, in a temporary file)
//   SENTE_RHINO_LEVELS levels to play (default "5,3")
//   SENTE_RHINO_TIME   sente's seconds per move for a new match (default: the mean time gtp-rhino
//                      takes per move on three midgame positions, measured before the match)
//   SENTE_RHINO_PLAY=0 play nothing: only summarise the games already in the CSVs
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Position } from '@sente/core';
import { findBuild } from '@sente/search';
import { DEFAULT_OPENINGS_FILE, createGtpPlayer, formatElo, headToHead, readOpeningsFile, readTournamentResults } from '@sente/selfplay';

export const title = 'sente (strongest) vs GRhino gtp-rhino over GTP on XOT openings';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RHINO = '/usr/games/gtp-rhino';
const CLI = `${ROOT}apps/cli/dist/main.js`;
const RESULTS = join(ROOT, 'bench/results');
const MOVE_TIMEOUT_MS = 600_000;

/** Mean seconds gtp-rhino takes per genmove on three positions 12 plies after an XOT opening. */
async function calibrate(level) {
  const list = readOpeningsFile(DEFAULT_OPENINGS_FILE);
  if (!list.ok) throw new Error(list.error);
  const rhino = await createGtpPlayer(`${RHINO} -l ${level}`, { timeoutMs: MOVE_TIMEOUT_MS });
  let total = 0;
  let n = 0;
  try {
    for (const opening of list.value.slice(0, 3)) {
      const p = Position.initial();
      for (const m of opening) {
        if (p.mustPass()) p.makePass();
        p.makeMove(m);
      }
      const moves = [...opening];
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

/** The name sente played under in recorded games (undefined if there are none). */
function senteIn(results, rhinoName) {
  return results.map((r) => (r.black === rhinoName ? r.white : r.black))[0];
}

/** Plays (or resumes, or only reads) one level's match and summarises it from its CSV (null: nothing to read). */
async function match(level, games, csv, play) {
  const rhinoName = `gtp:${RHINO} -l ${level}`;
  const before = existsSync(csv) ? readTournamentResults(csv) : null;
  if (!play) return before ? summary(level, before, senteIn(before, rhinoName), rhinoName, 0) : null;
  // Resume with the recorded players; a longer match than requested is kept whole.
  let sente = before ? senteIn(before, rhinoName) : undefined;
  // The player as given to the tournament: a name recorded before durations had units
  // (`gen3:time=50`, 50 ms then; a bare number is seconds now) keeps its name and its 50 ms.
  let spec = sente;
  const legacy = sente === undefined ? null : /^([^:]+):time=(\d+)$/.exec(sente);
  if (legacy) spec = `${legacy[1]}:time=${legacy[2]}ms,name=${sente}`;
  const count = Math.max(games, ...(before ?? []).map((r) => r.key + 1));
  if (sente === undefined) {
    const fixed = process.env.SENTE_RHINO_TIME ? Number(process.env.SENTE_RHINO_TIME) : null;
    const seconds = fixed ?? Math.min(30, Math.max(0.05, await calibrate(level)));
    sente = `${findBuild('strongest').id}:time=${Math.round(seconds * 1000)}ms`;
    spec = sente;
  }
  process.stderr.write(`rhino: ${sente} vs ${rhinoName}, ${count} games, ${csv}\n`);
  const args = ['tournament', '--player', spec, '--player', rhinoName, '--games', String(count), '--move-timeout', `${MOVE_TIMEOUT_MS}ms`, '--csv', csv];
  if (before) args.push('--resume');
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.status !== 0) throw new Error(`tournament failed (${r.status}): ${r.stdout}`);

  const after = readTournamentResults(csv);
  return summary(level, after, sente, rhinoName, after.length - (before?.length ?? 0));
}

/** One level's row; `played` is the number of games this run added (kept out of the table). */
function summary(level, results, sente, rhinoName, played) {
  const s = headToHead(results, sente, rhinoName);
  const o = headToHead(results, rhinoName, sente);
  const timed = results.filter((x) => x.time !== undefined).length;
  return {
    opponent: `gtp-rhino -l ${level}`,
    sente,
    games: s.elo.games,
    W: s.elo.wins, D: s.elo.draws, L: s.elo.losses,
    'points %': Math.round(s.elo.score * 1000) / 10,
    'mean disc diff': Math.round(s.meanDiscs * 10) / 10,
    'Elo [95%]': formatElo(s.elo),
    'sente s/move': s.secondsPerMove ?? '-',
    'rhino s/move': o.secondsPerMove ?? '-',
    'timed games': timed,
    forfeits: `${s.forfeits}/${o.forfeits}`,
    played,
  };
}

export async function run({ quick }) {
  if (!existsSync(RHINO)) {
    return { columns: ['opponent', 'note'], rows: [{ opponent: 'gtp-rhino', note: `not installed (${RHINO}); apt-get install grhino` }] };
  }
  const games = quick ? 4 : Number(process.env.SENTE_RHINO_GAMES ?? 100);
  const levels = (process.env.SENTE_RHINO_LEVELS ?? '5,3').split(',').map((s) => Number(s.trim())).filter((n) => n >= 1 && n <= 5);
  const tmp = quick ? mkdtempSync(join(tmpdir(), 'sente-rhino-')) : null;
  const rows = [];
  // Rows of the strongest build's matches (the others follow them).
  let own = 0;
  try {
    const play = process.env.SENTE_RHINO_PLAY !== '0';
    const build = findBuild('strongest').id;
    for (const level of levels) {
      const row = await match(level, games, tmp ? join(tmp, `l${level}.csv`) : join(RESULTS, `rhino-l${level}-${build}-games.csv`), play);
      if (row) rows.push(row);
    }
    own = rows.length;
    if (!play && own === 0) throw new Error(`SENTE_RHINO_PLAY=0 but ${build} has no match in ${tmp ?? RESULTS} to summarise`);
    // The matches of earlier strongest builds, as they were left.
    if (!tmp) {
      for (const f of readdirSync(RESULTS).sort()) {
        const m = /^rhino-l(\d)-(.+)-games\.csv$/.exec(f);
        if (m && m[2] !== build && levels.includes(Number(m[1]))) rows.push(await match(Number(m[1]), games, join(RESULTS, f), false));
      }
    }
  } finally {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }
  // The section's time is this run's: say how many of the games it played itself.
  const thisRun = rows.slice(0, own).map((r) => `${r.played} new game${r.played === 1 ? '' : 's'} against ${r.opponent}`).join(', ');
  return {
    columns: ['opponent', 'sente', 'games', 'W', 'D', 'L', 'points %', 'mean disc diff', 'Elo [95%]', 'sente s/move', 'rhino s/move', 'timed games', 'forfeits'],
    rows,
    notes: 'W/D/L, disc difference and Elo are from sente\'s side; each XOT opening is played with both colours. ' +
      'sente plays at the fixed time per move in its name (in ms: names recorded as time=50 are from before durations had units): its budget, chosen before the match from gtp-rhino\'s measured time per move (set by hand for -l 5); ' +
      'it uses less, since iterative deepening stops when the next iteration would not fit and the endgame is solved exactly. ' +
      's/move is wall time per move as the referee saw it (for gtp-rhino including the GTP round trip), over the games whose times were recorded ("timed games"); ' +
      'forfeits are sente/rhino. Per-game results: bench/results/rhino-l<N>-<build>-games.csv; the strongest build plays (or resumes) its matches, earlier builds\' are summarised. ' +
      `This run played ${thisRun}; the rest were recorded by earlier runs (a match can be spread over several).`,
  };
}
