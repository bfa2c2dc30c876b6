// A real redis-server for the queue tests: started on a free loopback port with persistence off
// (--save '' --appendonly no), stopped afterwards. `hasRedis` is false when the binary is absent
// (the tests then skip with a message; CI installs Debian's redis-server).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, connect } from 'node:net';

export const hasRedis = spawnSync('redis-server', ['--version'], { encoding: 'utf8' }).status === 0;
export const NO_REDIS = 'redis-server is not installed (apt-get install redis-server): the queue tests skip';

export interface RedisServer {
  readonly port: number;
  readonly url: string;
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function listening(port: number, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const c = connect(port, '127.0.0.1');
      c.once('connect', () => { c.destroy(); resolve(true); });
      c.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`redis-server did not listen on ${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Starts redis-server; `args` are extra directives (e.g. ['--requirepass', 'pw']). */
export async function startRedis(args: string[] = [], options: { password?: string; port?: number } = {}): Promise<RedisServer> {
  const port = options.port ?? (await freePort());
  const p = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  p.stdout?.on('data', (d) => { out += String(d); });
  p.stderr?.on('data', (d) => { out += String(d); });
  try {
    await listening(port, 10_000);
  } catch (e) {
    p.kill('SIGKILL');
    throw new Error(`${(e as Error).message}\n${out}`);
  }
  const auth = options.password !== undefined ? `:${encodeURIComponent(options.password)}@` : '';
  return {
    port, url: `redis://${auth}127.0.0.1:${port}`, process: p,
    stop: () => new Promise((resolve) => {
      if (p.exitCode !== null) return resolve();
      p.once('exit', () => resolve());
      p.kill('SIGTERM');
    }),
  };
}
