// WTHOR (.wtb), the binary game database of the French Othello Federation that strong engines were
// trained on, so users can train on real games. Layout (little-endian):
//   header, 16 bytes: century, year, month, day of creation; number of records (uint32 at 4);
//     number of games of the year (uint16 at 8); year of the games (uint16 at 10); board size
//     (byte 12: 0 or 8 = 8x8); game type (13); depth of the theoretical scores (14); reserved (15)
//   records, 68 bytes each: tournament id (uint16), black player id (uint16), white player id
//     (uint16), black's disc count (byte 6), theoretical score (byte 7), 60 move bytes (8..67),
//     0 after the last move.
// Move bytes: the databases and the programs that read them (Edax, WZebra) use 10*row + column,
// both 1-based: a1 = 11, h1 = 18, a8 = 81, f5 = 56. (Reading them as 10*column + row would also
// give legal games, reflected in the a1-h8 diagonal, so the first move of real files is the
// check: 56 = f5.) Passes are implicit.
// A bad record (an illegal or unknown move, bytes after the end) is skipped and listed with its
// index and reason, so one damaged game does not lose a database; a damaged file (short header,
// truncated records, a board size other than 8) is refused.
import { PASS, Position } from './position.js';
import { squareName } from './notation.js';
import { err, ok, type Result } from './result.js';

export const WTHOR_HEADER_BYTES = 16;
export const WTHOR_RECORD_BYTES = 68;

export interface WthorHeader {
  /** Creation date of the file. */
  readonly created: { readonly year: number; readonly month: number; readonly day: number };
  /** Number of game records. */
  readonly records: number;
  /** The uint16 at offset 8 (games of the year; 0 in most .wtb files). */
  readonly gamesOfYear: number;
  /** Year the games were played. */
  readonly year: number;
  readonly gameType: number;
  /** Depth (empties) from which the theoretical scores are exact. */
  readonly depth: number;
}

export interface WthorGame {
  /** Index of the record in the file (0-based). */
  readonly index: number;
  readonly tournament: number;
  readonly black: number;
  readonly white: number;
  /** Black's disc count as recorded (the real result). */
  readonly blackDiscs: number;
  /** Black's disc count with perfect play from `depth` empties, as recorded. */
  readonly theoreticalScore: number;
  /** The squares played, passes omitted (they are implicit). */
  readonly moves: number[];
  /** True when the moves reach the end of the game (games may stop early, e.g. on time). */
  readonly complete: boolean;
}

export interface WthorSkipped {
  readonly index: number;
  readonly reason: string;
}

export interface WthorDatabase {
  readonly header: WthorHeader;
  readonly games: WthorGame[];
  /** Records that could not be replayed, with why; they are not in `games`. */
  readonly skipped: WthorSkipped[];
}

function moveFromByte(byte: number): number {
  const row = Math.floor(byte / 10);
  const col = byte % 10;
  if (row < 1 || row > 8 || col < 1 || col > 8) return -1;
  return (row - 1) * 8 + (col - 1);
}

function byteFromMove(square: number): number {
  return ((square >> 3) + 1) * 10 + (square & 7) + 1;
}

/** Replays one record's move bytes; returns the moves or why the record is bad. */
function replayRecord(bytes: Uint8Array, at: number): { moves: number[]; complete: boolean } | string {
  const position = Position.initial();
  const moves: number[] = [];
  let i = 0;
  for (; i < 60; i++) {
    const byte = bytes[at + i];
    if (byte === 0) break;
    const square = moveFromByte(byte);
    if (square < 0) return `move ${i + 1}: byte ${byte} is not a square (11..88)`;
    if (position.isGameOver()) return `move ${i + 1}: ${squareName(square)} comes after the end of the game`;
    if (position.mustPass()) position.makePass();
    if (!position.makeMove(square)) return `move ${i + 1}: ${squareName(square)} is not legal`;
    moves.push(square);
  }
  for (let j = i; j < 60; j++) {
    if (bytes[at + j] !== 0) return `move byte ${j + 1} is ${bytes[at + j]} after the end of the moves`;
  }
  return { moves, complete: position.isGameOver() };
}

