// An engine build as a GamePlayer, with its per-player settings (depth, exact-solve threshold,
// time per move). Engine players of a tournament run inside pool workers; the same wrapper serves
// games against external programs in the main thread.
import { PASS, type Position } from '@sente/core';
import type { Engine } from '@sente/search';
import type { GamePlayer } from './player.js';

export interface EngineSettings {
  readonly depth?: number;
  readonly exact?: number;
  readonly timeMs?: number;
}

export function enginePlayer(name: string, engine: Engine, settings: EngineSettings): GamePlayer {
  return {
    name,
    async newGame(): Promise<void> {
      engine.newGame();
    },
    async genmove(position: Position): Promise<number> {
      if (position.mustPass()) return PASS;
      const r = engine.think(position, { depth: settings.depth, exactFrom: settings.exact, timeMs: settings.timeMs });
      return r.move;
    },
    async close(): Promise<void> {},
  };
}
