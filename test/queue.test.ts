// End to end: pool jobs on the BullMQ/Redis queue, with a real redis-server (loopback, persistence
// off) and real `sente worker` processes. Self-play over the queue gives byte-identical files to
// the local pool (same seed); workers SIGKILLed mid-run lose and duplicate nothing; a coordinator
// SIGKILLed and restarted with --resume finishes the same file; a forged result is refused, logged
// and played again by an honest worker; a wrong password is a clear error, not a hang; a worker of
// another version refuses and says why; tournaments, book scoring, relabelling and data-mode
// self-play run over the queue; and
// `sente queue status|drain|clean` see and steer it; a tournament's live moves (--events) reach the
// coordinator's events file, checked (forged reports dropped); a match its SPRT stopped leaves
// nothing on the queue. Skips when redis-server is absent.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Position, parseTranscript } from '@sente/core';
import { liveEventsPath, readGameFile, readTournamentResults, runSelfplay, setStrongest, DEFAULT_OPENINGS_FILE } from '@sente/selfplay';
import { hasRedis, NO_REDIS, startRedis, type RedisServer } from './redis-server.js';
import { type CliResult, MAIN, ROOT, runCli } from './cli.js';

const FAKE = fileURLToPath(new URL('./fixtures/fake-queue-worker.mjs', import.meta.url));
const FAKE_LIVE = fileURLToPath(new URL('./fixtures/fake-live-worker.mjs', import.meta.url));
const FAST = ['--build', 'bootstrap', '--depth', '1', '--exact', '6', '--seed', '7', '--openings', 'xot'];
/** Games of the parity run (the issue asks 400 at depth 1; they fit in well under 30 s here). */
const PARITY_GAMES = 400;

let tmp = '';
let env: NodeJS.ProcessEnv = {};
let redis: RedisServer;
const children: ChildProcess[] = [];
const running: Running[] = [];

if (!hasRedis) console.warn(NO_REDIS);

function sente(...args: string[]): CliResult {
  return runCli(args, { env });
}

interface Running { child: ChildProcess; out: () => string; exited: Promise<number | null> }

function start(args: string[], extraEnv: NodeJS.ProcessEnv = {}): Running {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...env, ...extraEnv } });
  children.push(child);
  let out = '';
  child.stdout?.on('data', (d) => { out += String(d); });
  child.stderr?.on('data', (d) => { out += String(d); });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const r = { child, out: () => out, exited };
  running.push(r);
  return r;
}

function worker(url: string, name: string, threads = 1): Running {
  return start([MAIN, 'worker', '--redis', url, '--threads', String(threads), '--concurrency', '2', '--cache', join(tmp, `cache-${name}`), '--stall', '1.5s']);
}

