// Monte-Carlo playouts on the allocation-free board. The policy is the cheap part of the
// candidate generators (seed 000), applied around the last move as MoGo-style programs do:
//   1. save an own chain the last move put in atari (capture an attacker in atari, or extend if
//      that gives two or more liberties),
//   2. capture an opponent chain in atari next to the last move,
//   3. shape: an empty neighbour of the last move whose 3x3 pattern scores well,
//   4. otherwise a uniformly random legal move that neither fills an own eye nor puts a chain
//      of two or more stones into atari; pass when none is left.
// With `nakade` on (the search's default from 13x13) one self-atari of two or more stones is
// allowed in 3 and 4: filling the opponent's last eye space where it is dead (isNakadeFill);
// without it no playout ever kills a big eye.
// The playout ends after two passes or a move cap and is scored by area (Tromp-Taylor: empty
// points count for the colour of their four neighbours). Everything lives in preallocated typed
// arrays; a playout allocates nothing. The board keeps every point's 3x3 neighbourhood code
// (GoBoard.nbr3), so the shape, eye and "two empty neighbours" tests are one table lookup each;
// the tables are built once from the relative shape table (eyeLikeReference is the plain test
// the eye table is built from and checked against).
import { BLACK, EMPTY, PASS, WHITE, type GoBoard } from './rules.js';

/** Swaps BLACK and WHITE (1 <-> 2) in every two-bit field of a 3x3 code. */
function swapCode(code: number): number {
  let out = 0;
  for (let k = 0; k < 16; k += 2) {
    const v = (code >> k) & 3;
    out |= (v === 1 ? 2 : v === 2 ? 1 : v) << k;
  }
  return out;
}

/**
 * The eye test on a 3x3 code of absolute colours: the four orthogonal neighbours are c or border,
 * and at most one diagonal is the opponent's (none on an edge or in a corner).
 */
function eyeLikeCode(code: number, c: number): boolean {
  for (const k of [1, 3, 4, 6]) {
    const v = (code >> (2 * k)) & 3;
    if (v !== c && v !== 3) return false;
  }
  let bad = 0;
  let edge = 0;
  for (const k of [0, 2, 5, 7]) {
    const v = (code >> (2 * k)) & 3;
    if (v === 3 - c) bad++;
    else if (v === 3) edge = 1;
  }
  return bad + edge < 2;
}

let eyeTable: Uint8Array | null = null;
/** (c << 16 | code) -> 1 if eye-like for c; also, at (0 << 16 | code), the number of empty orthogonal neighbours. */
function eyeAndEmptyTable(): Uint8Array {
  if (eyeTable) return eyeTable;
  const t = new Uint8Array(3 << 16);
  for (let code = 0; code < 1 << 16; code++) {
    let empties = 0;
    for (const k of [1, 3, 4, 6]) if (((code >> (2 * k)) & 3) === EMPTY) empties++;
    t[code] = empties;
    t[(BLACK << 16) | code] = eyeLikeCode(code, BLACK) ? 1 : 0;
    t[(WHITE << 16) | code] = eyeLikeCode(code, WHITE) ? 1 : 0;
  }
  eyeTable = t;
  return t;
}

/** The shape table by absolute code for each colour: (c << 16 | nbr3) -> score for c. */
function absoluteShapeTable(relative: Int16Array): Int16Array {
  const t = new Int16Array(3 << 16);
  for (let code = 0; code < 1 << 16; code++) {
    t[(BLACK << 16) | code] = relative[code];
    t[(WHITE << 16) | code] = relative[swapCode(code)];
  }
  return t;
}

const absoluteTables = new WeakMap<Int16Array, Int16Array>();

/** Bits of the per-code flag table (one byte per 3x3 code, 64 KB, small enough to stay in cache). */
const EYE_BLACK = 1; // = BLACK: `flags & c` is the eye test for colour c
const EYE_WHITE = 2; // = WHITE
const GOOD_SHAPE_SHIFT = 2; // bit 2: good shape for black, bit 3: for white (`flags & (c << 2)`)
const TWO_EMPTY = 16; // two or more empty orthogonal neighbours
const ONE_EMPTY = 32; // an empty orthogonal neighbour: the move is no suicide

