import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BLACK, BORDER, EMPTY, GoBoard, PASS, WHITE } from './board.js';
import { parseFigure, pointOf } from './notation.js';
import { areaScore, ownership, territoryScore } from './scoring.js';
import { goPerft } from './perft.js';
import { neighbourhoodCode } from './patterns.js';
import { referenceEmpty, referenceIsLegal, referenceLiberties, referencePass, referencePlay, type ReferenceState } from './reference.js';

/** A seeded generator of whole numbers below n (a linear congruential one: the same games every run). */
function seededRandom(seed: number): (n: number) => number {
  return (n) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
}

function fig(rows: string[]): GoBoard {
  const r = parseFigure(rows.join('\n'));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('captures', () => {
  it('captures a single stone in the centre and counts the prisoner', () => {
    const b = fig(['+++++', '++*++', '+*O*+', '+++++', '+++++']);
    const p = b.pointAt(2, 3);
    expect(b.play(p, BLACK)).toBe(true);
    expect(b.color[b.pointAt(2, 2)]).toBe(EMPTY);
    expect(b.captures[BLACK]).toBe(1);
    b.assertConsistent();
  });

  it('captures on the edge and in the corner', () => {
    const b = fig(['+++++', '+++++', '+++++', '+++++', '+*O*+']);
    expect(b.play(b.pointAt(2, 3), BLACK)).toBe(true);
    expect(b.color[b.pointAt(2, 4)]).toBe(EMPTY);
    expect(b.captures[BLACK]).toBe(1);
    // A corner stone with no liberty cannot even be set up.
    expect(parseFigure('O*+\n*++\n+++').ok).toBe(false);
    // A byte-order mark opening the file is no point.
    expect(parseFigure('\uFEFF+*+\n*++\n+++').ok).toBe(true);
    const c = fig(['O++', '*++', '+++']);
    expect(c.play(c.pointAt(1, 0), BLACK)).toBe(true);
    expect(c.color[c.pointAt(0, 0)]).toBe(EMPTY);
    expect(c.captures[BLACK]).toBe(1);
    c.assertConsistent();
  });

  it('captures several chains with one stone', () => {
    // White chains at (1,0)-(1,1) ... each in atari on the point (2,1).
    const b = fig(['*O*++', '*O+O*', '**O*+', '+++++', '+++++']);
    // (2,1): white (1,1) chain {(1,0),(1,1)} libs only (2,1); white (3,1) libs (3,0),(2,1): not captured.
    // white (2,2) libs (2,1),(2,3): not captured.
    b.play(b.pointAt(2, 3), BLACK);
    b.play(b.pointAt(3, 0), BLACK);
    const before = b.captures[BLACK];
    expect(b.play(b.pointAt(2, 1), BLACK)).toBe(true);
    expect(b.captures[BLACK] - before).toBe(4);
    for (const [x, y] of [[1, 0], [1, 1], [3, 1], [2, 2]]) expect(b.color[b.pointAt(x, y)]).toBe(EMPTY);
    b.assertConsistent();
  });
});

describe('suicide, ko, snapback, superko', () => {
  it('forbids suicide but allows a capturing move into no liberties', () => {
    const b = fig(['+*+++', '*++++', '+++++', '+++++', '+++++']);
    expect(b.isLegal(b.pointAt(0, 0), WHITE)).toBe(false);
    expect(b.play(b.pointAt(0, 0), WHITE)).toBe(false);
    const c = fig(['+*O++', '*O+++', 'O++++', '+++++', '+++++']);
    expect(c.isLegal(c.pointAt(0, 0), WHITE)).toBe(true); // captures both black stones
    c.play(c.pointAt(0, 0), WHITE);
    expect(c.captures[WHITE]).toBe(2);
  });

  it('forbids the immediate retake of a ko and releases it after another move', () => {
    const b = fig(['+++++', '+*O++', '*O+O+', '+*O++', '+++++']);
    const take = b.pointAt(2, 2);
    expect(b.play(take, BLACK)).toBe(true);
    expect(b.color[b.pointAt(1, 2)]).toBe(EMPTY);
    const retake = b.pointAt(1, 2);
    expect(b.koPoint).toBe(retake);
    expect(b.isLegal(retake, WHITE)).toBe(false);
    b.play(b.pointAt(4, 4), WHITE); // ko threat elsewhere
    b.play(b.pointAt(4, 0), BLACK);
    expect(b.isLegal(retake, WHITE)).toBe(true);
    b.play(retake, WHITE);
    expect(b.color[take]).toBe(EMPTY);
    b.assertConsistent();
  });

  it('snapback: retaking five stones right after losing one is legal (not ko)', () => {
    // White takes black's stone at (2,1) by playing (2,0), then black plays back at (2,1).
    const b = fig(['*O+O*', '*O*O*', '+*O*+', '+++++', '+++++']);
    const w = b.pointAt(2, 0);
    // Black (2,1) is in atari with white to play at (2,0)? (2,1) neighbours: (2,0) empty, (1,1) O, (3,1) O, (2,2) O.
    expect(b.play(w, WHITE)).toBe(true);
    expect(b.color[b.pointAt(2, 1)]).toBe(EMPTY);
    expect(b.captures[WHITE]).toBe(1);
    // Now white {(1,0),(1,1),(2,0),(3,0),(3,1)}... single liberty at (2,1): black takes back 5 stones.
    expect(b.koPoint).toBe(0);
    expect(b.play(b.pointAt(2, 1), BLACK)).toBe(true);
    expect(b.captures[BLACK]).toBe(5);
    b.assertConsistent();
  });

  it('positional superko forbids recreating an earlier position that simple ko allows', () => {
    const setup = ['+++++', '+*O++', '*O+O+', '+*O++', '+++++'];
    for (const superko of [false, true]) {
      const b = fig(setup);
      b.superko = superko;
      const start = [b.hashLo, b.hashHi];
      b.play(b.pointAt(2, 2), BLACK); // takes the ko
      b.pass(WHITE);
      b.pass(BLACK);
      const retake = b.pointAt(1, 2);
      expect(b.isLegalSimple(retake, WHITE)).toBe(true);
      expect(b.isLegal(retake, WHITE)).toBe(!superko);
      if (!superko) {
        b.play(retake, WHITE);
        expect([b.hashLo, b.hashHi]).toEqual(start);
      }
    }
  });

  it('two passes end the game and resignation ends it too', () => {
    const b = new GoBoard(9);
    b.pass();
    expect(b.isGameOver()).toBe(false);
    b.pass();
    expect(b.isGameOver()).toBe(true);
    b.undo();
    expect(b.isGameOver()).toBe(false);
    b.resign(BLACK);
    expect(b.isGameOver()).toBe(true);
  });
});

describe('scoring', () => {
  // Black wall with three eyes on the left, white on the right, and in the middle a black and a
  // white chain that share the liberties (3,3) and (3,4): a seki.
  const seki = ['**O**OO', '+*O**O+', '**O**OO', '+*O+*O+', '**O+*OO', '+*O**O+', '**O**OO'];

  it('leaves a seki alone in area scoring', () => {
    const b = fig(seki);
    for (const c of [BLACK, WHITE]) {
      b.play(b.pointAt(3, 3), c);
      expect(b.inAtari(b.pointAt(3, 3))).toBe(true); // filling a shared liberty is self-atari
      b.undo();
    }
    const owner = ownership(b);
    expect(owner[b.pointAt(3, 3)]).toBe(EMPTY);
    expect(owner[b.pointAt(3, 4)]).toBe(EMPTY);
    const s = areaScore(b);
    expect([s.black, s.white, s.margin]).toEqual([26, 21, -2.5]);
    const t = territoryScore(b);
    expect([t.black, t.white, t.margin]).toEqual([3, 3, -6.5]);
  });

  it('counts prisoners in territory scoring only', () => {
    const b = fig(['+++++', '++*++', '+*O*+', '+++++', '+++++']);
    b.play(b.pointAt(2, 3), BLACK);
    expect(territoryScore(b, 0).black).toBe(25 - 4 + 1);
    expect(areaScore(b, 0).black).toBe(25);
  });
});

describe('undo', () => {
  it('restores the side to move, also after a move by the side not to move (reading plays either colour)', () => {
    // The search's root bonuses read ladders for the opponent on the root board; undo used to
    // leave the undone move's colour to move, so the root's kept tree was searched for the wrong
    // side and played a tree move onto a stone (the 5x5 tournament hang, a broken chain list).
    const b = new GoBoard(5);
    b.play(pointOf(5, 2, 2), BLACK);
    expect(b.toMove).toBe(WHITE);
    b.play(pointOf(5, 1, 1), BLACK);
    b.pass(BLACK);
    b.playUnchecked(pointOf(5, 3, 3), BLACK);
    b.undo();
    b.undo();
    b.undo();
    expect(b.toMove).toBe(WHITE);
    b.toMove = BLACK;
    b.play(pointOf(5, 0, 0), WHITE);
    b.undo();
    expect(b.toMove).toBe(BLACK);
    const c = b.clone();
    c.play(pointOf(5, 4, 4), WHITE);
    c.undo();
    expect(c.toMove).toBe(BLACK);
    b.assertConsistent();
  });

  it('restores everything after a long random game', () => {
    const b = new GoBoard(7);
    const rnd = seededRandom(12345);
    const snaps: string[] = [];
    const snap = (): string => JSON.stringify([Array.from(b.color), Array.from(b.captures), b.koPoint, b.koColor, b.toMove, b.passes, b.hashLo, b.hashHi, b.emptyCount]);
    for (let i = 0; i < 300 && !b.isGameOver(); i++) {
      snaps.push(snap());
      const legal: number[] = [];
      for (let p = 0; p < b.points; p++) if (b.isLegal(p, b.toMove)) legal.push(p);
      b.play(legal.length > 0 && rnd(20) > 0 ? legal[rnd(legal.length)] : PASS);
      b.assertConsistent();
    }
    while (snaps.length > 0) {
      b.undo();
      b.assertConsistent();
      expect(snap()).toBe(snaps.pop());
    }
  });
});

describe('fast board against the seed-style reference', () => {
  function compare(b: GoBoard, r: ReferenceState): void {
    expect(Array.from(b.color)).toEqual(r.grid);
    expect(b.captures[BLACK]).toBe(r.captures[BLACK]);
    expect(b.captures[WHITE]).toBe(r.captures[WHITE]);
    for (let p = 0; p < b.points; p++) {
      const c = b.color[p];
      if (c === BLACK || c === WHITE) expect(b.liberties(p)).toBe(referenceLiberties(r, p).size);
      // The incremental 3x3 code is the neighbourhood in absolute colours (= relative to black).
      if (c !== BORDER) expect(b.nbr3[p]).toBe(neighbourhoodCode(b, p, BLACK));
      for (const mover of [BLACK, WHITE]) expect(b.isLegalSimple(p, mover)).toBe(referenceIsLegal(r, p, mover));
    }
  }

  it('agrees on stones, liberties, captures, legality and ko over random playouts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 7 }), fc.array(fc.nat(), { minLength: 1, maxLength: 120 }), (size, picks) => {
        const b = new GoBoard(size);
        const r = referenceEmpty(size);
        let color = BLACK;
        for (const pick of picks) {
          const legal: number[] = [];
          for (let p = 0; p < b.points; p++) if (referenceIsLegal(r, p, color)) legal.push(p);
          if (legal.length === 0 || pick % 17 === 0) {
            b.play(PASS, color);
            referencePass(r);
          } else {
            const p = legal[pick % legal.length];
            expect(b.play(p, color)).toBe(true);
            referencePlay(r, p, color);
          }
          color = 3 - color;
        }
        compare(b, r);
        b.assertConsistent();
      }),
      { numRuns: 150 },
    );
  });

  it('agrees on 9x9 to 19x19 games played long enough to capture, with every position compared', () => {
    fc.assert(
      fc.property(fc.constantFrom(9, 13, 19), fc.array(fc.nat(), { minLength: 100, maxLength: 400 }), (size, picks) => {
        const b = new GoBoard(size);
        const r = referenceEmpty(size);
        let color = BLACK;
        for (const [i, pick] of picks.entries()) {
          const legal: number[] = [];
          for (let p = 0; p < b.points; p++) if (referenceIsLegal(r, p, color)) legal.push(p);
          if (legal.length === 0) break;
          const p = legal[pick % legal.length];
          expect(b.play(p, color)).toBe(true);
          referencePlay(r, p, color);
          if (i % 25 === 0) compare(b, r);
          color = 3 - color;
        }
        compare(b, r);
        b.assertConsistent();
      }),
      { numRuns: 12 },
    );
  });
});