async function until(what: string, test: () => boolean, ms = 60_000): Promise<void> {
  const t0 = Date.now();
  while (!test()) {
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function stopAll(list: Running[]): Promise<void> {
  for (const r of list) if (r.child.exitCode === null) r.child.kill('SIGTERM');
  await Promise.all(list.map((r) => r.exited));
}

/** Waits until `n` workers are connected, so that a run's jobs are shared from its start (a worker slow to start on a loaded machine would otherwise find them all taken). */
async function connected(url: string, n: number): Promise<void> {
  await until(`${n} workers connected`, () => Number(/workers: (\d+) connected/.exec(sente('queue', 'status', '--redis', url).stdout)?.[1] ?? 0) >= n, 60_000);
}

function lines(file: string): number {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '').length : 0;
}

/**
 * The live events of a tournament, checked against its results file: each event is for a recorded
 * game with its players, legal by our rules, a prefix of the recorded game past its opening, and
 * longer than the previous event of that game. The plies last seen per game.
 */
function liveEventsOf(csv: string): { results: ReturnType<typeof readTournamentResults>; events: number; seen: Map<number, number> } {
  const results = readTournamentResults(csv);
  const events = readFileSync(liveEventsPath(csv), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { game: number; black: string; white: string; moves: string });
  const byKey = new Map(results.map((g) => [g.key, g]));
  const seen = new Map<number, number>();
  for (const e of events) {
    const g = byKey.get(e.game);
    expect(g, `event for game ${e.game}`).toBeDefined();
    expect([e.black, e.white]).toEqual([g!.black, g!.white]);
    const replay = parseTranscript(e.moves, Position.initial());
    expect(replay.ok, e.moves).toBe(true);
    const moves = replay.ok ? replay.value.moves : [];
    expect(g!.moves.filter((m) => m >= 0).slice(0, moves.length)).toEqual(moves);
    expect(moves.length).toBeGreaterThan(g!.opening.length);
    expect(moves.length).toBeGreaterThan(seen.get(e.game) ?? 0);
    seen.set(e.game, moves.length);
  }
  return { results, events: events.length, seen };
}

/** The reference: the same games on the local pool. */
let local = '';

describe.skipIf(!hasRedis)('the job queue (BullMQ on a real redis-server)', () => {
  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'sente-queue-'));
    setStrongest(join(tmp, 'builds'), 'bootstrap');
    env = { ...process.env, SENTE_BUILDS: join(tmp, 'builds'), SENTE_REDIS: '' };
    redis = await startRedis();
    const r = sente('selfplay', ...FAST, '--games', String(PARITY_GAMES), '--workers', '2', '--out', join(tmp, 'local'));
    expect(r.status, r.stderr).toBe(0);
    local = readFileSync(join(tmp, 'local', 'games.txt'), 'utf8');
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await redis?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  it(`${PARITY_GAMES} games over the queue with 2 worker processes are byte-identical to the local pool`, async () => {
    const ws = [worker(redis.url, 'a'), worker(redis.url, 'b')];
    await connected(redis.url, 2);
    const r = sente('selfplay', ...FAST, '--games', String(PARITY_GAMES), '--redis', redis.url, '--out', join(tmp, 'queued'));
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`${PARITY_GAMES}/${PARITY_GAMES} games`));
    expect(readFileSync(join(tmp, 'queued', 'games.txt'), 'utf8')).toBe(local);
    expect(readFileSync(join(tmp, 'queued', 'games.csv'), 'utf8')).toBe(readFileSync(join(tmp, 'local', 'games.csv'), 'utf8'));
    // Both workers played; the finished run left nothing on the queue but the stored build.
    const status = sente('queue', 'status', '--redis', redis.url);
    expect(status.stdout).toMatch(/runs: 0/);
    expect(status.stdout).toMatch(/workers: 2 connected/);
    const done = [...status.stdout.matchAll(/(\d+) jobs and (\d+) results/g)].map((m) => Number(m[2]));
    expect(done).toHaveLength(2);
    for (const n of done) expect(n).toBeGreaterThan(0);
    await stopAll(ws);
    console.log(`queue parity: ${PARITY_GAMES} games at depth 1 over the queue in ${(r.ms / 1000).toFixed(1)} s`);
  });

  it('SIGKILL a worker mid-run, twice: every game arrives exactly once', async () => {
    const games = PARITY_GAMES;
    const out = join(tmp, 'killed-workers');
    const a = worker(redis.url, 'k1');
    const b = worker(redis.url, 'k2');
    await connected(redis.url, 2);
    const run = start([MAIN, 'selfplay', ...FAST, '--games', String(games), '--batch', '4', '--redis', redis.url, '--out', out]);
    const file = join(out, 'games.txt');
    await until('40 games', () => lines(file) >= 40);
    a.child.kill('SIGKILL');
    const c = worker(redis.url, 'k3');
    await until('150 games', () => lines(file) >= 150);
    b.child.kill('SIGKILL');
    expect(await run.exited, run.out()).toBe(0);
    const got = readGameFile(file).games.map((g) => g.index);
    expect(got).toEqual([...Array(games).keys()]);
    expect(readFileSync(file, 'utf8')).toBe(local.split('\n').slice(0, games).join('\n') + '\n');
    expect(run.out()).toMatch(/stalled/);
    await stopAll([c]);
  });

  it('a coordinator SIGKILLed and restarted with --resume loses and duplicates nothing', async () => {
    const games = 120;
    const out = join(tmp, 'killed-coordinator');
    const ws = [worker(redis.url, 'c1'), worker(redis.url, 'c2')];
    const first = start([MAIN, 'selfplay', ...FAST, '--games', String(games), '--batch', '4', '--redis', redis.url, '--out', out]);
    await until('30 games', () => lines(join(out, 'games.txt')) >= 30);
    first.child.kill('SIGKILL');
    await first.exited;
    // The workers go on with the queued jobs meanwhile; their games wait in the run's stream.
    await new Promise((r) => setTimeout(r, 500));
    const again = sente('selfplay', ...FAST, '--games', String(games), '--batch', '4', '--redis', redis.url, '--out', out, '--resume');
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toMatch(new RegExp(`${games}/${games} games`));
    expect(readFileSync(join(out, 'games.txt'), 'utf8')).toBe(local.split('\n').slice(0, games).join('\n') + '\n');
    await stopAll(ws);
  });

  it('a worker returning illegal games: refused, logged, and the games played again elsewhere', async () => {
    await stopAll(running); // an honest worker left running would take the jobs before the fake does
    // Runs left by the tests before (the fake joins the first run it finds) are removed first.
    expect(sente('queue', 'clean', '--redis', redis.url, '--all').status).toBe(0);
    expect(sente('queue', 'status', '--redis', redis.url).stdout).toMatch(/runs: 0/);
    const games = 24;
    const out = join(tmp, 'forged');
    const fake = start([FAKE, redis.url].map(String), {});
    const run = start([MAIN, 'selfplay', ...FAST, '--games', String(games), '--batch', '4', '--redis', redis.url, '--out', out]);
    await until('the forged job', () => /forged [\d,]+/.test(fake.out()), 120_000)
      .catch((e: Error) => { throw new Error(`${e.message}; the fake said: ${fake.out()}; the coordinator said: ${run.out()}`); });
    const forged = /forged ([\d,]+)/.exec(fake.out())![1].split(',').map(Number);
    expect(forged.length).toBe(4);
    const honest = worker(redis.url, 'h');
    expect(await run.exited, run.out()).toBe(0);
    for (const k of forged) expect(run.out()).toMatch(new RegExp(`refused the result for key ${k} from worker fake-worker: (move 1 is illegal|recorded score|the game is not finished|does not start)`));
    expect(readFileSync(join(out, 'games.txt'), 'utf8')).toBe(local.split('\n').slice(0, games).join('\n') + '\n');
    await stopAll([honest, fake]);
  });

  it('a wrong or missing password is a clear error at once, for workers and coordinators', async () => {
    const locked = await startRedis(['--requirepass', 's3cret'], { password: 's3cret' });
    try {
      const wrong = locked.url.replace('s3cret', 'nope');
      const w = sente('worker', '--redis', wrong, '--threads', '1');
      expect(w.status).toBe(2);
      expect(w.stderr).toMatch(/refused the password/);
      expect(w.stderr).not.toMatch(/nope/);
      expect(w.ms).toBeLessThan(15_000);
      const s = sente('selfplay', ...FAST, '--games', '2', '--redis', `redis://127.0.0.1:${locked.port}`, '--out', join(tmp, 'nopass'));
      expect(s.status).toBe(2);
      expect(s.stderr).toMatch(/requires a password/);
      const env2 = sente('queue', 'status', '--redis', 'http://127.0.0.1:1');
      expect(env2.stderr).toMatch(/scheme must be redis:\/\/ or rediss:\/\//);
      // The right password works (given in the URL, here through SENTE_REDIS).
      const ok = spawnSync(process.execPath, [MAIN, 'queue', 'status'], { cwd: ROOT, env: { ...env, SENTE_REDIS: locked.url }, encoding: 'utf8' });
      expect(ok.status, ok.stderr).toBe(0);
      expect(ok.stdout).toMatch(/runs: 0/);
    } finally {
      await locked.stop();
    }
  });

  it('a worker stops on SIGTERM even after its Redis went away', async () => {
    const gone = await startRedis();
    const w = worker(gone.url, 'gone');
    await until('the worker to connect', () => /waiting for jobs/.test(w.out()), 20_000);
    await gone.stop();
    await new Promise((r) => setTimeout(r, 500));
    w.child.kill('SIGTERM');
    const t0 = Date.now();
    expect(await w.exited).toBe(0);
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(w.out()).toMatch(/stopped/);
  });

  it('a worker of another sente version refuses the jobs and says why', async () => {
    const w = worker(redis.url, 'v');
    const ac = new AbortController();
    const log: string[] = [];
    const s = await runSelfplay({
      build: 'bootstrap', buildsDir: join(tmp, 'builds'), games: 4, depth: 1, exact: 6, randomness: 2, randomPlies: 30, seed: 7,
      openings: { kind: 'file', path: DEFAULT_OPENINGS_FILE }, outDir: join(tmp, 'other-version'), workers: 1, signal: ac.signal,
      queue: {
        url: redis.url, identity: { version: '0.0.0-other' },
        log: (line) => { log.push(line); if (/refuses/.test(line)) ac.abort(); },
      },
    });
    expect(s.interrupted).toBe(true);
    expect(s.played).toBe(0);
    expect(log.join('\n')).toMatch(/refuses this run's jobs: the job needs sente 0\.0\.0-other, this worker runs sente 0\.1\.0/);
    await until('the worker log', () => /refusing the jobs of run/.test(w.out()), 10_000);
    await stopAll([w]);
    sente('queue', 'clean', '--redis', redis.url, '--all');
  });

  it('tournaments, book scoring, relabelling and data-mode self-play run over the queue with the local results', async () => {
    const ws = [worker(redis.url, 't1'), worker(redis.url, 't2')];
    const players = ['--player', 'bootstrap:depth=1', '--player', 'bootstrap:depth=2', '--games', '6', '--exact', '6'];
    const lq = sente('tournament', ...players, '--csv', join(tmp, 't-local.csv'));
    const qq = sente('tournament', ...players, '--csv', join(tmp, 't-queue.csv'), '--redis', redis.url);
    expect(qq.status, qq.stderr).toBe(0);
    // Same games, same standings (the per-move times differ, so the CSVs are compared without them).
    const noTimes = (f: string): string[] => readFileSync(f, 'utf8').trim().split('\n').map((l) => l.split(',').slice(0, 10).join(',')).sort();
    expect(noTimes(join(tmp, 't-queue.csv'))).toEqual(noTimes(join(tmp, 't-local.csv')));
    expect(qq.stdout.split('\n').filter((l) => /^bootstrap/.test(l)).map((l) => l.replace(/\s+\S+\s*$/, ''))).toEqual(lq.stdout.split('\n').filter((l) => /^bootstrap/.test(l)).map((l) => l.replace(/\s+\S+\s*$/, '')));
    const games = join(tmp, 'local', 'games.txt');
    const bl = sente('book', 'build', '--games', games, '--plies', '3', '--depth', '2', '--build', 'bootstrap', '--workers', '2', '--out', join(tmp, 'local.book'));
    expect(bl.status, bl.stderr).toBe(0);
    const bq = sente('book', 'build', '--games', games, '--plies', '3', '--depth', '2', '--build', 'bootstrap', '--redis', redis.url, '--out', join(tmp, 'queue.book'));
    expect(bq.status, bq.stderr).toBe(0);
    expect(readFileSync(join(tmp, 'queue.book'))).toEqual(readFileSync(join(tmp, 'local.book')));
    // Relabelling: the same labels, byte for byte (exact at 8 empties and below, which the
    // coordinator solves again at 8 and below before it keeps them).
    expect(sente('data', 'convert', games, '--out', join(tmp, 'all.spos')).status).toBe(0);
    expect(sente('data', 'sample', join(tmp, 'all.spos'), '--per', '8', '--seed', '3', '--out', join(tmp, 'few.spos')).status).toBe(0);
    const relabel = ['data', 'relabel', join(tmp, 'few.spos'), '--build', 'bootstrap', '--depth', '2', '--exact', '8'];
    const rl = sente(...relabel, '--workers', '2', '--out', join(tmp, 'local-labels.spos'));
    expect(rl.status, rl.stderr).toBe(0);
    const rq = sente('data', 'relabel', join(tmp, 'few.spos'), '--build', 'bootstrap', '--depth', '2', '--exact', '8', '--redis', redis.url, '--out', join(tmp, 'queue-labels.spos'));
    expect(rq.status, rq.stderr).toBe(0);
    expect(rq.stdout).toMatch(/positions by bootstrap at depth 2, exact from 8/);
    expect(readFileSync(join(tmp, 'queue-labels.spos'))).toEqual(readFileSync(join(tmp, 'local-labels.spos')));
    // Data mode (random openings of varying length): the same games and positions.
    const dm = ['selfplay', '--build', 'bootstrap', '--depth', '1', '--exact', '6', '--seed', '9', '--random-opening', '10-40', '--games', '60'];
    const dl = sente(...dm, '--workers', '2', '--out', join(tmp, 'dm-local'));
    expect(dl.status, dl.stderr).toBe(0);
    const dq = sente(...dm, '--redis', redis.url, '--out', join(tmp, 'dm-queue'));
    expect(dq.status, dq.stderr).toBe(0);
    expect(dq.stderr).not.toMatch(/refused/);
    expect(readFileSync(join(tmp, 'dm-queue', 'games.txt'), 'utf8')).toBe(readFileSync(join(tmp, 'dm-local', 'games.txt'), 'utf8'));
    expect(readFileSync(join(tmp, 'dm-queue', 'positions.spos'))).toEqual(readFileSync(join(tmp, 'dm-local', 'positions.spos')));
    await stopAll(ws);
  });

  it('tournament --events over the queue: the workers report the moves, the coordinator checks and writes them', async () => {
    const ws = [worker(redis.url, 'e1'), worker(redis.url, 'e2')];
    await connected(redis.url, 2);
    const csv = join(tmp, 't-events.csv');
    const r = sente('tournament', '--player', 'bootstrap:depth=1', '--player', 'bootstrap:depth=5', '--games', '8', '--exact', '6', '--csv', csv, '--events', '--redis', redis.url);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).not.toMatch(/dropped a live move report/);
    const { results, events, seen } = liveEventsOf(csv);
    expect(results).toHaveLength(8);
    // Every game of the run was seen live (its first move is reported at once).
    expect([...seen.keys()].sort((a, b) => a - b)).toEqual(results.map((g) => g.key).sort((a, b) => a - b));
    const final = results.filter((g) => seen.get(g.key) === g.moves.filter((m) => m >= 0).length).length;
    console.log(`queue live events: ${events} move events for ${results.length} games (${final} with their final position)`);
    // A game's last report is written before its result, and the coordinator waits for it: every
    // game's final position is in the file.
    expect(final).toBe(results.length);
    await stopAll(ws);
  });

  it('tournament --events over the queue: forged live move reports are dropped, not written', async () => {
    expect(sente('queue', 'status', '--redis', redis.url).stdout).toMatch(/runs: 0/);
    const csv = join(tmp, 't-forged-events.csv');
    const fake = start([FAKE_LIVE, redis.url]);
    const run = start([MAIN, 'tournament', '--player', 'bootstrap:depth=1', '--player', 'bootstrap:depth=2', '--games', '4', '--exact', '6', '--csv', csv, '--events', '--redis', redis.url]);
    await until('the forged reports', () => /forged live [\d,]+/.test(fake.out()), 120_000)
      .catch((e: Error) => { throw new Error(`${e.message}; the fake said: ${fake.out()}; the coordinator said: ${run.out()}`); });
    const honest = worker(redis.url, 'eh');
    expect(await run.exited, run.out()).toBe(0);
    expect(run.out()).toMatch(/dropped a live move report of job \S+: game 100000 is not one of the job's games/);
    // Only the honest worker's reports are in the file: legal prefixes of the recorded games.
    const { results, seen } = liveEventsOf(csv);
    expect(results).toHaveLength(4);
    expect([...seen.keys()].sort((a, b) => a - b)).toEqual(results.map((g) => g.key).sort((a, b) => a - b));
    await stopAll([honest, fake]);
  });

  it('improve --redis: self-play and the match run on the workers, the candidate travels by checksum', async () => {
    await stopAll(running);
    const w = worker(redis.url, 'imp', 2);
    const run = join(tmp, 'improve-run');
    const r = sente('improve', '--generations', '1', '--games', '24', '--depth', '1', '--exact', '4', '--match-games', '4', '--match-depth', '1',
      '--epochs', '2', '--workers', '1', '--seed', '3', '--run', run, '--prefix', 'q', '--redis', redis.url);
    expect(r.status, r.stderr).toBe(0);
    const report = JSON.parse(readFileSync(join(run, 'report.json'), 'utf8')) as { candidate: string; match: { wins: number; draws: number; losses: number } }[];
    expect(report).toHaveLength(1);
    expect(report[0].candidate).toBe('q-g1');
    const m = report[0].match;
    expect(m.wins + m.draws + m.losses).toBe(4);
    expect(readGameFile(join(run, 'gen-1', 'selfplay', 'games.txt')).games).toHaveLength(24);
    // The worker played the match too: it fetched the candidate's table (a user build it never had
    // on disk) into its cache by checksum.
    const table = readFileSync(join(tmp, 'builds', 'q-g1', 'table.sev.gz'));
    const sha = createHash('sha256').update(table).digest('hex');
    expect(existsSync(join(tmp, 'cache-imp', 'blobs', sha))).toBe(true);
    await stopAll([w]);
  });

  it('a match its SPRT stopped leaves nothing on the queue; a run under other rules adopts nothing', async () => {
    await stopAll(running);
    const ws = [worker(redis.url, 'p1'), worker(redis.url, 'p2')];
    await connected(redis.url, 2);
    const runs = (): unknown[] => (JSON.parse(sente('queue', 'status', '--redis', redis.url, '--json').stdout) as { runs: unknown[] }).runs;
    expect(runs()).toHaveLength(0);
    const players = ['--player', 'bootstrap:depth=2,exact=6', '--player', 'gen3:depth=2,exact=6'];
    // A test this loose decides within a few pairs; the games still queued are not left behind.
    const a = sente('tournament', ...players, '--games', '100', '--sprt', 'elo0=0,elo1=1000,alpha=0.5,beta=0.5', '--redis', redis.url);
    expect(a.status, a.stderr).toBe(0);
    expect(a.stdout).toMatch(/stopped by the SPRT/);
    expect(runs()).toHaveLength(0);
    // Under exact adjudication every game is adjudicated (none adopted from an earlier run).
    const csv = join(tmp, 'adjudicated.csv');
    const b = sente('tournament', ...players, '--games', '10', '--adjudicate', 'exact=14', '--csv', csv, '--redis', redis.url);
    expect(b.status, b.stderr).toBe(0);
    expect(b.stderr).not.toMatch(/adopted/);
    const results = readTournamentResults(csv);
    expect(results).toHaveLength(10);
    expect(results.every((r) => r.reason.startsWith('adjudicated (exact 14)'))).toBe(true);
    expect(runs()).toHaveLength(0);
    await stopAll(ws);
  });

  it('sente queue status shows a live run; drain stops it (resumable); clean removes what is left', async () => {
    const out = join(tmp, 'drained');
    await stopAll(running); // nothing left over from the tests before
    // Slower games (depth 5, about 0.3 s each) so that the run is still going when it is drained.
    const games = 40; // enough that the worker is still playing when the drain comes, even on a loaded machine
    const slow = ['--build', 'bootstrap', '--depth', '5', '--exact', '12', '--seed', '7', '--batch', '1'];
    const run = start([MAIN, 'selfplay', ...slow, '--games', String(games), '--redis', redis.url, '--out', out]);
    let st = { stdout: '' };
    await until('the run and its jobs', () => new RegExp(`jobs: ${games} waiting`).test((st = sente('queue', 'status', '--redis', redis.url)).stdout), 20_000);
    expect(st.stdout).toMatch(/selfplay-[0-9a-f]{12} {2}selfplay, running; coordinator \S+:\d+/);
    expect(st.stdout).toMatch(new RegExp(`0/${games} delivered \\(0\\.0/min\\); jobs: ${games} waiting, 0 active, 0 failed`));
    expect(st.stdout).toMatch(/workers: 0 connected/);
    const w = worker(redis.url, 's');
    await until('some games', () => lines(join(out, 'games.txt')) >= 2);
    expect(sente('queue', 'status', '--redis', redis.url).stdout).toMatch(/workers: 1 connected\n {2}\S+ {2}connected; sente 0\.1\.0, 1 thread\(s\), \d+ job\(s\) running, \d+ jobs and \d+ results/);
    const listed = JSON.parse(sente('queue', 'status', '--redis', redis.url, '--json').stdout) as { runs: { name: string; alive: boolean }[]; workers: unknown[] };
    expect(listed.runs).toHaveLength(1);
    expect(listed.runs[0].alive).toBe(true);
    expect(listed.workers).toHaveLength(1);
    const name = listed.runs[0].name;
    expect(sente('queue', 'drain', '--redis', redis.url, '--run', 'no-such-run').stdout).not.toContain(`drained ${name}`);
    const d = sente('queue', 'drain', '--redis', redis.url, '--run', name);
    expect(d.stdout).toContain(`drained ${name}:`);
    expect(d.stdout).toMatch(/drained selfplay-[0-9a-f]{12}: \d+ waiting job\(s\) removed/);
    expect(await run.exited).toBe(1);
    expect(run.out()).toMatch(/interrupted at \d+\/\d+ games; resume with --resume/);
    // The drained run stays listed until it is resumed or cleaned.
    expect(sente('queue', 'status', '--redis', redis.url).stdout).toMatch(/runs: 1/);
    await stopAll([w]);
    const c = sente('queue', 'clean', '--redis', redis.url, '--all');
    expect(c.stdout).toMatch(/removed 1 run\(s\)/);
    expect(sente('queue', 'status', '--redis', redis.url).stdout).toMatch(/runs: 0/);
    // --resume (no run on the queue now) plays the rest, and the file is the local one.
    const w2 = worker(redis.url, 's2', 2);
    const before = lines(join(out, 'games.txt'));
    const again = sente('selfplay', ...slow, '--games', String(games), '--redis', redis.url, '--out', out, '--resume');
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toMatch(new RegExp(`${games}/${games} games .*\\(${games - before} played now`));
    expect(readGameFile(join(out, 'games.txt')).games.map((g) => g.index)).toEqual([...Array(games).keys()]);
    await stopAll([w2]);
  });
});
