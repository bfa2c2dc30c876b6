// Scoring a finished position. Area scoring (stones + empty regions that touch only one colour,
// the Tromp-Taylor count computer Go uses, komi 7.5) is the default; territory scoring (empty
// regions + prisoners, komi 6.5) is the option. Both take an optional set of dead stones (points)
// that are removed before counting: their points join the surrounding region, and under
// territory scoring each also counts as a prisoner for the other side. Without it every stone on
// the board counts, which is right for games played out until dead stones are captured. Under
// territory scoring the empty points next to chains in seki (`seki`) are nobody's, as the
// Japanese rules say.
import { BLACK, BORDER, EMPTY, WHITE, type GoBoard } from './board.js';

export const AREA_KOMI = 7.5;
export const TERRITORY_KOMI = 6.5;

export interface Score {
  /** Black's points (stones + territory, or territory + prisoners). */
  readonly black: number;
  readonly white: number;
  readonly komi: number;
  /** black - white - komi: positive means black wins. */
  readonly margin: number;
}

/**
 * Owner of every point: BLACK or WHITE for stones and for empty points whose region touches only
 * that colour, EMPTY for neutral points (dame, seki liberties), BORDER off the board.
 */
export function ownership(board: GoBoard, dead?: ReadonlySet<number>): Uint8Array {
  const owner = new Uint8Array(board.points);
  const seen = new Uint8Array(board.points);
  const region = new Int32Array(board.points);
  let color = board.color;
  if (dead && dead.size > 0) {
    color = color.slice();
    for (const p of dead) if (color[p] === BLACK || color[p] === WHITE) color[p] = EMPTY;
  }
  for (let p = 0; p < board.points; p++) {
    const c = color[p];
    if (c !== EMPTY) {
      owner[p] = c;
      continue;
    }
    if (seen[p]) continue;
    let top = 0;
    let n = 0;
    let touches = 0;
    region[top++] = p;
    seen[p] = 1;
    while (n < top) {
      const q = region[n++];
      for (let d = 0; d < 4; d++) {
        const r = q + board.dirs[d];
        const cr = color[r];
        if (cr === EMPTY) {
          if (!seen[r]) {
            seen[r] = 1;
            region[top++] = r;
          }
        } else if (cr !== BORDER) touches |= cr;
      }
    }
    const o = touches === BLACK ? BLACK : touches === WHITE ? WHITE : EMPTY;
    for (let i = 0; i < top; i++) owner[region[i]] = o;
  }
  return owner;
}

/** Area score: stones plus surrounded empty points, minus komi for white. */
export function areaScore(board: GoBoard, komi: number = AREA_KOMI, dead?: ReadonlySet<number>): Score {
  const owner = ownership(board, dead);
  let black = 0;
  let white = 0;
  for (let p = 0; p < board.points; p++) {
    if (owner[p] === BLACK) black++;
    else if (owner[p] === WHITE) white++;
  }
  return { black, white, komi, margin: black - white - komi };
}

/**
 * Territory score: surrounded empty points plus prisoners. Dead stones count twice for the side
 * that surrounds them (the point is territory, the stone a prisoner); empty regions touching a
 * chain in seki count for nobody.
 */
export function territoryScore(board: GoBoard, komi: number = TERRITORY_KOMI, dead?: ReadonlySet<number>, seki?: ReadonlySet<number>): Score {
  const owner = ownership(board, dead);
  let black = board.captures[BLACK];
  let white = board.captures[WHITE];
  const neutral = seki && seki.size > 0 ? sekiRegions(board, dead, seki) : null;
  for (let p = 0; p < board.points; p++) {
    const c = board.color[p];
    const isDead = dead?.has(p) === true && (c === BLACK || c === WHITE);
    if (c !== EMPTY && !isDead) continue;
    if (isDead) {
      if (c === WHITE) black++;
      else white++;
    }
    if (neutral?.[p]) continue;
    if (owner[p] === BLACK) black++;
    else if (owner[p] === WHITE) white++;
  }
  return { black, white, komi, margin: black - white - komi };
}

/** Marks the empty (or dead) regions that touch a stone of a seki chain. */
function sekiRegions(board: GoBoard, dead: ReadonlySet<number> | undefined, seki: ReadonlySet<number>): Uint8Array {
  const open = (p: number): boolean => board.color[p] === EMPTY || dead?.has(p) === true;
  const out = new Uint8Array(board.points);
  const stack: number[] = [];
  for (const s of seki) {
    for (let d = 0; d < 4; d++) {
      const q = s + board.dirs[d];
      if (!open(q) || out[q]) continue;
      out[q] = 1;
      stack.push(q);
      while (stack.length > 0) {
        const r = stack.pop()!;
        for (let e = 0; e < 4; e++) {
          const t = r + board.dirs[e];
          if (open(t) && !out[t]) {
            out[t] = 1;
            stack.push(t);
          }
        }
      }
    }
  }
  return out;
}

/** GTP / SGF result text: "B+3.5", "W+0.5", or "0" for a draw. */
export function formatMargin(margin: number): string {
  if (margin === 0) return '0';
  return margin > 0 ? `B+${margin}` : `W+${-margin}`;
}

/** Parses "B+3.5", "W+R", "0", "Draw" into a margin for black (Infinity for resignation). */
export function parseMargin(text: string): number | null {
  const t = text.trim();
  if (t === '0' || /^draw$/i.test(t)) return 0;
  const m = /^([BW])\+(R|Resign|T|Time|F|Forfeit|\d+(?:\.\d+)?)?$/i.exec(t);
  if (!m) return null;
  const sign = m[1].toUpperCase() === 'B' ? 1 : -1;
  const v = m[2] === undefined || !/^\d/.test(m[2]) ? Infinity : Number(m[2]);
  return sign * v;
}
