// External engines as players: a GTP program (gtp-rhino, `sente gtp`, anything speaking the
// Othello dialect of GTP) runs as a child process and plays under our referee through the same
// GamePlayer interface as in-process builds. Every way an engine can fail (it does not start,
// exits, hangs, answers garbage) becomes a rejected promise with a message naming the engine and
// the command, which the referee turns into a loss with that reason.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { BLACK, PASS, Position, formatBoard, squareName } from '@sente/core';
import type { GamePlayer } from './player.js';
import { gtpTimeLeft, gtpTimeSettings, type ClockView, type TimeControl } from './match/clock.js';

export interface GtpPlayerOptions {
  /** Longest wait for any reply, genmove included (default 60 000 ms); the first reply, which
   *  also waits for the program to start, gets at least 30 s. */
  readonly timeoutMs?: number;
  /** The player's name in results (default: the command line). */
  readonly name?: string;
}

/** The least time a program gets to start and answer its first command. */
const STARTUP_MS = 30_000;

/** Splits a command line shell-style (single and double quotes, backslash escapes), no shell. */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quote === "'") {
      if (ch === "'") quote = null;
      else word += ch;
    } else if (quote === '"') {
      if (ch === '"') quote = null;
      else if (ch === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1])) word += line[++i];
      else word += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      inWord = true;
    } else if (ch === '\\' && i + 1 < line.length) {
      word += line[++i];
      inWord = true;
    } else if (ch === ' ' || ch === '\t' || ch === '\n') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += ch;
      inWord = true;
    }
  }
  if (quote !== null) throw new Error(`unterminated ${quote} quote in command line: ${line}`);
  if (inWord) words.push(word);
  return words;
}

interface Pending {
  readonly command: string;
  readonly resolve: (reply: GtpReply) => void;
  readonly reject: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
}

interface GtpReply {
  readonly ok: boolean;
  readonly text: string;
}

/** One GTP connection: commands go one at a time; replies are `=`/`?` lines up to a blank line. */
class GtpConnection {
  private buffer = '';
  private replyLines: string[] | null = null;
  private pending: Pending | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private stderrTail: string[] = [];
  /** Why the connection is unusable (exit, error, timeout, garbage), once it is. */
  private failure: string | null = null;
  private exited = false;
  readonly exit: Promise<void>;

