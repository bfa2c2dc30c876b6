// GTP version 2 for Go (as GNU Go, GoGui, Sabaki and KGS speak it): a function from command lines
// to response text, so it can be driven by stdin/stdout, by tests, or by the tournament runner
// without a process in between. The framing, the common commands and the error replies are the
// shared GTP server's (../gtp/server.ts, as Othello's), in GNU Go's dialect (an empty success is
// "= "); the game is a GoSession; this file registers the Go commands. Bad input is an error
// reply, never an exception. Besides play and
// genmove it speaks what GUIs and servers send: dead stones (`final_status_list`, and
// `final_score` after removing them, judged by status.ts), clocks (`time_settings`,
// `kgs-time_settings`, `time_left`), handicaps (GNU Go's fixed placements, free ones), SGF in and
// out, `reg_genmove`, and GoGui's analyze commands (ownership, dead stones, candidates).
import { readFileSync } from 'node:fs';
import { writeFileAtomic } from '../othello/tablefile.js';
import { GtpError, protocolDecimal as decimal, protocolInteger as integer } from '../gtp/framing.js';
import { GtpServer, type GtpServerReply } from '../gtp/server.js';
import { goCodec } from '../gtp/codecs.js';
import { type ClockMode, gtpClockMode } from '../session.js';
import { GoSession } from './session.js';
import { generateCandidates } from './candidates.js';
import { MctsPlayer, RESIGN, type SearchOptions } from './mcts.js';
import { BLACK, EMPTY, GoBoard, PASS, WHITE, areaScore, fixedHandicapXY, flattenSgf, formatMargin, gtpVertex, maxFixedHandicap, parseSgf, renderGoBoard, sgfToBoard } from './rules.js';
import { STATUS_PLAYOUTS, judgeStatus, statusJudge, type Judgement } from './status.js';
import { goMoveTimeBudget } from './time-manager.js';
import { MAX_MOVE_MS } from '../othello/limits.js';

// The codec takes a word as it is (GTP's only whitespace is the space that separated it), so
// "play b \u00a0C3" is refused as in Othello GTP.
const parseColor = (word: string): number | null => goCodec(19).parseColor(word);

export type { ClockMode };

/** The Go commands, after the common ones (protocol_version, name, version, known_command, list_commands, quit). */
export const GO_GTP_COMMANDS = [
  'boardsize',
  'clear_board',
  'komi',
  'play',
  'genmove',
  'reg_genmove',
  'undo',
  'showboard',
  'final_score',
  'final_status_list',
  'time_settings',
  'kgs-time_settings',
  'time_left',
  'fixed_handicap',
  'place_free_handicap',
  'set_free_handicap',
  'loadsgf',
  'printsgf',
  'gogui-analyze_commands',
  'sente-ownership',
  'sente-ownership_values',
  'sente-candidates',
] as const;

/** GoGui's analyze menu: type/label/command (see `gogui-analyze_commands`). */
export const GO_ANALYZE_COMMANDS = [
  'gfx/Ownership/sente-ownership',
  'dboard/Ownership values/sente-ownership_values',
  'plist/Dead stones/final_status_list dead',
  'plist/Seki stones/final_status_list seki',
  'gfx/Candidates/sente-candidates %c',
] as const;

export interface GoGtpOptions extends SearchOptions {
  /** Positional superko for `play` and `genmove` (default off, as GNU Go). */
  readonly superko?: boolean;
  /** Engine version reported by `version`. */
  readonly version?: string;
  /** Playouts of the dead-stone judgement (final_status_list, final_score; default 400). */
  readonly statusPlayouts?: number;
  /**
   * A summary of each search (genmove, reg_genmove), as Othello's GTP engine gives: colour, move,
   * winning rate, playouts (those of the helper threads among them), time and principal variation.
   * The CLI writes it to stderr, where GUIs show an engine's log.
   */
  readonly onInfo?: (text: string) => void;
}

/** A reply of the server: its text (ending with the blank line) and whether it answered `quit`. */
export type GtpReply = GtpServerReply;

type Answer = { ok: boolean; text: string };

export class GoGtpEngine {
  /** The game: board, komi, set-up stones, clock. */
  readonly session: GoSession;
  private readonly server: GtpServer;
  private readonly player: MctsPlayer;
  private judged: { key: string; judgement: Judgement } | null = null;
  /** The move time of the last genmove in ms (for tests and logs). */
  lastBudgetMs: number | undefined;

