// SGF FF[4] for Go (GM[1]): a small reader and writer written here rather than taken from
// @sabaki/sgf so that core stays dependency-free and every parse error comes back as a value
// with its offset. Reads the main line (first variation at every branch); keeps SZ, KM, PB, PW,
// RE, DT, GN, the root comment C, setup AB/AW/AE, PL, moves B[]/W[] (B[] is a pass). Other
// properties are skipped. Setup before the first move is the game's setup (setupBlack,
// setupWhite); setup between moves (a problem or a teaching file) is kept in laterSetup, in
// place, and applied there by sgfToBoard. A file may hold a collection of game trees (a match archive):
// parseSgfCollection reads every one.
import { err, ok, type Result } from '../othello/result.js';
import { BLACK, EMPTY, GoBoard, MAX_SIZE, PASS, WHITE } from './board.js';
import { parseSgfPoint, sgfPoint } from './notation.js';

export interface SgfMove {
  readonly color: number;
  /** Board point (GoBoard indexing for the game's size) or PASS. */
  readonly point: number;
}

/**
 * Setup in a node after the first move: each point is overwritten with its colour (EMPTY for
 * AE), whatever was there, as FF[4] says; captures and ko do not apply.
 */
export interface SgfSetup {
  /** How many of the game's moves come before this node. */
  readonly beforeMove: number;
  /** The points in the order written, each with its new colour (BLACK, WHITE or EMPTY). */
  readonly stones: readonly SgfMove[];
  /** PL in the same node: who moves after the setup. */
  readonly playerToMove?: number;
}

export interface SgfGame {
  readonly size: number;
  readonly komi: number;
  readonly playerBlack: string;
  readonly playerWhite: string;
  /** RE value as written ("B+3.5", "W+R", "0"), or "". */
  readonly result: string;
  readonly setupBlack: readonly number[];
  readonly setupWhite: readonly number[];
  readonly moves: readonly SgfMove[];
  /** PL: the colour to move after the setup, if given. */
  readonly playerToMove?: number;
  /** DT: the date, as written (e.g. 2026-12-01). */
  readonly date?: string;
  /** GN: the game's name (a match archive writes its game number). */
  readonly gameName?: string;
  /** C of the root node: a comment (a match archive writes why the game ended). */
  readonly comment?: string;
  /** TM: the main time of each side, in seconds (a game on a clock). */
  readonly mainTime?: number;
  /** OT: the overtime, as text (e.g. "1s Fischer"). */
  readonly overtime?: string;
  /** Setup nodes between moves, in order (absent when the file has none). */
  readonly laterSetup?: readonly SgfSetup[];
}

interface RawProp {
  ident: string;
  values: string[];
  offset: number;
}

