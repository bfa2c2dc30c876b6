// Dead stones at the end of a game: which chains are alive, dead or in seki. Three reliable rules
// come first, the playouts decide the rest:
//   1. Benson's unconditional life: chains that keep two vital regions whatever the opponent plays
//      are alive.
//   2. Sure death: stones inside a region enclosed by unconditionally alive chains of the other
//      colour, where every empty point of the region touches those chains, can never make an eye
//      (every point stays next to a living enemy stone), so they are dead.
//   3. Basic seki: chains of both colours linked by shared liberties, each chain's other liberties
//      single-point eyes, and every shared liberty self-atari (or suicide) for both sides: neither
//      side can fill them, so all live and the shared points are nobody's. Two chains are the
//      common case; a white chain between two black ones, sharing a liberty with each while they
//      share an eye, is seki too (it ended a game against GNU Go, which lists all three as seki).
// Everything else is judged by ownership from playouts (MctsPlayer.playoutOwnership): a chain is
// dead when its own colour owns its points in less than half of them; between 20% and 80% it is
// also reported as unsettled (people are asked to look; GTP has no word for it).
import { MctsPlayer } from './mcts.js';
import { BLACK, EMPTY, WHITE, type GoBoard } from './rules.js';

export type ChainStatus = 'alive' | 'dead' | 'seki';

export interface ChainJudgement {
  /** Representative stone. */
  readonly head: number;
  readonly color: number;
  readonly stones: readonly number[];
  readonly status: ChainStatus;
  /** Which rule decided: 'benson', 'sure-dead', 'seki' or 'playouts'. */
  readonly reason: 'benson' | 'sure-dead' | 'seki' | 'playouts';
  /** Share of playouts in which the chain's own colour owned its points (1 for rule-decided). */
  readonly ownShare: number;
  /** Playouts could not decide it (own share between 0.2 and 0.8). */
  readonly unsettled: boolean;
}

export interface Judgement {
  readonly chains: readonly ChainJudgement[];
  /** Dead stones (points). */
  readonly dead: ReadonlySet<number>;
  /** Stones of chains in seki (points). */
  readonly seki: ReadonlySet<number>;
  /** Black's share of ownership per point (playouts; rule-decided points forced to 0 or 1). */
  readonly ownership: Float64Array;
}

/** Playouts the judgement runs unless told otherwise. */
export const STATUS_PLAYOUTS = 400;

/** The stones of every chain, by head. */
export function chainsOf(board: GoBoard): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (let p = 0; p < board.points; p++) {
    const c = board.color[p];
    if (c !== BLACK && c !== WHITE) continue;
    const h = board.head[p];
    let list = out.get(h);
    if (!list) out.set(h, (list = []));
    list.push(p);
  }
  return out;
}

function libertySet(board: GoBoard, stones: readonly number[]): Set<number> {
  const libs = new Set<number>();
  for (const s of stones) for (let d = 0; d < 4; d++) if (board.color[s + board.dirs[d]] === EMPTY) libs.add(s + board.dirs[d]);
  return libs;
}

/**
 * Benson's algorithm for colour c: the heads of the chains that are unconditionally alive, and
 * the regions (maximal connected sets of points not of colour c) that stay vital to them.
 */
export function bensonAlive(board: GoBoard, c: number): { alive: Set<number>; regions: number[][] } {
  const chains = chainsOf(board);
  const alive = new Set<number>();
  for (const [h] of chains) if (board.color[h] === c) alive.add(h);
  // The c-enclosed regions, each with the chain heads around it and its empty points.
  const regionOf = new Int32Array(board.points).fill(-1);
  const regions: Array<{ points: number[]; empties: number[]; borders: Set<number> }> = [];
  for (let p = 0; p < board.points; p++) {
    const cp = board.color[p];
    if (cp === c || cp > WHITE || regionOf[p] >= 0) continue;
    const id = regions.length;
    const r = { points: [p], empties: [] as number[], borders: new Set<number>() };
    regionOf[p] = id;
    for (let i = 0; i < r.points.length; i++) {
      const q = r.points[i];
      if (board.color[q] === EMPTY) r.empties.push(q);
      for (let d = 0; d < 4; d++) {
        const t = q + board.dirs[d];
        const ct = board.color[t];
        if (ct === c) r.borders.add(board.head[t]);
        else if (ct <= WHITE && regionOf[t] < 0) {
          regionOf[t] = id;
          r.points.push(t);
        }
      }
    }
    regions.push(r);
  }
  // Vital: every empty point of the region is a liberty of the chain.
  const touches = (h: number, p: number): boolean => {
    for (let d = 0; d < 4; d++) {
      const t = p + board.dirs[d];
      if (board.color[t] === c && board.head[t] === h) return true;
    }
    return false;
  };
  let live = regions.map((_, i) => i);
  for (;;) {
    live = live.filter((i) => [...regions[i].borders].every((h) => alive.has(h)));
    const vital = new Map<number, number>();
    for (const i of live) {
      const r = regions[i];
      for (const h of r.borders) if (r.empties.every((e) => touches(h, e))) vital.set(h, (vital.get(h) ?? 0) + 1);
    }
    let removed = false;
    for (const h of [...alive]) {
      if ((vital.get(h) ?? 0) < 2) {
        alive.delete(h);
        removed = true;
      }
    }
    if (!removed) break;
  }
  // A region counts for sure death only if it stays enclosed by living chains and each of its
  // empty points touches one of them.
  const sure = live
    .map((i) => regions[i])
    .filter((r) => r.borders.size > 0 && [...r.borders].every((h) => alive.has(h)) && r.empties.every((e) => [...r.borders].some((h) => touches(h, e))))
    .map((r) => r.points);
  return { alive, regions: sure };
}

