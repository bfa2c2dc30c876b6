// @sente/search: the engines. Othello: evaluation tables, midgame search, exact endgame solver,
// the engine API and the builds registry.
export * from './othello/index.js';
export * from './protocol-line.js';
export * as go from './go/index.js';
