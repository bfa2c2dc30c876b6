// The NBoard protocol, as the NBoard GUI drives engines and Edax answers: the GUI owns the game
// (`set game <GGF>`, then `move <sq>[/<eval>/<time>]` for every move, the engine's own included)
// and asks for moves (`go` -> `=== <sq>/<eval>/<time>`), hints (`hint <n>` -> `search` lines) and
// round trips (`ping <n>` -> `pong <n>`). Like GtpEngine this is a class fed one line at a time;
// output lines go to `emit` as they are produced, so `status` lines appear before a long search.
// Choices where the protocol leaves room (see docs/protocols.md):
// - `go` does not change the engine's game: NBoard sends the chosen move back with `move`.
// - `hint n`: `status` while searching, then the n best moves as `search <move> <eval> 0 <depth>`
//   (depth `100%` when exact), best first, then an empty `status`. No book, so no `book` lines.
// - `analyze`: `analysis <ply> <eval>` for each position of the game, from the last back to the
//   start (eval for the side to move), then an empty `status`.
// - Errors (bad GGF, illegal move, unknown command) are reported as `status error: ...`; the
//   protocol has no error reply and the GUI shows status text to the user.
import { PASS, Position, parseGgf, parseSquare, squareName } from '@sente/core';
import type { ProtocolEngine } from './gtp.js';
import { MAX_PROTOCOL_LINE, preprocessNboardLine, protocolDecimal, protocolInteger } from '../gtp/framing.js';
import { OthelloSession } from './session.js';

export interface NboardOptions {
  readonly name?: string;
  /** Search depth until the GUI sends `set depth` (default 10). */
  readonly depth?: number;
  /** Time per move in ms for `go` (optional; the depth is the main limit in NBoard). */
  readonly timeMs?: number;
  readonly exactFrom?: number;
}

function formatEval(score: number): string {
  return (Math.round(score * 100) / 100).toFixed(2);
}

function nboardMove(square: number): string {
  return square === PASS ? 'PA' : squareName(square).toUpperCase();
}

export class NboardEngine {
  /** Protocol version announced by the GUI (`nboard 2`), or 0 before it. */
  version = 0;
  depth: number;
  contempt = 0;
  /** Set by `quit`: the caller stops reading and exits. */
  quitRequested = false;
  /** The game the GUI has set: start, moves (forced passes it left out made implicitly). */
  readonly session = new OthelloSession();

  constructor(private readonly engine: ProtocolEngine, private readonly emit: (line: string) => void, private readonly options: NboardOptions = {}) {
    this.depth = options.depth ?? 10;
  }

  current(): Position {
    return this.session.position.clone();
  }

