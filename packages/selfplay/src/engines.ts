// Engines for workers and the main thread, cached per (builds folder, build id, slot): creating an
// engine allocates its transposition table, so a worker keeps its engines across games and clears
// them with newGame() at the start of every game (which also makes each game independent of the
// games played before it on that worker).
import { createEngine, loadBuild, readBookFile, type Book, type Engine } from '@sente/search';

const engines = new Map<string, Engine>();

export function engineFor(buildsDir: string, build: string, slot = 0, ttMb = 8, bookFile?: string, threads = 1): Engine {
  const key = `${buildsDir}\u0000${build}\u0000${slot}\u0000${bookFile ?? ''}\u0000${threads}`;
  let engine = engines.get(key);
  if (!engine) {
    const b = loadBuild(build, buildsDir);
    let book: Book | undefined;
    if (bookFile !== undefined) {
      const r = readBookFile(bookFile);
      if (!r.ok) throw new Error(r.error);
      book = r.book;
    }
    engine = createEngine({ table: b.table, build: b.id, ttMb, book, probcut: b.probcut, threads });
    engines.set(key, engine);
  }
  return engine;
}
