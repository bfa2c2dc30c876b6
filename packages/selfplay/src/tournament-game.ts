// What a tournament needs to know about the game it runs, beyond the schedule, the pool and the
// Elo, which are the same for every game: how one game is played, how it is written to and read
// back from the results CSV (replayed and checked by that game's rules), and how it is archived.
// Othello is built into tournament.ts (its games can run on the pool); Go plugs in here
// (go/tournament-game.ts), so `sente tournament --game go` runs on the same runner: any number
// of players, Elo, --resume, --sprt, --archive.
import type { GameOutcome } from './referee.js';
import type { GtpSpec, PlayerSpec } from './players.js';
import type { ArchiveFormat } from './archive/archive.js';
import type { GameResult, ScheduledGame } from './tournament.js';
import type { WorkerTask } from './worker.js';

/** A game sent to the pool: its number and its two players (plain data, for a worker thread). */
export interface PooledGame {
  readonly key: number;
  readonly black: PlayerSpec;
  readonly white: PlayerSpec;
}

export interface PlayOptions {
  /** Longest wait for one reply of an external program (ms). */
  readonly moveTimeoutMs?: number;
  readonly signal?: AbortSignal;
  /** An external program could not be started (it loses the game by forfeit). */
  readonly onStartFailure: (spec: GtpSpec, error: string) => void;
}

export interface TournamentGame {
  /** Recorded in the run's settings ('go'). */
  readonly name: string;
  readonly csvColumns: readonly string[];
  csvRecord(r: GameResult): (string | number)[];
  /** The games of a results CSV of this game, in file order, each replayed and checked by its rules (a wrong line throws with its line number). */
  readResults(path: string): GameResult[];
  /** Plays one scheduled game in the main thread. */
  play(g: ScheduledGame, black: PlayerSpec, white: PlayerSpec, options: PlayOptions): Promise<GameOutcome & Pick<GameResult, 'go'>>;
  /** How its games are archived (--archive). */
  readonly archive: ArchiveFormat;
  /** Games between these players run on the local pool (worker threads) when this says so; else in the main thread. */
  pooled?(black: PlayerSpec, white: PlayerSpec): boolean;
  /** The worker task that plays a batch of pooled games. */
  poolTask?(games: readonly PooledGame[]): Omit<WorkerTask, 'port'>;
  /** Games played at once in the main thread (default: the tournament's workers). */
  readonly localLanes?: number;
}

/** A forfeit: the reason names what went wrong and the offender's colour (a resignation is not one). */
export function isForfeit(reason: string): boolean {
  return /^(illegal|crash|timeout|refused|time) \((black|white)/.test(reason);
}
