// Go: playout speed of the MCTS player on 9x9 and 19x19 (a search from the empty board, counted
// in playouts per second of wall time, tree work included), and, unless --quick, the score
// against GNU Go level 10 on 9x9 with komi 7.5 over SENTE_GO_BENCH_GAMES games (default 50,
// colours alternating) at a stated time per move (SENTE_GO_BENCH_TIME seconds, default 1).
// GNU Go plays Chinese rules and captures dead stones before passing, so both sides' final
// scores can be compared with sente's own area count; disagreements are reported. The games are
// kept in bench/results/go-games.csv and go-games.sgf, so a disagreement can be looked at.
import { existsSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { go as rules } from '@sente/core';
import { go as engine } from '@sente/search';
import { go as matches } from '@sente/selfplay';

export const title = 'Go: playouts per second, and results against GNU Go';

const RESULTS = fileURLToPath(new URL('results/', import.meta.url));

function findGnugo() {
  for (const d of [...(process.env.PATH ?? '').split(delimiter), '/usr/games', '/usr/local/games']) {
    if (d && existsSync(join(d, 'gnugo'))) return join(d, 'gnugo');
  }
  return null;
}

function speed(size, playouts) {
  const board = new rules.GoBoard(size);
  new engine.MctsPlayer({ playouts: 200 }).genmove(board, rules.BLACK, 7.5); // warm up the JIT
  const player = new engine.MctsPlayer({ playouts, rootCandidates: false });
  const r = player.genmove(board, rules.BLACK, 7.5);
  return { playouts: r.playouts, seconds: r.ms / 1000 };
}

export async function run({ quick }) {
  const rows = [];
  for (const size of [9, 19]) {
    const n = quick ? (size === 9 ? 2000 : 500) : size === 9 ? 20000 : 5000;
    const s = speed(size, n);
    rows.push({ measurement: `playouts/s, ${size}x${size} empty board`, value: Math.round(s.playouts / s.seconds), detail: `${s.playouts} playouts in ${s.seconds.toFixed(2)} s` });
    process.stderr.write(`go: ${size}x${size} ${Math.round(s.playouts / s.seconds)} playouts/s\n`);
  }
  let notes = 'Playouts: one search from the empty board (tree, RAVE and playout policy included), single thread.';
  if (!quick) {
    const gnugo = findGnugo();
    if (!gnugo) {
      notes += ' GNU Go not found: no match played.';
    } else {
      const games = Number(process.env.SENTE_GO_BENCH_GAMES ?? 50);
      const seconds = Number(process.env.SENTE_GO_BENCH_TIME ?? 1);
      const sente = `sente:time=${seconds},resign=0.05`;
      const result = await matches.runGoMatch({
        size: 9,
        komi: 7.5,
        games,
        players: [sente, `gtp:${gnugo} --mode gtp --level 10 --chinese-rules --capture-all-dead`],
        onGame: (g) => process.stderr.write(`go: game ${g.game}/${games}: ${g.black === sente ? 'sente' : 'gnugo'} black, ${g.result} in ${g.moves} moves${g.agree === false ? ' (scores disagree)' : ''}\n`),
      });
      writeFileSync(join(RESULTS, 'go-games.csv'), matches.goResultsCsv(result.games));
      writeFileSync(join(RESULTS, 'go-games.sgf'), result.games.map((g) => g.sgf).join('\n'));
      const mine = result.standings.find((s) => s.player === sente);
      const asBlack = result.games.filter((g) => g.black === sente);
      const asWhite = result.games.filter((g) => g.white === sente);
      const won = (list, letter) => list.filter((g) => g.winner === letter).length;
      const scored = result.games.filter((g) => g.agree !== null);
      rows.push({ measurement: `vs GNU Go 10, 9x9, komi 7.5, ${seconds} s/move`, value: `${mine.wins}/${games}`, detail: `as black ${won(asBlack, 'B')}/${asBlack.length}, as white ${won(asWhite, 'W')}/${asWhite.length}` });
      rows.push({ measurement: 'final_score agreement (games played to two passes)', value: `${scored.filter((g) => g.agree).length}/${scored.length}`, detail: `${result.games.filter((g) => g.end === 'resign').length} resigned, ${result.games.filter((g) => g.end === 'forfeit').length} forfeits` });
      notes += ` Match: sente with ${seconds} s per move against \`gnugo --level 10 --chinese-rules --capture-all-dead\`, colours alternating.`;
      const disagree = scored.filter((g) => !g.agree).map((g) => `${g.game} (sente ${g.refereeScore}, black ${g.blackScore ?? '?'}, white ${g.whiteScore ?? '?'})`);
      if (disagree.length) notes += ` Scores disagree in game ${disagree.join(', ')}.`;
      notes += ' Games: bench/results/go-games.csv and go-games.sgf.';
    }
  }
  return { columns: ['measurement', 'value', 'detail'], rows, notes };
}
