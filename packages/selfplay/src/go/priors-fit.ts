// Fitting the Go move priors: generalized Bradley-Terry by minorization-maximization (Coulom,
// "Computing Elo ratings of move patterns in the game of Go", 2007). Each position of a game
// record is a competition among the legal moves; each move is a team of features (at most one per
// group, features.ts), its strength the product of the features' gammas; the move played wins.
// One MM step updates the gammas of one group with the others fixed:
//   gamma_i <- (W_i + 1) / (sum_j C_ij / E_j + 2 / (gamma_i + 1))
// where W_i counts the winners that have feature i, E_j is the total strength of competition j and
// C_ij the strength of i's teammates in the move of j that has i (zero when none has it); the
// extra win and two games are Coulom's prior, a virtual opponent of gamma 1 met twice, which keeps
// rare features finite. The data are flat typed arrays, so the fit handles millions of moves.
// `competitionsFromGame` turns a game record into competitions with search/go's feature code.
import { go as rules } from '@sente/core';
import { go as search } from '@sente/search';

/** Competitions as flat arrays: competition j has moves moveStart[j]..moveStart[j+1]-1 (the first is the winner). */
export interface Competitions {
  /** Per competition, its first move (length count + 1). */
  readonly moveStart: Int32Array;
  /** Per move, its first feature (length moves + 1). */
  readonly featureStart: Int32Array;
  /** Feature ids. */
  readonly features: Int32Array;
  readonly count: number;
}

/** Grows competitions move by move (the winner first in each). */
export class CompetitionBuilder {
  private moveStart: number[] = [0];
  private featureStart = new Int32Array(1024);
  private features = new Int32Array(4096);
  private moves = 0;
  private nFeatures = 0;

  /** Starts a competition; add its winner first. */
  begin(): void {
    if (this.moveStart[this.moveStart.length - 1] !== this.moves) this.moveStart.push(this.moves);
  }

  /** Adds a move with `n` features from `ids`. */
  addMove(ids: ArrayLike<number>, n = ids.length): void {
    if (this.moves + 2 > this.featureStart.length) {
      const g = new Int32Array(this.featureStart.length * 2);
      g.set(this.featureStart);
      this.featureStart = g;
    }
    while (this.nFeatures + n > this.features.length) {
      const g = new Int32Array(this.features.length * 2);
      g.set(this.features);
      this.features = g;
    }
    this.featureStart[this.moves] = this.nFeatures;
    for (let i = 0; i < n; i++) this.features[this.nFeatures++] = ids[i];
    this.moves++;
    this.featureStart[this.moves] = this.nFeatures;
  }

  /** Moves added so far. */
  get moveCount(): number {
    return this.moves;
  }

  build(): Competitions {
    const starts = this.moveStart[this.moveStart.length - 1] === this.moves ? this.moveStart : [...this.moveStart, this.moves];
    return {
      moveStart: Int32Array.from(starts),
      featureStart: this.featureStart.slice(0, this.moves + 1),
      features: this.features.slice(0, this.nFeatures),
      count: starts.length - 1,
    };
  }
}

export interface FitOptions {
  /** MM sweeps over all groups (default 30). */
  readonly iterations?: number;
  /** Called after each sweep with the mean log-likelihood per competition. */
  readonly onIteration?: (iteration: number, logLikelihood: number) => void;
}

/** Share of competitions whose winner is the strongest move under `logGamma` (ties count as misses). */
export function topOneRate(data: Competitions, logGamma: Float64Array): number {
  let hits = 0;
  for (let j = 0; j < data.count; j++) {
    let winner = 0;
    let best = -Infinity;
    for (let m = data.moveStart[j]; m < data.moveStart[j + 1]; m++) {
      let s = 0;
      for (let f = data.featureStart[m]; f < data.featureStart[m + 1]; f++) s += logGamma[data.features[f]];
      if (m === data.moveStart[j]) winner = s;
      else if (s > best) best = s;
    }
    if (winner > best) hits++;
  }
  return data.count > 0 ? hits / data.count : 0;
}

/** Mean log-likelihood of the winners under `logGamma`. */
export function logLikelihood(data: Competitions, logGamma: Float64Array): number {
  let total = 0;
  for (let j = 0; j < data.count; j++) {
    let sum = 0;
    let winner = 0;
    for (let m = data.moveStart[j]; m < data.moveStart[j + 1]; m++) {
      let s = 0;
      for (let f = data.featureStart[m]; f < data.featureStart[m + 1]; f++) s += logGamma[data.features[f]];
      if (m === data.moveStart[j]) winner = s;
      sum += Math.exp(s);
    }
    total += winner - Math.log(sum);
  }
  return data.count > 0 ? total / data.count : 0;
}

/**
 * Fits log gammas of `featureCount` features in `groups` ([first id, id count]; a move has at
 * most one feature of a group). Features that never occur stay at 0 (gamma 1).
 */
