// GTP for Othello in the dialect of GRhino's `gtp-rhino`, which is what Quarry and GTP referees
// drive: `play black F5`, `genmove white` -> `= C4` or `= pass`, `grhino-setup_board`, replies
// `= ...` / `? ...` each followed by a blank line. The protocol is a class that takes one line
// and returns the reply text, so tests drive it without processes; `sente gtp` wires stdin/stdout.
//
// Passes: GRhino passes on its own when the side to move has no move and refuses `play <c> pass`
// afterwards; referees written for Go send the pass explicitly. We accept both: an explicit pass
// is legal when that colour must pass, and a move or genmove for the colour that is not to move is
// accepted when the side to move must pass (the pass is made implicitly and undone with the move).
import { BLACK, PASS, Position, parseBoard, squareName } from '@sente/core';
import type { MoveScore, ThinkLimits, ThinkResult } from './types.js';
import { timeForMove } from './engine.js';
import { MAX_PROTOCOL_LINE, gtpWords } from '../protocol-line.js';

/** What the protocol front ends need from an engine (the search package's Engine has it). */
export interface ProtocolEngine {
  think(position: Position, limits: ThinkLimits): ThinkResult;
  analyze(position: Position, depth: number): MoveScore[];
  newGame(): void;
}

export interface GtpOptions {
  /** Reported by `name` (default "sente"). */
  readonly name?: string;
  /** Reported by `version`. */
  readonly version?: string;
  /** Fixed search depth for genmove. */
  readonly depth?: number;
  /** Time per move in ms. Default: none with a depth, else the clock's share (time_left), else 1000. */
  readonly timeMs?: number;
  /** Solve exactly from this many empties. */
  readonly exactFrom?: number;
  /** Called with a one-line summary of every search (the command writes it to stderr). */
  readonly onInfo?: (text: string) => void;
}

/** A reply that failed: `? message`. */
class GtpFailure extends Error {}

interface Played {
  readonly square: number;
  /** A pass made on behalf of a side that had no move, before the next colour's move. */
  readonly implicit: boolean;
}

const COMMANDS = [
  'protocol_version', 'name', 'version', 'known_command', 'list_commands', 'quit', 'boardsize',
  'clear_board', 'komi', 'play', 'genmove', 'reg_genmove', 'undo', 'showboard', 'final_score',
  'time_settings', 'time_left', 'set_game', 'list_games', 'grhino-setup_board',
] as const;

type Command = (typeof COMMANDS)[number];

/** Parses a GTP colour: black/b/white/w in any case. */
function parseColor(text: string): number {
  const t = text.toLowerCase();
  if (t === 'black' || t === 'b') return BLACK;
  if (t === 'white' || t === 'w') return 1;
  throw new GtpFailure(`syntax error: invalid color "${clip(text)}" (black or white)`);
}

/** Parses a GTP vertex on the 8x8 board (A1..H8, either case, row 1 at the top) or pass. */
function parseVertex(text: string): number {
  if (/^pass$/i.test(text)) return PASS;
  const m = /^([a-hA-H])([1-8])$/.exec(text);
  if (!m) throw new GtpFailure(`syntax error: invalid vertex "${clip(text)}" (A1..H8 or pass)`);
  return (m[2].charCodeAt(0) - 49) * 8 + ((m[1].charCodeAt(0) | 0x20) - 97);
}

export function gtpVertex(square: number): string {
  return square === PASS ? 'pass' : squareName(square).toUpperCase();
}

function colorName(side: number): string {
  return side === BLACK ? 'black' : 'white';
}

function clip(text: string): string {
  return text.length > 24 ? `${text.slice(0, 24)}...` : text;
}

function expectArgs(args: string[], count: number, usage: string): void {
  if (args.length !== count) {
    throw new GtpFailure(`syntax error: wrong number of arguments (usage: ${usage})`);
  }
}

/** The board as gtp-rhino's showboard prints it. */
export function gtpBoardText(position: Position): string {
  const lines = [position.isGameOver() ? 'Game ended' : `Next move: ${position.side === BLACK ? 'Black' : 'White'}`];
  lines.push('    a b c d e f g h');
  const black = [position.blackLo, position.blackHi];
  const white = [position.whiteLo, position.whiteHi];
  for (let r = 0; r < 8; r++) {
    const cells: string[] = [];
    for (let c = 0; c < 8; c++) {
      const sq = r * 8 + c;
      const half = sq < 32 ? 0 : 1;
      const bit = 1 << (sq & 31);
      cells.push(black[half] & bit ? 'X' : white[half] & bit ? 'O' : '.');
    }
    lines.push(`  ${r + 1} ${cells.join(' ')}`);
  }
  return lines.join('\n');
}

