// Vertex and colour codecs of GTP, one per game, over the games' own square parsers in core (one
// parser per game: Othello's parseSquare, Go's parseGtpVertex), so a server, the client and the
// referee read `F5` or `Q16` the same way. A GTP word is taken as it is: GTP's only whitespace is
// the space that separated it, so a word with a Unicode space or a BOM around it is malformed
// (the core parsers trim, which suits people typing, not a protocol).
import { BLACK as OTHELLO_BLACK, PASS as OTHELLO_PASS, WHITE as OTHELLO_WHITE, go, parseSquare, squareName } from '@sente/core';

/** A GTP colour word (black/b/white/w in any case) as 'black' or 'white'; null for anything else. */
export function parseGtpColorWord(word: string): 'black' | 'white' | null {
  const t = word.toLowerCase();
  return t === 'black' || t === 'b' ? 'black' : t === 'white' || t === 'w' ? 'white' : null;
}

/** What a game needs to speak GTP about its board: colours and vertices both ways. */
export interface GtpCodec {
  /** The game's colour constant for a GTP colour word, or null. */
  parseColor(word: string): number | null;
  /** 'black' or 'white' for the game's colour constant. */
  colorName(color: number): 'black' | 'white';
  /** The game's move (a square/point, or its PASS) for a GTP vertex, or null when malformed or off the board. */
  parseVertex(word: string): number | null;
  /** The GTP vertex of a move: upper case, `pass` for a pass. */
  formatVertex(move: number): string;
}

/** Othello: BLACK = 0, WHITE = 1; vertices A1..H8 (row 1 at the top, as GRhino), `pass`. */
export const othelloCodec: GtpCodec = {
  parseColor(word) {
    const c = parseGtpColorWord(word);
    return c === null ? null : c === 'black' ? OTHELLO_BLACK : OTHELLO_WHITE;
  },
  colorName: (color) => (color === OTHELLO_BLACK ? 'black' : 'white'),
  parseVertex(word) {
    if (/^pass$/i.test(word)) return OTHELLO_PASS;
    // parseSquare also reads NBoard's `PA` and `--` as a pass; GTP spells a pass `pass` only.
    if (word.length !== 2) return null;
    const r = parseSquare(word);
    return r.ok && r.value !== OTHELLO_PASS ? r.value : null;
  },
  formatVertex: (move) => (move === OTHELLO_PASS ? 'pass' : squareName(move).toUpperCase()),
};

/** Go's genmove may also answer `resign`; this is its code in replies parsed by goCodec.parseMove. */
export const GTP_RESIGN = -2;

export interface GoGtpCodec extends GtpCodec {
  readonly size: number;
  /** Why a vertex is refused: malformed (`syntax error`) or outside this board (`illegal move` in play). */
  vertexError(word: string): 'malformed' | 'off-board' | null;
  /** A genmove answer: a vertex, `pass` or `resign` (GTP_RESIGN); null when it is none of them. */
  parseMove(word: string): number | null;
}

const goCodecs = new Map<number, GoGtpCodec>();

/** Go on a board of `size`: BLACK = 1, WHITE = 2; vertices A1.. without I, row 1 at the bottom; `pass`, `resign`. */
export function goCodec(size: number): GoGtpCodec {
  let codec = goCodecs.get(size);
  if (codec) return codec;
  const vertex = (word: string): ReturnType<typeof go.parseGtpVertex> | null => (word.trim() === word && word !== '' ? go.parseGtpVertex(size, word) : null);
  codec = {
    size,
    parseColor(word) {
      const c = parseGtpColorWord(word);
      return c === null ? null : c === 'black' ? go.BLACK : go.WHITE;
    },
    colorName: (color) => (color === go.BLACK ? 'black' : 'white'),
    parseVertex(word) {
      const r = vertex(word);
      return r?.ok ? r.value : null;
    },
    vertexError(word) {
      const r = vertex(word);
      return r === null ? 'malformed' : r.ok ? null : r.error.code === 'off-board' ? 'off-board' : 'malformed';
    },
    parseMove(word) {
      return /^resign$/i.test(word) ? GTP_RESIGN : this.parseVertex(word);
    },
    formatVertex: (move) => go.gtpVertex(size, move),
  };
  goCodecs.set(size, codec);
  return codec;
}
