// A Go board of any size up to 25x25, kept in one 1-D array with an off-board border (seed 003's
// 21x21 "OUT" ring, generalised): neighbours are p-1, p+1, p-W, p+W with no bounds checks.
//
// Chains are circular linked lists of stones (`nextStone`) with a representative point (`head`).
// Each chain keeps pseudo-liberties incrementally: the count of (stone, adjacent empty point)
// pairs, their sum and their sum of squares. A chain has no liberty iff the count is 0, and it is
// in atari iff count * sumSq == sum * sum (all pairs name the same point, which is sum / count).
// That gives exact capture, suicide and atari tests with O(1) work per neighbour and no
// allocation, which is what playouts need.
//
// Undo: every move pushes a record (point, colour, ko, passes, captured stones) onto typed-array
// stacks. Unplaying removes the stone, puts the captured stones back and rebuilds the chains
// around them by flood fill; that is local work and avoids recording every merge.
//
// Points: p = (y + 1) * W + (x + 1) with W = size + 2, x from the left and y from the top, both
// 0-based. PASS is -1.

export const EMPTY = 0;
export const BLACK = 1;
export const WHITE = 2;
export const BORDER = 3;
export const PASS = -1;
export const MAX_SIZE = 25;

/** The other colour (BLACK <-> WHITE). */
export function opponent(color: number): number {
  return 3 - color;
}

const MAX_POINTS = (MAX_SIZE + 2) * (MAX_SIZE + 2);

// Zobrist keys, 64 bits as two int32 halves, one pair per (point, colour); fixed seed so hashes
// are the same in every process.
const ZOBRIST_LO = new Int32Array(MAX_POINTS * 3);
const ZOBRIST_HI = new Int32Array(MAX_POINTS * 3);
{
  let s = 0x9e3779b9 | 0;
  const next = (): number => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return s | 0;
  };
  for (let i = 0; i < ZOBRIST_LO.length; i++) {
    ZOBRIST_LO[i] = next();
    ZOBRIST_HI[i] = next();
  }
}

export class GoBoard {
  readonly size: number;
  /** Row stride: size + 2. */
  readonly stride: number;
  /** Array length: stride * stride. */
  readonly points: number;

  /** EMPTY, BLACK, WHITE or BORDER per point. */
  readonly color: Uint8Array;
  /** Representative point of the chain a stone belongs to (0 for empty and border). */
  readonly head: Int32Array;
  /** Next stone of the same chain (circular list). */
  readonly nextStone: Int32Array;
  /** Per chain head: number of stones. */
  readonly chainSize: Int32Array;
  /** Per chain head: pseudo-liberty count, sum and sum of squares (see top of file). */
  readonly libCount: Int32Array;
  readonly libSum: Int32Array;
  readonly libSumSq: Int32Array;

  /**
   * Per point, the 3x3 neighbourhood as 8 two-bit colours (EMPTY, BLACK, WHITE, BORDER), kept
   * incrementally as stones come and go. Same layout as patterns.ts' neighbourhoodCode (which is
   * relative to a colour: for BLACK the two codes are equal, for WHITE they differ by swapping
   * 1 and 2). Playouts read shape, eye and empty-neighbour tests from it with one lookup.
   */
  readonly nbr3: Uint16Array;
  /** Per neighbour slot k (0..7, the nbr3 order), the offset from the point. */
  readonly nbrOffsets: Int32Array;

  /** Empty points as a list with positions, for uniform random choice in playouts. */
  readonly emptyList: Int32Array;
  readonly emptyIndex: Int32Array;
  emptyCount = 0;

  /** Colour to move next. */
  toMove = BLACK;
  /** Point the `koColor` side may not play at (0 if none). */
  koPoint = 0;
  koColor = EMPTY;
  /** Consecutive passes just played. */
  passes = 0;
  /** Stones captured by each colour (index BLACK / WHITE): the prisoners each side holds. */
  readonly captures = new Int32Array(3);
  /** Colour that resigned, or EMPTY. */
  resigned = EMPTY;
  /** Reject moves that repeat an earlier whole-board position (positional superko). */
  superko = false;
  hashLo = 0;
  hashHi = 0;
  /** Moves and passes played since the last setup (the undo stack depth). */
  ply = 0;
  /**
   * Whether the board keeps what undo and superko need: the undo records, the hash after each ply
   * and the position hash itself (see setHistory). Moves and their colours are listed either way.
   */
  private history = true;

