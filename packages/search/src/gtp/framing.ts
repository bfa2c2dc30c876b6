// GTP framing, apart from any command (as GNU Go's interface/gtp.c is apart from play_gtp.c): the
// line rules the text protocols share (Othello GTP, Go GTP, NBoard), the command line's id, name
// and arguments, and the reply frame, in one place so the servers and the client cannot drift
// apart. GTP 2 (section 2.2) says: remove CR and the other control characters
// except HT and LF, turn HT into a space, discard everything from `#`, ignore lines left empty or
// all whitespace. "Whitespace" is the ASCII space only: U+FEFF, U+00A0 and other Unicode spaces
// are ordinary characters, so a line holding only a stray BOM is a command (answered
// `? unknown command`), never silently dropped. The byte-order mark that opens a stream is an
// encoding signature, not input; the reader (apps/cli) strips it before the first line.

/** Longest line the servers read; a longer one is refused (as an error reply) without being scanned. */
export const MAX_PROTOCOL_LINE = 100_000;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x08\x0a-\x1f\x7f]/g;

function clean(line: string): string {
  return line.replace(CONTROL, '').replace(/\t/g, ' ');
}

/** A line after GTP preprocessing: control characters removed, tabs as spaces, no comment. */
export function preprocessGtpLine(line: string): string {
  const text = clean(line);
  const hash = text.indexOf('#');
  return hash >= 0 ? text.slice(0, hash) : text;
}

/** The words of a line after preprocessing, split at runs of spaces; [] for an ignored line. */
export function gtpWords(line: string): string[] {
  const words = preprocessGtpLine(line).split(' ');
  let n = 0;
  for (const w of words) if (w !== '') words[n++] = w;
  words.length = n;
  return words;
}

/** An NBoard line after the same cleaning (NBoard has no comments): the command text, trimmed of spaces. */
export function preprocessNboardLine(line: string): string {
  const text = clean(line);
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) === 32) start++;
  while (end > start && text.charCodeAt(end - 1) === 32) end--;
  return text.slice(start, end);
}

/** A reply that failed: the server answers `? message`. Command handlers throw it. */
/**
 * A protocol number (GTP and NBoard): decimal digits with an optional sign and fraction, nothing
 * else, so `1e1`, `0x9` or `Infinity` are refused (NaN) rather than read as numbers.
 */
export function protocolDecimal(text: string | undefined): number {
  return text !== undefined && /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
}

/** A protocol whole number: decimal digits, with an optional sign if `signed` (NaN otherwise: `5.`, `1e1`). */
export function protocolInteger(text: string | undefined, signed = true): number {
  return text !== undefined && (signed ? /^[+-]?\d+$/ : /^\d+$/).test(text) ? Number(text) : Number.NaN;
}

export class GtpError extends Error {}

/** One command line after framing: its optional numeric id, the command name and the arguments. */
export interface GtpCommand {
  readonly id: string;
  readonly name: string;
  readonly args: string[];
}

/**
 * Frames one input line: null for a line GTP ignores, a GtpCommand, or the error reply for a line
 * that cannot be a command (too long, an id alone). Command names are case-sensitive, as GNU Go
 * and gtp-rhino read them.
 */
export function parseGtpCommand(line: string): GtpCommand | { readonly id: string; readonly error: string } | null {
  if (line.length > MAX_PROTOCOL_LINE) return { id: '', error: `syntax error: line too long (more than ${MAX_PROTOCOL_LINE} characters)` };
  const words = gtpWords(line);
  if (words.length === 0) return null;
  let id = '';
  if (/^\d+$/.test(words[0])) id = words.shift() as string;
  if (words.length === 0) return { id, error: 'syntax error: missing command' };
  return { id, name: words[0], args: words.slice(1) };
}

/**
 * The reply frame: `=id result` or `?id message`, then a blank line. An empty success is `=id`
 * alone (gtp-rhino) or `=id ` with the space (GNU Go), chosen by `spaceWhenEmpty`; everything else
 * is the same in both dialects.
 */
export function formatGtpReply(id: string, ok: boolean, text: string, spaceWhenEmpty = false): string {
  const sign = ok ? '=' : '?';
  return text === '' && !spaceWhenEmpty ? `${sign}${id}\n\n` : `${sign}${id} ${text}\n\n`;
}

/** A reply as a client reads it: success or failure, and the text without `=id`/`?id` and trailing blanks. */
export interface GtpAnswer {
  readonly ok: boolean;
  readonly text: string;
}

/** Reads the reply frame back (the inverse of formatGtpReply for a reply's lines). */
export function parseGtpReply(reply: string): GtpAnswer | null {
  const m = /^([=?])\d*(?=\s|$)[ \t]?/.exec(reply);
  if (!m) return null;
  return { ok: m[1] === '=', text: reply.slice(m[0].length).trim() };
}
