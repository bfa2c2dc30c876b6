// `sente serve` in a real browser: a whole Othello game played by clicking against a build (at
// depth 1, so it is quick), illegal clicks doing nothing, the result checked against our own
// replay of the transcript and the game found saved in the archive as GGF; and a Go game of a few
// moves with a capture and a pass, the engine answering.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLACK, Position, WHITE, go, parseGgf, parseTranscript, squareName } from '@sente/core';
import { createEngine, go as goSearch, moveTimeBudget } from '@sente/search';
import { CHROMIUM, data, finishedOthello, launch, playBlackByClicks, savedFile, serve, waitData, type Browser, type Served } from './browser.js';

const tmp = mkdtempSync(join(tmpdir(), 'sente-web-play-'));
const archive = join(tmp, 'archive');
let browser: Browser;
let served: Served;

describe.skipIf(!CHROMIUM)('sente serve: Play', () => {
  beforeAll(async () => {
    served = await serve(['--archive', archive]);
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await served?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('plays a whole Othello game by clicks against a build; illegal clicks do nothing; the result is ours', async () => {
    const page = await browser.page();
    await page.goto(`${served.url}#/play`);
    await page.selectOption('#white-player', 'bootstrap');
    await page.fill('#depth', '1');
    await page.fill('#exact-from', '6');
    await page.click('#new-game');
    // Each turn: the legal moves shown are ours, an illegal click changes nothing, a legal one plays.
    const { transcript, turns } = await playBlackByClicks(page);
    const replay = parseTranscript(transcript);
    expect(replay.ok).toBe(true);
    const end = replay.ok ? replay.value.position : null!;
    expect(end.isGameOver()).toBe(true);
    const blackScore = end.side === BLACK ? end.finalScore() : -end.finalScore();
    expect(Number(await data(page, '#play', 'result'))).toBe(blackScore);
    expect(await page.textContent('#status')).toContain(blackScore > 0 ? 'Black wins' : blackScore < 0 ? 'White wins' : 'Draw');
    expect(turns).toBeGreaterThanOrEqual(20);
    // White's every move is the one our engine (bootstrap, depth 1) chooses in that position: the
    // worker runs the same search as the CLI.
    const white = createEngine({ build: 'bootstrap', ttMb: 8 });
    const p = Position.initial();
    let checked = 0;
    for (const m of replay.ok ? replay.value.moves : []) {
      if (p.mustPass()) p.makePass();
      if (p.side === WHITE) {
        expect(squareName(white.think(p, { depth: 1, exactFrom: 6, useBook: false }).move), `white at ${p.emptyCount()} empties`).toBe(squareName(m));
        checked++;
      }
      p.makeMove(m);
    }
    expect(checked).toBeGreaterThanOrEqual(20);
    // Saved to the archive as GGF: it replays to the same game and result.
    const ggf = parseGgf(await savedFile(page, '#saved', archive));
    expect(ggf.ok).toBe(true);
    if (ggf.ok) {
      expect(ggf.value.tags.RE).toBe(blackScore > 0 ? `+${blackScore}` : String(blackScore));
      expect(ggf.value.tags.PW).toBe('sente-bootstrap');
      expect(ggf.value.position.equals(end)).toBe(true);
    }
    await browser.shot(page, 'play-othello');
    expect(browser.errors).toEqual([]);
  });

  it('undo returns to the previous human turn; hints score every legal move', async () => {
    const page = await browser.page();
    await page.goto(`${served.url}#/play`);
    await page.selectOption('#white-player', 'gen3');
    await page.fill('#depth', '2');
    await page.click('#new-game');
    await waitData(page, '#play', 'state', 'waiting');
    await page.click('#play [data-square="f5"]');
    await page.waitForFunction(() => (document.querySelector('#play') as HTMLElement).dataset.state === 'waiting' && (document.querySelector('#play') as HTMLElement).dataset.transcript!.length === 4);
    await page.check('#hints');
    await page.waitForFunction(() => document.querySelectorAll('#play .hint').length > 0);
    const t = (await data(page, '#play', 'transcript'))!;
    const pos = parseTranscript(t);
    const hints = await page.$$eval('#play .sq.legal', (els) => els.map((e) => [e.getAttribute('data-square'), e.querySelector('.hint')?.textContent ?? null]));
    expect(pos.ok).toBe(true);
    if (pos.ok) expect(hints.map((h) => h[0]).sort()).toEqual(pos.value.position.legalMoveList().map(squareName).sort());
    // The scores are gen3's at depth 2, as our engine computes them here.
    if (pos.ok) {
      const shown = (n: number): string => { const t = n.toFixed(Number.isInteger(n) ? 0 : 1); return Number(t) === 0 ? '0' : Number(t) > 0 ? `+${t}` : t; };
      const ours = createEngine({ build: 'gen3', ttMb: 8 }).analyze(pos.value.position, 2, { exactFrom: 6, useBook: false });
      expect(Object.fromEntries(hints)).toEqual(Object.fromEntries(ours.map((m) => [squareName(m.move), shown(m.score)])));
    }
    await browser.shot(page, 'play-hints');
    await page.click('#undo');
    await waitData(page, '#play', 'state', 'waiting', 30_000, ['transcript', '(no moves yet)']);
    expect(await page.$$eval('#play .sq.legal', (els) => els.map((e) => e.getAttribute('data-square')).sort())).toEqual(['c4', 'd3', 'e6', 'f5']);
    expect(browser.errors).toEqual([]);
  });

  it('engine against engine plays a game to the end by itself', async () => {
    const page = await browser.page();
    await page.goto(`${served.url}#/play`);
    await page.selectOption('#black-player', 'bootstrap');
    await page.selectOption('#white-player', 'gen3');
    await page.fill('#depth', '1');
    await page.fill('#exact-from', '6');
    await page.click('#new-game');
    const end = await finishedOthello(page);
    expect(end.position.isGameOver()).toBe(true);
    expect(end.shown).toBe(end.blackScore);
    // No legal-move dots for an engine's turn, ever; none at the end.
    expect(await page.$$eval('#play .sq.legal', (els) => els.length)).toBe(0);
    await browser.shot(page, 'play-engines');
    expect(browser.errors).toEqual([]);
  });

  const playState = (page: Awaited<ReturnType<Browser['page']>>): Promise<{ state: string; transcript: string; black: number; white: number }> => page.$eval('#play', (el) => {
    const c = document.querySelector('#clocks') as HTMLElement;
    return { state: (el as HTMLElement).dataset.state ?? '', transcript: (el as HTMLElement).dataset.transcript ?? '', black: Number(c.dataset.black), white: Number(c.dataset.white) };
  });

  it('on a game clock both clocks count down, the engine moves legally by its time manager', async () => {
    const page = await browser.page();
    await page.goto(`${served.url}#/play`);
    await page.selectOption('#black-player', 'human');
    await page.selectOption('#white-player', 'bootstrap');
    await page.selectOption('#limit', 'clock');
    await page.fill('#time-control', '1m');
    await page.fill('#exact-from', '6');
    await page.click('#new-game');
    await waitData(page, '#play', 'state', 'waiting');
    // Black's (the human's) clock runs while black thinks.
    const first = await playState(page);
    await page.waitForTimeout(400);
    const later = await playState(page);
    expect(later.black).toBeLessThan(first.black);
    expect(first.black).toBeLessThanOrEqual(60_000);
    expect(later.white).toBe(60_000);
    let whiteLeft = 60_000;
    const pos = Position.initial();
    for (let turn = 0; turn < 4; turn++) {
      const before = await playState(page);
      const legal = pos.legalMoveList();
      const mine = legal[(turn * 3) % legal.length];
      await page.click(`#play [data-square="${squareName(mine)}"]`);
      pos.makeMove(mine);
      await page.waitForFunction((t) => { const el = document.querySelector('#play') as HTMLElement; return el.dataset.state !== 'thinking' && el.dataset.transcript !== t && el.dataset.transcript!.length === t.replace('(no moves yet)', '').length + 4; }, before.transcript, { timeout: 60_000 });
      const after = await playState(page);
      expect(after.state).toBe('waiting');
      // The engine's answer is a legal move here by our rules, and its clock went down (no increment).
      const answer = after.transcript.slice(-2);
      // Its search's budget is the time manager's for the clock it had (shown to the ms, so +-1).
      const budget = Number(await data(page, '#play', 'budget'));
      expect(Math.abs(budget - moveTimeBudget({ remainingMs: whiteLeft, incrementMs: 0 }, pos.emptyCount()))).toBeLessThanOrEqual(1);
      expect(pos.legalMoveList().map(squareName), `white's ${answer} after ${before.transcript}`).toContain(answer);
      pos.makeMove(pos.legalMoveList().find((m) => squareName(m) === answer)!);
      expect(after.white).toBeLessThan(whiteLeft);
      expect(after.white).toBeGreaterThan(0);
      whiteLeft = after.white;
    }
    expect(await page.textContent('#clocks')).toMatch(/clock 1m, left: black 0:[3-5]\d\.\d, white 0:[3-5]\d\.\d/);
    await browser.shot(page, 'play-clock');
    expect(browser.errors).toEqual([]);
  });

  it('a human whose clock runs out loses on time; the GGF says so with TI', async () => {
    const page = await browser.page();
    await page.goto(`${served.url}#/play`);
    await page.selectOption('#black-player', 'human');
    await page.selectOption('#white-player', 'bootstrap');
    await page.selectOption('#limit', 'clock');
    await page.fill('#time-control', '1.5s');
    await page.click('#new-game');
    await waitData(page, '#play', 'state', 'over', 30_000);
    expect(await page.$eval('#play', (el) => [(el as HTMLElement).dataset.result, (el as HTMLElement).dataset.reason, (el as HTMLElement).dataset.transcript])).toEqual(['-64', 'time', '(no moves yet)']);
    expect(await page.textContent('#status')).toContain('Black lost on time, White wins by 64');
    expect(Number(await data(page, '#clocks', 'black'))).toBeLessThanOrEqual(0);
    // No more moves once the game is lost.
    await page.click('#play [data-square="f5"]');
    expect(await data(page, '#play', 'transcript')).toBe('(no moves yet)');
    const ggf = parseGgf(await savedFile(page, '#saved', archive));
    expect(ggf.ok).toBe(true);
    if (ggf.ok) {
      expect(ggf.value.tags.RE).toBe('-64:t');
      expect(ggf.value.tags.TI).toBe('1.5s');
      expect(ggf.value.tags.RS).toMatch(/^time \(black\): no move after \d+ ms with 1500 ms left/);
      expect(ggf.value.moves).toEqual([]);
    }
    await browser.shot(page, 'play-lost-on-time');
    expect(browser.errors).toEqual([]);
  });

  it('a time per move: engine against engine to the end, TI says the time', async () => {
    const page = await browser.page();
    await page.goto(`${served.url}#/play`);
    await page.selectOption('#black-player', 'bootstrap');
    await page.selectOption('#white-player', 'gen3');
    await page.selectOption('#limit', 'move');
    await page.fill('#move-time', '50ms');
    await page.fill('#exact-from', '6');
    await page.click('#new-game');
    const end = await finishedOthello(page);
    expect(end.position.isGameOver()).toBe(true);
    expect(end.shown).toBe(end.blackScore);
    const score = end.blackScore;
    const ggf = parseGgf(await savedFile(page, '#saved', archive));
    expect(ggf.ok && ggf.value.tags.TI).toBe('50ms/move');
    expect(ggf.ok && ggf.value.tags.RE).toBe(score > 0 ? `+${score}` : String(score));
    // A bad time is refused with a message, not played.
    await page.fill('#move-time', '5x');
    await page.click('#new-game');
    expect(await data(page, '#play', 'state')).toBe('error');
    expect(await page.textContent('#status')).toContain('time per move: "5x" is not a duration');
    expect(browser.errors).toEqual([]);
  });

  it('plays Go: a capture and a pass, then the engine answers', async () => {
    const page = await browser.page();
    await page.goto(`${served.url}#/go`);
    await page.selectOption('#go-white', 'human');
    await page.selectOption('#go-size', '9');
    await page.fill('#go-playouts', '200');
    await page.click('#go-new');
    const click = async (v: string): Promise<void> => {
      const n = Number(await data(page, '#go', 'moves'));
      await page.click(`#go [data-point="${v}"]`);
      await page.waitForFunction((k) => Number((document.querySelector('#go') as HTMLElement).dataset.moves) === k + 1, n);
    };
    // White's stone on A1 is captured by black's B1 and A2.
    for (const v of ['B1', 'A1', 'E5', 'E6']) await click(v);
    expect(await data(page, '#go', 'captures')).toBe('0');
    await click('A2');
    expect(await data(page, '#go', 'captures')).toBe('1');
    expect(await page.$('#go [data-point="A1"] [data-stone]')).toBeNull();
    expect(await page.getAttribute('#go [data-point="B1"] [data-stone]', 'data-stone')).toBe('B');
    const movesBefore = await data(page, '#go', 'moves');
    await page.click('#go [data-point="E5"]');
    expect(await data(page, '#go', 'moves')).toBe(movesBefore);
    // White passes; then white is the engine and black's move gets an answer.
    await page.click('#go-pass');
    await waitData(page, '#go', 'moves', '6');
    await page.selectOption('#go-white', 'engine');
    await click('C3');
    await waitData(page, '#go', 'moves', '8', 120_000, ['state', 'waiting']);
    const moves = (await page.textContent('#go-moves'))!.trim().split(' ');
    expect(moves.slice(0, 7)).toEqual(['B1', 'A1', 'E5', 'E6', 'A2', 'pass', 'C3']);
    // The engine's answer is legal by our rules on the board as it was.
    const board = new go.GoBoard(9);
    for (const m of moves.slice(0, 7)) {
      if (m === 'pass') board.pass();
      else { const p = go.parseGtpVertex(9, m); expect(p.ok && board.play(p.value)).toBe(true); }
    }
    const answer = moves[7];
    if (answer !== 'pass') {
      const p = go.parseGtpVertex(9, answer);
      expect(p.ok && board.isLegal(p.value, go.WHITE)).toBe(true);
    }
    await browser.shot(page, 'play-go');
    expect(browser.errors).toEqual([]);
  });

  it('Go on a game clock: the engine spends its clock by its budget and answers legally; a human out of time loses', async () => {
    const page = await browser.page();
    await page.goto(`${served.url}#/go`);
    await page.selectOption('#go-black', 'human');
    await page.selectOption('#go-white', 'engine');
    await page.selectOption('#go-size', '9');
    await page.selectOption('#go-limit', 'clock');
    await page.fill('#go-time-control', '30s');
    await page.click('#go-new');
    const clocks = (): Promise<{ black: number; white: number }> => page.$eval('#go-clocks', (el) => ({ black: Number((el as HTMLElement).dataset.black), white: Number((el as HTMLElement).dataset.white) }));
    const board = new go.GoBoard(9);
    let whiteLeft = 30_000;
    for (const v of ['E5', 'C3']) {
      await page.click(`#go [data-point="${v}"]`);
      const p = go.parseGtpVertex(9, v);
      expect(p.ok && board.play(p.value)).toBe(true);
      const n = board.ply;
      await page.waitForFunction((k) => Number((document.querySelector('#go') as HTMLElement).dataset.moves) === k + 1 && (document.querySelector('#go') as HTMLElement).dataset.state === 'waiting', n, { timeout: 60_000 });
      const budget = Number(await data(page, '#go', 'budget'));
      expect(Math.abs(budget - goSearch.goMoveTimeBudget({ remainingMs: whiteLeft }, board.emptyCount))).toBeLessThanOrEqual(budget * 0.01 + 1);
      const answer = (await page.textContent('#go-moves'))!.trim().split(' ').at(-1)!;
      if (answer === 'pass') board.pass();
      else { const a = go.parseGtpVertex(9, answer); expect(a.ok && board.isLegal(a.value, go.WHITE)).toBe(true); if (a.ok) board.play(a.value); }
      const now = await clocks();
      expect(now.white).toBeLessThan(whiteLeft);
      expect(now.white).toBeGreaterThan(0);
      whiteLeft = now.white;
    }
    expect(await page.textContent('#go-clocks')).toMatch(/clock 30s, left: black 0:[0-2]\d\.\d, white 0:[0-2]\d\.\d/);
    await browser.shot(page, 'play-go-clock');
    // A tiny clock for the human: black loses on time, saved as W+T with the main time.
    await page.fill('#go-time-control', '1s');
    await page.click('#go-new');
    await waitData(page, '#go', 'state', 'over', 30_000);
    expect(await page.$eval('#go', (el) => [(el as HTMLElement).dataset.result, (el as HTMLElement).dataset.reason, (el as HTMLElement).dataset.moves])).toEqual(['W+T', 'time', '0']);
    expect(await page.textContent('#go-status')).toContain('Black lost on time: W+T');
    const sgf = await savedFile(page, '#go-saved', archive);
    expect(sgf).toContain('RE[W+T]');
    expect(sgf).toContain('TM[1]');
    expect(sgf).toMatch(/C\[time \(black\): no move after \d+ ms with 1000 ms left \(1s\)\]/);
    expect(browser.errors).toEqual([]);
  });
});