/** Black's final score as GTP writes it: `B+4`, `W+2` or `0` (empties to the winner). */
export function gtpScore(position: Position): string {
  const forBlack = position.side === BLACK ? position.finalScore() : -position.finalScore();
  return forBlack > 0 ? `B+${forBlack}` : forBlack < 0 ? `W+${-forBlack}` : '0';
}

export class GtpEngine {
  /** Set by `quit`: the caller closes the connection after writing the reply. */
  quitRequested = false;
  private position = Position.initial();
  private history: Played[] = [];
  private timeLeftMs: [number | null, number | null] = [null, null];
  private stonesLeft: [number, number] = [0, 0];

  constructor(private readonly engine: ProtocolEngine, private readonly options: GtpOptions = {}) {}

  /** The current position (a copy). */
  current(): Position {
    return this.position.clone();
  }

  /**
   * Handles one input line and returns the full reply (`= ...` or `? ...` plus the blank line),
   * or '' for lines GTP ignores (empty, comments). Never throws.
   */
  handle(line: string): string {
    if (line.length > MAX_PROTOCOL_LINE) return `? syntax error: line too long (${line.length} characters)\n\n`;
    const tokens = gtpWords(line);
    if (tokens.length === 0) return '';
    let id = '';
    if (/^\d+$/.test(tokens[0])) id = tokens.shift() as string;
    if (tokens.length === 0) return `?${id} syntax error: missing command\n\n`;
    const name = tokens[0];
    const args = tokens.slice(1);
    try {
      const result = this.run(name, args);
      return `=${id}${result === '' ? '' : ` ${result}`}\n\n`;
    } catch (error) {
      const message = error instanceof GtpFailure ? error.message : `internal error: ${error instanceof Error ? error.message : String(error)}`;
      return `?${id} ${message}\n\n`;
    }
  }

  private run(name: string, args: string[]): string {
    if (!(COMMANDS as readonly string[]).includes(name)) throw new GtpFailure('unknown command');
    switch (name as Command) {
      case 'protocol_version': return '2';
      case 'name': return this.options.name ?? 'sente';
      case 'version': return this.options.version ?? '0.1.0';
      case 'known_command':
        expectArgs(args, 1, 'known_command <command>');
        return (COMMANDS as readonly string[]).includes(args[0]) ? 'true' : 'false';
      case 'list_commands': return COMMANDS.join('\n');
      case 'quit':
        this.quitRequested = true;
        return '';
      case 'boardsize': {
        expectArgs(args, 1, 'boardsize <size>');
        if (!/^\d+$/.test(args[0])) throw new GtpFailure(`syntax error: "${clip(args[0])}" is not a size`);
        if (Number(args[0]) !== 8) throw new GtpFailure('unacceptable size');
        return '';
      }
      case 'clear_board':
        expectArgs(args, 0, 'clear_board');
        this.reset(Position.initial());
        return '';
      case 'komi':
        expectArgs(args, 1, 'komi <float>');
        if (!Number.isFinite(Number(args[0]))) throw new GtpFailure(`syntax error: "${clip(args[0])}" is not a number`);
        return '';
      case 'play':
        expectArgs(args, 2, 'play <color> <vertex>');
        this.play(parseColor(args[0]), parseVertex(args[1]));
        return '';
      case 'genmove':
      case 'reg_genmove': {
        expectArgs(args, 1, `${name} <color>`);
        const color = parseColor(args[0]);
        return gtpVertex(this.genmove(color, name === 'genmove'));
      }
      case 'undo':
        expectArgs(args, 0, 'undo');
        this.undo();
        return '';
      case 'showboard': return gtpBoardText(this.position);
      case 'final_score':
        if (!this.position.isGameOver()) throw new GtpFailure('cannot score');
        return gtpScore(this.position);
      case 'time_settings': {
        expectArgs(args, 3, 'time_settings <main> <byo-yomi> <stones>');
        if (!args.every((a) => /^\d+$/.test(a))) throw new GtpFailure('syntax error: times are whole seconds');
        const main = Number(args[0]) * 1000;
        if (!Number.isFinite(main)) throw new GtpFailure('syntax error: main time too large');
        this.timeLeftMs = main > 0 ? [main, main] : [null, null];
        return '';
      }
      case 'time_left': {
        expectArgs(args, 3, 'time_left <color> <seconds> <stones>');
        const color = parseColor(args[0]);
        if (!/^\d+(\.\d+)?$/.test(args[1]) || !/^\d+$/.test(args[2])) throw new GtpFailure('syntax error: time_left <color> <seconds> <stones>');
        if (!Number.isFinite(Number(args[1]) * 1000)) throw new GtpFailure('syntax error: time left too large');
        this.timeLeftMs[color] = Number(args[1]) * 1000;
        this.stonesLeft[color] = Number(args[2]);
        return '';
      }
      case 'set_game':
        expectArgs(args, 1, 'set_game Othello');
        if (args[0].toLowerCase() !== 'othello' && args[0].toLowerCase() !== 'reversi') throw new GtpFailure('unsupported game');
        return '';
      case 'list_games': return 'Othello';
      case 'grhino-setup_board': {
        expectArgs(args, 2, 'grhino-setup_board <64 cells> <X|O>');
        const r = parseBoard(`${args[0]} ${args[1]}`);
        if (!r.ok) throw new GtpFailure(`syntax error: ${r.error.message}`);
        this.reset(r.value);
        return '';
      }
    }
  }

