// The two kinds of Go players a match can hold, behind one GTP-shaped interface: sente itself
// (the in-process GTP engine, no pipe in between) and any external program speaking GTP on
// stdin/stdout (GNU Go: "gnugo --mode gtp --level 1"), spawned with child_process.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { go } from '@sente/search';

export interface GtpAnswer {
  readonly ok: boolean;
  /** The reply without "=" / "?" and without the trailing blank line. */
  readonly text: string;
}

export interface GtpPlayer {
  readonly name: string;
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
  async close(): Promise<void> {}
}

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
  private readonly waiting: Array<{ resolve: (a: GtpAnswer) => void; reject: (e: Error) => void }> = [];
  private exited: Error | null = null;
  private stderr = '';

  constructor(
    readonly name: string,
    commandLine: string,
  ) {
    const [cmd, ...args] = splitCommandLine(commandLine);
    if (!cmd) throw new Error('empty engine command line');
    this.child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => this.onData(chunk));
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-2000);
    });
    const fail = (e: Error): void => {
      this.exited = e;
      for (const w of this.waiting.splice(0)) w.reject(e);
    };
    this.child.on('error', (e) => fail(new Error(`${name}: cannot run "${commandLine}": ${e.message}`)));
    this.child.on('exit', (code, signal) => fail(new Error(`${name} exited (${signal ?? code})${this.stderr ? `: ${this.stderr.trim()}` : ''}`)));
    this.child.stdin.on('error', () => {});
  }

  private onData(chunk: string): void {
    this.buffer += chunk.replace(/\r/g, '');
    for (;;) {
      const end = this.buffer.indexOf('\n\n');
      if (end < 0) return;
      const reply = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const w = this.waiting.shift();
      if (w) w.resolve(parseReply(reply.replace(/^\s+/, '')));
    }
  }

  send(command: string): Promise<GtpAnswer> {
    if (this.exited) return Promise.reject(this.exited);
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.child.stdin.write(command + '\n');
    });
  }

  async close(): Promise<void> {
    if (this.exited) return;
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
 * A player from its description: "sente", "sente:playouts=500,time=2,resign=0.05,seed=7", or
 * "gtp:<command line>" (e.g. "gtp:gnugo --mode gtp --level 1").
 */
export function createPlayer(spec: string, index: number): GtpPlayer {
  if (spec === 'sente' || spec.startsWith('sente:')) {
    const options: { playouts?: number; timeMs?: number; resignThreshold?: number; seed?: number } = { seed: index + 1 };
    const rest = spec.slice('sente'.length + 1);
    for (const part of rest.split(',').filter(Boolean)) {
      const [key, value] = part.split('=');
      const v = Number(value);
      if (!Number.isFinite(v)) throw new Error(`player "${spec}": ${key} needs a number`);
      if (key === 'playouts') options.playouts = v;
      else if (key === 'time') options.timeMs = v * 1000;
      else if (key === 'resign') options.resignThreshold = v;
      else if (key === 'seed') options.seed = v;
      else throw new Error(`player "${spec}": unknown option ${key} (playouts, time, resign, seed)`);
    }
    return new SentePlayer(spec, options);
  }
  if (spec.startsWith('gtp:')) return new ExternalGtpPlayer(spec.slice(4).trim().split(/\s+/)[0], spec.slice(4));
  throw new Error(`player "${spec}": use "sente[:options]" or "gtp:<command line>"`);
}
