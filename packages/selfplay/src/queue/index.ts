// The job queue (BullMQ on Redis): connection parsing, the coordinator (`runQueue`, the same
// contract as the local pool), the worker (`serveQueue`), and the admin side (status, drain, clean).
export * from './connection.js';
export * from './identity.js';
export * from './names.js';
export * from './blobs.js';
export * from './transport.js';
export * from './validate.js';
export * from './coordinator.js';
export * from './serve.js';
export * from './status.js';
