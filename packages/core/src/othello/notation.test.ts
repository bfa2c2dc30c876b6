// Notation at the edges: squares, transcripts with implicit passes, board strings and OBF lines.
// Every malformed input must come back as an error value with the documented code, the offset of
// the offending text, and a message that names it. The FFO files are the repo's copy in
// test/fixtures/ffo.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PASS, Position } from './position.js';
import { formatBoard, formatTranscript, parseBoard, parseObf, parseSquare, parseTranscript, renderBoard, squareName, type Replay } from './notation.js';
import type { ParseError, Result } from './result.js';
import { unwrap } from './result.js';

const FFO_DIR = new URL('../../../../test/fixtures/ffo/', import.meta.url);

function errorOf<T>(r: Result<T>): ParseError {
  if (r.ok) throw new Error('expected an error, got a value');
  return r.error;
}

/** Deterministic PRNG (mulberry32) so the searched games are the same on every run. */
function prng(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Game { moves: number[]; passes: number; passInMiddle: boolean; final: Position }

function randomGame(rand: () => number): Game {
  const p = Position.initial();
  const moves: number[] = [];
  let passes = 0;
  let passInMiddle = false;
  while (!p.isGameOver()) {
    const legal = p.legalMoveList();
    if (legal.length === 0) {
      p.makePass();
      passes++;
      continue;
    }
    if (passes > 0) passInMiddle = true;
    const m = legal[Math.floor(rand() * legal.length)];
    p.makeMove(m);
    moves.push(m);
  }
  return { moves, passes, passInMiddle, final: p };
}

// A real game with a forced pass followed by more moves, found by search.
const rand = prng(2002);
let passGame: Game | undefined;
let endedGame: Game | undefined;
for (let i = 0; i < 2000 && (passGame === undefined || endedGame === undefined); i++) {
  const g = randomGame(rand);
  if (passGame === undefined && g.passInMiddle) passGame = g;
  if (endedGame === undefined && g.final.emptyCount() > 0) endedGame = g;
}

describe('squares', () => {
  it('names and parses every square, either case, and pass', () => {
    expect(squareName(0)).toBe('a1');
    expect(squareName(7)).toBe('h1');
    expect(squareName(56)).toBe('a8');
    expect(squareName(63)).toBe('h8');
    expect(squareName(PASS)).toBe('pass');
    for (let s = 0; s < 64; s++) {
      expect(unwrap(parseSquare(squareName(s)))).toBe(s);
      expect(unwrap(parseSquare(squareName(s).toUpperCase()))).toBe(s);
    }
    expect(unwrap(parseSquare('PASS'))).toBe(PASS);
    expect(unwrap(parseSquare('--'))).toBe(PASS);
  });

  it('rejects non-squares with bad-square naming the text', () => {
    for (const text of ['i1', 'a9', 'a0', 'z9', 'a', 'a10', '']) {
      const e = errorOf(parseSquare(text));
      expect(e.code).toBe('bad-square');
      expect(e.message).toContain(`"${text}"`);
    }
  });
});

describe('transcripts', () => {
  it('replays the seed\'s opening and accepts either case and whitespace', () => {
    const r = unwrap(parseTranscript('f5d6c3d3c4f4'));
    expect(r.moves.map(squareName)).toEqual(['f5', 'd6', 'c3', 'd3', 'c4', 'f4']);
    expect(r.position.side).toBe(0);
    expect(r.position.ply).toBe(6);
    const upper = unwrap(parseTranscript('F5D6 c3D3 C4f4'));
    expect(upper.moves).toEqual(r.moves);
    expect(upper.position.equals(r.position)).toBe(true);
    expect(formatTranscript(r.moves)).toBe('f5d6c3d3c4f4');
  });

  it('the search found a game with a pass in the middle and one that ends with empty squares', () => {
    expect(passGame).toBeDefined();
    expect(endedGame).toBeDefined();
  });

  it('a real transcript with an implicit pass replays to the same position', () => {
    const g = passGame!;
    const text = formatTranscript(g.moves);
    expect(text.length).toBe(2 * g.moves.length);
    const r: Replay = unwrap(parseTranscript(text));
    expect(r.moves).toEqual(g.moves);
    expect(r.position.equals(g.final)).toBe(true);
    expect(r.position.ply).toBe(g.moves.length + g.passes);
    expect(r.position.isGameOver()).toBe(true);
    expect(unwrap(parseTranscript(text.toUpperCase())).position.equals(g.final)).toBe(true);
  });

  it('a pass owed at the end is made so the side to move is the one that can move', () => {
    // Replay the pass game up to the move before its first pass.
    const g = passGame!;
    const p = Position.initial();
    let k = 0;
    while (!p.mustPass()) {
      p.makeMove(g.moves[k]);
      k++;
    }
    const r = unwrap(parseTranscript(formatTranscript(g.moves.slice(0, k))));
    expect(r.position.ply).toBe(k + 1);
    expect(r.position.mustPass()).toBe(false);
    expect(r.position.side).toBe(p.side ^ 1);
  });

  it('"z9" is a bad square at its offset', () => {
    const e = errorOf(parseTranscript('f5d6z9c3'));
    expect(e.code).toBe('bad-square');
    expect(e.offset).toBe(4);
    expect(e.message).toContain('z9');
    expect(e.message).toContain('move 3');
  });

  it('an illegal move names the square and the side', () => {
    const e = errorOf(parseTranscript('f5d6a1'));
    expect(e.code).toBe('illegal-move');
    expect(e.offset).toBe(4);
    expect(e.message).toContain('a1');
    expect(e.message).toContain('black');
    const w = errorOf(parseTranscript('f5f5'));
    expect(w.code).toBe('illegal-move');
    expect(w.offset).toBe(2);
    expect(w.message).toContain('white');
  });

  it('a trailing odd character is a bad square at its offset', () => {
    const e = errorOf(parseTranscript('f5d6c'));
    expect(e.code).toBe('bad-square');
    expect(e.offset).toBe(4);
    expect(e.message).toContain('"c"');
  });

  it('a move after the end of the game is game-over at its offset', () => {
    const g = endedGame!;
    const text = formatTranscript(g.moves);
    const empty = [...Array(64).keys()].find((s) => ((s < 32 ? g.final.bb[0] | g.final.bb[2] : g.final.bb[1] | g.final.bb[3]) >>> (s & 31) & 1) === 0)!;
    const e = errorOf(parseTranscript(text + squareName(empty)));
    expect(e.code).toBe('game-over');
    expect(e.offset).toBe(text.length);
    expect(e.message).toContain(squareName(empty));
  });
});

describe('board strings', () => {
  const START = '---------------------------OX------XO--------------------------- X';

  it('formats the start position and parses it back', () => {
    expect(formatBoard(Position.initial())).toBe(START);
    expect(unwrap(parseBoard(START)).equals(Position.initial())).toBe(true);
  });

  it('round-trips positions along the searched games, both sides to move', () => {
    for (const g of [passGame!, endedGame!]) {
      const p = Position.initial();
      for (const m of g.moves) {
        if (p.mustPass()) p.makePass();
        p.makeMove(m);
        const text = formatBoard(p);
        const back = unwrap(parseBoard(text));
        expect(back.equals(p)).toBe(true);
        expect(formatBoard(back)).toBe(text);
      }
    }
  });

  it('63 cells: short-board at the end of the input', () => {
    const e = errorOf(parseBoard('-'.repeat(63)));
    expect(e.code).toBe('short-board');
    expect(e.offset).toBe(63);
    expect(e.message).toContain('63 cells');
  });

  it('63 cells and a side: the side letter cannot be taken for cell 64', () => {
    const e = errorOf(parseBoard('-'.repeat(63) + ' X'));
    expect(e.code).toBe('short-board');
    expect(e.offset).toBe(63);
    expect(e.message).toContain('63 cells');
    expect(e.message).toContain('"X" at offset 64');
    // The same in an OBF line, where a ';' follows.
    const o = errorOf(parseObf('-'.repeat(63) + ' O; A1:+2;'));
    expect(o.code).toBe('short-board');
    expect(o.offset).toBe(63);
    expect(errorOf(parseBoard('  ' + '-'.repeat(63) + ' X')).offset).toBe(65);
    // A listed move must be a legal move of the position (d4 is taken, h8 flips nothing, no pass).
    const start = '---------------------------OX------XO--------------------------- X';
    const taken = errorOf(parseObf(`${start}; D3:+0; D4:+2;`));
    expect([taken.code, taken.offset, taken.message]).toEqual(['bad-obf-move', 75, 'D4 at offset 75 is not a legal move of the position']);
    expect(errorOf(parseObf(`${start}; H8:+0;`)).code).toBe('bad-obf-move');
    expect(errorOf(parseObf(`${start}; PA:+0;`)).code).toBe('bad-obf-move');
    // Cells separated by spaces everywhere: the side really is missing.
    expect(errorOf(parseBoard('- '.repeat(63) + 'X')).code).toBe('missing-side');
  });

  it('a bad character: bad-cell naming the character and its square', () => {
    const text = START.slice(0, 10) + 'Z' + START.slice(11);
    const e = errorOf(parseBoard(text));
    expect(e.code).toBe('bad-cell');
    expect(e.offset).toBe(10);
    expect(e.message).toContain('"Z"');
    expect(e.message).toContain('c2');
  });

  it('a missing side: missing-side after the cells', () => {
    const e = errorOf(parseBoard(START.slice(0, 64)));
    expect(e.code).toBe('missing-side');
    expect(e.offset).toBe(64);
    expect(errorOf(parseBoard(START.slice(0, 64) + '   ')).code).toBe('missing-side');
  });

  it('a bad side: bad-side naming the character', () => {
    const e = errorOf(parseBoard(START.slice(0, 64) + ' Q'));
    expect(e.code).toBe('bad-side');
    expect(e.offset).toBe(65);
    expect(e.message).toContain('"Q"');
  });

  it('trailing junk: trailing at its offset', () => {
    const e = errorOf(parseBoard(START + '  junk'));
    expect(e.code).toBe('trailing');
    expect(e.offset).toBe(START.length + 2);
    expect(e.message).toContain('junk');
  });
});

describe('OBF lines (test/fixtures/ffo)', () => {
  const files = readdirSync(FFO_DIR).filter((f) => f.endsWith('.obf')).sort();
  const lines = files.flatMap((f) => readFileSync(new URL(f, FFO_DIR), 'utf8').split('\n').filter((l) => l.trim() !== ''));

  it('all 39 positions parse; every listed move is legal, scores are even and best first', () => {
    expect(files).toEqual(['fforum-1-19.obf', 'fforum-20-39.obf']);
    expect(lines.length).toBe(39);
    for (const line of lines) {
      const r = unwrap(parseObf(line));
      expect(r.moves.length).toBeGreaterThan(0);
      expect(formatBoard(r.position)).toBe(line.slice(0, 66));
      for (let i = 0; i < r.moves.length; i++) {
        expect(r.position.isLegal(r.moves[i].square)).toBe(true);
        expect(Math.abs(r.moves[i].score % 2)).toBe(0);
        if (i > 0) expect(r.moves[i].score).toBeLessThanOrEqual(r.moves[i - 1].score);
      }
    }
  });

  it('FFO #1 and #20 move lists', () => {
    const one = unwrap(parseObf(lines[0]));
    expect(one.position.side).toBe(0);
    expect(one.moves.map((m) => `${squareName(m.square)}:${m.score}`)).toEqual(['g8:18', 'h1:12', 'h7:6', 'a2:6', 'a3:4', 'b1:-4', 'a4:-22', 'g2:-24']);
    expect(one.position.emptyCount()).toBe(14);
    const twenty = unwrap(parseObf(lines[19]));
    expect(twenty.moves.map((m) => `${squareName(m.square)}:${m.score}`)).toEqual(['h5:6', 'g6:-2', 'f6:-4', 'h6:-10']);
    const twentyOne = unwrap(parseObf(lines[20]));
    expect(twentyOne.position.side).toBe(1);
    expect(twentyOne.moves[0]).toEqual({ square: 38, score: 0 });
  });

  it('a line without moves parses with an empty list', () => {
    const r = unwrap(parseObf(lines[0].slice(0, 66)));
    expect(r.moves).toEqual([]);
  });

  it('malformed move lists give bad-square, bad-score and bad-obf-move with offsets', () => {
    const head = lines[0].slice(0, 66);
    const sq = errorOf(parseObf(`${head}; G8:+18; Z9:+4;`));
    expect(sq.code).toBe('bad-square');
    expect(sq.offset).toBe(head.length + 10);
    expect(sq.message).toContain('Z9');
    const score = errorOf(parseObf(`${head}; G8:+70;`));
    expect(score.code).toBe('bad-score');
    expect(score.offset).toBe(head.length + 2);
    expect(score.message).toContain('70');
    const junk = errorOf(parseObf(`${head}; G8:+18; hello`));
    expect(junk.code).toBe('bad-obf-move');
    expect(junk.offset).toBe(head.length + 10);
    expect(junk.message).toContain('hello');
    const cell = errorOf(parseObf(`${head.slice(0, 5)}?${head.slice(6)}; G8:+18;`));
    expect(cell.code).toBe('bad-cell');
    expect(cell.offset).toBe(5);
  });
});

describe('renderBoard', () => {
  it('shows the start position with its legal moves and the last move bracketed', () => {
    expect(renderBoard(Position.initial(), { showMoves: true }).split('\n')).toEqual([
      '   a b c d e f g h',
      '1  - - - - - - - -',
      '2  - - - - - - - -',
      '3  - - - . - - - -',
      '4  - - . O X - - -',
      '5  - - - X O . - -',
      '6  - - - - . - - -',
      '7  - - - - - - - -',
      '8  - - - - - - - -',
    ]);
    const r = unwrap(parseTranscript('f5'));
    expect(renderBoard(r.position, { lastMove: 37 }).split('\n')[5]).toBe('5  - - - X X[X]- -');
  });
});