  // Undo stacks, grown by doubling when a game runs long (never during a playout's typical size).
  private undoMove: Int32Array;
  private undoColor: Int32Array;
  /** The side to move before each ply (a move need not be the side to move's, e.g. in reading). */
  private undoToMove: Int32Array;
  private undoKo: Int32Array;
  private undoKoColor: Int32Array;
  private undoPasses: Int32Array;
  private undoCapStart: Int32Array;
  private undoCapCount: Int32Array;
  /** Position hash after each ply (index 0 = after setup), for superko and undo. */
  private histLo: Int32Array;
  private histHi: Int32Array;
  private capStack: Int32Array;
  private capTop = 0;

  // Scratch for flood fills: generation marks and a stack.
  private readonly mark: Int32Array;
  private markGen = 0;
  private readonly stack: Int32Array;

  /** The four neighbour offsets. */
  readonly dirs: Int32Array;
  /** Per point, xOf and yOf as tables (hot paths: no division), and the distance to the nearest edge (0 = first line). */
  readonly xAt: Int32Array;
  readonly yAt: Int32Array;
  readonly edgeDistance: Int32Array;

  constructor(size: number) {
    if (!Number.isInteger(size) || size < 1 || size > MAX_SIZE) throw new RangeError(`board size must be 1..${MAX_SIZE}, got ${size}`);
    this.size = size;
    this.stride = size + 2;
    this.points = this.stride * this.stride;
    const n = this.points;
    this.color = new Uint8Array(n);
    this.head = new Int32Array(n);
    this.nextStone = new Int32Array(n);
    this.chainSize = new Int32Array(n);
    this.libCount = new Int32Array(n);
    this.libSum = new Int32Array(n);
    this.libSumSq = new Int32Array(n);
    this.emptyList = new Int32Array(n);
    this.emptyIndex = new Int32Array(n);
    this.nbr3 = new Uint16Array(n);
    const W = this.stride;
    this.nbrOffsets = Int32Array.of(-W - 1, -W, -W + 1, -1, 1, W - 1, W, W + 1);
    this.mark = new Int32Array(n);
    this.stack = new Int32Array(n);
    this.dirs = Int32Array.of(-this.stride, 1, this.stride, -1);
    this.xAt = new Int32Array(n);
    this.yAt = new Int32Array(n);
    this.edgeDistance = new Int32Array(n);
    for (let p = 0; p < n; p++) {
      const x = this.xOf(p);
      const y = this.yOf(p);
      this.xAt[p] = x;
      this.yAt[p] = y;
      this.edgeDistance[p] = Math.min(x, y, size - 1 - x, size - 1 - y);
    }
    const cap = 4 * size * size + 64;
    this.undoMove = new Int32Array(cap);
    this.undoColor = new Int32Array(cap);
    this.undoToMove = new Int32Array(cap);
    this.undoKo = new Int32Array(cap);
    this.undoKoColor = new Int32Array(cap);
    this.undoPasses = new Int32Array(cap);
    this.undoCapStart = new Int32Array(cap);
    this.undoCapCount = new Int32Array(cap);
    this.histLo = new Int32Array(cap + 1);
    this.histHi = new Int32Array(cap + 1);
    this.capStack = new Int32Array(cap);
    this.clear();
  }

  /** Empty board, black to move, no history. */
  clear(): void {
    const W = this.stride;
    this.color.fill(BORDER);
    this.head.fill(0);
    this.nextStone.fill(0);
    this.chainSize.fill(0);
    this.libCount.fill(0);
    this.libSum.fill(0);
    this.libSumSq.fill(0);
    this.emptyCount = 0;
    for (let y = 0; y < this.size; y++) {
      for (let x = 0; x < this.size; x++) {
        const p = (y + 1) * W + x + 1;
        this.color[p] = EMPTY;
        this.emptyIndex[p] = this.emptyCount;
        this.emptyList[this.emptyCount++] = p;
      }
    }
    this.nbr3.fill(0);
    for (let p = 0; p < this.points; p++) {
      if (this.color[p] !== EMPTY) continue;
      let code = 0;
      for (let k = 0; k < 8; k++) code |= this.color[p + this.nbrOffsets[k]] << (2 * k);
      this.nbr3[p] = code;
    }
    this.toMove = BLACK;
    this.koPoint = 0;
    this.koColor = EMPTY;
    this.passes = 0;
    this.captures.fill(0);
    this.resigned = EMPTY;
    this.hashLo = 0;
    this.hashHi = 0;
    this.resetHistory();
  }

  /** Point index of (x, y), both 0-based from the top-left corner. */
  pointAt(x: number, y: number): number {
    return (y + 1) * this.stride + x + 1;
  }

