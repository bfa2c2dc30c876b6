export * from './bitboard.js';
export * from './moves.js';
export * from './position.js';
export * from './patterns.js';
export * from './symmetry.js';
export * from './notation.js';
export * from './perft.js';
export * as slow from './slow.js';
export * from './result.js';
