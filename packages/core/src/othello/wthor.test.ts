// WTHOR: databases built in memory from known games read back exactly; the move encoding is the
// one real files use (f5 = 56); damaged files and records give clear errors.
import { describe, expect, it } from 'vitest';
import { parseTranscript } from './notation.js';
import { unwrap } from './result.js';
import { WTHOR_HEADER_BYTES, WTHOR_RECORD_BYTES, readWthor, writeWthor } from './wthor.js';

// A whole game with a pass near the end (black 37, white 27), and a short unfinished one.
const FULL = 'f5f6e6f4g4d6c5c6g7b6a6f7f3h8b5c7g8f8c8h4d3a5g3c4b3d8c3d7b8a2g5c2a4f2d2e2g2b7e7e8e1h6e3h2c1b4h3b1g1d1f1b2a3g6a8h5a7h1h7a1';
const SHORT = 'f5d6c3d3c4f4f6';
// The shortest possible game: black wipes white out after 9 moves (13-0, so 64-0 with the empties).
const WIPEOUT = 'd3c3b3d2e1d6d7e3f4';
const moves = (t: string) => unwrap(parseTranscript(t)).moves;

describe('WTHOR', () => {
  it('writes and reads back games, players, tournaments and scores', () => {
    const bytes = writeWthor([
      { moves: moves(FULL), tournament: 7, black: 1234, white: 4321 },
      { moves: moves(SHORT), blackDiscs: 40, theoreticalScore: 36 },
      { moves: moves(WIPEOUT) },
    ], { created: { year: 2026, month: 11, day: 30 }, year: 2025, depth: 22 });
    expect(bytes.length).toBe(WTHOR_HEADER_BYTES + 3 * WTHOR_RECORD_BYTES);
    // The encoding of real databases: 10 * row + column, so f5 = 56 and d6 = 64.
    expect(bytes[WTHOR_HEADER_BYTES + 8]).toBe(56);
    expect(bytes[WTHOR_HEADER_BYTES + 9]).toBe(66);
    const r = readWthor(bytes);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.header).toEqual({ created: { year: 2026, month: 11, day: 30 }, records: 3, gamesOfYear: 0, year: 2025, gameType: 0, depth: 22 });
    expect(r.value.skipped).toEqual([]);
    const [full, short, wipeout] = r.value.games;
    expect(full).toEqual({ index: 0, tournament: 7, black: 1234, white: 4321, blackDiscs: 37, theoreticalScore: 37, moves: moves(FULL), complete: true });
    expect(short).toMatchObject({ index: 1, blackDiscs: 40, theoreticalScore: 36, moves: moves(SHORT), complete: false });
    expect(wipeout).toMatchObject({ blackDiscs: 64, moves: moves(WIPEOUT), complete: true });
  });

  it('refuses damaged files with clear errors', () => {
    const bytes = writeWthor([{ moves: moves(SHORT) }, { moves: moves(FULL) }]);
    const fail = (b: Uint8Array) => {
      const r = readWthor(b);
      expect(r.ok).toBe(false);
      return r.ok ? null : r.error;
    };
    expect(fail(bytes.slice(0, 10))).toMatchObject({ code: 'short-header' });
    const truncated = fail(bytes.slice(0, bytes.length - 5));
    expect(truncated?.code).toBe('truncated');
    expect(truncated?.message).toBe('the header announces 2 games (152 bytes) but the file has 147 bytes: truncated in record 1');
    const longer = new Uint8Array(bytes.length + 3);
    longer.set(bytes);
    expect(fail(longer)).toMatchObject({ code: 'trailing-bytes' });
    const big = bytes.slice();
    big[12] = 10;
    expect(fail(big)).toMatchObject({ code: 'bad-board-size', offset: 12 });
  });

  it('skips bad records and says which and why', () => {
    const bytes = writeWthor([{ moves: moves(SHORT) }, { moves: moves(SHORT) }, { moves: moves(SHORT) }, { moves: moves(SHORT) }]);
    const rec = (i: number) => WTHOR_HEADER_BYTES + i * WTHOR_RECORD_BYTES + 8;
    bytes[rec(1) + 2] = 11; // a1 as the third move: illegal
    bytes[rec(2) + 0] = 99; // not a square
    bytes[rec(3) + 20] = 56; // a byte after the end of the moves
    const r = readWthor(bytes);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.games.map((g) => g.index)).toEqual([0]);
    expect(r.value.skipped).toEqual([
      { index: 1, reason: 'record 1 (offset 84): move 3: a1 is not legal' },
      { index: 2, reason: 'record 2 (offset 152): move 1: byte 99 is not a square (11..88)' },
      { index: 3, reason: 'record 3 (offset 220): move byte 21 is 56 after the end of the moves' },
    ]);
  });

  it('refuses to write illegal games', () => {
    expect(() => writeWthor([{ moves: [0] }])).toThrow(/a1 is not legal/);
  });
});