  /** 0-based column of a point. */
  xOf(p: number): number {
    return (p % this.stride) - 1;
  }

  /** 0-based row (from the top) of a point. */
  yOf(p: number): number {
    return ((p / this.stride) | 0) - 1;
  }

  /** True for a point on the board (not border, not PASS). */
  onBoard(p: number): boolean {
    return p > 0 && p < this.points && this.color[p] !== BORDER;
  }

  // ---- liberties ---------------------------------------------------------------------------

  private addLib(h: number, lib: number): void {
    this.libCount[h]++;
    this.libSum[h] += lib;
    this.libSumSq[h] += lib * lib;
  }

  private removeLib(h: number, lib: number): void {
    this.libCount[h]--;
    this.libSum[h] -= lib;
    this.libSumSq[h] -= lib * lib;
  }

  /** True if the chain through `p` has exactly one liberty. */
  inAtari(p: number): boolean {
    const h = this.head[p];
    const n = this.libCount[h];
    return n > 0 && n * this.libSumSq[h] === this.libSum[h] * this.libSum[h];
  }

  /** The only liberty of a chain in atari (meaningless otherwise). */
  atariPoint(p: number): number {
    const h = this.head[p];
    return (this.libSum[h] / this.libCount[h]) | 0;
  }

  /** Exact number of distinct liberties of the chain through `p`, stopping once `limit` is reached. */
  liberties(p: number, limit = 1 << 30): number {
    const h = this.head[p];
    if (this.libCount[h] === 0) return 0;
    if (limit <= 1 || this.inAtari(p)) return 1;
    const gen = this.nextGen();
    let n = 0;
    let s = h;
    do {
      for (let d = 0; d < 4; d++) {
        const q = s + this.dirs[d];
        if (this.color[q] === EMPTY && this.mark[q] !== gen) {
          this.mark[q] = gen;
          if (++n >= limit) return n;
        }
      }
      s = this.nextStone[s];
    } while (s !== h);
    return n;
  }

  /** Writes the distinct liberties of the chain through `p` into `out`; returns how many. */
  libertyPoints(p: number, out: Int32Array): number {
    const h = this.head[p];
    const gen = this.nextGen();
    let n = 0;
    let s = h;
    do {
      for (let d = 0; d < 4; d++) {
        const q = s + this.dirs[d];
        if (this.color[q] === EMPTY && this.mark[q] !== gen) {
          this.mark[q] = gen;
          if (n < out.length) out[n] = q;
          n++;
        }
      }
      s = this.nextStone[s];
    } while (s !== h);
    return n;
  }

  /**
   * Distinct liberties the chain of a stone of colour c at the empty point p would have, counted
   * up to `limit`, without playing it and ignoring captures (callers check captures first).
   */
  libertiesAfter(p: number, c: number, limit: number): number {
    const gen = this.nextGen();
    this.mark[p] = gen;
    let n = 0;
    for (let d = 0; d < 4; d++) {
      const q = p + this.dirs[d];
      if (this.color[q] === EMPTY && this.mark[q] !== gen) {
        this.mark[q] = gen;
        if (++n >= limit) return n;
      }
    }
    for (let d = 0; d < 4; d++) {
      const q = p + this.dirs[d];
      if (this.color[q] !== c) continue;
      const h = this.head[q];
      if (this.mark[h] === gen) continue;
      this.mark[h] = gen;
      let s = h;
      do {
        for (let e = 0; e < 4; e++) {
          const r = s + this.dirs[e];
          if (this.color[r] === EMPTY && this.mark[r] !== gen) {
            this.mark[r] = gen;
            if (++n >= limit) return n;
          }
        }
        s = this.nextStone[s];
      } while (s !== h);
    }
    return n;
  }