  /** Handles one line from the GUI. Never throws; problems become `status error: ...` lines. */
  handle(line: string): void {
    if (line.length > MAX_PROTOCOL_LINE) {
      this.emit(`status error: line too long (more than ${MAX_PROTOCOL_LINE} characters)`);
      return;
    }
    const text = preprocessNboardLine(line);
    if (text === '') return;
    const space = text.indexOf(' ');
    const command = space < 0 ? text : text.slice(0, space);
    const rest = space < 0 ? '' : text.slice(space + 1).trim();
    try {
      this.run(command, rest);
    } catch (error) {
      this.emit(`status error: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private run(command: string, rest: string): void {
    switch (command) {
      case 'nboard': {
        const v = protocolInteger(rest, false);
        if (!Number.isInteger(v) || v < 1) throw new Error(`nboard: "${rest.slice(0, 20)}" is not a protocol version`);
        this.version = v;
        this.emit(`set myname ${this.options.name ?? 'sente'}`);
        return;
      }
      case 'set': return this.set(rest);
      case 'move': return this.move(rest);
      case 'go': return this.go();
      case 'hint': {
        const n = protocolInteger(rest, false);
        if (!Number.isInteger(n) || n < 1) throw new Error(`hint: "${rest.slice(0, 20)}" is not a number of moves`);
        return this.hint(n);
      }
      case 'ping': {
        // Every earlier command is done (we are synchronous), so answer at once.
        this.emit(`pong ${rest.split(/\s+/)[0] ?? ''}`.trim());
        return;
      }
      case 'learn':
        // No opening book to learn into; the GUI waits for the acknowledgement.
        this.emit('learned');
        return;
      case 'analyze': return this.analyze();
      case 'quit':
        this.quitRequested = true;
        return;
      default:
        throw new Error(`unknown command "${command.slice(0, 30)}"`);
    }
  }

  private set(rest: string): void {
    const space = rest.indexOf(' ');
    const what = space < 0 ? rest : rest.slice(0, space);
    const value = space < 0 ? '' : rest.slice(space + 1).trim();
    switch (what) {
      case 'depth': {
        const d = protocolInteger(value, false);
        if (!Number.isInteger(d) || d < 1 || d > 60) throw new Error(`set depth: "${value.slice(0, 20)}" is not a depth from 1 to 60`);
        this.depth = d;
        return;
      }
      case 'contempt': {
        const c = protocolDecimal(value);
        if (!Number.isFinite(c)) throw new Error(`set contempt: "${value.slice(0, 20)}" is not a number`);
        this.contempt = c;
        return;
      }
      case 'game': {
        const r = parseGgf(value);
        if (!r.ok) throw new Error(`set game: ${r.error.message}`);
        const game = r.value;
        this.session.reset(game.start);
        for (const m of game.moves) {
          if (this.session.playWithImplicitPass(m.square) !== null) throw new Error(`set game: the move ${squareName(m.square)} is not legal`);
        }
        this.engine.newGame();
        return;
      }
      default:
        throw new Error(`set: unknown setting "${what.slice(0, 30)}"`);
    }
  }

  private move(rest: string): void {
    const text = rest.split('/')[0].trim();
    const sq = parseSquare(text);
    if (!sq.ok) throw new Error(`move: "${text.slice(0, 20)}" is not a move`);
    if (this.session.position.isGameOver()) throw new Error(`move ${text}: the game is over`);
    // The GUI may leave a forced pass implicit; the pass is made only when the move is then legal.
    if (this.session.playWithImplicitPass(sq.value) !== null) {
      throw new Error(sq.value === PASS ? 'move PA: the side to move has a legal move' : `move ${squareName(sq.value)} is illegal`);
    }
  }

  private limits(): { depth: number; timeMs?: number; exactFrom?: number } {
    return { depth: this.depth, timeMs: this.options.timeMs, exactFrom: this.options.exactFrom };
  }

  private go(): void {
    const p = this.session.position;
    if (p.isGameOver()) throw new Error('go: the game is over');
    if (p.mustPass()) {
      this.emit('=== PA');
      return;
    }
    this.emit('status thinking');
    const result = this.engine.think(p.clone(), this.limits());
    this.emit(`nodestats ${result.nodes} ${(result.ms / 1000).toFixed(3)}`);
    this.emit('status');
    this.emit(`=== ${nboardMove(result.move)}/${formatEval(result.score)}/${(result.ms / 1000).toFixed(3)}`);
  }

  private hint(n: number): void {
    const p = this.session.position;
    if (p.isGameOver() || p.mustPass()) {
      this.emit('status');
      return;
    }
    this.emit('status thinking');
    // The limits of go (exact from the same number of empties; a time limit shared by the moves),
    // so the hint's best move is the one go would play.
    const timeMs = this.options.timeMs;
    const limits = { exactFrom: this.options.exactFrom, ...(timeMs !== undefined ? { timeMs: timeMs / p.legalMoveList().length } : {}) };
    const scored = this.engine.analyze(p.clone(), this.depth, limits).slice().sort((a, b) => b.score - a.score);
    for (const m of scored.slice(0, n)) {
      this.emit(`search ${nboardMove(m.move)} ${formatEval(m.score)} 0 ${m.exact ? '100%' : this.depth}`);
    }
    this.emit('status');
  }

  private analyze(): void {
    this.emit('status analyzing');
    for (let ply = this.session.ply; ply >= 0; ply--) {
      const p = this.session.positionAt(ply);
      let score: number;
      if (p.isGameOver()) score = p.finalScore();
      else if (p.mustPass()) continue;
      else score = this.engine.think(p.clone(), this.limits()).score;
      this.emit(`analysis ${ply} ${formatEval(score)}`);
    }
    this.emit('status');
  }
}
