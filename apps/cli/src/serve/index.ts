// The lab server of `sente serve`, importable for tests and other programs.
export * from './server.js';
export * from './archive.js';
export * from './watch.js';
export * from './static.js';
export * from './builds-info.js';
