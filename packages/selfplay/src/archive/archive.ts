// Game archives (`--archive FILE`): every finished game of a tournament appended to one file in
// the format other programs read, GGF for Othello (archive/ggf.ts), SGF for Go
// (go/tournament-game.ts). Each game is one record written by a single append after its CSV line,
// so a crash leaves at most a last record cut short; `--resume` cuts that off, checks every
// archived game against the CSV's (same moves, same score), and appends the CSV's games the
// archive lacks, so a resumed run's archive holds each game once.
import { appendFileSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { writeFileAtomic } from '@sente/search';
import type { GameResult } from '../tournament.js';

/** A game as read back from an archive: enough to check it against the tournament's record. */
export interface ArchivedGame {
  /** The game's number in its tournament (the record's GN). */
  readonly key: number;
  readonly black: string;
  readonly white: string;
  /** The moves in the format's own notation, as `movesOf` gives them for a result. */
  readonly moves: string;
  /** Black's score (discs for Othello, the margin for Go; a forfeit or resignation as in the CSV). */
  readonly blackScore: number;
  /** Why the game ended: 'normal' or the CSV's reason. */
  readonly reason: string;
}

export interface ArchiveFormat {
  /** 'GGF' or 'SGF' (for messages). */
  readonly name: string;
  /** One game as a record ending with a newline. */
  record(r: GameResult, date: Date): string;
  /** The text up to the end of its last complete record (a record cut short by a crash is dropped). */
  complete(text: string): string;
  /** Every game of an archive (throws with a message naming the problem). */
  read(text: string): ArchivedGame[];
  /** The moves of a result as `read` gives them back. */
  movesOf(r: GameResult): string;
  /** A player's name as `read` gives it back (GGF turns "]" into ")"; default: unchanged). */
  nameOf?(name: string): string;
}

export interface GameArchive {
  readonly path: string;
  append(r: GameResult): void;
}

/**
 * Opens `path` for a tournament's games. A new run starts an empty file (an existing non-empty
 * one is refused unless `overwrite`); a resumed one keeps its complete records, checks them
 * against `results` (the games read back from the CSV) and appends the missing ones.
 */
export function openArchive(path: string, format: ArchiveFormat, o: { resume: boolean; overwrite: boolean; results: readonly GameResult[] }): GameArchive {
  const exists = existsSync(path) && statSync(path).size > 0;
  const archive: GameArchive = { path, append: (r) => appendFileSync(path, format.record(r, new Date())) };
  if (!o.resume || !exists) {
    if (exists && !o.overwrite) throw new Error(`${path} already exists; choose another --archive (games are never overwritten)`);
    writeFileSync(path, '');
    for (const r of [...o.results].sort((a, b) => a.key - b.key)) archive.append(r);
    return archive;
  }
  const text = readFileSync(path, 'utf8');
  let kept = format.complete(text);
  let games: ArchivedGame[];
  try {
    games = format.read(kept);
  } catch (e) {
    throw new Error(`cannot resume: the archive ${path} is not readable ${format.name}: ${(e as Error).message}`);
  }
  const byKey = new Map(o.results.map((r) => [r.key, r]));
  const have = new Set<number>();
  for (const g of games) {
    const r = byKey.get(g.key);
    if (!r) throw new Error(`cannot resume: the archive ${path} holds game ${g.key} (${g.black} vs ${g.white}), which the results CSV does not; is it this tournament's archive?`);
    const name = format.nameOf ?? ((n: string) => n);
    if (g.black !== name(r.black) || g.white !== name(r.white) || g.moves !== format.movesOf(r) || g.blackScore !== r.blackScore) {
      throw new Error(`cannot resume: game ${g.key} in the archive ${path} differs from the results CSV (players, moves or score)`);
    }
    have.add(g.key);
  }
  // Only an archive that passed every check is touched: a record cut short is dropped, and a last
  // record without its newline gets one, so the appended games start on their own line.
  if (kept !== '' && !kept.endsWith('\n')) kept += '\n';
  if (kept !== text) writeFileAtomic(path, kept);
  for (const r of [...o.results].sort((a, b) => a.key - b.key)) if (!have.has(r.key)) archive.append(r);
  return archive;
}
