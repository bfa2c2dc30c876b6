// The speed work's guard (issue #18): fingerprints of what the playouts and the search do at fixed
// seeds, recorded on the code before the speed changes. An optimisation must leave every one of
// them unchanged; a change that must alter the random stream or the policy updates them in a
// commit of its own that says why.
import { describe, expect, it } from 'vitest';
import { MctsPlayer, playoutShapeScores } from './mcts.js';
import { PlayoutPolicy } from './playout.js';
import { BLACK, GoBoard } from './rules.js';

/** FNV-1a over 32-bit words, as 8 hex digits. */
function hashWords(words: ArrayLike<number>): string {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < words.length; i++) {
    let w = words[i] | 0;
    for (let k = 0; k < 4; k++) {
      h ^= w & 0xff;
      h = Math.imul(h, 0x01000193);
      w >>>= 8;
    }
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** Several seeded playouts from the empty board: every move of every playout and its margin. */
function barePlayouts(size: number, seed: number, count: number, nakade = false): { hash: string; moves: number } {
  const policy = new PlayoutPolicy(playoutShapeScores(), seed);
  policy.nakade = nakade;
  const b = new GoBoard(size);
  const start = new GoBoard(size);
  const firstPlay = new Uint8Array(b.points);
  const words: number[] = [];
  let moves = 0;
  for (let i = 0; i < count; i++) {
    b.copyFrom(start);
    firstPlay.fill(0);
    const margin = policy.playout(b, 7.5, 0, firstPlay, 3 * size * size);
    for (let k = 0; k < b.ply; k++) words.push(b.moveAt(k));
    words.push(margin * 2);
    for (let p = 0; p < b.points; p++) words.push(firstPlay[p]);
    moves += b.ply;
  }
  return { hash: hashWords(words), moves };
}

/** A position some way into a seeded playout (captures and ko on the board). */
function middleGame(size: number, seed: number, moves: number): GoBoard {
  const policy = new PlayoutPolicy(playoutShapeScores(), seed);
  const b = new GoBoard(size);
  policy.playMoves(b, 0, new Uint8Array(b.points), moves);
  // Replay on a fresh board so the position carries its history (as a game's board does).
  const g = new GoBoard(size);
  for (let k = 0; k < b.ply; k++) g.play(b.moveAt(k), b.colorAt(k));
  return g;
}

/**
 * A fixed-playout one-thread search: the move, and the root children's moves, visits and wins.
 * Leaves are expanded at their second visit on every size, as when these were recorded (19x19's
 * default became the eighth later), and without the opening bonuses (opening.ts) unless asked.
 */
function searchPrint(board: GoBoard, playouts: number, seed: number, priors: boolean, opening = false): { move: number; hash: string; playouts: number } {
  const player = new MctsPlayer({ playouts, seed, rootCandidates: false, threads: 1, reuseTree: false, priors, resignThreshold: 0, expandAt: 2, opening });
  const r = player.genmove(board, board.toMove, 7.5);
  const words: number[] = [];
  for (const ch of player.rootChildren()) words.push(ch.move, ch.visits, Math.round(ch.wins * 1024));
  for (let p = 0; p < board.points; p++) words.push(player.ownerBlack[p]);
  return { move: r.move, hash: hashWords(words), playouts: r.playouts };
}

describe('speed fingerprint: playouts and search at fixed seeds are unchanged', () => {
  it('bare playouts', () => {
    const got = {
      s9a: barePlayouts(9, 1, 40),
      s9b: barePlayouts(9, 12345, 40),
      s19a: barePlayouts(19, 7, 10),
      s19b: barePlayouts(19, 99, 10),
    };
    expect(got).toEqual(BARE);
    // With the eye-filling exception (the default from 13x13): it allows a move about once in 50
    // playouts from the empty board, so these run more of them.
    expect({ s9n: barePlayouts(9, 1, 300, true), s19n: barePlayouts(19, 7, 40, true) }).toEqual(BARE_NAKADE);
  });

  it('searches from the empty board and from middle games, learned and hand-made priors', () => {
    const got = {
      e9: searchPrint(new GoBoard(9), 1500, 3, true),
      e9hand: searchPrint(new GoBoard(9), 1500, 3, false),
      m9: searchPrint(middleGame(9, 5, 45), 1500, 4, true),
      e19: searchPrint(new GoBoard(19), 400, 3, true),
      e19hand: searchPrint(new GoBoard(19), 300, 3, false),
      m19: searchPrint(middleGame(19, 6, 150), 400, 4, true),
      e19open: searchPrint(new GoBoard(19), 400, 3, true, true),
    };
    expect(got).toEqual(SEARCH);
  });
});

// Recorded on main at e78c129 (before the speed changes).
const BARE = {
  s9a: { hash: 'a0066846', moves: 4412 },
  s9b: { hash: '0bdd9b23', moves: 4212 },
  s19a: { hash: '2ebd30a6', moves: 4452 },
  s19b: { hash: 'a34c4a87', moves: 4556 },
};
const SEARCH = {
  e9: { move: 48, hash: 'eb8c5093', playouts: 1500 },
  e9hand: { move: 50, hash: '2ea0b33a', playouts: 1500 },
  m9: { move: 52, hash: '48d136bc', playouts: 1500 },
  // The 19x19 searches since the eye-filling exception became the default from 13x13 (before:
  // e19 72 'ad55c911', e19hand 324 'c08c752d', m19 190 '2a19c548').
  e19: { move: 71, hash: 'b0cdefd0', playouts: 400 },
  e19hand: { move: 185, hash: '959d577f', playouts: 300 },
  m19: { move: 190, hash: 'bd674f28', playouts: 400 },
  // With the opening bonuses (recorded when the side bonus began to wait for the corners; as
  // first added: 87 '9fbb4b91').
  e19open: { move: 353, hash: '94cc75bb', playouts: 400 },
};
// Bare playouts with the eye-filling exception (recorded when it was added; the same playouts
// without it: s9n 'fe580768' 32,693 moves, s19n 'd5887f99' 17,855 moves).
const BARE_NAKADE = {
  s9n: { hash: 'b2eb943f', moves: 32295 },
  s19n: { hash: 'ce4da8ec', moves: 17801 },
};