/** True if c playing p would leave its chain with at most one liberty without capturing (or is suicide). */
function cannotFill(board: GoBoard, p: number, c: number): boolean {
  const o = 3 - c;
  for (let d = 0; d < 4; d++) {
    const q = p + board.dirs[d];
    if (board.color[q] === o && board.inAtari(q)) return false;
  }
  return board.libertiesAfter(p, c, 2) < 2;
}

/** A single-point eye of colour c: an empty point whose neighbours are all c or off the board. */
function singleEye(board: GoBoard, p: number, c: number): boolean {
  for (let d = 0; d < 4; d++) {
    const t = board.color[p + board.dirs[d]];
    if (t !== c && t <= WHITE) return false;
  }
  return true;
}

/**
 * Heads of chains in a basic seki (see the top of the file): the largest set of chains (with two
 * liberties or more) in which every liberty of every chain is either shared with a chain of the
 * other colour in the set and unfillable by both colours, or a single-point eye of its chain;
 * chains that break the rule leave the set until none does. A chain in it counts only if it shares
 * a liberty with another chain of the set.
 */
export function basicSeki(board: GoBoard): Set<number> {
  const chains = chainsOf(board);
  const libs = new Map<number, Set<number>>();
  for (const [h, stones] of chains) libs.set(h, libertySet(board, stones));
  const set = new Set<number>();
  for (const [h, l] of libs) if (l.size >= 2) set.add(h);
  const unfillable = new Map<number, boolean>();
  const cannot = (p: number): boolean => {
    let v = unfillable.get(p);
    if (v === undefined) unfillable.set(p, (v = cannotFill(board, p, BLACK) && cannotFill(board, p, WHITE)));
    return v;
  };
  /** True if liberty l of a chain of colour c touches a chain of the other colour in the set. */
  const sharedInSet = (l: number, c: number): boolean => {
    for (let d = 0; d < 4; d++) {
      const t = l + board.dirs[d];
      if (board.color[t] === 3 - c && set.has(board.head[t])) return true;
    }
    return false;
  };
  for (let changed = true; changed;) {
    changed = false;
    for (const h of [...set]) {
      const c = board.color[h];
      const ok = [...libs.get(h)!].every((l) => (sharedInSet(l, c) && cannot(l)) || singleEye(board, l, c));
      if (!ok) {
        set.delete(h);
        changed = true;
      }
    }
  }
  const out = new Set<number>();
  for (const h of set) if ([...libs.get(h)!].some((l) => sharedInSet(l, board.color[h]))) out.add(h);
  return out;
}

/**
 * The player whose playouts judge the final status: a fresh one with a fixed seed, so the same
 * position always gets the same judgement (in GTP, in `sente go play` and in refereed matches).
 */
export function statusJudge(): MctsPlayer {
  return new MctsPlayer({ seed: 7 });
}

/**
 * The status of every chain on `board` (the game's final position): the rules above, then
 * `playouts` playouts of `player` (komi matters only for the playouts' own choices).
 */
export function judgeStatus(board: GoBoard, player: MctsPlayer, komi: number, playouts: number = STATUS_PLAYOUTS): Judgement {
  const chains = chainsOf(board);
  const ownership = chains.size > 0 ? player.playoutOwnership(board, komi, playouts) : new Float64Array(board.points);
  const benson = [bensonAlive(board, BLACK), bensonAlive(board, WHITE)];
  const sureDead = new Set<number>();
  for (const b of benson) for (const r of b.regions) for (const p of r) if (board.color[p] === BLACK || board.color[p] === WHITE) sureDead.add(p);
  const seki = basicSeki(board);
  const out: ChainJudgement[] = [];
  const dead = new Set<number>();
  const sekiStones = new Set<number>();
  for (const [head, stones] of chains) {
    const color = board.color[head];
    let share = 0;
    for (const s of stones) share += color === BLACK ? ownership[s] : 1 - ownership[s];
    share /= stones.length;
    let status: ChainStatus;
    let reason: ChainJudgement['reason'];
    if (benson[color - 1].alive.has(head)) [status, reason] = ['alive', 'benson'];
    else if (sureDead.has(head)) [status, reason] = ['dead', 'sure-dead'];
    else if (seki.has(head)) [status, reason] = ['seki', 'seki'];
    else [status, reason] = [share < 0.5 ? 'dead' : 'alive', 'playouts'];
    const ruled = reason !== 'playouts';
    if (ruled) {
      const blackShare = (status === 'dead') === (color === BLACK) ? 0 : 1;
      for (const s of stones) ownership[s] = blackShare;
      if (status === 'seki') share = 1;
      else share = status === 'dead' ? 0 : 1;
    }
    if (status === 'dead') for (const s of stones) dead.add(s);
    if (status === 'seki') for (const s of stones) sekiStones.add(s);
    out.push({ head, color, stones, status, reason, ownShare: share, unsettled: !ruled && share > 0.2 && share < 0.8 });
  }
  return { chains: out, dead, seki: sekiStones, ownership };
}
