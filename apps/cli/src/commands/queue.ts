// `sente queue status|drain|clean --redis URL`: the job queue seen from outside. status lists the
// runs (coordinator, keys delivered, waiting/active/failed jobs, throughput, refusals) and the
// workers (threads, jobs, games, games/min); drain stops runs (waiting jobs removed, their
// coordinators stop and can --resume); clean removes what dead runs and workers left behind.
import type { CommandModule } from 'yargs';
import { cleanQueue, drainQueue, queueStatus, redisUrl, type QueueStatus } from '@sente/selfplay/queue';
import { UsageError } from '../util.js';

interface Args { action: string; redis?: string; run?: string; all: boolean; json: boolean }

function age(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 120 ? `${s} s` : s < 7200 ? `${Math.round(s / 60)} min` : `${(s / 3600).toFixed(1)} h`;
}

export function formatStatus(s: QueueStatus, now = Date.now()): string {
  const lines = [`queue at ${s.where}`, '', `runs: ${s.runs.length}`];
  for (const r of s.runs) {
    const state = r.draining ? 'draining' : r.alive ? 'running' : `coordinator silent for ${age(now - r.record.heartbeat)}`;
    lines.push(`  ${r.name}  ${r.record.kind}, ${state}; coordinator ${r.record.host}:${r.record.pid}, started ${age(now - r.record.started)} ago`);
    lines.push(`    ${r.record.delivered}/${r.record.total} delivered (${r.perMinute.toFixed(1)}/min); jobs: ${r.waiting} waiting, ${r.active} active, ${r.failed} failed, ${r.delayed} delayed, ${r.paused} paused; ${r.items} results in the stream`);
    for (const [w, why] of Object.entries(r.refusals)) lines.push(`    refused by ${w}: ${why}`);
  }
  const alive = s.workers.filter((w) => w.alive);
  lines.push('', `workers: ${alive.length} connected${s.workers.length > alive.length ? ` (${s.workers.length - alive.length} silent: \`sente queue clean\` forgets them)` : ''}`);
  for (const w of s.workers) {
    lines.push(`  ${w.id}  ${w.alive ? 'connected' : `silent for ${age(now - w.heartbeat)}`}; sente ${w.version}, ${w.threads} thread(s), ${w.active} job(s) running, ${w.jobs} jobs and ${w.items} results since ${age(now - w.started)} ago (${w.perMinute.toFixed(1)}/min)`);
  }
  return lines.join('\n');
}

export const queueCommand: CommandModule<object, Args> = {
  command: 'queue <action>',
  describe: 'The job queue: status (runs, jobs, workers, throughput), drain (stop runs), clean (remove leftovers)',
  builder: (y) => y
    .positional('action', { type: 'string', choices: ['status', 'drain', 'clean'], demandOption: true })
    .option('redis', { type: 'string', describe: 'Redis URL of the queue (default $SENTE_REDIS)' })
    .option('run', { type: 'string', describe: 'drain: only this run' })
    .option('all', { type: 'boolean', default: false, describe: 'clean: remove every run, live ones too' })
    .option('json', { type: 'boolean', default: false, describe: 'status: as JSON' }) as never,
  handler: async (args) => {
    const url = redisUrl(args.redis);
    if (url === undefined) throw new UsageError('name the queue: --redis redis://host:port (or set SENTE_REDIS)');
    if (args.action === 'status') {
      const s = await queueStatus(url);
      console.log(args.json ? JSON.stringify(s, null, 2) : formatStatus(s));
    } else if (args.action === 'drain') {
      const drained = await drainQueue(url, args.run);
      if (drained.length === 0) console.log('no runs on the queue');
      for (const d of drained) console.log(`drained ${d.name}: ${d.removed} waiting job(s) removed; its coordinator stops (--resume continues it)`);
    } else {
      const c = await cleanQueue(url, { all: args.all });
      console.log(`removed ${c.runs.length} run(s)${c.runs.length ? ` (${c.runs.join(', ')})` : ''}, ${c.workers} silent worker record(s), ${c.failedJobs} failed job(s), ${c.blobs} stored file(s)`);
    }
  },
};