/** Reads a .wtb database. Errors (a value) for a damaged file; bad records are skipped and listed. */
export function readWthor(bytes: Uint8Array): Result<WthorDatabase> {
  if (bytes.length < WTHOR_HEADER_BYTES) {
    return err('short-header', `a WTHOR file has a ${WTHOR_HEADER_BYTES}-byte header; this one has ${bytes.length} bytes`, bytes.length);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const records = view.getUint32(4, true);
  const boardSize = bytes[12];
  if (boardSize !== 0 && boardSize !== 8) {
    return err('bad-board-size', `board size ${boardSize} at offset 12: only 8x8 databases (.wtb) are supported`, 12);
  }
  const expected = WTHOR_HEADER_BYTES + records * WTHOR_RECORD_BYTES;
  if (bytes.length < expected) {
    const whole = Math.floor((bytes.length - WTHOR_HEADER_BYTES) / WTHOR_RECORD_BYTES);
    return err('truncated', `the header announces ${records} games (${expected} bytes) but the file has ${bytes.length} bytes: truncated in record ${whole}`, bytes.length);
  }
  if (bytes.length > expected) {
    return err('trailing-bytes', `the header announces ${records} games (${expected} bytes) but the file has ${bytes.length} bytes`, expected);
  }
  const header: WthorHeader = {
    created: { year: bytes[0] * 100 + bytes[1], month: bytes[2], day: bytes[3] },
    records,
    gamesOfYear: view.getUint16(8, true),
    year: view.getUint16(10, true),
    gameType: bytes[13],
    depth: bytes[14],
  };
  const games: WthorGame[] = [];
  const skipped: WthorSkipped[] = [];
  for (let index = 0; index < records; index++) {
    const at = WTHOR_HEADER_BYTES + index * WTHOR_RECORD_BYTES;
    const replay = replayRecord(bytes, at + 8);
    if (typeof replay === 'string') {
      skipped.push({ index, reason: `record ${index} (offset ${at}): ${replay}` });
      continue;
    }
    games.push({
      index,
      tournament: view.getUint16(at, true),
      black: view.getUint16(at + 2, true),
      white: view.getUint16(at + 4, true),
      blackDiscs: bytes[at + 6],
      theoreticalScore: bytes[at + 7],
      moves: replay.moves,
      complete: replay.complete,
    });
  }
  return ok({ header, games, skipped });
}

export interface WthorGameInput {
  /** Squares from the start position; PASS entries are dropped (passes are implicit). */
  readonly moves: readonly number[];
  readonly tournament?: number;
  readonly black?: number;
  readonly white?: number;
  /** Default: black's discs at the end, empties to the winner (or the current count if unfinished). */
  readonly blackDiscs?: number;
  /** Default: `blackDiscs`. */
  readonly theoreticalScore?: number;
}

export interface WthorWriteOptions {
  /** Creation date (default 2000-01-01 so output is reproducible). */
  readonly created?: { readonly year: number; readonly month: number; readonly day: number };
  /** Year of the games (default: the creation year). */
  readonly year?: number;
  readonly depth?: number;
}

/** Black's disc count at the end of `moves` (empties to the winner when the game is over). */
function blackDiscsAfter(moves: readonly number[]): number {
  const position = Position.initial();
  for (const m of moves) {
    if (position.mustPass()) position.makePass();
    if (!position.makeMove(m)) throw new RangeError(`writeWthor: ${squareName(m)} is not legal`);
  }
  if (!position.isGameOver()) return position.blackCount();
  const forBlack = position.side === 0 ? position.finalScore() : -position.finalScore();
  // Disc difference d with empties to the winner: black has (64 + d) / 2 discs.
  return (64 + forBlack) / 2;
}

/** Writes a .wtb database. Throws RangeError on an illegal move or a game of over 60 moves. */
export function writeWthor(games: readonly WthorGameInput[], options: WthorWriteOptions = {}): Uint8Array {
  const bytes = new Uint8Array(WTHOR_HEADER_BYTES + games.length * WTHOR_RECORD_BYTES);
  const view = new DataView(bytes.buffer);
  const created = options.created ?? { year: 2000, month: 1, day: 1 };
  bytes[0] = Math.floor(created.year / 100);
  bytes[1] = created.year % 100;
  bytes[2] = created.month;
  bytes[3] = created.day;
  view.setUint32(4, games.length, true);
  view.setUint16(8, 0, true);
  view.setUint16(10, options.year ?? created.year, true);
  bytes[12] = 8;
  bytes[13] = 0;
  bytes[14] = options.depth ?? 0;
  games.forEach((game, index) => {
    const at = WTHOR_HEADER_BYTES + index * WTHOR_RECORD_BYTES;
    const moves = game.moves.filter((m) => m !== PASS);
    if (moves.length > 60) throw new RangeError(`writeWthor: game ${index} has ${moves.length} moves`);
    const computed = blackDiscsAfter(moves);
    const discs = game.blackDiscs ?? computed;
    view.setUint16(at, game.tournament ?? 0, true);
    view.setUint16(at + 2, game.black ?? 0, true);
    view.setUint16(at + 4, game.white ?? 0, true);
    bytes[at + 6] = discs;
    bytes[at + 7] = game.theoreticalScore ?? discs;
    moves.forEach((m, k) => { bytes[at + 8 + k] = byteFromMove(m); });
  });
  return bytes;
}