  /**
   * libertiesAfter(p, c, 2) without walking chains: 0, 1 or 2 (two or more) distinct liberties of
   * the chain c would make at the empty point p, captures ignored. From each own neighbour chain's
   * pseudo-liberty counters with the pairs at p taken out: no pair left is no other liberty; pairs
   * that do not all name one point are two or more; else that one point (sum / count).
   */
  libertiesAfter2(p: number, c: number): number {
    const col = this.color;
    const W = this.stride;
    let lib = 0;
    // The empty neighbours first (N, E, S, W as in dirs).
    const n0 = p - W;
    const n1 = p + 1;
    const n2 = p + W;
    const n3 = p - 1;
    if (col[n0] === EMPTY) lib = n0;
    if (col[n1] === EMPTY) {
      if (lib !== 0) return 2;
      lib = n1;
    }
    if (col[n2] === EMPTY) {
      if (lib !== 0) return 2;
      lib = n2;
    }
    if (col[n3] === EMPTY) {
      if (lib !== 0) return 2;
      lib = n3;
    }
    const head = this.head;
    const h0 = col[n0] === c ? head[n0] : -1;
    const h1 = col[n1] === c ? head[n1] : -1;
    const h2 = col[n2] === c ? head[n2] : -1;
    const h3 = col[n3] === c ? head[n3] : -1;
    for (let d = 0; d < 4; d++) {
      const h = d === 0 ? h0 : d === 1 ? h1 : d === 2 ? h2 : h3;
      if (h < 0) continue;
      // Each chain once: skip it at later neighbours.
      if ((d > 0 && h === h0) || (d > 1 && h === h1) || (d > 2 && h === h2)) continue;
      const k = (h === h0 ? 1 : 0) + (h === h1 ? 1 : 0) + (h === h2 ? 1 : 0) + (h === h3 ? 1 : 0);
      const count = this.libCount[h] - k;
      if (count === 0) continue;
      const sum = this.libSum[h] - k * p;
      const sumSq = this.libSumSq[h] - k * p * p;
      if (count * sumSq !== sum * sum) return 2;
      const only = (sum / count) | 0;
      if (lib === 0) lib = only;
      else if (only !== lib) return 2;
    }
    return lib === 0 ? 0 : 1;
  }

  private nextGen(): number {
    if (++this.markGen >= 0x3fffffff) {
      this.mark.fill(0);
      this.markGen = 1;
    }
    return this.markGen;
  }

  // ---- stones --------------------------------------------------------------------------------

  private putStone(p: number, c: number): void {
    this.color[p] = c;
    // p is slot 7 - k of its neighbour at offset k.
    const nb = this.nbr3;
    const W = this.stride;
    nb[p - W - 1] += c << 14;
    nb[p - W] += c << 12;
    nb[p - W + 1] += c << 10;
    nb[p - 1] += c << 8;
    nb[p + 1] += c << 6;
    nb[p + W - 1] += c << 4;
    nb[p + W] += c << 2;
    nb[p + W + 1] += c;
    const i = this.emptyIndex[p];
    const last = this.emptyList[--this.emptyCount];
    this.emptyList[i] = last;
    this.emptyIndex[last] = i;
    if (this.history) {
      this.hashLo ^= ZOBRIST_LO[p * 3 + c];
      this.hashHi ^= ZOBRIST_HI[p * 3 + c];
    }
    this.head[p] = p;
    this.nextStone[p] = p;
    this.chainSize[p] = 1;
    this.libCount[p] = 0;
    this.libSum[p] = 0;
    this.libSumSq[p] = 0;
  }

  private takeStone(p: number): void {
    const c = this.color[p];
    if (this.history) {
      this.hashLo ^= ZOBRIST_LO[p * 3 + c];
      this.hashHi ^= ZOBRIST_HI[p * 3 + c];
    }
    this.color[p] = EMPTY;
    const nb = this.nbr3;
    const W = this.stride;
    nb[p - W - 1] -= c << 14;
    nb[p - W] -= c << 12;
    nb[p - W + 1] -= c << 10;
    nb[p - 1] -= c << 8;
    nb[p + 1] -= c << 6;
    nb[p + W - 1] -= c << 4;
    nb[p + W] -= c << 2;
    nb[p + W + 1] -= c;
    this.head[p] = 0;
    this.emptyIndex[p] = this.emptyCount;
    this.emptyList[this.emptyCount++] = p;
  }

  /** Joins the chains headed by a and b (the smaller is relabelled). */
  private merge(a: number, b: number): number {
    if (this.chainSize[a] < this.chainSize[b]) {
      const t = a;
      a = b;
      b = t;
    }
    let s = b;
    do {
      this.head[s] = a;
      s = this.nextStone[s];
    } while (s !== b);
    const t = this.nextStone[a];
    this.nextStone[a] = this.nextStone[b];
    this.nextStone[b] = t;
    this.chainSize[a] += this.chainSize[b];
    this.libCount[a] += this.libCount[b];
    this.libSum[a] += this.libSum[b];
    this.libSumSq[a] += this.libSumSq[b];
    return a;
  }

