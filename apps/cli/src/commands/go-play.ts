// `sente go play`: Go in the terminal, person against person or against the engine (either
// colour). Like `sente play` it reads commands line by line from stdin, so a person at a keyboard
// and a script feeding a pipe are served alike: a bad line gets a one-line error and the prompt
// again, and nothing after `quit` is read. The board is drawn as seed 003 draws it ('+' empty,
// '*' black, 'O' white, the seed's 1-based (x, y) numbers from the top-left) with GTP letters and
// rows around it; moves are `Q16` or the seed's `16,4`. After two passes the dead stones are
// proposed (status.ts), the players toggle chains with `dead <point>` and accept with `done`; the
// score is shown by area and by territory.
import { writeFileAtomic } from '@sente/search';
import { createInterface } from 'node:readline';
import type { CommandModule } from 'yargs';
import { go as rules } from '@sente/core';
import { go as engine } from '@sente/search';
import { UsageError } from '../util.js';
import { DURATION_HELP, RULES, checked, durationMs, int, num } from '../options.js';

const COLUMNS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';
const HELP = 'commands: a point (Q16, or the seed\'s x,y like 16,4), pass, resign, undo, board, save FILE.sgf, help, quit';
const SCORING_HELP = 'dead <point> toggles that chain, done accepts, undo goes back to play, save FILE.sgf, quit';

interface Args {
  black: string;
  white: string;
  size: number;
  komi: number;
  handicap: number;
  time?: string;
  playouts?: number;
  threads?: number;
}

const colorWord = (c: number): string => (c === rules.BLACK ? 'black' : 'white');

/** The board as seed 003 draws it, with GTP letters above and GTP row numbers on the right. */
export function drawBoard(board: rules.GoBoard, last: number, dead: ReadonlySet<number> = new Set()): string {
  const n = board.size;
  const lines: string[] = [];
  lines.push('      ' + Array.from({ length: n }, (_, x) => ` ${COLUMNS[x]}`).join(''));
  lines.push('     [' + Array.from({ length: n }, (_, x) => String(x + 1).padStart(2)).join('') + ']');
  for (let y = 0; y < n; y++) {
    let row = `[${String(y + 1).padStart(2)}]  `;
    for (let x = 0; x < n; x++) {
      const p = board.pointAt(x, y);
      const c = board.color[p];
      const ch = dead.has(p) ? (c === rules.BLACK ? 'x' : 'o') : c === rules.BLACK ? '*' : c === rules.WHITE ? 'O' : '+';
      // The last move is bracketed: "[*]"; the brackets take the spaces around it.
      const before = p === last ? '[' : x > 0 && board.pointAt(x - 1, y) === last ? ']' : ' ';
      row += before + ch;
    }
    row += board.pointAt(n - 1, y) === last ? ']' : ' ';
    lines.push(`${row} ${n - y}`);
  }
  return lines.join('\n');
}

/** A point from `Q16` (GTP) or `16,4` / `(16, 4)` (the seed's x, y from the top-left, 1-based). */
export function parsePoint(size: number, text: string): { ok: true; point: number } | { ok: false; message: string } {
  const xy = /^\(?\s*(\d{1,2})\s*,\s*(\d{1,2})\s*\)?$/.exec(text);
  if (xy) {
    const x = Number(xy[1]);
    const y = Number(xy[2]);
    if (x < 1 || y < 1 || x > size || y > size) return { ok: false, message: `(${x}, ${y}) is outside the ${size}x${size} board (x and y are 1..${size})` };
    return { ok: true, point: rules.pointOf(size, x - 1, y - 1) };
  }
  const v = rules.parseGtpVertex(size, text);
  if (!v.ok || v.value === rules.PASS) return { ok: false, message: v.ok ? 'pass is a command, not a point' : v.error.message };
  return { ok: true, point: v.value };
}

const REASONS: Record<string, string> = {
  occupied: 'the point is occupied',
  suicide: 'suicide (the stone would have no liberty and captures nothing)',
  ko: 'ko (the stone just captured cannot be retaken at once; play elsewhere first)',
  superko: 'superko (it repeats an earlier position)',
  'off-board': 'it is off the board',
};

