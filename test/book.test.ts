// End to end: `sente book build | extend | show`, scoring on the worker pool and in one thread
// (the same book either way), a corrupt book refused, and a tournament player with a book.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLACK, Position, parseTranscript, squareName } from '@sente/core';
import { Book } from '@sente/search';
import { type CliResult, MAIN, ROOT, runCli } from './cli.js';
import { csvRows } from './gtp-referee.js';

let tmp = '';

function sente(...args: string[]): CliResult {
  return runCli(args);
}

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'sente-book-'));
  writeFileSync(join(tmp, 'games.txt'), ['f5d6c4d3c2b3b4b5', 'f5f4g3g6f3g4e3e2', 'f5f6d3c5d6c7b5e3', 'f5f6d3c5c6e3c4b4'].join('\n') + '\n');
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('sente book', () => {
  it('builds the same book on the pool and in one thread, and shows its moves', () => {
    const a = sente('book', 'build', '--games', join(tmp, 'games.txt'), '--plies', '6', '--depth', '2', '--build', 'bootstrap', '--out', join(tmp, 'a.book'), '--workers', '2');
    expect(a.status, a.stderr).toBe(0);
    const b = sente('book', 'build', '--games', join(tmp, 'games.txt'), '--plies', '6', '--depth', '2', '--build', 'bootstrap', '--out', join(tmp, 'b.book'), '--workers', '1');
    expect(b.status, b.stderr).toBe(0);
    expect(readFileSync(join(tmp, 'a.book')).equals(readFileSync(join(tmp, 'b.book')))).toBe(true);
    const r = Book.decode(readFileSync(join(tmp, 'a.book')));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    // 4 games x 6 plies, sharing the start and (by symmetry) some early positions.
    expect(r.book.size).toBeGreaterThan(10);
    expect(r.book.size).toBeLessThanOrEqual(24);
    expect(r.book.moves(Position.initial()).length).toBeGreaterThan(0);
    const show = sente('book', 'show', 'f5', '--book', join(tmp, 'a.book'));
    expect(show.status, show.stderr).toBe(0);
    expect(show.stdout).toMatch(/d6 .*book/);
    expect(show.stdout).toMatch(/f6 .*book/);
    const extend = sente('book', 'extend', '--book', join(tmp, 'a.book'), '--count', '5', '--depth', '2', '--margin', '4', '--build', 'bootstrap', '--workers', '2');
    expect(extend.status, extend.stderr).toBe(0);
    const grown = Book.decode(readFileSync(join(tmp, 'a.book')));
    expect(grown.ok && grown.book.size).toBeGreaterThan(r.book.size);
  });

  it('refuses a corrupt book with a clear message', () => {
    const bytes = readFileSync(join(tmp, 'b.book'));
    bytes[bytes.length - 9] ^= 0xff;
    writeFileSync(join(tmp, 'bad.book'), bytes);
    const r = sente('book', 'show', 'f5', '--book', join(tmp, 'bad.book'));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/corrupt book: checksum/);
    // build refuses to extend it too, and leaves the user's file as it was.
    const b = sente('book', 'build', '--games', join(tmp, 'games.txt'), '--plies', '2', '--depth', '1', '--build', 'bootstrap', '--out', join(tmp, 'bad.book'), '--workers', '1');
    expect(b.status).toBe(2);
    expect(b.stderr).toMatch(/corrupt book/);
    expect(readFileSync(join(tmp, 'bad.book')).equals(bytes)).toBe(true);
  });

  it('plays self-play games from the book', () => {
    writeFileSync(join(tmp, 'open.txt'), 'f5d6\n');
    const out = join(tmp, 'sp');
    const r = sente('selfplay', '--build', 'bootstrap', '--games', '2', '--depth', '1', '--exact', '4', '--openings', join(tmp, 'open.txt'), '--book', join(tmp, 'b.book'), '--book-margin', '0', '--out', out, '--workers', '1');
    expect(r.status, r.stderr).toBe(0);
    const book = Book.decode(readFileSync(join(tmp, 'b.book')));
    if (!book.ok) throw new Error(book.error);
    const afterOpening = parseTranscript('f5d6').value!.position;
    const best = book.book.moves(afterOpening)[0].move;
    for (const line of readFileSync(join(out, 'games.txt'), 'utf8').trim().split('\n')) {
      const transcript = line.split(' ')[1];
      expect(transcript.slice(4, 6)).toBe(squareName(best));
    }
  });

  it('sente gtp --book plays the best book move', () => {
    const book = Book.decode(readFileSync(join(tmp, 'b.book')));
    if (!book.ok) throw new Error(book.error);
    const best = squareName(book.book.moves(Position.initial())[0].move).toUpperCase();
    const r = spawnSync(process.execPath, [MAIN, 'gtp', '--build', 'bootstrap', '--depth', '1', '--book', join(tmp, 'b.book'), '--quiet'], { input: 'boardsize 8\nclear_board\ngenmove black\nquit\n', encoding: 'utf8', timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.split('\n\n').map((x) => x.trim())[2]).toBe(`= ${best}`);
  });

  it('plays tournament games from the book', () => {
    const csv = join(tmp, 'games.csv');
    // Two-ply openings end inside the book (it holds the first 6 plies of games.txt's games).
    writeFileSync(join(tmp, 'open2.txt'), 'f5d6\nf5f6\n');
    const bookPlayer = `bootstrap:book=${join(tmp, 'b.book')},bookmargin=2`;
    const r = sente('tournament', '--player', bookPlayer, '--player', 'bootstrap', '--games', '4', '--depth', '1', '--openings', join(tmp, 'open2.txt'), '--csv', csv, '--workers', '1');
    expect(r.status, r.stderr).toBe(0);
    const decoded = Book.decode(readFileSync(join(tmp, 'b.book')));
    if (!decoded.ok) throw new Error(decoded.error);
    const rows = csvRows(csv);
    expect(rows).toHaveLength(4);
    // Wherever the book player was to move in a book position, it played a book move within 2
    // discs of the best; with black after either opening it always is.
    let inBook = 0;
    for (const row of rows) {
      expect([row.black, row.white]).toContain(bookPlayer);
      const bookSide = row.black === bookPlayer ? 'black' : 'white';
      const moves = parseTranscript(row.transcript).value!.moves;
      const p = Position.initial();
      for (const [i, square] of moves.entries()) {
        if (p.mustPass()) p.makePass();
        const options = decoded.book.moves(p);
        if (i >= 2 && (p.side === BLACK ? 'black' : 'white') === bookSide && options.length > 0) {
          inBook++;
          const played = options.find((o) => o.move === square);
          expect(played, `game ${row.game} move ${i + 1}: ${squareName(square)} is not a book move`).toBeDefined();
          expect(played!.score).toBeGreaterThanOrEqual(options[0].score - 2);
        }
        expect(p.makeMove(square)).toBe(true);
      }
    }
    expect(inBook).toBeGreaterThanOrEqual(2);
    const bad = sente('tournament', '--player', `bootstrap:book=${join(tmp, 'bad.book')}`, '--player', 'bootstrap', '--games', '2', '--depth', '1', '--csv', join(tmp, 'x.csv'));
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/corrupt book/);
  });
});
