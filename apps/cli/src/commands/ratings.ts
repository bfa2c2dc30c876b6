// `sente ratings <files...>`: one joint rating list from tournament CSVs and GGF/SGF archives
// (any mix): Bradley-Terry maximum likelihood as Ordo and BayesElo compute it, draws as half
// points, anchored at the mean or at one player (--anchor NAME=ELO), 95% error bars from the
// inverse Fisher information, and the head-to-head table; --json prints it as one document.
import type { CommandModule } from 'yargs';
import { ratingList, readGamesFile, type RatedGame } from '@sente/selfplay';
import { UsageError } from '../util.js';
import { checked, file, num } from '../options.js';

interface Args { files: string[]; anchor?: string; prior: number; json: boolean }

/** `NAME=ELO` (the name may hold `=`: the last one splits). */
export function parseAnchor(text: string): { name: string; elo: number } | null {
  const i = text.lastIndexOf('=');
  if (i <= 0) return null;
  const elo = Number(text.slice(i + 1));
  return text.slice(i + 1).trim() !== '' && Number.isFinite(elo) ? { name: text.slice(0, i), elo } : null;
}

const signed = (x: number): string => `${x >= 0 ? '+' : ''}${x.toFixed(1)}`;

export const ratingsCommand: CommandModule<object, Args> = {
  command: 'ratings <files..>',
  describe: 'Joint rating list (Bradley-Terry maximum likelihood, as Ordo/BayesElo) from tournament CSVs and GGF/SGF archives',
  builder: (y) => checked(y
    .positional('files', { type: 'string', array: true, demandOption: true, describe: 'tournament CSVs (Othello or Go), GGF archives, SGF files or collections; any mix' })
    .option('anchor', { type: 'string', describe: 'fix one player\'s rating, NAME=ELO (default: the mean is 0)' })
    .option('prior', { type: 'number', default: 0, describe: 'virtual draws added to every pairing that played (needed when a player or group won or lost every game)' })
    .option('json', { type: 'boolean', default: false, describe: 'print the rating list and head-to-head table as one JSON document' }), { '<files>': file, prior: num(0, 1000) }, (a) => {
    if (a.anchor !== undefined && !parseAnchor(String(a.anchor))) return `--anchor must be NAME=ELO (got "${a.anchor}")`;
    return null;
  }) as never,
  handler: (args) => {
    const anchor = args.anchor === undefined ? undefined : parseAnchor(args.anchor)!;
    const games: RatedGame[] = [];
    const sources: { path: string; format: string; games: number; skipped: number }[] = [];
    let list;
    try {
      for (const path of args.files) {
        const f = readGamesFile(path);
        games.push(...f.games);
        sources.push({ path, format: f.format, games: f.games.length, skipped: f.skipped });
      }
      if (games.length === 0) throw new Error('no rated games in these files');
      list = ratingList(games, { anchor: anchor?.name, anchorElo: anchor?.elo, prior: args.prior });
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    if (args.json) {
      process.stdout.write(`${JSON.stringify({ ...list, sources }, null, 2)}\n`);
      return;
    }
    for (const s of sources) console.log(`${s.path}: ${s.format}, ${s.games} games${s.skipped ? ` (${s.skipped} without a result skipped)` : ''}`);
    console.log(`${list.games} games, ${list.players.length} players; ${list.model}; anchored: ${list.anchor.player === null ? `mean ${list.anchor.elo}` : `${list.anchor.player} = ${list.anchor.elo}`}${list.prior ? `; prior ${list.prior} virtual draws a pairing` : ''}\n`);
    const width = Math.max(6, ...list.players.map((p) => p.name.length));
    console.log(`${'#'.padStart(3)} ${'player'.padEnd(width)}      Elo  ± s.e. [95% interval]         games  points   score  opponents`);
    list.players.forEach((p, i) => {
      console.log(`${String(i + 1).padStart(3)} ${p.name.padEnd(width)} ${signed(p.elo).padStart(8)} ${('±' + p.error.toFixed(1)).padStart(8)} [${signed(p.low)}, ${signed(p.high)}]`.padEnd(width + 50)
        + ` ${String(p.games).padStart(5)} ${String(p.points).padStart(7)} ${(100 * p.points / p.games).toFixed(1).padStart(6)}% ${signed(p.opponents).padStart(9)}`);
    });
    if (list.headToHead.length > 0) {
      const w2 = Math.max(width * 2 + 4, 10);
      console.log(`\n${'head to head'.padEnd(w2)} games       W/D/L   score  difference ± error`);
      for (const h of list.headToHead) {
        console.log(`${`${h.a} vs ${h.b}`.padEnd(w2)} ${String(h.games).padStart(5)} ${`${h.wins}/${h.draws}/${h.losses}`.padStart(11)} ${(100 * (h.wins + h.draws / 2) / h.games).toFixed(1).padStart(6)}%  ${signed(h.difference).padStart(10)} ± ${h.error.toFixed(1)}`);
      }
    }
  },
};
