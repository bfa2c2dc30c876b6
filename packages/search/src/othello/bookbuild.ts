// Building and learning the opening book. The expensive step is scoring an entry's moves with the
// engine; it is kept separate (`analyzeEntry` / `applyAnalysis`) so the self-play package can run
// it on its worker pool, while the bookkeeping here stays synchronous and deterministic.
import { PASS, Position, keyToHex, transformSquare } from '@sente/core';
import { Book, NO_LEAF, positionOfKey, type BookEntry } from './book.js';
import type { Engine } from './engine.js';
import type { MoveScore } from './types.js';

/**
 * Adds the positions of one game (its first `maxPlies` moves from `start`) to the book, with a link
 * for each move played. Returns the number of new entries.
 */
export function addGame(book: Book, moves: readonly number[], maxPlies: number, start: Position = Position.initial()): number {
  const pos = start.clone();
  let added = 0;
  let ply = 0;
  for (const move of moves) {
    if (move === PASS) continue;
    if (ply >= maxPlies) break;
    if (!pos.isGameOver() && pos.mustPass()) pos.makePass();
    const r = book.add(pos);
    if (r.added) added++;
    r.entry.visits++;
    const canonical = transformSquare(move, r.transform);
    if (!r.entry.links.some((l) => l.move === canonical)) {
      r.entry.links.push({ move: canonical, score: 0 });
      if (r.entry.leafMove === canonical) r.entry.leafMove = NO_LEAF;
      r.entry.depth = 0; // its leaf must be re-scored now that a move became a link
    }
    if (!pos.makeMove(move)) throw new Error(`addGame: move ${move} at ply ${ply} is illegal`);
    ply++;
  }
  return added;
}

/** Entries whose moves have not been scored at `depth` yet (their canonical positions). */
export function pendingEntries(book: Book, depth: number): BookEntry[] {
  const out: BookEntry[] = [];
  for (const e of book.entries.values()) if (e.depth < depth) out.push(e);
  out.sort((a, b) => (keyToHex(a.key) < keyToHex(b.key) ? -1 : 1));
  return out;
}

/** Scores every move of an entry's (canonical) position with the engine. */
export function analyzeEntry(entry: BookEntry, engine: Engine, depth: number): MoveScore[] {
  return engine.analyze(positionOfKey(entry.key), depth);
}

/**
 * Stores an analysis: link scores (for children not in the book; negamax() overrides the others)
 * and the best non-link move as the leaf.
 */
export function applyAnalysis(entry: BookEntry, scores: readonly MoveScore[], depth: number): void {
  let leafMove = NO_LEAF;
  let leafScore = -Infinity;
  for (const s of scores) {
    const link = entry.links.find((l) => l.move === s.move);
    if (link) link.score = s.score;
    else if (s.score > leafScore) {
      leafScore = s.score;
      leafMove = s.move;
    }
  }
  entry.leafMove = leafMove;
  entry.leafScore = leafMove === NO_LEAF ? 0 : leafScore;
  entry.depth = depth;
}

/**
 * The best unexplored deviations: entries whose leaf is within `margin` discs of the entry's value
 * (the leaf could be the best move), smallest loss first, at most `count`.
 */
export function deviationCandidates(book: Book, count: number, margin: number): BookEntry[] {
  const out: Array<{ e: BookEntry; loss: number }> = [];
  for (const e of book.entries.values()) {
    if (e.leafMove === NO_LEAF) continue;
    const loss = e.value - e.leafScore;
    if (loss <= margin) out.push({ e, loss });
  }
  out.sort((a, b) => a.loss - b.loss || (keyToHex(a.e.key) < keyToHex(b.e.key) ? -1 : 1));
  return out.slice(0, count).map((x) => x.e);
}

/** Turns an entry's leaf into a link and adds the child position; returns the child entry. */
export function expandLeaf(book: Book, entry: BookEntry): BookEntry | undefined {
  if (entry.leafMove === NO_LEAF) return undefined;
  const pos = positionOfKey(entry.key);
  const move = entry.leafMove;
  entry.links.push({ move, score: entry.leafScore });
  entry.leafMove = NO_LEAF;
  entry.depth = 0; // its next-best leaf must be found
  if (!pos.makeMove(move)) throw new Error('expandLeaf: leaf move is illegal');
  if (pos.isGameOver()) return undefined;
  if (pos.mustPass()) pos.makePass();
  const r = book.add(pos);
  return r.entry;
}

/** Scores every pending entry synchronously with one engine and negamaxes the book. */
export function scorePending(book: Book, engine: Engine, depth: number, onProgress?: (done: number, total: number) => void): number {
  const pending = pendingEntries(book, depth);
  pending.forEach((e, i) => {
    applyAnalysis(e, analyzeEntry(e, engine, depth), depth);
    onProgress?.(i + 1, pending.length);
  });
  book.negamax();
  return pending.length;
}
