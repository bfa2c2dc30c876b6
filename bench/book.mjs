// Opening-book benchmark: the strongest build with its book (opening.book in the build's folder, book moves
// chosen within 2 discs of the best, seeded per game) against the same build without it, on the
// XOT openings shortened to 2 plies (both colours), at a fixed depth. Reports the Elo difference
// with its 95% interval from `sente tournament`.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findBuild } from '@sente/search';
import { DEFAULT_OPENINGS_FILE } from '@sente/selfplay';
import { tournamentStanding } from '../scripts/tournament-standing.mjs';

export const title = 'Opening book: the strongest build with its book against itself without it';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export async function run(options) {
  const entry = findBuild('strongest');
  const book = join(entry.folder, 'opening.book');
  if (!existsSync(book)) return { columns: ['note'], rows: [{ note: `no book at ${book}` }] };
  const games = options.quick ? 20 : Number(process.env.SENTE_BOOK_GAMES ?? 200);
  const depth = Number(process.env.SENTE_BOOK_DEPTH ?? 6);
  const tmp = mkdtempSync(join(tmpdir(), 'sente-book-bench-'));
  try {
    const xot = readFileSync(DEFAULT_OPENINGS_FILE, 'utf8').trim().split('\n');
    const two = [...new Set(xot.map((l) => l.slice(0, 4)))].sort();
    writeFileSync(join(tmp, 'xot2.txt'), `${two.join('\n')}\n`);
    const csv = join(tmp, 'games.csv');
    const args = ['--player', `${entry.id}:book=${book},bookmargin=2`, '--player', entry.id,
      '--games', String(games), '--depth', String(depth), '--openings', join(tmp, 'xot2.txt'), '--csv', csv];
    process.stderr.write(`book: ${games} games at depth ${depth} from ${two.length} two-ply openings (${two.join(', ')})\n`);
    const st = tournamentStanding(args, `${entry.id}:book=`);
    // Player names hold commas (quoted in the CSV): pick the transcript out by its shape.
    const distinct = new Set(readFileSync(csv, 'utf8').trim().split('\n').slice(1).map((l) => (/(?:[a-h][1-8]){20,}/.exec(l) ?? [''])[0])).size;
    return {
      columns: ['player', 'games', 'score %', 'W/D/L', 'mean discs', 'Elo vs no book', '95% interval', 'distinct games'],
      rows: [{ player: `${entry.id} + book (${book.slice(ROOT.length)})`, games: st.games, 'score %': st.score, 'W/D/L': st.wdl, 'mean discs': st.discs, 'Elo vs no book': st.elo, '95% interval': st.interval, 'distinct games': distinct }],
      notes: `Both at depth ${depth}, exact from 12 empties; openings: the ${two.length} distinct two-ply prefixes of the XOT list, each with both colours; the book player picks uniformly among book moves within 2 discs of the best, seeded per game.`,
    };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
