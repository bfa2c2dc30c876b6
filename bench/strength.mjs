// Strength of the shipped build: the strongest build against the hand-made bootstrap evaluation in
// a tournament on XOT openings (each with both colours) at a fixed depth, with the Elo difference
// and its 95% interval from `sente tournament`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findBuild } from '@sente/search';
import { tournamentStanding } from '../scripts/tournament-standing.mjs';

export const title = 'Strength: the strongest build against bootstrap (XOT, fixed depth)';

export async function run(options) {
  const strongest = findBuild('strongest').id;
  const games = options.quick ? 40 : Number(process.env.SENTE_STRENGTH_GAMES ?? 400);
  const rows = [];
  for (const depth of options.quick ? [2] : [2, 4]) {
    const tmp = mkdtempSync(join(tmpdir(), 'sente-strength-'));
    try {
      process.stderr.write(`strength: ${strongest} vs bootstrap, ${games} games at depth ${depth}\n`);
      const st = tournamentStanding(['--player', strongest, '--player', 'bootstrap', '--games', String(games), '--depth', String(depth), '--seed', '11', '--csv', join(tmp, 'games.csv')], strongest);
      rows.push({ build: strongest, depth, games: st.games, 'score %': st.score, 'W/D/L': st.wdl, 'mean discs': st.discs, 'Elo vs bootstrap': st.elo, '95% interval': st.interval });
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