  constructor(private readonly child: ChildProcessWithoutNullStreams, private readonly name: string, private readonly timeoutMs: number) {
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => this.onData(chunk));
    child.stderr.on('data', (chunk: string) => {
      this.stderrTail.push(...chunk.split('\n').filter((l) => l.trim() !== ''));
      if (this.stderrTail.length > 5) this.stderrTail.splice(0, this.stderrTail.length - 5);
    });
    // Writes to a dead process fail asynchronously; the exit handler reports it.
    child.stdin.on('error', () => {});
    this.exit = new Promise((resolve) => {
      child.on('error', (error) => {
        this.fail(`${name} failed: ${error.message}`);
        this.exited = true;
        resolve();
      });
      // 'close' (not 'exit'): a reply written just before exiting is still read first.
      child.on('close', (code, signal) => {
        this.exited = true;
        this.fail(`${name} exited (${signal ? `signal ${signal}` : `code ${code}`})`);
        resolve();
      });
    });
  }

  get alive(): boolean {
    return !this.exited;
  }

  private stderrNote(): string {
    return this.stderrTail.length > 0 ? `; its stderr ends: ${this.stderrTail.join(' | ').slice(-300)}` : '';
  }

  private fail(reason: string): void {
    if (this.failure === null) this.failure = reason;
    const p = this.pending;
    if (p) {
      this.pending = null;
      clearTimeout(p.timer);
      p.reject(new Error(`${reason} while waiting for the reply to "${p.command}"${this.stderrNote()}`));
    }
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    let nl: number;
    while ((nl = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, nl).replace(/\r$/, '');
      this.buffer = this.buffer.slice(nl + 1);
      this.onLine(line);
    }
    if (this.buffer.length > 1_000_000) {
      this.buffer = '';
      this.garbage('a line of more than 1 MB');
    }
  }

  private onLine(line: string): void {
    if (this.replyLines === null) {
      if (line.trim() === '') return;
      if (!/^[=?]\d*(\s|$)/.test(line)) {
        this.garbage(`"${line.slice(0, 80)}"`);
        return;
      }
      this.replyLines = [line];
      return;
    }
    if (line.trim() !== '') {
      this.replyLines.push(line);
      return;
    }
    const lines = this.replyLines;
    this.replyLines = null;
    const p = this.pending;
    if (!p) return; // a reply nobody asked for: ignored
    this.pending = null;
    clearTimeout(p.timer);
    const first = lines[0];
    const text = [first.replace(/^[=?]\d*\s?/, ''), ...lines.slice(1)].join('\n').trim();
    p.resolve({ ok: first[0] === '=', text });
  }

  private garbage(what: string): void {
    if (this.pending) this.fail(`${this.name} answered garbage ${what}`);
    // Garbage outside a command (a banner, a log line on stdout) is tolerated.
  }

  /** Sends one command and resolves with its reply; commands are serialised. */
  send(command: string, timeoutMs = this.timeoutMs): Promise<GtpReply> {
    const run = (): Promise<GtpReply> => new Promise<GtpReply>((resolve, reject) => {
      if (this.failure !== null) {
        reject(new Error(`${this.failure}; cannot send "${command}"${this.stderrNote()}`));
        return;
      }
      const timer = setTimeout(() => {
        this.fail(`${this.name} gave no reply within ${timeoutMs} ms`);
        this.child.kill('SIGKILL');
      }, timeoutMs);
      this.pending = { command, resolve, reject, timer };
      this.child.stdin.write(`${command}\n`);
    });
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** Sends a command that must succeed. */
  async expect(command: string, timeoutMs?: number): Promise<string> {
    const reply = await this.send(command, timeoutMs);
    if (!reply.ok) throw new Error(`${this.name} refused "${command}": ? ${reply.text}`);
    return reply.text;
  }

  kill(): void {
    if (!this.exited) this.child.kill('SIGKILL');
  }
}

function colorWord(side: number): 'black' | 'white' {
  return side === BLACK ? 'black' : 'white';
}

/** Parses a genmove reply: a vertex A1..H8 (either case) or pass. */
function parseMoveReply(text: string): number | null {
  const t = text.trim();
  if (/^pass$/i.test(t)) return PASS;
  const m = /^([a-hA-H])([1-8])$/.exec(t);
  if (!m) return null;
  return (m[2].charCodeAt(0) - 49) * 8 + ((m[1].charCodeAt(0) | 0x20) - 97);
}

class GtpPlayer implements GamePlayer {
  /** Our copy of the engine's game: the position it has and how many of the referee's moves it knows. */
  private known = Position.initial();
  private synced = 0;
  private closed = false;

  constructor(readonly name: string, private readonly gtp: GtpConnection, private readonly canSetup: boolean, private readonly canClock: boolean) {}

  async newGame(start: Position, opening: readonly number[], _game?: number, timeControl?: TimeControl): Promise<void> {
    await this.gtp.expect('boardsize 8');
    await this.gtp.expect('clear_board');
    await this.sendClock(timeControl);
    this.known = Position.initial();
    this.synced = 0;
    if (start.equals(this.known)) return;
    if (this.canSetup) {
      const reply = await this.gtp.send(`grhino-setup_board ${formatBoard(start)}`);
      if (reply.ok) {
        this.known = start.clone();
        return;
      }
      // gtp-rhino refuses some legal positions (very few discs); replaying the opening may work.
      await this.gtp.expect('clear_board');
    }
    for (const move of opening) await this.relay(move);
    if (!this.known.equals(start)) {
      throw new Error(`${this.name}: cannot set up the start position ${formatBoard(start)} (no grhino-setup_board, and the opening does not lead to it)`);
    }
  }

