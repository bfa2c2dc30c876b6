// The one GTP client: an external engine (gtp-rhino, GNU Go, `sente gtp`, anything speaking GTP)
// run as a child process without a shell. An engine is never trusted to answer: commands go one at
// a time, every reply has a deadline (the first, which also waits for the program to start, a
// longer one), an engine that misses it is killed, and every way it can fail (cannot start, exits,
// hangs, writes garbage) becomes a rejected promise whose message names the engine, the command and
// the last lines of its stderr. Both games' players (Othello's and Go's) and the referees sit on it.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { SenteError, type SenteErrorCode } from '@sente/core';
import type { GtpAnswer } from './framing.js';

/**
 * Splits a command line as a POSIX shell would, without running one: single quotes keep
 * everything, double quotes keep all but `\"`, `\\`, `\$` and `` \` ``, a backslash outside quotes
 * keeps the next character; '' is an empty word. Throws on an unterminated quote.
 */
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
  if (quote !== null) throw new GtpClientError('gtp-start', `unterminated ${quote} quote in command line: ${line}`);
  if (inWord) words.push(word);
  return words;
}

/** Why a GTP engine failed: it could not start, it exited, it answered no GTP, or it was too slow. */
export type GtpFailureCode = Extract<SenteErrorCode, 'gtp-start' | 'gtp-exited' | 'gtp-garbage' | 'gtp-refused' | 'gtp-timeout'>;

export class GtpClientError extends SenteError {
  constructor(code: GtpFailureCode, message: string) {
    super(code, message);
  }
}

/** An engine gave no (complete) reply in time; it has been killed. */
export class GtpTimeoutError extends GtpClientError {
  constructor(message: string) {
    super('gtp-timeout', message);
  }
}

export interface GtpClientOptions {
  /** The engine's name in messages (default: the program, the first word of the command line). */
  readonly name?: string;
  /** Longest wait for one reply, genmove included (default 60 000 ms). */
  readonly timeoutMs?: number;
  /** Longest wait for the first reply, which also waits for the program to start (default: the larger of timeoutMs and 30 000 ms). */
  readonly startupTimeoutMs?: number;
  /** Lines of stderr kept for messages (default 5). */
  readonly stderrLines?: number;
}

/** The least time a program gets to start and answer its first command. */
export const GTP_STARTUP_MS = 30_000;
/** A line longer than this from an engine is garbage. */
const MAX_REPLY_LINE = 1_000_000;

interface Pending {
  readonly command: string;
  readonly resolve: (reply: GtpAnswer) => void;
  readonly reject: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
}

export class GtpClient {
  readonly name: string;
  readonly commandLine: string;
  /** Resolves when the process is gone (exited, killed, or never started). */
  readonly exit: Promise<void>;
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly timeoutMs: number;
  private readonly startupTimeoutMs: number;
  private readonly keepLines: number;
  private buffer = '';
  private replyLines: string[] | null = null;
  private pending: Pending | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private stderrTail: string[] = [];
  private stderrPartial = '';
  private failure: { code: GtpFailureCode; reason: string } | null = null;
  private exited = false;
  private sent = 0;
  private replies = 0;
  private listed: ReadonlySet<string> | null = null;

