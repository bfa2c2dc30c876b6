// The steps of docs/queue.md ("running on N machines"), each exercised on loopback: a Redis with
// the default user off and an ACL user confined to sente's keys; a TLS-only Redis with a private
// CA (rediss://, NODE_EXTRA_CA_CERTS); workers and a coordinator through each; and the clear
// errors of the usual mistakes (plain redis:// to a TLS port, no CA, a user's wrong password).
// Skips when redis-server (or, for TLS, openssl) is absent.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGameFile, setStrongest } from '@sente/selfplay';
import { freePort, hasRedis, NO_REDIS, startRedis } from './redis-server.js';
import { type CliResult, MAIN, ROOT, runCli } from './cli.js';

const FAST = ['--build', 'bootstrap', '--depth', '1', '--exact', '6', '--seed', '3', '--games', '12'];
const hasOpenssl = spawnSync('openssl', ['version']).status === 0;
let tmp = '';
let env: NodeJS.ProcessEnv = {};
const children: ChildProcess[] = [];

if (!hasRedis) console.warn(NO_REDIS);

function sente(args: string[], extra: NodeJS.ProcessEnv = {}): CliResult {
  return runCli(args, { env: { ...env, ...extra } });
}

function worker(url: string, name: string, extra: NodeJS.ProcessEnv = {}): ChildProcess {
  const c = spawn(process.execPath, [MAIN, 'worker', '--redis', url, '--threads', '1', '--cache', join(tmp, `cache-${name}`)], { cwd: ROOT, env: { ...env, ...extra }, stdio: 'ignore' });
  children.push(c);
  return c;
}

describe.skipIf(!hasRedis)('docs/queue.md, step by step on loopback', () => {
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'sente-queue-docs-'));
    setStrongest(join(tmp, 'builds'), 'bootstrap');
    env = { ...process.env, SENTE_BUILDS: join(tmp, 'builds'), SENTE_REDIS: '' };
  });
  afterAll(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    rmSync(tmp, { recursive: true, force: true });
  });

  it('an ACL user confined to sente:* runs workers and coordinators; it cannot flush the server', async () => {
    // The docs' redis.conf lines, as command-line directives.
    const redis = await startRedis(['--user', 'default', 'off', '--user', 'sente', 'on', '>acl-secret', '~sente:*', '&sente:*', '+@all', '-@dangerous', '+info']);
    try {
      const url = `redis://sente:acl-secret@127.0.0.1:${redis.port}`;
      const ws = [worker(url, 'acl1'), worker(url, 'acl2')];
      const r = sente(['selfplay', ...FAST, '--redis', url, '--out', join(tmp, 'acl')]);
      expect(r.status, r.stderr).toBe(0);
      expect(readGameFile(join(tmp, 'acl', 'games.txt')).games.map((g) => g.index)).toEqual([...Array(12).keys()]);
      const local = sente(['selfplay', ...FAST, '--workers', '1', '--out', join(tmp, 'acl-local')]);
      expect(local.status).toBe(0);
      expect(spawnSync('cmp', [join(tmp, 'acl', 'games.txt'), join(tmp, 'acl-local', 'games.txt')]).status).toBe(0);
      const flush = spawnSync('redis-cli', ['-p', String(redis.port), '--user', 'sente', '--pass', 'acl-secret', '--no-auth-warning', 'flushall'], { encoding: 'utf8' });
      expect(flush.stdout + flush.stderr).toMatch(/NOPERM/);
      const noDefault = sente(['queue', 'status', '--redis', `redis://127.0.0.1:${redis.port}`]);
      expect(noDefault.status).toBe(2);
      expect(noDefault.stderr).toMatch(/requires a password|refused/);
      const wrong = sente(['queue', 'status', '--redis', `redis://sente:nope@127.0.0.1:${redis.port}`]);
      expect(wrong.stderr).toMatch(/refused the user "sente" or its password/);
      for (const w of ws) w.kill('SIGTERM');
    } finally {
      await redis.stop();
    }
  });

  it.skipIf(!hasOpenssl)('TLS only: rediss:// with a private CA (NODE_EXTRA_CA_CERTS); plain or unverified connections are clear errors', async () => {
    const ssl = (...args: string[]): void => {
      const r = spawnSync('openssl', args, { cwd: tmp, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
    };
    // The docs' certificate steps: a CA, and a server certificate for the Redis host signed by it.
    ssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=sente queue CA');
    ssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'redis.key', '-out', 'redis.csr', '-subj', '/CN=127.0.0.1');
    spawnSync('sh', ['-c', 'printf "subjectAltName=IP:127.0.0.1,DNS:localhost\\n" > san.cnf'], { cwd: tmp });
    ssl('x509', '-req', '-in', 'redis.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'redis.pem', '-days', '2', '-extfile', 'san.cnf');
    const port = await freePort();
    const redis = await startRedis([
      '--port', '0', '--tls-port', String(port), '--tls-cert-file', join(tmp, 'redis.pem'), '--tls-key-file', join(tmp, 'redis.key'),
      '--tls-ca-cert-file', join(tmp, 'ca.pem'), '--tls-auth-clients', 'no', '--requirepass', 'tls-secret',
    ], { port, password: 'tls-secret' });
    try {
      const url = `rediss://:tls-secret@127.0.0.1:${port}`;
      const ca = { NODE_EXTRA_CA_CERTS: join(tmp, 'ca.pem') };
      const ws = [worker(url, 'tls1', ca), worker(url, 'tls2', ca)];
      const r = sente(['selfplay', ...FAST, '--redis', url, '--out', join(tmp, 'tls')], ca);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/12\/12 games/);
      const noCa = sente(['queue', 'status', '--redis', url]);
      expect(noCa.status).toBe(2);
      expect(noCa.stderr).toMatch(/TLS to Redis at rediss:\/\/127\.0\.0\.1:\d+ failed: .*certificate.*NODE_EXTRA_CA_CERTS/);
      const plain = sente(['queue', 'status', '--redis', url.replace('rediss:', 'redis:')]);
      expect(plain.status).toBe(2);
      expect(plain.stderr).toMatch(/closed the connection .*expect TLS \(rediss:\/\/\)/);
      for (const w of ws) w.kill('SIGTERM');
    } finally {
      await redis.stop();
    }
  });
});
