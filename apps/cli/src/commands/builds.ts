// `sente builds`: both registries at a glance: every shipped and user build with its origin, Elo,
// test-set error, training data, Multi-ProbCut calibration and lineage (parent chain), ranked by Elo, the strongest marked.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CommandModule } from 'yargs';
import { buildsDir, byRank, readRegistry } from '@sente/search';
import { lineage, setStrongest } from '@sente/selfplay';
import { UsageError } from '../util.js';

interface Args { json: boolean; promote?: string; 'reset-strongest': boolean }

export const buildsCommand: CommandModule<object, Args> = {
  command: 'builds',
  describe: 'List the shipped and user engine builds ranked by Elo, with test-set error, games and lineage',
  builder: (y) => y
    .option('json', { type: 'boolean', default: false, describe: 'print both registries as JSON' })
    .option('promote', { type: 'string', describe: 'make this build (shipped or user) the strongest for the user registry' })
    .option('reset-strongest', { type: 'boolean', default: false, describe: 'forget the user registry\'s choice: the strongest shipped build is the strongest again' }) as never,
  handler: (args) => {
    if (args.promote !== undefined && args['reset-strongest']) throw new UsageError('--promote and --reset-strongest exclude each other');
    const dir = buildsDir();
    let view;
    try {
      if (args.promote) setStrongest(dir, args.promote);
      if (args['reset-strongest']) setStrongest(dir, null);
      view = readRegistry(dir);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    // Whether a build has a Multi-ProbCut calibration (probcut.json beside its table, `sente calibrate`).
    const calibrated = (b: { folder: string }): boolean => existsSync(join(b.folder, 'probcut.json'));
    if (args.json) {
      console.log(JSON.stringify({ strongest: view.strongest, shippedDir: view.shippedDir, userDir: view.userDir, builds: view.builds.map((b) => ({ ...b, calibrated: calibrated(b) })) }, null, 2));
      return;
    }
    const ranked = [...view.builds].sort(byRank);
    const rows = ranked.map((b) => [
      (b.id === view.strongest ? '* ' : '  ') + b.id,
      b.origin,
      b.elo === null ? '-' : `${b.elo >= 0 ? '+' : ''}${Math.round(b.elo)}`,
      b.testSetMae === undefined || b.testSetMae === null ? '-' : b.testSetMae.toFixed(2),
      b.validationError === null ? '-' : b.validationError.toFixed(2),
      String(b.games),
      String(b.positions),
      calibrated(b) ? 'yes' : '-',
      b.created.slice(0, 16).replace('T', ' '),
      lineage(view.builds, b.id).slice(1).join(' < ') || '-',
    ]);
    const head = ['  build', 'origin', 'Elo', 'test MAE', 'own valid RMS', 'games', 'positions', 'MPC', 'created', 'lineage (parent < grandparent ...)'];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (r: string[]): string => r.map((c, i) => (i <= 1 || i === r.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd();
    console.log(line(head));
    for (const r of rows) console.log(line(r));
    const users = view.builds.filter((b) => b.origin === 'user').length;
    console.log(`\n${view.builds.length - users} shipped builds (${view.shippedDir}), ${users} user builds (${view.userDir}${view.user ? '' : ', none yet'})`);
    for (const id of view.shadowed) console.log(`warning: user build "${id}" in ${view.userDir} is hidden by the shipped build of the same id; move its folder and entry to a new id`);
    console.log(`* = strongest (${view.strongest}, ${view.user?.strongest ? 'chosen in the user registry' : 'the shipped choice'}); Elo relative to bootstrap; test MAE = mean absolute error in discs on the shipped test set (the same positions for every build; own valid RMS is on each build's own validation split and does not compare)`);
  },
};
