// The games a rating list is computed from, read from any mix of files: tournament CSVs (Othello
// or Go, as `sente tournament --csv` writes them; replayed and checked on reading), GGF archives
// (any GGF games: RE, else the final position of a finished game, gives the result) and SGF
// archives or single games (RE). A game without a result (an SGF RE of "?" or "Void", a GGF game
// neither scored nor finished) is skipped and counted.
import { readFileSync } from 'node:fs';
import { BLACK, go, ggfResult, parseGgfGames } from '@sente/core';
import { CSV_COLUMNS, readTournamentResults } from '../tournament.js';
import { GO_CSV_COLUMNS, readGoResults } from '../go/tournament-game.js';
import { fitBradleyTerry, type PairResult } from './bradley-terry.js';

/** One game for rating: black's points (1, 1/2 or 0). */
export interface RatedGame {
  readonly black: string;
  readonly white: string;
  readonly blackPoints: number;
}

export interface GamesFile {
  readonly path: string;
  readonly format: 'othello-csv' | 'go-csv' | 'ggf' | 'sgf';
  readonly games: RatedGame[];
  /** Games without a result, skipped. */
  readonly skipped: number;
}

const points = (blackScore: number): number => (blackScore > 0 ? 1 : blackScore < 0 ? 0 : 0.5);

