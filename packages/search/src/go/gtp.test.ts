import { describe, expect, it } from 'vitest';
import { GoGtpEngine, runGoGtp } from './gtp.js';

const send = (e: GoGtpEngine, line: string): string => e.handle(line)?.text ?? '';

describe('Go GTP engine', () => {
  it('answers the administrative commands', () => {
    const e = new GoGtpEngine({ playouts: 50 });
    expect(send(e, 'protocol_version')).toBe('= 2\n\n');
    expect(send(e, '7 name')).toBe('=7 sente\n\n');
    expect(send(e, 'known_command genmove')).toBe('= true\n\n');
    expect(send(e, 'known_command fly')).toBe('= false\n\n');
    expect(send(e, 'list_commands')).toContain('final_score');
    expect(e.handle('   # just a comment')).toBeNull();
  });

  it('plays, rejects illegal moves, undoes and scores', () => {
    const e = new GoGtpEngine({ playouts: 50 });
    expect(send(e, 'boardsize 9')).toBe('= \n\n');
    expect(send(e, 'boardsize 99')).toBe('? unacceptable size\n\n');
    expect(send(e, 'clear_board')).toBe('= \n\n');
    expect(send(e, 'komi 6.5')).toBe('= \n\n');
    expect(send(e, 'play black E5')).toBe('= \n\n');
    expect(send(e, 'play white E5')).toBe('? illegal move\n\n');
    expect(send(e, 'play white 9Z')).toBe('? syntax error\n\n');
    expect(send(e, 'play white J10')).toBe('? illegal move\n\n');
    expect(send(e, 'final_score')).toBe('= B+74.5\n\n');
    expect(send(e, 'undo')).toBe('= \n\n');
    expect(send(e, 'undo')).toBe('? cannot undo\n\n');
    expect(send(e, 'final_score')).toBe('= W+6.5\n\n');
    expect(send(e, 'showboard')).toContain(' 9 . . . . . . . . . 9');
  });

  it('generates legal moves and never crashes on junk', () => {
    const e = new GoGtpEngine({ playouts: 50 });
    send(e, 'boardsize 9');
    const reply = send(e, 'genmove b');
    expect(reply).toMatch(/^= ([A-HJ-T][1-9]|pass)\n\n$/);
    for (const junk of ['genmove', 'genmove purple', 'play', 'play b', 'komi x', 'boardsize', 'time_left b', 'play b \u0000\u0001', 'frobnicate', '12',
      // Numbers are decimal, as the Othello engine reads them.
      'boardsize 1e1', 'boardsize 0x9', 'komi 0x10', 'komi -1e308', 'komi Infinity', 'time_settings 1e3 0 0', 'time_left b 0x10 0',
      // Overtime without stones.
      'kgs-time_settings canadian 0 2 0', 'kgs-time_settings byoyomi 10 5 0']) {
      const r = send(e, junk);
      expect(r).toMatch(/^\?\d* .+\n\n$/);
    }
    expect(send(e, 'time_settings 60 0 0')).toBe('= \n\n');
    expect(send(e, 'time_left white 30 0')).toBe('= \n\n');
    expect(send(e, 'genmove w')).toMatch(/^= ([A-HJ-T][1-9]|pass|resign)\n\n$/);
  });

  it('runs over a line stream until quit', async () => {
    async function* lines(): AsyncGenerator<string> {
      yield 'boardsize 5';
      yield 'play b c3';
      yield 'quit';
      yield 'name';
    }
    const out: string[] = [];
    await runGoGtp(lines(), (t) => out.push(t), { playouts: 20 });
    expect(out).toEqual(['= \n\n', '= \n\n', '= \n\n']);
  });
});

describe('Go GTP words', () => {
  it('takes a colour or vertex as written: Unicode spaces around it are not separators', () => {
    const e = new GoGtpEngine({ playouts: 4 });
    send(e, 'boardsize 9');
    expect(send(e, 'play b \u00a0C3')).toBe('? syntax error\n\n');
    expect(send(e, 'play \u00a0b C3')).toBe('? syntax error\n\n');
    expect(send(e, 'genmove \ufeffw')).toBe('? syntax error\n\n');
    expect(send(e, 'play b C3')).toBe('= \n\n');
  });
});
