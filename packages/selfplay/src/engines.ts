// Engines for workers and the main thread, cached per (builds folder, build id, slot): creating an
// engine allocates its transposition table, so a worker keeps its engines across games and clears
// them with newGame() at the start of every game (which also makes each game independent of the
// games played before it on that worker).
import { createEngine, loadBuild, type Engine } from '@sente/search';

const engines = new Map<string, Engine>();

export function engineFor(buildsDir: string, build: string, slot = 0, ttMb = 8): Engine {
  const key = `${buildsDir}\u0000${build}\u0000${slot}`;
  let engine = engines.get(key);
  if (!engine) {
    const b = loadBuild(build, buildsDir);
    engine = createEngine({ table: b.table, build: b.id, ttMb });
    engines.set(key, engine);
  }
  return engine;
}
