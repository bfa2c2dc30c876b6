// Shared by the browser tests: Debian's Chromium driven by playwright-core (browsers cannot be
// downloaded here, so the system one is used through its path), `sente serve` started on a free
// port and stopped afterwards, every console error and page error collected (a test fails on
// any), and one screenshot per test under test/artifacts/web (ignored by git).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { BLACK, parseTranscript, squareName, type Position } from '@sente/core';

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

/**
 * Plays black in the Play page by clicking until the game is over: at each turn the legal moves
 * shown must be our rules' legal moves, an illegal click (an empty square that flips nothing,
 * else an occupied one) must change nothing, then a legal move is clicked (a fixed choice that
 * varies with the turn). Returns the final transcript and the number of black turns.
 */
export async function playBlackByClicks(page: Page): Promise<{ transcript: string; turns: number }> {
  const state = (): Promise<{ state: string; transcript: string }> => page.$eval('#play', (el) => ({ state: (el as HTMLElement).dataset.state ?? '', transcript: (el as HTMLElement).dataset.transcript ?? '' }));
  let turns = 0;
  for (;;) {
    await page.waitForFunction(() => ['waiting', 'over', 'error'].includes((document.querySelector('#play') as HTMLElement).dataset.state ?? ''), undefined, { timeout: 60_000 });
    const before = await state();
    if (before.state === 'error') throw new Error(`the Play page failed: ${await page.textContent('#status')}`);
    if (before.state === 'over') return { transcript: before.transcript, turns };
    const replay = parseTranscript(before.transcript === '(no moves yet)' ? '' : before.transcript);
    if (!replay.ok) throw new Error(`the page's transcript does not replay: ${replay.error.message}`);
    const pos = replay.value.position;
    if (pos.side !== BLACK) throw new Error(`black's turn expected after ${before.transcript}`);
    const shown = await page.$$eval('#play .sq.legal', (els) => els.map((e) => e.getAttribute('data-square')!));
    const legal = pos.legalMoveList();
    if (shown.sort().join() !== legal.map(squareName).sort().join()) throw new Error(`legal moves shown ${shown.join(' ')}, ours ${legal.map(squareName).join(' ')}`);
    const cells = await page.$$eval('#play .sq', (els) => els.map((e) => ({ sq: e.getAttribute('data-square')!, full: e.classList.contains('full'), legal: e.classList.contains('legal') })));
    const illegal = cells.find((c) => !c.full && !c.legal) ?? cells.find((c) => c.full)!;
    await page.click(`#play [data-square="${illegal.sq}"]`);
    const after = await state();
    if (after.state !== before.state || after.transcript !== before.transcript) throw new Error(`the illegal click on ${illegal.sq} changed the game`);
    await page.click(`#play [data-square="${squareName(legal[(turns * 7) % legal.length])}"]`);
    await page.waitForFunction((t) => (document.querySelector('#play') as HTMLElement).dataset.transcript !== t, before.transcript);
    turns++;
  }
}

/** `data-KEY` of the element `selector` (undefined when absent). */
export function data(page: Page, selector: string, key: string): Promise<string | undefined> {
  return page.$eval(selector, (el, k) => (el as HTMLElement).dataset[k], key);
}

/** Waits until `data-KEY` of `selector` is `value` (and, with `also`, `data-ALSO` is that value too). */
export async function waitData(page: Page, selector: string, key: string, value: string, timeout = 30_000, also?: readonly [string, string]): Promise<void> {
  await page.waitForFunction(([s, k, v, a]) => {
    const el = document.querySelector(s as string) as HTMLElement | null;
    const extra = a as [string, string] | null;
    return !!el && el.dataset[k as string] === v && (!extra || el.dataset[extra[0]] === extra[1]);
  }, [selector, key, value, also ?? null] as const, { timeout });
}

/** The text of the file a page saved to the archive (`data-file` of `selector`, once set). */
export async function savedFile(page: Page, selector: string, archive: string): Promise<string> {
  await page.waitForFunction((s) => !!(document.querySelector(s) as HTMLElement).dataset.file, selector);
  return readFileSync(join(archive, (await data(page, selector, 'file'))!), 'utf8');
}

/** The finished Othello game on the Play page, replayed by our rules: the final position and
 *  black's score, checked against the page's `data-result`. */
export async function finishedOthello(page: Page, timeout = 120_000): Promise<{ transcript: string; position: Position; blackScore: number; shown: number }> {
  await waitData(page, '#play', 'state', 'over', timeout);
  const transcript = (await data(page, '#play', 'transcript'))!;
  const r = parseTranscript(transcript);
  if (!r.ok) throw new Error(`the page's transcript does not replay: ${r.error.message}`);
  const p = r.value.position;
  return { transcript, position: p, blackScore: p.side === BLACK ? p.finalScore() : -p.finalScore(), shown: Number(await data(page, '#play', 'result')) };
}
