// The `--redis` option shared by the commands that run pool jobs (selfplay, tournament, improve,
// book, data relabel): with a URL (or $SENTE_REDIS) their jobs go to the BullMQ queue there, played by
// `sente worker` processes anywhere; without, they run on this machine's pool as before.
import { redisUrl, parseRedisUrl } from '@sente/selfplay/queue';
import type { QueueSettings } from '@sente/selfplay';
import { UsageError } from './util.js';

export const REDIS_OPTION = {
  type: 'string',
  describe: 'run the jobs on the job queue at this Redis URL (redis://[:password@]host[:port][/db], rediss:// for TLS; default $SENTE_REDIS), played by `sente worker` processes',
} as const;

/** The queue settings for a command's --redis (or $SENTE_REDIS), or undefined for the local pool. */
export function queueSettings(flag: string | undefined): QueueSettings | undefined {
  const url = redisUrl(flag);
  if (url === undefined) return undefined;
  const parsed = parseRedisUrl(url);
  if (!parsed.ok) throw new UsageError(parsed.error);
  // Queue events (refused results, retries, stalled jobs) on their own line, past any progress bar.
  return { url, log: (line) => process.stderr.write(`\n[queue] ${line}\n`) };
}
