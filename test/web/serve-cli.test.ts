// The `sente serve` command itself: its options checked before anything starts (exit 2 with one
// line), the address it prints (with the token), --open handing that address to the desktop's
// opener, and a clean stop on SIGTERM.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAIN, ROOT } from './browser.js';

const tmp = mkdtempSync(join(tmpdir(), 'sente-serve-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function sente(args: string[]): { status: number | null; stderr: string } {
  const r = spawnSync(process.execPath, [MAIN, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stderr: r.stderr };
}

describe('sente serve options', () => {
  it('refuses bad values before starting', () => {
    const file = join(tmp, 'a-file');
    writeFileSync(file, 'x');
    const cases: [string[], RegExp][] = [
      [['serve', '--port', '70000'], /--port must be a whole number from 0 to 65535/],
      [['serve', '--port', 'abc'], /--port must be a whole number/],
      [['serve', '--token', 'short'], /--token must be at least 8 characters/],
      [['serve', '--archive', file], /--archive .* is a file; name a folder/],
      [['serve', '--static-out', file], /--static-out .* is a file; name a folder/],
    ];
    for (const [args, message] of cases) {
      const r = sente(args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(message);
    }
  });

  it('serves with --host, --port 0, --token and --archive; --open hands the address to xdg-open; stops on SIGTERM', async () => {
    const bin = join(tmp, 'bin');
    const opened = join(tmp, 'opened.txt');
    spawnSync('mkdir', ['-p', bin]);
    writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\necho "$1" > ${JSON.stringify(opened)}\n`);
    chmodSync(join(bin, 'xdg-open'), 0o755);
    const archive = join(tmp, 'archive');
    const child = spawn(process.execPath, [MAIN, 'serve', '--host', '127.0.0.1', '--port', '0', '--token', 'secret-token-1', '--archive', archive, '--open'],
      { cwd: ROOT, env: { ...process.env, PATH: `${bin}:${process.env.PATH}` }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /sente lab at (http:\/\/\S+) \(archive /.exec(out);
        if (m) resolve(m[1]);
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
    });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=secret-token-1$/);
    expect(existsSync(archive)).toBe(true);
    const base = url.replace(/\?.*/, '');
    expect((await fetch(`${base}sente-config.json`)).status).toBe(401);
    const ok = await fetch(`${base}sente-config.json`, { headers: { authorization: 'Bearer secret-token-1' } });
    expect(ok.status).toBe(200);
    expect((await ok.json()).archive).toBe(true);
    for (let i = 0; i < 50 && !existsSync(opened); i++) await new Promise((r) => setTimeout(r, 100));
    expect(readFileSync(opened, 'utf8').trim()).toBe(url);
    const code = await new Promise<number | null>((resolve) => { child.once('exit', resolve); child.kill('SIGTERM'); });
    expect(code).toBe(0);
  });

  it('a port in use is a usage error', async () => {
    const { createServer } = await import('node:net');
    const blocker = createServer();
    await new Promise<void>((ok) => blocker.listen(0, '127.0.0.1', ok));
    const port = (blocker.address() as { port: number }).port;
    const r = sente(['serve', '--port', String(port)]);
    blocker.close();
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`port ${port} on 127.0.0.1 is in use`));
  });
});
