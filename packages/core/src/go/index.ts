// Go rules for sente: the board (chains with incremental liberties, ko, superko, undo), scoring,
// notations (GTP, SGF points, the seed's figure files), SGF records, perft, and pattern diagrams.
export * from './board.js';
export * from './scoring.js';
export * from './notation.js';
export * from './sgf.js';
export * from './perft.js';
export * from './patterns.js';
export * as reference from './reference.js';
export * from './handicap.js';