export function fitBradleyTerry(data: Competitions, featureCount: number, groups: ReadonlyArray<readonly [number, number]>, options: FitOptions = {}): Float64Array {
  const iterations = options.iterations ?? 30;
  const gamma = new Float64Array(featureCount).fill(1);
  const logGamma = new Float64Array(featureCount);
  const wins = new Float64Array(featureCount);
  const seen = new Uint8Array(featureCount);
  for (let j = 0; j < data.count; j++) {
    const w = data.moveStart[j];
    for (let f = data.featureStart[w]; f < data.featureStart[w + 1]; f++) wins[data.features[f]]++;
  }
  for (let f = 0; f < data.features.length; f++) seen[data.features[f]] = 1;
  const moves = data.featureStart.length - 1;
  const strength = new Float64Array(moves);
  const denominator = new Float64Array(featureCount);
  const groupOf = new Int32Array(featureCount).fill(-1);
  groups.forEach(([first, count], g) => {
    for (let i = first; i < first + count; i++) groupOf[i] = g;
  });
  for (let it = 0; it < iterations; it++) {
    for (let g = 0; g < groups.length; g++) {
      const [first, count] = groups[g];
      // Strengths of every move, and each competition's total.
      for (let m = 0; m < moves; m++) {
        let s = 0;
        for (let f = data.featureStart[m]; f < data.featureStart[m + 1]; f++) s += logGamma[data.features[f]];
        strength[m] = Math.exp(s);
      }
      denominator.fill(0, first, first + count);
      for (let j = 0; j < data.count; j++) {
        let e = 0;
        const m0 = data.moveStart[j];
        const m1 = data.moveStart[j + 1];
        for (let m = m0; m < m1; m++) e += strength[m];
        for (let m = m0; m < m1; m++) {
          for (let f = data.featureStart[m]; f < data.featureStart[m + 1]; f++) {
            const id = data.features[f];
            if (groupOf[id] === g) denominator[id] += strength[m] / gamma[id] / e;
          }
        }
      }
      for (let i = first; i < first + count; i++) {
        if (!seen[i]) continue;
        gamma[i] = (wins[i] + 1) / (denominator[i] + 2 / (gamma[i] + 1));
        logGamma[i] = Math.log(gamma[i]);
      }
    }
    options.onIteration?.(it + 1, logLikelihood(data, logGamma));
  }
  return logGamma;
}

/** The competitions of one game record: every move that is not a pass, among the legal moves that fill no own eye. */
export interface GameCompetitions {
  /** Features without the generators (the local model). */
  readonly local: CompetitionBuilder;
  /** Features with the generators (the full model); null to skip them. */
  readonly full: CompetitionBuilder | null;
}

/**
 * Adds the positions of `game` (replayed by core's rules; an illegal move ends the replay) to the
 * builders. Returns the number of positions added.
 */
export function competitionsFromGame(record: rules.SgfGame, into: GameCompetitions, readingBudget = 500): number {
  // Setup between moves: the moves after the last such node, from the position it sets up.
  const flat = rules.flattenSgf(record);
  if (!flat.ok) return 0;
  const game = flat.value;
  const b = new rules.GoBoard(game.size);
  for (const p of game.setupBlack) b.setStone(p, rules.BLACK);
  for (const p of game.setupWhite) b.setStone(p, rules.WHITE);
  const buf = new Int32Array(search.MAX_MOVE_FEATURES);
  const withGen = new Int32Array(search.MAX_MOVE_FEATURES);
  const policy = new search.PlayoutPolicy(search.playoutShapeScores());
  let added = 0;
  for (const m of game.moves) {
    if (m.point !== rules.PASS && b.color[m.point] === rules.EMPTY && b.isLegal(m.point, m.color)) {
      const c = m.color;
      b.toMove = c;
      const empties = Array.from(b.emptyList.subarray(0, b.emptyCount));
      const candidates = empties.filter((p) => p === m.point || (b.isLegal(p, c) && !policy.isEyeLike(b, p, c)));
      const gen = into.full ? search.generatorFeatures(b, c, readingBudget) : null;
      const ordered = [m.point, ...candidates.filter((p) => p !== m.point)];
      into.local.begin();
      into.full?.begin();
      for (const p of ordered) {
        const n = search.moveFeatures(b, p, c, buf);
        into.local.addMove(buf, n);
        if (into.full && gen) {
          withGen.set(buf.subarray(0, n));
          let k = n;
          const bits = gen.get(p) ?? 0;
          for (let g = 0; g < search.GENERATOR_NAMES.length; g++) if (bits & (1 << g)) withGen[k++] = search.GENERATOR + g;
          into.full.addMove(withGen, k);
        }
      }
      added++;
    }
    if (m.point === rules.PASS) b.pass(m.color);
    else if (!b.play(m.point, m.color)) break;
  }
  return added;
}
