// The pool's worker module (run by piscina in a worker thread): plays self-play games or tournament
// games, posting each finished game through the task's MessagePort as soon as it ends, and also
// returning them all. `crashAfter` is a test hook: after that many games the worker thread exits,
// as a crashed or killed worker would.
import type { MessagePort } from 'node:worker_threads';
import { engineFor } from './engines.js';
import { enginePlayer } from './engine-player.js';
import type { GameRecord } from './gamefile.js';
import { refereeGame, type GameOutcome } from './referee.js';
import { playSelfplayGame, type SelfplaySettings } from './selfplay.js';
import type { EngineSpec } from './players.js';

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

export interface MatchTask {
  readonly kind: 'match';
  readonly buildsDir: string;
  readonly games: MatchGame[];
  readonly port: MessagePort;
  readonly crashAfter?: number;
}

export type WorkerTask = SelfplayTask | MatchTask;

export default async function run(task: WorkerTask): Promise<{ key: number; item: GameRecord | GameOutcome }[]> {
  const out: { key: number; item: GameRecord | GameOutcome }[] = [];
  const post = (key: number, item: GameRecord | GameOutcome): void => {
    out.push({ key, item });
    task.port.postMessage({ key, item });
    if (task.crashAfter !== undefined && out.length >= task.crashAfter) process.exit(3);
  };
  try {
    if (task.kind === 'selfplay') {
      const engine = engineFor(task.settings.buildsDir, task.settings.build);
      for (const key of task.keys) post(key, playSelfplayGame(engine, task.settings, key));
    } else {
      for (const g of task.games) {
        const black = enginePlayer(g.black.name, engineFor(task.buildsDir, g.black.build, 0), g.black);
        const white = enginePlayer(g.white.name, engineFor(task.buildsDir, g.white.build, 1), g.white);
        post(g.key, await refereeGame(black, white, g.opening));
      }
    }
  } finally {
    task.port.close();
  }
  return out;
}