export class GoPlaySession {
  /** The game (board, komi, handicap stones, who made each move): the session `go gtp` keeps too. */
  readonly game: engine.GoSession;
  private readonly engines: [null, engine.MctsPlayer | null, engine.MctsPlayer | null];
  private resigned = rules.EMPTY;
  /** The dead-stone proposal being edited after two passes (null while playing). */
  private dead: Set<number> | null = null;
  private unsettled: number[] = [];
  /** Stones the judgement put in seki (their regions are nobody's territory). */
  private seki: ReadonlySet<number> = new Set();
  private scored = false;
  private result = '';

  constructor(private readonly args: Args, private readonly out: (line: string) => void) {
    this.game = new engine.GoSession({ size: args.size, komi: args.komi });
    const make = (side: string, seed: number): engine.MctsPlayer | null => (side === 'engine'
      ? new engine.MctsPlayer({ playouts: args.playouts, timeMs: durationMs(args.time), seed, resignThreshold: 0.05, threads: args.threads })
      : null);
    this.engines = [null, make(args.black, 1), make(args.white, 2)];
    if (args.handicap >= 2) {
      const placed = rules.fixedHandicapXY(args.size, args.handicap);
      if (!placed.ok) throw new UsageError(`--handicap: ${placed.error.message}`);
      this.game.placeHandicap(placed.value.map(([x, y]) => this.board.pointAt(x, y)));
    } else if (args.handicap === 1) throw new UsageError('--handicap: 1 stone is no handicap (use 0, or 2 and more)');
  }

  get board(): rules.GoBoard {
    return this.game.board;
  }

  private who(c: number): string {
    return this.engines[c] ? 'sente' : 'human';
  }

  private lastMove(): number {
    return this.game.lastMove();
  }

  private name(p: number): string {
    return `${rules.gtpVertex(this.board.size, p)} ${rules.figurePointName(this.board.size, p).replace(' ', '')}`;
  }

  /** Board, prisoners and what is expected next. */
  show(): void {
    const b = this.board;
    this.out('');
    this.out(drawBoard(b, this.lastMove(), this.dead ?? undefined));
    const k = b.ply - 1;
    const last = k >= 0 ? `${colorWord(b.colorAt(k))} ${b.moveAt(k) === rules.PASS ? 'passed' : `played ${this.name(b.moveAt(k))}`}; ` : '';
    this.out(`${last}move ${b.ply + 1}; captures: black ${b.captures[rules.BLACK]}, white ${b.captures[rules.WHITE]}`);
    this.prompt();
  }

  prompt(): void {
    if (this.resigned !== rules.EMPTY || this.scored) this.out(`game over: ${this.result}. undo, save FILE.sgf or quit`);
    else if (this.dead) {
      const names = this.deadChains().map((ch) => this.name(ch)).join(', ');
      this.out(`scoring: dead stones marked x (black) and o (white)${names ? `: chains at ${names}` : ': none'}${this.unsettled.length > 0 ? `; unsettled, please check: ${this.unsettled.map((p) => this.name(p)).join(', ')}` : ''}`);
      this.out(SCORING_HELP);
    } else this.out(`${colorWord(this.board.toMove)} to move (${this.who(this.board.toMove)}): a point (Q16 or 16,4), pass, resign, undo, save FILE.sgf, quit`);
  }

  /** Heads of the chains marked dead (one point each). */
  private deadChains(): number[] {
    const heads = new Set<number>();
    for (const p of this.dead ?? []) heads.add(this.board.head[p]);
    return [...heads].sort((a, b) => a - b);
  }

  /** Engine moves until a person is to move or the game stops for scoring. */
  advance(): void {
    for (;;) {
      if (this.resigned !== rules.EMPTY || this.dead || this.scored) return;
      if (this.board.passes >= 2) {
        this.startScoring();
        return;
      }
      const c = this.board.toMove;
      const player = this.engines[c];
      if (!player) return;
      const r = player.genmove(this.board, c, this.args.komi);
      if (r.move === engine.RESIGN) {
        this.out(`sente (${colorWord(c)}) resigns`);
        this.resign(c);
        return;
      }
      const move = r.move !== rules.PASS && this.board.isLegal(r.move, c) ? r.move : rules.PASS;
      this.game.play(move, c);
      this.out(`sente (${colorWord(c)}) ${move === rules.PASS ? 'passes' : `plays ${this.name(move)}`} (winrate ${r.winrate.toFixed(2)}, ${r.playouts} playouts, ${(r.ms / 1000).toFixed(2)} s)`);
    }
  }

