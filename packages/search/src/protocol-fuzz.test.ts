// Property tests of the three protocol servers (issue #19), driven in-process: fast-check draws
// runs of lines mixing legal play, real commands with bad or edge arguments, control characters
// and binary garbage, and every line is checked as it is answered. Properties: handle() never
// throws and never answers "internal error"; a line the rules ignore gets no reply and every
// other line exactly one, well framed, with its id; and a model that replays every accepted move
// through @sente/core's rules agrees with the server after each line (the server accepts exactly
// the legal moves), on showboard at the end, and in legal play after a clear_board.
// Each protocol sees RUNS x LINES >= 100 000 lines with a fixed seed; the engines are the real
// ones held to depth 1 (Othello) and 4 playouts (Go), so genmove is cheap.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { PASS, Position, formatBoard, formatGgf, go as core, parseBoard, parseGgf, parseSquare } from '@sente/core';
import { Engine } from './othello/engine.js';
import { bootstrapTable } from './othello/bootstrap.js';
import { GtpEngine, type ProtocolEngine } from './othello/gtp.js';
import { NboardEngine } from './othello/nboard.js';
import { GoGtpEngine } from './go/gtp.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 400);
const LINES = 250;
const SEED = 19;

function check(ok: boolean, what: string, line: string, reply: unknown): void {
  if (!ok) throw new Error(`${what}\n  line:  ${JSON.stringify(line)}\n  reply: ${JSON.stringify(reply)}`);
}

// ---- lines --------------------------------------------------------------------------------

/** A line for legal play, chosen when it is sent (from the model's position). */
interface Legal { readonly legal: number; readonly id: string | null }
type Item = string | Legal;

