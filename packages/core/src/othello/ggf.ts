// GGF, the Generic Game Format of the GGS server: how games travel between Othello programs (the
// NBoard GUI sends `set game <GGF>` to engines; game archives use it). A game is
// `(;GM[Othello]PC[..]DT[..]PB[..]PW[..]RE[+4]TI[..]TY[8]BO[8 <64 cells> <side>]B[f5]W[d6/-1.5/2.1];)`
// where BO uses `*` for black, `O` for white and `-` for empty, moves may carry `/eval/time`, and
// `PA` is a pass. Parsing replays and checks every move, so a parsed game is always legal; errors
// are values with the offset of the offending text.
import { BLACK, PASS, Position } from './position.js';
import { formatBoard, parseBoard, squareName } from './notation.js';
import { err, ok, type Result } from './result.js';

export interface GgfMove {
  /** A square, or PASS. */
  readonly square: number;
  /** The mover's evaluation in discs, when recorded. */
  readonly eval?: number;
  /** Seconds the mover used, when recorded. */
  readonly time?: number;
}

export interface GgfGame {
  /** Every property other than BO, B and W, by name (GM, PC, DT, PB, PW, RE, TI, TY, ...). */
  readonly tags: Record<string, string>;
  /** The position before the first move (BO, or the standard start when BO is absent). */
  readonly start: Position;
  /** The moves in order; passes are PASS entries, including ones the file left implicit. */
  readonly moves: GgfMove[];
  /** The position after the last move. */
  readonly position: Position;
}

const WS = /\s/;

/** Parses the first GGF game in `text` (anything before `(;` is ignored). */
export function parseGgf(text: string): Result<GgfGame> {
  const start = text.indexOf('(;');
  if (start < 0) return err('no-game', 'no GGF game: "(;" not found', 0);
  const r = parseGameAt(text, start);
  return r.ok ? ok(r.value.game) : r;
}

/** Parses every GGF game in `text` (one per line in GGS archives, but any layout works). */
export function parseGgfGames(text: string): Result<GgfGame[]> {
  const games: GgfGame[] = [];
  let i = text.indexOf('(;');
  while (i >= 0) {
    const r = parseGameAt(text, i);
    if (!r.ok) return r;
    games.push(r.value.game);
    i = text.indexOf('(;', r.value.end);
  }
  return ok(games);
}

function parseMoveValue(value: string, offset: number): Result<GgfMove> {
  const parts = value.split('/');
  const sq = parts[0].trim();
  let square: number;
  if (/^(pa|pass)$/i.test(sq)) square = PASS;
  else {
    const m = /^([a-hA-H])([1-8])$/.exec(sq);
    if (!m) return err('bad-move', `"${value}" at offset ${offset} is not a move (a1..h8 or PA)`, offset);
    square = (m[2].charCodeAt(0) - 49) * 8 + ((m[1].charCodeAt(0) | 0x20) - 97);
  }
  const numberAt = (k: number): number | undefined | null => {
    const t = (parts[k] ?? '').trim();
    if (t === '') return undefined;
    const n = Number(t);
    return Number.isFinite(n) ? n : null;
  };
  const evaluation = numberAt(1);
  const time = numberAt(2);
  if (evaluation === null || time === null || parts.length > 3) {
    return err('bad-move', `"${value}" at offset ${offset}: expected move[/eval[/time]] with numbers`, offset);
  }
  return ok({ square, ...(evaluation !== undefined ? { eval: evaluation } : {}), ...(time !== undefined ? { time } : {}) });
}

/** Reads `BO[8 <64 cells> <side>]`: `*`/`X` black, `O` white, `-` empty, side `*` or `O`. */
function parseBo(value: string, offset: number): Result<Position> {
  const m = /^\s*(\d+)\s+([\s\S]*)$/.exec(value);
  if (!m) return err('bad-board', `BO at offset ${offset} must start with the board size`, offset);
  if (m[1] !== '8') return err('bad-board-size', `BO at offset ${offset}: board size ${m[1]} is not supported (only 8)`, offset);
  const r = parseBoard(m[2].trim());
  if (!r.ok) return err(r.error.code, `BO at offset ${offset}: ${r.error.message}`, offset);
  return r;
}

