// The two kinds of Go players a match can hold, behind one GTP-shaped interface (GoPlayer): sente
// itself (the in-process GTP engine, no pipe in between) and any external program speaking GTP on
// stdin/stdout (GNU Go: "gnugo --mode gtp --level 1") through the shared GTP client of
// @sente/search (GtpClient, the one the Othello players use). An external engine is never trusted
// to answer: every command has a timeout (the first one, which also waits for the program to
// start, a longer one), and an engine that times out is killed, so a match against a silent or
// broken program always ends.
import { GtpClient, GtpTimeoutError, go, parseGtpReply, splitCommandLine, type GtpAnswer, type GtpClientOptions } from '@sente/search';
import { parseGoPlayerSpec, senteOptionsOf } from './player-spec.js';

export { GtpTimeoutError, splitCommandLine, type GtpAnswer };

/** A Go player as the Go referee drives it: GTP commands in, replies out. */
export interface GoPlayer {
  readonly name: string;
  /** False once the engine has exited, crashed or been killed for a timeout (absent: always alive). */
  readonly alive?: boolean;
  /** False until the engine has answered a command (absent: started). */
  readonly started?: boolean;
  send(command: string): Promise<GtpAnswer>;
  close(): Promise<void>;
}

/** @deprecated the old name of GoPlayer (Othello's GTP player is OthelloGtpPlayer). */
export type GtpPlayer = GoPlayer;

/** sente in-process: the Go GTP engine without a pipe. */
export class SentePlayer implements GoPlayer {
  private readonly engine: go.GoGtpEngine;
  constructor(
    readonly name: string,
    options: go.GoGtpOptions,
  ) {
    this.engine = new go.GoGtpEngine(options);
  }
  async send(command: string): Promise<GtpAnswer> {
    const reply = this.engine.handle(command);
    return reply ? (parseGtpReply(reply.text) ?? { ok: false, text: reply.text }) : { ok: true, text: '' };
  }
  get alive(): boolean {
    return true;
  }
  async close(): Promise<void> {
    this.engine.close();
  }
}

export type ExternalGtpOptions = Pick<GtpClientOptions, 'timeoutMs' | 'startupTimeoutMs'>;

/** An external GTP program (the shared GtpClient under the GoPlayer interface). */
export class ExternalGtpPlayer implements GoPlayer {
  readonly client: GtpClient;

  constructor(
    readonly name: string,
    commandLine: string,
    options: ExternalGtpOptions = {},
  ) {
    this.client = new GtpClient(commandLine, { ...options, name });
  }

  get alive(): boolean {
    return this.client.alive;
  }

  get started(): boolean {
    return this.client.started;
  }

  send(command: string): Promise<GtpAnswer> {
    return this.client.send(command);
  }

  async close(): Promise<void> {
    await this.client.close(3000);
  }
}

/**
 * A player from its description (player-spec.ts): "sente", "sente:playouts=500,time=2s,threads=2",
 * or "gtp:<command line>" (e.g. "gtp:gnugo --mode gtp --level 1"); a bad description throws with
 * the parser's message. sente without a seed= gets seed index + 1.
 */
export function createPlayer(spec: string, index: number, options: ExternalGtpOptions = {}): GoPlayer {
  const r = parseGoPlayerSpec(spec);
  if (!r.ok) throw new Error(r.error);
  if (r.spec.kind === 'gtp') return new ExternalGtpPlayer(splitCommandLine(r.spec.command)[0] ?? '', r.spec.command, options);
  return new SentePlayer(r.spec.name, senteOptionsOf(r.spec, index + 1));
}
