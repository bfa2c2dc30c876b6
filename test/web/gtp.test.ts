// Play against an external GTP program: `sente serve --gtp rhino=...` runs GRhino's gtp-rhino
// (level 1) for the page, and a whole game is clicked against it; the result is our rules'. The
// page can only name programs given on the command line.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLACK, parseGgf, parseTranscript } from '@sente/core';
import { CHROMIUM, data, launch, playBlackByClicks, savedFile, serve, type Browser, type Served } from './browser.js';

const RHINO = '/usr/games/gtp-rhino';
const hasRhino = existsSync(RHINO);
if (!hasRhino) console.warn(`skipping the GTP Play test: ${RHINO} not found (Debian package grhino)`);
const tmp = mkdtempSync(join(tmpdir(), 'sente-web-gtp-'));
let browser: Browser;
let served: Served;

describe.skipIf(!CHROMIUM || !hasRhino)('sente serve --gtp: Play against gtp-rhino', () => {
  beforeAll(async () => {
    served = await serve(['--archive', join(tmp, 'archive'), '--gtp', `rhino=${RHINO} -l 1`]);
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await served?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('a whole game clicked against gtp-rhino -l 1, saved with its name', async () => {
    const page = await browser.page();
    await page.goto(`${served.url}#/play`);
    await page.selectOption('#white-player', 'gtp:rhino');
    await page.click('#new-game');
    const { transcript, turns } = await playBlackByClicks(page);
    const r = parseTranscript(transcript);
    expect(r.ok && r.value.position.isGameOver()).toBe(true);
    const end = r.ok ? r.value.position : null!;
    const blackScore = end.side === BLACK ? end.finalScore() : -end.finalScore();
    expect(Number(await data(page, '#play', 'result'))).toBe(blackScore);
    expect(turns).toBeGreaterThanOrEqual(15);
    const ggf = parseGgf(await savedFile(page, '#saved', join(tmp, 'archive')));
    expect(ggf.ok && ggf.value.tags.PW).toBe('rhino');
    // Only programs named on the command line run.
    const res = await page.evaluate(async () => (await fetch('api/gtp/genmove', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ engine: 'sh', moves: [] }) })).status);
    expect(res).toBe(404);
    await browser.shot(page, 'play-gtp');
    expect(browser.errors.filter((e) => !/404/.test(e))).toEqual([]);
  });
});