  constructor(readonly options: GoGtpOptions = {}) {
    // The search options go to the helper threads too, so they hold no function.
    const { onInfo: _onInfo, ...search } = options;
    this.player = new MctsPlayer(search);
    this.session = new GoSession({ superko: options.superko });
    this.server = new GtpServer({ name: 'sente', version: options.version, spaceWhenEmpty: true });
    for (const command of GO_GTP_COMMANDS) {
      this.server.register(command, (args) => {
        const r = this.run(command, args);
        if (!r.ok) throw new GtpError(r.text);
        return r.text;
      });
    }
  }

  /** The board of the game. */
  get board(): GoBoard {
    return this.session.board;
  }

  get komi(): number {
    return this.session.komi;
  }

  /** The clock kind time_settings / kgs-time_settings set. */
  get clock(): ClockMode {
    return this.session.clock.mode;
  }

  /** The commands list_commands answers. */
  commands(): string[] {
    return this.server.commands();
  }

  /** Ends the player's helper threads (with `threads` > 1); the engine may still be used. */
  close(): void {
    this.player.close();
  }

  /** Answers one command line; null for blank lines and comments (no reply is due). */
  handle(line: string): GtpReply | null {
    return this.server.handle(line);
  }

  /** The dead-stone judgement of the current position (cached until the position changes). */
  judgement(): Judgement {
    const key = `${this.board.size}:${this.board.hashLo}:${this.board.hashHi}:${this.board.toMove}:${this.komi}`;
    if (this.judged?.key !== key) {
      this.judged = { key, judgement: judgeStatus(this.board, statusJudge(), this.komi, this.options.statusPlayouts ?? STATUS_PLAYOUTS) };
    }
    return this.judged.judgement;
  }

  private newBoard(size: number): void {
    this.session.newBoard(size);
  }