  private resign(c: number): void {
    this.resigned = c;
    this.result = `${c === rules.BLACK ? 'W' : 'B'}+R (${colorWord(c)} resigned)`;
  }

  private startScoring(): void {
    const judge = engine.judgeStatus(this.board, engine.statusJudge(), this.args.komi, this.args.playouts !== undefined ? Math.max(100, Math.min(400, this.args.playouts)) : engine.STATUS_PLAYOUTS);
    this.dead = new Set(judge.dead);
    this.seki = judge.seki;
    this.unsettled = judge.chains.filter((ch) => ch.unsettled).map((ch) => ch.head);
    this.out('two passes: the game stops. sente proposes these dead stones:');
    // Without a person to agree, the proposal stands.
    if (!this.engines[rules.BLACK] || !this.engines[rules.WHITE]) return;
    this.finish();
  }

  private finish(): void {
    const dead = this.dead ?? new Set<number>();
    const seki = new Set([...this.seki].filter((p) => !dead.has(p)));
    const area = rules.areaScore(this.board, this.args.komi, dead);
    const territory = rules.territoryScore(this.board, this.args.komi, dead, seki);
    const deadBlack = [...dead].filter((p) => this.board.color[p] === rules.BLACK).length;
    const deadWhite = dead.size - deadBlack;
    this.out(`dead stones removed: ${deadBlack} black, ${deadWhite} white`);
    this.out(`area (stones + surrounded points): black ${area.black}, white ${area.white} + komi ${this.args.komi} -> ${rules.formatMargin(area.margin)}`);
    this.out(`territory (surrounded points + prisoners): black ${territory.black}, white ${territory.white} + komi ${this.args.komi} -> ${rules.formatMargin(territory.margin)}`);
    this.result = `${rules.formatMargin(area.margin)} by area, ${rules.formatMargin(territory.margin)} by territory`;
    this.scored = true;
  }

  private save(file: string): void {
    const path = /\.sgf$/i.test(file) ? file : `${file}.sgf`;
    const re = this.resigned !== rules.EMPTY ? this.result.slice(0, 3) : this.scored ? rules.formatMargin(rules.areaScore(this.board, this.args.komi, this.dead ?? undefined).margin) : '';
    const text = this.game.toSgf({ black: this.who(rules.BLACK), white: this.who(rules.WHITE), result: re });
    try {
      writeFileAtomic(path, text);
    } catch (e) {
      throw new UsageError(`cannot write ${path}: ${(e as Error).message}`);
    }
    this.out(`saved ${path}`);
  }

  private undo(): void {
    if (this.board.ply === 0) throw new UsageError('nothing to undo');
    this.dead = null;
    this.scored = false;
    this.resigned = rules.EMPTY;
    // Between people, one move; against the engine, back to before the person's last move.
    if (this.engines[rules.BLACK] === null && this.engines[rules.WHITE] === null) {
      this.game.undo();
      return;
    }
    if (!this.game.undoHumanMove()) throw new UsageError('nothing to undo');
  }

