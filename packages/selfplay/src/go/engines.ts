// The two kinds of Go players a match can hold, behind one GTP-shaped interface: sente itself
// (the in-process GTP engine, no pipe in between) and any external program speaking GTP on
// stdin/stdout (GNU Go: "gnugo --mode gtp --level 1"), spawned with child_process. An external
// engine is never trusted to answer: every command has a timeout (the first one, which also waits
// for the program to start, a longer one), and an engine that times out is killed, so a match
// against a silent or broken program always ends.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { go } from '@sente/search';
import { parseDuration } from '../match/duration.js';

export interface GtpAnswer {
  readonly ok: boolean;
  /** The reply without "=" / "?" and without the trailing blank line. */
  readonly text: string;
}

export interface GtpPlayer {
  readonly name: string;
  /** False once the engine has exited, crashed or been killed for a timeout (absent: always alive). */
  readonly alive?: boolean;
  /** False until the engine has answered a command (absent: started). */
  readonly started?: boolean;
  send(command: string): Promise<GtpAnswer>;
  close(): Promise<void>;
}

function parseReply(text: string): GtpAnswer {
  const ok = text.startsWith('=');
  return { ok, text: text.replace(/^[=?]\d*\s?/, '').replace(/\s+$/, '') };
}

/** sente in-process. */
export class SentePlayer implements GtpPlayer {
  private readonly engine: go.GoGtpEngine;
  constructor(
    readonly name: string,
    options: go.GoGtpOptions,
  ) {
    this.engine = new go.GoGtpEngine(options);
  }
  async send(command: string): Promise<GtpAnswer> {
    const reply = this.engine.handle(command);
    return reply ? parseReply(reply.text) : { ok: true, text: '' };
  }
  get alive(): boolean {
    return true;
  }
  async close(): Promise<void> {
    this.engine.close();
  }
}

/** An external engine gave no (complete) reply in time; it has been killed. */
export class GtpTimeoutError extends Error {}

export interface ExternalGtpOptions {
  /** Longest wait for one reply, genmove included (default 60 000 ms). */
  readonly timeoutMs?: number;
  /** Longest wait for the first reply, which also waits for the program to start (default: the
   *  larger of timeoutMs and 30 000 ms). */
  readonly startupTimeoutMs?: number;
}

/** The least time a program gets to start and answer its first command. */
const STARTUP_MS = 30_000;

/** Splits a command line on spaces, honouring double and single quotes. */
export function splitCommandLine(line: string): string[] {
  const out: string[] = [];
  const re = /"([^"]*)"|'([^']*)'|(\S+)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(line)) !== null) out.push(m[1] ?? m[2] ?? m[3]);
  return out;
}

/** An external GTP program. Replies are read up to the blank line that ends each one. */
export class ExternalGtpPlayer implements GtpPlayer {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffer = '';
  private readonly waiting: Array<{ resolve: (a: GtpAnswer) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }> = [];
  private exited: Error | null = null;
  private stderr = '';
  private sent = 0;
  private replies = 0;
  private readonly timeoutMs: number;
  private readonly startupTimeoutMs: number;

  constructor(
    readonly name: string,
    commandLine: string,
    options: ExternalGtpOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.startupTimeoutMs = options.startupTimeoutMs ?? Math.max(this.timeoutMs, STARTUP_MS);
    const [cmd, ...args] = splitCommandLine(commandLine);
    if (!cmd) throw new Error('empty engine command line');
    this.child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => this.onData(chunk));
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-2000);
    });
    this.child.on('error', (e) => this.fail(new Error(`${name}: cannot run "${commandLine}": ${e.message}`)));
    this.child.on('exit', (code, signal) => this.fail(new Error(`${name} exited (${signal ?? code})${this.stderr ? `: ${this.stderr.trim()}` : ''}`)));
    this.child.stdin.on('error', () => {});
  }

  get alive(): boolean {
    return this.exited === null;
  }

  get started(): boolean {
    return this.replies > 0;
  }

  /** The first failure is the reason kept (a timeout, then the exit the kill causes). */
  private fail(e: Error): void {
    if (this.exited === null) this.exited = e;
    for (const w of this.waiting.splice(0)) {
      clearTimeout(w.timer);
      w.reject(this.exited);
    }
  }

  private onData(chunk: string): void {
    this.buffer += chunk.replace(/\r/g, '');
    for (;;) {
      const end = this.buffer.indexOf('\n\n');
      if (end < 0) return;
      const reply = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const w = this.waiting.shift();
      this.replies++;
      if (w) {
        clearTimeout(w.timer);
        w.resolve(parseReply(reply.replace(/^\s+/, '')));
      }
    }
  }

  send(command: string): Promise<GtpAnswer> {
    if (this.exited) return Promise.reject(this.exited);
    const ms = this.sent++ === 0 ? this.startupTimeoutMs : this.timeoutMs;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.fail(new GtpTimeoutError(`${this.name} gave no complete reply to "${command}" within ${ms} ms${this.stderr ? `; its stderr ends: ${this.stderr.trim().slice(-300)}` : ''}`));
        this.child.kill('SIGKILL');
      }, ms);
      this.waiting.push({ resolve, reject, timer });
      this.child.stdin.write(command + '\n');
    });
  }

  async close(): Promise<void> {
    if (this.exited) {
      // Killed for a timeout: make sure it is gone (a no-op if it has exited).
      this.child.kill('SIGKILL');
      return;
    }
    const done = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    try {
      await Promise.race([this.send('quit'), new Promise((r) => setTimeout(r, 2000))]);
    } catch {
      // already gone
    }
    this.child.stdin.end();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 3000);
    await done;
    clearTimeout(timer);
  }
}

/**
 * A player from its description: "sente", "sente:playouts=500,time=2s,resign=0.05,seed=7,threads=2", or
 * "gtp:<command line>" (e.g. "gtp:gnugo --mode gtp --level 1").
 */
export function createPlayer(spec: string, index: number, options: ExternalGtpOptions = {}): GtpPlayer {
  if (spec === 'sente' || spec.startsWith('sente:')) {
    const options: { playouts?: number; timeMs?: number; resignThreshold?: number; seed?: number; threads?: number } = { seed: index + 1 };
    const rest = spec.slice('sente'.length + 1);
    for (const part of rest.split(',').filter(Boolean)) {
      const [key, value] = part.split('=');
      if (key === 'time') {
        // A duration as everywhere: 500ms, 2s, 1m; a bare number is seconds.
        const d = parseDuration(value ?? '');
        if (!d.ok) throw new Error(`player "${spec}": time: ${d.error}`);
        options.timeMs = d.ms;
        continue;
      }
      const v = Number(value);
      if (!Number.isFinite(v)) throw new Error(`player "${spec}": ${key} needs a number`);
      if (key === 'playouts') options.playouts = v;
      else if (key === 'resign') options.resignThreshold = v;
      else if (key === 'seed') options.seed = v;
      else if (key === 'threads') {
        if (!Number.isInteger(v) || v < 1 || v > 64) throw new Error(`player "${spec}": threads must be an integer 1..64`);
        options.threads = v;
      } else throw new Error(`player "${spec}": unknown option ${key} (playouts, time, resign, seed, threads)`);
    }
    return new SentePlayer(spec, options);
  }
  if (spec.startsWith('gtp:')) return new ExternalGtpPlayer(spec.slice(4).trim().split(/\s+/)[0], spec.slice(4), options);
  throw new Error(`player "${spec}": use "sente[:options]" or "gtp:<command line>"`);
}
