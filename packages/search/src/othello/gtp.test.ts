// The GTP front end driven line by line with a tiny deterministic engine (first legal move), so
// these tests check the protocol, not the search.
import { describe, expect, it } from 'vitest';
import { PASS, Position, formatBoard, parseTranscript, unwrap } from '@sente/core';
import { GtpEngine, type ProtocolEngine } from './gtp.js';
import type { ThinkLimits } from './types.js';
import { MAX_MOVE_MS } from './limits.js';
import { timeForMove } from './engine.js';

function firstMoveEngine(): ProtocolEngine & { newGames: number } {
  return {
    newGames: 0,
    think(position: Position) {
      const moves = position.legalMoveList();
      const move = moves.length > 0 ? moves[0] : PASS;
      return { move, score: 0, pv: [move], depth: 1, nodes: 1, ms: 0, exact: false };
    },
    analyze(position: Position) {
      return position.legalMoveList().map((move) => ({ move, score: 0, exact: false }));
    },
    newGame() {
      this.newGames++;
    },
  };
}

function session(): { gtp: GtpEngine; send: (line: string) => string } {
  const gtp = new GtpEngine(firstMoveEngine(), { depth: 1 });
  return { gtp, send: (line) => gtp.handle(line) };
}

describe('GtpEngine', () => {
  it('answers the administrative commands like gtp-rhino', () => {
    const { send } = session();
    expect(send('protocol_version')).toBe('= 2\n\n');
    expect(send('name')).toBe('= sente\n\n');
    expect(send('known_command play')).toBe('= true\n\n');
    expect(send('known_command fly')).toBe('= false\n\n');
    expect(send('list_commands')).toContain('grhino-setup_board\n');
    expect(send('boardsize 8')).toBe('=\n\n');
    expect(send('boardsize 9')).toBe('? unacceptable size\n\n');
    expect(send('komi 6.5')).toBe('=\n\n');
    expect(send('clear_board')).toBe('=\n\n');
  });

  it('plays, generates moves and keeps ids', () => {
    const { gtp, send } = session();
    expect(send('play black F5')).toBe('=\n\n');
    // White's moves after f5 are f4, d6, f6; the test engine takes the first in square order.
    expect(send('12 genmove white')).toBe('=12 F4\n\n');
    expect(gtp.current().side).toBe(0);
  });

  it('rejects illegal moves, bad colours, bad vertices and wrong argument counts', () => {
    const { send } = session();
    expect(send('play black a1')).toBe('? illegal move\n\n');
    expect(send('play white f5')).toMatch(/^\? illegal move: it is black's turn\n\n$/);
    expect(send('play purple f5')).toMatch(/^\? syntax error: invalid color "purple"/);
    expect(send('play black z9')).toMatch(/^\? syntax error: invalid vertex "z9"/);
    expect(send('play black')).toMatch(/^\? syntax error: wrong number of arguments/);
    expect(send('play black f5 extra')).toMatch(/^\? syntax error: wrong number of arguments/);
    expect(send('play black pass')).toBe('? illegal move\n\n');
    expect(send('7 play black a1')).toBe('?7 illegal move\n\n');
    expect(send('genmove')).toMatch(/^\? syntax error/);
    expect(send('fly away')).toBe('? unknown command\n\n');
    expect(send('3 fly')).toBe('?3 unknown command\n\n');
  });

  it('ignores empty lines and comments and survives garbage', () => {
    const { send } = session();
    expect(send('')).toBe('');
    expect(send('   \t ')).toBe('');
    expect(send('# a comment')).toBe('');
    expect(send('name # trailing comment\r')).toBe('= sente\n\n');
    expect(send('\x00\x01\xff\ufffd junk')).toBe('? unknown command\n\n');
    expect(send('x'.repeat(1_000_000))).toMatch(/^\? syntax error: line too long/);
    expect(send('play '.repeat(10_000))).toMatch(/^\? syntax error: wrong number of arguments/);
    expect(send('42')).toMatch(/^\?42 syntax error/);
    expect(send('name')).toBe('= sente\n\n');
  });

  it('undo takes back moves, including an implicit pass', () => {
    const { gtp, send } = session();
    expect(send('undo')).toBe('? cannot undo\n\n');
    send('play black f5');
    send('play white d6');
    expect(send('undo')).toBe('=\n\n');
    expect(formatBoard(gtp.current())).toBe(formatBoard(unwrap(parseTranscript('f5')).position));
    expect(send('undo')).toBe('=\n\n');
    expect(gtp.current().equals(Position.initial())).toBe(true);
  });

  it('shows the board as gtp-rhino does', () => {
    const { send } = session();
    send('play black f5');
    expect(send('showboard')).toBe(
      '= Next move: White\n    a b c d e f g h\n' +
      '  1 . . . . . . . .\n  2 . . . . . . . .\n  3 . . . . . . . .\n  4 . . . O X . . .\n' +
      '  5 . . . X X X . .\n  6 . . . . . . . .\n  7 . . . . . . . .\n  8 . . . . . . . .\n\n',
    );
  });

  it('sets up boards, handles passes both ways and scores the end', () => {
    // White has no move here (black to move after white's forced pass in a real game).
    const board = '-OOOOOOOOOOOOXOOXXXXXOXXXOXXXOOXXXXOOXOXXXXOOOXXXXXXXXXXXXXOOOOO';
    const { gtp, send } = session();
    expect(send(`grhino-setup_board ${board} O`)).toBe('=\n\n');
    expect(send('grhino-setup_board XXXX O')).toMatch(/^\? syntax error/);
    expect(send('final_score')).toBe('? cannot score\n\n');
    // gtp-rhino style: the referee skips white's pass and asks black directly.
    expect(send('genmove black')).toBe('= A1\n\n');
    expect(send('final_score')).toBe('= B+10\n\n');
    expect(send('genmove white')).toBe('= pass\n\n');
    // Undo removes A1 and the implicit pass; then the Go-style referee sends the pass explicitly.
    expect(send('undo')).toBe('=\n\n');
    expect(gtp.current().side).toBe(1);
    expect(send('play white pass')).toBe('=\n\n');
    expect(send('play black a1')).toBe('=\n\n');
    expect(send('final_score')).toBe('= B+10\n\n');
    expect(send('play white pass')).toBe('? illegal move: the game is over\n\n');
  });

  it('reg_genmove does not play, quit sets the flag, clear_board starts a new game', () => {
    const engine = firstMoveEngine();
    const gtp = new GtpEngine(engine, { depth: 1 });
    expect(gtp.handle('reg_genmove black')).toBe('= D3\n\n');
    expect(gtp.current().equals(Position.initial())).toBe(true);
    expect(gtp.handle('genmove b')).toBe('= D3\n\n');
    expect(gtp.handle('clear_board')).toBe('=\n\n');
    expect(engine.newGames).toBe(1);
    expect(gtp.current().equals(Position.initial())).toBe(true);
    expect(gtp.quitRequested).toBe(false);
    expect(gtp.handle('quit')).toBe('=\n\n');
    expect(gtp.quitRequested).toBe(true);
  });
});

describe('GtpEngine limits and a misbehaving engine', () => {
  it('shares the clock from time_left over the remaining moves, or the byo-yomi period', () => {
    const seen: ThinkLimits[] = [];
    const engine = { ...firstMoveEngine(), think(position: Position, limits: ThinkLimits) { seen.push(limits); return firstMoveEngine().think(position, limits); } };
    const gtp = new GtpEngine(engine, { timeMs: 5000 });
    gtp.handle('genmove black');
    expect(seen[0].timeMs).toBe(5000);
    // 59 empties: the engine's share of 30 s (timeForMove) less 50 ms for the round trip.
    expect(gtp.handle('time_left white 30 0')).toBe('=\n\n');
    gtp.handle('genmove white');
    expect(seen[1].timeMs).toBeCloseTo(timeForMove(30_000, 59) - 50, 5);
    expect(seen[1].timeMs).toBeLessThan(30_000 / 20);
    // Byo-yomi: 10 s for 5 stones.
    gtp.handle('time_left black 10 5');
    gtp.handle('genmove black');
    expect(seen[2].timeMs).toBeCloseTo(10_000 / 5 * 0.9 - 50, 5);
    expect(gtp.handle('time_left black soon 5')).toMatch(/^\? syntax error/);
    // Without a time per move the clock alone decides; without a clock, 1 s.
    const free = new GtpEngine(engine, {});
    free.handle('genmove black');
    expect(seen[3].timeMs).toBe(1000);
    free.handle('time_left white 300 0');
    free.handle('genmove white');
    expect(seen[4].timeMs).toBeCloseTo(timeForMove(300_000, 59) - 50, 5);
  });

  it('counts its own clock down between time_left reports, main time and byo-yomi alike', () => {
    const seen: ThinkLimits[] = [];
    // An engine that takes 100 ms a move.
    const slow = {
      ...firstMoveEngine(),
      think(position: Position, limits: ThinkLimits) {
        seen.push(limits);
        const until = performance.now() + 100;
        while (performance.now() < until);
        return firstMoveEngine().think(position, limits);
      },
    };
    const gtp = new GtpEngine(slow, {});
    expect(gtp.handle('time_settings 2 0 0')).toBe('=\n\n');
    gtp.handle('genmove black');
    expect(seen[0].timeMs).toBeCloseTo(timeForMove(2000, 60) - 50, 5);
    // White's clock is its own.
    gtp.handle('genmove white');
    expect(seen[1].timeMs).toBeCloseTo(timeForMove(2000, 59) - 50, 5);
    // Black spent at least 100 ms of its 2 s.
    gtp.handle('genmove black');
    expect(seen[2].timeMs).toBeLessThanOrEqual(timeForMove(1900, 58) - 50);
    expect(seen[2].timeMs).toBeGreaterThan(timeForMove(1000, 58) - 50);
    // No main time, 1 s for 2 stones: the period from the first move, a new one after its last stone.
    expect(gtp.handle('time_settings 0 1 2')).toBe('=\n\n');
    for (let i = 0; i < 5; i++) expect(gtp.handle(`genmove ${i % 2 === 0 ? 'white' : 'black'}`)).toMatch(/^= [A-H][1-8]\n\n$/);
    // White: the period's first stone, its second (at most 0.9 s left for it), a new period.
    expect(seen[3].timeMs).toBeCloseTo(1000 / 2 * 0.9 - 50, 5);
    expect(seen[4].timeMs).toBeCloseTo(1000 / 2 * 0.9 - 50, 5);
    expect(seen[5].timeMs).toBeLessThanOrEqual(900 * 0.9 - 50);
    expect(seen[7].timeMs).toBeCloseTo(1000 / 2 * 0.9 - 50, 5);
    // GTP 2: byo-yomi time with no stones is no time limit (the 1 s default a move).
    expect(gtp.handle('time_settings 60 10 0')).toBe('=\n\n');
    gtp.handle('genmove black');
    expect(seen[8].timeMs).toBe(1000);
  });

  it('refuses clock values too large to be a time, so genmove cannot be handed an endless search', () => {
    const seen: ThinkLimits[] = [];
    const engine = { ...firstMoveEngine(), think(position: Position, limits: ThinkLimits) { seen.push(limits); return firstMoveEngine().think(position, limits); } };
    const gtp = new GtpEngine(engine, {});
    const huge = '9'.repeat(400);
    expect(gtp.handle(`time_left black ${huge} 0`)).toBe('? syntax error: time left or stones too large\n\n');
    expect(gtp.handle(`time_left black 10 ${huge}`)).toBe('? syntax error: time left or stones too large\n\n');
    expect(gtp.handle(`time_settings ${huge} 0 0`)).toBe('? syntax error: main time too large\n\n');
    gtp.handle('genmove black');
    expect(seen[0].timeMs).toBe(1000);
    // A clock of years is a time, but a move still gets at most an hour (as --time allows).
    expect(gtp.handle('time_settings 99999999999 0 0')).toBe('=\n\n');
    gtp.handle('genmove white');
    expect(seen[1].timeMs).toBe(MAX_MOVE_MS);
  });

  it('answers a legal move even when the engine proposes an illegal one, and survives a throwing engine', () => {
    const info: string[] = [];
    const liar = { ...firstMoveEngine(), think: () => ({ move: 0, score: 0, pv: [0], depth: 1, nodes: 1, ms: 0, exact: false }) };
    const gtp = new GtpEngine(liar, { depth: 1, onInfo: (t) => info.push(t) });
    expect(gtp.handle('genmove black')).toBe('= D3\n\n');
    expect(info[0]).toMatch(/engine proposed a1, which is not legal/);
    const thrower = { ...firstMoveEngine(), think: () => { throw new Error('out of memory'); } };
    const broken = new GtpEngine(thrower, { depth: 1 });
    expect(broken.handle('genmove black')).toBe('? internal error: out of memory\n\n');
    expect(broken.current().equals(Position.initial())).toBe(true);
    expect(broken.handle('name')).toBe('= sente\n\n');
  });
});
