// The shared server loop: a game registers its commands; the common commands, framing and error
// replies are the loop's, so the Othello and Go servers answer them identically (the one
// difference, GNU Go's "= " for an empty success against gtp-rhino's "=", is a flag of the frame).
import { describe, expect, it } from 'vitest';
import { PASS, type Position } from '@sente/core';
import { GtpEngine, type ProtocolEngine } from '../othello/gtp.js';
import { GoGtpEngine } from '../go/gtp.js';
import { GtpError } from './framing.js';
import { GtpServer } from './server.js';

const firstMove: ProtocolEngine = {
  think(position: Position) {
    const moves = position.legalMoveList();
    const move = moves.length > 0 ? moves[0] : PASS;
    return { move, score: 0, pv: [move], depth: 1, nodes: 1, ms: 0, exact: false };
  },
  analyze: () => [],
  newGame: () => {},
};

const COMMON = ['protocol_version', 'name', 'version', 'known_command', 'list_commands', 'quit'];

describe('GtpServer', () => {
  it('runs registered commands, refuses with GtpError, reports other failures as internal errors', () => {
    const server = new GtpServer({ name: 'x', version: '9' });
    server.register('echo', (args) => args.join(' '));
    server.register('refuse', () => { throw new GtpError('no, thanks'); });
    server.register('crash', () => { throw new RangeError('out of range'); });
    expect(server.handle('5 echo a  b')?.text).toBe('=5 a b\n\n');
    expect(server.handle('echo')?.text).toBe('=\n\n');
    expect(server.handle('refuse')?.text).toBe('? no, thanks\n\n');
    expect(server.handle('2 crash')?.text).toBe('?2 internal error: out of range\n\n');
    expect(server.handle('ECHO')?.text).toBe('? unknown command\n\n');
    expect(server.handle('name')?.text).toBe('= x\n\n');
    expect(server.handle('version')?.text).toBe('= 9\n\n');
    expect(server.handle('known_command echo')?.text).toBe('= true\n\n');
    expect(server.handle('known_command ECHO')?.text).toBe('= false\n\n');
    expect(server.handle('known_command')?.text).toMatch(/^\? syntax error: wrong number of arguments/);
    expect(server.handle('list_commands')?.text).toBe(`= ${[...COMMON, 'echo', 'refuse', 'crash'].join('\n')}\n\n`);
    expect(server.handle('# a comment')).toBeNull();
    expect(server.handle('quit')).toEqual({ text: '=\n\n', quit: true });
    // A failed quit (it takes no argument check here, but a refused handler) does not quit.
    server.register('quit', () => { throw new GtpError('not now'); });
    expect(server.handle('quit')).toEqual({ text: '? not now\n\n', quit: false });
  });
});

describe('the Othello and Go servers answer the common commands identically', () => {
  const othello = (): ((line: string) => string) => {
    const e = new GtpEngine(firstMove, { depth: 1 });
    return (line) => e.handle(line);
  };
  const goServer = (): ((line: string) => string) => {
    const e = new GoGtpEngine({ playouts: 4 });
    return (line) => e.handle(line)?.text ?? '';
  };
  const lines = [
    'protocol_version', '3 protocol_version', 'name', '17 name extra words', 'version', 'known_command play',
    'known_command genmove', 'known_command fly', 'known_command PLAY', '4 known_command', 'known_command a b',
    'fly', '9 fly away', 'PLAY black C3', 'Name', '42', '12 # just an id', '', '# comment', ' \t ', '\ufeff', 'name\u00a0',
    'x'.repeat(100_001), 'name\rversion', 'na\x00me', '0 version', '99999999999999999999 name',
  ];

  it('common commands, unknown commands, ids, malformed lines', () => {
    const a = othello();
    const b = goServer();
    for (const line of lines) expect(b(line), JSON.stringify(line.slice(0, 40))).toBe(a(line));
    expect(a('name')).toBe('= sente\n\n');
    expect(a('3 protocol_version')).toBe('=3 2\n\n');
    expect(a('42')).toBe('?42 syntax error: missing command\n\n');
    expect(a('fly')).toBe('? unknown command\n\n');
  });

  it('list_commands: the common commands first, each listed command known; quit quits both', () => {
    const o = new GtpEngine(firstMove, { depth: 1 });
    const g = new GoGtpEngine({ playouts: 4 });
    const listed = [o.handle('list_commands'), g.handle('list_commands')?.text ?? ''].map((t) => t.slice(2, -2).split('\n'));
    for (const [k, list] of listed.entries()) {
      expect(list.slice(0, COMMON.length)).toEqual(COMMON);
      expect(new Set(list).size).toBe(list.length);
      for (const c of list) expect(k === 0 ? o.handle(`known_command ${c}`) : g.handle(`known_command ${c}`)?.text).toBe('= true\n\n');
    }
    expect(listed[0]).toEqual(o.commands());
    expect(listed[1]).toEqual(g.commands());
    expect(o.handle('7 quit')).toBe('=7\n\n');
    expect(o.quitRequested).toBe(true);
    // The only difference: an empty success is "=" (gtp-rhino) in Othello and "= " (GNU Go) in Go.
    expect(g.handle('7 quit')).toEqual({ text: '=7 \n\n', quit: true });
  });

  it('both refuse a bad colour and an illegal move the same way at the frame', () => {
    const a = othello();
    const b = goServer();
    expect(a('play black A1')).toBe('? illegal move\n\n');
    b('boardsize 9');
    b('play black E5');
    expect(b('play white E5')).toBe('? illegal move\n\n');
    expect(a('5 genmove purple')).toMatch(/^\?5 syntax error/);
    expect(b('5 genmove purple')).toMatch(/^\?5 syntax error/);
  });
});
