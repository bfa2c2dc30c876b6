// The self-play game file (`games.txt`): one finished game per line, appended as games finish,
// keyed by the game's index so a resumed or parallel run never duplicates a game:
//
//   <index> <transcript> <exact black score> <build> <seed> <opening plies>
//
// e.g. `17 f5d6c3d3c4f4f6f3e6e7... +6 bootstrap 1 8`. Lines starting with '#' are comments. The
// training reader also accepts bare transcripts of finished games (one per line).
import { BLACK, PASS, Position, formatTranscript, parseTranscript } from '@sente/core';
import { existsSync, readFileSync } from 'node:fs';

export interface GameRecord {
  /** Index of the game in its run (the key for resume and ordering). */
  readonly index: number;
  /** Squares played from the initial position, passes omitted. */
  readonly moves: readonly number[];
  /** Final disc difference for black (empties to the winner), exact. */
  readonly blackScore: number;
  /** Build id that played the game ('-' when unknown). */
  readonly build: string;
  /** Seed of the run. */
  readonly seed: number;
  /** Number of leading moves that were the opening (not chosen by the engine). */
  readonly openingPlies: number;
}

export function formatGameLine(g: GameRecord): string {
  const score = g.blackScore > 0 ? `+${g.blackScore}` : String(g.blackScore);
  return `${g.index} ${formatTranscript(g.moves)} ${score} ${g.build} ${g.seed} ${g.openingPlies}\n`;
}

export type LineResult = { ok: true; game: GameRecord } | { ok: false; error: string };

/** Black's final score of a finished game given by its moves, or null if the game is not over. */
export function finishedBlackScore(position: Position): number | null {
  if (!position.isGameOver()) return null;
  const s = position.finalScore();
  return position.side === BLACK ? s : -s;
}

/** Parses one line: the full format above, or a bare transcript of a finished game. */
export function parseGameLine(line: string, lineIndex = 0): LineResult {
  const parts = line.trim().split(/\s+/);
  if (parts.length === 1) {
    const r = parseTranscript(parts[0]);
    if (!r.ok) return { ok: false, error: r.error.message };
    const score = finishedBlackScore(r.value.position);
    if (score === null) return { ok: false, error: 'the game is not finished' };
    return { ok: true, game: { index: lineIndex, moves: r.value.moves, blackScore: score, build: '-', seed: 0, openingPlies: 0 } };
  }
  if (parts.length < 3) return { ok: false, error: `expected "<index> <transcript> <black score> ...", found ${parts.length} fields` };
  const index = Number(parts[0]);
  if (!Number.isInteger(index) || index < 0) return { ok: false, error: `"${parts[0]}" is not a game index` };
  const r = parseTranscript(parts[1]);
  if (!r.ok) return { ok: false, error: r.error.message };
  const blackScore = Number(parts[2]);
  if (!Number.isInteger(blackScore) || blackScore < -64 || blackScore > 64) return { ok: false, error: `"${parts[2]}" is not a score (-64..64)` };
  const seed = parts.length > 4 ? Number(parts[4]) : 0;
  const openingPlies = parts.length > 5 ? Number(parts[5]) : 0;
  return { ok: true, game: { index, moves: r.value.moves.filter((m) => m !== PASS), blackScore, build: parts[3] ?? '-', seed: Number.isFinite(seed) ? seed : 0, openingPlies: Number.isInteger(openingPlies) ? openingPlies : 0 } };
}

export interface GameFile {
  readonly games: GameRecord[];
  /** The 1-based line number of each game in `games`. */
  readonly gameLines: number[];
  /** Lines that could not be read, with their 1-based line numbers. */
  readonly invalid: { line: number; error: string }[];
  /** True when the file does not end with a newline (an interrupted append). */
  readonly partialLastLine: boolean;
  /** Comment lines ('#'). */
  readonly comments: number;
}

/** Reads a game file (a missing file reads as empty). Bad lines are reported, not fatal. */
export function readGameFile(path: string): GameFile {
  if (!existsSync(path)) return { games: [], gameLines: [], invalid: [], partialLastLine: false, comments: 0 };
  const text = readFileSync(path, 'utf8');
  const lines = text.split('\n');
  const partialLastLine = text.length > 0 && !text.endsWith('\n');
  const games: GameRecord[] = [];
  const gameLines: number[] = [];
  const invalid: { line: number; error: string }[] = [];
  let comments = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line.startsWith('#')) comments++;
    if (line === '' || line.startsWith('#')) continue;
    // An unterminated last line is an append cut short: even if it parses, a field may be cut.
    if (partialLastLine && i === lines.length - 1) {
      invalid.push({ line: i + 1, error: 'incomplete last line (no newline)' });
      continue;
    }
    const r = parseGameLine(line, i);
    if (r.ok) {
      games.push(r.game);
      gameLines.push(i + 1);
    } else invalid.push({ line: i + 1, error: r.error });
  }
  return { games, gameLines, invalid, partialLastLine, comments };
}
