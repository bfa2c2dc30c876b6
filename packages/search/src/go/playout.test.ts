import { describe, expect, it } from 'vitest';
import { playoutShapeScores } from './mcts.js';
import { PlayoutPolicy, eyeLikeReference, quickAreaMargin, shapeCode } from './playout.js';
import { BLACK, EMPTY, GoBoard, WHITE, areaScore, neighbourhoodCode, parseFigure } from './rules.js';

describe('playouts', () => {
  it('play to two passes on a consistent board, and the quick count equals the full area count', () => {
    const policy = new PlayoutPolicy(playoutShapeScores(), 42);
    const firstPlay = new Uint8Array(new GoBoard(9).points);
    let games = 0;
    for (let i = 0; i < 30; i++) {
      const b = new GoBoard(9);
      firstPlay.fill(0);
      const margin = policy.playout(b, 7.5, 0, firstPlay, 1000);
      expect(b.passes).toBe(2);
      b.assertConsistent();
      // At the end every empty point is a single eye or dame, so the counts agree.
      expect(margin).toBe(areaScore(b, 7.5).margin);
      // The last side to pass had no acceptable move left: every empty point is illegal for it,
      // one of its eyes, or a self-atari of a chain.
      const last = 3 - b.toMove;
      for (let p = 0; p < b.points; p++) {
        if (b.color[p] !== EMPTY) continue;
        expect(!b.isLegalSimple(p, last) || policy.isEyeLike(b, p, last) || policy.isBadSelfAtari(b, p, last)).toBe(true);
      }
      games++;
    }
    expect(games).toBe(30);
  });

  it('the quick count matches areaScore on finished positions only where regions are single points', () => {
    const b = parseFigure(['+*O+O', '**OOO', '*+*O+', '***OO', '+*+O+'].join('\n'));
    if (!b.ok) throw new Error(b.error.message);
    expect(quickAreaMargin(b.value, 0.5)).toBe(areaScore(b.value, 0.5).margin);
  });

  it('computes the same 3x3 code as core', () => {
    const b = parseFigure(['+*O++', '*+O++', '+++++', '++O*+', '+++++'].join('\n'));
    if (!b.ok) throw new Error(b.error.message);
    for (let p = 0; p < b.value.points; p++) {
      if (b.value.color[p] !== EMPTY) continue;
      for (const c of [BLACK, WHITE]) expect(shapeCode(b.value, p, c)).toBe(neighbourhoodCode(b.value, p, c));
    }
  });

  it('the table lookups for eyes and shapes equal the direct tests on the points of random playouts', () => {
    const policy = new PlayoutPolicy(playoutShapeScores(), 9);
    const firstPlay = new Uint8Array(new GoBoard(19).points);
    let eyes = 0;
    let shapes = 0;
    for (const size of [5, 9, 19]) {
      for (let game = 0; game < 6; game++) {
        const b = new GoBoard(size);
        // Stop the playout at different lengths, so middle-game positions are compared too.
        policy.playMoves(b, 0, firstPlay, 10 + game * size * 4);
        b.assertConsistent();
        for (let p = 0; p < b.points; p++) {
          if (b.color[p] !== EMPTY) continue;
          for (const c of [BLACK, WHITE]) {
            const eye = eyeLikeReference(b, p, c);
            expect(policy.isEyeLike(b, p, c)).toBe(eye);
            if (eye) eyes++;
            const shape = policy.shapeScores[shapeCode(b, p, c)];
            expect(policy.shapeScore(b, p, c)).toBe(shape);
            if (shape !== 0) shapes++;
          }
        }
      }
    }
    expect(eyes).toBeGreaterThan(50);
    expect(shapes).toBeGreaterThan(50);
  });

  it('random(n) is the xorshift32 state modulo n', () => {
    const policy = new PlayoutPolicy(playoutShapeScores(), 12345);
    let x = 12345;
    for (let i = 0; i < 200000; i++) {
      const n = i % 3 === 0 ? 1 + (i % 700) : i % 3 === 1 ? 0x7fffffff - i : 8;
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      const expected = (x >>> 0) % n;
      const got = policy.random(n);
      if (got !== expected) expect(got).toBe(expected);
    }
    expect(policy.seed).toBe(x);
  });

  it('the one-pass legality and self-atari test equals isLegalSimple and isBadSelfAtari', () => {
    const policy = new PlayoutPolicy(playoutShapeScores(), 5);
    const firstPlay = new Uint8Array(new GoBoard(19).points);
    const seen = [0, 0];
    let kos = 0;
    for (const size of [5, 9, 13, 19]) {
      for (let game = 0; game < 40; game++) {
        const b = new GoBoard(size);
        policy.playMoves(b, 0, firstPlay, 5 + ((game * 7 * size) % (3 * size * size)));
        if (b.koPoint !== 0) kos++;
        for (let p = 0; p < b.points; p++) {
          if (b.color[p] !== EMPTY) continue;
          for (const c of [BLACK, WHITE]) {
            const slow = policy.isPlayableReference(b, p, c);
            if (policy.isPlayableFast(b, p, c) !== slow) expect({ size, game, p, c, fast: !slow }).toBe(null);
            seen[slow ? 1 : 0]++;
          }
        }
      }
    }
    expect(Math.min(...seen)).toBeGreaterThan(1000);
    expect(kos).toBeGreaterThan(0);
  });

  it('answers an atari next to the last move', () => {
    // White just played (2,1), putting black (1,1) in atari; black's saving move is (1,2)... or capture.
    const r = parseFigure(['+O+++', 'O*O++', '+++++', '+++++', '+++++'].join('\n'));
    if (!r.ok) throw new Error(r.error.message);
    const b = r.value;
    const policy = new PlayoutPolicy(playoutShapeScores(), 1);
    expect(policy.localMove(b, BLACK, b.pointAt(2, 1))).toBe(b.pointAt(1, 2));
  });
});
