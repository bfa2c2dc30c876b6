// `sente serve`: how fast each page of the lab first renders in Chromium (headless, Debian's
// /usr/bin/chromium driven by playwright-core), and what the server costs with a large archive:
// a generated archive of 10,000 games (half GGF, half a tournament CSV; random legal games from a
// seeded generator, replayed by our rules like any archive) against an empty one, measured in the
// same run. Memory is the server process's resident set (VmRSS) after it has scanned the archive
// and answered a listing; page times are from navigation to the page's own "ready" mark.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatGgf, formatTranscript } from '@sente/core';
import { CSV_COLUMNS, randomFinishedGame, seededRandom } from '@sente/selfplay';

export const title = 'The lab in a browser (sente serve): first render per page, server memory with a 10,000-game archive';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAIN = join(ROOT, 'apps/cli/dist/main.js');
const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

function makeArchive(dir, games) {
  mkdirSync(dir, { recursive: true });
  const random = seededRandom(2026, 17);
  const ggf = [];
  const csv = [CSV_COLUMNS.join(',')];
  for (let i = 0; i < games; i++) {
    const g = randomFinishedGame(random);
    if (i % 2 === 0) ggf.push(formatGgf({ moves: g.moves, black: `player${i % 37}`, white: `player${(i * 7) % 41}`, place: 'bench' }));
    else {
      const result = g.blackScore > 0 ? '1-0' : g.blackScore < 0 ? '0-1' : '1/2-1/2';
      const row = {
        game: i, black: 'a', white: 'b', opening: '', transcript: formatTranscript(g.moves), black_discs: g.position.blackCount(), white_discs: g.position.whiteCount(),
        black_score: g.blackScore, result, reason: 'normal', black_moves: 30, black_ms: 300, white_moves: 30, white_ms: 300,
      };
      csv.push(CSV_COLUMNS.map((c) => row[c] ?? '').join(','));
    }
  }
  writeFileSync(join(dir, 'games.ggf'), `${ggf.join('\n')}\n`);
  writeFileSync(join(dir, 'match.csv'), `${csv.join('\n')}\n`);
}

function rssMiB(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

function serve(archive) {
  const t0 = performance.now();
  const child = spawn(process.execPath, [MAIN, 'serve', '--port', '0', '--archive', archive], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (d) => {
      out += d.toString();
      const m = /sente lab at (http:\/\/\S+)/.exec(out);
      if (m) resolve({ url: m[1], child, readyMs: performance.now() - t0, stop: () => new Promise((done) => { child.once('exit', done); child.kill('SIGTERM'); }) });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`sente serve exited with ${code}: ${out}`)));
  });
}

