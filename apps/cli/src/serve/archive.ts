// The games archive behind the Games page: every game file in one folder (and its subfolders, a
// few levels deep), read once and re-read only when its size or time changes. GGF (Othello), SGF
// (Go), tournament results CSVs and self-play game files (`*.txt`) are understood; a file that
// cannot be read is listed with its error and contributes no games, so one bad file never stops
// the others (or the server). Games are kept as compact rows (players, result, transcript), and a
// game's full record is built on request.
import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { PASS, Position, formatBoard, formatTranscript, ggfResult, go, parseBoard, parseGgf, parseTranscript } from '@sente/core';
import { readGameFile, readTournamentResults } from '@sente/selfplay';

export type ArchiveKind = 'ggf' | 'sgf' | 'tournament' | 'selfplay';

export interface ArchiveFile {
  /** Path relative to the archive folder, with '/' separators. */
  readonly name: string;
  readonly kind: ArchiveKind;
  readonly games: number;
  readonly error?: string;
}

export interface GameRow {
  readonly id: string;
  readonly file: string;
  readonly kind: ArchiveKind;
  readonly black: string;
  readonly white: string;
  readonly result: string;
  /** Black's disc difference (Othello) or margin (Go) when known. */
  readonly blackScore: number | null;
  /** The moves as a transcript (Othello; passes implicit), '' for Go. */
  readonly transcript: string;
  readonly plies: number;
}

export type GameRecord =
  | { id: string; kind: 'othello'; board: string; moves: number[]; tags: Record<string, string> }
  | { id: string; kind: 'go'; size: number; komi: number; moves: number[]; setupBlack: number[]; setupWhite: number[]; tags: Record<string, string> };

interface Cached {
  readonly size: number;
  readonly mtimeMs: number;
  readonly file: ArchiveFile;
  readonly rows: GameRow[];
  /** Full records, by index: GGF and SGF keep their parsed text's essentials. */
  readonly records: (() => GameRecord)[];
}

/** Files larger than this are listed with an error instead of read. */
export const MAX_ARCHIVE_FILE_BYTES = 64 << 20;
const MAX_DEPTH = 3;

export function kindOf(name: string): ArchiveKind | null {
  const n = name.toLowerCase();
  if (n.endsWith('.ggf')) return 'ggf';
  if (n.endsWith('.sgf')) return 'sgf';
  if (n.endsWith('.csv')) return 'tournament';
  if (n.endsWith('.txt')) return 'selfplay';
  return null;
}

function resultText(score: number): string {
  return score > 0 ? `+${score}` : String(score);
}

/** The moves with every pass explicit (PASS), replayed from `start` by our rules. */
function explicitMoves(start: Position, squares: readonly number[]): number[] {
  const p = start.clone();
  const out: number[] = [];
  for (const m of squares) {
    if (m === PASS) { p.makePass(); out.push(PASS); continue; }
    if (!p.isLegal(m) && p.mustPass()) { p.makePass(); out.push(PASS); }
    p.makeMove(m);
    out.push(m);
  }
  return out;
}

// Records keep only compact data (a board string, moves as bytes or a transcript): a parsed
// Position carries its undo stack, far too heavy to keep for every game of a large archive.
function othelloRecord(id: string, start: Position, moves: readonly number[], tags: Record<string, string>): () => GameRecord {
  const board = formatBoard(start);
  const bytes = Int8Array.from(moves);
  return () => {
    const s = parseBoard(board);
    const p = s.ok ? s.value : Position.initial();
    return { id, kind: 'othello', board, moves: explicitMoves(p, [...bytes]), tags };
  };
}

function transcriptRecord(id: string, transcript: string, tags: Record<string, string>): () => GameRecord {
  return () => {
    const r = parseTranscript(transcript);
    return { id, kind: 'othello', board: formatBoard(Position.initial()), moves: r.ok ? explicitMoves(Position.initial(), r.value.moves) : [], tags };
  };
}

