// Strength of the shipped build: the strongest build against the hand-made bootstrap evaluation in
// a tournament on XOT openings (each with both colours) at a fixed depth, with the Elo difference
// and its 95% interval from `sente tournament`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findBuild } from '@sente/search';

export const title = 'Strength: the strongest build against bootstrap (XOT, fixed depth)';

const CLI = fileURLToPath(new URL('../apps/cli/dist/main.js', import.meta.url));

export async function run(options) {
  const strongest = findBuild('strongest').id;
  const games = options.quick ? 40 : Number(process.env.SENTE_STRENGTH_GAMES ?? 400);
  const rows = [];
  for (const depth of options.quick ? [2] : [2, 4]) {
    const tmp = mkdtempSync(join(tmpdir(), 'sente-strength-'));
    try {
      process.stderr.write(`strength: ${strongest} vs bootstrap, ${games} games at depth ${depth}\n`);
      const r = spawnSync(process.execPath, [CLI, 'tournament', '--player', strongest, '--player', 'bootstrap', '--games', String(games), '--depth', String(depth), '--seed', '11', '--csv', join(tmp, 'games.csv')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
      if (r.status !== 0) throw new Error(`tournament failed: ${r.stdout}`);
      const standing = /(\d+)\s+([\d.]+)%\s+(\d+)\/(\d+)\/(\d+)\s+([+-]\s*[\d.]+)\s+([+-]\d+) \[([+-]\d+), ([+-]\d+)\]/;
      const line = r.stdout.split('\n').find((l) => l.startsWith(strongest) && standing.test(l));
      const m = standing.exec(line ?? '');
      if (!m) throw new Error(`cannot read the standings:\n${r.stdout}`);
      rows.push({ build: strongest, depth, games: Number(m[1]), 'score %': Number(m[2]), 'W/D/L': `${m[3]}/${m[4]}/${m[5]}`, 'mean discs': m[6].replace(/\s/g, ''), 'Elo vs bootstrap': m[7], '95% interval': `[${m[8]}, ${m[9]}]` });
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
  return {
    columns: ['build', 'depth', 'games', 'score %', 'W/D/L', 'mean discs', 'Elo vs bootstrap', '95% interval'],
    rows,
    notes: 'Both players at the same fixed depth, exact from 12 empties; XOT openings chosen by seed 11, each played with both colours. How the build was trained: docs/builds.md.',
  };
}
