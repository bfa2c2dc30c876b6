// GTP for Othello in the dialect of GRhino's `gtp-rhino`, which is what Quarry and GTP referees
// drive: `play black F5`, `genmove white` -> `= C4` or `= pass`, `grhino-setup_board`, replies
// `= ...` / `? ...` each followed by a blank line. The framing, the common commands and the error
// replies are the shared GTP server's (../gtp/server.ts); the game is an OthelloSession; this file
// registers the Othello commands. A class that takes one line and returns the reply text, so tests
// drive it without processes; `sente gtp` wires stdin/stdout.
//
// Passes: GRhino passes on its own when the side to move has no move and refuses `play <c> pass`
// afterwards; referees written for Go send the pass explicitly. We accept both (see session.ts):
// an explicit pass is legal when that colour must pass, and a move or genmove for the colour that
// is not to move is accepted when the side to move must pass (an implicit pass, undone with the move).
import { BLACK, PASS, Position, parseBoard, squareName } from '@sente/core';
import type { MoveScore, ThinkLimits, ThinkResult } from './types.js';
import { timeForMove } from './engine.js';
import { MAX_MOVE_MS } from './limits.js';
import { GtpError } from '../gtp/framing.js';
import { GtpServer, clip, expectArgs } from '../gtp/server.js';
import { othelloCodec } from '../gtp/codecs.js';
import { OthelloSession, type OthelloRefusal } from './session.js';
import { gtpClockMode } from '../session.js';

/** What the protocol front ends need from an engine (the search package's Engine has it). */
export interface ProtocolEngine {
  think(position: Position, limits: ThinkLimits): ThinkResult;
  analyze(position: Position, depth: number, limits?: Omit<ThinkLimits, 'depth'>): MoveScore[];
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

/** The Othello commands, after the common ones, in list_commands order. */
export const OTHELLO_GTP_COMMANDS = [
  'boardsize', 'clear_board', 'komi', 'play', 'genmove', 'reg_genmove', 'undo', 'showboard', 'final_score',
  'time_settings', 'time_left', 'set_game', 'list_games', 'grhino-setup_board',
] as const;

function parseColor(text: string): number {
  const c = othelloCodec.parseColor(text);
  if (c === null) throw new GtpError(`syntax error: invalid color "${clip(text)}" (black or white)`);
  return c;
}

function parseVertex(text: string): number {
  const v = othelloCodec.parseVertex(text);
  if (v === null) throw new GtpError(`syntax error: invalid vertex "${clip(text)}" (A1..H8 or pass)`);
  return v;
}

/** The GTP vertex of a square: `F5`, `pass`. */
export const gtpVertex = (square: number): string => othelloCodec.formatVertex(square);

const colorName = (side: number): string => othelloCodec.colorName(side);

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

function refusal(why: OthelloRefusal, position: Position): GtpError {
  if (why === 'game-over') return new GtpError('illegal move: the game is over');
  if (why === 'not-your-turn') return new GtpError(`illegal move: it is ${colorName(position.side)}'s turn`);
  return new GtpError('illegal move');
}

export class GtpEngine {
  /** Set by `quit`: the caller closes the connection after writing the reply. */
  quitRequested = false;
  /** The game: position, history with implicit passes, clock. */
  readonly session = new OthelloSession();
  private readonly server: GtpServer;

