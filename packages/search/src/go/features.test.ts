import { describe, expect, it } from 'vitest';
import { ATARI, CAPTURE, DIST_BEFORE, DIST_PREVIOUS, EXTENSION, LINE, MAX_MOVE_FEATURES, SELF_ATARI, canonicalShape, generatorFeatures, GENERATOR_NAMES, moveFeatures, moveFeaturesReference } from './features.js';
import { PlayoutPolicy } from './playout.js';
import { playoutShapeScores } from './mcts.js';
import { BLACK, GoBoard, PASS, WHITE, parseFigure } from './rules.js';

function fig(rows: string[]): GoBoard {
  const r = parseFigure(rows.join('\n'));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function fast(b: GoBoard, p: number, c: number): number[] {
  const out = new Int32Array(MAX_MOVE_FEATURES);
  const n = moveFeatures(b, p, c, out);
  return Array.from(out.subarray(0, n));
}

/** The legal points of c on b. */
function legal(b: GoBoard, c: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < b.emptyCount; i++) if (b.isLegal(b.emptyList[i], c)) out.push(b.emptyList[i]);
  return out;
}

describe('move features', () => {
  it('equal the slow reference on every legal move of positions from random playouts (9x9, 13x13, 19x19)', () => {
    let checked = 0;
    let captures = 0;
    let ataris = 0;
    let selfAtaris = 0;
    let extensions = 0;
    for (const size of [9, 13, 19]) {
      const policy = new PlayoutPolicy(playoutShapeScores(), size);
      for (let game = 0; game < 3; game++) {
        const b = new GoBoard(size);
        const stop = 10 + ((game * 37) % (size * size));
        for (let ply = 0; ply < stop && b.passes < 2; ply++) {
          const c = b.toMove;
          // Mostly the playout policy (captures, ataris, shapes), sometimes any legal move.
          let m = policy.random(4) === 0 ? PASS : policy.localMove(b, c, b.ply > 0 ? Math.max(0, b.moveAt(b.ply - 1)) : 0);
          if (m === 0 || m === PASS) m = policy.randomMove(b, c);
          if (m === PASS) b.pass(c);
          else b.play(m, c);
          if (ply % 11 !== 3) continue;
          for (const c2 of [BLACK, WHITE]) {
            for (const p of legal(b, c2)) {
              const f = fast(b, p, c2);
              expect(f, `size ${size}, ply ${b.ply}, point ${p}, colour ${c2}`).toEqual(moveFeaturesReference(b, p, c2));
              checked++;
              if (f.some((x) => x >= CAPTURE && x < EXTENSION)) captures++;
              if (f.includes(ATARI)) ataris++;
              if (f.includes(SELF_ATARI)) selfAtaris++;
              if (f.includes(EXTENSION)) extensions++;
            }
          }
          b.assertConsistent();
        }
      }
    }
    // The positions really exercised the tactical features.
    expect(checked).toBeGreaterThan(2000);
    expect(captures).toBeGreaterThan(5);
    expect(ataris).toBeGreaterThan(30);
    expect(selfAtaris).toBeGreaterThan(10);
    expect(extensions).toBeGreaterThan(2);
  });

  it('names the tactics of hand-made positions', () => {
    // White (5,4)-(5,5) is in atari with its last liberty at (5,6); black (5,6) captures.
    const b = fig(['+++++++++', '+++++++++', '++++*++++', '+++*O*+++', '+++*O*+++', '+++++++++', '+++++++++', '+++++++++', '+++++++++']);
    const capture = b.pointAt(4, 5);
    expect(fast(b, capture, BLACK)).toContain(CAPTURE);
    // For white the same point extends the chain in atari to three liberties.
    expect(fast(b, capture, WHITE)).toContain(EXTENSION);
    // Black (8,2), with nothing around it, is on the second line from the right: line index 1.
    expect(fast(b, b.pointAt(7, 1), BLACK)).toEqual([canonicalShape(0), LINE + 1]);
    // After a move, the distance buckets: (1,1) to (3,2) is dx 2, dy 1: d = 2 + 1 + 2 = 5 -> bucket 3.
    b.play(b.pointAt(2, 1), WHITE);
    b.play(b.pointAt(8, 8), BLACK);
    const f = fast(b, b.pointAt(0, 0), WHITE);
    expect(f).toContain(DIST_BEFORE + 3);
    expect(f).toContain(DIST_PREVIOUS + 17 - 2);
  });

  it('tells a capture of the last move from other captures, and a capture that saves a chain in atari', () => {
    const g = new GoBoard(5);
    const at = (x: number, y: number) => g.pointAt(x - 1, y - 1);
    g.play(at(2, 2), BLACK);
    g.play(at(5, 5), WHITE);
    g.play(at(1, 3), BLACK);
    g.play(at(2, 1), WHITE);
    g.play(at(3, 1), BLACK); // white (2,1) in atari, its liberty (1,1)
    g.play(at(1, 2), WHITE); // the last move: white (1,2), also in atari at (1,1)
    // Black (1,1) takes both white stones, the last move's among them: level 2.
    expect(fast(g, at(1, 1), BLACK)).toContain(CAPTURE + 1);
    expect(fast(g, at(1, 1), BLACK)).toEqual(moveFeaturesReference(g, at(1, 1), BLACK));
    // Level 1: the same double capture in a figure, which has no last move.
    const one = fig(['+O*++', 'O*+++', '*++++', '+++++', '+++++']);
    expect(fast(one, one.pointAt(0, 0), BLACK)).toContain(CAPTURE);
    // Level 3: black (1,1) is in atari and white (2,1) beside it too: taking (2,1) saves (1,1),
    // for black at (3,1) as for white at (1,2) (which takes (1,1) and saves (2,1)).
    const three = fig(['*O+++', '+*+++', '+++++', '+++++', '+++++']);
    expect(fast(three, three.pointAt(2, 0), BLACK)).toContain(CAPTURE + 2);
    expect(fast(three, three.pointAt(0, 1), WHITE)).toContain(CAPTURE + 2);
    for (const [p, c] of [[three.pointAt(2, 0), BLACK], [three.pointAt(0, 1), WHITE], [one.pointAt(0, 0), BLACK]] as const) {
      const board = c === BLACK && p === one.pointAt(0, 0) ? one : three;
      expect(fast(board, p, c)).toEqual(moveFeaturesReference(board, p, c));
    }
  });

  it('reduces the 3x3 shape by the 8 symmetries: rotated and mirrored boards give the same features', () => {
    const rows = ['+++++++', '+*O++++', '++*++++', '+O+++++', '+++++++', '+++++++', '+++++++'];
    const b = fig(rows);
    const turn = (r: string[]) => r.map((_, y) => r.map((row) => row[y]).reverse().join(''));
    const mirror = (r: string[]) => r.map((row) => [...row].reverse().join(''));
    const p = b.pointAt(1, 2);
    const base = fast(b, p, BLACK)[0];
    let r = rows;
    let x = 1;
    let y = 2;
    for (let k = 0; k < 4; k++) {
      r = turn(r);
      [x, y] = [6 - y, x];
      expect(fast(fig(r), fig(r).pointAt(x, y), BLACK)[0]).toBe(base);
      expect(fast(fig(mirror(r)), fig(r).pointAt(6 - x, y), BLACK)[0]).toBe(base);
    }
    // Colours are relative to the mover: the swapped board gives white the same shape.
    const swapped = fig(rows.map((row) => row.replace(/[*O]/g, (ch) => (ch === '*' ? 'O' : '*'))));
    expect(fast(swapped, p, WHITE)[0]).toBe(base);
  });

  it('marks the generators that proposed a move', () => {
    const b = fig(['+++++++++', '+++++++++', '++++*++++', '+++*O*+++', '+++*O*+++', '+++++++++', '+++++++++', '+++++++++', '+++++++++']);
    const gen = generatorFeatures(b, BLACK);
    const capture = gen.get(b.pointAt(4, 5)) ?? 0;
    expect(capture & (1 << GENERATOR_NAMES.indexOf('capture'))).not.toBe(0);
    const escape = generatorFeatures(b, WHITE).get(b.pointAt(4, 5)) ?? 0;
    expect(escape & (1 << GENERATOR_NAMES.indexOf('escape'))).not.toBe(0);
  });
});
