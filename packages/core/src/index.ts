// @sente/core: game rules and incremental patterns. No runtime dependencies.
export * from './othello/index.js';
export * as go from './go/index.js';