describe('libertiesAfter', () => {
  it('equals the liberties after really playing, when nothing is captured', () => {
    const rnd = seededRandom(99);
    let checked = 0;
    for (let game = 0; game < 20; game++) {
      const b = new GoBoard(7);
      for (let i = 0; i < 40; i++) {
        const p = b.pointAt(rnd(7), rnd(7));
        if (b.isLegal(p, b.toMove)) b.play(p);
      }
      for (let p = 0; p < b.points; p++) {
        for (const c of [BLACK, WHITE]) {
          if (!b.isLegal(p, c)) continue;
          const predicted = b.libertiesAfter(p, c, 100);
          const before = b.captures[c];
          b.play(p, c);
          if (b.captures[c] === before) {
            expect(predicted).toBe(b.liberties(p));
            checked++;
          }
          b.undo();
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });
});

describe('libertiesAfter2', () => {
  it('equals libertiesAfter with limit 2 (the chain walk) on every empty point of random games', () => {
    const rnd = seededRandom(7);
    const seen = [0, 0, 0];
    for (const [size, moves] of [[5, 30], [9, 90], [13, 200], [19, 400]]) {
      for (let game = 0; game < 8; game++) {
        const b = new GoBoard(size);
        for (let i = 0; i < moves; i++) {
          const p = b.pointAt(rnd(size), rnd(size));
          if (b.isLegal(p, b.toMove)) b.play(p);
          if (i % 10 !== 9) continue;
          for (let q = 0; q < b.points; q++) {
            if (b.color[q] !== EMPTY) continue;
            for (const c of [BLACK, WHITE]) {
              const slow = b.libertiesAfter(q, c, 2);
              expect(b.libertiesAfter2(q, c)).toBe(slow);
              seen[slow]++;
            }
          }
        }
      }
    }
    expect(Math.min(...seen)).toBeGreaterThan(100);
  });
});

describe('a board without history', () => {
  it('plays random games exactly as one with history, refuses undo, and gets its hash back', () => {
    const rnd = seededRandom(11);
    for (const size of [5, 9, 19]) {
      for (let game = 0; game < 6; game++) {
        const kept = new GoBoard(size);
        const bare = new GoBoard(size);
        bare.setHistory(false);
        expect(bare.keepsHistory).toBe(false);
        for (let i = 0; i < 3 * size * size; i++) {
          const p = rnd(6) === 0 ? PASS : kept.pointAt(rnd(size), rnd(size));
          if (p !== PASS && !kept.isLegalSimple(p, kept.toMove)) continue;
          if (p === PASS) {
            kept.pass();
            bare.pass();
          } else {
            kept.playUnchecked(p, kept.toMove);
            bare.playUnchecked(p, bare.toMove);
          }
        }
        expect(Array.from(bare.color)).toEqual(Array.from(kept.color));
        expect(Array.from(bare.head)).toEqual(Array.from(kept.head));
        expect(Array.from(bare.nextStone)).toEqual(Array.from(kept.nextStone));
        expect(Array.from(bare.libCount)).toEqual(Array.from(kept.libCount));
        expect(Array.from(bare.nbr3)).toEqual(Array.from(kept.nbr3));
        expect(Array.from(bare.emptyList.subarray(0, bare.emptyCount))).toEqual(Array.from(kept.emptyList.subarray(0, kept.emptyCount)));
        expect([bare.ply, bare.koPoint, bare.koColor, bare.passes, bare.toMove, bare.captures[1], bare.captures[2]]).toEqual([kept.ply, kept.koPoint, kept.koColor, kept.passes, kept.toMove, kept.captures[1], kept.captures[2]]);
        for (let k = 0; k < kept.ply; k++) expect([bare.moveAt(k), bare.colorAt(k)]).toEqual([kept.moveAt(k), kept.colorAt(k)]);
        bare.assertConsistent();
        if (bare.ply > 0) expect(() => bare.undo()).toThrow(RangeError);
        // A copy with history gets a true hash; turning the history on recomputes it.
        const copy = new GoBoard(size);
        copy.copyFrom(bare);
        expect([copy.hashLo, copy.hashHi]).toEqual([kept.hashLo, kept.hashHi]);
        expect([bare.clone().hashLo, bare.clone().hashHi]).toEqual([kept.hashLo, kept.hashHi]);
        bare.setHistory(true);
        expect([bare.hashLo, bare.hashHi, bare.ply]).toEqual([kept.hashLo, kept.hashHi, 0]);
        bare.assertConsistent();
      }
    }
  });
});

describe('perft', () => {
  it('counts legal sequences on tiny boards', () => {
    expect(goPerft(new GoBoard(1), 3)).toBe(1); // pass, pass: the game is over
    // 2x2: black has 4 points + pass = 5 first moves.
    expect(goPerft(new GoBoard(2), 1)).toBe(5);
    // After a black stone white has 3 points + pass; after black's pass 4 points + pass (game not over).
    expect(goPerft(new GoBoard(2), 2)).toBe(4 * 4 + 5);
  });

  it('matches a perft on the reference rules (3x3, depth 4)', () => {
    function refPerft(r: ReferenceState, color: number, depth: number, passes: number): number {
      if (depth === 0 || passes >= 2) return 1;
      let total = 0;
      for (let p = 0; p < r.grid.length; p++) {
        if (!referenceIsLegal(r, p, color)) continue;
        const copy: ReferenceState = { ...r, grid: r.grid.slice(), captures: [...r.captures] as [number, number, number] };
        referencePlay(copy, p, color);
        total += refPerft(copy, 3 - color, depth - 1, 0);
      }
      const copy: ReferenceState = { ...r, grid: r.grid.slice(), captures: [...r.captures] as [number, number, number] };
      referencePass(copy);
      return total + refPerft(copy, 3 - color, depth - 1, passes + 1);
    }
    const fast = goPerft(new GoBoard(3), 4);
    expect(fast).toBe(refPerft(referenceEmpty(3), BLACK, 4, 0));
    expect(fast).toBeGreaterThan(1000);
  });

  it('pointOf matches GoBoard.pointAt', () => {
    const b = new GoBoard(9);
    expect(pointOf(9, 3, 5)).toBe(b.pointAt(3, 5));
  });
});