/** Parses the main line of the first game tree in an SGF text. */
export function parseSgf(text: string): Result<SgfGame> {
  let i = 0;
  const n = text.length;
  const skipSpace = (): void => {
    while (i < n && /\s/.test(text[i])) i++;
  };
  skipSpace();
  if (text[i] !== '(') return err('no-game-tree', 'an SGF file starts with "("', i);
  i++;
  const nodes: RawProp[][] = [];
  let depth = 1;
  // Walk the main line: after the first variation of a branch closes, skip its siblings.
  while (i < n && depth > 0) {
    skipSpace();
    const ch = text[i];
    if (ch === ';') {
      i++;
      const props: RawProp[] = [];
      for (;;) {
        skipSpace();
        const start = i;
        while (i < n && /[A-Za-z]/.test(text[i])) i++;
        if (i === start) break;
        const ident = text.slice(start, i).replace(/[a-z]/g, '');
        const values: string[] = [];
        skipSpace();
        if (text[i] !== '[') return err('no-value', `property ${ident} has no [value]`, i);
        while (text[i] === '[') {
          i++;
          let v = '';
          while (i < n && text[i] !== ']') {
            if (text[i] === '\\') i++;
            if (i < n) v += text[i++];
          }
          if (i >= n) return err('unterminated-value', `value of ${ident} is not closed with "]"`, start);
          i++;
          values.push(v);
          skipSpace();
        }
        props.push({ ident, values, offset: start });
      }
      nodes.push(props);
    } else if (ch === '(') {
      // First variation: descend into it; siblings are skipped when it closes.
      i++;
      depth++;
    } else if (ch === ')') {
      i++;
      depth--;
      if (depth > 0) {
        // Skip the remaining sibling variations of this branch, then stop the main line here.
        const r = skipVariations(text, i);
        if (!r.ok) return r;
        i = r.value;
        break;
      }
    } else if (i >= n) {
      break;
    } else {
      return err('unexpected-char', `unexpected "${ch}" in SGF`, i);
    }
  }
  if (nodes.length === 0) return err('no-nodes', 'the game tree has no nodes', 0);
  let size = 19;
  let komi = 0;
  let playerBlack = '';
  let playerWhite = '';
  let result = '';
  const setupBlack: number[] = [];
  const setupWhite: number[] = [];
  const moves: SgfMove[] = [];
  let playerToMove: number | undefined;
  const extra: { date?: string; gameName?: string; comment?: string } = {};
  for (const prop of nodes[0]) {
    if (prop.ident === 'DT') extra.date = prop.values[0];
    else if (prop.ident === 'GN') extra.gameName = prop.values[0];
    else if (prop.ident === 'C') extra.comment = prop.values[0];
    if (prop.ident === 'SZ') {
      const m = /^(\d+)(?::(\d+))?$/.exec(prop.values[0].trim());
      if (!m || (m[2] !== undefined && m[2] !== m[1])) return err('bad-size', `SZ[${prop.values[0]}]: only square boards are supported`, prop.offset);
      size = Number(m[1]);
      if (size < 1 || size > MAX_SIZE) return err('bad-size', `SZ[${size}] is outside 1..${MAX_SIZE}`, prop.offset);
    } else if (prop.ident === 'GM' && prop.values[0].trim() !== '1') {
      return err('not-go', `GM[${prop.values[0]}] is not Go (GM[1])`, prop.offset);
    }
  }
  const laterSetup: { beforeMove: number; stones: SgfMove[]; playerToMove?: number }[] = [];
  for (let k = 0; k < nodes.length; k++) {
    const props = nodes[k];
    // A node's setup and PL come before its move (FF[4] keeps them in separate nodes; a file
    // that mixes them gets the setup first).
    const before = moves.length;
    let step: { beforeMove: number; stones: SgfMove[]; playerToMove?: number } | null = null;
    for (const prop of props) {
      if (prop.ident !== 'AB' && prop.ident !== 'AW' && prop.ident !== 'AE') continue;
      const color = prop.ident === 'AB' ? BLACK : prop.ident === 'AW' ? WHITE : EMPTY;
      for (const v of prop.values) {
        const pts = expandPointList(size, v);
        if (!pts.ok) return err(pts.error.code, pts.error.message, prop.offset);
        if (before === 0) {
          // Before the first move: the game's setup. AE takes a point back out of it.
          if (color === EMPTY) {
            for (const list of [setupBlack, setupWhite]) for (const p of pts.value) if (list.includes(p)) list.splice(list.indexOf(p), 1);
          } else (color === BLACK ? setupBlack : setupWhite).push(...pts.value);
        } else {
          if (step === null) {
            step = { beforeMove: before, stones: [] };
            laterSetup.push(step);
          }
          for (const p of pts.value) step.stones.push({ color, point: p });
        }
      }
    }
    for (const prop of props) {
      if (prop.ident !== 'PL') continue;
      const t = prop.values[0].trim().toUpperCase();
      if (t !== 'B' && t !== 'W') return err('bad-player', `PL[${prop.values[0]}] should be B or W`, prop.offset);
      if (before === 0) playerToMove = t === 'B' ? BLACK : WHITE;
      else if (step !== null) step.playerToMove = t === 'B' ? BLACK : WHITE;
    }
    for (const prop of props) {
      const v0 = prop.values[0];
      switch (prop.ident) {
        case 'KM': {
          const k = Number(v0.trim());
          if (!Number.isFinite(k)) return err('bad-komi', `KM[${v0}] is not a number`, prop.offset);
          komi = k;
          break;
        }
        case 'PB':
          playerBlack = v0;
          break;
        case 'PW':
          playerWhite = v0;
          break;
        case 'RE':
          result = v0.trim();
          break;
        case 'B':
        case 'W': {
          const p = parseSgfPoint(size, v0.trim());
          if (!p.ok) return err(p.error.code, p.error.message, prop.offset);
          moves.push({ color: prop.ident === 'B' ? BLACK : WHITE, point: p.value });
          break;
        }
        default:
          break;
      }
    }
  }
  const game: SgfGame = { size, komi, playerBlack, playerWhite, result, setupBlack, setupWhite, moves, ...extra, ...(laterSetup.length > 0 ? { laterSetup } : {}) };
  return ok(playerToMove === undefined ? game : { ...game, playerToMove });
}

/** Where the game tree opening at `start` (a "(") ends: the index after its closing ")". */
function treeEnd(text: string, start: number): Result<number> {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (ch === '[') {
      i++;
      while (i < text.length && text[i] !== ']') i += text[i] === '\\' ? 2 : 1;
      if (i >= text.length) return err('unterminated-value', 'a property value is not closed with "]"', start);
    } else if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) return ok(i + 1);
  }
  return err('unterminated-tree', `the game tree at offset ${start} is not closed with ")"`, start);
}

