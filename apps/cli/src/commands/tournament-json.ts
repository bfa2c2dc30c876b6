// `sente tournament --json`: the summary as one JSON document — players, standings (Elo vs the
// field with its 95% interval), head to head, game pairs (pentanomial Elo), the SPRT's state,
// game counts and the files written. Open interval ends (a perfect score) are null.
import {
  headToHead, pairedHeadToHead, pentanomialElo, standings,
  type EloEstimate, type PlayerSpec, type Standing, type TournamentSummary,
} from '@sente/selfplay';

const finite = (x: number): number | null => (Number.isFinite(x) ? Math.round(x * 10) / 10 : null);

function elo(e: Pick<EloEstimate, 'elo' | 'low' | 'high'>): { elo: number | null; low: number | null; high: number | null } {
  return { elo: finite(e.elo), low: finite(e.low), high: finite(e.high) };
}

function standing(s: Standing): Record<string, unknown> {
  return {
    name: s.name, games: s.elo.games, wins: s.elo.wins, draws: s.elo.draws, losses: s.elo.losses, score: Math.round(s.elo.score * 1e4) / 1e4,
    ...elo(s.elo), meanScore: Math.round(s.meanDiscs * 100) / 100, forfeits: s.forfeits, msPerMove: s.secondsPerMove === null ? null : Math.round(s.secondsPerMove * 1e4) / 10,
  };
}

export function tournamentJson(summary: TournamentSummary, players: readonly PlayerSpec[], o: {
  game: string; gauntlet: boolean; gamesPerPair: number; complete: boolean; files: Record<string, string | null>;
}): Record<string, unknown> {
  const names = players.map((p) => p.name);
  const pairs: [string, string][] = [];
  if (o.gauntlet) for (let j = 1; j < names.length; j++) pairs.push([names[0], names[j]]);
  else for (let i = 0; i < names.length; i++) for (let j = i + 1; j < names.length; j++) pairs.push([names[i], names[j]]);
  const s = summary.sprt;
  return {
    game: o.game,
    players: players.map((p) => ({ ...p })),
    games: {
      played: summary.results.length, total: summary.total, counted: summary.counted.length, complete: o.complete, interrupted: summary.interrupted,
      failed: summary.failed, notStarted: summary.notStarted,
    },
    standings: standings(summary.counted, names).map(standing),
    headToHead: pairs.map(([a, b]) => ({ a, b, ...standing(headToHead(summary.counted, a, b)), name: undefined })),
    pairs: pairs.flatMap(([a, b]) => {
      const c = pairedHeadToHead(summary.counted, a, b, o.gamesPerPair);
      if (!c || c.every((n) => n === 0)) return [];
      const e = pentanomialElo(c);
      return [{ a, b, pairs: e.pairs, counts: c, ...elo(e) }];
    }),
    sprt: s ? { test: s.test, decision: s.decision, llr: Math.round(s.llr * 1e4) / 1e4, lower: s.lower, upper: s.upper, pairs: s.pairs, counts: s.counts } : null,
    files: o.files,
  };
}
