// @sente/core: game rules and incremental patterns. No runtime dependencies.
export * from './othello/index.js';
export * from './errors.js';
export * as go from './go/index.js';
