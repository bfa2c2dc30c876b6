// GTP version 2 for Go (as GNU Go, GoGui and Sabaki speak it): a function from command lines to
// response text, so it can be driven by stdin/stdout, by tests, or by the tournament runner
// without a process in between. Every command is answered with "= ..." or "? ...", each
// followed by a blank line; bad input is an error reply, never an exception.
import { MAX_PROTOCOL_LINE, gtpWords } from '../protocol-line.js';
import { MctsPlayer, RESIGN, type SearchOptions } from './mcts.js';
import { BLACK, GoBoard, PASS, WHITE, areaScore, formatMargin, gtpVertex, parseColor as parseColorLoose, parseGtpVertex as parseVertexLoose, renderGoBoard } from './rules.js';

// The rules' parsers trim Unicode whitespace; here a word is taken as it is (GTP's only
// whitespace is the space that separated it), so "play b \u00a0C3" is refused as in Othello GTP.
const parseColor = (word: string): number | null => (word.trim() === word ? parseColorLoose(word) : null);
const parseGtpVertex = (size: number, word: string): ReturnType<typeof parseVertexLoose> =>
  word.trim() === word ? parseVertexLoose(size, word) : parseVertexLoose(size, '?');

export const GO_GTP_COMMANDS = [
  'protocol_version',
  'name',
  'version',
  'list_commands',
  'known_command',
  'boardsize',
  'clear_board',
  'komi',
  'play',
  'genmove',
  'undo',
  'showboard',
  'final_score',
  'time_settings',
  'time_left',
  'quit',
] as const;

export interface GoGtpOptions extends SearchOptions {
  /** Positional superko for `play` and `genmove` (default off, as GNU Go). */
  readonly superko?: boolean;
  /** Engine version reported by `version`. */
  readonly version?: string;
}

export interface GtpReply {
  /** The full reply text, ending with a blank line. */
  readonly text: string;
  /** True after `quit`. */
  readonly quit: boolean;
}

export class GoGtpEngine {
  board: GoBoard = new GoBoard(19);
  komi = 7.5;
  private readonly player: MctsPlayer;
  private mainTime = 0;
  private byoTime = 0;
  private byoStones = 0;
  private readonly timeLeft = new Float64Array(3);
  private readonly stonesLeft = new Int32Array(3);

  constructor(readonly options: GoGtpOptions = {}) {
    this.player = new MctsPlayer(options);
    this.board.superko = options.superko ?? false;
  }

  /** Answers one command line; null for blank lines and comments (no reply is due). */
  handle(line: string): GtpReply | null {
    if (line.length > MAX_PROTOCOL_LINE) return { text: `? syntax error: line too long (${line.length} characters)\n\n`, quit: false };
    const words = gtpWords(line);
    if (words.length === 0) return null;
    let id = '';
    if (/^\d+$/.test(words[0])) id = words.shift()!;
    if (words.length === 0) return { text: `?${id} missing command\n\n`, quit: false };
    const command = words[0].toLowerCase();
    const args = words.slice(1);
    try {
      const r = this.run(command, args);
      if (r.ok) return { text: `=${id} ${r.text}\n\n`, quit: command === 'quit' };
      return { text: `?${id} ${r.text}\n\n`, quit: false };
    } catch (e) {
      return { text: `?${id} internal error: ${e instanceof Error ? e.message : String(e)}\n\n`, quit: false };
    }
  }