  /** Spawns the engine at once; the first command sent waits for it to start. Throws GtpClientError('gtp-start') for an empty or badly quoted command line. */
  constructor(commandLine: string, options: GtpClientOptions = {}) {
    const argv = splitCommandLine(commandLine);
    if (argv.length === 0) throw new GtpClientError('gtp-start', 'empty GTP command line');
    this.commandLine = commandLine.trim();
    this.name = options.name ?? argv[0];
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.startupTimeoutMs = options.startupTimeoutMs ?? Math.max(this.timeoutMs, GTP_STARTUP_MS);
    this.keepLines = options.stderrLines ?? 5;
    const child = spawn(argv[0], argv.slice(1), { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child = child;
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => this.onData(chunk));
    child.stderr.on('data', (chunk: string) => this.onStderr(chunk));
    // Writes to a dead process fail asynchronously; the exit handler reports it.
    child.stdin.on('error', () => {});
    this.exit = new Promise((resolve) => {
      child.on('error', (error) => {
        this.exited = true;
        this.fail('gtp-start', `${this.name} failed: ${error.message}`);
        resolve();
      });
      // 'close' (not 'exit'): a reply written just before exiting is still read first.
      child.on('close', (code, signal) => {
        this.exited = true;
        this.fail('gtp-exited', `${this.name} exited (${signal ? `signal ${signal}` : `code ${code}`})`);
        resolve();
      });
    });
  }

  /**
   * Starts an engine and asks for its `list_commands` (within the start-up timeout). Rejects with
   * a GtpClientError naming the command line and the engine's stderr when it cannot start.
   */
  static async start(commandLine: string, options: GtpClientOptions = {}): Promise<GtpClient> {
    const client = new GtpClient(commandLine, options);
    try {
      await client.listCommands();
      return client;
    } catch (error) {
      client.kill();
      await client.exit;
      const code = error instanceof GtpClientError ? (error.code as GtpFailureCode) : 'gtp-start';
      const message = `cannot start GTP engine "${client.commandLine}": ${error instanceof Error ? error.message : String(error)}`;
      throw code === 'gtp-timeout' ? new GtpTimeoutError(message) : new GtpClientError(code, message);
    }
  }

  /** False once the engine has exited, crashed or been killed. */
  get alive(): boolean {
    return !this.exited && this.failure === null;
  }

  /** True once the engine has answered a command. */
  get started(): boolean {
    return this.replies > 0;
  }

  /** The last lines the engine wrote to stderr. */
  stderr(): string[] {
    return this.stderrPartial.trim() === '' ? [...this.stderrTail] : [...this.stderrTail, this.stderrPartial].slice(-this.keepLines);
  }

  /** The commands of the engine's `list_commands` (asked once, then remembered). */
  async listCommands(): Promise<ReadonlySet<string>> {
    if (this.listed === null) {
      const text = await this.expect('list_commands');
      this.listed = new Set(text.split('\n').map((c) => c.trim()).filter((c) => c !== ''));
    }
    return this.listed;
  }

  /** Whether the engine lists `command` (false before listCommands() has been answered). */
  supports(command: string): boolean {
    return this.listed?.has(command) ?? false;
  }

  /** Sends one command (any text, e.g. `time_left black 30 0`) and resolves with its reply; commands are serialised. */
  send(command: string, timeoutMs?: number): Promise<GtpAnswer> {
    const run = (): Promise<GtpAnswer> => new Promise<GtpAnswer>((resolve, reject) => {
      if (this.failure !== null) {
        reject(this.error(this.failure.code, `${this.failure.reason}; cannot send "${command}"`));
        return;
      }
      const ms = timeoutMs ?? (this.sent === 0 ? this.startupTimeoutMs : this.timeoutMs);
      this.sent++;
      const timer = setTimeout(() => {
        this.fail('gtp-timeout', `${this.name} gave no complete reply to "${command}" within ${ms} ms`);
        this.child.kill('SIGKILL');
      }, ms);
      this.pending = { command, resolve, reject, timer };
      this.child.stdin.write(`${command}\n`);
    });
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** Sends a command that must succeed and resolves with its result text. */
  async expect(command: string, timeoutMs?: number): Promise<string> {
    const reply = await this.send(command, timeoutMs);
    if (!reply.ok) throw new GtpClientError('gtp-refused', `${this.name} refused "${command}": ? ${reply.text}`);
    return reply.text;
  }

  /** Says `quit`, waits up to `graceMs` for the engine to exit, then kills it. Safe to call twice. */
  async close(graceMs = 2000): Promise<void> {
    if (!this.exited && this.failure === null) {
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([this.send('quit', graceMs).catch(() => undefined), new Promise((resolve) => { wait = setTimeout(resolve, graceMs); })]);
      clearTimeout(wait);
      this.child.stdin.end();
    }
    const timer = setTimeout(() => this.kill(), graceMs);
    await this.exit;
    clearTimeout(timer);
  }

  /** Kills the engine at once. */
  kill(): void {
    if (!this.exited) this.child.kill('SIGKILL');
  }

  private stderrNote(): string {
    const lines = this.stderr().map((l) => l.trim()).filter((l) => l !== '');
    return lines.length > 0 ? `; its stderr ends: ${lines.join(' | ').slice(-300)}` : '';
  }

  private error(code: GtpFailureCode, message: string): GtpClientError {
    const text = `${message}${this.stderrNote()}`;
    return code === 'gtp-timeout' ? new GtpTimeoutError(text) : new GtpClientError(code, text);
  }

  /** The first failure is the reason kept (a timeout, then the exit the kill causes). */
  private fail(code: GtpFailureCode, reason: string): void {
    if (this.failure === null) this.failure = { code, reason };
    const p = this.pending;
    if (p) {
      this.pending = null;
      clearTimeout(p.timer);
      const { code: first, reason: why } = this.failure;
      p.reject(this.error(first, first === 'gtp-timeout' ? why : `${why} while waiting for the reply to "${p.command}"`));
    }
  }

  private onStderr(chunk: string): void {
    const parts = (this.stderrPartial + chunk).split('\n');
    this.stderrPartial = parts.pop() ?? '';
    if (this.stderrPartial.length > 10_000) this.stderrPartial = this.stderrPartial.slice(-10_000);
    for (const line of parts) if (line.trim() !== '') this.stderrTail.push(line);
    if (this.stderrTail.length > this.keepLines) this.stderrTail.splice(0, this.stderrTail.length - this.keepLines);
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    let start = 0;
    for (let nl = this.buffer.indexOf('\n'); nl >= 0; nl = this.buffer.indexOf('\n', start)) {
      const line = this.buffer.slice(start, nl).replace(/\r$/, '');
      start = nl + 1;
      this.onLine(line);
    }
    this.buffer = this.buffer.slice(start);
    if (this.buffer.length > MAX_REPLY_LINE) {
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
    this.replies++;
    const p = this.pending;
    if (!p) return; // a reply nobody asked for: ignored
    this.pending = null;
    clearTimeout(p.timer);
    const first = lines[0];
    const text = [first.replace(/^[=?]\d*\s?/, ''), ...lines.slice(1)].join('\n').trim();
    p.resolve({ ok: first[0] === '=', text });
  }

  private garbage(what: string): void {
    // Garbage outside a command (a banner, a log line on stdout) is tolerated.
    if (this.pending) {
      this.fail('gtp-garbage', `${this.name} answered garbage ${what}`);
      this.child.kill('SIGKILL');
    }
  }
}
