// Shared by the browser tests: Debian's Chromium driven by playwright-core (browsers cannot be
// downloaded here, so the system one is used through its path), `sente serve` started on a free
// port and stopped afterwards, every console error and page error collected (a test fails on
// any), and one screenshot per test under test/artifacts/web (ignored by git).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const MAIN = join(ROOT, 'apps/cli/dist/main.js');
export const ARTIFACTS = join(ROOT, 'test/artifacts/web');

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter((p): p is string => !!p);
export const CHROMIUM = CANDIDATES.find((p) => existsSync(p)) ?? null;
export const NO_CHROMIUM = CHROMIUM ? '' : `no Chromium found (looked for ${CANDIDATES.join(', ')}); install Debian's chromium (.ci/run does) to run the browser tests`;
if (!CHROMIUM) console.warn(`skipping the browser tests: ${NO_CHROMIUM}`);

export interface Browser {
  readonly context: BrowserContext;
  readonly errors: string[];
  page(): Promise<Page>;
  shot(page: Page, name: string): Promise<string>;
  close(): Promise<void>;
}

export async function launch(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'sente-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM!,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1200, height: 900 },
  });
  const errors: string[] = [];
  const watch = (page: Page): void => {
    page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
    page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  };
  context.on('page', watch);
  for (const p of context.pages()) watch(p);
  mkdirSync(ARTIFACTS, { recursive: true });
  return {
    context,
    errors,
    page: async () => context.pages()[0] ?? context.newPage(),
    shot: async (page, name) => {
      const path = join(ARTIFACTS, `${name}.png`);
      await page.screenshot({ path, fullPage: true });
      return path;
    },
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export interface Served {
  readonly url: string;
  readonly child: ChildProcess;
  readonly output: () => string;
  stop(): Promise<void>;
}

/** Starts `sente serve --port 0 ...args` and resolves with the address it prints. */
export function serve(args: string[], env: Record<string, string> = {}): Promise<Served> {
  const child = spawn(process.execPath, [MAIN, 'serve', '--port', '0', ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sente serve did not start: ${out}`)), 30_000);
    const onData = (d: Buffer): void => {
      out += d.toString();
      const m = /sente lab at (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({
          url: m[1], child, output: () => out,
          stop: () => new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`sente serve exited with ${code}: ${out}`)); });
  });
}
