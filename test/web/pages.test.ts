// The lab's other pages in a real browser: Games replays an archived GGF game move by move with
// the keyboard (each position checked against our own replay, with its canonical key and the
// build's book moves) and lists a corrupt file with its error; Builds draws the Elo of the builds
// with intervals and their training curves from the manifest (a user build with its lineage
// included, and one really trained by `sente train`, drawn with a validation curve per phase);
// Analyse solves a position exactly; Watch follows a tournament while it runs.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASS, Position, canonicalKey, formatBoard, formatGgf, formatTranscript, keyToHex, squareName } from '@sente/core';
import { readRegistry, shippedBuildsDir, solveExact } from '@sente/search';
import { readTournamentResults } from '@sente/selfplay';
import { CHROMIUM, MAIN, ROOT, data, launch, serve, waitData, type Browser, type Served } from './browser.js';

const tmp = mkdtempSync(join(tmpdir(), 'sente-web-pages-'));
const archive = join(tmp, 'archive');
const builds = join(tmp, 'builds');
// A real game (a self-play line of the shipped tests would do as well): played out by taking the
// first legal move each turn, so it has passes or not as our rules say.
function firstMoveGame(): number[] {
  const p = Position.initial();
  const moves: number[] = [];
  while (!p.isGameOver()) {
    if (p.mustPass()) { p.makePass(); continue; }
    const m = p.legalMoveList()[moves.length % 3 === 0 ? 0 : p.legalMoveList().length - 1];
    p.makeMove(m);
    moves.push(m);
  }
  return moves;
}
const GAME = firstMoveGame();

let browser: Browser;
let served: Served;

