// The Othello game session GTP, NBoard, `sente play` and the GTP player share: play/undo round
// trips over whole random games checked against a replay by the rules, implicit passes made and
// undone with their move, refusals that change nothing, undo back to a person's move.
import { describe, expect, it } from 'vitest';
import { BLACK, PASS, Position, WHITE, formatBoard, parseTranscript, unwrap } from '@sente/core';
import { OthelloSession } from './session.js';

/** A small deterministic generator (no Math.random in tests). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** A position, reached by random play, whose side to move must pass while the game goes on. */
function mustPassPosition(): Position {
  for (let seed = 1; ; seed++) {
    const random = lcg(seed);
    const p = Position.initial();
    while (!p.isGameOver()) {
      const moves = p.legalMoveList();
      if (moves.length === 0) return p;
      p.makeMove(moves[Math.floor(random() * moves.length)]);
    }
  }
}

describe('OthelloSession', () => {
  it('whole random games: every position equals the rules\' replay, and undo walks back to the start', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const random = lcg(seed);
      const game = new OthelloSession();
      const boards = [formatBoard(game.position)];
      while (!game.position.isGameOver()) {
        const p = game.position;
        const moves = p.legalMoveList();
        const square = moves.length === 0 ? PASS : moves[Math.floor(random() * moves.length)];
        expect(game.play(square)).toBeNull();
        boards.push(formatBoard(game.position));
        expect(formatBoard(game.positionAt(game.ply))).toBe(boards[boards.length - 1]);
      }
      expect(game.ply).toBe(boards.length - 1);
      expect(game.moves().length).toBe(game.ply);
      const replay = game.start.clone();
      for (const m of game.moves()) expect(m === PASS ? (replay.makePass(), true) : replay.makeMove(m)).toBe(true);
      expect(formatBoard(replay)).toBe(formatBoard(game.position));
      while (game.ply > 0) {
        expect(game.undo()).toBe(true);
        expect(formatBoard(game.position)).toBe(boards[game.ply]);
      }
      expect(game.undo()).toBe(false);
      expect(formatBoard(game.position)).toBe(formatBoard(Position.initial()));
    }
  });

  it('a move for the colour not to move passes implicitly for the side that must; undo takes both back', () => {
    const before = mustPassPosition();
    const game = new OthelloSession(before);
    const passer = game.toMove;
    expect(game.position.mustPass()).toBe(true);
    const afterPass = before.clone();
    afterPass.makePass();
    const move = afterPass.legalMoveList()[0];
    expect(game.playFor(passer, move)).toBe('illegal');
    expect(game.playFor(1 - passer, move)).toBeNull();
    expect(game.history.map((h) => [h.square, h.implicit])).toEqual([[PASS, true], [move, false]]);
    expect(game.undo()).toBe(true);
    expect(game.ply).toBe(0);
    expect(formatBoard(game.position)).toBe(formatBoard(before));
    // An explicit pass is legal only for the side that must pass.
    expect(game.play(PASS)).toBeNull();
    expect(game.play(PASS)).toBe('illegal');
    expect(game.undo()).toBe(true);
    // NBoard may leave the forced pass out: the pass is made only when the move is then legal.
    expect(game.playWithImplicitPass(move)).toBeNull();
    expect(game.ply).toBe(2);
    game.undo();
    const illegal = [...Array(64).keys()].find((sq) => !afterPass.isLegal(sq))!;
    expect(game.playWithImplicitPass(illegal)).toBe('illegal');
    expect(game.ply).toBe(0);
    expect(formatBoard(game.position)).toBe(formatBoard(before));
    // catchUp + dropImplicitPass (genmove's pair) leave nothing behind.
    expect(game.catchUp(1 - passer)).toBe(true);
    game.dropImplicitPass(true);
    expect(game.ply).toBe(0);
    expect(formatBoard(game.position)).toBe(formatBoard(before));
  });

  it('refusals change nothing: wrong turn, illegal squares, passes with moves, the finished game', () => {
    const game = new OthelloSession();
    const start = formatBoard(game.position);
    expect(game.playFor(WHITE, 19)).toBe('not-your-turn');
    expect(game.play(0)).toBe('illegal');
    expect(game.play(PASS)).toBe('illegal');
    expect(game.playFor(BLACK, 0)).toBe('illegal');
    expect(game.ply).toBe(0);
    expect(formatBoard(game.position)).toBe(start);
    // The shortest wipe-out (9 moves): black has all the discs.
    const wipe = unwrap(parseTranscript('f5d6c5f4e7f6g5e6e3'));
    const over = new OthelloSession(wipe.position);
    expect(over.position.isGameOver()).toBe(true);
    expect(over.play(PASS)).toBe('game-over');
    expect(over.playFor(BLACK, 0)).toBe('game-over');
    expect(over.catchUp(WHITE)).toBe(over.toMove === WHITE ? false : 'game-over');
    expect(over.finalScoreForBlack()).toBe(64);
  });

  it('undo back to the person\'s last move, over engine moves and passes; undoTo; lastMove', () => {
    const game = new OthelloSession();
    const opening = unwrap(parseTranscript('f5d6'));
    game.play(opening.moves[0]);
    game.play(opening.moves[1]);
    game.play(18, true); // c3 by the person
    const afterHuman = formatBoard(game.position);
    game.play(game.position.legalMoveList()[0]); // the engine answers
    expect(game.lastMove()).toBe(game.moves()[3]);
    expect(game.undoHumanMove()).toBe(true);
    expect(game.ply).toBe(2);
    expect(formatBoard(game.position)).toBe(formatBoard(opening.position));
    expect(afterHuman).not.toBe(formatBoard(game.position));
    expect(game.undoHumanMove()).toBe(false);
    game.undoTo(0);
    expect(formatBoard(game.position)).toBe(formatBoard(Position.initial()));
    expect(game.lastMove()).toBeUndefined();
  });

  it('keeps the controller\'s clock (seconds) across games', () => {
    const game = new OthelloSession();
    expect(game.clock.left(BLACK)).toBeNull();
    game.clock.set('absolute', 300, 0, 0);
    game.clock.report(WHITE, 12.5, 3);
    game.reset();
    expect(game.clock.left(BLACK)).toBe(300);
    expect(game.clock.left(WHITE)).toBe(12.5);
    expect(game.clock.stonesLeft[WHITE]).toBe(3);
    game.clock.set('none', 0, 0, 0);
    expect(game.clock.left(WHITE)).toBeNull();
  });
});