/** Every game tree of an SGF collection (one or more trees, as a match archive holds), in order; errors carry the offset in `text`. */
export function parseSgfCollection(text: string): Result<SgfGame[]> {
  const games: SgfGame[] = [];
  let i = 0;
  for (;;) {
    while (i < text.length && /\s/.test(text[i])) i++;
    if (i >= text.length) break;
    if (text[i] !== '(') return err('no-game-tree', `expected "(" starting a game tree at offset ${i}`, i);
    const end = treeEnd(text, i);
    if (!end.ok) return end;
    const game = parseSgf(text.slice(i, end.value));
    if (!game.ok) return err(game.error.code, `game ${games.length + 1}: ${game.error.message}`, i + game.error.offset);
    games.push(game.value);
    i = end.value;
  }
  if (games.length === 0) return err('no-game-tree', 'no SGF game tree', 0);
  return ok(games);
}

function skipVariations(text: string, start: number): Result<number> {
  let i = start;
  let depth = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '[') {
      i++;
      while (i < text.length && text[i] !== ']') i += text[i] === '\\' ? 2 : 1;
    } else if (ch === '(') depth++;
    else if (ch === ')') {
      if (depth === 0) return ok(i);
      depth--;
    }
    i++;
  }
  return ok(i);
}

/** A point or a compressed rectangle "aa:cc". */
function expandPointList(size: number, v: string): Result<number[]> {
  const parts = v.trim().split(':');
  // A setup stone is on a point: "" and "tt" (a pass as a move) are none.
  const point = (t: string): Result<number> => {
    const p = parseSgfPoint(size, t);
    if (p.ok && p.value === PASS) return err('bad-setup', `setup [${v}] is not a point of the board`, 0);
    return p;
  };
  if (parts.length === 1) {
    const p = point(parts[0]);
    return p.ok ? ok([p.value]) : p;
  }
  const a = point(parts[0]);
  const b = point(parts[1]);
  if (!a.ok) return a;
  if (!b.ok) return b;
  const W = size + 2;
  const out: number[] = [];
  const x0 = Math.min(a.value % W, b.value % W);
  const x1 = Math.max(a.value % W, b.value % W);
  const y0 = Math.min((a.value / W) | 0, (b.value / W) | 0);
  const y1 = Math.max((a.value / W) | 0, (b.value / W) | 0);
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) out.push(y * W + x);
  return ok(out);
}

/**
 * The board after setup and all moves; an illegal move is an error naming the move number. Setup
 * between moves (laterSetup) is applied where it stands, for the nodes up to the last move kept
 * (a game cut after move N keeps the setup nodes that follow move N): the board is set up anew
 * from the stones then on it, so its move history (and undo) starts there, and the prisoners
 * carry over.
 */
export function sgfToBoard(game: SgfGame, superko = false): Result<GoBoard> {
  let board = new GoBoard(game.size);
  for (const p of game.setupBlack) if (!board.setStone(p, BLACK)) return err('bad-setup', `setup point ${sgfPoint(game.size, p)} is taken twice`, 0);
  for (const p of game.setupWhite) if (!board.setStone(p, WHITE)) return err('bad-setup', `setup point ${sgfPoint(game.size, p)} is taken twice`, 0);
  if (board.hasDeadChain()) return err('bad-setup', 'the setup has a chain without liberties', 0);
  // Who moves first: the first move's colour, else PL, else white after black setup stones
  // alone (handicap stones: white plays first, as GNU Go reads such a file), else black.
  if (game.moves.length > 0) board.toMove = game.moves[0].color;
  else if (game.playerToMove !== undefined) board.toMove = game.playerToMove;
  else if (game.setupBlack.length > 0 && game.setupWhite.length === 0) board.toMove = WHITE;
  board.superko = superko;
  const later = game.laterSetup ?? [];
  let s = 0;
  for (let k = 0; k <= game.moves.length; k++) {
    for (; s < later.length && later[s].beforeMove === k; s++) {
      const next = setUpAnew(board, later[s], game.moves[k]?.color);
      if (!next.ok) return next;
      board = next.value;
    }
    if (k === game.moves.length) break;
    const m = game.moves[k];
    if (!board.play(m.point, m.color)) return err('illegal-move', `move ${k + 1} (${m.color === BLACK ? 'B' : 'W'}[${sgfPoint(game.size, m.point)}]) is illegal`, 0);
  }
  return ok(board);
}