describe.skipIf(!CHROMIUM)('sente serve: Games, Builds, Analyse, Watch', () => {
  beforeAll(async () => {
    mkdirSync(archive, { recursive: true });
    writeFileSync(join(archive, 'one.ggf'), `${formatGgf({ moves: GAME, black: 'alice', white: 'bob', place: 'test' })}\n`);
    writeFileSync(join(archive, 'broken.ggf'), '(;GM[Othello]PB[x]PW[y]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[a1];)\n');
    // A user build: gen3's table under a new id, with gen3 as its parent, an Elo with an interval
    // in its notes, and a training curve.
    const shipped = readRegistry(builds).builds.find((b) => b.id === 'gen3')!;
    mkdirSync(join(builds, 'gen3b'), { recursive: true });
    copyFileSync(join(shippedBuildsDir(), shipped.table), join(builds, 'gen3b', 'table.sev.gz'));
    writeFileSync(join(builds, 'gen3b', 'training.csv'), 'epoch,train_rms,validation_rms,ms\n1,20.5,20.9,10\n2,18.25,19.5,10\n3,17.75,19.25,10\n');
    writeFileSync(join(builds, 'manifest.json'), JSON.stringify({
      version: 1, strongest: null, builds: [{
        id: 'gen3b', table: 'gen3b/table.sev.gz', parent: 'gen3', created: '2026-12-01T00:00:00.000Z', games: 100, positions: 6000, validationError: 19.25, testSetMae: 5.5702,
        elo: 733, notes: 'improve generation 4: vs gen3 60/0/40, Elo +20 [-10, +50]', training: { epochs: 3 },
      }],
    }));
    // A build really trained by `sente train` on a few self-play games: its training.csv has the
    // validation error of each of its 4 phases beside the totals.
    const sente = (...args: string[]): void => {
      const r = spawnSync(process.execPath, [MAIN, ...args], { cwd: ROOT, env: { ...process.env, SENTE_BUILDS: builds }, encoding: 'utf8', timeout: 120_000 });
      expect(r.status, r.stderr).toBe(0);
    };
    sente('selfplay', '--build', 'bootstrap', '--games', '30', '--depth', '1', '--exact', '6', '--out', join(tmp, 'sp'));
    sente('train', '--games', join(tmp, 'sp'), '--out', 'fresh', '--epochs', '3', '--phases', '4', '--validation', '0.3');
    // A Go game: black captures white's A1 stone with B1 and A2, then both pass.
    writeFileSync(join(archive, 'capture.sgf'), '(;FF[4]GM[1]SZ[9]KM[7.5]PB[carol]PW[dave]RE[B+R];B[bi];W[ai];B[ee];W[ed];B[ah];W[];B[])\n');
    // With a token: the page, its API calls, the worker's table fetches and the event stream all
    // ride on the cookie the first ?token= sets.
    served = await serve(['--archive', archive, '--token', 'pages-token-1'], { SENTE_BUILDS: builds });
    expect(served.url).toMatch(/\?token=pages-token-1$/);
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await served?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('Games: lists the archive (a corrupt file with its error) and replays a GGF game with the arrow keys', async () => {
    const page = await browser.page();
    await page.goto(`${served.url}#/games`);
    await page.waitForSelector('#archive-errors [data-file="broken.ggf"]');
    expect(await page.textContent('#archive-errors [data-file="broken.ggf"]')).toMatch(/broken\.ggf: .*a1.*not legal/);
    expect(await page.textContent('tr.game-row[data-id="one.ggf#0"] td:nth-child(5)')).toBe(formatTranscript(GAME.slice(0, 6)));
    // Opened from the keyboard: focus the row, Enter.
    await page.focus('tr.game-row[data-id="one.ggf#0"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#game-view [data-square]');
    const p = Position.initial();
    const plies = [...GAME];
    const withPasses: number[] = [];
    for (const m of plies) {
      if (!p.isLegal(m)) { p.makePass(); withPasses.push(PASS); }
      p.makeMove(m);
      withPasses.push(m);
    }
    expect(Number(await data(page, '#game-view', 'plies'))).toBe(withPasses.length);
    const shown = (): Promise<string> => page.$$eval('#game-view .sq', (els) => els.map((e) => e.querySelector('[data-disc]')?.getAttribute('data-disc') ?? '-').join(''));
    const q = Position.initial();
    expect(await shown()).toBe(formatBoard(q).slice(0, 64));
    for (let i = 0; i < withPasses.length; i++) {
      await page.keyboard.press('ArrowRight');
      if (withPasses[i] === PASS) q.makePass();
      else q.makeMove(withPasses[i]);
      await page.waitForFunction((n) => (document.querySelector('#game-view') as HTMLElement).dataset.ply === String(n), i + 1);
      expect(await shown(), `after ply ${i + 1}`).toBe(formatBoard(q).slice(0, 64));
    }
    const key = canonicalKey(q.bb[0], q.bb[1], q.bb[2], q.bb[3]);
    expect(await page.textContent('#canonical-key')).toContain(keyToHex(key));
    await page.keyboard.press('ArrowRight');   // past the end: stays
    expect(await data(page, '#game-view', 'ply')).toBe(String(withPasses.length));
    await page.keyboard.press('Home');
    await waitData(page, '#game-view', 'ply', '0');
    expect(await shown()).toBe(formatBoard(Position.initial()).slice(0, 64));
    // The start position is in the strongest build's (gen6's) book: its moves are listed.
    await page.waitForFunction(() => /book \(gen6\): /.test(document.querySelector('#book-moves')?.textContent ?? ''));
    expect(await page.textContent('#book-moves')).toMatch(/f5|d3|c4|e6/);
    await page.keyboard.press('ArrowLeft');
    expect(await data(page, '#game-view', 'ply')).toBe('0');
    // The evaluation graph: one point per position.
    await page.selectOption('#eval-build', 'bootstrap');
    await page.fill('#eval-depth', '1');
    await page.click('#eval-go');
    await page.waitForSelector('#eval-graph svg.chart');
    expect(Number(await page.getAttribute('#eval-graph svg.chart', 'data-points'))).toBe(withPasses.length + 1);
    // Filters: by player and by opening.
    await page.fill('#filter-player', 'nobody');
    await page.waitForFunction(() => document.querySelectorAll('tr.game-row').length === 0);
    await page.fill('#filter-player', 'ALI');
    await page.fill('#filter-opening', squareName(GAME[0]) + squareName(GAME[1]));
    await page.waitForFunction(() => document.querySelectorAll('tr.game-row').length === 1);
    await browser.shot(page, 'games');
    // The Go game replays too: after move 5 (A2) white's A1 stone is gone, one prisoner taken.
    await page.fill('#filter-player', 'carol');
    await page.fill('#filter-opening', '');
    await page.waitForSelector('tr.game-row[data-id="capture.sgf#0"]');
    await page.click('tr.game-row[data-id="capture.sgf#0"]');
    await page.waitForSelector('#game-view [data-point]');
    expect(await data(page, '#game-view', 'plies')).toBe('7');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    expect(await page.getAttribute('#game-view [data-point="A1"] [data-stone]', 'data-stone')).toBe('W');
    await page.keyboard.press('ArrowRight');
    await waitData(page, '#game-view', 'ply', '5');
    expect(await page.$('#game-view [data-point="A1"] [data-stone]')).toBeNull();
    expect(await page.textContent('#replay-ply')).toMatch(/move 5 of 7: A2 · prisoners 1-0/);
    await page.keyboard.press('End');
    expect(await page.textContent('#replay-ply')).toMatch(/move 7 of 7: pass/);
    expect(browser.errors).toEqual([]);
  });

  it('Builds: the registry with lineage, Elo with intervals and training curves from the manifest', async () => {
    const page = await browser.page();
    await page.goto(`${served.url}#/builds`);
    await waitData(page, '#builds', 'state', 'drawn');
    expect(await page.textContent('#build-table tr[data-build="gen3b"]')).toMatch(/gen3b\s*user\s*\+733\s*\[\+703, \+763\].*gen3/);
    expect(await page.textContent('#build-table tr[data-build="gen3"]')).toContain('[+583, +839]');
    // gen5's interval is its SPRT against gen4 (+22 [+6, +38] in its notes) moved onto its Elo, 788.
    expect(await page.textContent('#build-table tr[data-build="gen5"]')).toContain('[+772, +804]');
    // gen6's, its SPRT against gen5 (+23 [+5, +41]) on its Elo, 811.
    expect(await page.textContent('#build-table tr[data-build="gen6"]')).toContain('[+793, +829]');
    // Elo: bootstrap, gen3, gen3b, gen4, gen5, gen6 in order of creation; all but bootstrap with error bars.
    expect(await page.getAttribute('#elo-chart svg', 'data-points')).toBe('6');
    expect(await page.$$eval('#elo-chart .errbar', (els) => els.length)).toBe(5);
    // Ranked by Elo as `sente builds` ranks them; the unrated user build last.
    expect(await page.$$eval('#build-table tr[data-build]', (els) => els.map((e) => (e as HTMLElement).dataset.build))).toEqual(['gen6', 'gen5', 'gen4', 'gen3b', 'gen3', 'bootstrap', 'fresh']);
    // The test-set MAE (one set for every build) in the table and in its chart: every build has one,
    // the trained one too; gen3b carries gen3's figure.
    expect(await page.textContent('#build-table tr[data-build="gen3b"] td.test-mae')).toBe('5.570');
    expect(await page.textContent('#build-table tr[data-build="gen5"] td.test-mae')).toBe('4.583');
    expect(await page.textContent('#build-table tr[data-build="gen6"] td.test-mae')).toBe('4.529');
    expect(await page.textContent('#build-table tr[data-build="fresh"] td.test-mae')).toMatch(/^\d+\.\d{3}$/);
    expect(await page.getAttribute('#test-error-chart svg', 'data-points')).toBe('7');
    expect(await page.$$eval('#test-error-chart circle title', (els) => els.map((e) => e.textContent))).toContain('gen4: 4.672');
    const gen3Rows = readFileSync(join(shippedBuildsDir(), 'gen3', 'training.csv'), 'utf8').trim().split('\n').length - 1;
    expect(await page.getAttribute('#training-curves [data-build="gen3"] svg', 'data-points')).toBe(String(2 * gen3Rows));
    expect(await page.getAttribute('#training-curves [data-build="gen3b"] svg', 'data-points')).toBe('6');
    expect(await page.$$eval('#training-curves [data-build="gen3b"] polyline', (els) => els.length)).toBe(2);
    // Old CSVs (totals only: gen3b's, gen3's) draw no per-phase chart; gen4's and fresh's draw one
    // curve per phase, each with the CSV's values at every epoch.
    expect(await page.$$eval('#training-curves .phase-curve', (els) => els.map((e) => (e as HTMLElement).dataset.build))).toEqual(['gen4', 'fresh']);
    const csv = readFileSync(join(builds, 'fresh', 'training.csv'), 'utf8').trim().split('\n').map((l) => l.split(','));
    expect(csv[0].slice(4)).toEqual(['validation_rms_p0', 'validation_rms_p1', 'validation_rms_p2', 'validation_rms_p3']);
    const phaseCurve = '#training-curves .phase-curve[data-build="fresh"]';
    expect(await page.getAttribute(phaseCurve, 'data-phases')).toBe('4');
    expect(await page.$$eval(`${phaseCurve} polyline`, (els) => els.map((e) => e.getAttribute('data-name')))).toEqual(['p0: 60-45 empties', 'p1: 44-30 empties', 'p2: 29-15 empties', 'p3: 14-0 empties']);
    const titles = await page.$$eval(`${phaseCurve} circle title`, (els) => els.map((e) => e.textContent));
    expect(titles).toEqual([0, 1, 2, 3].flatMap((k) => csv.slice(1).map((row) => `${['p0: 60-45', 'p1: 44-30', 'p2: 29-15', 'p3: 14-0'][k]} empties, epoch ${row[0]}: ${Number(row[4 + k]).toFixed(2)}`)));
    expect(await page.getAttribute('#training-curves .curve[data-build="fresh"]:not(.phase-curve) svg', 'data-points')).toBe('6');
    // Compare: gen3b has gen3's table, so their scores agree on every move.
    await page.selectOption('#compare-a', 'gen3');
    await page.selectOption('#compare-b', 'gen3b');
    await page.fill('#compare-position', 'f5d6');
    await page.click('#compare-go');
    await page.waitForSelector('#compare-table tr[data-move]');
    const diffs = await page.$$eval('#compare-table tr[data-move] td:last-child', (els) => els.map((e) => e.textContent));
    expect(diffs.length).toBe(5);
    expect(new Set(diffs)).toEqual(new Set(['0']));
    await browser.shot(page, 'builds');
    expect(browser.errors).toEqual([]);
  });

  it('Analyse: an OBF line with 12 empties is solved exactly, matching our solver', async () => {
    const page = await browser.page();
    await page.goto(`${served.url}#/analyse`);
    const p = Position.initial();
    for (let i = 0; p.emptyCount() > 12; i++) {
      if (p.mustPass()) p.makePass();
      const legal = p.legalMoveList();
      p.makeMove(legal[(i * 5) % legal.length]);
    }
    if (p.mustPass()) p.makePass();
    expect(p.isGameOver()).toBe(false);
    const empties = p.emptyCount();
    await page.fill('#analyse-input', formatBoard(p));
    await page.fill('#analyse-depth', '4');
    await page.fill('#analyse-exact', '20');
    await page.click('#analyse-go');
    await page.waitForFunction(() => ['done', 'error'].includes((document.querySelector('#analyse') as HTMLElement).dataset.state ?? ''));
    expect(await page.$('#analyse .error')).toBeNull();
    const best = { score: solveExact(p.bb[0], p.bb[1], p.bb[2], p.bb[3]) };
    expect(await page.textContent('#analyse-pv')).toContain(`exact solve: best`);
    expect(await page.textContent('#analyse-pv')).toContain(`${best.score > 0 ? '+' : ''}${best.score} (exact)`);
    const rows = await page.$$eval('#analyse-moves tr[data-move]', (els) => els.map((e) => e.getAttribute('data-move')));
    expect(rows.sort()).toEqual(p.legalMoveList().map(squareName).sort());
    expect(empties).toBeLessThanOrEqual(20);
    await browser.shot(page, 'analyse');
    expect(browser.errors).toEqual([]);
  });

  it('Watch: follows a tournament as it runs, by server-sent events', async () => {
    const page = await browser.page();
    const csv = join(archive, 'match.csv');
    await page.goto(`${served.url}#/watch?file=match.csv`);
    await waitData(page, '#watch', 'connection', 'open');
    const seen = new Set<string>();
    const live: { game: string; plies: number }[] = [];
    const poll = setInterval(() => {
      void page.$eval('#watch', (el) => (el as HTMLElement).dataset.done ?? '').then((d) => seen.add(d), () => {});
      void page.$$eval('#live-games .live-game', (els) => els.map((e) => ({ game: e.getAttribute('data-game')!, plies: Number(e.getAttribute('data-plies')) }))).then((l) => live.push(...l), () => {});
    }, 100);
    // --events: the games in progress are shown move by move, on boards.
    const child = spawn(process.execPath, [MAIN, 'tournament', '--events', '--player', 'gen3:time=30ms,name=gen3', '--player', 'bootstrap:depth=1,name=bootstrap', '--games', '12', '--exact', '8', '--workers', '1', '--csv', csv, '--sprt', 'elo0=0,elo1=200'],
      { cwd: ROOT, env: { ...process.env, SENTE_BUILDS: builds }, stdio: 'ignore' });
    const code = await new Promise<number | null>((done) => child.once('exit', done));
    expect(code).toBe(0);
    const results = readTournamentResults(csv);
    await page.waitForFunction((n) => (document.querySelector('#watch') as HTMLElement).dataset.done === String(n), results.length, { timeout: 30_000 });
    clearInterval(poll);
    // It showed the games arriving, not only the end.
    const counts = [...seen].filter((d) => d !== '').map(Number).filter((n) => n > 0 && n < results.length);
    expect(counts.length).toBeGreaterThan(0);
    // Boards of games in progress were shown, at several move numbers, and none is left at the end.
    expect(live.length).toBeGreaterThan(0);
    expect(new Set(live.map((l) => l.plies)).size).toBeGreaterThan(1);
    expect(await page.$$eval('#live-games .live-game', (els) => els.length)).toBe(0);
    const gen3 = results.filter((r) => (r.black === 'gen3' ? r.blackScore : -r.blackScore) > 0).length;
    expect(await page.textContent('#standings tr[data-player="gen3"] td:nth-child(3)')).toBe(String(gen3));
    expect(await page.textContent('#watch-progress')).toContain(`${results.length} of 12 games`);
    expect(await page.textContent('#watch-sprt')).toMatch(/SPRT: LLR [+-]\d+\.\d\d in \[-2\.94, \+2\.94\]/);
    expect(await page.$$eval('#recent-games li', (els) => els.length)).toBe(Math.min(10, results.length));
    await browser.shot(page, 'watch');
    expect(browser.errors).toEqual([]);
  });
});
