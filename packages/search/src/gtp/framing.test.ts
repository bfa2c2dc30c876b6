import { describe, expect, it } from 'vitest';
import { gtpWords, preprocessGtpLine, preprocessNboardLine } from './framing.js';

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