function flagTable(absolute: Int16Array): Uint8Array {
  const eye = eyeAndEmptyTable();
  const t = new Uint8Array(1 << 16);
  for (let code = 0; code < 1 << 16; code++) {
    let f = 0;
    if (eye[(BLACK << 16) | code]) f |= EYE_BLACK;
    if (eye[(WHITE << 16) | code]) f |= EYE_WHITE;
    if (absolute[(BLACK << 16) | code] > 0) f |= BLACK << GOOD_SHAPE_SHIFT;
    if (absolute[(WHITE << 16) | code] > 0) f |= WHITE << GOOD_SHAPE_SHIFT;
    if (eye[code] >= 2) f |= TWO_EMPTY;
    if (eye[code] >= 1) f |= ONE_EMPTY;
    t[code] = f;
  }
  return t;
}

const flagTables = new WeakMap<Int16Array, Uint8Array>();

/** The eye test read from the board's colours directly (the reference for the table lookup). */
export function eyeLikeReference(b: GoBoard, p: number, c: number): boolean {
  const col = b.color;
  const W = b.stride;
  for (let d = 0; d < 4; d++) {
    const q = col[p + b.dirs[d]];
    if (q !== c && q !== 3) return false;
  }
  const o = 3 - c;
  let bad = 0;
  let edge = 0;
  for (const q of [col[p - W - 1], col[p - W + 1], col[p + W - 1], col[p + W + 1]]) {
    if (q === o) bad++;
    else if (q === 3) edge = 1;
  }
  return bad + edge < 2;
}

export class PlayoutPolicy {
  /** 3x3 code -> shape score for the side to move (from PatternSet.codeScores()). */
  readonly shapeScores: Int16Array;
  /** (colour << 16 | GoBoard.nbr3[p]) -> shape score for that colour. */
  private readonly shapeAbs: Int16Array;
  /** nbr3 -> flags: eye-like for each colour, good shape for each colour, two empty neighbours. */
  private readonly flags: Uint8Array;
  private rng: number;
  private readonly buf: Int32Array;
  /**
   * Allow the eye-filling self-ataris of isNakadeFill (the search sets it for each search: see
   * SearchOptions.nakade); false (the default): no self-atari of two or more stones at all.
   */
  nakade = false;
  /** The own neighbour chains (heads) and the points of a possible eye-filling move (isNakadeFill). */
  private readonly chainBuf = new Int32Array(4);
  private readonly pointBuf = new Int32Array(8);
  private readonly libBuf = new Int32Array(4);

  constructor(shapeScores: Int16Array, seed = 1) {
    this.shapeScores = shapeScores;
    let abs = absoluteTables.get(shapeScores);
    if (!abs) {
      abs = absoluteShapeTable(shapeScores);
      absoluteTables.set(shapeScores, abs);
    }
    this.shapeAbs = abs;
    let flags = flagTables.get(shapeScores);
    if (!flags) {
      flags = flagTable(abs);
      flagTables.set(shapeScores, flags);
    }
    this.flags = flags;
    this.rng = seed | 0 || 1;
    this.buf = new Int32Array(16);
  }

  /** xorshift32, uniform in [0, n). */
  random(n: number): number {
    let x = this.rng;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.rng = x;
    // n >>> 0: both operands typed uint32, V8 divides integers; with n read from a field it
    // otherwise took the floating-point remainder (x87 fprem), a sixth of randomMove's time.
    return ((x >>> 0) % (n >>> 0)) | 0;
  }

  /** The random generator's state (to hand a search's stream on, e.g. to a worker). */
  get seed(): number {
    return this.rng;
  }

  /** True if p is an eye-like point of c (neighbours c or border; at most one bad diagonal, none on an edge). */
  isEyeLike(b: GoBoard, p: number, c: number): boolean {
    return (this.flags[b.nbr3[p]] & c) !== 0;
  }

  /** Shape score of c playing the empty point p (the 3x3 playout shapes). */
  shapeScore(b: GoBoard, p: number, c: number): number {
    return this.shapeAbs[(c << 16) | b.nbr3[p]];
  }