  private run(command: string, args: string[]): Answer {
    const yes = (text = ''): Answer => ({ ok: true, text });
    const no = (text: string): Answer => ({ ok: false, text });
    const codec = goCodec(this.board.size);
    switch (command) {
      case 'boardsize': {
        const n = integer(args[0]);
        if (args.length < 1 || !Number.isInteger(n)) return no('syntax error');
        if (n < 2 || n > 25) return no('unacceptable size');
        this.newBoard(n);
        return yes();
      }
      case 'clear_board':
        this.newBoard(this.board.size);
        return yes();
      case 'komi': {
        const k = decimal(args[0]);
        if (args.length < 1 || !Number.isFinite(k)) return no('syntax error');
        this.session.komi = k;
        return yes();
      }
      case 'play': {
        if (args.length < 2) return no('syntax error');
        const c = parseColor(args[0]);
        if (c === null) return no('syntax error');
        const v = codec.parseVertex(args[1]);
        if (v === null) return no(codec.vertexError(args[1]) === 'off-board' ? 'illegal move' : 'syntax error');
        if (!this.session.play(v, c)) return no('illegal move');
        return yes();
      }
      case 'genmove':
      case 'reg_genmove': {
        if (args.length < 1) return no(command === 'reg_genmove' ? 'invalid color' : 'syntax error');
        const c = parseColor(args[0]);
        if (c === null) return no(command === 'reg_genmove' ? 'invalid color' : 'syntax error');
        const r = this.think(c);
        if (r === RESIGN) return yes('resign');
        // reg_genmove only says what it would play; the position stays as it is.
        if (command === 'reg_genmove') return yes(r !== PASS && this.board.isLegal(r, c) ? gtpVertex(this.board.size, r) : 'pass');
        // The player only proposes legal moves; should one ever be refused, pass rather than
        // announce a move the board did not take.
        const played = r !== PASS && this.session.play(r, c);
        if (!played) this.session.play(PASS, c);
        return yes(played ? gtpVertex(this.board.size, r) : 'pass');
      }
      case 'undo':
        if (!this.session.undo()) return no('cannot undo');
        return yes();
      case 'showboard':
        return yes('\n' + renderGoBoard(this.board) + `\nblack prisoners ${this.board.captures[BLACK]}, white prisoners ${this.board.captures[WHITE]}`);
      case 'final_score':
        return yes(formatMargin(areaScore(this.board, this.komi, this.judgement().dead).margin));
      case 'final_status_list': {
        if (args.length < 1) return no('missing status');
        const want = args[0].toLowerCase();
        if (want !== 'dead' && want !== 'alive' && want !== 'seki') return no('invalid status');
        const lines = this.judgement().chains
          .filter((ch) => ch.status === want)
          .map((ch) => [...ch.stones].sort((a, b) => a - b).map((p) => gtpVertex(this.board.size, p)).join(' '));
        return yes(lines.join('\n'));
      }
      case 'time_settings': {
        const [m, b] = args.map(decimal);
        const s = integer(args[2]);
        if (args.length < 3 || ![m, b, s].every((x) => Number.isFinite(x) && x >= 0) || !Number.isInteger(s)) return no('syntax error');
        // GTP 2: byo-yomi time > 0 with 0 stones means no time limit; 0 byo-yomi time is absolute.
        this.setClock(gtpClockMode(m, b, s), m, b, s);
        return yes();
      }
      case 'kgs-time_settings': {
        const mode = (args[0] ?? '').toLowerCase();
        const n = args.slice(1).map(decimal);
        const good = (k: number): boolean => args.length === k + 1 && n.every((x) => Number.isFinite(x) && x >= 0);
        if (mode === 'none' && good(0)) this.setClock('none', 0, 0, 0);
        else if (mode === 'absolute' && good(1)) this.setClock('absolute', n[0], 0, 0);
        // Overtime needs stones (canadian) or periods (byoyomi): 0 of them with a period is no clock KGS sends.
        else if ((mode === 'byoyomi' || mode === 'canadian') && good(3) && Number.isInteger(integer(args[3])) && (n[2] > 0 || n[1] === 0)) this.setClock(mode, n[0], n[1], n[2]);
        else return no('syntax error');
        return yes();
      }
      case 'time_left': {
        if (args.length < 3) return no('syntax error');
        const c = parseColor(args[0]);
        const t = decimal(args[1]);
        const s = integer(args[2]);
        if (c === null || !Number.isFinite(t) || !Number.isInteger(s) || s < 0) return no('syntax error');
        this.session.clock.report(c, t, s);
        return yes();
      }
      case 'fixed_handicap': {
        const n = integer(args[0]);
        if (args.length < 1 || !Number.isInteger(n)) return no('syntax error');
        if (this.board.stoneCount(BLACK) + this.board.stoneCount(WHITE) > 0) return no('board not empty');
        const placed = fixedHandicapXY(this.board.size, n);
        if (!placed.ok) return no('invalid handicap');
        return yes(this.placeHandicap(placed.value.map(([x, y]) => this.board.pointAt(x, y))));
      }
      case 'place_free_handicap': {
        const n = integer(args[0]);
        if (args.length < 1 || !Number.isInteger(n)) return no('syntax error');
        if (this.board.stoneCount(BLACK) + this.board.stoneCount(WHITE) > 0) return no('board not empty');
        if (n < 2 || n >= this.board.size * this.board.size) return no('invalid number of stones');
        return yes(this.placeHandicap(this.freeHandicap(n)));
      }
      case 'set_free_handicap': {
        if (this.board.stoneCount(BLACK) + this.board.stoneCount(WHITE) > 0) return no('board not empty');
        if (args.length < 2 || args.length >= this.board.size * this.board.size) return no('invalid number of stones');
        const points: number[] = [];
        for (const a of args) {
          const v = codec.parseVertex(a);
          if (v === null || v === PASS) return no('bad vertex list');
          if (points.includes(v)) return no('repeated vertex');
          points.push(v);
        }
        this.placeHandicap(points);
        return yes();
      }
      case 'loadsgf':
        return this.loadSgf(args);
      case 'printsgf': {
        const text = this.session.toSgf();
        // `printsgf FILE` (as GNU Go): the game goes to the file and the answer is empty.
        if (args.length > 0) {
          try {
            writeFileAtomic(args[0], text);
          } catch (e) {
            return no(`cannot write file: ${(e as NodeJS.ErrnoException).code ?? 'unwritable'} ${args[0]}`);
          }
          return yes();
        }
        return yes(text.trimEnd());
      }
      case 'gogui-analyze_commands':
        return yes(GO_ANALYZE_COMMANDS.join('\n'));
      case 'sente-ownership': {
        // GoGui gfx: INFLUENCE values from -1 (white) to 1 (black); dead stones marked.
        const j = this.judgement();
        const parts: string[] = [];
        for (let y = 0; y < this.board.size; y++) for (let x = 0; x < this.board.size; x++) {
          const p = this.board.pointAt(x, y);
          parts.push(`${gtpVertex(this.board.size, p)} ${(2 * j.ownership[p] - 1).toFixed(2)}`);
        }
        const dead = [...j.dead].sort((a, b) => a - b).map((p) => gtpVertex(this.board.size, p));
        return yes(`INFLUENCE ${parts.join(' ')}${dead.length > 0 ? `\nMARK ${dead.join(' ')}` : ''}\nTEXT ${dead.length} dead stones`);
      }
      case 'sente-ownership_values': {
        const j = this.judgement();
        const rows: string[] = [];
        for (let y = 0; y < this.board.size; y++) {
          const row: string[] = [];
          for (let x = 0; x < this.board.size; x++) row.push((2 * j.ownership[this.board.pointAt(x, y)] - 1).toFixed(2));
          rows.push(row.join(' '));
        }
        return yes(rows.join('\n'));
      }
      case 'sente-candidates': {
        const c = args.length >= 1 ? parseColor(args[0]) : this.board.toMove;
        if (c === null) return no('syntax error');
        const list = generateCandidates(this.board, c);
        const labels = new Map<number, string>();
        for (const cand of list.candidates) if (!labels.has(cand.point)) labels.set(cand.point, cand.generator.replace(/^pattern:/, '').slice(0, 6));
        const out: string[] = [];
        if (labels.size > 0) out.push(`LABEL ${[...labels].map(([p, t]) => `${gtpVertex(this.board.size, p)} ${t}`).join(' ')}`);
        const vetoed = [...new Set(list.vetoes.map((v) => v.point))].filter((p) => !labels.has(p));
        if (vetoed.length > 0) out.push(`SQUARE ${vetoed.map((p) => gtpVertex(this.board.size, p)).join(' ')}`);
        out.push(`TEXT ${labels.size} candidate points, ${vetoed.length} vetoed`);
        return yes(out.join('\n'));
      }
      default:
        return no('unknown command');
    }
  }

