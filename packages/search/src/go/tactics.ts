// Local tactical reading (seed 000: "candidates from local search"): can a chain short of
// liberties be captured, and which moves capture or save it? A small depth-first search on the
// real board with play/undo and a node budget. The attacker tries the chain's liberties and the
// empty points next to them (so nets and the seed's diagonal escape are found, not only
// ladders); the defender extends, captures an attacker in atari, or plays next to a liberty.
// When the budget runs out the answer is "not captured", the safe side for a move generator.
import type { GoBoard } from './rules.js';

const MAX_DEPTH = 80;
const MOVES_PER_NODE = 16;

export class TacticalReader {
  /** Nodes visited by the last top-level call. */
  nodes = 0;
  /** True if the last top-level call ran out of budget. */
  aborted = false;
  private budget = 0;
  private readonly moveBuf = new Int32Array(MAX_DEPTH * MOVES_PER_NODE);
  private readonly libBuf = new Int32Array(8);

  constructor(readonly board: GoBoard, readonly nodeBudget = 3000) {}

  /** True if the chain at `p` can be captured with its opponent to move. */
  canCapture(p: number): boolean {
    this.start();
    return this.attack(p, 0);
  }

  /** True if the chain at `p` survives with its owner to move. */
  canSave(p: number): boolean {
    this.start();
    return this.defend(p, 0);
  }

  /** Attacker moves that capture the chain at p (chains with at most 3 liberties). */
  captureMoves(p: number): number[] {
    const b = this.board;
    const defender = b.color[p];
    const attacker = 3 - defender;
    const out: number[] = [];
    const n = this.attackerMoves(p, 0);
    for (let i = 0; i < n; i++) {
      const m = this.moveBuf[i];
      if (!b.isLegal(m, attacker)) continue;
      this.start();
      b.play(m, attacker);
      const works = b.color[p] !== defender || !this.defend(p, 1);
      b.undo();
      if (works) out.push(m);
    }
    return out;
  }

  /** Defender moves that save the chain at p if it can be captured now; [] if it is safe. */
  escapeMoves(p: number): number[] {
    const b = this.board;
    const defender = b.color[p];
    this.start();
    if (!this.attack(p, 0)) return [];
    const out: number[] = [];
    const n = this.defenderMoves(p, 0);
    for (let i = 0; i < n; i++) {
      const m = this.moveBuf[i];
      if (!b.isLegal(m, defender)) continue;
      this.start();
      b.play(m, defender);
      const libs = b.liberties(p, 3);
      const works = libs >= 3 || (libs === 2 && !this.attack(p, 1));
      b.undo();
      if (works) out.push(m);
    }
    return out;
  }

  private start(): void {
    this.nodes = 0;
    this.aborted = false;
    this.budget = this.nodeBudget;
  }

  /** Attacker to move: can the chain at p be captured? */
  private attack(p: number, depth: number): boolean {
    const b = this.board;
    if (++this.nodes > this.budget || depth >= MAX_DEPTH - 1) {
      this.aborted = true;
      return false;
    }
    const defender = b.color[p];
    const attacker = 3 - defender;
    const libs = b.liberties(p, 3);
    if (libs === 1) return b.isLegal(b.atariPoint(p), attacker);
    if (libs >= 3) return false;
    const n = this.attackerMoves(p, depth);
    const base = depth * MOVES_PER_NODE;
    for (let i = 0; i < n; i++) {
      const m = this.moveBuf[base + i];
      if (!b.isLegal(m, attacker)) continue;
      b.play(m, attacker);
      // An attacking stone that is itself left in atari is simply taken: not a capture.
      const selfAtari = b.liberties(m, 2) === 1 && b.color[p] === defender && b.liberties(p, 2) > 1;
      const works = !selfAtari && (b.color[p] !== defender || !this.defend(p, depth + 1));
      b.undo();
      if (works) return true;
      if (this.aborted) return false;
    }
    return false;
  }

  /** Defender to move: can the chain at p be saved? */
  private defend(p: number, depth: number): boolean {
    const b = this.board;
    if (++this.nodes > this.budget || depth >= MAX_DEPTH - 1) {
      this.aborted = true;
      return true;
    }
    const defender = b.color[p];
    const libs = b.liberties(p, 3);
    if (libs >= 3) return true;
    const n = this.defenderMoves(p, depth);
    const base = depth * MOVES_PER_NODE;
    for (let i = 0; i < n; i++) {
      const m = this.moveBuf[base + i];
      if (!b.isLegal(m, defender)) continue;
      b.play(m, defender);
      const after = b.liberties(p, 3);
      const works = after >= 3 || (after === 2 && !this.attack(p, depth + 1));
      b.undo();
      if (works) return true;
      if (this.aborted) return true;
    }
    return false;
  }

  /** Liberties of the chain, then empty points next to those liberties. */
  private attackerMoves(p: number, depth: number): number {
    const b = this.board;
    const base = depth * MOVES_PER_NODE;
    const nl = Math.min(b.libertyPoints(p, this.libBuf), this.libBuf.length);
    let n = 0;
    for (let i = 0; i < nl && n < MOVES_PER_NODE; i++) n = this.pushUnique(base, n, this.libBuf[i]);
    if (nl <= 2) {
      for (let i = 0; i < nl; i++) {
        const l = this.libBuf[i];
        for (let d = 0; d < 4 && n < MOVES_PER_NODE; d++) {
          const q = l + b.dirs[d];
          if (b.color[q] === 0) n = this.pushUnique(base, n, q);
        }
      }
    }
    return n;
  }

  /** Captures of adjacent attackers in atari, the liberties, then points next to the liberties. */
  private defenderMoves(p: number, depth: number): number {
    const b = this.board;
    const base = depth * MOVES_PER_NODE;
    const defender = b.color[p];
    const attacker = 3 - defender;
    let n = 0;
    const h = b.head[p];
    let s = h;
    do {
      for (let d = 0; d < 4; d++) {
        const q = s + b.dirs[d];
        if (b.color[q] === attacker && b.inAtari(q) && n < MOVES_PER_NODE) n = this.pushUnique(base, n, b.atariPoint(q));
      }
      s = b.nextStone[s];
    } while (s !== h);
    const nl = Math.min(b.libertyPoints(p, this.libBuf), this.libBuf.length);
    for (let i = 0; i < nl && n < MOVES_PER_NODE; i++) n = this.pushUnique(base, n, this.libBuf[i]);
    if (nl === 2) {
      for (let i = 0; i < nl; i++) {
        const l = this.libBuf[i];
        for (let d = 0; d < 4 && n < MOVES_PER_NODE; d++) {
          const q = l + b.dirs[d];
          if (b.color[q] === 0) n = this.pushUnique(base, n, q);
        }
      }
    }
    return n;
  }

  private pushUnique(base: number, n: number, m: number): number {
    for (let i = 0; i < n; i++) if (this.moveBuf[base + i] === m) return n;
    this.moveBuf[base + n] = m;
    return n + 1;
  }
}

