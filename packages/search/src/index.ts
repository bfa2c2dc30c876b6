// @sente/search: the engines. Othello: evaluation tables, midgame search, exact endgame solver,
// the engine API and the builds registry.
export * from './othello/index.js';
export * from './gtp/index.js';
export * from './session.js';
export * as go from './go/index.js';
