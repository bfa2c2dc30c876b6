// Othello games of a tournament as GGF, one game a line, as GGS archives hold them:
//   (;GM[Othello]PC[sente tournament]DT[2026-12-01T16:20:05Z]PB[gen3]PW[bootstrap]RE[+12]
//     TI[depth 4]TY[8]GN[17]OP[f5d6c3d3c4]BO[8 <start> *]B[f5]W[d6]...B[c3//0.03];)
// GN is the game's number in the tournament, OP its opening (the first moves of the move list,
// played by the schedule, so they carry no time); moves after the opening carry the mover's wall
// seconds (`/eval/time`, eval left empty) when they were recorded. A forfeit's RE is +-64 with
// GGS's suffix (`:t` lost on time, `:r` otherwise) and RS holds the referee's reason.
import { PASS, formatGgf, formatTranscript, ggfResult, parseGgfGames, type GgfMove } from '@sente/core';
import type { GameResult } from '../tournament.js';
import type { ArchiveFormat, ArchivedGame } from './archive.js';

/** The ISO date and time of a Date to the second, in UTC (`2026-12-01T16:20:05Z`). */
export function isoSecond(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/** One Othello game as a GGF line; `timeControl` goes to TI. */
export function othelloGgfRecord(r: GameResult, date: Date, timeControl?: string): string {
  const moves: GgfMove[] = r.moves.map((square, i) => {
    const ms = i >= r.opening.length ? r.moveMs?.[i - r.opening.length] : undefined;
    return ms === undefined ? { square } : { square, time: ms / 1000 };
  });
  const forfeit = r.reason !== 'normal';
  const result = forfeit ? `${r.blackScore > 0 ? '+' : ''}${r.blackScore}:${r.reason.startsWith('timeout') ? 't' : 'r'}` : r.blackScore;
  const tags: Record<string, string> = { GN: String(r.key), OP: formatTranscript(r.opening) };
  if (forfeit) tags.RS = r.reason;
  return `${formatGgf({ moves, black: r.black, white: r.white, place: 'sente tournament', date: isoSecond(date), result, time: timeControl, tags })}\n`;
}

export function othelloGgfFormat(timeControl?: string): ArchiveFormat {
  return {
    name: 'GGF',
    record: (r, date) => othelloGgfRecord(r, date, timeControl),
    // One record a line, `(;...;)`: a last line that does not end its record was cut short (one
    // that does, without its newline, was ended by hand).
    complete: (text) => (text === '' || /\)\s*$/.test(text) ? text : text.slice(0, text.lastIndexOf('\n') + 1)),
    read: readOthelloArchive,
    movesOf: (r) => formatTranscript(r.moves),
    // formatGgf writes "]" in a value as ")".
    nameOf: (name) => name.replace(/\]/g, ')'),
  };
}

/** The games of a GGF archive written by othelloGgfRecord (any GGF with GN numbers). */
export function readOthelloArchive(text: string): ArchivedGame[] {
  const parsed = parseGgfGames(text);
  if (!parsed.ok) throw new Error(`${parsed.error.message} (offset ${parsed.error.offset})`);
  return parsed.value.map((g, i) => {
    const key = Number(g.tags.GN);
    if (!Number.isInteger(key) || key < 0) throw new Error(`game ${i + 1} has no game number GN`);
    const score = ggfResult(g.tags.RE ?? '');
    if (score === undefined) throw new Error(`game ${i + 1} (GN ${key}) has no numeric result RE`);
    const moves = g.moves.filter((m) => m.square !== PASS).map((m) => m.square);
    return { key, black: g.tags.PB ?? '', white: g.tags.PW ?? '', moves: formatTranscript(moves), blackScore: score, reason: g.tags.RS ?? 'normal' };
  });
}