  /** True if c at p would leave a chain of 2+ stones with one liberty without capturing. */
  isBadSelfAtari(b: GoBoard, p: number, c: number): boolean {
    // Fast exits: two empty neighbours, or a neighbour own chain with plenty of liberties.
    if ((this.flags[b.nbr3[p]] & TWO_EMPTY) !== 0) return false;
    let ownNeighbours = 0;
    for (let d = 0; d < 4; d++) {
      const q = p + b.dirs[d];
      const cq = b.color[q];
      if (cq === c) ownNeighbours++;
      else if (cq === 3 - c && b.inAtari(q)) return false;
    }
    if (ownNeighbours === 0) return false;
    return b.libertiesAfter2(p, c) < 2 && !(this.nakade && this.isNakadeFill(b, p, c));
  }

  /**
   * For a move of c at p that leaves its chain of two or more stones with one liberty (no
   * capture): true if that chain fills the opponent's eye space as a killing throw-in does. The
   * chain and its last liberty are all the region (every other neighbour of the liberty is an
   * opponent stone or the edge); the chain, once captured, leaves an eye space the opponent
   * cannot make two eyes in with c to move (at most three points, or four as a square or a T, or
   * five as a bulky or a crossed five); and the opponent's chains around it have no other
   * liberty, so this eye space is all they have. Without this exception the playouts never fill
   * a big eye (every filling stone after the first is a self-atari of two or more), so groups
   * whose eye space is dead live in them. nakadeFillReference is the plain test.
   */
  isNakadeFill(b: GoBoard, p: number, c: number): boolean {
    const col = b.color;
    const dirs = b.dirs;
    const head = b.head;
    const heads = this.chainBuf;
    const o = 3 - c;
    // The chain after the move: p and its own neighbour chains, two to five stones.
    let chains = 0;
    let n = 1;
    let lib = 0;
    for (let d = 0; d < 4; d++) {
      const q = p + dirs[d];
      const cq = col[q];
      if (cq === EMPTY) lib = q;
      if (cq !== c) continue;
      const h = head[q];
      if (this.isChainOf(h, chains)) continue;
      heads[chains++] = h;
      n += b.chainSize[h];
      if (n > 5) return false;
    }
    if (n < 2) return false;
    const pts = this.pointBuf;
    let walked = false;
    if (lib === 0) {
      // p has no empty neighbour: the liberty is a stone's.
      this.walkChain(b, p, chains);
      walked = true;
      for (let i = 1; i < n && lib === 0; i++) {
        for (let d = 0; d < 4; d++) {
          const q = pts[i] + dirs[d];
          if (col[q] === EMPTY && q !== p) {
            lib = q;
            break;
          }
        }
      }
      if (lib === 0) return false;
    }
    // The liberty's other neighbours: the opponent's stones or the edge, or the chain's stones
    // (p or a stone of one of its chains). Most candidates fail here.
    for (let d = 0; d < 4; d++) {
      const q = lib + dirs[d];
      const cq = col[q];
      if (cq === o || cq === 3 || q === p) continue;
      if (cq !== c || !this.isChainOf(head[q], chains)) return false;
    }
    // The opponent's chains next to p or the liberty have no liberty but those two (first from
    // their pseudo-liberty counters, which rule out most).
    for (let i = 0; i < 2; i++) {
      const a = i === 0 ? p : lib;
      for (let d = 0; d < 4; d++) {
        const q = a + dirs[d];
        if (col[q] === o && !this.libertiesWithin(b, head[q], p, lib)) return false;
      }
    }
    if (!walked) this.walkChain(b, p, chains);
    if (n > 3 && !this.deadShape(pts, n, b.stride)) return false;
    // Every opponent chain around the region, exactly: its liberties are p and the liberty.
    const libs = this.libBuf;
    for (let i = 0; i <= n; i++) {
      const a = i < n ? pts[i] : lib;
      for (let d = 0; d < 4; d++) {
        const q = a + dirs[d];
        if (col[q] !== o) continue;
        const count = b.libertyPoints(q, libs);
        if (count > 2) return false;
        for (let k = 0; k < count; k++) if (libs[k] !== p && libs[k] !== lib) return false;
      }
    }
    return true;
  }

