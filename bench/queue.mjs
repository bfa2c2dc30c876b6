// The job queue (BullMQ on a redis-server this section starts on a loopback port, persistence off):
// self-play games per minute at depth 4 on the local pool (2 threads) against the queue with 1
// worker process (2 threads) and 2 worker processes (1 thread each) — the queue's overhead; then a
// chaos run: depth-1 games while a random worker is SIGKILLed every few seconds (and replaced),
// reporting games lost, games delivered twice and the retries (stalled jobs handed on, jobs
// enqueued again). Skips with a note when redis-server is absent.
//
//   SENTE_QUEUE_GAMES        depth-4 games per measurement (default 3000, so that a run's set-up is amortised as in real use; 24 with --quick)
//   SENTE_QUEUE_CHAOS_GAMES  games of the chaos run (default 10000, the run; 1500 with --quick)
//   SENTE_QUEUE_KILL_MS      mean time between kills (default 3000; 1500 with --quick)
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildsDir } from '@sente/search';
import { DEFAULT_OPENINGS_FILE, readGameFile, runSelfplay } from '@sente/selfplay';

export const title = 'Job queue (BullMQ/Redis): games per minute against the local pool, and a chaos run';

const MAIN = fileURLToPath(new URL('../apps/cli/dist/main.js', import.meta.url));

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function startRedis() {
  const port = await freePort();
  const p = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; i < 200; i++) {
    if (spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout?.trim() === 'PONG') break;
    await sleep(50);
  }
  return { url: `redis://127.0.0.1:${port}`, stop: () => new Promise((r) => { p.once('exit', r); p.kill('SIGTERM'); }) };
}

function startWorker(url, threads, cache) {
  const child = spawn(process.execPath, [MAIN, 'worker', '--redis', url, '--threads', String(threads), '--cache', cache, '--stall', '2s'], { stdio: 'ignore' });
  const exited = new Promise((r) => child.once('exit', r));
  return { child, exited };
}

async function stopWorkers(list) {
  for (const w of list) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGTERM');
  await Promise.all(list.map((w) => w.exited));
}

export async function run(options) {
  if (spawnSync('redis-server', ['--version']).status !== 0) {
    return { columns: ['run'], rows: [], notes: 'skipped: redis-server is not installed (apt-get install redis-server)' };
  }
  const tmp = mkdtempSync(join(tmpdir(), 'sente-bench-queue-'));
  const redis = await startRedis();
  try {
    const dir = buildsDir();
    const games = options.quick ? 24 : Number(process.env.SENTE_QUEUE_GAMES ?? 3000);
    const settings = { build: 'strongest', buildsDir: dir, depth: 4, exact: 12, randomness: 2, randomPlies: 30, seed: 1, openings: { kind: 'file', path: DEFAULT_OPENINGS_FILE } };
    const rows = [];
    const local = await runSelfplay({ ...settings, games, outDir: join(tmp, 'local'), workers: 2 });
    rows.push({ run: 'local pool, 2 threads', games: local.played, seconds: local.seconds, 'games/min': local.gamesPerMinute, 'vs local': 1, lost: 0, duplicated: 0, retries: 0 });
    for (const [label, procs, threads] of [['queue, 1 worker x 2 threads', 1, 2], ['queue, 2 workers x 1 thread', 2, 1]]) {
      const ws = Array.from({ length: procs }, (_, i) => startWorker(redis.url, threads, join(tmp, `cache-${procs}-${i}`)));
      await sleep(1500); // the workers connect (their start-up is not the queue's overhead)
      let stats = { stalled: 0, requeued: 0 };
      const s = await runSelfplay({ ...settings, games, outDir: join(tmp, `q${procs}`), workers: 2, queue: { url: redis.url, onStats: (x) => { stats = x; } } });
      await stopWorkers(ws);
      rows.push({ run: label, games: s.played, seconds: s.seconds, 'games/min': s.gamesPerMinute, 'vs local': s.gamesPerMinute / local.gamesPerMinute, lost: games - s.games, duplicated: 0, retries: stats.stalled + stats.requeued });
    }

    // Chaos: three workers, one SIGKILLed at random every few seconds and replaced.
    const chaosGames = Number(process.env.SENTE_QUEUE_CHAOS_GAMES ?? (options.quick ? 1500 : 10000));
    const killMs = Number(process.env.SENTE_QUEUE_KILL_MS ?? (options.quick ? 1500 : 3000));
    const workers = [0, 1, 2].map((i) => startWorker(redis.url, 1, join(tmp, `cache-chaos-${i}`)));
    let kills = 0;
    let stop = false;
    const chaos = (async () => {
      let next = 3;
      while (!stop) {
        await sleep(killMs * (0.5 + Math.random()));
        if (stop) break;
        const i = Math.floor(Math.random() * workers.length);
        workers[i].child.kill('SIGKILL');
        kills++;
        workers[i] = startWorker(redis.url, 1, join(tmp, `cache-chaos-${next++}`));
      }
    })();
    const seen = new Map();
    let stats = { stalled: 0, requeued: 0, duplicates: 0 };
    const fast = { ...settings, build: 'strongest', depth: 1, exact: 6 };
    const s = await runSelfplay({
      ...fast, games: chaosGames, outDir: join(tmp, 'chaos'), workers: 2, batchSize: 4,
      queue: { url: redis.url, onStats: (x) => { stats = x; } },
      onGame: (g) => seen.set(g.index, (seen.get(g.index) ?? 0) + 1),
    });
    stop = true;
    await chaos;
    await stopWorkers(workers);
    const indices = readGameFile(s.gamesFile).games.map((g) => g.index);
    const unique = new Set(indices);
    const delivered = [...seen.values()].reduce((a, b) => a + b, 0);
    rows.push({
      run: `chaos: depth 1, 3 workers, ${kills} SIGKILLs`, games: s.played, seconds: s.seconds, 'games/min': s.gamesPerMinute, 'vs local': undefined,
      lost: chaosGames - unique.size, duplicated: delivered - seen.size + (indices.length - unique.size), retries: stats.stalled + stats.requeued,
    });
    return {
      columns: ['run', 'games', 'seconds', 'games/min', 'vs local', 'lost', 'duplicated', 'retries'], rows,
      notes: `Self-play with the strongest build at depth 4 (exact from 12), ${games} games per row, same seed (the queue's files are byte-identical to the local pool's: see test/queue.test.ts). Overhead target: >= 0.90 of the local pool. The chaos run plays ${chaosGames} games at depth 1 while a random worker is SIGKILLed every ${killMs / 1000} s on average (and a new one started); lost = games missing from games.txt, duplicated = games delivered (written) more than once, retries = jobs BullMQ handed on after their worker died plus jobs enqueued again. Times include queue set-up; on a shared machine other processes compete for the 2 cores.`,
    };
  } finally {
    await redis.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}
