// Go: playout speed of the MCTS player on 9x9 and 19x19 (a search from the empty board, counted
// in playouts per second of wall time, tree work included) on one thread and on two (one shared
// tree: the playout budget counts the playouts of both threads, so the wall time shows the
// gain), the bare playout rate (policy and board only, no tree), and, unless --quick, the score
// against GNU Go level 10 on 9x9 with komi 7.5 over SENTE_GO_BENCH_GAMES games (default 50,
// colours alternating; 0 skips the match) at a stated time per move (SENTE_GO_BENCH_TIME seconds,
// default 1) on SENTE_GO_BENCH_THREADS threads (default 1), with the learned move priors (the
// default) or, with SENTE_GO_BENCH_PRIORS=0, the hand-made ones; the speed rows give both.
// GNU Go plays Chinese rules and captures dead stones before passing, so both sides' final
// scores can be compared with sente's own area count; disagreements are reported. The games are
// kept in go-games.csv and go-games.sgf beside the section (bench/results/, or --results DIR),
// so a disagreement or a lost game can be looked at.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { go as rules } from '@sente/core';
import { go as engine } from '@sente/search';
import { go as matches } from '@sente/selfplay';

export const title = 'Go: playouts per second, and results against GNU Go';

const RESULTS = fileURLToPath(new URL('results/', import.meta.url));

function findGnugo() {
  for (const d of [...(process.env.PATH ?? '').split(delimiter), '/usr/games', '/usr/local/games']) {
    if (d && existsSync(join(d, 'gnugo'))) return join(d, 'gnugo');
  }
  return null;
}

/**
 * CPU time and time spent runnable but waiting for a CPU, summed over this process's threads, in
 * seconds (Linux's /proc/self/task/N/schedstat), or null elsewhere. The wait is what a loaded
 * machine costs: two threads that both wait half the time got one core between them.
 */
function schedTimes() {
  try {
    let cpu = 0;
    let wait = 0;
    for (const t of readdirSync('/proc/self/task')) {
      const [run, delay] = readFileSync(`/proc/self/task/${t}/schedstat`, 'utf8').split(' ').map(Number);
      cpu += run;
      wait += delay;
    }
    return { cpu: cpu / 1e9, wait: wait / 1e9 };
  } catch {
    return null;
  }
}

/** Searches timed per speed row: the machine's speed varies by a fifth from one second to the next. */
const REPEATS = 3;
/** Milliseconds of searches before the measured ones (JIT warm-up). */
const WARMUP_MS = 3000;

/**
 * One player's searches from the empty board, REPEATS times after a warm-up: the fastest (wall
 * time) with its CPU time and wait, and the slowest rate, so a row shows the spread of its run.
 */
function speed(size, playouts, threads, priors = true) {
  const board = new rules.GoBoard(size);
  // Warm up the JIT (and start the helper threads) for WARMUP_MS and at least two searches: one
  // search was not enough (9x9 measured 20,400, 25,300 and 27,500 playouts/s in its first three
  // searches, then 27,500-27,900 in the next seven). No tree reuse, so each search starts afresh.
  const player = new engine.MctsPlayer({ playouts, rootCandidates: false, threads, reuseTree: false, priors });
  const warm = performance.now();
  for (let i = 0; i < 2 || performance.now() - warm < WARMUP_MS; i++) player.genmove(board, rules.BLACK, 7.5);
  let best = null;
  let slowest = Infinity;
  for (let i = 0; i < REPEATS; i++) {
    const c0 = process.cpuUsage();
    const s0 = schedTimes();
    const r = player.genmove(board, rules.BLACK, 7.5);
    const s1 = schedTimes();
    const c = process.cpuUsage(c0);
    const waited = s0 && s1 ? s1.wait - s0.wait : null;
    // CPU seconds of all threads: on a shared machine, playouts per CPU second is the per-thread
    // rate the machine's load does not divide.
    const run = { playouts: r.playouts, seconds: r.ms / 1000, cpu: (c.user + c.system) / 1e6, waited };
    slowest = Math.min(slowest, run.playouts / run.seconds);
    if (best === null || run.seconds < best.seconds) best = run;
  }
  player.close();
  return { ...best, slowest };
}