  /** Removes the chain headed by h, pushing its stones on the capture stack; returns its size. */
  private removeChain(h: number): number {
    const start = this.capTop;
    if (start + this.chainSize[h] > this.capStack.length) {
      const bigger = new Int32Array(2 * (start + this.chainSize[h]));
      bigger.set(this.capStack);
      this.capStack = bigger;
    }
    let s = h;
    do {
      this.capStack[this.capTop++] = s;
      s = this.nextStone[s];
    } while (s !== h);
    for (let i = start; i < this.capTop; i++) this.takeStone(this.capStack[i]);
    for (let i = start; i < this.capTop; i++) {
      const q = this.capStack[i];
      for (let d = 0; d < 4; d++) {
        const m = q + this.dirs[d];
        const cm = this.color[m];
        if (cm === BLACK || cm === WHITE) this.addLib(this.head[m], q);
      }
    }
    const n = this.capTop - start;
    // Without history no undo puts them back: the stack is only this capture's scratch.
    if (!this.history) this.capTop = start;
    return n;
  }

  // ---- moves ---------------------------------------------------------------------------------

  /** Legal for `c` under the simple-ko rule: empty, not the ko point, not suicide. */
  isLegalSimple(p: number, c: number): boolean {
    if (p <= 0 || p >= this.points || this.color[p] !== EMPTY) return false;
    if (p === this.koPoint && c === this.koColor) return false;
    return !this.isSuicide(p, c);
  }

  /** True if a stone of colour c at the empty point p would have no liberty after captures. */
  isSuicide(p: number, c: number): boolean {
    const o = 3 - c;
    for (let d = 0; d < 4; d++) {
      const n = p + this.dirs[d];
      const cn = this.color[n];
      if (cn === EMPTY) return false;
      if (cn === c) {
        if (!this.inAtari(n)) return false;
      } else if (cn === o) {
        if (this.inAtari(n)) return false;
      }
    }
    return true;
  }

  /** Legal for `c`, including positional superko when `superko` is on (plays and unplays). */
  isLegal(p: number, c: number): boolean {
    if (p === PASS) return true;
    if (!this.isLegalSimple(p, c)) return false;
    if (!this.superko) return true;
    this.playUnchecked(p, c);
    const repeat = this.repeatsEarlierPosition();
    this.undo();
    return !repeat;
  }

  /**
   * Why c may not play p: 'off-board', 'occupied', 'ko' (the immediate retake), 'suicide' or
   * 'superko' (with `superko` on); null if the move is legal. For messages to people, not playouts.
   */
  illegalReason(p: number, c: number): 'off-board' | 'occupied' | 'ko' | 'suicide' | 'superko' | null {
    if (p === PASS) return null;
    if (!this.onBoard(p)) return 'off-board';
    if (this.color[p] !== EMPTY) return 'occupied';
    if (p === this.koPoint && c === this.koColor) return 'ko';
    if (this.isSuicide(p, c)) return 'suicide';
    if (this.superko && !this.isLegal(p, c)) return 'superko';
    return null;
  }

  /**
   * Plays a stone (or PASS) for colour c if legal; returns false and changes nothing otherwise.
   * Afterwards the other colour is to move.
   */
  play(p: number, c: number = this.toMove): boolean {
    if (p === PASS) {
      this.pass(c);
      return true;
    }
    if (!this.isLegalSimple(p, c)) return false;
    this.playUnchecked(p, c);
    if (this.superko && this.repeatsEarlierPosition()) {
      this.undo();
      return false;
    }
    return true;
  }

  /** A pass by colour c. */
  pass(c: number = this.toMove): void {
    const k = this.pushRecord(PASS, c);
    this.undoCapCount[k] = 0;
    this.koPoint = 0;
    this.koColor = EMPTY;
    this.passes++;
    this.finishRecord(c);
  }

  /** Plays a move already known to be legal under simple ko (the playout path). */
  playUnchecked(p: number, c: number): void {
    const k = this.pushRecord(p, c);
    const o = 3 - c;
    this.putStone(p, c);
    // One pass: liberties of the new stone, the neighbours' lost pseudo-liberty, and merging
    // (pseudo-liberty counters add up, so the order of the two does not matter).
    const col = this.color;
    const head = this.head;
    const libCount = this.libCount;
    const libSum = this.libSum;
    const libSumSq = this.libSumSq;
    const W = this.stride;
    const pp = p * p;
    let h = p;
    let hostile = 0;
    // The four neighbours in the order of dirs (N, E, S, W): the merges' heads depend on it.
    for (let d = 0; d < 4; d++) {
      const n = d === 0 ? p - W : d === 1 ? p + 1 : d === 2 ? p + W : p - 1;
      const cn = col[n];
      if (cn === EMPTY) {
        libCount[h]++;
        libSum[h] += n;
        libSumSq[h] += n * n;
      } else if (cn === c) {
        const hn = head[n];
        libCount[hn]--;
        libSum[hn] -= p;
        libSumSq[hn] -= pp;
        if (hn !== h) h = this.merge(h, hn);
      } else if (cn === o) {
        const hn = head[n];
        libCount[hn]--;
        libSum[hn] -= p;
        libSumSq[hn] -= pp;
        hostile++;
      }
    }
    let captured = 0;
    let lastCapture = 0;
    if (hostile > 0) {
      for (let d = 0; d < 4; d++) {
        const n = d === 0 ? p - W : d === 1 ? p + 1 : d === 2 ? p + W : p - 1;
        if (col[n] === o && libCount[head[n]] === 0) {
          captured += this.removeChain(head[n]);
          lastCapture = n;
        }
      }
    }
    h = this.head[p];
    if (captured === 1 && this.chainSize[h] === 1 && this.libCount[h] === 1) {
      this.koPoint = lastCapture;
      this.koColor = o;
    } else {
      this.koPoint = 0;
      this.koColor = EMPTY;
    }
    this.captures[c] += captured;
    this.undoCapCount[k] = captured;
    this.passes = 0;
    this.finishRecord(c);
  }

