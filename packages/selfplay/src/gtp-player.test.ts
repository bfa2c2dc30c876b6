// External GTP players: command-line splitting and every way a program can fail, driven by a fake
// broken engine (test/fixtures/broken-gtp.mjs), each giving a clear Error.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PASS, Position, formatBoard, parseTranscript, unwrap } from '@sente/core';
import { createGtpPlayer, splitCommandLine } from './gtp-player.js';
import { GameClock, parseTimeControl, type TimeControl } from './match/clock.js';

const FIXTURE = fileURLToPath(new URL('../../../test/fixtures/broken-gtp.mjs', import.meta.url));
const broken = (mode: string, extra = ''): string => `"${process.execPath}" "${FIXTURE}" ${mode} ${extra}`;

async function genmoveError(mode: string, timeoutMs = 5000): Promise<string> {
  const player = await createGtpPlayer(broken(mode), { timeoutMs, name: `broken-${mode}` });
  try {
    await player.newGame(Position.initial(), []);
    await player.genmove(Position.initial(), []);
    return 'no error';
  } catch (error) {
    return (error as Error).message;
  } finally {
    await player.close();
  }
}

describe('splitCommandLine', () => {
  it('splits like a shell, without one', () => {
    expect(splitCommandLine('gtp-rhino -l 3')).toEqual(['gtp-rhino', '-l', '3']);
    expect(splitCommandLine(`  node 'my dir/main.js'  gtp --name "a \\"b\\" c" x\\ y `)).toEqual(['node', 'my dir/main.js', 'gtp', '--name', 'a "b" c', 'x y']);
    expect(splitCommandLine(`a '' b`)).toEqual(['a', '', 'b']);
    expect(() => splitCommandLine('a "b')).toThrow(/unterminated " quote/);
  });
});

describe('createGtpPlayer with broken engines', () => {
  it('reports a program that cannot start', async () => {
    await expect(createGtpPlayer('/nonexistent/engine --gtp')).rejects.toThrow(/\/nonexistent\/engine --gtp failed: spawn \/nonexistent\/engine ENOENT/);
  });

  it('reports a program that does not offer genmove', async () => {
    await expect(createGtpPlayer(broken('illegal', '--no-genmove'))).rejects.toThrow(/does not list the GTP command "genmove"/);
  });

  it('parses a legal-looking answer (the referee judges legality)', async () => {
    expect(await genmoveError('illegal')).toBe('no error');
  });

  it('rejects garbage, refusals, crashes and silence with clear messages', async () => {
    expect(await genmoveError('garbage')).toBe('broken-garbage answered "banana split" to "genmove black", which is not a move');
    expect(await genmoveError('junk')).toBe('broken-junk answered garbage "I am not speaking GTP" while waiting for the reply to "genmove black"');
    expect(await genmoveError('refuse')).toBe('broken-refuse refused "genmove black": ? i give up');
    expect(await genmoveError('exit')).toMatch(/^broken-exit exited \(code 3\) while waiting for the reply to "genmove black"; its stderr ends: broken: segmentation fault \(pretend\)$/);
    expect(await genmoveError('hang', 1000)).toBe('broken-hang gave no complete reply to "genmove black" within 1000 ms');
    expect(await genmoveError('partial', 1000)).toBe('broken-partial gave no complete reply to "genmove black" within 1000 ms');
  });

  it('refuses further commands after a failure and closes twice without trouble', async () => {
    const player = await createGtpPlayer(broken('exit'), { name: 'b' });
    await player.newGame(Position.initial(), []);
    await expect(player.genmove(Position.initial(), [])).rejects.toThrow(/exited/);
    await expect(player.newGame(Position.initial(), [])).rejects.toThrow(/b exited \(code 3\); cannot send "boardsize 8"/);
    await player.close();
    await player.close();
  });
});

describe('what a GTP player sends', () => {
  it('replays the opening when the board set-up is refused, relays moves and passes, then asks', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sente-gtp-'));
    const log = join(dir, 'commands.txt');
    const player = await createGtpPlayer(`${broken('record')} '${log}'`);
    const opening = unwrap(parseTranscript('f5d6'));
    try {
      await player.newGame(opening.position, opening.moves);
      const after = unwrap(parseTranscript('c3', opening.position));
      expect(await player.genmove(after.position, after.moves)).toBe(PASS);
      // 59 moves after which white has no move: the pass is relayed before black is asked.
      const before = unwrap(parseTranscript('f5f6e6f4g4d6c5c6g7b6a6f7f3h8b5c7g8f8c8h4d3a5g3c4b3d8c3d7b8a2g5c2a4f2d2e2g2b7e7e8e1h6e3h2c1b4h3b1g1d1f1b2a3g6a8h5a7h1h7'));
      await player.newGame(Position.initial(), []);
      expect(await player.genmove(before.position, [...before.moves, PASS])).toBe(PASS);
    } finally {
      await player.close();
    }
    const sent = readFileSync(log, 'utf8').trim().split('\n');
    rmSync(dir, { recursive: true, force: true });
    expect(sent.slice(0, 9)).toEqual([
      'list_commands', 'boardsize 8', 'clear_board', `grhino-setup_board ${formatBoard(opening.position)}`,
      'clear_board', 'play black F5', 'play white D6', 'play black C3', 'genmove white',
    ]);
    expect(sent.slice(9, 12)).toEqual(['boardsize 8', 'clear_board', 'play black F5']);
    expect(sent.slice(-4)).toEqual(['play black H7', 'play white pass', 'genmove black', 'quit']);
  });
});