function readFileGames(path: string, name: string, kind: ArchiveKind): { rows: GameRow[]; records: (() => GameRecord)[]; error?: string } {
  const rows: GameRow[] = [];
  const records: (() => GameRecord)[] = [];
  const add = (row: Omit<GameRow, 'id' | 'file' | 'kind'>, record: (id: string) => () => GameRecord): void => {
    const id = `${name}#${rows.length}`;
    rows.push({ id, file: name, kind, ...row });
    records.push(record(id));
  };
  if (kind === 'ggf') {
    // One game at a time (a parsed game holds two Positions with their undo stacks: parsing a
    // large file whole would hold them all at once); a bad game is reported, the others kept.
    const text = readFileSync(path, 'utf8');
    const errors: string[] = [];
    let count = 0;
    for (let at = text.indexOf('(;'); at >= 0;) {
      const next = text.indexOf('(;', at + 2);
      const r = parseGgf(text.slice(at, next < 0 ? text.length : next));
      count++;
      if (!r.ok) {
        errors.push(`game ${count} (offset ${at + r.error.offset}): ${r.error.message}`);
        at = next;
        continue;
      }
      at = next;
      const g = r.value;
      const squares = g.moves.map((m) => m.square).filter((m) => m !== PASS);
      const score = g.tags.RE !== undefined ? ggfResult(g.tags.RE) ?? null : null;
      add({ black: g.tags.PB ?? '?', white: g.tags.PW ?? '?', result: g.tags.RE ?? '', blackScore: score, transcript: g.start.equals(Position.initial()) ? formatTranscript(squares) : '', plies: g.moves.length },
        (id) => othelloRecord(id, g.start, g.moves.map((m) => m.square), g.tags));
    }
    if (errors.length > 0) return { rows, records, error: `${errors.length} of ${count} games unreadable; ${errors[0]}` };
  } else if (kind === 'sgf') {
    const r = go.parseSgf(readFileSync(path, 'utf8'));
    if (!r.ok) return { rows, records, error: `${r.error.message} (offset ${r.error.offset})` };
    // A replay is setup then moves: setup between moves starts it at the last such node.
    const flat = go.flattenSgf(r.value);
    if (!flat.ok) return { rows, records, error: flat.error.message };
    const g = flat.value;
    const moves = Int16Array.from(g.moves.map((m) => m.point));
    const setupBlack = [...g.setupBlack], setupWhite = [...g.setupWhite];
    const head = { size: g.size, komi: g.komi, tags: { PB: g.playerBlack, PW: g.playerWhite, RE: g.result } };
    const margin = go.parseMargin(g.result);
    add({ black: g.playerBlack || '?', white: g.playerWhite || '?', result: g.result, blackScore: margin, transcript: '', plies: g.moves.length },
      (id) => () => ({ id, kind: 'go', ...head, moves: [...moves], setupBlack, setupWhite }));
  } else if (kind === 'tournament') {
    for (const g of readTournamentResults(path)) {
      add({ black: g.black, white: g.white, result: resultText(g.blackScore), blackScore: g.blackScore, transcript: formatTranscript(g.moves), plies: g.moves.length },
        (id) => transcriptRecord(id, formatTranscript(g.moves), { PB: g.black, PW: g.white, RE: resultText(g.blackScore), GN: String(g.key) }));
    }
  } else {
    const f = readGameFile(path);
    for (const g of f.games) {
      add({ black: g.build, white: g.build, result: resultText(g.blackScore), blackScore: g.blackScore, transcript: formatTranscript(g.moves), plies: g.moves.length },
        (id) => transcriptRecord(id, formatTranscript(g.moves), { PB: g.build, PW: g.build, RE: resultText(g.blackScore), GN: String(g.index) }));
    }
    if (f.invalid.length > 0) {
      const first = f.invalid[0];
      return { rows, records, error: `${f.invalid.length} unreadable line${f.invalid.length > 1 ? 's' : ''}; line ${first.line}: ${first.error}` };
    }
  }
  return { rows, records };
}

export interface ArchiveQuery {
  readonly player?: string;
  readonly result?: 'black' | 'white' | 'draw' | '';
  /** A transcript prefix (either case). */
  readonly opening?: string;
  readonly offset?: number;
  readonly limit?: number;
}

/** Whether `path` (symlinks resolved) is inside `dir`. */
function inside(dir: string, path: string): boolean {
  try {
    const real = realpathSync(path);
    const base = realpathSync(dir);
    return real.startsWith(base + sep);
  } catch {
    return false;
  }
}

