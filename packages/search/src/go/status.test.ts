// The dead-stone judgement and the GTP commands built on it, on figure-file positions: clearly
// dead stones, a basic seki, an unsettled group; GNU Go's fixed handicaps (a hard-coded table,
// and `gnugo --mode gtp` itself when it is installed); GTP sessions of every new command.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { go } from '@sente/core';
import { GoGtpEngine } from './gtp.js';
import { MctsPlayer } from './mcts.js';
import { MAX_MOVE_MS } from '../othello/limits.js';
import { basicSeki, bensonAlive, judgeStatus } from './status.js';

const send = (e: GoGtpEngine, line: string): string => e.handle(line)?.text ?? '';
const figure = (text: string): go.GoBoard => {
  const r = go.parseFigure(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
/** The head of the chain at a GTP vertex of `b`. */
const headAt = (b: go.GoBoard, v: string): number => {
  const r = go.parseGtpVertex(b.size, v);
  if (!r.ok) throw new Error(v);
  return b.head[r.value];
};
const load = (e: GoGtpEngine, text: string): void => {
  const b = figure(text);
  send(e, `boardsize ${b.size}`);
  for (let p = 0; p < b.points; p++) if (b.color[p] === go.BLACK || b.color[p] === go.WHITE) expect(send(e, `play ${b.color[p] === go.BLACK ? 'b' : 'w'} ${go.gtpVertex(b.size, p)}`)).toBe('= \n\n');
};

// The end of the scripted game in test/go-play.test.ts: white's A4 is dead inside black's area.
const DEAD = ['++*O+', 'O+*OO', '+***O', '++*OO', '++*O+'].join('\n');
// Top: black and white chains each with one eye and one shared liberty (C6): seki. Below, a
// white and a black group with two eyes each.
const SEKI = ['+*+O+O', '***OOO', 'OOO***', 'O+O*+*', 'OOO***', '+OO*+*'].join('\n');

// The end of game 2 of the 19x19 run against GNU Go on 2026-12-06 (both passed): in the lower left
// a seki of three chains. White's B5..F1 (liberties C4 and A1) shares C4 with black's C3 D3 D2 and
// A1 with black's B2 B1 C1; those two share their eye C2. Nobody can fill C4 or A1.
const SEKI3 = [
  '+O+O+OOO+OOO+O+OOOO',
  'OO+OO+O+O**OO+OOO**',
  '+OO+O++O**OO+O***+*',
  '+++O++OO***OOO*****',
  'OO+OOOOO*O***O*+*+*',
  '+OOOO+O+OOOO******+',
  '++O**OO+O+O**+++*++',
  'OO+O**OOOO**+++++++',
  'O+OO*OO+OO*++++++++',
  'OO*****O+O**+**+**+',
  'O**+*OO+OO*O**+****',
  '**++**OOOOOOO*+*+*+',
  '++**+*OO+OOOO******',
  '******OOOO*O**+****',
  '*OOOO**O*O*OO**+++*',
  '*O+OOO*O*O*OOO*****',
  'OO**OO******O***+*+',
  'O*+*OO*OOO*OO*+++*+',
  '+**OOO*OOOOO**+++++',
].join('\n');

// The end of game 0 of the 19x19 run `go-gnugo10-19x19-5s-corners` against GNU Go (both passed): in the
// upper left black's C18 A17..D17 A16 D16 (liberties A18 and C16) lives in seki with white's A19,
// B18, B16 and A15 C15 D15 A14 B14 C14. Whoever fills A18 or C16 puts its own chain in atari and
// loses it (white A18 is taken by black B19, white C16 by black B15); black B15, B19, D19 and E18
// are suicides.
const SEKI5 = [
  'O+O+OO**OOOOOOO+O++',
  '+O*O+O*+******OOOOO',
  '****OO*++*++*OO++O+',
  '*O+*O**+***++**O++O',
  'O+OO**+**+**+*OOO+O',
  'OOO*+*++*++*+*OO++O',
  '******++***+++*OOO+',
  '*OO*+++*+*+*****O+O',
  'OOO**+*+***+++*OOO+',
  '+O*++*+*+*+*+***O+O',
  'OO**+**++*++**OOOOO',
  '+OO***+*+******O++O',
  '+O**+*++**OOOO*OO+O',
  'OOO*++**+*OOO**OOO+',
  '*****++**OO+OOO++OO',
  '*OOO**+*OO+O++O+OOO',
  '***OOO****OOO+OO++O',
  'OOOOO**++***O++OO+O',
  '+O+O**+++*OOO++O++O',
].join('\n');

describe('dead stones', () => {
  it('Benson: two vital regions make a chain unconditionally alive', () => {
    const b = figure(SEKI);
    const white = bensonAlive(b, go.WHITE).alive;
    const black = bensonAlive(b, go.BLACK).alive;
    expect([...white].map((h) => b.head[h])).toEqual([b.head[b.pointAt(0, 2)]]);
    expect([...black].map((h) => b.head[h])).toEqual([b.head[b.pointAt(3, 2)]]);
  });

  it('finds the basic seki and lists it under seki, not alive or dead', () => {
    const b = figure(SEKI);
    const seki = basicSeki(b);
    expect([...seki].sort((x, y) => x - y)).toEqual([b.head[b.pointAt(1, 0)], b.head[b.pointAt(3, 0)]].sort((x, y) => x - y));
    const e = new GoGtpEngine({ playouts: 10, statusPlayouts: 200 });
    load(e, SEKI);
    expect(send(e, 'final_status_list seki')).toBe('= B6 A5 B5 C5\nD6 F6 D5 E5 F5\n\n');
    expect(send(e, 'final_status_list dead')).toBe('= \n\n');
    expect(send(e, 'final_status_list alive').split('\n').length).toBe(4);
    // Area: the seki's shared point C6 is nobody's; the eyes A6 and E6 are their owners'.
    // Black 4 + 1 (top) + 10 + 2 (lower right) = 17, white 5 + 1 + 10 + 2 = 18: W+8.5 with komi 7.5.
    expect(send(e, 'final_score')).toBe('= W+8.5\n\n');
  });

  it('finds a seki of three chains (a white chain between two black ones sharing an eye)', () => {
    const b = figure(SEKI3);
    const at = (v: string): number => headAt(b, v);
    expect([...basicSeki(b)].sort((x, y) => x - y)).toEqual([at('B5'), at('C3'), at('B2')].sort((x, y) => x - y));
    const e = new GoGtpEngine({ playouts: 10, statusPlayouts: 200 });
    load(e, SEKI3);
    expect(send(e, 'final_status_list seki')).toBe('= B5 C5 D5 E5 B4 D4 E4 F4 A3 B3 E3 F3 A2 E2 F2 D1 E1 F1\nC3 D3 D2\nB2 B1 C1\n\n');
    expect(send(e, 'final_status_list dead')).toBe('= \n\n');
    // Area: every stone counts and black's eye C2 is black's (Chinese rules count an eye in seki;
    // GNU Go's final_score, B+2.5, leaves it out); C4 and A1 are nobody's.
    expect(send(e, 'final_score')).toBe('= B+3.5\n\n');
  });

  it('finds a seki of five chains from a game against GNU Go, which counted them all dead', () => {
    const b = figure(SEKI5);
    const at = (v: string): number => headAt(b, v);
    expect([...basicSeki(b)].sort((x, y) => x - y)).toEqual(['A19', 'B18', 'C18', 'B16', 'A15'].map(at).sort((x, y) => x - y));
    const e = new GoGtpEngine({ playouts: 10, statusPlayouts: 200 });
    load(e, SEKI5);
    expect(send(e, 'final_status_list seki')).toBe('= A19\nB18\nC18 A17 B17 C17 D17 A16 D16\nB16\nA15 C15 D15 A14 B14 C14\n\n');
    expect(send(e, 'final_status_list dead')).toBe('= \n\n');
    // Area with every stone alive: the eyes B19, D19, E18 and B15 are white's, A18 and C16
    // nobody's: black 186, white 173, B+5.5. GNU Go 3.8 lists every stone of the corner dead, black's
    // and white's alike, and its final_score says B+7.5.
    expect(send(e, 'final_score')).toBe('= B+5.5\n\n');
  });

  it('marks the clearly dead stone dead and scores without it', () => {
    const e = new GoGtpEngine({ playouts: 10, statusPlayouts: 300 });
    load(e, DEAD);
    send(e, 'komi 0.5');
    expect(send(e, 'final_status_list dead')).toBe('= A4\n\n');
    expect(send(e, 'final_status_list alive')).toBe('= C5 C4 B3 C3 D3 C2 C1\nD5 D4 E4 E3 D2 E2 D1\n\n');
    expect(send(e, 'final_score')).toBe('= B+6.5\n\n');
    const b = figure(DEAD);
    const j = judgeStatus(b, new MctsPlayer({ seed: 3 }), 0.5, 300);
    const a4 = j.chains.find((c) => c.head === b.pointAt(0, 1))!;
    expect(a4.status).toBe('dead');
    expect(a4.reason).toBe('playouts');
    // White's wall has two one-point eyes: Benson's rule decides it.
    expect(j.chains.find((c) => c.head === b.head[b.pointAt(3, 0)])!.reason).toBe('benson');
    // Territory: black 9 points + 1 dead stone, white 2 points (no prisoners in a figure): B+7.5.
    expect(go.territoryScore(b, 0.5, j.dead).margin).toBe(10 - 2 - 0.5);
  });

  it('stones inside a region of an unconditionally alive chain are surely dead', () => {
    // Black lives with six one-point eyes; the white stone at C3 and its liberty B3 touch only black.
    const b = figure(['+*+*+', '*****', '*+O**', '*****', '+*+*+'].join('\n'));
    const j = judgeStatus(b, new MctsPlayer({ seed: 1 }), 7.5, 50);
    expect(j.chains.find((c) => c.color === go.WHITE)).toMatchObject({ status: 'dead', reason: 'sure-dead' });
  });

  it('an unsettled group: a straight three whose vital point nobody has taken', () => {
    const text = ['+++O*++', 'OOOO*++', '*****++', '+++++++', '+++++++', '+++++++', '+++++++'].join('\n');
    const j = judgeStatus(figure(text), new MctsPlayer({ seed: 5 }), 7.5, 400);
    const white = j.chains.find((c) => c.color === go.WHITE)!;
    expect(white.reason).toBe('playouts');
    expect(white.unsettled).toBe(true);
    const e = new GoGtpEngine({ playouts: 10, statusPlayouts: 400 });
    load(e, text);
    // GTP has no word for unsettled: each chain is still in exactly one list.
    const lists = ['dead', 'alive', 'seki'].map((s) => send(e, `final_status_list ${s}`));
    expect(lists.filter((l) => l.includes('D7')).length).toBe(1);
  });
});

describe.skipIf(!existsSync('/usr/games/gnugo') && !existsSync('/usr/bin/gnugo'))('dead stones as GNU Go sees them', () => {
  it('final_status_list dead, alive and seki agree with gnugo on the dead-stone and seki positions', () => {
    const gnugo = ['/usr/games/gnugo', '/usr/bin/gnugo'].find((p) => existsSync(p))!;
    for (const text of [DEAD, SEKI, SEKI3]) {
      const b = figure(text);
      const setup = [`boardsize ${b.size}`];
      for (let p = 0; p < b.points; p++) if (b.color[p] === go.BLACK || b.color[p] === go.WHITE) setup.push(`play ${b.color[p] === go.BLACK ? 'b' : 'w'} ${go.gtpVertex(b.size, p)}`);
      const asks = ['final_status_list dead', 'final_status_list alive', 'final_status_list seki'];
      const r = spawnSync(gnugo, ['--mode', 'gtp', '--chinese-rules'], { input: [...setup, ...asks, 'quit'].join('\n') + '\n', encoding: 'utf8' });
      const theirs = r.stdout.split('\n\n').slice(setup.length, setup.length + 3);
      const e = new GoGtpEngine({ playouts: 10, statusPlayouts: 300 });
      for (const line of setup) send(e, line);
      expect(asks.map((a) => send(e, a).trimEnd())).toEqual(theirs.map((t) => t.trimEnd()));
    }
  });
});

// What `gnugo --mode gtp` answers to `fixed_handicap N` (checked against it below when installed).
const GNUGO_HANDICAP: Record<number, string[]> = {
  7: ['E5 C3', 'C5 E5 C3', 'C5 E5 C3 E3'],
  9: ['G7 C3', 'C7 G7 C3', 'C7 G7 C3 G3', 'C7 G7 E5 C3 G3', 'C7 G7 C5 G5 C3 G3', 'C7 G7 C5 E5 G5 C3 G3', 'C7 E7 G7 C5 G5 C3 E3 G3', 'C7 E7 G7 C5 E5 G5 C3 E3 G3'],
  10: ['H8 C3', 'C8 H8 C3', 'C8 H8 C3 H3'],
  13: ['K10 D4', 'D10 K10 D4', 'D10 K10 D4 K4', 'D10 K10 G7 D4 K4', 'D10 K10 D7 K7 D4 K4', 'D10 K10 D7 G7 K7 D4 K4', 'D10 G10 K10 D7 K7 D4 G4 K4', 'D10 G10 K10 D7 G7 K7 D4 G4 K4'],
  19: ['Q16 D4', 'D16 Q16 D4', 'D16 Q16 D4 Q4', 'D16 Q16 K10 D4 Q4', 'D16 Q16 D10 Q10 D4 Q4', 'D16 Q16 D10 K10 Q10 D4 Q4', 'D16 K16 Q16 D10 Q10 D4 K4 Q4', 'D16 K16 Q16 D10 K10 Q10 D4 K4 Q4'],
};

function fixedHandicapReply(size: number, n: number): string {
  const e = new GoGtpEngine({ playouts: 4 });
  send(e, `boardsize ${size}`);
  return send(e, `fixed_handicap ${n}`);
}

const GNUGO = ['/usr/games/gnugo', '/usr/bin/gnugo'].find((p) => existsSync(p));
if (!GNUGO) console.warn('status.test.ts: gnugo not found in /usr/games or /usr/bin; comparing fixed handicaps with the hard-coded table only');

describe('handicap', () => {
  it('fixed_handicap places the stones exactly as GNU Go (table)', () => {
    for (const [size, rows] of Object.entries(GNUGO_HANDICAP)) {
      rows.forEach((expected, i) => expect(fixedHandicapReply(Number(size), i + 2)).toBe(`= ${expected}\n\n`));
      expect(fixedHandicapReply(Number(size), 1)).toBe('? invalid handicap\n\n');
      expect(fixedHandicapReply(Number(size), rows.length + 2)).toBe('? invalid handicap\n\n');
    }
    expect(fixedHandicapReply(5, 2)).toBe('? invalid handicap\n\n');
  });

  it.skipIf(!GNUGO)('fixed_handicap agrees with gnugo --mode gtp on 9x9, 13x13 and 19x19', () => {
    for (const size of [9, 13, 19]) {
      const input = Array.from({ length: 10 }, (_, i) => `boardsize ${size}\nfixed_handicap ${i + 1}`).join('\n') + '\nquit\n';
      const r = spawnSync(GNUGO!, ['--mode', 'gtp'], { input, encoding: 'utf8' });
      const theirs = r.stdout.split('\n\n').filter((x) => x.trim() !== '').filter((_, k) => k % 2 === 1).slice(0, 10);
      const ours = Array.from({ length: 10 }, (_, i) => fixedHandicapReply(size, i + 1).trimEnd());
      expect(ours).toEqual(theirs.map((t) => t.trim()));
    }
  });

  it('place_free_handicap and set_free_handicap: stones, white to move, errors', () => {
    const e = new GoGtpEngine({ playouts: 4 });
    send(e, 'boardsize 9');
    expect(send(e, 'place_free_handicap 4')).toBe('= C7 G7 C3 G3\n\n');
    expect(send(e, 'place_free_handicap 2')).toBe('? board not empty\n\n');
    expect(send(e, 'genmove white')).toMatch(/^= [A-HJ][1-9]\n\n$/);
    send(e, 'clear_board');
    const many = send(e, 'place_free_handicap 11').slice(2).trim().split(' ');
    expect(new Set(many).size).toBe(11);
    send(e, 'clear_board');
    expect(send(e, 'place_free_handicap 1')).toBe('? invalid number of stones\n\n');
    expect(send(e, 'set_free_handicap A1 A1')).toBe('? repeated vertex\n\n');
    expect(send(e, 'set_free_handicap A1')).toBe('? invalid number of stones\n\n');
    expect(send(e, 'set_free_handicap A1 Z9')).toBe('? bad vertex list\n\n');
    expect(send(e, 'set_free_handicap D4 F6')).toBe('= \n\n');
    expect(e.board.toMove).toBe(go.WHITE);
    expect(send(e, 'play w D4')).toBe('? illegal move\n\n');
    expect(send(e, 'printsgf')).toBe('= (;FF[4]GM[1]CA[UTF-8]AP[sente]SZ[9]KM[7.5]AB[df][fd]PL[W])\n\n');
  });
});

describe('GTP for GUIs', () => {
  it('loadsgf and printsgf', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sente-gtp-'));
    const file = join(dir, 'g.sgf');
    writeFileSync(file, '(;GM[1]SZ[9]KM[5.5];B[ee];W[cc];B[gg])');
    const e = new GoGtpEngine({ playouts: 4 });
    expect(send(e, `loadsgf ${file} 3`)).toBe('= black\n\n');
    expect(e.board.ply).toBe(2);
    expect(e.komi).toBe(5.5);
    expect(send(e, `loadsgf ${file}`)).toBe('= white\n\n');
    expect(send(e, 'printsgf')).toBe('= (;FF[4]GM[1]CA[UTF-8]AP[sente]SZ[9]KM[5.5]\n;B[ee];W[cc];B[gg])\n\n');
    // printsgf FILE writes the same game to the file and answers nothing; loading it back gives it again.
    const out = join(dir, 'out.sgf');
    expect(send(e, `printsgf ${out}`)).toBe('= \n\n');
    expect(readFileSync(out, 'utf8').trim()).toBe('(;FF[4]GM[1]CA[UTF-8]AP[sente]SZ[9]KM[5.5]\n;B[ee];W[cc];B[gg])');
    expect(send(e, `loadsgf ${out}`)).toBe('= white\n\n');
    expect(e.board.ply).toBe(3);
    expect(send(e, `printsgf ${join(dir, 'no-such-dir', 'x.sgf')}`)).toMatch(/^\? cannot write file: ENOENT/);
    expect(send(e, `loadsgf ${join(dir, 'none.sgf')}`)).toMatch(/^\? cannot load file: ENOENT/);
    writeFileSync(file, '(;SZ[9];B[ee];W[ee])');
    expect(send(e, `loadsgf ${file}`)).toMatch(/^\? cannot load file: move 2 .* is illegal/);
    expect(send(e, 'loadsgf')).toBe('? syntax error\n\n');
    // Handicap stones: white moves first (as GNU Go answers), also when the file is cut before
    // white's first move.
    writeFileSync(file, '(;GM[1]SZ[7]HA[2]AB[ec][ce];W[dd];B[])');
    expect(send(e, `loadsgf ${file} 1`)).toBe('= white\n\n');
    expect(send(e, `loadsgf ${file} 2`)).toBe('= black\n\n');
    writeFileSync(file, '(;GM[1]SZ[9]HA[2]AB[cg][gc])');
    expect(send(e, `loadsgf ${file}`)).toBe('= white\n\n');
  });

  it('loadsgf of a file with setup between moves (AE, AB, PL) sets it up where it stands', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sente-gtp-'));
    const file = join(dir, 'problem.sgf');
    writeFileSync(file, '(;GM[1]SZ[5]KM[0.5];B[cc];W[bc];AE[cc]AB[dd]PL[W];W[cd];B[dc])');
    const e = new GoGtpEngine({ playouts: 4 });
    const at = (v: string): number => {
      const r = go.parseGtpVertex(5, v);
      if (!r.ok) throw new Error(v);
      return e.board.color[r.value];
    };
    // Before move 2: the setup node (after move 2) is not reached.
    expect(send(e, `loadsgf ${file} 2`)).toBe('= white\n\n');
    expect([at('C3'), at('D2')]).toEqual([go.BLACK, go.EMPTY]);
    // Before move 3: the node is applied; the session's game starts from the position it sets up.
    expect(send(e, `loadsgf ${file} 3`)).toBe('= white\n\n');
    expect([at('C3'), at('B3'), at('D2'), e.board.ply]).toEqual([go.EMPTY, go.WHITE, go.BLACK, 0]);
    expect(send(e, 'printsgf')).toBe('= (;FF[4]GM[1]CA[UTF-8]AP[sente]SZ[5]KM[0.5]AB[dd]AW[bc]PL[W])\n\n');
    expect(send(e, `loadsgf ${file}`)).toBe('= white\n\n');
    expect([at('C2'), at('D3'), e.board.ply]).toEqual([go.WHITE, go.BLACK, 2]);
    expect(send(e, 'undo')).toBe('= \n\n');
    expect(send(e, 'undo')).toBe('= \n\n');
    expect(send(e, 'undo')).toMatch(/^\? cannot undo/);
    expect([at('C3'), at('D2')]).toEqual([go.EMPTY, go.BLACK]);
  });

  it('loadsgf of a file with variations follows the main line, and loadsgf FILE N stops before move N (as GoGui sends it)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sente-gtp-'));
    const file = join(dir, 'variations.sgf');
    // Variations at move 2 and, inside the main one, at move 4; comments, move properties and a
    // second game tree after the first that GoGui would not send but must be ignored.
    writeFileSync(
      file,
      '(;GM[1]FF[4]SZ[9]KM[6.5]PB[a]PW[b]C[a game with branches]\n;B[ee]C[first]BL[30]\n(;W[cc]\n;B[gg]\n(;W[cg];B[gc]C[main line end])\n(;W[gc];B[cg]))\n(;W[gc];B[cc]))\n(;GM[1]SZ[9];B[aa])',
    );
    const e = new GoGtpEngine({ playouts: 4 });
    const at = (v: string): number => {
      const r = go.parseGtpVertex(9, v);
      if (!r.ok) throw new Error(v);
      return e.board.color[r.value];
    };
    expect(send(e, `loadsgf ${file}`)).toBe('= white\n\n');
    expect(e.board.ply).toBe(5);
    expect(e.komi).toBe(6.5);
    // Main line: B E5, W C7, B G3, W C3, B G7 (SGF "cc" is C7 on 9x9, "cg" C3, "gc" G7).
    expect([at('E5'), at('C7'), at('G3'), at('C3'), at('G7')]).toEqual([go.BLACK, go.WHITE, go.BLACK, go.WHITE, go.BLACK]);
    for (const [n, ply, toMove] of [[1, 0, 'black'], [2, 1, 'white'], [4, 3, 'white'], [5, 4, 'black'], [99, 5, 'white']] as const) {
      expect(send(e, `loadsgf ${file} ${n}`)).toBe(`= ${toMove}\n\n`);
      expect(e.board.ply).toBe(ply);
    }
    // After `loadsgf FILE 4`, move 4 of the main line (W C3) is still to be played, and legal.
    send(e, `loadsgf ${file} 4`);
    expect(at('C3')).toBe(go.EMPTY);
    expect(at('C7')).toBe(go.WHITE);
    expect(send(e, 'play white C3')).toBe('= \n\n');
    expect(send(e, `loadsgf ${file} 0`)).toBe('? syntax error\n\n');
  });

  it('reg_genmove answers without playing; final_status_list refuses bad words', () => {
    const e = new GoGtpEngine({ playouts: 30 });
    send(e, 'boardsize 7');
    expect(send(e, 'reg_genmove black')).toMatch(/^= [A-HJ][1-7]\n\n$/);
    expect(e.board.ply).toBe(0);
    expect(send(e, 'reg_genmove purple')).toBe('? invalid color\n\n');
    expect(send(e, 'final_status_list')).toBe('? missing status\n\n');
    expect(send(e, 'final_status_list foo')).toBe('? invalid status\n\n');
    for (const c of ['final_status_list', 'kgs-time_settings', 'loadsgf', 'printsgf', 'fixed_handicap', 'place_free_handicap', 'set_free_handicap', 'reg_genmove', 'gogui-analyze_commands']) {
      expect(send(e, `known_command ${c}`)).toBe('= true\n\n');
      expect(send(e, 'list_commands')).toContain(`\n${c}\n`);
    }
  });

  it('time_settings and kgs-time_settings drive the move time', () => {
    const e = new GoGtpEngine({});
    send(e, 'boardsize 9');
    expect(send(e, 'kgs-time_settings absolute 30')).toBe('= \n\n');
    expect(send(e, 'time_left b 3 0')).toBe('= \n\n');
    const t0 = Date.now();
    expect(send(e, 'genmove b')).toMatch(/^= /);
    const ms = Date.now() - t0;
    // 3 s over the 27 moves expected: about 0.1 s.
    expect(e.lastBudgetMs).toBeCloseTo(100, -1);
    expect(ms).toBeLessThan(1000);
    expect(send(e, 'kgs-time_settings byoyomi 0 1 5')).toBe('= \n\n');
    send(e, 'time_left w 1 5');
    send(e, 'genmove w');
    expect(e.lastBudgetMs).toBeCloseTo(720, -1);
    expect(send(e, 'kgs-time_settings canadian 0 10 5')).toBe('= \n\n');
    send(e, 'time_left b 4 4');
    send(e, 'genmove b');
    expect(e.lastBudgetMs).toBeCloseTo(900, -1);
    // A clock of years still gives a move at most the hour --time allows (a playout cap ends this one).
    const capped = new GoGtpEngine({ playouts: 50 });
    send(capped, 'boardsize 9');
    expect(send(capped, 'time_settings 99999999999 0 0')).toBe('= \n\n');
    expect(send(capped, 'genmove b')).toMatch(/^= /);
    expect(capped.lastBudgetMs).toBe(MAX_MOVE_MS);
    expect(send(e, 'time_settings 0 1 0')).toBe('= \n\n');
    expect(e.clock).toBe('none');
    expect(send(e, 'kgs-time_settings none')).toBe('= \n\n');
    expect(send(e, 'kgs-time_settings fischer 1 2')).toBe('? syntax error\n\n');
    expect(send(e, 'kgs-time_settings byoyomi 1 2')).toBe('? syntax error\n\n');
  });

  it('gogui-analyze_commands and the analyze commands it lists', () => {
    const e = new GoGtpEngine({ playouts: 10, statusPlayouts: 100 });
    load(e, DEAD);
    const menu = send(e, 'gogui-analyze_commands');
    expect(menu).toContain('gfx/Ownership/sente-ownership\n');
    expect(menu).toContain('dboard/Ownership values/sente-ownership_values\n');
    expect(menu).toContain('gfx/Candidates/sente-candidates %c');
    const gfx = send(e, 'sente-ownership');
    expect(gfx).toMatch(/^= INFLUENCE A5 [-\d.]+ B5/);
    expect(gfx).toContain('\nMARK A4\n');
    expect(Number(/ A4 (-?[\d.]+)/.exec(gfx)![1])).toBeGreaterThan(0);
    const dboard = send(e, 'sente-ownership_values').slice(2).trim().split('\n');
    expect(dboard.length).toBe(5);
    expect(Number(dboard[1].split(' ')[0])).toBeGreaterThan(0);
    expect(send(e, 'sente-candidates white')).toMatch(/^= (LABEL .*\n)?(SQUARE .*\n)?TEXT \d+ candidate points, \d+ vetoed\n\n$/);
  });
});