  private run(command: string, args: string[]): { ok: boolean; text: string } {
    const yes = (text = ''): { ok: boolean; text: string } => ({ ok: true, text });
    const no = (text: string): { ok: boolean; text: string } => ({ ok: false, text });
    switch (command) {
      case 'protocol_version':
        return yes('2');
      case 'name':
        return yes('sente');
      case 'version':
        return yes(this.options.version ?? '0.1.0');
      case 'list_commands':
        return yes(GO_GTP_COMMANDS.join('\n'));
      case 'known_command':
        if (args.length < 1) return no('syntax error');
        return yes((GO_GTP_COMMANDS as readonly string[]).includes(args[0].toLowerCase()) ? 'true' : 'false');
      case 'quit':
        return yes();
      case 'boardsize': {
        const n = Number(args[0]);
        if (args.length < 1 || !Number.isInteger(n)) return no('syntax error');
        if (n < 2 || n > 25) return no('unacceptable size');
        this.board = new GoBoard(n);
        this.board.superko = this.options.superko ?? false;
        return yes();
      }
      case 'clear_board':
        this.board.clear();
        return yes();
      case 'komi': {
        const k = Number(args[0]);
        if (args.length < 1 || !Number.isFinite(k)) return no('syntax error');
        this.komi = k;
        return yes();
      }
      case 'play': {
        if (args.length < 2) return no('syntax error');
        const c = parseColor(args[0]);
        if (c === null) return no('syntax error');
        const v = parseGtpVertex(this.board.size, args[1]);
        if (!v.ok) return no(v.error.code === 'off-board' ? 'illegal move' : 'syntax error');
        if (!this.board.play(v.value, c)) return no('illegal move');
        return yes();
      }
      case 'genmove': {
        if (args.length < 1) return no('syntax error');
        const c = parseColor(args[0]);
        if (c === null) return no('syntax error');
        const r = this.think(c);
        if (r === RESIGN) return yes('resign');
        // The player only proposes legal moves; should one ever be refused, pass rather than
        // announce a move the board did not take.
        const played = r !== PASS && this.board.play(r, c);
        if (!played) this.board.play(PASS, c);
        return yes(played ? gtpVertex(this.board.size, r) : 'pass');
      }
      case 'undo':
        if (this.board.ply === 0) return no('cannot undo');
        this.board.undo();
        return yes();
      case 'showboard':
        return yes('\n' + renderGoBoard(this.board) + `\nblack prisoners ${this.board.captures[BLACK]}, white prisoners ${this.board.captures[WHITE]}`);
      case 'final_score':
        return yes(formatMargin(areaScore(this.board, this.komi).margin));
      case 'time_settings': {
        const [m, b, s] = args.map(Number);
        if (args.length < 3 || ![m, b, s].every((x) => Number.isFinite(x) && x >= 0)) return no('syntax error');
        this.mainTime = m;
        this.byoTime = b;
        this.byoStones = s;
        this.timeLeft[BLACK] = this.timeLeft[WHITE] = m;
        this.stonesLeft[BLACK] = this.stonesLeft[WHITE] = 0;
        return yes();
      }
      case 'time_left': {
        if (args.length < 3) return no('syntax error');
        const c = parseColor(args[0]);
        const t = Number(args[1]);
        const s = Number(args[2]);
        if (c === null || !Number.isFinite(t) || !Number.isFinite(s)) return no('syntax error');
        this.timeLeft[c] = t;
        this.stonesLeft[c] = s;
        return yes();
      }
      default:
        return no('unknown command');
    }
  }

  /** Milliseconds for this move from the clock, or undefined when no clock was set. */
  private clockBudget(c: number): number | undefined {
    if (this.mainTime === 0 && this.byoTime === 0) return undefined;
    const left = this.timeLeft[c];
    const stones = this.stonesLeft[c];
    const empties = this.board.emptyCount;
    const seconds = stones > 0 ? left / stones : this.byoTime > 0 && left <= 0 ? this.byoTime / Math.max(1, this.byoStones) : left / Math.max(10, empties / 3);
    return Math.max(50, seconds * 900);
  }

  private think(c: number): number {
    const budget = this.clockBudget(c);
    const timeMs = budget === undefined ? this.options.timeMs : Math.min(budget, this.options.timeMs ?? Infinity);
    return this.player.genmove(this.board, c, this.komi, timeMs).move;
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