  /** One input line; returns true on quit. */
  input(raw: string): boolean {
    const line = raw.trim();
    if (line === '') return false;
    // The seed's "(4, 4)" is one point even with a space after the comma.
    const [word, ...rest] = /^\(?\s*\d{1,2}\s*,\s*\d{1,2}\s*\)?$/.test(line) ? [line] : line.split(/\s+/);
    const command = word.toLowerCase();
    if (command === 'quit' || command === 'exit' || command === 'q') return true;
    try {
      if (command === 'help' || command === '?') {
        this.out(this.dead ? SCORING_HELP : HELP);
      } else if (command === 'board' || command === 'show') {
        this.show();
        return false;
      } else if (command === 'save') {
        if (rest.length !== 1) throw new UsageError('usage: save FILE.sgf');
        this.save(rest[0]);
      } else if (command === 'undo') {
        this.undo();
        this.advance();
        this.show();
        return false;
      } else if (this.resigned !== rules.EMPTY || this.scored) {
        throw new UsageError(`the game is over (${this.result}): undo, save FILE.sgf or quit`);
      } else if (this.dead) {
        if (command === 'done') {
          this.finish();
          this.show();
          return false;
        }
        if (command !== 'dead' || rest.length === 0) throw new UsageError(`"${line.slice(0, 40)}" is not a scoring command. ${SCORING_HELP}`);
        const p = parsePoint(this.board.size, rest.join(' '));
        if (!p.ok) throw new UsageError(p.message);
        const c = this.board.color[p.point];
        if (c !== rules.BLACK && c !== rules.WHITE) throw new UsageError(`${this.name(p.point)} is empty: name a stone`);
        const h = this.board.head[p.point];
        const chain: number[] = [];
        for (let s = h; ; ) {
          chain.push(s);
          s = this.board.nextStone[s];
          if (s === h) break;
        }
        const nowDead = !this.dead.has(p.point);
        for (const s of chain) if (nowDead) this.dead.add(s); else this.dead.delete(s);
        this.out(`${colorWord(c)} chain at ${this.name(p.point)} (${chain.length} stone${chain.length === 1 ? '' : 's'}) marked ${nowDead ? 'dead' : 'alive'}`);
        this.show();
        return false;
      } else if (rest.length > 0) {
        throw new UsageError(`unknown command "${line.slice(0, 40)}". ${HELP}`);
      } else if (this.engines[this.board.toMove]) {
        throw new UsageError('it is the engine\'s turn');
      } else if (command === 'pass') {
        this.game.play(rules.PASS, this.board.toMove, true);
        this.advance();
        this.show();
        return false;
      } else if (command === 'resign') {
        this.resign(this.board.toMove);
        this.show();
        return false;
      } else {
        const p = parsePoint(this.board.size, word);
        if (!p.ok) throw new UsageError(`"${word.slice(0, 20)}" is neither a point nor a command: ${p.message}`);
        const c = this.board.toMove;
        const why = this.board.illegalReason(p.point, c);
        if (why) throw new UsageError(`${this.name(p.point)} is illegal for ${colorWord(c)}: ${REASONS[why]}`);
        const before = this.board.captures[c];
        this.game.play(p.point, c, true);
        const took = this.board.captures[c] - before;
        if (took > 0) this.out(`${colorWord(c)} captures ${took} stone${took === 1 ? '' : 's'}`);
        this.advance();
        this.show();
        return false;
      }
    } catch (error) {
      this.out(`error: ${error instanceof Error ? error.message : String(error)}`);
    }
    this.prompt();
    return false;
  }
}

export const GO_PLAY_RULES = { size: int(2, 25), komi: num(-1000, 1000), handicap: int(0, 9), time: RULES.duration, playouts: int(1, 10_000_000), threads: int(1, 64) };

export const goPlayCommand: CommandModule<object, Args> = {
  command: 'play',
  describe: 'Play Go in the terminal: person against person or against the engine (reads stdin; scriptable)',
  builder: (y) =>
    checked(y
      .option('black', { type: 'string', default: 'human', choices: ['human', 'engine'], describe: 'who plays black' })
      .option('white', { type: 'string', default: 'engine', choices: ['human', 'engine'], describe: 'who plays white' })
      .option('size', { type: 'number', default: 9, describe: 'board size, 2..25' })
      .option('komi', { type: 'number', default: 7.5, describe: 'komi for white (both scorings)' })
      .option('handicap', { type: 'number', default: 0, describe: 'black handicap stones on GNU Go\'s fixed points (2..9; white moves first)' })
      .option('time', { type: 'string', describe: `engine time per move ${DURATION_HELP}` })
      .option('playouts', { type: 'number', describe: 'engine playouts per move (default 2000, or unlimited with --time)' })
      .option('threads', { type: 'number', describe: 'engine search threads (one shared tree; default 1)' }),
    GO_PLAY_RULES) as never,
  handler: async (args) => {
    const out = (text: string): void => {
      process.stdout.write(`${text}\n`);
    };
    process.stdout.on('error', () => process.exit(0));
    const session = new GoPlaySession(args, out);
    out(`sente go play: ${args.size}x${args.size}, komi ${args.komi}${args.handicap >= 2 ? `, handicap ${args.handicap}` : ''}; black ${args.black}, white ${args.white}. ${HELP}`);
    session.advance();
    session.show();
    const lines = createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
    for await (const raw of lines) if (session.input(raw)) break;
    lines.close();
  },
};