/** Playouts of the policy alone from the empty board (no tree, no search). */
function bare(size, n) {
  const board = new rules.GoBoard(size);
  const scratch = new rules.GoBoard(size);
  const policy = new engine.PlayoutPolicy(engine.playoutShapeScores(), 7);
  const firstPlay = new Uint8Array(board.points);
  const run = (count) => {
    let moves = 0;
    for (let i = 0; i < count; i++) {
      scratch.copyFrom(board);
      firstPlay.fill(0);
      policy.playout(scratch, 7.5, 0, firstPlay, 3 * size * size);
      moves += scratch.ply;
    }
    return moves;
  };
  run(Math.ceil(n / 10));
  const t = performance.now();
  const c0 = process.cpuUsage();
  const moves = run(n);
  const c = process.cpuUsage(c0);
  return { playouts: n, seconds: (performance.now() - t) / 1000, cpu: (c.user + c.system) / 1e6, moves };
}

/** The 95% Wilson score interval of w wins in n games, as percentages. */
function wilson(w, n) {
  if (n === 0) return 'no games';
  const z = 1.96;
  const p = w / n;
  const d = 1 + (z * z) / n;
  const mid = (p + (z * z) / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return `${Math.round(100 * p)}% [${Math.round(100 * (mid - half))}%, ${Math.round(100 * (mid + half))}%]`;
}

export async function run({ quick, resultsDir }) {
  // Games go beside the section's markdown: bench/results/ for a full run, --results DIR otherwise.
  const gamesDir = resultsDir ?? RESULTS;
  const rows = [];
  for (const size of [9, 19]) {
    const n = quick ? (size === 9 ? 4000 : 1000) : size === 9 ? 20000 : 5000;
    const one = speed(size, n, 1);
    const rate1 = one.playouts / one.seconds;
    rows.push({ measurement: `playouts/s, ${size}x${size} empty board, 1 thread`, value: Math.round(rate1), detail: `${one.playouts} playouts in ${one.seconds.toFixed(2)} s (best of ${REPEATS}; slowest ${Math.round(one.slowest)}/s); ${Math.round(one.playouts / one.cpu)} per CPU second` });
    const hand = speed(size, n, 1, false);
    const rateHand = hand.playouts / hand.seconds;
    rows.push({ measurement: `playouts/s, ${size}x${size} empty board, 1 thread, hand-made priors`, value: Math.round(rateHand), detail: `the learned priors run at ${(rate1 / rateHand).toFixed(2)}x this rate; ${Math.round(hand.playouts / hand.cpu)} per CPU second` });
    const two = speed(size, n, 2);
    const rate2 = two.playouts / two.seconds;
    rows.push({ measurement: `playouts/s, ${size}x${size} empty board, 2 threads`, value: Math.round(rate2), detail: `${two.playouts} playouts in ${two.seconds.toFixed(2)} s (best of ${REPEATS}; slowest ${Math.round(two.slowest)}/s): ${(rate2 / rate1).toFixed(2)}x one thread; ${Math.round(two.playouts / two.cpu)} per CPU second; ${(two.cpu / two.seconds).toFixed(2)} cores used${two.waited === null ? '' : `; the threads waited ${two.waited.toFixed(2)} s in all for a free core (one thread: ${one.waited.toFixed(2)} s)`}` });
    const b = bare(size, n);
    rows.push({ measurement: `bare playouts/s, ${size}x${size} (policy only, no tree)`, value: Math.round(b.playouts / b.seconds), detail: `${Math.round(b.moves / b.playouts)} moves a playout, ${(b.moves / b.seconds / 1e6).toFixed(2)} M moves/s; ${Math.round(b.playouts / b.cpu)} per CPU second` });
    process.stderr.write(`go: ${size}x${size} ${Math.round(rate1)} playouts/s on 1 thread, ${Math.round(rate2)} on 2\n`);
  }
  let notes = 'Playouts: searches from the empty board (tree, RAVE and playout policy included; no tree reuse, no root candidates; each row the fastest of 3, after 3 s of warm-up searches), on 1 thread and on 2 (one shared tree, the budget counting the playouts of both threads); per-thread targets 25,000 (9x9) and 6,000 (19x19). The machine may be shared: wall-clock rates fall with its load, playouts per CPU second (the CPU time of all threads) much less; compare rows of one run.';
  const games = Number(process.env.SENTE_GO_BENCH_GAMES ?? 50);
  if (!quick && games <= 0) notes += ' No GNU Go match in this run (SENTE_GO_BENCH_GAMES=0).';
  if (!quick && games > 0) {
    const gnugo = findGnugo();
    if (!gnugo) {
      notes += ' GNU Go not found: no match played.';
    } else {
      const seconds = Number(process.env.SENTE_GO_BENCH_TIME ?? 1);
      const threads = Number(process.env.SENTE_GO_BENCH_THREADS ?? 1);
      const priors = process.env.SENTE_GO_BENCH_PRIORS === '0' ? ',priors=0' : '';
      const sente = `sente:time=${seconds},resign=0.05${threads > 1 ? `,threads=${threads}` : ''}${priors}`;
      // The 1-minute load average after each game: the match is in wall time, so load weakens sente.
      const loads = [loadavg()[0]];
      const result = await matches.runGoMatch({
        size: 9,
        komi: 7.5,
        games,
        players: [sente, `gtp:${gnugo} --mode gtp --level 10 --chinese-rules --capture-all-dead`],
        // Rewritten after every game, so a match cut short keeps its games.
        csvPath: join(gamesDir, 'go-games.csv'),
        sgfPath: join(gamesDir, 'go-games.sgf'),
        onGame: (g) => {
          loads.push(loadavg()[0]);
          process.stderr.write(`go: game ${g.game}/${games}: ${g.black === sente ? 'sente' : 'gnugo'} black, ${g.result} in ${g.moves} moves${g.agree === false ? ' (scores disagree)' : ''}, load ${loadavg()[0].toFixed(1)}\n`);
        },
      });
      const mine = result.standings.find((s) => s.player === sente);
      const asBlack = result.games.filter((g) => g.black === sente);
      const asWhite = result.games.filter((g) => g.white === sente);
      const won = (list, letter) => list.filter((g) => g.winner === letter).length;
      const scored = result.games.filter((g) => g.agree !== null);
      rows.push({ measurement: `vs GNU Go 10, 9x9, komi 7.5, ${seconds} s/move, ${threads} thread${threads > 1 ? 's' : ''}`, value: `${mine.wins}/${result.games.length}`, detail: `${wilson(mine.wins, result.games.length)}; as black ${won(asBlack, 'B')}/${asBlack.length}, as white ${won(asWhite, 'W')}/${asWhite.length}` });
      rows.push({ measurement: 'final_score agreement (games played to two passes)', value: `${scored.filter((g) => g.agree).length}/${scored.length}`, detail: `${result.games.filter((g) => g.end === 'resign').length} resigned, ${result.games.filter((g) => g.end === 'forfeit').length} forfeits` });
      notes += ` Match: sente (${sente}) with ${seconds} s per move against \`gnugo --level 10 --chinese-rules --capture-all-dead\`, colours alternating.`;
      notes += ` Load average (1 min) during the match: ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)}, mean ${(loads.reduce((a, b) => a + b, 0) / loads.length).toFixed(1)}, on ${availableParallelism()} cores.`;
      const disagree = scored.filter((g) => !g.agree).map((g) => `${g.game} (sente ${g.refereeScore}, black ${g.blackScore ?? '?'}, white ${g.whiteScore ?? '?'})`);
      if (disagree.length) notes += ` Scores disagree in game ${disagree.join(', ')}.`;
      notes += ` Games: ${resolve(gamesDir) === resolve(RESULTS) ? 'bench/results/' : gamesDir + '/'}go-games.csv and go-games.sgf.`;
    }
  }
  return { columns: ['measurement', 'value', 'detail'], rows, notes };
}
