// Kept apart from pool.ts so the worker module can import it without piscina.
/** Key of the message a pool worker thread posts once its module has loaded. */
export const WORKER_LOADED = 'senteWorkerLoaded';