  private setClock(mode: ClockMode, main: number, period: number, stones: number): void {
    this.session.clock.set(mode, main, period, stones);
  }

  /** Puts handicap stones on the empty board (white to move next); returns their vertices. */
  private placeHandicap(points: number[]): string {
    this.session.placeHandicap(points);
    this.judged = null;
    return points.map((p) => gtpVertex(this.board.size, p)).join(' ');
  }

  /** Free handicap: GNU Go's fixed points as far as they go, then the engine's own choices. */
  private freeHandicap(n: number): number[] {
    const fixed = Math.min(n, maxFixedHandicap(this.board.size));
    const points: number[] = [];
    if (fixed >= 2) {
      const r = fixedHandicapXY(this.board.size, fixed);
      if (r.ok) for (const [x, y] of r.value) points.push(this.board.pointAt(x, y));
    }
    const scratch = new GoBoard(this.board.size);
    for (const p of points) scratch.setStone(p, BLACK);
    const chooser = new MctsPlayer({ playouts: 200, seed: 11, resignThreshold: 0, rootCandidates: false });
    while (points.length < n) {
      let p = chooser.genmove(scratch, BLACK, 0).move;
      if (p < 0 || scratch.color[p] !== EMPTY) p = scratch.emptyList[0];
      scratch.setStone(p, BLACK);
      points.push(p);
    }
    return points;
  }