  private reset(position: Position): void {
    this.position = position;
    this.history = [];
    this.engine.newGame();
  }

  /** Makes the side to move pass on behalf of `color`'s opponent when `color` is not to move. */
  private catchUp(color: number): boolean {
    if (color === this.position.side) return false;
    if (this.position.isGameOver() || !this.position.mustPass()) {
      throw new GtpFailure(this.position.isGameOver() ? 'illegal move: the game is over' : `illegal move: it is ${colorName(this.position.side)}'s turn`);
    }
    this.position.makePass();
    this.history.push({ square: PASS, implicit: true });
    return true;
  }

  private dropImplicitPass(made: boolean): void {
    if (!made) return;
    this.position.unmake();
    this.history.pop();
  }

  private play(color: number, square: number): void {
    if (this.position.isGameOver()) throw new GtpFailure('illegal move: the game is over');
    const implicit = this.catchUp(color);
    if (square === PASS) {
      if (!this.position.mustPass()) {
        this.dropImplicitPass(implicit);
        throw new GtpFailure('illegal move');
      }
      this.position.makePass();
    } else if (!this.position.makeMove(square)) {
      this.dropImplicitPass(implicit);
      throw new GtpFailure('illegal move');
    }
    this.history.push({ square, implicit: false });
  }

  private genmove(color: number, commit: boolean): number {
    if (this.position.isGameOver()) return PASS;
    const implicit = this.catchUp(color);
    let move = PASS;
    if (!this.position.mustPass()) {
      let result: ThinkResult;
      try {
        result = this.engine.think(this.position.clone(), this.limits(color));
      } catch (error) {
        this.dropImplicitPass(implicit);
        throw error;
      }
      move = result.move;
      if (!this.position.isLegal(move)) {
        // The engine must not do this; a protocol server still answers with a legal move.
        this.options.onInfo?.(`engine proposed ${squareName(move)}, which is not legal; playing the first legal move`);
        move = this.position.legalMoveList()[0];
      }
      this.options.onInfo?.(
        `${colorName(color)} ${squareName(move)} score ${result.score > 0 ? '+' : ''}${result.exact ? result.score : result.score.toFixed(2)}${result.exact ? ' (exact)' : ''} ` +
        `depth ${result.depth} nodes ${result.nodes} ${Math.round(result.ms)} ms pv ${result.pv.map(squareName).join(' ')}`,
      );
    }
    if (commit) {
      if (move === PASS) this.position.makePass();
      else this.position.makeMove(move);
      this.history.push({ square: move, implicit: false });
    } else {
      this.dropImplicitPass(implicit);
    }
    return move;
  }

  private limits(color: number): ThinkLimits {
    const { depth, exactFrom } = this.options;
    let timeMs = this.options.timeMs;
    const left = this.timeLeftMs[color];
    if (left === null) {
      if (timeMs === undefined && depth === undefined) timeMs = 1000;
    } else {
      // Clock management: the engine's share of the time left for this move (timeForMove), or an
      // even share of a byo-yomi period, keeping a margin for the protocol round trip.
      const stones = this.stonesLeft[color];
      const share = stones > 0 ? Math.max(10, (left / stones) * 0.9 - 50) : Math.max(10, timeForMove(left, this.position.emptyCount()) - 50);
      timeMs = timeMs === undefined ? share : Math.min(timeMs, share);
    }
    return { depth, timeMs, exactFrom };
  }

  private undo(): void {
    const last = this.history.pop();
    if (last === undefined) throw new GtpFailure('cannot undo');
    this.position.unmake();
    while (this.history.length > 0 && this.history[this.history.length - 1].implicit) {
      this.history.pop();
      this.position.unmake();
    }
  }
}
