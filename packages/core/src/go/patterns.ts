// Pattern diagrams for candidate generation (seed 000). A pattern is drawn from the point of view
// of the side to move, so one diagram serves both colours (the seed's colour reversal happens by
// reading the board relative to the mover). At load every pattern is expanded into its 8
// symmetries; each variant is indexed by every 3x3 neighbourhood code it accepts, so matching a
// point costs one 16-bit code and a check of the few variants filed under it, instead of a loop
// over every pattern and transform at every point as in the seed's sample program.
//
// Diagram text:
//   // comment (a line starting with //)
//   pattern <name> <score>        (a negative score marks a "negative candidate" that vetoes)
//   . . O .                       one row per line; spaces between cells are optional
//   . X * .
//   # # # #
// Cells: X own stone, O other stone, . empty, # off-board, x own or empty, o other or empty,
// ? anything (off-board included), * the candidate point (empty; exactly one per pattern).
import { err, ok, type Result } from '../othello/result.js';
import { BORDER, EMPTY, type GoBoard } from './board.js';

// Relative point values: 0 empty, 1 own, 2 other, 3 off-board; masks are sets of these.
const REL_EMPTY = 1;
const REL_OWN = 2;
const REL_OTHER = 4;
const REL_OFF = 8;
const ANY = 15;

const CELL_MASKS: Record<string, number> = {
  X: REL_OWN,
  O: REL_OTHER,
  '.': REL_EMPTY,
  '#': REL_OFF,
  x: REL_OWN | REL_EMPTY,
  o: REL_OTHER | REL_EMPTY,
  '?': ANY,
  '*': REL_EMPTY,
};

export interface PatternDef {
  readonly name: string;
  readonly score: number;
  /** Cells relative to the candidate point: dx, dy, mask (bits: empty 1, own 2, other 4, off 8). */
  readonly cells: ReadonlyArray<readonly [number, number, number]>;
}

/** Parses pattern diagrams (format at the top of this file). */
export function parsePatterns(text: string): Result<PatternDef[]> {
  const out: PatternDef[] = [];
  const lines = text.replace(/\r/g, '').split('\n');
  let offset = 0;
  let current: { name: string; score: number; rows: string[]; offsets: number[]; offset: number } | null = null;
  const finish = (): Result<null> => {
    if (!current) return ok(null);
    const c = current;
    current = null;
    if (c.rows.length === 0) return err('empty-pattern', `pattern ${c.name} has no rows`, c.offset);
    let cx = -1;
    let cy = -1;
    for (let y = 0; y < c.rows.length; y++) {
      for (let x = 0; x < c.rows[y].length; x++) {
        const ch = c.rows[y][x];
        if (!(ch in CELL_MASKS)) return err('bad-cell', `pattern ${c.name}: unknown cell "${ch}" (use X O . # x o ? *)`, c.offsets[y]);
        if (ch === '*') {
          if (cx >= 0) return err('two-candidates', `pattern ${c.name} has more than one "*"`, c.offsets[y]);
          cx = x;
          cy = y;
        }
      }
    }
    if (cx < 0) return err('no-candidate', `pattern ${c.name} has no candidate point "*"`, c.offset);
    const cells: Array<[number, number, number]> = [];
    for (let y = 0; y < c.rows.length; y++) {
      for (let x = 0; x < c.rows[y].length; x++) {
        const m = CELL_MASKS[c.rows[y][x]];
        if (m !== ANY) cells.push([x - cx, y - cy, m]);
      }
    }
    out.push({ name: c.name, score: c.score, cells });
    return ok(null);
  };
  for (const raw of lines) {
    const line = raw.trim();
    const lineOffset = offset;
    offset += raw.length + 1;
    if (line.startsWith('//')) continue;
    if (line === '') {
      const r = finish();
      if (!r.ok) return r;
      continue;
    }
    const header = /^pattern\s+(\S+)\s+(-?\d+(?:\.\d+)?)$/.exec(line);
    if (header) {
      const r = finish();
      if (!r.ok) return r;
      current = { name: header[1], score: Number(header[2]), rows: [], offsets: [], offset: lineOffset };
      continue;
    }
    if (/^pattern\b/.test(line)) return err('bad-header', `"${line}" should be "pattern <name> <score>"`, lineOffset);
    if (!current) {
      return err('no-header', `diagram row "${line}" before any "pattern <name> <score>" line`, lineOffset);
    }
    current.rows.push(line.replace(/\s+/g, ''));
    current.offsets.push(lineOffset);
  }
  const r = finish();
  if (!r.ok) return r;
  return ok(out);
}