  /** Whether h is one of the first `chains` heads in chainBuf (isNakadeFill's own neighbour chains). */
  private isChainOf(h: number, chains: number): boolean {
    const heads = this.chainBuf;
    for (let e = 0; e < chains; e++) if (heads[e] === h) return true;
    return false;
  }

  /** Writes p and the stones of the chains at chainBuf[0..chains) to pointBuf. */
  private walkChain(b: GoBoard, p: number, chains: number): void {
    const pts = this.pointBuf;
    const heads = this.chainBuf;
    pts[0] = p;
    let k = 1;
    for (let e = 0; e < chains; e++) {
      const h = heads[e];
      let s = h;
      do {
        pts[k++] = s;
        s = b.nextStone[s];
      } while (s !== h);
    }
  }

  /**
   * Whether the chain at head h may have no liberties but x and y, by its pseudo-liberty counters
   * (count, sum, sum of squares): false means it surely has another; true is checked exactly later.
   */
  private libertiesWithin(b: GoBoard, h: number, x: number, y: number): boolean {
    const k = b.libCount[h];
    const sum = b.libSum[h] - k * x;
    // k pseudo-liberties, each x or y: ny of them y, with ny (y - x) = sum - k x.
    const ny = sum / (y - x);
    if (ny !== Math.floor(ny) || ny < 0 || ny > k) return false;
    return (k - ny) * x * x + ny * y * y === b.libSumSq[h];
  }

  /**
   * Whether the n points (4 or 5) form an eye space one move kills: a point next to all the others
   * (the T four, the crossed five), or a 2x2 block (the square four, the bulky five).
   */
  private deadShape(pts: Int32Array, n: number, W: number): boolean {
    for (let i = 0; i < n; i++) {
      const a = pts[i];
      let deg = 0;
      let right = false, down = false, diag = false;
      for (let j = 0; j < n; j++) {
        const x = pts[j];
        if (x === a - 1 || x === a + 1 || x === a - W || x === a + W) deg++;
        if (x === a + 1) right = true;
        else if (x === a + W) down = true;
        else if (x === a + W + 1) diag = true;
      }
      if (deg === n - 1 || (right && down && diag)) return true;
    }
    return false;
  }

  /** isLegalSimple for an empty point p: a point with an empty neighbour is no suicide and no ko point. */
  private isLegalQuick(b: GoBoard, p: number, c: number): boolean {
    return ((this.flags[b.nbr3[p]] & ONE_EMPTY) !== 0 && p !== b.koPoint) || b.isLegalSimple(p, c);
  }

  /**
   * isLegalSimple(p, c) && !isBadSelfAtari(p, c) for an empty point p with fewer than two empty
   * neighbours (f = its flags); without an empty neighbour, one look at the four neighbours
   * decides both (isPlayableReference is the plain test).
   */
  private isPlayable(b: GoBoard, p: number, c: number, f: number): boolean {
    if ((f & ONE_EMPTY) !== 0) {
      if (p === b.koPoint && !b.isLegalSimple(p, c)) return false;
      return !this.isBadSelfAtari(b, p, c);
    }
    if (p === b.koPoint && c === b.koColor) return false;
    const col = b.color;
    const o = 3 - c;
    let own = 0;
    let ownSafe = false;
    let captures = false;
    for (let d = 0; d < 4; d++) {
      const q = p + b.dirs[d];
      const cq = col[q];
      if (cq === c) {
        own++;
        if (!ownSafe && !b.inAtari(q)) ownSafe = true;
      } else if (cq === o && !captures && b.inAtari(q)) captures = true;
    }
    // Suicide: no own chain keeps a liberty and nothing is captured.
    if (!ownSafe && !captures) return false;
    // A capture, or no own chain to join, is no self-atari of a chain.
    if (captures || own === 0) return true;
    return b.libertiesAfter2(p, c) >= 2 || (this.nakade && this.isNakadeFill(b, p, c));
  }

  /** The plain test isPlayable stands for (tests). */
  isPlayableReference(b: GoBoard, p: number, c: number): boolean {
    return b.isLegalSimple(p, c) && !this.isBadSelfAtari(b, p, c);
  }

