// Shared by benchmark sections that run `sente tournament`: runs it and reads one player's
// standings row (games, score %, W/D/L, mean discs, Elo and its 95% interval) from its output.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../apps/cli/dist/main.js', import.meta.url));
const ROW = /(\d+)\s+([\d.]+)%\s+(\d+)\/(\d+)\/(\d+)\s+([+-]\s*[\d.]+)\s+([+-]\d+) \[([+-]\d+), ([+-]\d+)\]/;

/** Runs `sente tournament <args>` and returns the standings of the player whose name starts with `player`. */
export function tournamentStanding(args, player) {
  const r = spawnSync(process.execPath, [CLI, 'tournament', ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.status !== 0) throw new Error(`tournament failed (${r.status}): ${r.stdout}`);
  const line = r.stdout.split('\n').find((l) => l.startsWith(player) && ROW.test(l));
  const m = ROW.exec(line ?? '');
  if (!m) throw new Error(`cannot read the standings of ${player}:\n${r.stdout}`);
  // With --sprt: the decision and the LLR (`H1 accepted after 40 pairs (80 games), LLR +2.95 [...]`).
  const sprt = /^SPRT [^:]*:\s*(.*? after \d+ pairs) \(\d+ games\), (LLR \S+)/m.exec(r.stdout);
  return { games: Number(m[1]), score: Number(m[2]), wdl: `${m[3]}/${m[4]}/${m[5]}`, discs: m[6].replace(/\s/g, ''), elo: m[7], interval: `[${m[8]}, ${m[9]}]`, sprt: sprt ? `${sprt[1]}, ${sprt[2]}` : undefined };
}