  private pushRecord(p: number, c: number): number {
    const k = this.ply;
    if (k + 1 >= this.undoMove.length) this.growUndo();
    this.undoMove[k] = p;
    this.undoColor[k] = c;
    if (!this.history) return k;
    this.undoToMove[k] = this.toMove;
    this.undoKo[k] = this.koPoint;
    this.undoKoColor[k] = this.koColor;
    this.undoPasses[k] = this.passes;
    this.undoCapStart[k] = this.capTop;
    return k;
  }

  private finishRecord(c: number): void {
    this.ply++;
    this.toMove = 3 - c;
    if (!this.history) return;
    this.histLo[this.ply] = this.hashLo;
    this.histHi[this.ply] = this.hashHi;
  }

  /**
   * Turns the history off or back on. A playout board, copied into and played forward only,
   * turns it off and saves the undo records and hash updates of every move; undo() then throws,
   * and the hash (hashLo/hashHi, so superko) is meaningless until the history is turned on again,
   * which recomputes the hash and starts a fresh history (as after setup).
   */
  setHistory(on: boolean): void {
    if (on && !this.history) {
      this.recomputeHash();
      this.history = true;
      const passes = this.passes;
      this.resetHistory();
      this.passes = passes;
    }
    this.history = on;
  }

  private recomputeHash(): void {
    const h = this.hashOfStones();
    this.hashLo = h.lo;
    this.hashHi = h.hi;
  }

  /** The position hash from the stones on the board (not kept up to date: a recomputation). */
  private hashOfStones(): { lo: number; hi: number } {
    let lo = 0;
    let hi = 0;
    for (let p = 0; p < this.points; p++) {
      const c = this.color[p];
      if (c === BLACK || c === WHITE) {
        lo ^= ZOBRIST_LO[p * 3 + c];
        hi ^= ZOBRIST_HI[p * 3 + c];
      }
    }
    return { lo, hi };
  }

  /** False after setHistory(false). */
  get keepsHistory(): boolean {
    return this.history;
  }

  private growUndo(): void {
    const grow = (a: Int32Array): Int32Array => {
      const b = new Int32Array(a.length * 2);
      b.set(a);
      return b;
    };
    this.undoMove = grow(this.undoMove);
    this.undoColor = grow(this.undoColor);
    this.undoToMove = grow(this.undoToMove);
    this.undoKo = grow(this.undoKo);
    this.undoKoColor = grow(this.undoKoColor);
    this.undoPasses = grow(this.undoPasses);
    this.undoCapStart = grow(this.undoCapStart);
    this.undoCapCount = grow(this.undoCapCount);
    this.histLo = grow(this.histLo);
    this.histHi = grow(this.histHi);
  }

  /** True if the current position (stones only) occurred after an earlier ply. */
  repeatsEarlierPosition(): boolean {
    if (!this.history) throw new RangeError('superko on a board without history (setHistory(false))');
    for (let i = this.ply - 1; i >= 0; i--) {
      if (this.histLo[i] === this.hashLo && this.histHi[i] === this.hashHi) return true;
    }
    return false;
  }

  /** The move played at ply k (0-based since setup): point or PASS. */
  moveAt(k: number): number {
    return this.undoMove[k];
  }

  /** Low half of the position hash after ply k (k = 0: after setup; k = ply: now). */
  hashLoAt(k: number): number {
    return this.histLo[k];
  }

  /** High half of the position hash after ply k. */
  hashHiAt(k: number): number {
    return this.histHi[k];
  }

