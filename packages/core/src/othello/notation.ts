// The notation players and programs exchange: squares a1..h8 (column letter, row digit, row 1 at
// the top), transcripts of concatenated squares with implicit passes, the 64-character board
// string (row 1 first, X black, O white, - empty) followed by the side to move, and OBF lines,
// which add `; MOVE:SCORE` pairs. Parsers never throw: they return a Result whose error names
// the offending text and its offset.
import { HI } from './bitboard.js';
import { BLACK, PASS, Position, WHITE } from './position.js';
import { err, ok, type Result } from './result.js';

export function squareName(square: number): string {
  if (square === PASS) return 'pass';
  return String.fromCharCode(97 + (square & 7)) + String.fromCharCode(49 + (square >> 3));
}

/** The square named by two characters at `offset` of `text` (either case), or -1. */
function squareAt(text: string, offset: number): number {
  if (offset + 1 >= text.length) return -1;
  const c = text.charCodeAt(offset) | 0x20;
  const r = text.charCodeAt(offset + 1);
  if (c < 97 || c > 104 || r < 49 || r > 56) return -1;
  return (r - 49) * 8 + (c - 97);
}

export function parseSquare(text: string): Result<number> {
  const t = text.trim();
  if (/^pass$/i.test(t) || t === '--' || /^pa$/i.test(t)) return ok(PASS);
  const s = t.length === 2 ? squareAt(t, 0) : -1;
  if (s < 0) return err('bad-square', `"${text}" is not a square (expected a1..h8 or pass)`, 0);
  return ok(s);
}

export interface Replay {
  /** The squares played, in order (passes are implicit and not listed). */
  readonly moves: number[];
  /** The position after the last move. */
  readonly position: Position;
}

/**
 * Replays a transcript such as `f5d6c3d3c4` (either case; whitespace ignored) from `start`
 * (the initial position by default), checking every move and passing when the side to move
 * has no move.
 */
export function parseTranscript(text: string, start: Position = Position.initial()): Result<Replay> {
  const position = start.clone();
  const moves: number[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r' || ch === ',') {
      i++;
      continue;
    }
    const square = squareAt(text, i);
    const moveNumber = moves.length + 1;
    if (square < 0) {
      const token = text.slice(i, i + 2);
      return err('bad-square', `move ${moveNumber}: "${token}" at offset ${i} is not a square (expected a1..h8)`, i);
    }
    if (position.isGameOver()) {
      return err('game-over', `move ${moveNumber}: ${squareName(square)} at offset ${i} comes after the end of the game`, i);
    }
    if (position.mustPass()) position.makePass();
    if (!position.makeMove(square)) {
      const who = position.side === BLACK ? 'black' : 'white';
      return err('illegal-move', `move ${moveNumber}: ${squareName(square)} at offset ${i} is not legal for ${who}`, i);
    }
    moves.push(square);
    i += 2;
  }
  // A pass owed at the end is made, so the position shows who really moves next.
  if (!position.isGameOver() && position.mustPass()) position.makePass();
  return ok({ moves, position });
}

export function formatTranscript(moves: readonly number[]): string {
  return moves.filter((m) => m !== PASS).map(squareName).join('');
}

function cellAt(position: Position, square: number): 'X' | 'O' | '-' {
  const bit = (lo: number, hi: number): number => (square < 32 ? (lo >>> square) & 1 : (hi >>> (square - 32)) & 1);
  if (bit(position.blackLo, position.blackHi)) return 'X';
  if (bit(position.whiteLo, position.whiteHi)) return 'O';
  return '-';
}

/** The 64-character board string and the side to move: `---...--- X`. */
export function formatBoard(position: Position): string {
  let s = '';
  for (let sq = 0; sq < 64; sq++) s += cellAt(position, sq);
  return `${s} ${position.side === BLACK ? 'X' : 'O'}`;
}

interface BoardParse {
  readonly position: Position;
  /** Offset just after the side to move. */
  readonly end: number;
}

/** Reads 64 cells and a side to move starting at `from`; whitespace between cells is allowed. */
function readBoard(text: string, from: number): Result<BoardParse> {
  let blackLo = 0, blackHi = 0, whiteLo = 0, whiteHi = 0;
  let sq = 0;
  let i = from;
  for (; i < text.length && sq < 64; i++) {
    const ch = text[i];
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') continue;
    const black = ch === 'X' || ch === 'x' || ch === '*' || ch === 'B' || ch === 'b';
    const white = ch === 'O' || ch === 'o' || ch === 'W' || ch === 'w';
    if (!black && !white && ch !== '-' && ch !== '.') {
      return err('bad-cell', `board cell ${sq + 1} (${squareName(sq)}) at offset ${i}: "${ch}" is not X, O or -`, i);
    }
    if (black) { if (sq < 32) blackLo |= 1 << sq; else blackHi |= 1 << (sq - 32); }
    if (white) { if (sq < 32) whiteLo |= 1 << sq; else whiteHi |= 1 << (sq - 32); }
    sq++;
  }
  if (sq < 64) return err('short-board', `the board has ${sq} cells; 64 are needed`, i);
  const cellsEnd = i;
  while (i < text.length && (text[i] === ' ' || text[i] === '\t')) i++;
  const c = i < text.length ? text[i] : '';
  let side: number;
  if (c === 'X' || c === 'x' || c === 'B' || c === 'b' || c === '*') side = BLACK;
  else if (c === 'O' || c === 'o' || c === 'W' || c === 'w') side = WHITE;
  else {
    const short = sideReadAsCell(text, from, cellsEnd);
    if (short !== null) return short;
    if (c === '') return err('missing-side', `the side to move (X or O) is missing after the 64 cells, at offset ${i}`, i);
    return err('bad-side', `"${c}" at offset ${i} is not a side to move (X or O)`, i);
  }
  return ok({ position: Position.fromColors(blackLo, blackHi, whiteLo, whiteHi, side), end: i + 1 });
}