function parseGameAt(text: string, from: number): Result<{ game: GgfGame; end: number }> {
  const tags: Record<string, string> = {};
  const moves: GgfMove[] = [];
  let startPos: Position | null = null;
  let position: Position | null = null;
  let i = from + 2;
  for (;;) {
    while (i < text.length && WS.test(text[i])) i++;
    if (i >= text.length) return err('unterminated', `the game starting at offset ${from} has no ";)" end`, i);
    if (text.startsWith(';)', i)) {
      i += 2;
      break;
    }
    const nameStart = i;
    while (i < text.length && /[A-Za-z0-9]/.test(text[i])) i++;
    const name = text.slice(nameStart, i).toUpperCase();
    if (name === '' || text[i] !== '[') {
      return err('bad-property', `expected a property such as PB[...] at offset ${nameStart}, found "${text.slice(nameStart, nameStart + 10)}"`, nameStart);
    }
    const close = text.indexOf(']', i + 1);
    if (close < 0) return err('unterminated', `property ${name} at offset ${nameStart} has no closing "]"`, nameStart);
    const value = text.slice(i + 1, close);
    const valueAt = i + 1;
    i = close + 1;
    if (name === 'BO') {
      if (position !== null && moves.length > 0) return err('late-board', `BO at offset ${nameStart} comes after moves`, nameStart);
      const r = parseBo(value, valueAt);
      if (!r.ok) return r;
      startPos = r.value;
      position = r.value.clone();
      continue;
    }
    if (name === 'B' || name === 'W') {
      if (startPos === null) {
        startPos = Position.initial();
        position = Position.initial();
      }
      const pos = position as Position;
      const mv = parseMoveValue(value, valueAt);
      if (!mv.ok) return mv;
      const color = name === 'B' ? BLACK : 1;
      const who = color === BLACK ? 'black' : 'white';
      if (pos.isGameOver()) return err('game-over', `${name}[${value}] at offset ${nameStart} comes after the end of the game`, nameStart);
      if (pos.side !== color) {
        // A pass the file left out: accepted only when the side to move really has no move.
        if (!pos.mustPass()) return err('wrong-color', `${name}[${value}] at offset ${nameStart}: it is ${who === 'black' ? 'white' : 'black'}'s turn`, nameStart);
        pos.makePass();
        moves.push({ square: PASS });
      }
      const square = mv.value.square;
      if (square === PASS) {
        if (!pos.mustPass()) return err('illegal-pass', `${name}[${value}] at offset ${nameStart}: ${who} has a legal move and may not pass`, nameStart);
        pos.makePass();
      } else if (!pos.makeMove(square)) {
        return err('illegal-move', `${name}[${value}] at offset ${nameStart}: ${squareName(square)} is not legal for ${who}`, nameStart);
      }
      moves.push(mv.value);
      continue;
    }
    // Another game, or another board (GGS also serves 10x10 and others): not ours to read.
    if (name === 'GM' && !/^\s*othello\s*$/i.test(value)) return err('not-othello', `GM[${value.slice(0, 20)}] at offset ${nameStart} is not Othello`, nameStart);
    // TY's first number is the board size (GGS: 8, 8r18, s8r20, 10, ...).
    if (name === 'TY' && (/\d+/.exec(value)?.[0] ?? '8') !== '8') return err('bad-board-size', `TY[${value.slice(0, 20)}] at offset ${nameStart}: only 8x8 Othello is supported`, nameStart);
    tags[name] = value;
  }
  const s = startPos ?? Position.initial();
  const game: GgfGame = { tags, start: s.clone(), moves, position: (position ?? s).clone() };
  return ok({ game, end: i });
}

export interface GgfWriteOptions {
  readonly start?: Position;
  /** Squares (PASS for a pass) or moves with evaluations and times. Passes left implicit in a
   *  list of squares are written as PA. */
  readonly moves: readonly (number | GgfMove)[];
  readonly black?: string;
  readonly white?: string;
  readonly place?: string;
  /** DT: a date text (default: none). */
  readonly date?: string;
  /** RE: black's disc difference (a number) or a result text; default: computed when the game is over. */
  readonly result?: number | string;
  /** TI: time control text. */
  readonly time?: string;
  /** Further properties, written after the standard ones. */
  readonly tags?: Record<string, string>;
}

function escapeValue(text: string): string {
  return text.replace(/\]/g, ')');
}

function formatNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100);
}

function formatMove(move: GgfMove): string {
  let s = move.square === PASS ? 'PA' : squareName(move.square);
  if (move.eval !== undefined || move.time !== undefined) s += `/${move.eval !== undefined ? formatNumber(move.eval) : ''}`;
  if (move.time !== undefined) s += `/${formatNumber(move.time)}`;
  return s;
}

/** Writes one game as GGF on a single line. Throws RangeError on an illegal move (a caller bug). */
export function formatGgf(options: GgfWriteOptions): string {
  const start = options.start ?? Position.initial();
  const position = start.clone();
  let body = '';
  for (const entry of options.moves) {
    const move: GgfMove = typeof entry === 'number' ? { square: entry } : entry;
    if (move.square !== PASS && !position.isLegal(move.square) && position.mustPass() && !position.isGameOver()) {
      body += `${position.side === BLACK ? 'B' : 'W'}[PA]`;
      position.makePass();
    }
    const tag = position.side === BLACK ? 'B' : 'W';
    if (move.square === PASS) position.makePass();
    else if (!position.makeMove(move.square)) throw new RangeError(`formatGgf: ${squareName(move.square)} is not legal`);
    body += `${tag}[${formatMove(move)}]`;
  }
  let result = options.result;
  if (result === undefined && position.isGameOver()) {
    result = position.side === BLACK ? position.finalScore() : -position.finalScore();
  }
  const board = formatBoard(start);
  const cells = board.slice(0, 64).replace(/X/g, '*');
  const side = start.side === BLACK ? '*' : 'O';
  let head = '(;GM[Othello]';
  if (options.place !== undefined) head += `PC[${escapeValue(options.place)}]`;
  if (options.date !== undefined) head += `DT[${escapeValue(options.date)}]`;
  if (options.black !== undefined) head += `PB[${escapeValue(options.black)}]`;
  if (options.white !== undefined) head += `PW[${escapeValue(options.white)}]`;
  if (result !== undefined) head += `RE[${typeof result === 'number' ? (result > 0 ? `+${result}` : String(result)) : escapeValue(result)}]`;
  if (options.time !== undefined) head += `TI[${escapeValue(options.time)}]`;
  head += 'TY[8]';
  for (const [k, v] of Object.entries(options.tags ?? {})) head += `${k}[${escapeValue(v)}]`;
  head += `BO[8 ${cells} ${side}]`;
  return `${head}${body};)`;
}

/** Black's disc difference from a GGF RE value such as `+4`, `-12.000` or `+64:r`, if numeric. */
export function ggfResult(value: string): number | undefined {
  const m = /^\s*([+-]?\d+(?:\.\d+)?)/.exec(value);
  return m ? Number(m[1]) : undefined;
}