/** A fresh board holding `board`'s stones overwritten by the setup node `step`. */
function setUpAnew(board: GoBoard, step: SgfSetup, nextMoveColor: number | undefined): Result<GoBoard> {
  const color = new Uint8Array(board.color.length);
  for (let p = 0; p < color.length; p++) if (board.onBoard(p)) color[p] = board.color[p];
  for (const st of step.stones) color[st.point] = st.color;
  const fresh = new GoBoard(board.size);
  for (let p = 0; p < color.length; p++) if (color[p] === BLACK || color[p] === WHITE) fresh.setStone(p, color[p]);
  if (fresh.hasDeadChain()) return err('bad-setup', `the setup after move ${step.beforeMove} leaves a chain without liberties`, 0);
  fresh.captures.set(board.captures);
  fresh.superko = board.superko;
  fresh.toMove = step.playerToMove ?? nextMoveColor ?? board.toMove;
  return ok(fresh);
}

/**
 * The same game with its setup between moves folded in, as a front end that keeps "setup, then
 * moves" needs it (loadsgf, the archive's replays): the stones on the board after the last setup
 * node become the setup, and the moves after it the moves. Prisoners taken before are not kept.
 * A game without such setup comes back as it is.
 */
export function flattenSgf(game: SgfGame): Result<SgfGame> {
  if (game.laterSetup === undefined) return ok(game);
  const { laterSetup, ...rest } = game;
  const later = laterSetup.filter((st) => st.beforeMove <= game.moves.length);
  if (later.length === 0) return ok(rest);
  const last = later[later.length - 1].beforeMove;
  const board = sgfToBoard({ ...game, moves: game.moves.slice(0, last), laterSetup: later });
  if (!board.ok) return board;
  const b = board.value;
  const setupBlack: number[] = [];
  const setupWhite: number[] = [];
  for (let p = 0; p < b.color.length; p++) {
    if (!b.onBoard(p)) continue;
    if (b.color[p] === BLACK) setupBlack.push(p);
    else if (b.color[p] === WHITE) setupWhite.push(p);
  }
  const moves = game.moves.slice(last);
  // toMove after the setup: PL, else the next move's colour, else who was to move.
  const toMove = moves.length > 0 ? moves[0].color : b.toMove;
  return ok({ ...rest, setupBlack, setupWhite, moves, playerToMove: toMove });
}

function escapeValue(v: string): string {
  return v.replace(/\\/g, '\\\\').replace(/]/g, '\\]');
}

/** Writes an SGF FF[4] GM[1] record, one move per node. */
export function writeSgf(game: SgfGame): string {
  let out = `(;FF[4]GM[1]CA[UTF-8]AP[sente]SZ[${game.size}]KM[${game.komi}]`;
  if (game.playerBlack) out += `PB[${escapeValue(game.playerBlack)}]`;
  if (game.playerWhite) out += `PW[${escapeValue(game.playerWhite)}]`;
  if (game.result) out += `RE[${escapeValue(game.result)}]`;
  if (game.date) out += `DT[${escapeValue(game.date)}]`;
  if (game.gameName) out += `GN[${escapeValue(game.gameName)}]`;
  if (game.comment) out += `C[${escapeValue(game.comment)}]`;
  if (game.mainTime !== undefined) out += `TM[${game.mainTime}]`;
  if (game.overtime) out += `OT[${escapeValue(game.overtime)}]`;
  if (game.setupBlack.length > 0) out += 'AB' + game.setupBlack.map((p) => `[${sgfPoint(game.size, p)}]`).join('');
  if (game.setupWhite.length > 0) out += 'AW' + game.setupWhite.map((p) => `[${sgfPoint(game.size, p)}]`).join('');
  if (game.playerToMove !== undefined) out += `PL[${game.playerToMove === BLACK ? 'B' : 'W'}]`;
  let line = '';
  const later = game.laterSetup ?? [];
  let s = 0;
  for (let k = 0; k <= game.moves.length; k++) {
    for (; s < later.length && later[s].beforeMove === k; s++) line += setupNode(game.size, later[s]);
    if (k === game.moves.length) break;
    const m = game.moves[k];
    line += `;${m.color === BLACK ? 'B' : 'W'}[${sgfPoint(game.size, m.point)}]`;
    if (line.length > 70) {
      out += '\n' + line;
      line = '';
    }
  }
  if (line) out += '\n' + line;
  return out + ')\n';
}

/** A setup node between moves: AB, AW and AE in the order their first points come, then PL. */
function setupNode(size: number, step: SgfSetup): string {
  let node = ';';
  const colors = [...new Set(step.stones.map((st) => st.color))];
  for (const c of colors) {
    const ident = c === BLACK ? 'AB' : c === WHITE ? 'AW' : 'AE';
    node += ident + step.stones.filter((st) => st.color === c).map((st) => `[${sgfPoint(size, st.point)}]`).join('');
  }
  if (step.playerToMove !== undefined) node += `PL[${step.playerToMove === BLACK ? 'B' : 'W'}]`;
  return node;
}
