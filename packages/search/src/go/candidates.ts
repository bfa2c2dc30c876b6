// Candidate moves (seed 000): several generators each propose scored points with their name;
// negative candidates veto. The player uses them as priors; `sente go candidates` prints them.
//   capture   tactical reading: moves that capture an opponent chain short of liberties
//   escape    tactical reading: moves that save an own chain that could be captured
//   cut       a point separating opponent chains where the cutting stone survives reading
//   connect   the same for the mover's own chains: play there before the opponent cuts
//   pattern:* the shape database (shapes.ts), matched under 8 symmetries and both colours
//   moyo      the midpoint between the tips of the opponent's framework (moyo.ts)
// Vetoes: self-atari of a chain of two or more stones (unless it captures), filling an own eye,
// and negative shape patterns such as the empty triangle.
import { TacticalReader } from './tactics.js';
import { moyoMouths } from './moyo.js';
import { SHAPES } from './shapes.js';
import { EMPTY, PatternSet, parsePatterns, type GoBoard } from './rules.js';

export interface Candidate {
  readonly point: number;
  /** Priority, 0..100 for proposals; negative for vetoes. */
  readonly score: number;
  /** Which generator proposed it: "capture", "escape", "pattern:<name>", "moyo", or a veto name. */
  readonly generator: string;
}

export interface CandidateOptions {
  /** Node budget of each tactical reading (default 2000). */
  readonly readingBudget?: number;
  /** Pattern database (default: the shipped shapes). */
  readonly patterns?: PatternSet;
}

let defaultSet: PatternSet | null = null;

/** The shipped shape database, compiled once. */
export function defaultPatterns(): PatternSet {
  if (!defaultSet) {
    const r = parsePatterns(SHAPES);
    if (!r.ok) throw new Error(`shipped shape database: ${r.error.message}`);
    defaultSet = new PatternSet(r.value);
  }
  return defaultSet;
}

/** Representative stones of every chain of colour c with at most maxLibs liberties. */
function weakChains(board: GoBoard, c: number, maxLibs: number): number[] {
  const out: number[] = [];
  for (let p = 0; p < board.points; p++) {
    if (board.color[p] === c && board.head[p] === p && board.liberties(p, maxLibs + 1) <= maxLibs) out.push(p);
  }
  return out;
}

/** Capture and escape moves from tactical reading, for the side `color`. */
export function tacticalCandidates(board: GoBoard, color: number, budget = 2000): Candidate[] {
  const reader = new TacticalReader(board, budget);
  const out: Candidate[] = [];
  for (const h of weakChains(board, 3 - color, 2)) {
    const size = board.chainSize[h];
    for (const m of reader.captureMoves(h)) out.push({ point: m, score: Math.min(100, 50 + 10 * size), generator: 'capture' });
  }
  for (const h of weakChains(board, color, 2)) {
    const size = board.chainSize[h];
    for (const m of reader.escapeMoves(h)) out.push({ point: m, score: Math.min(100, 45 + 10 * size), generator: 'escape' });
  }
  return out;
}

/**
 * Cutting points: empty points next to two or more chains of `defender` where a stone of the
 * other colour survives (tactical reading cannot capture it) and leaves at least two of those
 * chains without a shared liberty, so they cannot join in one move. For the mover these are
 * "cut" moves against the opponent and "connect" moves (play there first) for its own chains.
 */
function cuttingPoints(board: GoBoard, defender: number, reader: TacticalReader): Array<{ point: number; smallest: number }> {
  const cutter = 3 - defender;
  const out: Array<{ point: number; smallest: number }> = [];
  const heads = new Int32Array(4);
  const libs = new Int32Array(64);
  // A copy: playing and undoing reorders the board's empty list.
  const empties = board.emptyList.slice(0, board.emptyCount);
  for (const p of empties) {
    let n = 0;
    for (let d = 0; d < 4; d++) {
      const q = p + board.dirs[d];
      if (board.color[q] !== defender) continue;
      const h = board.head[q];
      let seen = false;
      for (let k = 0; k < n; k++) if (heads[k] === h) seen = true;
      if (!seen) heads[n++] = h;
    }
    if (n < 2 || !board.isLegal(p, cutter)) continue;
    board.play(p, cutter);
    let separated = false;
    let smallest = 1 << 30;
    if (board.color[p] === cutter && board.liberties(p, 2) >= 2 && !reader.canCapture(p)) {
      for (let a = 0; a < n && !separated; a++) {
        for (let b = a + 1; b < n && !separated; b++) {
          if (board.color[heads[a]] !== defender || board.color[heads[b]] !== defender) continue;
          const nl = Math.min(board.libertyPoints(heads[a], libs), libs.length);
          let shared = false;
          for (let k = 0; k < nl && !shared; k++) {
            for (let d = 0; d < 4; d++) if (board.head[libs[k] + board.dirs[d]] === board.head[heads[b]] && board.color[libs[k] + board.dirs[d]] === defender) shared = true;
          }
          if (!shared) {
            separated = true;
            smallest = Math.min(board.chainSize[board.head[heads[a]]], board.chainSize[board.head[heads[b]]]);
          }
        }
      }
    }
    board.undo();
    if (separated) out.push({ point: p, smallest });
  }
  return out;
}