  /** isPlayable for tests: any empty point. */
  isPlayableFast(b: GoBoard, p: number, c: number): boolean {
    const f = this.flags[b.nbr3[p]];
    return (f & TWO_EMPTY) !== 0 ? p !== b.koPoint || c !== b.koColor : this.isPlayable(b, p, c, f);
  }

  /** A good move for c near the last move, or 0 if the local rules propose nothing. */
  localMove(b: GoBoard, c: number, last: number): number {
    if (last <= 0) return 0;
    const o = 3 - c;
    const col = b.color;
    const dirs = b.dirs;
    // 1. Own chains next to the last move in atari: capture an attacker or extend.
    for (let d = 0; d < 4; d++) {
      const q = last + dirs[d];
      if (col[q] !== c || !b.inAtari(q)) continue;
      const h = b.head[q];
      let s = h;
      do {
        for (let e = 0; e < 4; e++) {
          const r = s + dirs[e];
          if (col[r] === o && b.inAtari(r)) {
            const m = b.atariPoint(r);
            if (this.isLegalQuick(b, m, c)) return m;
          }
        }
        s = b.nextStone[s];
      } while (s !== h);
      const m = b.atariPoint(q);
      if (this.isLegalQuick(b, m, c) && b.libertiesAfter2(m, c) >= 2) return m;
    }
    // 2. Capture the last move's chain or a neighbour chain in atari. When the last move is the
    // opponent's stone, its neighbours of that colour are its own chain, already tested.
    if (col[last] === o) {
      if (b.inAtari(last)) {
        const m = b.atariPoint(last);
        if (this.isLegalQuick(b, m, c)) return m;
      }
    } else {
      for (let d = 0; d < 4; d++) {
        const q = last + dirs[d];
        if (col[q] === o && b.inAtari(q)) {
          const m = b.atariPoint(q);
          if (this.isLegalQuick(b, m, c)) return m;
        }
      }
    }
    // 3. Shape moves among the 8 neighbours of the last move.
    const offsets = b.nbrOffsets;
    const nb = b.nbr3;
    const flags = this.flags;
    const good = c << GOOD_SHAPE_SHIFT;
    let n = 0;
    for (let k = 0; k < 8; k++) {
      const q = last + offsets[k];
      if (col[q] !== EMPTY) continue;
      const f = flags[nb[q]];
      if ((f & good) === 0) continue;
      if ((f & TWO_EMPTY) === 0 && !this.isPlayable(b, q, c, f)) continue;
      this.buf[n++] = q;
    }
    if (n > 0) return this.buf[this.random(n)];
    return 0;
  }

  /** A random legal move for c that fills no own eye and is no bad self-atari, or PASS. */
  randomMove(b: GoBoard, c: number): number {
    const count = b.emptyCount;
    if (count === 0) return PASS;
    const list = b.emptyList;
    const nb = b.nbr3;
    const flags = this.flags;
    let i = this.random(count);
    for (let left = count; left > 0; left--) {
      const p = list[i];
      if (++i === count) i = 0;
      const f = flags[nb[p]];
      if ((f & c) !== 0) continue;
      // With two empty neighbours the move is legal (a ko point has none) and no self-atari: the
      // common case needs no chain lookups at all.
      if ((f & TWO_EMPTY) === 0 && !this.isPlayable(b, p, c, f)) continue;
      return p;
    }
    return PASS;
  }

  /**
   * Plays the board out to the end. `firstPlay` (per point) receives the colour that first
   * played there, if not already set, for AMAF statistics.
   * Returns the area margin for black (komi included).
   */
  playout(b: GoBoard, komi: number, last: number, firstPlay: Uint8Array, maxMoves: number): number {
    this.playMoves(b, last, firstPlay, maxMoves);
    return quickAreaMargin(b, komi);
  }

  /** The moves of `playout` without the count (callers that score the end themselves). */
  playMoves(b: GoBoard, last: number, firstPlay: Uint8Array, maxMoves: number): void {
    let passes = b.passes;
    let moves = 0;
    while (passes < 2 && moves < maxMoves) {
      const c = b.toMove;
      let m = this.random(8) < 7 ? this.localMove(b, c, last) : 0;
      if (m === 0) m = this.randomMove(b, c);
      if (m === PASS) {
        b.pass(c);
        passes++;
      } else {
        b.playUnchecked(m, c);
        if (firstPlay[m] === 0) firstPlay[m] = c;
        passes = 0;
      }
      last = m;
      moves++;
    }
  }
}