describe('the clock over GTP', () => {
  const CLOCK = fileURLToPath(new URL('../../../test/fixtures/clock-gtp.mjs', import.meta.url));
  it('sends time_settings at a new game and time_left before every genmove, to an engine that lists them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sente-gtp-clock-'));
    const log = join(dir, 'commands.txt');
    const player = await createGtpPlayer(`"${process.execPath}" "${CLOCK}" managed --log '${log}'`);
    const tc = unwrapTc('40/4+0.5');
    try {
      await player.newGame(Position.initial(), [], 0, tc);
      const clock = new GameClock(tc);
      expect(await player.genmove(Position.initial(), [], clock.view(0))).toBe(19); // its first legal move, d3
      clock.charge(0, 1500);
      const after = unwrap(parseTranscript('d3c3'));
      expect(await player.genmove(after.position, after.moves, clock.view(0))).not.toBe(PASS);
    } finally {
      await player.close();
    }
    const sent = readFileSync(log, 'utf8').trim().split('\n');
    rmSync(dir, { recursive: true, force: true });
    expect(sent).toEqual([
      'list_commands', 'boardsize 8', 'clear_board', 'time_settings 0 4 40', 'time_left black 4 40', 'genmove black',
      'play white C3', 'time_left black 3 39', 'genmove black', 'quit',
    ]);
  });

  it('sends no time commands to an engine that does not list them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sente-gtp-noclock-'));
    const log = join(dir, 'commands.txt');
    const player = await createGtpPlayer(`${broken('record')} '${log}'`);
    const tc = unwrapTc('10+0.1');
    try {
      await player.newGame(Position.initial(), [], 0, tc);
      await player.genmove(Position.initial(), [], new GameClock(tc).view(0));
    } finally {
      await player.close();
    }
    const sent = readFileSync(log, 'utf8').trim().split('\n');
    rmSync(dir, { recursive: true, force: true });
    expect(sent).toEqual(['list_commands', 'boardsize 8', 'clear_board', 'genmove black', 'quit']);
  });
});

function unwrapTc(text: string): TimeControl {
  const r = parseTimeControl(text);
  if (!r.ok) throw new Error(r.error);
  return r.tc;
}