/** Cuts of the opponent's chains and connections of one's own, found by reading. */
export function connectionCandidates(board: GoBoard, color: number, budget = 2000): Candidate[] {
  const reader = new TacticalReader(board, budget);
  const out: Candidate[] = [];
  for (const c of cuttingPoints(board, 3 - color, reader)) if (board.isLegal(c.point, color)) out.push({ point: c.point, score: Math.min(70, 40 + 5 * c.smallest), generator: 'cut' });
  for (const c of cuttingPoints(board, color, reader)) if (board.isLegal(c.point, color)) out.push({ point: c.point, score: Math.min(70, 40 + 5 * c.smallest), generator: 'connect' });
  return out;
}

/** Proposals from the pattern database (positive scores only). */
export function patternCandidates(board: GoBoard, color: number, set: PatternSet = defaultPatterns()): Candidate[] {
  const out: Candidate[] = [];
  // One proposal per point and pattern, however many of its symmetries match there (matchBoard
  // lists a point's matches together, by pattern name).
  for (const m of set.matchBoard(board, color)) {
    const generator = `pattern:${m.pattern.name}`;
    const last = out[out.length - 1];
    if (last !== undefined && last.point === m.point && last.generator === generator) continue;
    if (m.pattern.score > 0 && board.isLegal(m.point, color)) out.push({ point: m.point, score: m.pattern.score, generator });
  }
  return out;
}

/** Moyo-limiting points against the opponent's frameworks. */
export function moyoCandidates(board: GoBoard, color: number): Candidate[] {
  const out: Candidate[] = [];
  for (const mouth of moyoMouths(board, 3 - color)) {
    for (const p of mouth.points) if (board.isLegal(p, color)) out.push({ point: p, score: 35, generator: 'moyo' });
  }
  return out;
}

/** True if p is an eye of colour c: all neighbours c or off-board, and the diagonals hold. */
export function isOwnEye(board: GoBoard, p: number, c: number): boolean {
  if (board.color[p] !== EMPTY) return false;
  for (let d = 0; d < 4; d++) {
    const q = p + board.dirs[d];
    const cq = board.color[q];
    if (cq !== c && cq !== 3) return false;
  }
  const W = board.stride;
  let bad = 0;
  let edge = 0;
  const o = 3 - c;
  const diagonals = [p - W - 1, p - W + 1, p + W - 1, p + W + 1];
  for (const q of diagonals) {
    const cq = board.color[q];
    if (cq === 3) edge = 1;
    else if (cq === o) bad++;
  }
  return bad + edge < 2;
}

/** Vetoes for `color`: self-atari of 2+ stones, own-eye filling, and negative shape patterns. */
export function negativeCandidates(board: GoBoard, color: number, set: PatternSet = defaultPatterns()): Candidate[] {
  const out: Candidate[] = [];
  // A copy: playing and undoing reorders the board's empty list.
  const empties = board.emptyList.slice(0, board.emptyCount);
  for (const p of empties) {
    if (!board.isLegal(p, color)) continue;
    if (isOwnEye(board, p, color)) {
      out.push({ point: p, score: -90, generator: 'fill-own-eye' });
      continue;
    }
    const before = board.captures[color];
    board.play(p, color);
    const selfAtari = board.captures[color] === before && board.chainSize[board.head[p]] >= 2 && board.inAtari(p);
    board.undo();
    if (selfAtari) out.push({ point: p, score: -70, generator: 'self-atari' });
  }
  for (const m of set.matchBoard(board, color)) {
    if (m.pattern.score < 0 && !out.some((c) => c.point === m.point)) out.push({ point: m.point, score: m.pattern.score, generator: m.pattern.name });
  }
  return out;
}

export interface CandidateList {
  /** Proposals that survive the vetoes, best first. */
  readonly candidates: Candidate[];
  /** Proposals removed by a veto, and the veto. */
  readonly vetoed: Array<{ candidate: Candidate; veto: Candidate }>;
  /** Every veto point (whether or not something proposed it). */
  readonly vetoes: Candidate[];
}

/** All generators for `color`, vetoes applied, sorted by score. */
export function generateCandidates(board: GoBoard, color: number, options: CandidateOptions = {}): CandidateList {
  const set = options.patterns ?? defaultPatterns();
  const budget = options.readingBudget ?? 2000;
  const all = [...tacticalCandidates(board, color, budget), ...connectionCandidates(board, color, budget), ...patternCandidates(board, color, set), ...moyoCandidates(board, color)];
  const vetoes = negativeCandidates(board, color, set);
  const vetoAt = new Map(vetoes.map((v) => [v.point, v]));
  const candidates: Candidate[] = [];
  const vetoed: Array<{ candidate: Candidate; veto: Candidate }> = [];
  for (const c of all) {
    const v = vetoAt.get(c.point);
    // Moves found by reading override shape vetoes (but not eye filling).
    const byReading = c.generator === 'capture' || c.generator === 'escape' || c.generator === 'cut' || c.generator === 'connect';
    if (v && !(byReading && v.generator !== 'fill-own-eye')) vetoed.push({ candidate: c, veto: v });
    else candidates.push(c);
  }
  candidates.sort((a, b) => b.score - a.score || a.point - b.point);
  return { candidates, vetoed, vetoes };
}

