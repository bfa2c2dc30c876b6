// Search strength at equal time (issue #13's acceptance): the engine of this tree against the engine
// as it was at commit 0e9893c (before the search work: same evaluation table gen3), both as GTP
// programs with the same time per move, on XOT openings each played with the colours swapped, with
// an SPRT (elo0 = 0, elo1 = 50) that stops the match once it decides (else after the most games);
// then this tree's gen3 with its Multi-ProbCut calibration (without the probable endgame's lines)
// against the same table without it
// (build players of a temporary registry, same code, same time). The old engine is set up by this
// section: `git archive 0e9893c` into $SENTE_OLD_DIR (default <tmp>/sente-0e9893c), then
// `npm ci --prefer-offline` there (which builds it); an existing setup is reused. That commit's
// `gtp --time` takes seconds; ours takes a duration.
//
//   node scripts/bench.mjs --only search-strength      (SENTE_STRENGTH_MS=100, SENTE_STRENGTH_GAMES=200;
//   SENTE_STRENGTH_MATCHES=old plays only the match against 0e9893c, =mpc only MPC on against off,
//   =sel the probable endgame on against off from XOT openings, =sel-late the same from late
//   openings (24-30 empties; any comma-separated list); SENTE_STRENGTH_CSV=FILE keeps the match
//   against 0e9893c's games; SENTE_STRENGTH_SPRT=off plays every game)
//
// The probable endgame matches (sel, sel-late): gen3's table in two builds of a temporary registry,
// both with gen3's Multi-ProbCut calibration, one with its `endgame` part (the shipped file's, or
// $SENTE_SELECTIVE_FILE's) and one without it, so only the timed endgame differs. The late
// openings are XOT openings continued by gen3 at depth 4 to 24-30 empties (written to a file of
// transcripts, the tournament's --openings).
import { execFileSync, execSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Position, squareName } from '@sente/core';
import { Engine, loadBuild } from '@sente/search';
import { DEFAULT_OPENINGS_FILE, readOpeningsFile, saveBuild } from '@sente/selfplay';
import { tournamentStanding } from '../scripts/tournament-standing.mjs';

export const title = 'Search strength at equal time: this engine against the engine of 0e9893c (gen3), and Multi-ProbCut on against off';

const OLD_COMMIT = '0e9893c';
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = join(ROOT, 'apps/cli/dist/main.js');

/** The old engine's CLI, set up on first use. */
function oldEngine() {
  const dir = process.env.SENTE_OLD_DIR ?? join(tmpdir(), `sente-${OLD_COMMIT}`);
  const cli = join(dir, 'apps/cli/dist/main.js');
  if (existsSync(cli)) return cli;
  process.stderr.write(`search-strength: setting up ${OLD_COMMIT} in ${dir} (git archive, npm ci --prefer-offline)\n`);
  mkdirSync(dir, { recursive: true });
  execSync(`git -C "${ROOT}" archive ${OLD_COMMIT} | tar -x -C "${dir}"`, { stdio: 'inherit' });
  execFileSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  if (!existsSync(cli)) throw new Error(`setting up ${OLD_COMMIT} in ${dir} left no ${cli}`);
  return cli;
}

/** Late openings: `count` XOT openings (every 37th) continued by gen3 at depth 4 to 24..30 empties, as transcripts. */
function lateOpenings(gen3, count) {
  const xot = readOpeningsFile(DEFAULT_OPENINGS_FILE);
  if (!xot.ok) throw new Error(xot.error);
  const engine = new Engine(gen3.table, 'gen3', { probcut: false });
  const lines = [];
  for (let i = 0; lines.length < count && i < xot.value.length; i++) {
    const p = Position.initial();
    const moves = [];
    for (const m of xot.value[(i * 37) % xot.value.length]) { p.makeMove(m); moves.push(m); }
    const target = 24 + (i % 7);
    while (p.emptyCount() > target && !p.isGameOver()) {
      if (p.mustPass()) p.makePass();
      const m = engine.think(p, { depth: 4, exactFrom: 0 }).move;
      p.makeMove(m);
      moves.push(m);
    }
    if (!p.isGameOver() && !p.mustPass()) lines.push(moves.map(squareName).join(''));
  }
  return `${lines.join('\n')}\n`;
}

