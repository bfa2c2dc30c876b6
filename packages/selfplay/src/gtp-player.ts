// External Othello engines as players: a GTP program (gtp-rhino, `sente gtp`, anything speaking the
// Othello dialect of GTP) runs as a child process under the shared GTP client (@sente/search's
// GtpClient: timeouts, stderr capture, clean shutdown) and plays under our referee through the same
// GamePlayer interface as in-process builds. Every way an engine can fail (it does not start,
// exits, hangs, answers garbage) becomes a rejected promise with a message naming the engine and
// the command, which the referee turns into a loss with that reason. The player keeps its copy of
// the engine's game in an OthelloSession, the game session the GTP and NBoard servers use.
import { PASS, Position, formatBoard, squareName } from '@sente/core';
import { GtpClient, OthelloSession, othelloCodec, splitCommandLine, type GtpAnswer } from '@sente/search';
import type { GamePlayer } from './player.js';
import { gtpTimeLeft, gtpTimeSettings, type ClockView, type TimeControl } from './match/clock.js';

export { splitCommandLine };

export interface GtpPlayerOptions {
  /** Longest wait for any reply, genmove included (default 60 000 ms); the first reply, which
   *  also waits for the program to start, gets at least 30 s. */
  readonly timeoutMs?: number;
  /** The player's name in results (default: the command line). */
  readonly name?: string;
}

/** An Othello engine over GTP, as a GamePlayer; `send` and `supports` reach the engine directly (clocks: time_settings, time_left). */
export class OthelloGtpPlayer implements GamePlayer {
  /** Our copy of the engine's game, and how many of the referee's moves it knows. */
  private readonly known = new OthelloSession();
  private synced = 0;
  private closed = false;

  constructor(readonly name: string, readonly client: GtpClient) {}

  /** Sends any command (e.g. `time_left black 30 0`); the reply, success or not. */
  send(command: string): Promise<GtpAnswer> {
    return this.client.send(command);
  }

  /** Whether the engine's list_commands has `command`. */
  supports(command: string): boolean {
    return this.client.supports(command);
  }

  async newGame(start: Position, opening: readonly number[], _game?: number, timeControl?: TimeControl): Promise<void> {
    await this.client.expect('boardsize 8');
    await this.client.expect('clear_board');
    await this.sendClock(timeControl);
    this.known.reset(Position.initial());
    this.synced = 0;
    if (start.equals(this.known.position)) return;
    if (this.supports('grhino-setup_board')) {
      const reply = await this.client.send(`grhino-setup_board ${formatBoard(start)}`);
      if (reply.ok) {
        this.known.reset(start);
        return;
      }
      // gtp-rhino refuses some legal positions (very few discs); replaying the opening may work.
      await this.client.expect('clear_board');
    }
    for (const move of opening) await this.relay(move);
    if (!this.known.position.equals(start)) {
      throw new Error(`${this.name}: cannot set up the start position ${formatBoard(start)} (no grhino-setup_board, and the opening does not lead to it)`);
    }
  }

  /** Sends one move the engine did not make itself, passing first for a side that has to. */
  private async relay(move: number): Promise<void> {
    const p = this.known.position;
    if (move !== PASS && !p.isLegal(move) && p.mustPass() && !p.isGameOver()) await this.relayPass();
    if (move === PASS) {
      await this.relayPass();
      return;
    }
    const color = othelloCodec.colorName(this.known.toMove);
    if (this.known.play(move) !== null) throw new Error(`${this.name}: the referee's move ${squareName(move)} is not legal for ${color} in the engine's game`);
    await this.client.expect(`play ${color} ${othelloCodec.formatVertex(move)}`);
  }

  private async relayPass(): Promise<void> {
    const color = othelloCodec.colorName(this.known.toMove);
    this.known.play(PASS);
    // gtp-rhino passes on its own and refuses the explicit pass; GTP engines from Go accept it.
    await this.client.send(`play ${color} pass`);
  }

  async genmove(position: Position, moves: readonly number[], clock?: ClockView): Promise<number> {
    if (moves.length < this.synced) throw new Error(`${this.name}: the referee's move list shrank (${moves.length} < ${this.synced} moves)`);
    for (let i = this.synced; i < moves.length; i++) await this.relay(moves[i]);
    this.synced = moves.length;
    if (!this.known.position.equals(position)) {
      throw new Error(`${this.name}: out of sync: the engine's game is at ${formatBoard(this.known.position)}, the referee's at ${formatBoard(position)}`);
    }
    const color = othelloCodec.colorName(position.side);
    await this.sendClock(undefined, color, clock);
    const command = `genmove ${color}`;
    const reply = await this.client.send(command);
    if (!reply.ok) throw new Error(`${this.name} refused "${command}": ? ${reply.text}`);
    const move = othelloCodec.parseVertex(reply.text);
    if (move === null) throw new Error(`${this.name} answered "${reply.text.slice(0, 80)}" to "${command}", which is not a move`);
    // The referee judges legality (an illegal answer ends the game); we track legal answers.
    this.known.play(move);
    this.synced = moves.length + 1;
    return move;
  }

  /**
   * The game clock (match/clock.ts says how it maps to GTP): time_settings at a new game,
   * time_left before each genmove. Sent only to an engine that lists both commands; a refusal is
   * not an error (the referee keeps the clock either way).
   */
  private async sendClock(timeControl?: TimeControl, color?: 'black' | 'white', clock?: ClockView): Promise<void> {
    if (!this.supports('time_settings') || !this.supports('time_left')) return;
    if (timeControl) await this.client.send(gtpTimeSettings(timeControl));
    if (color && clock) await this.client.send(gtpTimeLeft(color, clock));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.client.close(1000);
  }
}

/**
 * Starts a GTP engine (`commandLine` is split shell-style and run without a shell) and returns it
 * as a GamePlayer. Rejects with a clear Error when the program cannot start or does not speak GTP.
 */
export async function createGtpPlayer(commandLine: string, options: GtpPlayerOptions = {}): Promise<OthelloGtpPlayer> {
  const name = options.name ?? commandLine.trim();
  const timeoutMs = options.timeoutMs ?? 60_000;
  // The first reply also waits for the program to start (loading tables can take seconds).
  const client = await GtpClient.start(commandLine, { name, timeoutMs });
  for (const needed of ['boardsize', 'clear_board', 'play', 'genmove']) {
    if (!client.supports(needed)) {
      await client.close(1000);
      throw new Error(`${name} does not list the GTP command "${needed}"`);
    }
  }
  return new OthelloGtpPlayer(name, client);
}
