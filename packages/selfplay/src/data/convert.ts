// Conversions into and out of the binary position file: games (self-play game files and bare
// transcripts, WTHOR databases) replayed by our rules into labelled positions, and the text format
// of published training sets, one position per line:
//
//   <64 characters, a1 b1 ... h8: X = a disc of the side to move, O = the opponent's, - empty> <score>
//
// the score being discs for the side to move. The text has no colour, so positions read from it
// are stored with black to move (the evaluation reads every position from the mover's view, so
// the colour does not change what is learned).
import { closeSync, createReadStream, fsyncSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { BLACK, Position, SenteError, popcount } from '@sente/core';
import { readGameFile } from '../gamefile.js';
import { readWthorGames } from '../wthor-games.js';
import { LABEL_GAME, SOURCE_TEXT, SOURCE_WTHOR, corruptData, metaLabel, packMeta } from './format.js';
import { PositionWriter, forEachBlock, type WriterOptions } from './io.js';

export interface GamePositionsOptions {
  /** Leave out positions before this ply (the random opening of a data-mode game). */
  readonly fromPly?: number;
  /** Positions with at most this many empties get label kind `exactKind` (perfect play from there). */
  readonly exactFrom?: number;
  readonly exactKind?: number;
  readonly kind?: number;
  /**
   * The score is given, not the game's own result (WTHOR's theoretical score: perfect play from
   * the database's depth): the game must replay to its end, but may end at another score.
   */
  readonly givenScore?: boolean;
}

/**
 * Calls `onPosition` for every position of a finished game where the side to move has a move,
 * from ply `fromPly` on, labelled with the game's final score from that side's view. Returns false
 * (having reported nothing) when the moves do not replay or do not finish the game.
 */
export function gamePositions(moves: readonly number[], blackScore: number, options: GamePositionsOptions, onPosition: (p: Position, label: number, kind: number, ply: number) => void): boolean {
  const check = Position.initial();
  for (const m of moves) {
    if (check.mustPass()) {
      if (check.isGameOver()) return false;
      check.makePass();
    }
    if (!check.makeMove(m)) return false;
  }
  if (!check.isGameOver()) return false;
  const final = check.side === BLACK ? check.finalScore() : -check.finalScore();
  if (final !== blackScore && !options.givenScore) return false;
  const position = Position.initial();
  const fromPly = options.fromPly ?? 0;
  const exactFrom = options.exactFrom ?? -1;
  for (let ply = 0; ply < moves.length; ply++) {
    if (position.mustPass()) position.makePass();
    if (ply >= fromPly) {
      const label = position.side === BLACK ? blackScore : -blackScore | 0;
      const kind = position.emptyCount() <= exactFrom ? (options.exactKind ?? LABEL_GAME) : (options.kind ?? LABEL_GAME);
      onPosition(position, label, kind, ply);
    }
    position.makeMove(moves[ply]);
  }
  return true;
}

export interface ConvertSummary {
  readonly positions: number;
  readonly duplicates: number;
  readonly games: number;
  /** Games, lines or records left out (unreadable, unfinished, or whose score is not the game's). */
  readonly skipped: number;
}

/** A game file (`games.txt` or bare transcripts) into positions; data-mode opening plies left out when `skipOpening`. */
export function convertGameFile(input: string, output: string, source: number, options: WriterOptions & { skipOpening?: boolean; kind?: number } = {}): ConvertSummary {
  const f = readGameFile(input);
  if (f.games.length === 0 && f.invalid.length > 0) throw new SenteError('bad-option', `${input}:${f.invalid[0].line}: ${f.invalid[0].error}`);
  return writeGamePositions(output, options, f.games, f.invalid.length, (g, _i, add) =>
    gamePositions(g.moves, g.blackScore, { fromPly: options.skipOpening ? g.openingPlies : 0, kind: options.kind }, (p, label, kind) => add(p, label, kind, source, g.index)));
}

/**
 * The positions of `games` into a new position file (removed again if anything throws): `each`
 * hands a game's positions to `add` and says whether the game replayed (else it is skipped).
 */
function writeGamePositions<G>(output: string, options: WriterOptions, games: readonly G[], skippedBefore: number,
  each: (game: G, i: number, add: PositionWriter['addPosition']) => boolean): ConvertSummary {
  const w = new PositionWriter(output, options);
  const add: PositionWriter['addPosition'] = (...args) => w.addPosition(...args);
  let done = 0, skipped = skippedBefore;
  try {
    games.forEach((g, i) => {
      if (each(g, i, add)) done++;
      else skipped++;
    });
  } catch (e) {
    w.abort();
    throw e;
  }
  w.close();
  return { positions: w.count, duplicates: w.duplicates, games: done, skipped };
}

/** A WTHOR database into positions labelled by each complete game's theoretical score. */
export function convertWthor(input: string, output: string, options: WriterOptions & { kind?: number } = {}): ConvertSummary {
  const { games: list, indices, skipped: bad } = readWthorGames(input);
  // The theoretical score is perfect play's from the database's depth, which the players' own
  // moves may have missed: every complete game is labelled by it (as `sente train --wthor` does),
  // whatever score its moves end at. A position's game id is its record's number in the file.
  return writeGamePositions(output, options, list, bad, (g, i, add) =>
    gamePositions(g.moves, g.blackScore, { kind: options.kind, givenScore: true }, (p, label, kind) => add(p, label, kind, SOURCE_WTHOR, indices[i])));
}

/** One text line: `<64 chars> <score>` → (player lo, hi, opponent lo, hi, score), or an error. */
export function parseTextPosition(line: string): { ok: true; words: [number, number, number, number]; score: number } | { ok: false; error: string } {
  const m = /^([XxOo\-.]{64})\s+([+-]?\d+)\s*$/.exec(line);
  if (!m) return { ok: false, error: 'expected "<64 characters of X, O, -> <score>"' };
  let pLo = 0, pHi = 0, oLo = 0, oHi = 0;
  for (let s = 0; s < 64; s++) {
    const c = m[1][s];
    const bitLo = s < 32 ? 1 << s : 0;
    const bitHi = s < 32 ? 0 : 1 << (s - 32);
    if (c === 'X' || c === 'x') { pLo |= bitLo; pHi |= bitHi; } else if (c === 'O' || c === 'o') { oLo |= bitLo; oHi |= bitHi; }
  }
  const score = Number(m[2]);
  if (score < -64 || score > 64) return { ok: false, error: `score ${score} is outside -64..64` };
  const discs = popcount(pLo | oLo, pHi | oHi);
  if (discs < 4) return { ok: false, error: `${discs} discs: a position of a game has at least the start's 4` };
  return { ok: true, words: [pLo, pHi, oLo, oHi], score };
}

export function formatTextPosition(pLo: number, pHi: number, oLo: number, oHi: number, score: number): string {
  let board = '';
  for (let s = 0; s < 64; s++) {
    const p = s < 32 ? (pLo >>> s) & 1 : (pHi >>> (s - 32)) & 1;
    const o = s < 32 ? (oLo >>> s) & 1 : (oHi >>> (s - 32)) & 1;
    board += p ? 'X' : o ? 'O' : '-';
  }
  return `${board} ${score}`;
}

/** The `board score` text format into positions (streamed line by line). */
export async function convertText(input: string, output: string, options: WriterOptions & { kind?: number } = {}): Promise<ConvertSummary> {
  const w = new PositionWriter(output, options);
  let line = 0;
  try {
    const lines = createInterface({ input: createReadStream(input), crlfDelay: Infinity });
    for await (const text of lines) {
      line++;
      const t = text.trim();
      if (t === '' || t.startsWith('#')) continue;
      const r = parseTextPosition(t);
      if (!r.ok) throw new SenteError('bad-option', `${input}:${line}: ${r.error}`);
      const [pLo, pHi, oLo, oHi] = r.words;
      const e = 64 - popcount(pLo | oLo, pHi | oHi);
      w.addWords(pLo, pHi, oLo, oHi, packMeta(r.score, BLACK, options.kind ?? LABEL_GAME, e, SOURCE_TEXT), line);
    }
  } catch (e) {
    w.abort();
    throw e;
  }
  w.close();
  return { positions: w.count, duplicates: w.duplicates, games: 0, skipped: 0 };
}

/** A position file into the text format, block by block, written atomically (temp file + rename). */
export function convertToText(input: string, output: string): ConvertSummary {
  const tmp = join(dirname(output), `.${basename(output)}.${process.pid}.${Date.now()}.tmp`);
  const fd = openSync(tmp, 'w');
  let positions = 0;
  try {
    forEachBlock(input, (words, n) => {
      let text = '';
      for (let i = 0; i < n; i++) {
        const k = i * 6;
        text += `${formatTextPosition(words[k], words[k + 1], words[k + 2], words[k + 3], metaLabel(words[k + 4]))}\n`;
      }
      writeSync(fd, text);
      positions += n;
    });
    fsyncSync(fd);
    closeSync(fd);
  } catch (e) {
    closeSync(fd);
    try { unlinkSync(tmp); } catch { /* gone */ }
    throw e;
  }
  renameSync(tmp, output);
  return { positions, duplicates: 0, games: 0, skipped: 0 };
}

/** Which input format a path holds: by extension, then by the first line's shape. */
export function inputKind(path: string): 'positions' | 'wthor' | 'text' | 'games' {
  if (/\.spos$/i.test(path)) return 'positions';
  if (/\.wtb$/i.test(path)) return 'wthor';
  let head: string;
  try {
    // Bytes as latin1; a UTF-8 byte-order mark (three bytes) is no part of the first line.
    head = readFileSync(path, 'latin1').slice(0, 4096).replace(/^\xef\xbb\xbf/, '');
  } catch (e) {
    throw corruptData(path, `cannot be read: ${(e as Error).message}`);
  }
  if (head.startsWith('SENTEPOS')) return 'positions';
  const first = head.split('\n').map((l) => l.trim()).find((l) => l !== '' && !l.startsWith('#')) ?? '';
  return /^[XxOo\-.]{64}\s/.test(first) ? 'text' : 'games';
}
