// The joint rating fit against results known without it: closed forms for two players (the
// logit of the score, and its standard error 1/sqrt(n p (1-p))), a balanced cycle (all equal),
// and, on random tournaments, the slow Zermelo/Hunter MM iteration (referenceFit) for the
// ratings and a finite-difference Hessian of the log-likelihood for the covariance.
import { describe, expect, it } from 'vitest';
import { ELO_PER_NATURAL, fitBradleyTerry, fitProblem, referenceFit, type PairResult } from './bradley-terry.js';
import { ratingList, type RatedGame } from './games.js';
import { seededRandom } from '../random.js';

describe('Bradley-Terry ratings', () => {
  it('two players: the difference is 400 log10(s / (1 - s)) and its error 400/ln10 / sqrt(n p (1-p))', () => {
    const fit = fitBradleyTerry(['a', 'b'], [{ a: 0, b: 1, games: 10, points: 7 }]);
    const diff = 400 * Math.log10(7 / 3);
    expect(diff).toBeCloseTo(147.19, 2);
    expect(fit.ratings[0] - fit.ratings[1]).toBeCloseTo(diff, 9);
    expect(fit.ratings[0] + fit.ratings[1]).toBeCloseTo(0, 9);
    const se = ELO_PER_NATURAL / Math.sqrt(10 * 0.7 * 0.3);
    expect(se).toBeCloseTo(119.88, 2);
    // Anchored at the mean each player carries half the difference's error; anchored at a, b carries all of it.
    expect(Math.sqrt(fit.covariance[0])).toBeCloseTo(se / 2, 6);
    const anchored = fitBradleyTerry(['a', 'b'], [{ a: 0, b: 1, games: 10, points: 7 }], { anchor: 0, anchorElo: 1500 });
    expect(anchored.ratings[0]).toBe(1500);
    expect(anchored.ratings[1]).toBeCloseTo(1500 - diff, 9);
    expect(anchored.covariance[0]).toBe(0);
    expect(Math.sqrt(anchored.covariance[3])).toBeCloseTo(se, 6);
  });

  it('draws count as half points: 1 win, 2 draws, 1 loss is equality; a balanced cycle rates everyone 0', () => {
    const list = ratingList([
      { black: 'a', white: 'b', blackPoints: 1 }, { black: 'b', white: 'a', blackPoints: 0.5 },
      { black: 'a', white: 'b', blackPoints: 0.5 }, { black: 'b', white: 'a', blackPoints: 1 },
    ]);
    expect(list.players.map((p) => p.elo)).toEqual([expect.closeTo(0, 9), expect.closeTo(0, 9)]);
    const cycle = fitBradleyTerry(['a', 'b', 'c'], [{ a: 0, b: 1, games: 3, points: 2 }, { a: 1, b: 2, games: 3, points: 2 }, { a: 2, b: 0, games: 3, points: 2 }]);
    for (const r of cycle.ratings) expect(r).toBeCloseTo(0, 9);
  });

  it('random round robins: Newton equals the slow MM reference, and the covariance is the inverse of the finite-difference Hessian', () => {
    for (const seed of [1, 2, 3]) {
      const random = seededRandom(seed, 0xbeef);
      const n = 6;
      const strength = Array.from({ length: n }, () => (random() - 0.5) * 600);
      const results: PairResult[] = [];
      for (let i = 0; i < n; i++) {
        for (let j = i + 1; j < n; j++) {
          const games = 5 + Math.floor(random() * 20);
          const p = 1 / (1 + 10 ** ((strength[j] - strength[i]) / 400));
          let points = 0;
          for (let g = 0; g < games; g++) {
            const u = random();
            points += u < p * 0.85 ? 1 : u < p * 0.85 + 0.15 ? 0.5 : 0;
          }
          results.push({ a: i, b: j, games, points });
        }
      }
      const names = strength.map((_, i) => `p${i}`);
      const prior = fitProblem(n, results, names) === null ? 0 : 1;
      const fit = fitBradleyTerry(names, results, { prior });
      const reference = referenceFit(n, results, prior);
      for (let i = 0; i < n; i++) expect(fit.ratings[i]).toBeCloseTo(reference[i], 6);
      // Hessian of the log-likelihood in Elo, player 0 fixed, by central differences.
      const ll = (r: number[]): number => {
        let s = 0;
        for (const x of results) {
          const g = x.games + prior;
          const pts = x.points + prior / 2;
          const p = 1 / (1 + 10 ** ((r[x.b] - r[x.a]) / 400));
          s += pts * Math.log(p) + (g - pts) * Math.log(1 - p);
        }
        return s;
      };
      const anchored = fitBradleyTerry(names, results, { prior, anchor: 0 });
      const base = [...anchored.ratings];
      const h = 0.5;
      const m = n - 1;
      const hess: number[][] = Array.from({ length: m }, () => new Array<number>(m).fill(0));
      for (let a = 0; a < m; a++) {
        for (let b = 0; b < m; b++) {
          const at = (da: number, db: number): number => { const r = [...base]; r[a + 1] += da; r[b + 1] += db; return ll(r); };
          hess[a][b] = (at(h, h) - at(h, -h) - at(-h, h) + at(-h, -h)) / (4 * h * h);
        }
      }
      // (-H) * covariance must be the identity.
      for (let a = 0; a < m; a++) {
        for (let b = 0; b < m; b++) {
          let s = 0;
          for (let k = 0; k < m; k++) s += -hess[a][k] * anchored.covariance[(k + 1) * n + (b + 1)];
          expect(s).toBeCloseTo(a === b ? 1 : 0, 3);
        }
      }
    }
  });

  it('refuses a list whose maximum is infinite (a player won every game) and fits it with a prior of virtual draws', () => {
    const games: RatedGame[] = [
      { black: 'top', white: 'mid', blackPoints: 1 }, { black: 'mid', white: 'top', blackPoints: 0 },
      { black: 'mid', white: 'low', blackPoints: 1 }, { black: 'low', white: 'mid', blackPoints: 0.5 },
    ];
    expect(() => ratingList(games)).toThrow(/^top scored every point against low, mid \(or never met them\)/);
    const list = ratingList(games, { prior: 1 });
    expect(list.players.map((p) => p.name)).toEqual(['top', 'mid', 'low']);
    // With the prior, top vs mid is 2.5 of 3 in the pairing itself.
    expect(list.headToHead[0]).toEqual(expect.objectContaining({ a: 'top', b: 'mid', games: 2, wins: 2, draws: 0, losses: 0 }));
    expect(() => ratingList(games, { anchor: 'nobody' })).toThrow(/no player named "nobody"/);
    expect(() => ratingList([{ black: 'a', white: 'b', blackPoints: 1 }, { black: 'c', white: 'd', blackPoints: 0.5 }], { prior: 1 })).toThrow(/never met/);
  });
});