  /** Sends one move the engine did not make itself, passing first for a side that has to. */
  private async relay(move: number): Promise<void> {
    const p = this.known;
    if (move !== PASS && !p.isLegal(move) && p.mustPass() && !p.isGameOver()) await this.relayPass();
    if (move === PASS) {
      await this.relayPass();
      return;
    }
    const color = colorWord(p.side);
    if (!p.makeMove(move)) throw new Error(`${this.name}: the referee's move ${squareName(move)} is not legal for ${color} in the engine's game`);
    await this.gtp.expect(`play ${color} ${squareName(move).toUpperCase()}`);
  }

  private async relayPass(): Promise<void> {
    const color = colorWord(this.known.side);
    this.known.makePass();
    // gtp-rhino passes on its own and refuses the explicit pass; GTP engines from Go accept it.
    await this.gtp.send(`play ${color} pass`);
  }

  async genmove(position: Position, moves: readonly number[], clock?: ClockView): Promise<number> {
    if (moves.length < this.synced) throw new Error(`${this.name}: the referee's move list shrank (${moves.length} < ${this.synced} moves)`);
    for (let i = this.synced; i < moves.length; i++) await this.relay(moves[i]);
    this.synced = moves.length;
    if (!this.known.equals(position)) {
      throw new Error(`${this.name}: out of sync: the engine's game is at ${formatBoard(this.known)}, the referee's at ${formatBoard(position)}`);
    }
    const color = colorWord(position.side);
    await this.sendClock(undefined, color, clock);
    const command = `genmove ${color}`;
    const reply = await this.gtp.send(command);
    if (!reply.ok) throw new Error(`${this.name} refused "${command}": ? ${reply.text}`);
    const move = parseMoveReply(reply.text);
    if (move === null) throw new Error(`${this.name} answered "${reply.text.slice(0, 80)}" to "${command}", which is not a move`);
    // The referee judges legality (an illegal answer ends the game); we track legal answers.
    if (move === PASS) {
      if (this.known.mustPass()) this.known.makePass();
    } else {
      this.known.makeMove(move);
    }
    this.synced = moves.length + 1;
    return move;
  }

  /**
   * The game clock (match/clock.ts says how it maps to GTP): time_settings at a new game,
   * time_left before each genmove. Sent only to an engine that lists both commands; a refusal is
   * not an error (the referee keeps the clock either way).
   */
  private async sendClock(timeControl?: TimeControl, color?: 'black' | 'white', clock?: ClockView): Promise<void> {
    if (!this.canClock) return;
    if (timeControl) await this.gtp.send(gtpTimeSettings(timeControl));
    if (color && clock) await this.gtp.send(gtpTimeLeft(color, clock));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.gtp.alive) {
      this.gtp.send('quit').catch(() => undefined);
      const timer = setTimeout(() => this.gtp.kill(), 1000);
      await this.gtp.exit;
      clearTimeout(timer);
    }
  }
}

/**
 * Starts a GTP engine (`commandLine` is split shell-style and run without a shell) and returns it
 * as a GamePlayer. Rejects with a clear Error when the program cannot start or does not speak GTP.
 */
export async function createGtpPlayer(commandLine: string, options: GtpPlayerOptions = {}): Promise<GamePlayer> {
  const argv = splitCommandLine(commandLine);
  if (argv.length === 0) throw new Error('empty GTP command line');
  const name = options.name ?? commandLine.trim();
  const child = spawn(argv[0], argv.slice(1), { stdio: ['pipe', 'pipe', 'pipe'] });
  const timeoutMs = options.timeoutMs ?? 60_000;
  const gtp = new GtpConnection(child, name, timeoutMs);
  try {
    // The first reply also waits for the program to start (loading tables can take seconds).
    const commands = (await gtp.expect('list_commands', Math.max(timeoutMs, STARTUP_MS))).split('\n').map((c) => c.trim());
    for (const needed of ['boardsize', 'clear_board', 'play', 'genmove']) {
      if (!commands.includes(needed)) throw new Error(`${name} does not list the GTP command "${needed}"`);
    }
    return new GtpPlayer(name, gtp, commands.includes('grhino-setup_board'), commands.includes('time_settings') && commands.includes('time_left'));
  } catch (error) {
    gtp.kill();
    throw error;
  }
}
