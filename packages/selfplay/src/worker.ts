// The pool's worker module (run by piscina in a worker thread): plays self-play games or tournament
// games, or scores opening-book positions, posting each finished item through the task's MessagePort as soon as it ends, and also
// returning them all. `crashAfter` is a test hook: after that many games the worker thread exits,
// as a crashed or killed worker would.
import { parentPort, threadId, type MessagePort } from 'node:worker_threads';
import { Position } from '@sente/core';
import { positionOfKey, type MoveScore } from '@sente/search';
import { setPosition } from './data/load.js';
import { labelPosition } from './data/testset.js';
import { engineFor } from './engines.js';
import { WORKER_LOADED } from './pool-loaded.js';
import { enginePlayer } from './engine-player.js';
import type { GameRecord } from './gamefile.js';
import { refereeGame, type GameOutcome } from './referee.js';
import { playSelfplayGame, type SelfplaySettings } from './selfplay.js';
import { moveEventWriter } from './match/events.js';
import type { EngineSpec } from './players.js';
import type { PooledGame } from './tournament-game.js';
import { playPooledGoGame } from './go/tournament-game.js';
import type { TimeControl } from './match/clock.js';
import type { ResignRule } from './match/adjudication.js';

// Tells the pool this thread has loaded (see workerPool in pool.ts). Posted from a microtask: the
// require() that is evaluating this module still has work to do after this body ends (a
// termination during it is what must be avoided), and a microtask runs once it has returned but
// before piscina's thread blocks in its Atomics wait for tasks (where a timer would never fire).
queueMicrotask(() => parentPort?.postMessage({ [WORKER_LOADED]: threadId }));

export interface SelfplayTask {
  readonly kind: 'selfplay';
  readonly settings: SelfplaySettings;
  readonly keys: number[];
  readonly port: MessagePort;
  readonly crashAfter?: number;
}

export interface MatchGame {
  readonly key: number;
  readonly black: EngineSpec;
  readonly white: EngineSpec;
  readonly opening: number[];
}

/** How a match's games are played beyond the players: the clock and adjudication (referee.ts). */
export interface MatchRules {
  readonly timeControl?: TimeControl;
  readonly timeMarginMs?: number;
  readonly adjudicateExact?: number;
  readonly adjudicateResign?: ResignRule;
}

export interface MatchTask {
  readonly kind: 'match';
  readonly buildsDir: string;
  readonly games: MatchGame[];
  readonly rules?: MatchRules;
  /** Append each move to this live-events file (match/events.ts). */
  readonly events?: string;
  /** Post each move through the port as `{ live: key, moves }` (a queue worker reports them as job progress, queue/serve.ts). */
  readonly liveEvents?: boolean;
  readonly port: MessagePort;
  readonly crashAfter?: number;
}

/** Scoring opening-book entries: each key names a canonical position given by its four words. */
export interface BookTask {
  readonly kind: 'book';
  readonly buildsDir: string;
  readonly build: string;
  readonly depth: number;
  readonly keys: number[];
  readonly positions: Array<[number, number, number, number]>;
  readonly port: MessagePort;
  readonly crashAfter?: number;
}

/** Labelling positions (data/relabel.ts): each key's position as [pLo, pHi, oLo, oHi, side]; the item is [label, kind]. */
export interface LabelTask {
  readonly kind: 'label';
  readonly buildsDir: string;
  readonly build: string;
  readonly depth: number;
  readonly exact: number;
  readonly keys: number[];
  readonly positions: Array<[number, number, number, number, number]>;
  readonly port: MessagePort;
  readonly crashAfter?: number;
}

/** Go games between sente settings (go/tournament-game.ts). */
export interface GoMatchTask {
  readonly kind: 'go-match';
  readonly size: number;
  readonly komi: number;
  readonly maxMoves: number;
  readonly games: readonly PooledGame[];
  readonly port: MessagePort;
  readonly crashAfter?: number;
}

export type WorkerTask = SelfplayTask | MatchTask | BookTask | GoMatchTask | LabelTask;

type WorkerItem = GameRecord | GameOutcome | MoveScore[] | [number, number];

export default async function run(task: WorkerTask): Promise<{ key: number; item: WorkerItem }[]> {
  const out: { key: number; item: WorkerItem }[] = [];
  const post = (key: number, item: WorkerItem): void => {
    out.push({ key, item });
    task.port.postMessage({ key, item });
    if (task.crashAfter !== undefined && out.length >= task.crashAfter) process.exit(3);
  };
  try {
    if (task.kind === 'book') {
      const engine = engineFor(task.buildsDir, task.build);
      task.keys.forEach((key, i) => {
        const [pLo, pHi, oLo, oHi] = task.positions[i];
        engine.newGame();
        const position = positionOfKey({ playerLo: pLo, playerHi: pHi, opponentLo: oLo, opponentHi: oHi, transform: 0 });
        post(key, engine.analyze(position, task.depth));
      });
    } else if (task.kind === 'label') {
      const engine = engineFor(task.buildsDir, task.build);
      const p = new Position();
      task.keys.forEach((key, i) => {
        const [pLo, pHi, oLo, oHi, side] = task.positions[i];
        setPosition(p, pLo, pHi, oLo, oHi, side);
        const l = labelPosition(engine, p, task.depth, task.exact);
        post(key, [l.score, l.kind]);
      });
    } else if (task.kind === 'go-match') {
      for (const g of task.games) post(g.key, await playPooledGoGame(g, task));
    } else if (task.kind === 'selfplay') {
      const engine = engineFor(task.settings.buildsDir, task.settings.build, 0, 8, task.settings.book);
      for (const key of task.keys) post(key, playSelfplayGame(engine, task.settings, key));
    } else {
      for (const g of task.games) {
        const black = enginePlayer(g.black.name, engineFor(task.buildsDir, g.black.build, 0, 8, g.black.book, g.black.threads), g.black);
        const white = enginePlayer(g.white.name, engineFor(task.buildsDir, g.white.build, 1, 8, g.white.book, g.white.threads), g.white);
        const onMove = task.events ? moveEventWriter(task.events, g.key, g.black.name, g.white.name)
          : task.liveEvents ? (moves: readonly number[]) => task.port.postMessage({ live: g.key, moves }) : undefined;
        post(g.key, await refereeGame(black, white, g.opening, { ...task.rules, game: g.key, onMove }));
      }
    }
  } finally {
    task.port.close();
  }
  return out;
}
