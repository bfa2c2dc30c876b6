export * from './format.js';
export * from './keyset.js';
export * from './io.js';
export * from './convert.js';
export * from './ops.js';
export * from './testset.js';
export * from './load.js';
export * from './relabel.js';
