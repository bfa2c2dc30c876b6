// The one GTP client against a fake engine (test/fixtures/fake-gtp.mjs) and a missing program:
// replies, arbitrary commands, list_commands support, timeouts with the engine's stderr, start
// failures with the command line and stderr, clean shutdown.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isSenteError } from '@sente/core';
import { GtpClient, GtpClientError, GtpTimeoutError, splitCommandLine } from './client.js';

const FAKE = fileURLToPath(new URL('../../../../test/fixtures/fake-gtp.mjs', import.meta.url));
const fake = (mode: string): string => `"${process.execPath}" "${FAKE}" ${mode}`;

/** Whether a process id is still running. */
function running(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('splitCommandLine (the one for both games)', () => {
  it('splits like a POSIX shell, without one', () => {
    expect(splitCommandLine('gnugo --mode gtp --level 1')).toEqual(['gnugo', '--mode', 'gtp', '--level', '1']);
    expect(splitCommandLine(`"/opt/my engine" -x 'a b'`)).toEqual(['/opt/my engine', '-x', 'a b']);
    expect(splitCommandLine(`  node 'my dir/main.js'  gtp --name "a \\"b\\" c" x\\ y `)).toEqual(['node', 'my dir/main.js', 'gtp', '--name', 'a "b" c', 'x y']);
    expect(splitCommandLine(`a '' b ""`)).toEqual(['a', '', 'b', '']);
    expect(splitCommandLine(`pre"quoted part"post 'it''s'`)).toEqual(['prequoted partpost', 'its']);
    expect(splitCommandLine(`"\\$HOME \\n" '\\$HOME'`)).toEqual(['$HOME \\n', '\\$HOME']);
    expect(splitCommandLine('a\tb\nc')).toEqual(['a', 'b', 'c']);
    expect(splitCommandLine('   ')).toEqual([]);
    expect(() => splitCommandLine('a "b')).toThrow(/unterminated " quote/);
    expect(() => splitCommandLine("a 'b")).toThrow(/unterminated ' quote/);
  });
});

describe('GtpClient', () => {
  it('starts, lists commands, sends arbitrary commands with ids kept apart, shuts down cleanly', async () => {
    const client = await GtpClient.start(fake('ok'), { name: 'fake', timeoutMs: 10_000 });
    try {
      expect(client.started).toBe(true);
      expect(client.supports('time_left')).toBe(true);
      expect(client.supports('time_settings')).toBe(true);
      expect(client.supports('showboard')).toBe(false);
      expect([...(await client.listCommands())]).toContain('genmove');
      // Commands are serialised: replies come back in order even when sent at once.
      const replies = await Promise.all([client.send('time_settings 60 0 0'), client.send('time_left black 30 0'), client.send('bogus'), client.send('echo a  b')]);
      expect(replies).toEqual([{ ok: true, text: '60 0 0' }, { ok: true, text: 'black 30 0' }, { ok: false, text: 'unknown command' }, { ok: true, text: 'a b' }]);
      expect(await client.expect('genmove b')).toBe('F5');
      await expect(client.expect('bogus')).rejects.toThrow('fake refused "bogus": ? unknown command');
    } finally {
      await client.close();
    }
    expect(client.alive).toBe(false);
    await expect(client.send('name')).rejects.toThrow(/fake exited \(code 0\); cannot send "name"/);
    await client.close(); // twice is fine
  });

  it('a hung engine: a timeout error naming the command, with its stderr; the engine is killed', async () => {
    const client = await GtpClient.start(fake('hang'), { name: 'hanger', timeoutMs: 500 });
    const pid = (client as unknown as { child: { pid?: number } }).child.pid;
    const t0 = Date.now();
    const error = await client.send('genmove black').then(() => null, (e: unknown) => e);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(450);
    expect(error).toBeInstanceOf(GtpTimeoutError);
    expect(isSenteError(error, 'gtp-timeout')).toBe(true);
    expect((error as Error).message).toBe('hanger gave no complete reply to "genmove black" within 500 ms; its stderr ends: fake: loading tables | fake: ready | fake: thinking forever');
    await client.exit;
    expect(running(pid)).toBe(false);
    expect(client.alive).toBe(false);
    // Later commands fail at once with the same kind of error (a referee scores it as a timeout).
    const later = await client.send('name').then(() => null, (e: unknown) => e);
    expect(later).toBeInstanceOf(GtpTimeoutError);
    expect((later as Error).message).toMatch(/^hanger gave no complete reply to "genmove black" within 500 ms; cannot send "name"/);
    await client.close();
  });

  it('an engine that never answers: the start-up timeout, not the per-command one, with its stderr', async () => {
    const t0 = Date.now();
    const error = await GtpClient.start(fake('mute'), { name: 'mute', timeoutMs: 100, startupTimeoutMs: 700 }).then(() => null, (e: unknown) => e);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(650);
    expect(error).toBeInstanceOf(GtpTimeoutError);
    expect((error as Error).message).toBe(`cannot start GTP engine "${fake('mute')}": mute gave no complete reply to "list_commands" within 700 ms; its stderr ends: fake: loading tables | fake: ready`);
  });

  it('a start failure is reported with the command line and the engine\'s stderr', async () => {
    const error = await GtpClient.start(fake('nostart'), { timeoutMs: 10_000 }).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(GtpClientError);
    expect(isSenteError(error, 'gtp-exited')).toBe(true);
    expect((error as Error).message).toBe(`cannot start GTP engine "${fake('nostart')}": ${process.execPath} exited (code 2) while waiting for the reply to "list_commands"; its stderr ends: fake: loading weights.bin | fake: fatal: weights.bin: no such file`);
    const missing = await GtpClient.start('/nonexistent/engine --gtp').then(() => null, (e: unknown) => e);
    expect(isSenteError(missing, 'gtp-start')).toBe(true);
    expect((missing as Error).message).toMatch(/^cannot start GTP engine "\/nonexistent\/engine --gtp": \/nonexistent\/engine failed: spawn \/nonexistent\/engine ENOENT/);
    expect(() => new GtpClient('  ')).toThrow('empty GTP command line');
    expect(() => new GtpClient('engine "unclosed')).toThrow(/unterminated " quote/);
  });

  it('close kills an engine that does not exit after quit', async () => {
    const client = await GtpClient.start(fake('stubborn'), { name: 'stubborn' });
    const pid = (client as unknown as { child: { pid?: number } }).child.pid;
    expect(running(pid)).toBe(true);
    const t0 = Date.now();
    await client.close(300);
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(running(pid)).toBe(false);
  });
});