// The 8 symmetries of the square as (dx, dy) -> (a*dx + b*dy, c*dx + d*dy).
const SYMMETRIES: ReadonlyArray<readonly [number, number, number, number]> = [
  [1, 0, 0, 1],
  [0, -1, 1, 0],
  [-1, 0, 0, -1],
  [0, 1, -1, 0],
  [1, 0, 0, -1],
  [0, 1, 1, 0],
  [-1, 0, 0, 1],
  [0, -1, -1, 0],
];

// The 8 neighbours in the order of the 3x3 code (2 bits each).
const NEIGHBOUR_DX = [-1, 0, 1, -1, 1, -1, 0, 1];
const NEIGHBOUR_DY = [-1, -1, -1, 0, 0, 1, 1, 1];

/** Relative value of a board colour for the mover: 0 empty, 1 own, 2 other, 3 off-board. */
function relative(c: number, mover: number): number {
  return c === EMPTY ? 0 : c === BORDER ? 3 : c === mover ? 1 : 2;
}

/** The 16-bit code of the 8 neighbours of p, relative to the mover (p must be on the board). */
export function neighbourhoodCode(board: GoBoard, p: number, mover: number): number {
  const W = board.stride;
  const col = board.color;
  return (
    relative(col[p - W - 1], mover) |
    (relative(col[p - W], mover) << 2) |
    (relative(col[p - W + 1], mover) << 4) |
    (relative(col[p - 1], mover) << 6) |
    (relative(col[p + 1], mover) << 8) |
    (relative(col[p + W - 1], mover) << 10) |
    (relative(col[p + W], mover) << 12) |
    (relative(col[p + W + 1], mover) << 14)
  );
}

export interface PatternMatch {
  readonly point: number;
  readonly pattern: PatternDef;
  /** Which of the 8 symmetries matched. */
  readonly symmetry: number;
}

/** A compiled pattern database. */
export class PatternSet {
  readonly patterns: readonly PatternDef[];
  // Variants: pattern index, symmetry, and cells outside the 3x3 (dx, dy, mask triples).
  private readonly variantPattern: Int32Array;
  private readonly variantSymmetry: Int32Array;
  private readonly variantCellStart: Int32Array;
  private readonly cellData: Int32Array;
  // Index: code -> [start, end) in variantList.
  private readonly codeStart: Int32Array;
  private readonly variantList: Int32Array;

  constructor(patterns: readonly PatternDef[]) {
    this.patterns = patterns;
    const vp: number[] = [];
    const vs: number[] = [];
    const cellStart: number[] = [0];
    const cells: number[] = [];
    const byCode: number[][] = Array.from({ length: 1 << 16 }, () => []);
    for (let i = 0; i < patterns.length; i++) {
      const seen = new Set<string>();
      for (let s = 0; s < 8; s++) {
        const [a, b, c, d] = SYMMETRIES[s];
        const t = patterns[i].cells.map(([dx, dy, m]) => [a * dx + b * dy, c * dx + d * dy, m] as const);
        const key = t
          .map((x) => x.join(','))
          .sort()
          .join(';');
        if (seen.has(key)) continue;
        seen.add(key);
        const v = vp.length;
        vp.push(i);
        vs.push(s);
        // Near masks for the code index; far cells checked one by one.
        const near = new Array<number>(8).fill(ANY);
        let centreOk = true;
        for (const [dx, dy, m] of t) {
          if (dx === 0 && dy === 0) {
            if ((m & REL_EMPTY) === 0) centreOk = false;
            continue;
          }
          const k = NEIGHBOUR_DX.findIndex((x, j) => x === dx && NEIGHBOUR_DY[j] === dy);
          if (k >= 0) near[k] &= m;
          else cells.push(dx, dy, m);
        }
        cellStart.push(cells.length);
        if (!centreOk) continue;
        // Enumerate every code the near masks accept.
        const enumerate = (k: number, code: number): void => {
          if (k === 8) {
            byCode[code].push(v);
            return;
          }
          for (let val = 0; val < 4; val++) if (near[k] & (1 << val)) enumerate(k + 1, code | (val << (2 * k)));
        };
        enumerate(0, 0);
      }
    }
    this.variantPattern = Int32Array.from(vp);
    this.variantSymmetry = Int32Array.from(vs);
    this.variantCellStart = Int32Array.from(cellStart);
    this.cellData = Int32Array.from(cells);
    this.codeStart = new Int32Array((1 << 16) + 1);
    let total = 0;
    for (let code = 0; code < 1 << 16; code++) {
      this.codeStart[code] = total;
      total += byCode[code].length;
    }
    this.codeStart[1 << 16] = total;
    this.variantList = new Int32Array(total);
    for (let code = 0, j = 0; code < 1 << 16; code++) for (const v of byCode[code]) this.variantList[j++] = v;
  }