/** The games of one file, its format found from its contents. Throws with the path in the message. */
export function readGamesFile(path: string): GamesFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new Error(`cannot read ${path}: ${(e as Error).message}`);
  }
  const head = text.slice(0, text.indexOf('\n') < 0 ? text.length : text.indexOf('\n'));
  try {
    if (head.startsWith(CSV_COLUMNS.slice(0, 10).join(','))) {
      return { path, format: 'othello-csv', games: readTournamentResults(path).map((r) => ({ black: r.black, white: r.white, blackPoints: points(r.blackScore) })), skipped: 0 };
    }
    if (head === GO_CSV_COLUMNS.join(',')) {
      const seen = new Set<number>();
      const games = readGoResults(path).filter((r) => !seen.has(r.key) && seen.add(r.key));
      return { path, format: 'go-csv', games: games.map((r) => ({ black: r.black, white: r.white, blackPoints: points(r.blackScore) })), skipped: 0 };
    }
    // GGF: the first game's GM[Othello], wherever it stands among the properties (a Go SGF has GM[1]).
    if (/^\s*\(\s*;[^;]*?\bGM\[\s*Othello\s*\]/i.test(text)) {
      const parsed = parseGgfGames(text);
      if (!parsed.ok) throw new Error(`${parsed.error.message} (offset ${parsed.error.offset})`);
      const games: RatedGame[] = [];
      let skipped = 0;
      parsed.value.forEach((g, i) => {
        let score = g.tags.RE === undefined ? undefined : ggfResult(g.tags.RE);
        if (score === undefined && g.position.isGameOver()) score = g.position.side === BLACK ? g.position.finalScore() : -g.position.finalScore();
        if (score === undefined) { skipped++; return; }
        if (!g.tags.PB || !g.tags.PW) throw new Error(`game ${i + 1} lacks the players' names PB and PW`);
        games.push({ black: g.tags.PB, white: g.tags.PW, blackPoints: points(score) });
      });
      return { path, format: 'ggf', games, skipped };
    }
    if (/^\s*\(\s*;/.test(text)) {
      const parsed = go.parseSgfCollection(text);
      if (!parsed.ok) throw new Error(`${parsed.error.message} (offset ${parsed.error.offset})`);
      const games: RatedGame[] = [];
      let skipped = 0;
      parsed.value.forEach((g, i) => {
        const margin = go.parseMargin(g.result);
        if (margin === null) { skipped++; return; }
        if (!g.playerBlack || !g.playerWhite) throw new Error(`game ${i + 1} lacks the players' names PB and PW`);
        games.push({ black: g.playerBlack, white: g.playerWhite, blackPoints: points(margin) });
      });
      return { path, format: 'sgf', games, skipped };
    }
  } catch (e) {
    throw new Error(`${path}: ${(e as Error).message}`);
  }
  throw new Error(`${path} is neither a tournament CSV (Othello or Go), a GGF archive nor an SGF file`);
}

export interface RatedPlayer {
  readonly name: string;
  readonly elo: number;
  /** Standard error (Elo) from the Fisher information; 0 for the anchor. */
  readonly error: number;
  /** 95% interval: elo +- 1.96 error. */
  readonly low: number;
  readonly high: number;
  readonly games: number;
  readonly points: number;
  /** Mean rating of the opponents met, weighted by games. */
  readonly opponents: number;
}

export interface HeadToHead {
  readonly a: string;
  readonly b: string;
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  /** a's rating minus b's, with its standard error from the joint covariance. */
  readonly difference: number;
  readonly error: number;
}

export interface RatingList {
  /** Best first. */
  readonly players: RatedPlayer[];
  /** Every pair that met, in the order of the list. */
  readonly headToHead: HeadToHead[];
  readonly games: number;
  readonly anchor: { readonly player: string | null; readonly elo: number };
  readonly prior: number;
  readonly model: string;
  readonly iterations: number;
}

export interface RatingOptions {
  /** A player whose rating is fixed (default: the mean is). */
  readonly anchor?: string;
  /** Its rating (or the mean's), default 0. */
  readonly anchorElo?: number;
  readonly prior?: number;
}

export const RATING_MODEL = 'Bradley-Terry maximum likelihood (logistic Elo), draws as half points; errors from the inverse Fisher information';

/** The joint rating list of a set of games. */
export function ratingList(games: readonly RatedGame[], o: RatingOptions = {}): RatingList {
  const names = [...new Set(games.flatMap((g) => [g.black, g.white]))].sort();
  const index = new Map(names.map((n, i) => [n, i]));
  if (o.anchor !== undefined && !index.has(o.anchor)) throw new Error(`--anchor: no player named "${o.anchor}" (players: ${names.join(', ')})`);
  const n = names.length;
  const wdl = new Map<string, [number, number, number]>();
  const results: PairResult[] = [];
  for (const g of games) {
    const [a, b] = [index.get(g.black)!, index.get(g.white)!];
    if (a === b) continue;
    results.push({ a, b, games: 1, points: g.blackPoints });
    for (const [x, y, p] of [[a, b, g.blackPoints], [b, a, 1 - g.blackPoints]] as const) {
      const t = wdl.get(`${x},${y}`) ?? [0, 0, 0];
      t[p === 1 ? 0 : p === 0 ? 2 : 1]++;
      wdl.set(`${x},${y}`, t);
    }
  }
  const fit = fitBradleyTerry(names, results, { anchor: o.anchor === undefined ? undefined : index.get(o.anchor), anchorElo: o.anchorElo, prior: o.prior });
  const cov = (i: number, j: number): number => fit.covariance[i * n + j];
  const players: RatedPlayer[] = names.map((name, i) => {
    let count = 0, pts = 0, opp = 0;
    for (let j = 0; j < n; j++) {
      const t = wdl.get(`${i},${j}`);
      if (!t) continue;
      const gj = t[0] + t[1] + t[2];
      count += gj;
      pts += t[0] + t[1] / 2;
      opp += gj * fit.ratings[j];
    }
    const error = Math.sqrt(Math.max(0, cov(i, i)));
    return { name, elo: fit.ratings[i], error, low: fit.ratings[i] - 1.959964 * error, high: fit.ratings[i] + 1.959964 * error, games: count, points: pts, opponents: count ? opp / count : 0 };
  });
  const order = names.map((_, i) => i).sort((x, y) => fit.ratings[y] - fit.ratings[x]);
  const headToHead: HeadToHead[] = [];
  for (let x = 0; x < n; x++) {
    for (let y = x + 1; y < n; y++) {
      const [i, j] = [order[x], order[y]];
      const t = wdl.get(`${i},${j}`);
      if (!t) continue;
      headToHead.push({
        a: names[i], b: names[j], games: t[0] + t[1] + t[2], wins: t[0], draws: t[1], losses: t[2],
        difference: fit.ratings[i] - fit.ratings[j], error: Math.sqrt(Math.max(0, cov(i, i) + cov(j, j) - 2 * cov(i, j))),
      });
    }
  }
  return {
    players: order.map((i) => players[i]), headToHead, games: results.length,
    anchor: { player: o.anchor ?? null, elo: o.anchorElo ?? 0 }, prior: o.prior ?? 0, model: RATING_MODEL, iterations: fit.iterations,
  };
}
