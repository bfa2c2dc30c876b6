// `sente serve --static-out DIR`: the app as plain files. Served by a bare static file server
// (no sente API behind it), the page loads a build's table from the folder and the engine in the
// Web Worker answers a move.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTranscript } from '@sente/core';
import { CHROMIUM, MAIN, ROOT, data, launch, waitData, type Browser } from './browser.js';

const tmp = mkdtempSync(join(tmpdir(), 'sente-web-static-'));
const out = join(tmp, 'site');
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };
let server: Server;
let base: string;
let browser: Browser;
const requested: string[] = [];

describe('sente serve --static-out', () => {
  it('writes the app, the builds\' tables and a static config; refuses a folder that is not its own', () => {
    const r = spawnSync(process.execPath, [MAIN, 'serve', '--static-out', out], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/wrote the static app to .* \(5 builds: bootstrap, gen3, gen4, gen5, gen6\)/);
    const config = JSON.parse(readFileSync(join(out, 'sente-config.json'), 'utf8'));
    expect(config.mode).toBe('static');
    expect(config.strongest).toBe('gen6');
    for (const id of ['gen3', 'gen4', 'gen5', 'gen6']) {
      expect(statSync(join(out, 'builds', id, 'table.sev.gz')).size).toBeGreaterThan(100_000);
      // gen5 and gen6 are blends of two tables (no fit, so no training curve).
      expect(existsSync(join(out, 'builds', id, 'training.json'))).toBe(id !== 'gen5' && id !== 'gen6');
    }
    expect(existsSync(join(out, 'index.html'))).toBe(true);
    // Again into the same folder is fine; into a folder of other files is refused (exit 2).
    expect(spawnSync(process.execPath, [MAIN, 'serve', '--static-out', out], { cwd: ROOT }).status).toBe(0);
    const other = spawnSync(process.execPath, [MAIN, 'serve', '--static-out', join(ROOT, 'docs')], { cwd: ROOT, encoding: 'utf8' });
    expect(other.status).toBe(2);
    expect(other.stderr).toMatch(/is not empty and is not a static sente app/);
  });

  describe.skipIf(!CHROMIUM)('in a browser, with no sente server', () => {
    beforeAll(async () => {
      server = createServer((req, res) => {
        const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
        requested.push(path);
        const file = join(out, path === '/' ? 'index.html' : path);
        if (!file.startsWith(out) || !existsSync(file) || !statSync(file).isFile()) { res.writeHead(404); res.end(); return; }
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
        res.end(readFileSync(file));
      });
      await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      browser = await launch();
    });
    afterAll(async () => {
      await browser?.close();
      await new Promise((ok) => server?.close(ok));
      rmSync(tmp, { recursive: true, force: true });
    });

    it('plays a move against the strongest build in the page', async () => {
      const page = await browser.page();
      await page.goto(`${base}#/play`);
      expect(await page.textContent('#mode')).toMatch(/static app/);
      await page.fill('#depth', '2');
      await page.click('#new-game');
      await waitData(page, '#play', 'state', 'waiting');
      await page.click('#play [data-square="f5"]');
      await page.waitForFunction(() => (document.querySelector('#play') as HTMLElement).dataset.transcript!.length === 4 && (document.querySelector('#play') as HTMLElement).dataset.state === 'waiting', undefined, { timeout: 60_000 });
      const t = (await data(page, '#play', 'transcript'))!;
      expect(t.startsWith('f5')).toBe(true);
      expect(parseTranscript(t).ok).toBe(true);
      expect(requested.some((p) => p.startsWith('/api'))).toBe(false);
      expect(requested).toContain('/builds/gen6/table.sev.gz');
      await browser.shot(page, 'static-play');
      expect(browser.errors).toEqual([]);
    });
  });
});
