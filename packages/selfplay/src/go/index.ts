// Go matches for sente: players over GTP (sente in-process, external engines spawned) and a
// refereed match runner with CSV results.
export * from './engines.js';
export * from './match.js';
export * from './tournament-game.js';
export * from './priors-fit.js';
