#!/usr/bin/env node
// Fits the Go move priors (Bradley-Terry gammas of the move features, by Coulom's MM) on SGF game
// records and writes them, checksummed, to packages/builds/go/priors.json (or --out). Two models:
// `local` on the cheap features alone (the tree's nodes), `full` with the candidate generators'
// features too (the root). Every --holdout-th game is held out: the report gives the share of its
// positions whose played move each model ranks first, and the mean log-likelihood of the played
// moves under each model and under uniform choice (all gammas 1); then the shipped weights are
// fitted on every game. The report goes into the file.
//   node scripts/go-priors-games.mjs --size 9 --games 300 --out games9.sgf     (the records)
//   node scripts/go-priors-fit.mjs games9.sgf games19.sgf [--iterations 30] [--out FILE]
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { go as rules } from '@sente/core';
import { go as search } from '@sente/search';
import { go as selfplay } from '@sente/selfplay';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    iterations: { type: 'string', default: '30' },
    holdout: { type: 'string', default: '10' },
    out: { type: 'string', default: fileURLToPath(new URL('../packages/builds/go/priors.json', import.meta.url)) },
    'reading-budget': { type: 'string', default: '500' },
  },
});
if (positionals.length === 0) throw new Error('give the SGF files of the game records');
const holdout = Number(values.holdout);
const train = { local: new selfplay.CompetitionBuilder(), full: new selfplay.CompetitionBuilder() };
const test = { local: new selfplay.CompetitionBuilder(), full: new selfplay.CompetitionBuilder() };
// The shipped weights are fitted on every game; the held-out measures come from the fit without them.
const all = { local: new selfplay.CompetitionBuilder(), full: new selfplay.CompetitionBuilder() };
const sources = [];
// The hand-made rules' ranking on the held-out positions (ties share the hit), for comparison.
const policy = new search.PlayoutPolicy(search.playoutShapeScores());
let handHits = 0;
let handPositions = 0;
function handRanking(game) {
  const b = new rules.GoBoard(game.size);
  for (const p of game.setupBlack) b.setStone(p, rules.BLACK);
  for (const p of game.setupWhite) b.setStone(p, rules.WHITE);
  for (const m of game.moves) {
    if (m.point !== rules.PASS && b.isLegal(m.point, m.color)) {
      b.toMove = m.color;
      const rate = (p) => search.handPriorRate(policy, b, p, m.color);
      const played = rate(m.point);
      let higher = 0;
      let tied = 1;
      for (const p of Array.from(b.emptyList.subarray(0, b.emptyCount))) {
        if (p === m.point || !b.isLegal(p, m.color) || policy.isEyeLike(b, p, m.color)) continue;
        const r = rate(p);
        if (r > played) higher++;
        else if (r === played) tied++;
      }
      if (higher === 0) handHits += 1 / tied;
      handPositions++;
    }
    if (m.point === rules.PASS) b.pass(m.color);
    else if (!b.play(m.point, m.color)) break;
  }
}
let games = 0;
let positions = 0;
let testPositions = 0;
const t0 = Date.now();
for (const file of positionals) {
  const parsed = rules.parseSgfCollection(readFileSync(file, 'utf8'));
  if (!parsed.ok) throw new Error(`${file}: ${parsed.error.message}`);
  const bySize = {};
  for (const game of parsed.value) {
    const into = holdout > 0 && games % holdout === holdout - 1 ? test : train;
    const n = selfplay.competitionsFromGame(game, into, Number(values['reading-budget']));
    selfplay.competitionsFromGame(game, all, Number(values['reading-budget']));
    if (into === test) {
      testPositions += n;
      handRanking(game);
    }
    else positions += n;
    bySize[game.size] = (bySize[game.size] ?? 0) + 1;
    games++;
    if (games % 20 === 0) process.stderr.write(`${games} games, ${positions} training positions, ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
  }
  sources.push({ file: file.split('/').pop(), games: parsed.value.length, sizes: bySize, players: [...new Set(parsed.value.flatMap((g) => [g.playerBlack, g.playerWhite]))] });
}
const groups = search.FEATURE_GROUPS.map(([, first, count]) => [first, count]);
const localGroups = groups.filter(([first]) => first < search.GENERATOR);
const iterations = Number(values.iterations);
const fit = (data, g, label) =>
  selfplay.fitBradleyTerry(data, search.FEATURE_COUNT, g, {
    iterations,
    onIteration: (it, ll) => {
      if (it % 5 === 0 || it === iterations) process.stderr.write(`${label}: iteration ${it}, mean log-likelihood ${ll.toFixed(4)}\n`);
    },
  });
const trainLocal = train.local.build();
const trainFull = train.full.build();
const testLocal = test.local.build();
const testFull = test.full.build();
const heldLocal = fit(trainLocal, localGroups, 'local (held-out games excluded)');
const heldFull = fit(trainFull, groups, 'full (held-out games excluded)');
const local = holdout > 0 ? fit(all.local.build(), localGroups, 'local (every game)') : heldLocal;
const full = holdout > 0 ? fit(all.full.build(), groups, 'full (every game)') : heldFull;

function weightsOf(v, isLocal) {
  const shapes = {};
  for (let k = 0; k < search.SHAPE_FEATURES; k++) if (v[k] !== 0) shapes[k] = Number(v[k].toFixed(4));
  const features = {};
  for (const [name, first, count] of search.FEATURE_GROUPS) {
    if (name === 'shape') continue;
    if (first >= search.GENERATOR && isLocal) continue;
    features[name] = Array.from(v.subarray(first, first + count), (x) => Number(x.toFixed(4)));
  }
  return { shapes, features };
}
const localWeights = weightsOf(local, true);
const fullWeights = weightsOf(full, false);
// Held-out measures of the fit without the held-out games (weights rounded as shipped).
const rounded = (v, isLocal) => search.modelVector(weightsOf(v, isLocal));
const report = {
  trainPositions: positions,
  testPositions,
  localTopOne: Number(selfplay.topOneRate(testLocal, rounded(heldLocal, true)).toFixed(4)),
  fullTopOne: Number(selfplay.topOneRate(testFull, rounded(heldFull, false)).toFixed(4)),
  localTestLogLikelihood: Number(selfplay.logLikelihood(testLocal, rounded(heldLocal, true)).toFixed(4)),
  fullTestLogLikelihood: Number(selfplay.logLikelihood(testFull, rounded(heldFull, false)).toFixed(4)),
  handMadeTopOne: Number((handHits / Math.max(1, handPositions)).toFixed(4)),
  uniformTestLogLikelihood: Number(selfplay.logLikelihood(testLocal, new Float64Array(search.FEATURE_COUNT)).toFixed(4)),
};
const payload = {
  format: search.PRIORS_FORMAT,
  version: search.PRIORS_VERSION,
  training: { positions: positions + testPositions, method: 'generalized Bradley-Terry, minorization-maximization (Coulom 2007), prior: one win and one loss against gamma 1', iterations, sources, games, heldOutEvery: holdout, ...report, made: new Date().toISOString().slice(0, 10), command: `node scripts/go-priors-fit.mjs ${positionals.map((p) => p.split('/').pop()).join(' ')} --iterations ${iterations} --holdout ${holdout}` },
  local: localWeights,
  full: fullWeights,
};
writeFileSync(values.out, search.encodePriors(payload));
process.stderr.write(`wrote ${values.out}: ${Object.keys(localWeights.shapes).length} shapes (local), ${Object.keys(fullWeights.shapes).length} (full); ${JSON.stringify(report)}; ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
