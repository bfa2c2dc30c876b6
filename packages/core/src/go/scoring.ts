// Scoring a finished position. Area scoring (stones + empty regions that touch only one colour,
// the Tromp-Taylor count computer Go uses, komi 7.5) is the default; territory scoring (empty
// regions + prisoners, komi 6.5) is the option. Neither removes dead stones: games between
// programs are played out until dead stones are captured, so every stone on the board counts.
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
export function ownership(board: GoBoard): Uint8Array {
  const owner = new Uint8Array(board.points);
  const seen = new Uint8Array(board.points);
  const region = new Int32Array(board.points);
  const color = board.color;
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
export function areaScore(board: GoBoard, komi: number = AREA_KOMI): Score {
  const owner = ownership(board);
  let black = 0;
  let white = 0;
  for (let p = 0; p < board.points; p++) {
    if (owner[p] === BLACK) black++;
    else if (owner[p] === WHITE) white++;
  }
  return { black, white, komi, margin: black - white - komi };
}

/** Territory score: surrounded empty points plus prisoners. */
export function territoryScore(board: GoBoard, komi: number = TERRITORY_KOMI): Score {
  const owner = ownership(board);
  let black = board.captures[BLACK];
  let white = board.captures[WHITE];
  for (let p = 0; p < board.points; p++) {
    if (board.color[p] !== EMPTY) continue;
    if (owner[p] === BLACK) black++;
    else if (owner[p] === WHITE) white++;
  }
  return { black, white, komi, margin: black - white - komi };
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