  /** The colour that played ply k. */
  colorAt(k: number): number {
    return this.undoColor[k];
  }

  /** Takes back the last move or pass, restoring everything it changed. */
  undo(): void {
    if (this.ply === 0) throw new RangeError('nothing to undo');
    if (!this.history) throw new RangeError('undo on a board without history (setHistory(false))');
    const k = --this.ply;
    const p = this.undoMove[k];
    const c = this.undoColor[k];
    this.koPoint = this.undoKo[k];
    this.koColor = this.undoKoColor[k];
    this.passes = this.undoPasses[k];
    this.toMove = this.undoToMove[k];
    this.resigned = EMPTY;
    if (p !== PASS) {
      const o = 3 - c;
      this.takeStone(p);
      const start = this.undoCapStart[k];
      const count = this.undoCapCount[k];
      for (let i = start; i < start + count; i++) this.putStone(this.capStack[i], o);
      this.captures[c] -= count;
      this.capTop = start;
      const gen = this.nextGen();
      for (let d = 0; d < 4; d++) this.rebuildIfStone(p + this.dirs[d], gen);
      for (let i = start; i < start + count; i++) {
        const q = this.capStack[i];
        this.rebuildIfStone(q, gen);
        for (let d = 0; d < 4; d++) this.rebuildIfStone(q + this.dirs[d], gen);
      }
    }
    this.hashLo = this.histLo[k];
    this.hashHi = this.histHi[k];
  }

  /** Rebuilds the chain through p from scratch (flood fill) unless already done in this generation. */
  private rebuildIfStone(p: number, gen: number): void {
    const c = this.color[p];
    if ((c !== BLACK && c !== WHITE) || this.mark[p] === gen) return;
    let top = 0;
    this.stack[top++] = p;
    this.mark[p] = gen;
    let prev = p;
    let size = 0;
    this.libCount[p] = 0;
    this.libSum[p] = 0;
    this.libSumSq[p] = 0;
    while (top > 0) {
      const s = this.stack[--top];
      this.head[s] = p;
      if (s !== p) {
        this.nextStone[prev] = s;
        prev = s;
      }
      size++;
      for (let d = 0; d < 4; d++) {
        const q = s + this.dirs[d];
        const cq = this.color[q];
        if (cq === EMPTY) this.addLib(p, q);
        else if (cq === c && this.mark[q] !== gen) {
          this.mark[q] = gen;
          this.stack[top++] = q;
        }
      }
    }
    this.nextStone[prev] = p;
    this.chainSize[p] = size;
  }

  /** Records a resignation by colour c (the game is over; undo clears it). */
  resign(c: number = this.toMove): void {
    this.resigned = c;
  }

  /** Two consecutive passes or a resignation. */
  isGameOver(): boolean {
    return this.passes >= 2 || this.resigned !== EMPTY;
  }

  // ---- setup and copies ------------------------------------------------------------------------

  /**
   * Puts a stone without capturing (SGF AB/AW, figure files) and clears the move history.
   * Returns false if the point is not empty.
   */
  setStone(p: number, c: number): boolean {
    if (!this.onBoard(p) || this.color[p] !== EMPTY) return false;
    this.putStone(p, c);
    const gen = this.nextGen();
    this.rebuildIfStone(p, gen);
    for (let d = 0; d < 4; d++) {
      const n = p + this.dirs[d];
      if (this.color[n] === 3 - c) this.rebuildIfStone(n, gen);
    }
    this.koPoint = 0;
    this.koColor = EMPTY;
    this.resetHistory();
    return true;
  }

  private resetHistory(): void {
    this.ply = 0;
    this.capTop = 0;
    this.passes = 0;
    this.histLo[0] = this.hashLo;
    this.histHi[0] = this.hashHi;
  }

  /** True if some chain has no liberty (only possible after a bad setup). */
  hasDeadChain(): boolean {
    for (let p = 0; p < this.points; p++) {
      const c = this.color[p];
      if ((c === BLACK || c === WHITE) && this.head[p] === p && this.libCount[p] === 0) return true;
    }
    return false;
  }

