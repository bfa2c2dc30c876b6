import { describe, expect, it } from 'vitest';
import { MAX_PROTOCOL_LINE, formatGtpReply, gtpWords, parseGtpCommand, parseGtpReply, preprocessGtpLine, preprocessNboardLine } from './framing.js';

describe('GTP 2 line preprocessing', () => {
  it('removes control characters other than HT (CR included), turns HT into a space, cuts comments', () => {
    expect(preprocessGtpLine('name\rversion')).toBe('nameversion');
    expect(preprocessGtpLine('pl\x00ay\x1b b\x7f\tf5 # a comment\r')).toBe('play b f5 ');
    expect(gtpWords('  12\t\tplay  black   F5  ')).toEqual(['12', 'play', 'black', 'F5']);
  });

  it('ignores empty, blank and comment-only lines, but not a BOM or other Unicode spaces', () => {
    for (const line of ['', '   ', '\t\r', '# x', ' \x01 # y']) expect(gtpWords(line)).toEqual([]);
    expect(gtpWords('\ufeff')).toEqual(['\ufeff']);
    expect(gtpWords('name\u00a0')).toEqual(['name\u00a0']);
  });

  it('NBoard lines: the same cleaning, no comments, spaces trimmed', () => {
    expect(preprocessNboardLine(' ping\t1\r ')).toBe('ping 1');
    expect(preprocessNboardLine('set game (;GM[Othello]#)')).toBe('set game (;GM[Othello]#)');
  });
});

describe('GTP command and reply frames', () => {
  it('reads the id, the name and the arguments; ignores what GTP ignores', () => {
    expect(parseGtpCommand('12 play black F5')).toEqual({ id: '12', name: 'play', args: ['black', 'F5'] });
    expect(parseGtpCommand('\tgenmove\tw # think')).toEqual({ id: '', name: 'genmove', args: ['w'] });
    expect(parseGtpCommand('0 name')).toEqual({ id: '0', name: 'name', args: [] });
    // A word of digits is an id only in the first place; a name is taken as it is (case-sensitive).
    expect(parseGtpCommand('Name 12')).toEqual({ id: '', name: 'Name', args: ['12'] });
    expect(parseGtpCommand('-1 name')).toEqual({ id: '', name: '-1', args: ['name'] });
    for (const line of ['', '  ', '# only a comment', '\r']) expect(parseGtpCommand(line)).toBeNull();
  });

  it('refuses an id alone and a line too long, with the id kept', () => {
    expect(parseGtpCommand('42')).toEqual({ id: '42', error: 'syntax error: missing command' });
    expect(parseGtpCommand('7 # nothing')).toEqual({ id: '7', error: 'syntax error: missing command' });
    expect(parseGtpCommand('x'.repeat(MAX_PROTOCOL_LINE + 1))).toEqual({ id: '', error: `syntax error: line too long (more than ${MAX_PROTOCOL_LINE} characters)` });
    expect(parseGtpCommand(`name ${'x'.repeat(MAX_PROTOCOL_LINE - 5)}`)).toEqual(expect.objectContaining({ name: 'name' }));
  });

  it('writes = and ? replies with the blank line, in both dialects of an empty success', () => {
    expect(formatGtpReply('', true, 'F5')).toBe('= F5\n\n');
    expect(formatGtpReply('3', true, '')).toBe('=3\n\n');
    expect(formatGtpReply('3', true, '', true)).toBe('=3 \n\n');
    expect(formatGtpReply('', false, 'illegal move')).toBe('? illegal move\n\n');
    expect(formatGtpReply('9', false, 'unknown command', true)).toBe('?9 unknown command\n\n');
  });

  it('reads replies back, and refuses what is not one', () => {
    expect(parseGtpReply('= F5\n\n')).toEqual({ ok: true, text: 'F5' });
    expect(parseGtpReply('=12\n\n')).toEqual({ ok: true, text: '' });
    expect(parseGtpReply('= \nA B\nC\n\n')).toEqual({ ok: true, text: 'A B\nC' });
    expect(parseGtpReply('?7 cannot undo\n\n')).toEqual({ ok: false, text: 'cannot undo' });
    for (const bad of ['', 'F5', '=x F5', '== F5', ' = F5', '!']) expect(parseGtpReply(bad)).toBeNull();
    for (const [id, ok, text] of [['', true, 'C4'], ['5', false, 'illegal move'], ['', true, '']] as const) {
      expect(parseGtpReply(formatGtpReply(id, ok, text))).toEqual({ ok, text });
    }
  });
});
