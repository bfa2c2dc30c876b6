// `sente builds`: the registry at a glance: every build with its Elo, validation error, training
// data and lineage (parent chain), the strongest marked.
import type { CommandModule } from 'yargs';
import { buildsDir, readManifest } from '@sente/search';
import { lineage, setStrongest } from '@sente/selfplay';
import { UsageError } from '../util.js';

interface Args { json: boolean; promote?: string }

export const buildsCommand: CommandModule<object, Args> = {
  command: 'builds',
  describe: 'List engine builds with Elo, validation error, games and lineage',
  builder: (y) => y
    .option('json', { type: 'boolean', default: false, describe: 'print the manifest as JSON' })
    .option('promote', { type: 'string', describe: 'make this build the strongest' }) as never,
  handler: (args) => {
    const dir = buildsDir();
    let manifest;
    try {
      if (args.promote) setStrongest(dir, args.promote);
      manifest = readManifest(dir);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    if (args.json) {
      console.log(JSON.stringify(manifest, null, 2));
      return;
    }
    const rows = manifest.builds.map((b) => [
      (b.id === manifest.strongest ? '* ' : '  ') + b.id,
      b.elo === null ? '-' : `${b.elo >= 0 ? '+' : ''}${Math.round(b.elo)}`,
      b.validationError === null ? '-' : b.validationError.toFixed(2),
      String(b.games),
      String(b.positions),
      b.created.slice(0, 16).replace('T', ' '),
      lineage(manifest, b.id).slice(1).join(' < ') || '-',
    ]);
    const head = ['  build', 'Elo', 'valid RMS', 'games', 'positions', 'created', 'lineage (parent < grandparent ...)'];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (r: string[]): string => r.map((c, i) => (i === 0 || i === r.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd();
    console.log(line(head));
    for (const r of rows) console.log(line(r));
    console.log(`\n${manifest.builds.length} builds in ${dir}; * = strongest (${manifest.strongest}); Elo relative to bootstrap`);
  },
};