export class Archive {
  private readonly cache = new Map<string, Cached>();

  constructor(readonly dir: string) {}

  /** Re-reads the files that changed; drops the ones that are gone. */
  refresh(): void {
    const seen = new Set<string>();
    const walk = (dir: string, depth: number): void => {
      let names: string[];
      try {
        names = readdirSync(dir).sort();
      } catch {
        return;
      }
      for (const n of names) {
        if (n.startsWith('.')) continue;
        const path = join(dir, n);
        let st;
        try {
          st = statSync(path);
        } catch {
          continue;
        }
        if (st.isDirectory()) {
          if (depth < MAX_DEPTH && n !== 'node_modules' && inside(this.dir, path)) walk(path, depth + 1);
          continue;
        }
        const kind = kindOf(n);
        if (!kind || !st.isFile()) continue;
        const name = relative(this.dir, path).split(sep).join('/');
        seen.add(name);
        if (!inside(this.dir, path)) {
          this.cache.set(name, { size: st.size, mtimeMs: st.mtimeMs, rows: [], records: [], file: { name, kind, games: 0, error: 'links out of the archive folder; not read' } });
          continue;
        }
        const hit = this.cache.get(name);
        if (hit && hit.size === st.size && hit.mtimeMs === st.mtimeMs) continue;
        this.cache.set(name, this.read(path, name, kind, st.size, st.mtimeMs));
      }
    };
    walk(this.dir, 0);
    for (const k of [...this.cache.keys()]) if (!seen.has(k)) this.cache.delete(k);
  }

  private read(path: string, name: string, kind: ArchiveKind, size: number, mtimeMs: number): Cached {
    if (size > MAX_ARCHIVE_FILE_BYTES) {
      return { size, mtimeMs, rows: [], records: [], file: { name, kind, games: 0, error: `${size} bytes is over the ${MAX_ARCHIVE_FILE_BYTES >> 20} MiB limit for an archive file` } };
    }
    try {
      const r = readFileGames(path, name, kind);
      return { size, mtimeMs, rows: r.rows, records: r.records, file: { name, kind, games: r.rows.length, ...(r.error ? { error: r.error } : {}) } };
    } catch (e) {
      return { size, mtimeMs, rows: [], records: [], file: { name, kind, games: 0, error: (e as Error).message.replace(path, name) } };
    }
  }

  files(): ArchiveFile[] {
    return [...this.cache.values()].map((c) => c.file).sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Whether `name` is a file of the archive (as listed). */
  has(name: string): boolean {
    return this.cache.has(name);
  }

  query(q: ArchiveQuery): { total: number; games: GameRow[] } {
    const player = (q.player ?? '').trim().toLowerCase();
    const opening = (q.opening ?? '').replace(/\s/g, '').toLowerCase();
    const out: GameRow[] = [];
    for (const c of [...this.cache.values()].sort((a, b) => a.file.name.localeCompare(b.file.name))) {
      for (const r of c.rows) {
        if (player && !r.black.toLowerCase().includes(player) && !r.white.toLowerCase().includes(player)) continue;
        if (q.result === 'black' && !(r.blackScore !== null && r.blackScore > 0)) continue;
        if (q.result === 'white' && !(r.blackScore !== null && r.blackScore < 0)) continue;
        if (q.result === 'draw' && r.blackScore !== 0) continue;
        if (opening && !r.transcript.startsWith(opening)) continue;
        out.push(r);
      }
    }
    const offset = q.offset ?? 0;
    return { total: out.length, games: out.slice(offset, offset + (q.limit ?? 200)) };
  }

  game(id: string): GameRecord | null {
    const at = id.lastIndexOf('#');
    if (at < 0) return null;
    const c = this.cache.get(id.slice(0, at));
    const index = Number(id.slice(at + 1));
    if (!c || !Number.isInteger(index) || index < 0 || index >= c.records.length) return null;
    return c.records[index]();
  }

  gameCount(): number {
    let n = 0;
    for (const c of this.cache.values()) n += c.rows.length;
    return n;
  }
}