  /**
   * Copies the position of `other` (same size): stones, chains, ko, side to move, prisoners.
   * The move history is not copied: the copy starts a fresh undo stack (playouts never unplay
   * past their start, and superko is not used in playouts).
   */
  copyFrom(other: GoBoard): void {
    if (other.size !== this.size) throw new RangeError('copyFrom needs boards of the same size');
    this.color.set(other.color);
    this.head.set(other.head);
    this.nextStone.set(other.nextStone);
    this.chainSize.set(other.chainSize);
    this.libCount.set(other.libCount);
    this.libSum.set(other.libSum);
    this.libSumSq.set(other.libSumSq);
    this.emptyList.set(other.emptyList);
    this.emptyIndex.set(other.emptyIndex);
    this.nbr3.set(other.nbr3);
    this.emptyCount = other.emptyCount;
    this.toMove = other.toMove;
    this.koPoint = other.koPoint;
    this.koColor = other.koColor;
    this.captures.set(other.captures);
    this.resigned = other.resigned;
    this.superko = other.superko;
    this.hashLo = other.hashLo;
    this.hashHi = other.hashHi;
    // A board without history has no valid hash: one that keeps history computes it.
    if (!other.history && this.history) this.recomputeHash();
    this.resetHistory();
    this.passes = other.passes;
  }

  /** A full copy including the move history (for tools; not for hot paths). */
  clone(): GoBoard {
    const b = new GoBoard(this.size);
    b.copyFrom(this);
    // Without history there is none to copy: the copy starts afresh, as after copyFrom.
    if (!this.history) return b;
    b.undoMove = this.undoMove.slice();
    b.undoColor = this.undoColor.slice();
    b.undoToMove = this.undoToMove.slice();
    b.undoKo = this.undoKo.slice();
    b.undoKoColor = this.undoKoColor.slice();
    b.undoPasses = this.undoPasses.slice();
    b.undoCapStart = this.undoCapStart.slice();
    b.undoCapCount = this.undoCapCount.slice();
    b.histLo = this.histLo.slice();
    b.histHi = this.histHi.slice();
    b.capStack = this.capStack.slice();
    b.capTop = this.capTop;
    b.ply = this.ply;
    b.passes = this.passes;
    return b;
  }

  /** Number of stones of colour c on the board. */
  stoneCount(c: number): number {
    let n = 0;
    for (let p = 0; p < this.points; p++) if (this.color[p] === c) n++;
    return n;
  }

  /**
   * Recomputes every chain and liberty set from scratch and throws if the incremental state
   * differs (debug and tests only).
   */
  assertConsistent(): void {
    const seen = new Int32Array(this.points);
    let empties = 0;
    for (let p = 0; p < this.points; p++) {
      const c = this.color[p];
      if (c === EMPTY) {
        empties++;
        if (this.emptyList[this.emptyIndex[p]] !== p) throw new Error(`empty list broken at ${p}`);
      }
      if ((c !== BLACK && c !== WHITE) || seen[p]) continue;
      // Flood fill the chain.
      const stones: number[] = [p];
      seen[p] = 1;
      for (let i = 0; i < stones.length; i++) {
        for (let d = 0; d < 4; d++) {
          const q = stones[i] + this.dirs[d];
          if (this.color[q] === c && !seen[q]) {
            seen[q] = 1;
            stones.push(q);
          }
        }
      }
      const h = this.head[p];
      let count = 0;
      let sum = 0;
      let sumSq = 0;
      for (const s of stones) {
        if (this.head[s] !== h) throw new Error(`stone ${s} has head ${this.head[s]}, chain head ${h}`);
        for (let d = 0; d < 4; d++) {
          const q = s + this.dirs[d];
          if (this.color[q] === EMPTY) {
            count++;
            sum += q;
            sumSq += q * q;
          }
        }
      }
      let listed = 0;
      let s = h;
      do {
        listed++;
        s = this.nextStone[s];
      } while (s !== h && listed <= stones.length);
      if (listed !== stones.length || this.chainSize[h] !== stones.length) throw new Error(`chain at ${h}: list ${listed}, size ${this.chainSize[h]}, actual ${stones.length}`);
      if (count === 0) throw new Error(`chain at ${h} has no liberty`);
      if (this.libCount[h] !== count || this.libSum[h] !== sum || this.libSumSq[h] !== sumSq) throw new Error(`chain at ${h}: liberty counters differ`);
    }
    for (let p = 0; p < this.points; p++) {
      if (this.color[p] === BORDER) continue;
      let code = 0;
      for (let k = 0; k < 8; k++) code |= this.color[p + this.nbrOffsets[k]] << (2 * k);
      if (this.nbr3[p] !== code) throw new Error(`3x3 code at ${p} is ${this.nbr3[p]}, actual ${code}`);
    }
    if (empties !== this.emptyCount) throw new Error(`empty count ${this.emptyCount}, actual ${empties}`);
    const h = this.hashOfStones();
    if (this.history && (h.lo !== this.hashLo || h.hi !== this.hashHi)) throw new Error('hash differs from a recomputation');
  }
}
