// `sente nboard` as a process: the NBoard GUI's conversation (nboard, set depth, set game, move,
// hint, go, ping) gets answers in order, with a legal move, and junk does not stop it.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { formatGgf, parseSquare, parseTranscript, unwrap } from '@sente/core';
import { CLI } from './gtp-referee.js';

describe('sente nboard', () => {
  it('answers a GUI session in order', () => {
    const game = formatGgf({ moves: unwrap(parseTranscript('f5d6c3')).moves, black: 'human', white: 'sente', place: 'NBoard' });
    const input = [
      'nboard 2', 'set depth 2', `set game ${game}`, 'ping 1', 'hint 2', 'go', 'ping 2',
      'move D3/0.50/1.2', 'bogus line \x00\xff', 'move A1', 'go', 'ping 3', 'quit', 'ping 4',
    ].join('\n') + '\n';
    const r = spawnSync(process.execPath, [CLI, 'nboard'], { input, encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(0);
    const out = r.stdout.trim().split('\n');
    expect(out[0]).toBe('set myname sente');
    expect(out[1]).toBe('pong 1');
    // Hints: the two best moves of white after f5d6c3, then an empty status.
    const hints = out.filter((l) => l.startsWith('search '));
    expect(hints).toHaveLength(2);
    for (const h of hints) expect(h).toMatch(/^search [A-H][1-8] -?\d+\.\d\d 0 (2|100%)$/);
    const after = unwrap(parseTranscript('f5d6c3')).position;
    const moves = out.filter((l) => l.startsWith('=== '));
    expect(moves).toHaveLength(2);
    const first = /^=== ([A-H][1-8])\/(-?\d+\.\d\d)\/(\d+\.\d+)$/.exec(moves[0]);
    expect(first).not.toBeNull();
    expect(after.isLegal(unwrap(parseSquare(first![1])))).toBe(true);
    // After "move D3" it is black's turn in f5d6c3d3.
    const second = /^=== ([A-H][1-8])\//.exec(moves[1]);
    expect(unwrap(parseTranscript('f5d6c3d3')).position.isLegal(unwrap(parseSquare(second![1])))).toBe(true);
    expect(out).toContain('status error: unknown command "bogus"');
    expect(out).toContain('status error: move a1 is illegal');
    // pongs come after the work requested before them, and nothing is read after quit.
    expect(out.indexOf('pong 2')).toBeGreaterThan(out.indexOf(moves[0]));
    expect(out[out.length - 1]).toBe('pong 3');
  });
});
