import { describe, expect, it } from 'vitest';
import { MctsPlayer, playoutShapeScores } from './mcts.js';
import { PlayoutPolicy } from './playout.js';
import { OPENING_CORNER, OPENING_SIDE, cornerBox, openingBonuses, openingBonusesReference, openingFor } from './opening.js';
import { BLACK, GoBoard, WHITE, parseGtpVertex } from './rules.js';

/** A GTP vertex of the 19x19 board as a point. */
function at(vertex: string): number {
  const r = parseGtpVertex(19, vertex);
  if (!r.ok) throw new Error(vertex);
  return r.value;
}

/** The fast bonuses as a map of the points that have one (null when it declines). */
function fast(b: GoBoard): Map<number, number> | null {
  const sat = new Int32Array((b.size + 1) * (b.size + 1));
  const bonus = new Float64Array(b.points).fill(-1);
  if (!openingBonuses(b, sat, bonus)) {
    expect(bonus.every((v) => v === -1)).toBe(true); // untouched
    return null;
  }
  const out = new Map<number, number>();
  for (let p = 0; p < b.points; p++) if (bonus[p] !== 0) out.set(p, bonus[p]);
  return out;
}

/** A seeded position: `moves` moves of a playout from the empty board (captures and all). */
function playedBoard(size: number, moves: number, seed: number): GoBoard {
  const b = new GoBoard(size);
  new PlayoutPolicy(playoutShapeScores(), seed).playMoves(b, 0, new Uint8Array(b.points), moves);
  return b;
}

describe('opening bonuses (large boards)', () => {
  it('on the empty 19x19 board: the 16 corner points and nothing else', () => {
    const b = new GoBoard(19);
    const got = fast(b)!;
    const corner = [...got].filter(([, v]) => v === OPENING_CORNER).map(([p]) => p);
    expect(corner.length).toBe(16);
    expect(got.size).toBe(16);
    for (const v of ['C3', 'C4', 'D3', 'D4', 'Q16', 'R17', 'Q3', 'C17']) expect(got.get(at(v))).toBe(OPENING_CORNER);
    for (const v of ['K4', 'K3', 'C10', 'R10', 'K16', 'J17', 'C6', 'K10', 'B2', 'A1', 'E5']) expect(got.has(at(v))).toBe(false);
    expect(cornerBox(19)).toBe(6);
    expect(cornerBox(13)).toBe(5);
    expect([openingFor(9), openingFor(13), openingFor(17), openingFor(19)]).toEqual([false, false, false, true]);
  });

  it('a stone takes its corner; the open sides count once no corner is empty, away from every stone', () => {
    const b = new GoBoard(19);
    b.play(at('Q16'), BLACK);
    const got = fast(b)!;
    for (const v of ['R17', 'Q17', 'R16', 'P16', 'R12', 'K4']) expect(got.has(at(v))).toBe(false);
    expect(got.get(at('D4'))).toBe(OPENING_CORNER);
    expect(got.size).toBe(12);
    b.play(at('D4'), WHITE);
    b.play(at('D16'), BLACK);
    // The last empty corner: still no side bonus.
    const three = fast(b)!;
    expect(three.size).toBe(4);
    for (const v of ['Q3', 'R4', 'Q4', 'R3']) expect(three.get(at(v))).toBe(OPENING_CORNER);
    b.play(at('Q4'), WHITE);
    const four = fast(b)!;
    // R13 is three lines below Q16: no bonus; R12, four lines below, is open; K4 and K16 are
    // six lines from the corner stones, C10 and R10 the middle of the left and right sides.
    expect(four.has(at('R13'))).toBe(false);
    for (const v of ['R12', 'K4', 'K3', 'K16', 'K17', 'C10', 'R10']) expect(four.get(at(v))).toBe(OPENING_SIDE);
    for (const v of ['C3', 'R17', 'K10', 'E5', 'G4', 'C7']) expect(four.has(at(v))).toBe(false);
    expect([...four.values()].every((v) => v === OPENING_SIDE)).toBe(true);
    // A stone on the first line (K1) spoils the open lines within three lines of it.
    b.play(at('K1'), BLACK);
    const after = fast(b)!;
    for (const v of ['K3', 'K4', 'H3', 'N4']) expect(after.has(at(v))).toBe(false);
    expect(after.get(at('C10'))).toBe(OPENING_SIDE);
  });

  it('equals the box-by-box definition on random positions of 13x13 to 19x19, and declines from a quarter of the board', () => {
    let declined = 0;
    const kinds = new Set<number>();
    for (const size of [13, 15, 17, 19]) {
      for (let seed = 1; seed <= 12; seed++) {
        const b = playedBoard(size, Math.floor((seed / 12) * size * size * 0.3), seed * 31 + size);
        const ref = openingBonusesReference(b);
        const got = fast(b);
        expect(got).toEqual(ref);
        if (ref === null) declined++;
        else for (const v of ref.values()) kinds.add(v);
      }
    }
    expect(declined).toBeGreaterThan(0);
    expect([...kinds].sort()).toEqual([OPENING_SIDE, OPENING_CORNER].sort());
  });

  // Without the bonuses the same searches open at J17, D17 and H17 (D17 is a corner point too).
  it('the search opens in a corner with the bonuses, on 19x19', () => {
    for (const seed of [1, 2, 3]) {
      const player = new MctsPlayer({ playouts: 400, seed, threads: 1, reuseTree: false, resignThreshold: 0, opening: true });
      const r = player.genmove(new GoBoard(19), BLACK, 7.5);
      const x = Math.min(r.move % 21 - 1, 19 - r.move % 21);
      const y = Math.min(Math.floor(r.move / 21) - 1, 19 - Math.floor(r.move / 21));
      expect([2, 3]).toContain(x);
      expect([2, 3]).toContain(y);
    }
  });
});