/** The archive index alone, in a fresh process with --expose-gc: scan time and heap kept after GC. */
function indexCost(dir) {
  const script = `
    const { Archive } = await import(${JSON.stringify(join(ROOT, 'apps/cli/dist/serve/archive.js'))});
    gc(); const before = process.memoryUsage().heapUsed;
    const a = new Archive(${JSON.stringify(dir)}); const t0 = performance.now(); a.refresh(); const ms = performance.now() - t0;
    gc(); const after = process.memoryUsage().heapUsed;
    console.log(JSON.stringify({ games: a.gameCount(), ms, heap: after - before }));`;
  const r = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`archive index measurement failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

async function timed(fn) {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

const READY = {
  play: () => document.querySelector('#play')?.dataset.state === 'waiting',
  go: () => document.querySelector('#go')?.dataset.state === 'waiting',
  analyse: () => !!document.querySelector('#analyse-go'),
  games: () => document.querySelector('#games')?.dataset.state === 'listed',
  builds: () => document.querySelector('#builds')?.dataset.state === 'drawn',
  watch: () => document.querySelectorAll('#watch-file option').length > 0,
};

export async function run({ quick }) {
  const games = quick ? 1000 : 10_000;
  const tmp = mkdtempSync(join(tmpdir(), 'sente-bench-web-'));
  const rows = [];
  const load = loadavg()[0].toFixed(2);
  try {
    const big = join(tmp, 'big');
    const empty = join(tmp, 'empty');
    const tGen = await timed(async () => makeArchive(big, games));
    mkdirSync(empty);
    const servers = {};
    for (const [name, dir] of [['empty', empty], ['big', big]]) {
      const s = await serve(dir);
      const list = await timed(async () => { const r = await fetch(`${s.url}api/archive?limit=200`); await r.json(); });
      const filtered = await timed(async () => { const r = await fetch(`${s.url}api/archive?player=player3&result=black&limit=200`); await r.json(); });
      servers[name] = { ...s, list, filtered, rss: rssMiB(s.child.pid) };
    }
    const e = servers.empty, b = servers.big;
    rows.push({ measure: 'server: resident memory, empty archive (reference)', value: Number(e.rss.toFixed(1)), unit: 'MiB', ratio: 1 });
    rows.push({ measure: `server: resident memory, ${games.toLocaleString('en')}-game archive`, value: Number(b.rss.toFixed(1)), unit: 'MiB', ratio: Number((b.rss / e.rss).toFixed(2)) });
    rows.push({ measure: 'server: memory per archived game', value: Number((((b.rss - e.rss) * 1024 * 1024) / games).toFixed(0)), unit: 'bytes', ratio: '' });
    const index = indexCost(big);
    if (index.games !== games) throw new Error(`the archive index holds ${index.games} games, not ${games}`);
    rows.push({ measure: `archive index: scan of ${games.toLocaleString('en')} games (replayed by our rules)`, value: Math.round(index.ms), unit: 'ms', ratio: '' });
    rows.push({ measure: 'archive index: heap kept per game after GC', value: Math.round(index.heap / games), unit: 'bytes', ratio: '' });
    rows.push({ measure: 'server: start to listening, empty archive (reference)', value: Math.round(e.readyMs), unit: 'ms', ratio: 1 });
    rows.push({ measure: `server: start to listening, ${games.toLocaleString('en')} games scanned`, value: Math.round(b.readyMs), unit: 'ms', ratio: Number((b.readyMs / e.readyMs).toFixed(2)) });
    rows.push({ measure: `listing 200 of ${games.toLocaleString('en')} games (api/archive)`, value: Number(b.list.toFixed(1)), unit: 'ms', ratio: '' });
    rows.push({ measure: 'filtered listing (player and result)', value: Number(b.filtered.toFixed(1)), unit: 'ms', ratio: '' });
    let notes = `Archive of ${games.toLocaleString('en')} random legal games generated in ${(tGen / 1000).toFixed(1)} s. Load average at start: ${load} (2 cores shared with other work).`;
    if (CHROMIUM) {
      const { chromium } = await import('playwright-core');
      const profile = mkdtempSync(join(tmpdir(), 'sente-bench-chromium-'));
      const context = await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM, headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      });
      try {
        // Reference: a page with no script, from the same server (its config JSON).
        const warm = await context.newPage();
        await warm.goto(`${b.url}#/play`);
        await warm.waitForFunction(READY.play);
        await warm.close();
        const ref = [];
        for (let i = 0; i < 3; i++) {
          const p = await context.newPage();
          ref.push(await timed(() => p.goto(`${b.url}sente-config.json`)));
          await p.close();
        }
        const refMs = Math.min(...ref);
        rows.push({ measure: 'browser: a page with no script (reference)', value: Number(refMs.toFixed(1)), unit: 'ms', ratio: 1 });
        for (const [page, ready] of Object.entries(READY)) {
          const times = [];
          for (let i = 0; i < 3; i++) {
            const p = await context.newPage();
            times.push(await timed(async () => { await p.goto(`${b.url}#/${page}`); await p.waitForFunction(ready, undefined, { timeout: 60_000 }); }));
            await p.close();
          }
          const best = Math.min(...times);
          rows.push({ measure: `browser: first render of ${page}${page === 'games' ? ` (${games.toLocaleString('en')}-game archive)` : ''}`, value: Number(best.toFixed(1)), unit: 'ms', ratio: Number((best / refMs).toFixed(1)) });
        }
        notes += ' Page times: best of 3 fresh tabs (warm browser cache), navigation to the page\'s ready mark (Play: legal moves shown; Games: the first 200 rows listed; Builds: Elo and training charts drawn).';
      } finally {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      }
    } else {
      notes += ' No Chromium here: page times not measured.';
    }
    await e.stop();
    await b.stop();
    return { columns: ['measure', 'value', 'unit', 'ratio'], rows, notes };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
