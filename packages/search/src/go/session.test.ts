// The Go game session `go gtp`, `go play` and the in-process player share: play/undo round trips
// over random games (passes and captures included) against the board's own hash and stones,
// undo back to a person's move, handicap set-up, and SGF out that our reader gives back.
import { describe, expect, it } from 'vitest';
import { go } from '@sente/core';
import { GoSession } from './session.js';

function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

const snapshot = (b: go.GoBoard): string => `${b.hashLo}:${b.hashHi}:${b.toMove}:${b.captures[go.BLACK]}:${b.captures[go.WHITE]}:${Array.from(b.color).join('')}`;

describe('GoSession', () => {
  it('random games on 7x7: undo walks back through every position, passes and captures included', () => {
    let captures = 0;
    for (let seed = 1; seed <= 8; seed++) {
      const random = lcg(seed);
      const game = new GoSession({ size: 7, komi: 0.5 });
      const seen = [snapshot(game.board)];
      for (let k = 0; k < 120 && game.board.passes < 2; k++) {
        const c = game.toMove;
        const empties = Array.from(game.board.emptyList.slice(0, game.board.emptyCount));
        const legal = empties.filter((p) => game.board.isLegal(p, c));
        // A pass now and then, never two in a row while there are moves (the game would stop).
        const p = legal.length === 0 || (random() < 0.05 && game.board.passes === 0) ? go.PASS : legal[Math.floor(random() * legal.length)];
        expect(game.play(p, c)).toBe(true);
        seen.push(snapshot(game.board));
      }
      captures += game.board.captures[go.BLACK] + game.board.captures[go.WHITE];
      expect(game.moves().length).toBe(game.ply);
      expect(game.sgfMoves().map((m) => m.point)).toEqual(game.moves());
      while (game.ply > 0) {
        expect(game.undo()).toBe(true);
        expect(snapshot(game.board)).toBe(seen[game.ply]);
      }
      expect(game.undo()).toBe(false);
    }
    expect(captures).toBeGreaterThan(0);
  });

  it('an illegal move changes nothing; undo back to the person\'s last move', () => {
    const game = new GoSession({ size: 9 });
    const e5 = game.board.pointAt(4, 4);
    expect(game.play(e5, go.BLACK, true)).toBe(true);
    const before = snapshot(game.board);
    expect(game.play(e5, go.WHITE)).toBe(false);
    expect(snapshot(game.board)).toBe(before);
    game.play(game.board.pointAt(2, 2), go.WHITE);
    game.play(game.board.pointAt(6, 6), go.BLACK, true);
    game.play(go.PASS, go.WHITE);
    expect(game.lastMove()).toBe(game.board.pointAt(6, 6));
    expect(game.undoHumanMove()).toBe(true);
    expect(game.ply).toBe(2);
    expect(game.undoHumanMove()).toBe(true);
    expect(game.ply).toBe(0);
    expect(game.undoHumanMove()).toBe(false);
  });

  it('handicap stones and moves go to SGF and come back the same through our reader', () => {
    const game = new GoSession({ size: 9, komi: 0.5 });
    const placed = go.fixedHandicapXY(9, 3);
    if (!placed.ok) throw new Error(placed.error.message);
    game.placeHandicap(placed.value.map(([x, y]) => game.board.pointAt(x, y)));
    expect(game.toMove).toBe(go.WHITE);
    const empty = go.parseSgf(game.toSgf({ black: 'b', white: 'w' }));
    expect(empty.ok && empty.value.playerToMove).toBe(go.WHITE);
    game.play(game.board.pointAt(4, 4), go.WHITE);
    game.play(go.PASS, go.BLACK);
    game.play(game.board.pointAt(3, 4), go.WHITE);
    const sgf = go.parseSgf(game.toSgf({ black: 'B player', white: 'W player', result: 'W+0.5' }));
    expect(sgf.ok).toBe(true);
    if (!sgf.ok) return;
    expect(sgf.value.size).toBe(9);
    expect(sgf.value.komi).toBe(0.5);
    expect(sgf.value.playerBlack).toBe('B player');
    expect(sgf.value.result).toBe('W+0.5');
    expect([...sgf.value.setupBlack].sort((a, b) => a - b)).toEqual([...game.setupBlack].sort((a, b) => a - b));
    expect(sgf.value.moves).toEqual(game.sgfMoves());
    const board = go.sgfToBoard(sgf.value);
    expect(board.ok && snapshot(board.value)).toBe(snapshot(game.board));
    // load() takes such a board with its moves; undo then works through them.
    game.load(board.ok ? board.value : game.board, sgf.value.setupBlack, sgf.value.setupWhite);
    expect(game.ply).toBe(3);
    expect(game.undoHumanMove()).toBe(false);
    expect(game.undo()).toBe(true);
    expect(game.ply).toBe(2);
  });
});
