// @sente/selfplay: worker pools for self-play games, weight fitting, tournaments, and the write
// side of the builds registry.
export * from './player.js';
export * from './random.js';
export * from './gamefile.js';
export * from './openings.js';
export * from './elo.js';
export * from './dataset.js';
export * from './fit.js';
export * from './registry.js';
export * from './pool.js';
export * from './referee.js';
export * from './engine-player.js';
export * from './players.js';
export * from './selfplay.js';
export * from './selfplay-run.js';
export * from './train.js';
export * from './tournament.js';
export * from './interrupt.js';
export * from './gtp-player.js';
export * from './svg.js';
export * from './improve.js';
export * from './wthor-games.js';
export * as go from './go/index.js';
export * from './book.js';
export * from './jobs.js';
export * from './match/duration.js';
export * from './match/pentanomial.js';
export * from './match/sprt.js';