export async function run(options) {
  const ms = Number(process.env.SENTE_STRENGTH_MS ?? 100);
  const games = options.quick ? 10 : Number(process.env.SENTE_STRENGTH_GAMES ?? 200);
  // SENTE_STRENGTH_SPRT=off plays all the games (a fixed-length match, a narrower interval).
  const sprt = process.env.SENTE_STRENGTH_SPRT === 'off' ? undefined : 'elo0=0,elo1=50,alpha=0.05,beta=0.05';
  const sprtArgs = sprt ? ['--sprt', sprt] : [];
  const gen3 = loadBuild('gen3');
  const load0 = loadavg();
  const rows = [];
  const tmp = mkdtempSync(join(tmpdir(), 'sente-search-strength-'));
  try {
    // 1. This tree against 0e9893c, both as GTP programs (one game at a time, each program
    //    thinking while the other waits).
    const matches = process.env.SENTE_STRENGTH_MATCHES ?? 'old,mpc';
    if (matches.includes('old')) {
    const old = oldEngine();
    const t0 = performance.now();
    const newSpec = `gtp,name=new:${process.execPath} ${CLI} gtp --build gen3 --quiet --time ${ms}ms`;
    const oldSpec = `gtp,name=old:${process.execPath} ${old} gtp --build gen3 --time ${ms / 1000}`;
    process.stderr.write(`search-strength: new vs ${OLD_COMMIT}, ${ms} ms a move, at most ${games} games, SPRT ${sprt ?? 'off'}\n`);
    const st = tournamentStanding(['--player', newSpec, '--player', oldSpec, '--games', String(games), '--seed', '13', ...sprtArgs, '--csv', join(tmp, 'old.csv')], 'new');
    if (process.env.SENTE_STRENGTH_CSV) copyFileSync(join(tmp, 'old.csv'), process.env.SENTE_STRENGTH_CSV);
    rows.push({ match: `new (MPC ${gen3.probcut ? 'on' : 'off: gen3 ships no calibration'}) vs ${OLD_COMMIT}`, 'ms/move': ms, games: st.games, 'score %': st.score, 'W/D/L': st.wdl, 'mean discs': st.discs, Elo: st.elo, '95% interval': st.interval, SPRT: st.sprt ?? '-', minutes: ((performance.now() - t0) / 60000).toFixed(1) });

    // 2. Multi-ProbCut on against off: gen3's table in two builds of a temporary registry, one
    //    with the calibration (the shipped one, or $SENTE_PROBCUT_FILE), one without.
    }
    const pcFile = process.env.SENTE_PROBCUT_FILE ?? join(gen3.entry.folder, 'probcut.json');
    if (matches.includes('mpc') && existsSync(pcFile)) {
      const dir = join(tmp, 'builds');
      saveBuild(dir, { id: 'mpc-on', table: gen3.table, parent: 'gen3', games: 0, positions: 0, validationError: null });
      saveBuild(dir, { id: 'mpc-off', table: gen3.table, parent: 'gen3', games: 0, positions: 0, validationError: null });
      // Without the probable endgame's lines (matches sel and sel-late measure those): MPC alone.
      const { endgame: _endgame, ...midgameOnly } = JSON.parse(readFileSync(pcFile, 'utf8'));
      writeFileSync(join(dir, 'mpc-on', 'probcut.json'), `${JSON.stringify(midgameOnly)}\n`);
      const t1 = performance.now();
      process.stderr.write(`search-strength: MPC on vs off, ${ms} ms a move\n`);
      const m = tournamentStanding(['--builds', dir, '--player', 'mpc-on', '--player', 'mpc-off', '--games', String(games), '--seed', '13', '--time', `${ms}ms`, '--workers', '1', ...sprtArgs, '--csv', join(tmp, 'mpc.csv')], 'mpc-on');
      rows.push({ match: 'MPC on vs off (this tree, gen3)', 'ms/move': ms, games: m.games, 'score %': m.score, 'W/D/L': m.wdl, 'mean discs': m.discs, Elo: m.elo, '95% interval': m.interval, SPRT: m.sprt ?? '-', minutes: ((performance.now() - t1) / 60000).toFixed(1) });
    }
    // 3. The probable endgame on against off (same table, same midgame calibration; see the top).
    const selFile = process.env.SENTE_SELECTIVE_FILE ?? join(gen3.entry.folder, 'probcut.json');
    const sel = existsSync(selFile) ? JSON.parse(readFileSync(selFile, 'utf8')) : undefined;
    const selMatches = matches.split(',').filter((m) => m === 'sel' || m === 'sel-late');
    if (selMatches.length > 0 && sel?.endgame) {
      const dir = join(tmp, 'sel-builds');
      for (const [id, params] of [['sel-on', sel], ['sel-off', { ...sel, endgame: undefined }]]) {
        saveBuild(dir, { id, table: gen3.table, parent: 'gen3', games: 0, positions: 0, validationError: null });
        writeFileSync(join(dir, id, 'probcut.json'), `${JSON.stringify(params)}\n`);
      }
      for (const which of selMatches) {
        const openings = which === 'sel' ? [] : ['--openings', join(tmp, 'late.txt')];
        if (which === 'sel-late') writeFileSync(join(tmp, 'late.txt'), lateOpenings(gen3, Math.max(games, 100)));
        const t2 = performance.now();
        process.stderr.write(`search-strength: probable endgame on vs off (${which === 'sel' ? 'XOT' : 'late'} openings), ${ms} ms a move\n`);
        const csv = join(tmp, `${which}.csv`);
        const m = tournamentStanding(['--builds', dir, '--player', 'sel-on', '--player', 'sel-off', '--games', String(games), '--seed', '13', '--time', `${ms}ms`, '--workers', '1', ...openings, ...sprtArgs, '--csv', csv], 'sel-on');
        if (process.env.SENTE_STRENGTH_SEL_CSV) copyFileSync(csv, `${process.env.SENTE_STRENGTH_SEL_CSV}.${which}.csv`);
        rows.push({ match: `probable endgame on vs off, ${which === 'sel' ? 'XOT openings' : 'late openings (24-30 empties)'} (this tree, gen3)`, 'ms/move': ms, games: m.games, 'score %': m.score, 'W/D/L': m.wdl, 'mean discs': m.discs, Elo: m.elo, '95% interval': m.interval, SPRT: m.sprt ?? '-', minutes: ((performance.now() - t2) / 60000).toFixed(1) });
      }
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const notes = [
    `Both sides play gen3 with ${ms} ms a move (exact solving from the engines' default 16 empties; the engine of ${OLD_COMMIT} lets its exact solve overrun the time, which favours it). XOT openings drawn by seed 13, each played twice with the colours swapped; ${sprt ? `the SPRT (${sprt}, pentanomial) stops a match once it decides, else at ${games} games` : `no SPRT: ${games} games a match`}. Elo and its 95% interval from \`sente tournament\`.`,
    'The build players of the Multi-ProbCut and probable-endgame matches solve exactly from `sente tournament`\'s default of 12 empties; with 100 ms a move the probable endgame then plays from 13 to 20 empties (its time rule, docs/engine.md).',
    `Load average at the start: ${load0.map((x) => x.toFixed(2)).join(' ')}; at the end: ${loadavg().map((x) => x.toFixed(2)).join(' ')} (2 cores; both sides of a match suffer alike).`,
  ];
  return { columns: ['match', 'ms/move', 'games', 'score %', 'W/D/L', 'mean discs', 'Elo', '95% interval', 'SPRT', 'minutes'], rows, notes: notes.join('\n') };
}
