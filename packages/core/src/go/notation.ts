// Go coordinates in the three notations the project meets: GTP vertices (columns A..Z without I,
// row 1 at the bottom), SGF points (two letters from the top-left corner, "" for a pass) and the
// seed's figure files (one line per row, '+' empty, '*' black, 'O' white; the seed names points
// (x, y) with x and y 1-based from the left and the top). Parsers return Result values.
import { err, ok, type Result } from '../othello/result.js';
import { BLACK, EMPTY, GoBoard, MAX_SIZE, PASS, WHITE } from './board.js';

const GTP_COLUMNS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

/** Point index of (x, y), 0-based from the top-left, on a board of the given size. */
export function pointOf(size: number, x: number, y: number): number {
  return (y + 1) * (size + 2) + x + 1;
}

/** GTP vertex of a point ("D4", "pass"). */
export function gtpVertex(size: number, p: number): string {
  if (p === PASS) return 'pass';
  const W = size + 2;
  const x = (p % W) - 1;
  const y = ((p / W) | 0) - 1;
  return `${GTP_COLUMNS[x]}${size - y}`;
}

/** Parses a GTP vertex ("d4", "PASS") for a board of the given size. */
export function parseGtpVertex(size: number, text: string): Result<number> {
  const t = text.trim().toUpperCase();
  if (t === 'PASS') return ok(PASS);
  const m = /^([A-HJ-Z])(\d{1,2})$/.exec(t);
  if (!m) return err('bad-vertex', `"${text}" is not a vertex (like D4 or pass)`, 0);
  const x = GTP_COLUMNS.indexOf(m[1]);
  const row = Number(m[2]);
  if (x >= size || row < 1 || row > size) return err('off-board', `"${text}" is outside a ${size}x${size} board`, 0);
  return ok(pointOf(size, x, size - row));
}

/** SGF point of a move ("dd"; "" for a pass). */
export function sgfPoint(size: number, p: number): string {
  if (p === PASS) return '';
  const W = size + 2;
  const x = (p % W) - 1;
  const y = ((p / W) | 0) - 1;
  return String.fromCharCode(97 + x, 97 + y);
}

/** Parses an SGF point; "" (and "tt" on boards up to 19x19) is a pass. */
export function parseSgfPoint(size: number, text: string): Result<number> {
  if (text === '' || (text === 'tt' && size <= 19)) return ok(PASS);
  if (!/^[a-zA-Z]{2}$/.test(text)) return err('bad-point', `"${text}" is not an SGF point (two letters)`, 0);
  const x = text.charCodeAt(0) - 97;
  const y = text.charCodeAt(1) - 97;
  if (x < 0 || y < 0 || x >= size || y >= size) return err('off-board', `SGF point "${text}" is outside a ${size}x${size} board`, 0);
  return ok(pointOf(size, x, y));
}

/** The seed's point name "(x, y)", 1-based from the left and the top. */
export function figurePointName(size: number, p: number): string {
  const W = size + 2;
  return `(${p % W}, ${(p / W) | 0})`;
}

/**
 * Parses a figure file: one line per row, '+' (or '.') empty, '*' (or 'X') black, 'O' white.
 * The board size is the number of rows; every row must have that many points. Blank lines at the
 * end are ignored. The result has black to move and no history.
 */
export function parseFigure(text: string): Result<GoBoard> {
  // A byte-order mark opening the text is not a point of the first row.
  const lines = text.replace(/^\uFEFF/, '').replace(/\r/g, '').split('\n');
  const offsets: number[] = [];
  let off = 0;
  for (const line of lines) {
    offsets.push(off);
    off += line.length + 1;
  }
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') {
    lines.pop();
    offsets.pop();
  }
  const size = lines.length;
  if (size === 0) return err('empty', 'the figure has no rows', 0);
  if (size > MAX_SIZE) return err('too-large', `the figure has ${size} rows; at most ${MAX_SIZE} are supported`, 0);
  const board = new GoBoard(size);
  for (let y = 0; y < size; y++) {
    const row = lines[y].replace(/\s+$/, '');
    if (row.length !== size) return err('bad-row', `row ${y + 1} has ${row.length} points, expected ${size} (one per row)`, offsets[y]);
    for (let x = 0; x < size; x++) {
      const ch = row[x];
      let c: number;
      if (ch === '+' || ch === '.') c = EMPTY;
      else if (ch === '*' || ch === 'X') c = BLACK;
      else if (ch === 'O') c = WHITE;
      else return err('bad-char', `unexpected "${ch}" at row ${y + 1}, column ${x + 1} (use + * O)`, offsets[y] + x);
      if (c !== EMPTY) board.setStone(board.pointAt(x, y), c);
    }
  }
  if (board.hasDeadChain()) return err('no-liberty', 'the figure has a chain without liberties', 0);
  return ok(board);
}

/** The figure text of a board ('+', '*', 'O'), one line per row. */
export function formatFigure(board: GoBoard): string {
  const rows: string[] = [];
  for (let y = 0; y < board.size; y++) {
    let row = '';
    for (let x = 0; x < board.size; x++) {
      const c = board.color[board.pointAt(x, y)];
      row += c === BLACK ? '*' : c === WHITE ? 'O' : '+';
    }
    rows.push(row);
  }
  return rows.join('\n') + '\n';
}

/**
 * A board for people (GTP showboard style): column letters, rows numbered from the bottom,
 * X black, O white, '.' empty; `marks` may put a character on chosen points.
 */
export function renderGoBoard(board: GoBoard, marks?: Map<number, string>): string {
  const n = board.size;
  const header = '   ' + Array.from({ length: n }, (_, x) => GTP_COLUMNS[x]).join(' ');
  const lines = [header];
  for (let y = 0; y < n; y++) {
    const row = n - y;
    const cells: string[] = [];
    for (let x = 0; x < n; x++) {
      const p = board.pointAt(x, y);
      const mark = marks?.get(p);
      const c = board.color[p];
      cells.push(mark ?? (c === BLACK ? 'X' : c === WHITE ? 'O' : '.'));
    }
    lines.push(`${String(row).padStart(2)} ${cells.join(' ')} ${row}`);
  }
  lines.push(header);
  return lines.join('\n');
}

/** "black" / "white" / "b" / "w" to BLACK / WHITE, or null. */
export function parseColor(text: string): number | null {
  const t = text.trim().toLowerCase();
  if (t === 'b' || t === 'black') return BLACK;
  if (t === 'w' || t === 'white') return WHITE;
  return null;
}