/**
 * `<63 cells> X`: the side letter was read as cell 64, so the side looks missing. When the cells
 * are contiguous and only the last one stands apart, report the short board instead.
 */
function sideReadAsCell(text: string, from: number, cellsEnd: number): Result<never> | null {
  const last = cellsEnd - 1;
  const ch = text[last];
  if (!/[XxOoBbWw*]/.test(ch)) return null;
  const body = text.slice(from, last);
  const bodyEnd = body.trimEnd().length;
  if (bodyEnd === body.length || /\s/.test(body.slice(0, bodyEnd).trimStart())) return null;
  return err('short-board', `the board has 63 cells; 64 are needed ("${ch}" at offset ${last} is the side to move)`, from + bodyEnd);
}

/** Parses `<64 cells> <X|O>`, e.g. the output of formatBoard. */
export function parseBoard(text: string): Result<Position> {
  const r = readBoard(text, 0);
  if (!r.ok) return r;
  const rest = text.slice(r.value.end);
  const extra = rest.search(/\S/);
  if (extra >= 0) {
    const at = r.value.end + extra;
    return err('trailing', `unexpected "${text.slice(at, at + 8)}" at offset ${at} after the side to move`, at);
  }
  return ok(r.value.position);
}

export interface ObfMove {
  readonly square: number;
  readonly score: number;
}

export interface ObfLine {
  readonly position: Position;
  /** The listed moves with their exact scores for the side to move, best first as in the file. */
  readonly moves: ObfMove[];
}

/** Parses an OBF line: `<64 cells> <X|O>; F5:+18; H1:+12;` (the move list may be absent). */
export function parseObf(line: string): Result<ObfLine> {
  const r = readBoard(line, 0);
  if (!r.ok) return r;
  const moves: ObfMove[] = [];
  let i = r.value.end;
  const re = /\s*;\s*(?:([A-Za-z][0-9]|pa|PA|--)\s*:\s*([+-]?\d+))?/y;
  while (i < line.length) {
    if (/^\s*$/.test(line.slice(i))) break;
    re.lastIndex = i;
    const m = re.exec(line);
    if (!m || m[0].length === 0) {
      const at = i + (line.slice(i).search(/\S/));
      return err('bad-obf-move', `expected "; MOVE:SCORE" at offset ${at}, found "${line.slice(at, at + 10)}"`, at);
    }
    if (m[1] !== undefined) {
      const at = i + m[0].indexOf(m[1]);
      const sq = parseSquare(m[1]);
      if (!sq.ok) return err('bad-square', `"${m[1]}" at offset ${at} is not a square`, at);
      const score = Number(m[2]);
      if (score < -64 || score > 64) return err('bad-score', `score ${m[2]} at offset ${at} is outside -64..64`, at);
      const position = r.value.position;
      const legal = sq.value === PASS ? position.mustPass() && !position.isGameOver() : position.isLegal(sq.value);
      if (!legal) return err('bad-obf-move', `${m[1]} at offset ${at} is not a legal move of the position`, at);
      moves.push({ square: sq.value, score });
    }
    i = re.lastIndex;
  }
  return ok({ position: r.value.position, moves });
}

export interface RenderOptions {
  /** Mark the legal moves of the side to move with '.'. */
  readonly showMoves?: boolean;
  /** A square to mark as the last move. */
  readonly lastMove?: number;
}

/** A human-readable board: columns a..h, rows 1..8, X black, O white. */
export function renderBoard(position: Position, options: RenderOptions = {}): string {
  let movesLo = 0, movesHi = 0;
  if (options.showMoves) {
    movesLo = position.legalMoves();
    movesHi = HI[0];
  }
  const lines = ['   a b c d e f g h'];
  for (let r = 0; r < 8; r++) {
    let line = String(r + 1) + ' ';
    for (let c = 0; c < 8; c++) {
      const sq = r * 8 + c;
      let cell: string = cellAt(position, sq);
      const legal = sq < 32 ? (movesLo >>> sq) & 1 : (movesHi >>> (sq - 32)) & 1;
      if (cell === '-' && legal) cell = '.';
      // The last move is bracketed: [X]; separators are shared between neighbours.
      const open = options.lastMove === sq ? '[' : c > 0 && options.lastMove === sq - 1 ? ']' : ' ';
      line += open + cell;
    }
    line += options.lastMove === r * 8 + 7 ? ']' : '';
    lines.push(line);
  }
  return lines.join('\n');
}
