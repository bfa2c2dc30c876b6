import { describe, expect, it } from 'vitest';
import { playoutShapeScores } from './mcts.js';
import { PlayoutPolicy, eyeLikeReference, nakadeFillReference, quickAreaMargin, shapeCode } from './playout.js';
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
        // Every fourth game goes on, a move at a time, to a position with a ko point (kos are rare
        // at a fixed stop).
        for (let k = 0; game % 4 === 0 && b.koPoint === 0 && b.passes < 2 && k < 200; k++) policy.playMoves(b, b.ply > 0 ? b.moveAt(b.ply - 1) : 0, firstPlay, 1);
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
    expect(kos).toBeGreaterThan(2);
  });

  it('the eye-filling exception equals its definition on every self-atari of random positions', () => {
    const policy = new PlayoutPolicy(playoutShapeScores(), 17);
    const firstPlay = new Uint8Array(new GoBoard(19).points);
    const seen = [0, 0];
    const compare = (b: GoBoard, where: string): void => {
      for (let p = 0; p < b.points; p++) {
        if (b.color[p] !== EMPTY) continue;
        for (const c of [BLACK, WHITE]) {
          // isNakadeFill's domain: a legal move joining own stones, capturing nothing, that
          // leaves its chain one liberty.
          if (!b.isLegalSimple(p, c) || b.libertiesAfter2(p, c) !== 1) continue;
          let own = false;
          let captures = false;
          for (let d = 0; d < 4; d++) {
            const q = p + b.dirs[d];
            if (b.color[q] === c) own = true;
            else if (b.color[q] === 3 - c && b.inAtari(q)) captures = true;
          }
          if (!own || captures) continue;
          const slow = nakadeFillReference(b, p, c);
          if (policy.isNakadeFill(b, p, c) !== slow) expect({ where, p, c, fast: !slow }).toBe(null);
          seen[slow ? 1 : 0]++;
        }
      }
    };
    // Positions of the playouts themselves, stopped at many lengths...
    for (const size of [5, 7, 9, 19]) {
      for (let game = 0; game < 60; game++) {
        const b = new GoBoard(size);
        policy.playMoves(b, 0, firstPlay, 5 + ((game * 11 * size) % (3 * size * size)));
        compare(b, `playout ${size} ${game}`);
      }
    }
    // ...and of uniformly random legal moves (eyes filled too), which leave more small enclosed
    // regions.
    let x = 99;
    const random = (n: number): number => {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      return (x >>> 0) % n;
    };
    for (const size of [5, 7, 9, 13]) {
      for (let game = 0; game < 120; game++) {
        const b = new GoBoard(size);
        const moves = Math.floor(size * size * (0.4 + 0.005 * game));
        for (let k = 0; k < moves; k++) {
          const c = k % 2 === 0 ? BLACK : WHITE;
          for (let t = 0; t < 20; t++) {
            const p = b.emptyList[random(b.emptyCount)];
            if (b.isLegalSimple(p, c)) {
              b.play(p, c);
              break;
            }
          }
        }
        compare(b, `random ${size} ${game}`);
      }
    }
    // ...and eye spaces built on purpose: a random region of three to six points, the opponent's
    // stones around it, the filler's around those, and some of the filler's stones inside.
    for (let t = 0; t < 3000; t++) {
      const size = 7 + random(3);
      const b = new GoBoard(size);
      const W = b.stride;
      const dirs = [-1, 1, -W, W];
      const c = random(2) === 0 ? BLACK : WHITE;
      const o = 3 - c;
      const onBoard = (q: number): boolean => b.color[q] !== 3;
      const region = [b.pointAt(random(size), random(size))];
      const want = 3 + random(4);
      for (let k = 0; k < 50 && region.length < want; k++) {
        const q = region[random(region.length)] + dirs[random(4)];
        if (onBoard(q) && !region.includes(q)) region.push(q);
      }
      const wall = new Set<number>();
      for (const a of region) for (const d of dirs) if (onBoard(a + d) && !region.includes(a + d)) wall.add(a + d);
      const ring = new Set<number>();
      for (const a of wall) for (const d of dirs) if (onBoard(a + d) && !region.includes(a + d) && !wall.has(a + d)) ring.add(a + d);
      for (const a of ring) if (b.isLegalSimple(a, c)) b.play(a, c);
      for (const a of wall) if (b.isLegalSimple(a, o)) b.play(a, o);
      for (const a of region) {
        if (random(3) === 0 || !b.isLegalSimple(a, c)) continue;
        const g = b.clone();
        g.play(a, c);
        if (g.captures[c] === b.captures[c]) b.play(a, c);
      }
      compare(b, `eye space ${t}`);
    }
    expect(seen[0]).toBeGreaterThan(1000);
    expect(seen[1]).toBeGreaterThan(100);
  });

  it('fills a dead eye space but not a living one', () => {
    // White's corner group: an eye space of three points in a row (B2 C2 D2) with a black stone on
    // its middle; black filling B2 is a killing throw-in, a self-atari of two stones.
    const three = parseFigure(['+++++++', '+++++++', '+++++++', '+++++++', '*****++', 'OOOO*++', 'O+*+O*+', 'OOOOO*+'].slice(1).join('\n'));
    if (!three.ok) throw new Error(three.error.message);
    const policy = new PlayoutPolicy(playoutShapeScores(), 1);
    policy.nakade = true;
    const b3 = three.value;
    const fill = b3.pointAt(1, 5);
    expect(b3.libertiesAfter2(fill, BLACK)).toBe(1);
    expect(policy.isNakadeFill(b3, fill, BLACK)).toBe(true);
    expect(nakadeFillReference(b3, fill, BLACK)).toBe(true);
    expect(policy.isBadSelfAtari(b3, fill, BLACK)).toBe(false);
    policy.nakade = false;
    expect(policy.isBadSelfAtari(b3, fill, BLACK)).toBe(true);
    policy.nakade = true;
    // Five in a row with black on the middle three: filling the fourth leaves four black stones
    // in atari, and once they are captured white's four-point space in a row lives.
    const five = parseFigure(['+++++++++', '+++++++++', '+++++++++', '+++++++++', '+++++++++', '********+', 'OOOOOOO*+', 'O+***+O*+', 'OOOOOOO*+'].join('\n'));
    if (!five.ok) throw new Error(five.error.message);
    const b5 = five.value;
    const fill5 = b5.pointAt(1, 7);
    expect(b5.libertiesAfter2(fill5, BLACK)).toBe(1);
    expect(policy.isNakadeFill(b5, fill5, BLACK)).toBe(false);
    expect(nakadeFillReference(b5, fill5, BLACK)).toBe(false);
    expect(policy.isBadSelfAtari(b5, fill5, BLACK)).toBe(true);
    // The same three-point space open to the outside (an empty point beside the liberty): no eye.
    const open = parseFigure(['+++++++', '+++++++', '+++++++', '+++++++', '*****++', 'OOOO*++', 'O+*++*+', 'OOOOO*+'].slice(1).join('\n'));
    if (!open.ok) throw new Error(open.error.message);
    expect(policy.isNakadeFill(open.value, open.value.pointAt(1, 5), BLACK)).toBe(false);
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
