// The line rules the text protocols share (Othello GTP, Go GTP, NBoard), in one place so the
// servers cannot drift apart. GTP 2 (section 2.2) says: remove CR and the other control characters
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
