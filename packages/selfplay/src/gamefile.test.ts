// The games file format (write, read, bad and cut-short lines) and the openings (shipped XOT file,
// reproducible random openings).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTranscript } from '@sente/core';
import { formatGameLine, parseGameLine, readGameFile } from './gamefile.js';
import { readOpeningsFile, DEFAULT_OPENINGS_FILE, randomOpening } from './openings.js';

// A finished game (self-play at depth 2 from an XOT opening; a 32-32 draw).
const FULL = 'f5d6c4d3c2b3b4b5d7f4c3c7a6d2d1e6a3g4g3h2g6e3h4c1a4d8f7a5f2g5h5f6c8e1b8e7c5f3b1c6b6a7e2h6b2h3f1a1a8b7a2e8g8f8h7h8g7g1g2h1';

describe('game file', () => {
  it('formats and parses a record', () => {
    const r = parseTranscript(FULL);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const line = formatGameLine({ index: 12, moves: r.value.moves, blackScore: -6, build: 'b1', seed: 3, openingPlies: 8 });
    expect(line).toBe(`12 ${FULL} -6 b1 3 8\n`);
    const back = parseGameLine(line);
    expect(back).toEqual({ ok: true, game: { index: 12, moves: r.value.moves, blackScore: -6, build: 'b1', seed: 3, openingPlies: 8 } });
    expect(parseGameLine(`1 ${FULL} +4 x 1 8`).ok).toBe(true);
  });

  it('reads bare transcripts of finished games and reports bad lines', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sente-games-'));
    try {
      const path = join(dir, 'g.txt');
      writeFileSync(path, `# comment\n${FULL}\nf5d6\n3 f5d6z9 +2 b 1 0\n4 ${FULL} 99 b 1 0\n7 ${FULL} +2 b 1 0\n8 f5`);
      const f = readGameFile(path);
      expect(f.games.map((g) => g.index)).toEqual([1, 7]);
      const end = parseTranscript(FULL);
      if (!end.ok) throw new Error('bad fixture');
      const p = end.value.position;
      expect(f.games[0].blackScore).toBe(p.side === 0 ? p.finalScore() : -p.finalScore());
      expect(f.invalid.map((x) => x.line)).toEqual([3, 4, 5, 7]);
      expect(f.invalid[0].error).toMatch(/not finished/);
      expect(f.partialLastLine).toBe(true);
      expect(readGameFile(join(dir, 'missing.txt')).games).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('openings', () => {
  it('ships the XOT file', () => {
    const r = readOpeningsFile(DEFAULT_OPENINGS_FILE);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.value.length).toBe(10784);
      for (const o of r.value.slice(0, 50)) expect(o).toHaveLength(8);
    }
  });

  it('random openings are reproducible per (seed, index) and respect the balance check', () => {
    const a = randomOpening(6, 5, 17, () => true);
    expect(a).toHaveLength(6);
    expect(randomOpening(6, 5, 17, () => true)).toEqual(a);
    expect(randomOpening(6, 5, 18, () => true)).not.toEqual(a);
    let calls = 0;
    const b = randomOpening(6, 5, 17, () => ++calls === 3);
    expect(calls).toBe(3);
    expect(b).not.toEqual(a);
  });
});