  /**
   * For every 3x3 code, the best score among variants that lie entirely inside the 3x3 (0 if
   * none; a negative score, a veto, wins over positive ones): the table playouts use to prefer
   * shape moves next to the last move.
   */
  codeScores(): Int16Array {
    const table = new Int16Array(1 << 16);
    for (let code = 0; code < 1 << 16; code++) {
      let best = 0;
      for (let i = this.codeStart[code], end = this.codeStart[code + 1]; i < end; i++) {
        const v = this.variantList[i];
        if (this.variantCellStart[v] !== this.variantCellStart[v + 1]) continue;
        const s = this.patterns[this.variantPattern[v]].score;
        if (best === 0 || (s > best && best > 0) || (s < 0 && s < best)) best = s;
      }
      table[code] = best;
    }
    return table;
  }

  /** Number of symmetric variants kept after removing duplicates. */
  get variantCount(): number {
    return this.variantPattern.length;
  }

  /**
   * Calls `found(patternIndex, symmetry)` for every variant matching at the empty point p for the
   * mover; returns the number of matches.
   */
  matchAt(board: GoBoard, p: number, mover: number, found?: (pattern: number, symmetry: number) => void): number {
    if (board.color[p] !== EMPTY) return 0;
    const code = neighbourhoodCode(board, p, mover);
    const x = board.xOf(p);
    const y = board.yOf(p);
    const n = board.size;
    let matches = 0;
    for (let i = this.codeStart[code], end = this.codeStart[code + 1]; i < end; i++) {
      const v = this.variantList[i];
      let okAll = true;
      for (let j = this.variantCellStart[v], e = this.variantCellStart[v + 1]; j < e; j += 3) {
        const qx = x + this.cellData[j];
        const qy = y + this.cellData[j + 1];
        const val = qx < 0 || qy < 0 || qx >= n || qy >= n ? 3 : relative(board.color[board.pointAt(qx, qy)], mover);
        if ((this.cellData[j + 2] & (1 << val)) === 0) {
          okAll = false;
          break;
        }
      }
      if (okAll) {
        matches++;
        if (found) found(this.variantPattern[v], this.variantSymmetry[v]);
      }
    }
    return matches;
  }

  /** Every match on the board for the mover, in point order. */
  matchBoard(board: GoBoard, mover: number): PatternMatch[] {
    const out: PatternMatch[] = [];
    for (let i = 0; i < board.emptyCount; i++) {
      const p = board.emptyList[i];
      this.matchAt(board, p, mover, (pattern, symmetry) => out.push({ point: p, pattern: this.patterns[pattern], symmetry }));
    }
    out.sort((a, b) => a.point - b.point || a.pattern.name.localeCompare(b.pattern.name));
    return out;
  }
}

/**
 * The slow reference matcher: for every point and every symmetry, compare every cell (the seed's
 * loop). Used by tests against PatternSet.
 */
export function matchPatternsSlow(board: GoBoard, patterns: readonly PatternDef[], mover: number): Array<{ point: number; name: string }> {
  const out: Array<{ point: number; name: string }> = [];
  const n = board.size;
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const p = board.pointAt(x, y);
      if (board.color[p] !== EMPTY) continue;
      for (const pat of patterns) {
        const seen = new Set<string>();
        for (const [a, b, c, d] of SYMMETRIES) {
          const cells = pat.cells.map(([dx, dy, m]) => [a * dx + b * dy, c * dx + d * dy, m] as const);
          const key = cells
            .map((t) => t.join(','))
            .sort()
            .join(';');
          if (seen.has(key)) continue;
          seen.add(key);
          const fits = cells.every(([dx, dy, m]) => {
            const qx = x + dx;
            const qy = y + dy;
            const val = qx < 0 || qy < 0 || qx >= n || qy >= n ? 3 : relative(board.color[board.pointAt(qx, qy)], mover);
            return (m & (1 << val)) !== 0;
          });
          if (fits) out.push({ point: p, name: pat.name });
        }
      }
    }
  }
  return out.sort((a, b) => a.point - b.point || a.name.localeCompare(b.name));
}
