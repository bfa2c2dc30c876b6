// Go engines for sente: tactical reading, the seed's candidate generators, the MCTS player and
// the GTP engine.
export * from './tactics.js';
export * from './moyo.js';
export * from './shapes.js';
export * from './candidates.js';
export * from './playout.js';
export * from './playout-shapes.js';
export * from './mcts.js';
export * from './session.js';
export * from './gtp.js';
export * from './time-manager.js';
export * from './status.js';
export * from './features.js';
export * from './priors.js';
export * from './opening.js';
