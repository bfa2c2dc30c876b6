import { describe, expect, it } from 'vitest';
import { MctsPlayer, RESIGN } from './mcts.js';
import { BLACK, GoBoard, PASS, WHITE, figurePointName, parseFigure } from './rules.js';

function fig(rows: string[]): GoBoard {
  const r = parseFigure(rows.join('\n'));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('MCTS player', () => {
  it('captures a chain in atari that would otherwise escape', () => {
    // White's two stones have one liberty, (4,5); if black does not take them they run out into
    // the open and black's four stones around them are split.
    const b = fig(['+++++++++', '+++++++++', '++++*++++', '+++*O*+++', '+++*O*+++', '+++++++++', '+++++++++', '+++++++++', '+++++++++']);
    for (const seed of [1, 2, 3]) {
      const r = new MctsPlayer({ playouts: 300, seed }).genmove(b, BLACK, 7.5);
      expect(figurePointName(9, r.move)).toBe('(5, 6)');
      expect(r.playouts).toBe(300);
    }
    b.assertConsistent();
  });

  it('saves its own chain in atari by extending', () => {
    const b = fig(['+++++++++', '+++++++++', '+++++++++', '++++O++++', '+++O*O+++', '+++O*O+++', '+++++++++', '+++++++++', '+++++++++']);
    const r = new MctsPlayer({ playouts: 300, seed: 5, resignThreshold: 0 }).genmove(b, BLACK, 0.5);
    expect(figurePointName(9, r.move)).toBe('(5, 7)');
  });

  it('passes after the opponent passes when it is winning on the board', () => {
    // Black owns everything: white passed.
    const b = fig(['+*+*+', '*****', '+*+*+', '*****', '+*+*+']);
    b.toMove = WHITE;
    b.pass(WHITE);
    const r = new MctsPlayer({ playouts: 100 }).genmove(b, BLACK, 7.5);
    expect(r.move).toBe(PASS);
  });

  it('passes after the opponent passes when behind with no real chance, instead of playing on', () => {
    const b = fig(['+++++', 'OOOOO', '+O+O+', 'OOOOO', '+O+O+']);
    b.toMove = WHITE;
    b.pass(WHITE);
    const r = new MctsPlayer({ playouts: 300, resignThreshold: 0 }).genmove(b, BLACK, 7.5);
    expect(r.move).toBe(PASS);
  });

  it('plays legal moves for a whole 7x7 game against itself and ends it', () => {
    const b = new GoBoard(7);
    const players = [new MctsPlayer({ playouts: 60, seed: 1, resignThreshold: 0 }), new MctsPlayer({ playouts: 60, seed: 2, resignThreshold: 0 })];
    let moves = 0;
    while (!b.isGameOver() && moves < 200) {
      const c = b.toMove;
      const r = players[c - 1].genmove(b, c, 7.5);
      expect(r.move).not.toBe(RESIGN);
      expect(b.play(r.move, c)).toBe(true);
      moves++;
    }
    expect(b.isGameOver()).toBe(true);
    b.assertConsistent();
  });
});