/** 3x3 code of p relative to c (same layout as core's neighbourhoodCode). */
export function shapeCode(b: GoBoard, p: number, c: number): number {
  const W = b.stride;
  const col = b.color;
  return rel(col[p - W - 1], c) | (rel(col[p - W], c) << 2) | (rel(col[p - W + 1], c) << 4) | (rel(col[p - 1], c) << 6) | (rel(col[p + 1], c) << 8) | (rel(col[p + W - 1], c) << 10) | (rel(col[p + W], c) << 12) | (rel(col[p + W + 1], c) << 14);
}

function rel(v: number, c: number): number {
  return v === EMPTY ? 0 : v === 3 ? 3 : v === c ? 1 : 2;
}

/**
 * Area margin for black at the end of a playout: stones plus empty points whose on-board
 * neighbours are all one colour (after a playout the remaining empty points are single eyes and
 * dame, so this equals a full Tromp-Taylor count in almost every case).
 */
export function quickAreaMargin(b: GoBoard, komi: number): number {
  let black = 0;
  let white = 0;
  const col = b.color;
  for (let p = b.stride + 1, end = b.points - b.stride - 1; p < end; p++) {
    const c = col[p];
    if (c === BLACK) black++;
    else if (c === WHITE) white++;
    else if (c === EMPTY) {
      let touches = 0;
      for (let d = 0; d < 4; d++) {
        const q = col[p + b.dirs[d]];
        if (q === BLACK || q === WHITE) touches |= q;
      }
      if (touches === BLACK) black++;
      else if (touches === WHITE) white++;
    }
  }
  return black - white - komi;
}

/**
 * isNakadeFill from its definition (the tests' reference): c plays p on a copy of the board; the
 * move captures nothing and leaves its chain of two to five stones with exactly one liberty; that
 * liberty's other neighbours are the opponent's stones or the edge; every opponent chain next to the
 * chain or the liberty has that liberty as its only one; and the chain's points form a dead eye
 * space: at most three points, or a square, T, bulky or crossed shape.
 */
export function nakadeFillReference(b: GoBoard, p: number, c: number): boolean {
  const g = b.clone();
  const before = g.captures[c];
  if (!g.play(p, c) || g.captures[c] !== before) return false;
  const W = g.stride;
  const chain: number[] = [p];
  const inChain = new Set<number>([p]);
  for (let i = 0; i < chain.length; i++) {
    for (const d of [-1, 1, -W, W]) {
      const q = chain[i] + d;
      if (g.color[q] === c && !inChain.has(q)) {
        inChain.add(q);
        chain.push(q);
      }
    }
  }
  if (chain.length < 2 || chain.length > 5) return false;
  const libs = new Set<number>();
  for (const s of chain) for (const d of [-1, 1, -W, W]) if (g.color[s + d] === EMPTY) libs.add(s + d);
  if (libs.size !== 1) return false;
  const [lib] = libs;
  for (const d of [-1, 1, -W, W]) {
    const q = lib + d;
    if (!inChain.has(q) && g.color[q] !== 3 - c && g.color[q] !== 3) return false;
  }
  // The opponent's chains around the region (on the board after the move) have no liberty but lib.
  for (const a of [...chain, lib]) {
    for (const d of [-1, 1, -W, W]) {
      if (g.color[a + d] !== 3 - c) continue;
      const out = new Int32Array(8);
      const count = g.libertyPoints(a + d, out);
      if (count !== 1 || out[0] !== lib) return false;
    }
  }
  const n = chain.length;
  if (n <= 3) return true;
  const xy = chain.map((s) => [s % W, Math.floor(s / W)]);
  const has = (x: number, y: number) => xy.some(([a, b2]) => a === x && b2 === y);
  for (const [x, y] of xy) {
    const degree = [has(x - 1, y), has(x + 1, y), has(x, y - 1), has(x, y + 1)].filter(Boolean).length;
    if (degree === n - 1) return true;
    if (has(x + 1, y) && has(x, y + 1) && has(x + 1, y + 1)) return true;
  }
  return false;
}
