// The slow, obviously correct rules the fast board is checked against: plain arrays, liberties
// found by recursion exactly as seed 003 does (visit a stone, recurse into same-coloured
// neighbours, stop at the first empty point), captures removed by a second recursion, and the
// seed's ko rule (a lone stone that captured exactly one stone). Tests only; never in a hot path.
import { BLACK, BORDER, EMPTY, WHITE } from './board.js';

export interface ReferenceState {
  size: number;
  /** (size+2)^2 points with a BORDER ring, same indexing as GoBoard. */
  grid: number[];
  koPoint: number;
  koColor: number;
  captures: [number, number, number];
}

export function referenceEmpty(size: number): ReferenceState {
  const W = size + 2;
  const grid: number[] = [];
  for (let y = 0; y < W; y++) for (let x = 0; x < W; x++) grid.push(x === 0 || y === 0 || x === W - 1 || y === W - 1 ? BORDER : EMPTY);
  return { size, grid, koPoint: 0, koColor: EMPTY, captures: [0, 0, 0] };
}

function neighbours(s: ReferenceState, p: number): number[] {
  const W = s.size + 2;
  return [p - W, p + 1, p + W, p - 1];
}

/** True if the chain through p has a liberty (seed 003's recursive search). */
export function referenceHasLiberty(s: ReferenceState, p: number, seen: Set<number> = new Set()): boolean {
  if (seen.has(p)) return false;
  seen.add(p);
  const c = s.grid[p];
  for (const q of neighbours(s, p)) {
    if (s.grid[q] === EMPTY) return true;
    if (s.grid[q] === c && referenceHasLiberty(s, q, seen)) return true;
  }
  return false;
}

/** The distinct liberties of the chain through p, by flood fill. */
export function referenceLiberties(s: ReferenceState, p: number): Set<number> {
  const c = s.grid[p];
  const libs = new Set<number>();
  const seen = new Set<number>([p]);
  const todo = [p];
  while (todo.length > 0) {
    const q = todo.pop()!;
    for (const r of neighbours(s, q)) {
      if (s.grid[r] === EMPTY) libs.add(r);
      else if (s.grid[r] === c && !seen.has(r)) {
        seen.add(r);
        todo.push(r);
      }
    }
  }
  return libs;
}

function removeChain(s: ReferenceState, p: number): number {
  const c = s.grid[p];
  if (c !== BLACK && c !== WHITE) return 0;
  s.grid[p] = EMPTY;
  let n = 1;
  for (const q of neighbours(s, p)) if (s.grid[q] === c) n += removeChain(s, q);
  return n;
}

/** Legal under simple ko: empty, not the ko point for this colour, not suicide. */
export function referenceIsLegal(s: ReferenceState, p: number, c: number): boolean {
  if (s.grid[p] !== EMPTY) return false;
  if (p === s.koPoint && c === s.koColor) return false;
  s.grid[p] = c;
  let legal = referenceHasLiberty(s, p);
  if (!legal) {
    for (const q of neighbours(s, p)) {
      if (s.grid[q] === 3 - c && !referenceHasLiberty(s, q)) legal = true;
    }
  }
  s.grid[p] = EMPTY;
  return legal;
}

/** Plays a legal move (caller checked) and returns the number of stones captured. */
export function referencePlay(s: ReferenceState, p: number, c: number): number {
  s.grid[p] = c;
  const lone = neighbours(s, p).every((q) => s.grid[q] !== c);
  let captured = 0;
  let koAt = 0;
  for (const q of neighbours(s, p)) {
    if (s.grid[q] === 3 - c && !referenceHasLiberty(s, q)) {
      const n = removeChain(s, q);
      captured += n;
      if (n === 1) koAt = q;
    }
  }
  s.captures[c] += captured;
  // Seed 003's ko: a lone stone that took exactly one stone; here also required to be in atari,
  // otherwise the retake would not be a recapture of one stone.
  if (lone && captured === 1 && referenceLiberties(s, p).size === 1) {
    s.koPoint = koAt;
    s.koColor = 3 - c;
  } else {
    s.koPoint = 0;
    s.koColor = EMPTY;
  }
  return captured;
}

/** A pass clears the ko. */
export function referencePass(s: ReferenceState): void {
  s.koPoint = 0;
  s.koColor = EMPTY;
}
