import { describe, expect, it } from 'vitest';
import { HI, Position, parseTranscript, transformSet, transformSquare, parseSquare } from '@sente/core';
import { Book, NO_LEAF, chooseBookMove, positionOfKey } from './book.js';
import { addGame, applyAnalysis, deviationCandidates, expandLeaf, pendingEntries, scorePending } from './bookbuild.js';
import { bootstrapTable } from './bootstrap.js';
import { Engine } from './engine.js';

const sq = (name: string): number => (parseSquare(name) as { ok: true; value: number }).value;
const play = (t: string): { moves: number[]; position: Position } => {
  const r = parseTranscript(t);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

function transformed(p: Position, t: number): Position {
  const bLo = transformSet(p.blackLo, p.blackHi, t);
  const bHi = HI[0];
  const wLo = transformSet(p.whiteLo, p.whiteHi, t);
  const wHi = HI[0];
  return Position.fromColors(bLo, bHi, wLo, wHi, p.side);
}

describe('opening book', () => {
  it('finds a position through each of its 8 transforms and maps the stored moves back', () => {
    const book = new Book();
    const { moves } = play('f5d6c3d3');
    addGame(book, moves, 4);
    const base = play('f5d6c3').position;
    const link = book.moves(base);
    expect(link.map((m) => m.move)).toEqual([sq('d3')]);
    for (let t = 0; t < 8; t++) {
      const q = transformed(base, t);
      const found = book.moves(q);
      expect(found.length, `transform ${t}`).toBe(1);
      expect(found[0].move, `transform ${t}`).toBe(transformSquare(sq('d3'), t));
      expect(q.isLegal(found[0].move)).toBe(true);
    }
    expect(book.size).toBe(4);
  });

  it('negamaxes a hand-built tree to the hand-computed values', () => {
    const book = new Book();
    addGame(book, play('f5d6').moves, 2);
    addGame(book, play('f5f6').moves, 2);
    expect(book.size).toBe(2);
    const root = book.find(Position.initial())!.entry;
    const afterF5 = play('f5').position;
    const child = book.find(afterF5)!;
    // Child (white to move after f5): links d6 -> +3, f6 -> -1 (their children are not in the book),
    // and the leaf f4 -> +1.
    const toCanon = (name: string): number => transformSquare(sq(name), child.transform);
    for (const l of child.entry.links) l.score = l.move === toCanon('d6') ? 3 : -1;
    child.entry.leafMove = toCanon('f4');
    child.entry.leafScore = 1;
    root.leafMove = transformSquare(sq('d3'), book.find(Position.initial())!.transform);
    root.leafScore = -5;
    book.negamax();
    expect(child.entry.value).toBe(3);
    expect(root.links[0].score).toBe(-3);
    expect(root.value).toBe(-3);
    // Raise the root's leaf above the link: the value follows the leaf.
    root.leafScore = -2;
    book.negamax();
    expect(root.value).toBe(-2);
    // The mapped-back moves of the child, best first.
    expect(book.moves(afterF5).map((m) => [m.move, m.score])).toEqual([[sq('d6'), 3], [sq('f4'), 1], [sq('f6'), -1]]);
    // A random choice among the moves within the margin of the best: the last of them when the
    // draw is near 1, the first when it is 0.
    expect(chooseBookMove(book, afterF5, 0, () => 0.99)?.move).toBe(sq('d6'));
    expect(chooseBookMove(book, afterF5, 1.9, () => 0.99)?.move).toBe(sq('d6'));
    expect(chooseBookMove(book, afterF5, 2, () => 0.99)?.move).toBe(sq('f4'));
    expect(chooseBookMove(book, afterF5, 4, () => 0.99)?.move).toBe(sq('f6'));
    expect(chooseBookMove(book, afterF5, 4, () => 0)?.move).toBe(sq('d6'));
    expect(chooseBookMove(book, play('f5d6c3d3').position, 64, () => 0)).toBeUndefined();
  });

  it('writes and reads back an identical book; refuses a corrupt one', () => {
    const book = new Book();
    for (const t of ['f5d6c3d3c4', 'f5f6e6f4', 'f5d6c5f4e3']) addGame(book, play(t).moves, 5);
    let i = 0;
    for (const e of book.entries.values()) {
      e.leafMove = i % 3 === 0 ? NO_LEAF : 19;
      e.leafScore = (i % 7) - 3.5;
      e.depth = 4;
      e.links.forEach((l, k) => (l.score = k - i / 4));
      i++;
    }
    book.negamax();
    const bytes = book.encode();
    const back = Book.decode(bytes);
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(Buffer.from(back.book.encode()).equals(Buffer.from(bytes))).toBe(true);
    expect(back.book.size).toBe(book.size);
    const p = play('f5d6c3').position;
    expect(back.book.moves(p)).toEqual(book.moves(p));
    const bad = bytes.slice();
    bad[20] ^= 1;
    const r = Book.decode(bad);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/checksum/);
    const r2 = Book.decode(bytes.slice(0, 10));
    expect(r2.ok).toBe(false);
    const foreign = bytes.slice();
    foreign[0] = 0x58;
    const r3 = Book.decode(foreign);
    expect(!r3.ok && r3.error).toMatch(/magic/);
  });

  it('learns: scores entries with the engine, expands the best deviation, plays from the book', () => {
    const engine = new Engine(bootstrapTable(), 'bootstrap', { ttMb: 1 });
    const book = new Book();
    addGame(book, play('f5d6c3d3').moves, 3);
    expect(pendingEntries(book, 2).length).toBe(3);
    expect(scorePending(book, engine, 2)).toBe(3);
    expect(pendingEntries(book, 2).length).toBe(0);
    const before = book.size;
    const [best] = deviationCandidates(book, 1, 64);
    expect(best).toBeDefined();
    // The candidate loses least against its entry's value among all leaves.
    for (const e of book.entries.values()) if (e.leafMove !== NO_LEAF) expect(e.value - e.leafScore).toBeGreaterThanOrEqual(best.value - best.leafScore);
    const leaf = best.leafMove;
    const links = best.links.length;
    const child = expandLeaf(book, best);
    expect(child).toBeDefined();
    expect(book.size).toBe(before + 1);
    // The leaf became a link to the new entry, whose position is the leaf move played.
    expect(best.leafMove).toBe(NO_LEAF);
    expect(best.links).toHaveLength(links + 1);
    expect(best.links[links].move).toBe(leaf);
    const after = positionOfKey(best.key);
    expect(after.makeMove(leaf)).toBe(true);
    if (after.mustPass()) after.makePass();
    expect(book.find(after)?.entry).toBe(child);
    scorePending(book, engine, 2);
    // Every entry's value is the max of its link scores and leaf.
    for (const e of book.entries.values()) {
      const best2 = Math.max(...e.links.map((l) => l.score), e.leafMove === NO_LEAF ? -Infinity : e.leafScore);
      expect(e.value).toBeCloseTo(best2, 6);
    }
    const withBook = new Engine(bootstrapTable(), 'bootstrap', { ttMb: 1, book });
    const r = withBook.think(Position.initial(), { depth: 4 });
    expect(r.book).toBe(true);
    expect(book.moves(Position.initial())[0].move).toBe(r.move);
    const off = withBook.think(Position.initial(), { depth: 2, useBook: false });
    expect(off.book).toBeUndefined();
  });
});
