// `sente worker --redis URL`: a worker for the job queue. It takes the jobs of every run registered
// in that Redis (self-play games, tournament games, book scoring), plays them on this machine's
// threads and returns the results; start any number, on any machines. Ctrl-C (or SIGTERM) stops
// taking jobs and lets the held ones finish; a second Ctrl-C exits at once (its jobs go back to
// the queue when their locks expire).
import type { CommandModule } from 'yargs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { defaultWorkers } from '@sente/selfplay';
import { redact, redisUrl, serveQueue } from '@sente/selfplay/queue';
import { DURATION_HELP, RULES, checked, durationMs, int } from '../options.js';
import { UsageError } from '../util.js';

interface Args { redis?: string; concurrency?: number; threads: number; cache?: string; stall: string }

export const WORKER_RULES = { threads: RULES.workers, concurrency: int(1), stall: RULES.duration };

export const workerCommand: CommandModule<object, Args> = {
  command: 'worker',
  describe: 'Take jobs from the job queue at --redis and play them on this machine',
  builder: (y) => checked(y
    .option('redis', { type: 'string', describe: 'Redis URL of the queue (redis://[:password@]host[:port][/db], rediss:// for TLS; default $SENTE_REDIS)' })
    .option('threads', { type: 'number', default: defaultWorkers(), describe: 'threads playing the jobs' })
    .option('concurrency', { type: 'number', describe: 'jobs held at a time per run (default: 2 per thread)' })
    .option('cache', { type: 'string', describe: 'folder caching the tables, books and openings fetched by checksum (default $SENTE_CACHE, else ~/.cache/sente)' })
    .option('stall', { type: 'string', default: '10s', describe: `a job whose worker goes silent this long is handed to another worker ${DURATION_HELP}` }), WORKER_RULES) as never,
  handler: async (args) => {
    const url = redisUrl(args.redis);
    if (url === undefined) throw new UsageError('name the queue: --redis redis://host:port (or set SENTE_REDIS)');
    const cacheDir = resolve(args.cache ?? process.env.SENTE_CACHE ?? join(homedir(), '.cache', 'sente'));
    const log = (line: string): void => { process.stderr.write(`${new Date().toISOString()} ${line}\n`); };
    const handle = await serveQueue({
      url, threads: args.threads, concurrency: args.concurrency ?? args.threads * 2, cacheDir, stallMs: Math.max(1, Math.round(durationMs(args.stall)!)), log,
    });
    log(`connected to ${redact(url)}; cache ${cacheDir}; Ctrl-C stops`);
    await new Promise<void>((done) => {
      let stopping = false;
      const stop = (): void => {
        if (stopping) process.exit(130);
        stopping = true;
        log('stopping: finishing the jobs held (Ctrl-C again exits at once)');
        void handle.close().then(done);
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    });
    log('stopped');
    // BullMQ's connections may still be retrying an unreachable Redis: nothing is left to do.
    process.exit(0);
  },
};
