// An engine build as a GamePlayer, with its per-player settings (depth, exact-solve threshold,
// time per move; on a game clock the time manager's budget, search's time-manager.ts). Engine players of a tournament run inside pool workers; the same wrapper serves
// games against external programs in the main thread.
import { PASS, type Position } from '@sente/core';
import { moveTimeBudget, type Engine } from '@sente/search';
import type { ClockView } from './match/clock.js';
import type { GamePlayer } from './player.js';
import { hashString, seededRandom } from './random.js';

export interface EngineSettings {
  readonly depth?: number;
  readonly exact?: number;
  readonly timeMs?: number;
  /** With an engine that has a book: choose among book moves within this many discs of the best. */
  readonly bookMargin?: number;
}

export function enginePlayer(name: string, engine: Engine, settings: EngineSettings): GamePlayer {
  // Book randomness is seeded by the game (number and opening), so a tournament replays identically.
  let random: (() => number) | undefined;
  let score: number | undefined;
  return {
    name,
    async newGame(_start: Position, opening: readonly number[], game?: number): Promise<void> {
      engine.newGame();
      score = undefined;
      random = settings.bookMargin ? seededRandom(hashString(`${name}|${opening.join(',')}|${game ?? 0}`), 0xb00c) : undefined;
    },
    async genmove(position: Position, _moves: readonly number[], clock?: ClockView): Promise<number> {
      if (position.mustPass()) return PASS;
      // On a clock the time manager sets the move's budget (a spec's own time= or depth= still bounds it).
      let timeMs = settings.timeMs;
      if (clock) {
        const budget = moveTimeBudget({ remainingMs: clock.remainingMs, incrementMs: clock.tc.incrementMs, movesToGo: clock.movesToGo }, position.emptyCount());
        timeMs = timeMs === undefined ? budget : Math.min(timeMs, budget);
      }
      const r = engine.think(position, { depth: settings.depth, exactFrom: settings.exact, timeMs, bookMargin: settings.bookMargin, random });
      score = r.score;
      return r.move;
    },
    lastScore(): number | undefined {
      return score;
    },
    async close(): Promise<void> {},
  };
}
