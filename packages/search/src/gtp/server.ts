// The GTP server loop both games share: a line is framed (framing.ts), its command looked up in a
// table the game registers into, run, and answered `=`/`?` with a blank line. The common commands
// (protocol_version, name, version, known_command, list_commands, quit) and the error replies
// (`? unknown command`, `? syntax error: ...`, `? internal error: ...`) live here, so Othello and
// Go answer them identically; a game only adds its own commands. A handler returns the result text
// or throws GtpError for a `? message` reply; anything else it throws is an internal error, never
// an exception out of handle().
import { GtpError, formatGtpReply, parseGtpCommand } from './framing.js';

/** A command's implementation: the arguments in, the result text out (throw GtpError to refuse). */
export type GtpHandler = (args: string[]) => string;

export interface GtpServerOptions {
  /** Reported by `name` (default "sente"). */
  readonly name?: string;
  /** Reported by `version` (default "0.1.0"). */
  readonly version?: string;
  /** An empty success as `= ` with the space (GNU Go) instead of `=` alone (gtp-rhino). */
  readonly spaceWhenEmpty?: boolean;
}

export interface GtpServerReply {
  /** The full reply text, ending with the blank line. */
  readonly text: string;
  /** True after a successful `quit`: the caller closes the connection after writing the reply. */
  readonly quit: boolean;
}

/** Refuses a command whose argument count is not `count` (or not within [count, max]). */
export function expectArgs(args: readonly string[], count: number, usage: string, max = count): void {
  if (args.length < count || args.length > max) throw new GtpError(`syntax error: wrong number of arguments (usage: ${usage})`);
}

/** A word cut for an error message. */
export function clip(text: string): string {
  return text.length > 24 ? `${text.slice(0, 24)}...` : text;
}

export class GtpServer {
  private readonly handlers = new Map<string, GtpHandler>();

  constructor(private readonly options: GtpServerOptions = {}) {
    this.register('protocol_version', () => '2');
    this.register('name', () => this.options.name ?? 'sente');
    this.register('version', () => this.options.version ?? '0.1.0');
    this.register('known_command', (args) => {
      expectArgs(args, 1, 'known_command <command>');
      return this.handlers.has(args[0]) ? 'true' : 'false';
    });
    this.register('list_commands', () => [...this.handlers.keys()].join('\n'));
    this.register('quit', () => '');
  }

  /** Adds (or replaces) a command; list_commands lists commands in the order they were first registered. */
  register(name: string, handler: GtpHandler): this {
    this.handlers.set(name, handler);
    return this;
  }

  /** The commands list_commands answers. */
  commands(): string[] {
    return [...this.handlers.keys()];
  }

  /** Answers one input line; null for lines GTP ignores (blank, comments). Never throws. */
  handle(line: string): GtpServerReply | null {
    const command = parseGtpCommand(line);
    if (command === null) return null;
    if ('error' in command) return { text: formatGtpReply(command.id, false, command.error), quit: false };
    const handler = this.handlers.get(command.name);
    if (handler === undefined) return { text: formatGtpReply(command.id, false, 'unknown command'), quit: false };
    try {
      const result = handler(command.args);
      return { text: formatGtpReply(command.id, true, result, this.options.spaceWhenEmpty), quit: command.name === 'quit' };
    } catch (error) {
      const message = error instanceof GtpError ? error.message : `internal error: ${error instanceof Error ? error.message : String(error)}`;
      return { text: formatGtpReply(command.id, false, message), quit: false };
    }
  }
}