  constructor(private readonly engine: ProtocolEngine, private readonly options: GtpOptions = {}) {
    const server = new GtpServer({ name: options.name, version: options.version });
    const session = this.session;
    server.register('boardsize', (args) => {
      expectArgs(args, 1, 'boardsize <size>');
      if (!/^\d+$/.test(args[0])) throw new GtpError(`syntax error: "${clip(args[0])}" is not a size`);
      if (Number(args[0]) !== 8) throw new GtpError('unacceptable size');
      return '';
    });
    server.register('clear_board', (args) => {
      expectArgs(args, 0, 'clear_board');
      this.reset(Position.initial());
      return '';
    });
    server.register('komi', (args) => {
      expectArgs(args, 1, 'komi <float>');
      if (!Number.isFinite(Number(args[0]))) throw new GtpError(`syntax error: "${clip(args[0])}" is not a number`);
      return '';
    });
    server.register('play', (args) => {
      expectArgs(args, 2, 'play <color> <vertex>');
      const color = parseColor(args[0]);
      const square = parseVertex(args[1]);
      const refused = session.playFor(color, square);
      if (refused !== null) throw refusal(refused, session.position);
      return '';
    });
    for (const name of ['genmove', 'reg_genmove']) {
      server.register(name, (args) => {
        expectArgs(args, 1, `${name} <color>`);
        return gtpVertex(this.genmove(parseColor(args[0]), name === 'genmove'));
      });
    }
    server.register('undo', (args) => {
      expectArgs(args, 0, 'undo');
      if (!session.undo()) throw new GtpError('cannot undo');
      return '';
    });
    server.register('showboard', () => gtpBoardText(session.position));
    server.register('final_score', () => {
      if (!session.position.isGameOver()) throw new GtpError('cannot score');
      return gtpScore(session.position);
    });
    server.register('time_settings', (args) => {
      expectArgs(args, 3, 'time_settings <main> <byo-yomi> <stones>');
      if (!args.every((a) => /^\d+$/.test(a))) throw new GtpError('syntax error: times are whole seconds');
      const main = Number(args[0]);
      if (!Number.isFinite(main * 1000)) throw new GtpError('syntax error: main time too large');
      const period = Number(args[1]), stones = Number(args[2]);
      if (!Number.isFinite(period * 1000) || !Number.isSafeInteger(stones)) throw new GtpError('syntax error: byo-yomi time or stones too large');
      session.clock.set(gtpClockMode(main, period, stones), main, period, stones);
      return '';
    });
    server.register('time_left', (args) => {
      expectArgs(args, 3, 'time_left <color> <seconds> <stones>');
      const color = parseColor(args[0]);
      if (!/^\d+(\.\d+)?$/.test(args[1]) || !/^\d+$/.test(args[2])) throw new GtpError('syntax error: time_left <color> <seconds> <stones>');
      if (!Number.isFinite(Number(args[1]) * 1000) || !Number.isSafeInteger(Number(args[2]))) throw new GtpError('syntax error: time left or stones too large');
      session.clock.report(color, Number(args[1]), Number(args[2]));
      return '';
    });
    server.register('set_game', (args) => {
      expectArgs(args, 1, 'set_game Othello');
      if (args[0].toLowerCase() !== 'othello' && args[0].toLowerCase() !== 'reversi') throw new GtpError('unsupported game');
      return '';
    });
    server.register('list_games', () => 'Othello');
    server.register('grhino-setup_board', (args) => {
      expectArgs(args, 2, 'grhino-setup_board <64 cells> <X|O>');
      const r = parseBoard(`${args[0]} ${args[1]}`);
      if (!r.ok) throw new GtpError(`syntax error: ${r.error.message}`);
      this.reset(r.value);
      return '';
    });
    this.server = server;
  }

  /** The current position (a copy). */
  current(): Position {
    return this.session.position.clone();
  }

  /** The commands list_commands answers. */
  commands(): string[] {
    return this.server.commands();
  }

  /**
   * Handles one input line and returns the full reply (`= ...` or `? ...` plus the blank line),
   * or '' for lines GTP ignores (empty, comments). Never throws.
   */
  handle(line: string): string {
    const reply = this.server.handle(line);
    if (reply === null) return '';
    if (reply.quit) this.quitRequested = true;
    return reply.text;
  }

  private reset(position: Position): void {
    this.session.reset(position);
    this.engine.newGame();
  }

  private genmove(color: number, commit: boolean): number {
    const session = this.session;
    if (session.position.isGameOver()) return PASS;
    const implicit = session.catchUp(color);
    if (typeof implicit === 'string') throw refusal(implicit, session.position);
    const position = session.position;
    let move = PASS;
    if (!position.mustPass()) {
      let result: ThinkResult;
      const start = performance.now();
      try {
        result = this.engine.think(position.clone(), this.limits(color));
      } catch (error) {
        session.dropImplicitPass(implicit);
        throw error;
      }
      move = result.move;
      if (!position.isLegal(move)) {
        // The engine must not do this; a protocol server still answers with a legal move.
        this.options.onInfo?.(`engine proposed ${squareName(move)}, which is not legal; playing the first legal move`);
        move = position.legalMoveList()[0];
      }
      this.options.onInfo?.(
        `${colorName(color)} ${squareName(move)} score ${result.score > 0 ? '+' : ''}${result.exact ? result.score : result.score.toFixed(2)}${result.exact ? ' (exact)' : ''} ` +
        `depth ${result.depth} nodes ${result.nodes} ${Math.round(result.ms)} ms pv ${result.pv.map(squareName).join(' ')}`,
      );
      // Our own clock runs on until the controller's next time_left corrects it.
      if (commit) session.clock.spend(color, (performance.now() - start) / 1000);
    }
    if (commit) session.play(move);
    else session.dropImplicitPass(implicit);
    return move;
  }

  private limits(color: number): ThinkLimits {
    const { depth, exactFrom } = this.options;
    let timeMs = this.options.timeMs;
    const leftSeconds = this.session.clock.left(color);
    if (leftSeconds === null) {
      if (timeMs === undefined && depth === undefined) timeMs = 1000;
    } else {
      // Clock management: the engine's share of the time left for this move (timeForMove), or an
      // even share of a byo-yomi period, keeping a margin for the protocol round trip.
      const left = leftSeconds * 1000;
      const stones = this.session.clock.stonesLeft[color];
      const share = stones > 0 ? Math.max(10, (left / stones) * 0.9 - 50) : Math.max(10, timeForMove(left, this.session.position.emptyCount()) - 50);
      // A clock of years (a GUI's "unlimited") still gives a move at most the hour --time allows.
      timeMs = Math.min(timeMs ?? MAX_MOVE_MS, share, MAX_MOVE_MS);
    }
    return { depth, timeMs, exactFrom };
  }
}