  private loadSgf(args: string[]): Answer {
    if (args.length < 1 || args.length > 2) return { ok: false, text: 'syntax error' };
    const upTo = args.length === 2 ? integer(args[1]) : Infinity;
    if (args.length === 2 && (!Number.isInteger(upTo) || upTo < 1)) return { ok: false, text: 'syntax error' };
    let text: string;
    try {
      text = readFileSync(args[0], 'utf8');
    } catch (e) {
      return { ok: false, text: `cannot load file: ${(e as NodeJS.ErrnoException).code ?? 'unreadable'} ${args[0]}` };
    }
    const game = parseSgf(text);
    if (!game.ok) return { ok: false, text: `cannot load file: ${game.error.message} (offset ${game.error.offset})` };
    if (game.value.size < 2) return { ok: false, text: 'cannot load file: board size below 2' };
    // GTP 2: the position before move `upTo` is played (all moves without it).
    const moves = game.value.moves.slice(0, Number.isFinite(upTo) ? upTo - 1 : undefined);
    const cut = { ...game.value, moves };
    const board = sgfToBoard(cut, this.options.superko ?? false);
    if (!board.ok) return { ok: false, text: `cannot load file: ${board.error.message}` };
    // Setup between moves: the session's setup is the position after the last such node (the
    // board's history, and so undo, starts there too).
    const flat = flattenSgf(cut);
    if (!flat.ok) return { ok: false, text: `cannot load file: ${flat.error.message}` };
    // Cut before a move: that move's player is to move (its colour, whoever moved before it).
    const next = game.value.moves[moves.length];
    if (next !== undefined) board.value.toMove = next.color;
    this.session.load(board.value, flat.value.setupBlack, flat.value.setupWhite);
    if (/(^|[;\]\s])KM\[/.test(text)) this.session.komi = game.value.komi;
    this.judged = null;
    return { ok: true, text: this.board.toMove === BLACK ? 'black' : 'white' };
  }

  /**
   * Milliseconds for this move from the clock, or undefined when there is none. Absolute: the
   * time left over the moves still expected (a third of the empty points, at least 10). Canadian:
   * in overtime the period over its stones; before it, the main-time share plus half a stone's
   * share of a period (running out of main time mid-move only starts the period). Byoyomi: most
   * of a period (a move within it costs no period), plus the main-time share before overtime.
   */
  clockBudget(c: number): number | undefined {
    const clock = this.session.clock;
    if (clock.mode === 'none') return undefined;
    const left = Math.max(0, clock.timeLeft[c]);
    const stones = clock.stonesLeft[c];
    const expected = Math.max(10, this.board.emptyCount / 3);
    let seconds: number;
    if (clock.mode === 'absolute') return goMoveTimeBudget({ remainingMs: left * 1000 }, this.board.emptyCount);
    else if (clock.mode === 'canadian') {
      const perStone = clock.periodStones > 0 ? clock.periodTime / clock.periodStones : 0;
      seconds = stones > 0 ? left / stones : left > 0 ? left / expected + 0.5 * perStone : perStone;
    } else {
      const inOvertime = stones > 0 || left <= 0;
      seconds = inOvertime ? (left > 0 ? Math.min(left, clock.periodTime) : clock.periodTime) * 0.8 : left / expected + 0.8 * clock.periodTime;
    }
    return Math.max(20, seconds * 900);
  }

  private think(c: number): number {
    // A clock of years (a GUI's "unlimited") still gives a move at most the hour --time allows.
    const clockMs = this.clockBudget(c);
    const budget = clockMs === undefined ? undefined : Math.min(clockMs, MAX_MOVE_MS);
    this.lastBudgetMs = budget;
    const timeMs = budget === undefined ? this.options.timeMs : Math.min(budget, this.options.timeMs ?? Infinity);
    const start = Date.now();
    const r = this.player.genmove(this.board, c, this.komi, timeMs);
    if (this.options.onInfo) {
      const name = (p: number): string => (p === RESIGN ? 'resign' : gtpVertex(this.board.size, p));
      const helpers = r.helperPlayouts > 0 ? ` (${r.helperPlayouts} by helper threads)` : '';
      const reused = r.reused > 0 ? ` reused ${r.reused}` : '';
      this.options.onInfo(
        `${c === BLACK ? 'B' : 'W'} ${name(r.move)} win ${(100 * r.winrate).toFixed(1)}% playouts ${r.playouts}${helpers} ` +
          `${r.ms} ms${reused} pv ${r.pv.map(name).join(' ')}`,
      );
    }
    const move = r.move;
    // Our own clock runs on until the controller's next time_left corrects it.
    this.session.clock.spend(c, (Date.now() - start) / 1000);
    return move;
  }
}

/** Runs the engine over a stream of lines until `quit` or the end of input. */
export async function runGoGtp(lines: AsyncIterable<string>, write: (text: string) => void, options: GoGtpOptions = {}): Promise<void> {
  const engine = new GoGtpEngine(options);
  for await (const line of lines) {
    const reply = engine.handle(line);
    if (!reply) continue;
    write(reply.text);
    if (reply.quit) return;
  }
}