const ID = fc.option(fc.oneof(fc.nat(1000).map(String), fc.constantFrom('0', '007', '99999999999999999999', '-1', '1.5', '+3')), { freq: 3 });
const SEP = fc.constantFrom(' ', ' ', ' ', '  ', '\t', ' \t ', '\r', ' \x00', '\x0b', '\u00a0');
const NUMBER = fc.oneof(
  fc.integer({ min: -3, max: 30 }).map(String),
  fc.constantFrom('1e309', '-1e309', 'NaN', 'Infinity', '-Infinity', '0x10', '1.5', '-0', '99999999999999999999', '2147483648', '9007199254740993', '1e3', '+5', '.5', '5.', '0008', ''),
);
const ODD = fc.constantFrom('\r', '\t', '\x00', '\x1b', '\x7f', '\ufeff', '\u00a0', '#', ' ', '\u2028', '\x0c', '\n');
const GARBAGE = fc.oneof(
  fc.string({ unit: 'grapheme-ascii', maxLength: 40 }),
  fc.string({ unit: 'binary-ascii', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.array(ODD, { maxLength: 6 }).map((a) => a.join('')),
);
const COLOR = fc.constantFrom('black', 'white', 'b', 'w', 'B', 'W', 'BLACK', 'White', 'purple', 'bl', '');
const SQUARE = fc.tuple(fc.constantFrom(...'abcdefghijzABHIJTZ'), fc.integer({ min: 0, max: 26 })).map(([c, r]) => `${c}${r}`);
const VERTEX = fc.oneof(SQUARE, fc.constantFrom('pass', 'PASS', 'Pass', 'resign', 'PA', '--', 'a', '11', 'A1A1', 'a01', 'j1'));

/** A command line: optional id, a name, words, odd separators, maybe a comment or a stray character. */
function commandLine(names: readonly string[], word: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(ID, fc.constantFrom(...names), fc.array(word, { maxLength: 4 }), fc.array(SEP, { minLength: 6, maxLength: 6 }), fc.option(fc.constantFrom(' # c', '#', '\t# x y'), { freq: 8 }), fc.option(fc.tuple(ODD, fc.nat()), { freq: 8 }))
    .map(([id, name, args, seps, comment, odd]) => {
      const words = id === null ? [name, ...args] : [id, name, ...args];
      let line = words.map((w, i) => (i === 0 ? w : seps[i % seps.length] + w)).join('') + (comment ?? '');
      if (odd !== null) {
        const at = odd[1] % (line.length + 1);
        line = line.slice(0, at) + odd[0] + line.slice(at);
      }
      return line;
    });
}

function lines(names: readonly string[], word: fc.Arbitrary<string>): fc.Arbitrary<Item[]> {
  const item: fc.Arbitrary<Item> = fc.oneof(
    { weight: 6, arbitrary: fc.record({ legal: fc.nat(), id: fc.option(fc.nat(99).map(String), { freq: 4 }) }) },
    { weight: 4, arbitrary: commandLine(names, word) },
    { weight: 1, arbitrary: GARBAGE },
  );
  return fc.array(item, { minLength: LINES, maxLength: LINES });
}

/** The words of a line as GTP 2 reads it, written independently of gtp/framing.ts: controls but HT dropped, HT a space, no comment. */
function gtpTokens(line: string): string[] {
  let s = '';
  for (const ch of line) {
    const c = ch.charCodeAt(0);
    if (ch === '#') break;
    if (c === 9) s += ' ';
    else if (c >= 32 && c !== 127) s += ch;
  }
  return s.split(' ').filter((w) => w !== '');
}

/** True for a line GTP 2 ignores: nothing but spaces left. */
const gtpIgnored = (line: string): boolean => gtpTokens(line).length === 0;

/** Checks one GTP reply's framing and returns [ok, result text]. */
function gtpFrame(line: string, reply: string): [boolean, string] {
  const words = gtpTokens(line);
  const id = /^\d+$/.test(words[0]) ? words[0] : '';
  const m = /^([=?])(\d*)(?: ([\s\S]*))?\n\n$/.exec(reply);
  check(m !== null, 'badly framed reply', line, reply);
  check(m![2] === id, `id not echoed (expected "${id}")`, line, reply);
  check(!reply.slice(0, -2).includes('\n\n'), 'a blank line inside the reply', line, reply);
  check(!reply.includes('internal error'), 'internal error', line, reply);
  return [m![1] === '=', m![3] ?? ''];
}

// ---- Othello GTP ---------------------------------------------------------------------------

/** The real engine held to depth 1 whatever the protocol asks (and exact only near the end). */
function cheapOthello(): ProtocolEngine {
  const engine = new Engine(bootstrapTable(), 'bootstrap', { ttMb: 1, exactFrom: 4 });
  return {
    think: (p) => engine.think(p, { depth: 1, exactFrom: 4 }),
    analyze: (p) => engine.analyze(p, 1),
    newGame: () => engine.newGame(),
  };
}

const OTHELLO_NAMES = ['protocol_version', 'name', 'version', 'known_command', 'list_commands', 'quit', 'boardsize', 'clear_board', 'komi', 'play', 'play', 'play', 'genmove', 'reg_genmove', 'undo', 'showboard', 'final_score', 'time_settings', 'time_left', 'set_game', 'list_games', 'grhino-setup_board', 'PLAY', 'Genmove', 'bogus', '=', '?'];
const BOARD = fc.oneof(
  fc.array(fc.constantFrom('X', 'O', '-', '.', 'x', '*'), { minLength: 64, maxLength: 64 }).map((a) => a.join('')),
  fc.constantFrom('X', 'O', 'x', 'o', '-'.repeat(64), '-'.repeat(63)),
);
const OTHELLO_WORD = fc.oneof(COLOR, VERTEX, NUMBER, BOARD, fc.constantFrom('Othello', 'reversi', 'go', 'play', 'genmove'), fc.string({ unit: 'grapheme-ascii', maxLength: 8 }));

/** The Othello game as the documented dialect defines it, replayed with core's rules. */
class OthelloModel {
  pos = Position.initial();
  history: boolean[] = []; // per entry: an implicit pass

  static color(w: string): number | null {
    const t = w.toLowerCase();
    return t === 'black' || t === 'b' ? 0 : t === 'white' || t === 'w' ? 1 : null;
  }

  static square(w: string): number | null {
    if (/^pass$/i.test(w)) return PASS;
    const m = /^([a-h])([1-8])$/i.exec(w);
    return m ? (Number(m[2]) - 1) * 8 + m[1].toLowerCase().charCodeAt(0) - 97 : null;
  }

  /** Plays `sq` (or PASS) for `color` if the dialect allows it; false (unchanged) otherwise. */
  play(color: number, sq: number, commit = true): boolean {
    const p = this.pos;
    if (p.isGameOver()) return false;
    const implicit = color !== p.side;
    if (implicit && !p.mustPass()) return false;
    const after = p.clone();
    if (implicit) after.makePass();
    if (sq === PASS ? !after.mustPass() : !after.isLegal(sq)) return false;
    if (!commit) return true;
    if (implicit) {
      p.makePass();
      this.history.push(true);
    }
    if (sq === PASS) p.makePass();
    else p.makeMove(sq);
    this.history.push(false);
    return true;
  }

  undo(): boolean {
    if (this.history.length === 0) return false;
    this.history.pop();
    this.pos.unmake();
    while (this.history.length > 0 && this.history[this.history.length - 1]) {
      this.history.pop();
      this.pos.unmake();
    }
    return true;
  }

  /** The side that genmove would move for now, and its legal squares (after a forced pass). */
  mover(): { color: number; moves: number[] } {
    const p = this.pos;
    if (p.mustPass() && !p.isGameOver()) {
      const after = p.clone();
      after.makePass();
      return { color: after.side, moves: after.legalMoveList() };
    }
    return { color: p.side, moves: p.legalMoveList() };
  }
}

const COLOR_WORDS = [['black', 'b', 'B', 'Black'], ['white', 'w', 'W', 'WHITE']];

function othelloLegal(model: OthelloModel, n: number): string {
  const p = model.pos;
  if (p.isGameOver()) return ['clear_board', 'undo', 'final_score', 'showboard'][n % 4];
  const k = n % 12;
  const color = COLOR_WORDS[p.side][n % 4];
  if (k <= 7) {
    if (p.mustPass()) {
      if (k < 2) return `play ${color} pass`;
      const { color: other, moves } = model.mover();
      return `play ${COLOR_WORDS[other][n % 4]} ${sqName(moves[n % moves.length], n)}`;
    }
    const moves = p.legalMoveList();
    return `play ${color} ${sqName(moves[n % moves.length], n)}`;
  }
  if (k <= 9) return `genmove ${p.mustPass() ? COLOR_WORDS[model.mover().color][n % 4] : color}`;
  if (k === 10) return 'undo';
  return n % 7 === 0 ? 'clear_board' : 'reg_genmove ' + color;
}

function sqName(sq: number, n: number): string {
  const s = String.fromCharCode(97 + (sq & 7)) + ((sq >> 3) + 1);
  return n & 1 ? s.toUpperCase() : s;
}

function othelloStep(gtp: GtpEngine, model: OthelloModel, line: string): string {
  let reply: string;
  try {
    reply = gtp.handle(line);
  } catch (error) {
    check(false, `handle threw ${String(error)}`, line, '');
    throw error;
  }
  if (gtpIgnored(line) || line.length > 100_000) {
    check(line.length > 100_000 ? reply.startsWith('? syntax error: line too long') : reply === '', 'ignored line answered', line, reply);
    return reply;
  }
  const [ok, result] = gtpFrame(line, reply);
  const words = gtpTokens(line);
  if (/^\d+$/.test(words[0])) words.shift();
  const [name, ...args] = words;
  let expect: boolean | null = null; // null: not a move command, not checked here
  if (name === undefined) {
    check(result === 'syntax error: missing command', 'an id alone', line, reply);
  } else if (name === 'play' && args.length === 2) {
    const c = OthelloModel.color(args[0]);
    const sq = OthelloModel.square(args[1]);
    expect = c !== null && sq !== null && model.play(c, sq, ok);
  } else if ((name === 'genmove' || name === 'reg_genmove') && args.length === 1) {
    const c = OthelloModel.color(args[0]);
    if (c !== null && model.pos.isGameOver()) {
      expect = true;
      check(result === 'pass', 'genmove after the end is not pass', line, reply);
    } else if (c !== null) {
      // The side to move (which answers pass when it has no move), or its opponent when it must pass.
      const p = model.pos;
      expect = c === p.side || p.mustPass();
      const moves = c === p.side ? p.legalMoveList() : model.mover().moves;
      if (ok && expect) {
        const sq = OthelloModel.square(result);
        check(sq !== null && (moves.length === 0 ? sq === PASS : moves.includes(sq)), 'genmove answered an illegal move', line, reply);
        if (name === 'genmove') check(model.play(c, sq!), 'genmove move refused by the model', line, reply);
      }
    } else expect = false;
  } else if (name === 'undo') {
    expect = args.length === 0 && model.undo();
  } else if (name === 'clear_board') {
    expect = args.length === 0;
    if (expect) model.history = [];
    if (expect) model.pos = Position.initial();
  } else if (name === 'grhino-setup_board' && args.length === 2) {
    const r = parseBoard(`${args[0]} ${args[1]}`);
    expect = r.ok;
    if (r.ok) {
      model.pos = r.value;
      model.history = [];
    }
  } else if (name === 'play' || name === 'genmove' || name === 'reg_genmove' || name === 'undo' || name === 'grhino-setup_board') {
    expect = false;
  } else if (!OTHELLO_NAMES.slice(0, 21).includes(name)) {
    expect = false;
    check(result === 'unknown command', 'an unknown command not called unknown', line, reply);
  }
  if (expect !== null) check(ok === expect, `server ${ok ? 'accepted' : 'refused'} what the rules ${expect ? 'allow' : 'forbid'}`, line, reply);
  const here = gtp.current();
  check(formatBoard(here) === formatBoard(model.pos), `position differs from the rules' replay: ${formatBoard(model.pos)}`, line, formatBoard(here));
  return reply;
}

/** showboard agrees with the model; then clear_board and a few plies of legal play succeed. */
function othelloAfter(gtp: GtpEngine, model: OthelloModel): void {
  const board = othelloStep(gtp, model, 'showboard');
  const cells = board.split('\n').slice(2, 10).map((r) => r.slice(4).split(' ').join('')).join('');
  check(cells === formatBoard(model.pos).slice(0, 64).replace(/-/g, '.'), 'showboard differs from the model', 'showboard', board);
  check(othelloStep(gtp, model, 'clear_board') === '=\n\n', 'clear_board failed', 'clear_board', '');
  for (let i = 0; i < 6; i++) {
    const color = COLOR_WORDS[model.pos.side][0];
    const line = i % 2 === 0 ? `genmove ${color}` : `play ${color} ${sqName(model.pos.legalMoveList()[0], 0)}`;
    check(othelloStep(gtp, model, line).startsWith('='), 'legal play refused after fuzzing', line, '');
  }
}

// ---- Go GTP --------------------------------------------------------------------------------

const GO_NAMES = ['protocol_version', 'name', 'version', 'list_commands', 'known_command', 'boardsize', 'clear_board', 'komi', 'play', 'play', 'play', 'genmove', 'undo', 'showboard', 'final_score', 'time_settings', 'time_left', 'quit', 'PLAY', 'Genmove', 'bogus', 'kgs-chat'];
const GO_WORD = fc.oneof(COLOR, VERTEX, NUMBER, fc.constantFrom('genmove', 'quit'), fc.string({ unit: 'grapheme-ascii', maxLength: 8 }));
const GO_COLUMNS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

function goColor(w: string): number | null {
  const t = w.toLowerCase();
  return t === 'b' || t === 'black' ? core.BLACK : t === 'w' || t === 'white' ? core.WHITE : null;
}

/** A GTP vertex on a board of `size`, PASS, or null (bad or off the board). */
function goVertex(size: number, w: string): number | null {
  if (/^pass$/i.test(w)) return PASS;
  const m = /^([a-hj-z])(\d{1,2})$/i.exec(w);
  if (!m) return null;
  const x = GO_COLUMNS.indexOf(m[1].toUpperCase());
  const row = Number(m[2]);
  return x < size && row >= 1 && row <= size ? core.pointOf(size, x, size - row) : null;
}

function goName(size: number, p: number, n: number): string {
  if (p === PASS) return n & 1 ? 'PASS' : 'pass';
  const s = core.gtpVertex(size, p);
  return n & 1 ? s.toLowerCase() : s;
}

/** A legal point for `c` on `board` chosen by `n`, or PASS when there is none. */
function goLegalPoint(board: core.GoBoard, c: number, n: number): number {
  const count = board.emptyCount;
  for (let i = 0; i < count; i++) {
    const p = board.emptyList[(n + i) % count];
    if (board.isLegal(p, c)) return p;
  }
  return PASS;
}

function goLegal(model: { board: core.GoBoard }, n: number): string {
  const b = model.board;
  const k = n % 20;
  const c = b.toMove;
  const color = COLOR_WORDS[c - 1][n % 4];
  if (k < 12) return `play ${color} ${goName(b.size, n % 40 === 0 ? PASS : goLegalPoint(b, c, n), n)}`;
  if (k < 15) return `genmove ${color}`;
  if (k < 17) return 'undo';
  if (k === 17) return `boardsize ${2 + (n % 8)}`;
  if (k === 18) return n % 3 === 0 ? 'clear_board' : `komi ${(n % 15) - 7}.5`;
  return 'showboard';
}

function sameGoBoard(a: core.GoBoard, b: core.GoBoard): boolean {
  if (a.size !== b.size || a.ply !== b.ply || a.toMove !== b.toMove) return false;
  for (let i = 0; i < a.color.length; i++) if (a.color[i] !== b.color[i]) return false;
  return a.captures[1] === b.captures[1] && a.captures[2] === b.captures[2];
}

function goStep(gtp: GoGtpEngine, model: { board: core.GoBoard }, line: string): string {
  let r: { text: string } | null;
  try {
    r = gtp.handle(line);
  } catch (error) {
    check(false, `handle threw ${String(error)}`, line, '');
    throw error;
  }
  if (gtpIgnored(line)) {
    check(r === null, 'ignored line answered', line, r);
    return '';
  }
  check(r !== null, 'no reply', line, r);
  const reply = r!.text;
  const [ok, result] = gtpFrame(line, reply);
  const words = gtpTokens(line);
  if (/^\d+$/.test(words[0])) words.shift();
  // Command names are case-sensitive (GNU Go, gtp-rhino and the shared server alike).
  const name = words[0] ?? '';
  const args = words.slice(1);
  const b = model.board;
  let expect: boolean | null = null;
  if (name === '') {
    check(!ok && result === 'syntax error: missing command', 'an id alone', line, reply);
  } else if (name === 'play') {
    const c = args.length >= 2 ? goColor(args[0]) : null;
    const p = c === null ? null : goVertex(b.size, args[1]);
    expect = p !== null && (p === PASS || b.isLegal(p, c!));
    if (expect && ok) b.play(p!, c!);
  } else if (name === 'genmove') {
    const c = args.length >= 1 ? goColor(args[0]) : null;
    expect = c !== null;
    if (ok && c !== null && result !== 'resign') {
      const p = goVertex(b.size, result);
      check(p !== null && (p === PASS || b.isLegal(p, c)), 'genmove answered an illegal move', line, reply);
      b.play(p!, c);
    }
  } else if (name === 'undo') {
    expect = b.ply > 0;
    if (expect) b.undo();
  } else if (name === 'clear_board') {
    expect = true;
    b.clear();
  } else if (name === 'boardsize') {
    // GTP numbers are decimal digits (no exponent, hex or Infinity).
    const n = /^[+-]?\d+$/.test(args[0] ?? '') ? Number(args[0]) : Number.NaN;
    expect = args.length >= 1 && Number.isInteger(n) && n >= 2 && n <= 25;
    if (expect) model.board = new core.GoBoard(n);
  } else if (!GO_NAMES.slice(0, 18).includes(name)) {
    expect = false;
    check(result === 'unknown command', 'an unknown command not called unknown', line, reply);
  }
  if (expect !== null) check(ok === expect, `server ${ok ? 'accepted' : 'refused'} what the rules ${expect ? 'allow' : 'forbid'}`, line, reply);
  check(sameGoBoard(gtp.board, model.board), "position differs from the rules' replay", line, reply);
  return reply;
}

function goAfter(gtp: GoGtpEngine, model: { board: core.GoBoard }): void {
  const b = model.board;
  const shown = goStep(gtp, model, 'showboard').split('\n').slice(2, 2 + b.size);
  for (let y = 0; y < b.size; y++) {
    const cells = shown[y].trim().split(/ +/).slice(1, 1 + b.size);
    for (let x = 0; x < b.size; x++) {
      const c = b.color[b.pointAt(x, y)];
      check(cells[x] === (c === core.BLACK ? 'X' : c === core.WHITE ? 'O' : '.'), `showboard differs at ${x},${y}`, 'showboard', shown.join('\n'));
    }
  }
  check(goStep(gtp, model, 'clear_board') === '= \n\n', 'clear_board failed', 'clear_board', '');
  for (let i = 0; i < 6; i++) {
    const c = model.board.toMove;
    const line = i % 2 === 0 ? `genmove ${COLOR_WORDS[c - 1][0]}` : `play ${COLOR_WORDS[c - 1][0]} ${goName(model.board.size, goLegalPoint(model.board, c, i), 0)}`;
    check(goStep(gtp, model, line).startsWith('= '), 'legal play refused after fuzzing', line, '');
  }
}

// ---- NBoard --------------------------------------------------------------------------------

const NBOARD_NAMES = ['nboard', 'set', 'set', 'move', 'move', 'go', 'hint', 'ping', 'learn', 'analyze', 'bogus', 'quit', 'MOVE', '==='];
/** A few real games as GGF, for `set game` and for corrupting. */
const GAMES = [0, 1, 2, 3, 4].map((seed) => {
  const p = Position.initial();
  const moves: number[] = [];
  for (let i = 0; i < seed * 13 && !p.isGameOver(); i++) {
    if (p.mustPass()) {
      p.makePass();
      moves.push(PASS);
      continue;
    }
    const list = p.legalMoveList();
    const m = list[(i * 7 + seed) % list.length];
    p.makeMove(m);
    moves.push(m);
  }
  return formatGgf({ moves });
});
const GGF = fc.oneof(fc.constantFrom(...GAMES), fc.tuple(fc.constantFrom(...GAMES), fc.nat(), GARBAGE).map(([g, at, junk]) => g.slice(0, at % g.length) + junk + g.slice(at % g.length)));
const NBOARD_REST = fc.oneof(
  fc.tuple(fc.constantFrom('depth', 'contempt', 'game', 'bogus', 'Depth'), fc.oneof(NUMBER, GGF)).map(([k, v]) => `${k} ${v}`),
  fc.tuple(VERTEX, fc.constantFrom('', '/0.50', '/1/2', '/x/y/z', '/')).map(([v, s]) => v + s),
  NUMBER,
  COLOR,
);
const NBOARD_LINE = fc
  .tuple(fc.constantFrom(...NBOARD_NAMES), fc.option(NBOARD_REST, { freq: 6 }), SEP, fc.option(fc.tuple(ODD, fc.nat()), { freq: 8 }))
  .map(([name, rest, sep, odd]) => {
    let line = rest === null ? name : name + sep + rest;
    if (odd !== null) line = line.slice(0, odd[1] % (line.length + 1)) + odd[0] + line.slice(odd[1] % (line.length + 1));
    return line;
  });

function nboardClean(line: string): string {
  let s = '';
  for (const ch of line) {
    const c = ch.charCodeAt(0);
    if (c === 9) s += ' ';
    else if (c >= 32 && c !== 127) s += ch;
  }
  return s.replace(/^ +| +$/g, '');
}

function nboardLegal(pos: Position, n: number): string {
  if (pos.isGameOver()) return `set game ${GAMES[n % GAMES.length]}`;
  const k = n % 16;
  if (k < 10) {
    if (pos.mustPass() && k < 3) return 'move PA';
    if (pos.mustPass() && k < 5) return `move ${sqName(n % 64, n)}`; // often illegal even after the pass
    const after = pos.clone();
    if (after.mustPass()) after.makePass();
    const moves = after.legalMoveList();
    return `move ${sqName(moves[n % moves.length], n)}${n % 3 === 0 ? '/0.25/1.5' : ''}`;
  }
  if (k < 12) return 'go';
  if (k === 12) return `hint ${1 + (n % 3)}`;
  if (k === 13) return `ping ${n % 100}`;
  if (k === 14) return `set depth ${1 + (n % 2)}`;
  return n % 5 === 0 ? `set game ${GAMES[n % GAMES.length]}` : 'nboard 2';
}

/** The model's move for `move <rest>`: the new position, or null when the server must refuse. */
function nboardMove(pos: Position, rest: string): Position | null {
  const sq = parseSquare(rest.split('/')[0].trim());
  if (!sq.ok || pos.isGameOver()) return null;
  const p = pos.clone();
  if (sq.value === PASS) {
    if (!p.mustPass()) return null;
    p.makePass();
    return p;
  }
  if (!p.isLegal(sq.value) && p.mustPass()) p.makePass();
  return p.makeMove(sq.value) ? p : null;
}

const isError = (out: string[]) => out.length === 1 && out[0].startsWith('status error: ');

function nboardStep(nb: NboardEngine, out: string[], model: { pos: Position }, line: string): void {
  out.length = 0;
  try {
    nb.handle(line);
  } catch (error) {
    check(false, `handle threw ${String(error)}`, line, '');
  }
  const text = nboardClean(line);
  if (line.length > 100_000) return check(isError(out), 'a long line not refused', line, out);
  if (text === '') return check(out.length === 0, 'ignored line answered', line, out);
  const space = text.indexOf(' ');
  const command = space < 0 ? text : text.slice(0, space);
  const rest = space < 0 ? '' : text.slice(space + 1).trim();
  const pos = model.pos;
  const legalSet = (p: Position) => new Set(p.legalMoveList().map((m) => sqName(m, 1)));
  switch (command) {
    case 'move': {
      const next = nboardMove(pos, rest);
      check(next === null ? isError(out) : out.length === 0, `move ${next === null ? 'accepted' : 'refused'} against the rules`, line, out);
      if (next) model.pos = next;
      break;
    }
    case 'set': {
      const what = rest.split(' ')[0];
      const value = rest.slice(what.length).trim();
      if (what === 'game') {
        const g = parseGgf(value);
        check(g.ok ? out.length === 0 : isError(out), 'set game', line, out);
        if (g.ok) model.pos = g.value.position.clone();
      } else if (what === 'depth' || what === 'contempt') {
        check(out.length === 0 || isError(out), 'set answered', line, out);
      } else check(isError(out), 'bad set not refused', line, out);
      break;
    }
    case 'go':
      if (pos.isGameOver()) check(isError(out), 'go after the end', line, out);
      else if (pos.mustPass()) check(out.length === 1 && out[0] === '=== PA', 'go must pass', line, out);
      else {
        const m = /^=== ([A-H][1-8])\/-?\d+\.\d\d\/\d+\.\d{3}$/.exec(out[3] ?? '');
        check(out.length === 4 && out[0] === 'status thinking' && /^nodestats \d+ \d+\.\d{3}$/.test(out[1]) && out[2] === 'status' && m !== null && legalSet(pos).has(m[1]), 'go reply', line, out);
      }
      break;
    case 'hint': {
      // NBoard numbers are decimal digits.
      const n = /^\d+$/.test(rest) ? Number(rest) : Number.NaN;
      if (!Number.isInteger(n) || n < 1) check(isError(out), 'bad hint not refused', line, out);
      else if (pos.isGameOver() || pos.mustPass()) check(out.length === 1 && out[0] === 'status', 'hint without moves', line, out);
      else {
        const legal = legalSet(pos);
        const moves = out.slice(1, -1).map((l) => /^search ([A-H][1-8]) -?\d+\.\d\d 0 (\d+|100%)$/.exec(l)?.[1]);
        check(out[0] === 'status thinking' && out[out.length - 1] === 'status' && moves.length === Math.min(n, legal.size) && moves.every((m) => m !== undefined && legal.has(m)) && new Set(moves).size === moves.length, 'hint reply', line, out);
      }
      break;
    }
    case 'ping':
      check(out.length === 1 && out[0] === `pong ${rest.split(/\s+/)[0]}`.trim(), 'ping reply', line, out);
      break;
    case 'nboard': {
      const v = /^\d+$/.test(rest) ? Number(rest) : Number.NaN;
      check(Number.isInteger(v) && v >= 1 ? out.length === 1 && out[0] === 'set myname sente' : isError(out), 'nboard reply', line, out);
      break;
    }
    case 'learn':
      check(out.length === 1 && out[0] === 'learned', 'learn reply', line, out);
      break;
    case 'analyze':
      check(out[0] === 'status analyzing' && out[out.length - 1] === 'status' && out.slice(1, -1).every((l) => /^analysis \d+ -?\d+\.\d\d$/.test(l)), 'analyze reply', line, out);
      break;
    case 'quit':
      check(out.length === 0 && nb.quitRequested, 'quit', line, out);
      break;
    default:
      check(isError(out) && out[0].startsWith('status error: unknown command'), 'unknown command', line, out);
  }
  check(formatBoard(nb.current()) === formatBoard(model.pos), `position differs from the rules' replay: ${formatBoard(model.pos)}`, line, formatBoard(nb.current()));
}

// ---- the properties -------------------------------------------------------------------------

function resolveGtp(item: Item, legal: (n: number) => string): string {
  if (typeof item === 'string') return item;
  const line = legal(item.legal);
  return item.id === null ? line : `${item.id} ${line}`;
}

describe(`protocol servers under ${RUNS} x ${LINES} random and malformed lines`, () => {
  it('Othello GTP: one framed reply per command, the rules kept', () => {
    const engine = cheapOthello();
    fc.assert(
      fc.property(lines(OTHELLO_NAMES, OTHELLO_WORD), (items) => {
        const gtp = new GtpEngine(engine, { depth: 1 });
        const model = new OthelloModel();
        for (const item of items) othelloStep(gtp, model, resolveGtp(item, (n) => othelloLegal(model, n)));
        othelloAfter(gtp, model);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('Go GTP: one framed reply per command, the rules kept', () => {
    fc.assert(
      fc.property(lines(GO_NAMES, GO_WORD), (items) => {
        const gtp = new GoGtpEngine({ playouts: 4 });
        const model = { board: new core.GoBoard(19) };
        gtpPrelude(gtp, model);
        for (const item of items) goStep(gtp, model, resolveGtp(item, (n) => goLegal(model, n)));
        goAfter(gtp, model);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('NBoard: one answer per command line, the rules kept', () => {
    const engine = cheapOthello();
    const item = fc.oneof({ weight: 6, arbitrary: fc.nat().map((n) => ({ legal: n, id: null })) }, { weight: 4, arbitrary: NBOARD_LINE }, { weight: 1, arbitrary: GARBAGE });
    fc.assert(
      fc.property(fc.array(item, { minLength: LINES, maxLength: LINES }), (items) => {
        const out: string[] = [];
        const nb = new NboardEngine(engine, (l) => out.push(l), { depth: 1 });
        const model = { pos: Position.initial() };
        for (const it of items) nboardStep(nb, out, model, typeof it === 'string' ? it : nboardLegal(model.pos, it.legal));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});

/** Go runs start on 9x9 (boardsize lines change it), where a few playouts are cheap. */
function gtpPrelude(gtp: GoGtpEngine, model: { board: core.GoBoard }): void {
  goStep(gtp, model, 'boardsize 9');
}
