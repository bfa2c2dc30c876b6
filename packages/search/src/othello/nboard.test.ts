// The NBoard front end driven line by line with a tiny deterministic engine (first legal move,
// analysis scores = square numbers), so these tests check the protocol, not the search.
import { describe, expect, it } from 'vitest';
import { PASS, type Position, formatBoard, formatGgf, parseTranscript, unwrap } from '@sente/core';
import type { ProtocolEngine } from './gtp.js';
import { NboardEngine } from './nboard.js';
import { MAX_PROTOCOL_LINE } from '../gtp/framing.js';

const engine: ProtocolEngine = {
  think(position: Position) {
    const moves = position.legalMoveList();
    const move = moves.length > 0 ? moves[0] : PASS;
    return { move, score: 1.5, pv: [move], depth: 3, nodes: 42, ms: 250, exact: false };
  },
  analyze(position: Position) {
    return position.legalMoveList().map((move) => ({ move, score: move / 4, exact: move > 40 }));
  },
  newGame() {},
};

function session(): { nb: NboardEngine; send: (line: string) => string[] } {
  let lines: string[] = [];
  const nb = new NboardEngine(engine, (l) => lines.push(l), { depth: 3 });
  return {
    nb,
    send: (line) => {
      lines = [];
      nb.handle(line);
      return lines;
    },
  };
}

describe('NboardEngine', () => {
  it('greets, pings, sets depth and contempt, learns', () => {
    const { nb, send } = session();
    expect(send('nboard 2')).toEqual(['set myname sente']);
    expect(send('set depth 8')).toEqual([]);
    expect(nb.depth).toBe(8);
    expect(send('set contempt 150')).toEqual([]);
    expect(send('ping 17')).toEqual(['pong 17']);
    expect(send('learn')).toEqual(['learned']);
  });

  it('takes a game in GGF and moves with evals, and answers go without changing the game', () => {
    const { nb, send } = session();
    const ggf = formatGgf({ moves: unwrap(parseTranscript('f5d6')).moves, black: 'a', white: 'b' });
    expect(send(`set game ${ggf}`)).toEqual([]);
    expect(send('move C3/1.25/3.2')).toEqual([]);
    expect(formatBoard(nb.current())).toBe(formatBoard(unwrap(parseTranscript('f5d6c3')).position));
    // White's first legal move in square order after f5d6c3 is d3 (19).
    expect(send('go')).toEqual(['status thinking', 'nodestats 42 0.250', 'status', '=== D3/1.50/0.250']);
    expect(formatBoard(nb.current())).toBe(formatBoard(unwrap(parseTranscript('f5d6c3')).position));
  });

  it('hints the n best moves, best first, exact depth as 100%', () => {
    const { send } = session();
    expect(send('hint 3')).toEqual(['status thinking', 'search E6 11.00 0 100%', 'search F5 9.25 0 3', 'search C4 6.50 0 3', 'status']);
  });

  it('hints with the limits of go: the same exact-solve range, and the time shared by the moves', () => {
    const seen: unknown[] = [];
    const recording: ProtocolEngine = { ...engine, analyze: (position, depth, limits) => (seen.push([depth, limits]), engine.analyze(position, depth, limits)) };
    const nb = new NboardEngine(recording, () => {}, { depth: 3, exactFrom: 18, timeMs: 600 });
    nb.handle('hint 2');
    // Four legal moves at the start: 150 ms each.
    expect(seen).toEqual([[3, { exactFrom: 18, timeMs: 150 }]]);
  });

  it('analyzes the game from the end back', () => {
    const { send } = session();
    send('move f5');
    send('move d6');
    expect(send('analyze')).toEqual(['status analyzing', 'analysis 2 1.50', 'analysis 1 1.50', 'analysis 0 1.50', 'status']);
  });

  it('reports bad input as status errors and keeps going', () => {
    const { nb, send } = session();
    expect(send('move a1')).toEqual(['status error: move a1 is illegal']);
    expect(send('move zz')).toEqual(['status error: move: "zz" is not a move']);
    expect(send('move PA')).toEqual(['status error: move PA: the side to move has a legal move']);
    expect(send('set game (;GM[Othello]B[a1];)')[0]).toMatch(/^status error: set game: B\[a1\] at offset \d+: a1 is not legal for black/);
    expect(send('set depth 99')).toEqual(['status error: set depth: "99" is not a depth from 1 to 60']);
    expect(send('set colour blue')).toEqual(['status error: set: unknown setting "colour"']);
    expect(send('hint x')).toEqual(['status error: hint: "x" is not a number of moves']);
    // Numbers are decimal digits.
    expect(send('set depth 0x3')).toEqual(['status error: set depth: "0x3" is not a depth from 1 to 60']);
    expect(send('hint 1e1')).toEqual(['status error: hint: "1e1" is not a number of moves']);
    expect(send('frobnicate')).toEqual(['status error: unknown command "frobnicate"']);
    expect(send('\x00\x01\xfe')).toEqual(['status error: unknown command "\xfe"']);
    expect(send('y'.repeat(200_000))).toEqual([`status error: line too long (more than ${MAX_PROTOCOL_LINE} characters)`]);
    expect(send('')).toEqual([]);
    expect(send('ping 1')).toEqual(['pong 1']);
    expect(nb.current().ply).toBe(0);
  });

  it('passes: explicit PA, implicit before a move, and go answers PA', () => {
    const { nb, send } = session();
    // 59 moves after which white must pass; black then plays a1.
    const before = 'f5f6e6f4g4d6c5c6g7b6a6f7f3h8b5c7g8f8c8h4d3a5g3c4b3d8c3d7b8a2g5c2a4f2d2e2g2b7e7e8e1h6e3h2c1b4h3b1g1d1f1b2a3g6a8h5a7h1h7';
    const ggf = formatGgf({ moves: unwrap(parseTranscript(before)).moves });
    send(`set game ${ggf.replace(/W\[PA\]/, '')}`);
    expect(send('go')).toEqual(['=== PA']);
    expect(send('move PA')).toEqual([]);
    expect(send('move A1')).toEqual([]);
    expect(nb.current().isGameOver()).toBe(true);
    send(`set game ${ggf}`);
    expect(send('move a1')).toEqual([]);
    expect(nb.current().isGameOver()).toBe(true);
    expect(send('go')).toEqual(['status error: go: the game is over']);
  });

  it('an illegal move where the side to move must pass is refused without passing for it', () => {
    const { nb, send } = session();
    const before = 'f5f6e6f4g4d6c5c6g7b6a6f7f3h8b5c7g8f8c8h4d3a5g3c4b3d8c3d7b8a2g5c2a4f2d2e2g2b7e7e8e1h6e3h2c1b4h3b1g1d1f1b2a3g6a8h5a7h1h7';
    send(`set game ${formatGgf({ moves: unwrap(parseTranscript(before)).moves }).replace(/W\[PA\]/, '')}`);
    const board = formatBoard(nb.current());
    expect(send('move h8')).toEqual(['status error: move h8 is illegal']);
    expect(formatBoard(nb.current())).toBe(board);
    expect(send('analyze').filter((l) => l.startsWith('analysis'))).toHaveLength(59);
  });
});
