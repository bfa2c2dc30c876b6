// stdin as protocol lines for `sente gtp`, `sente go gtp` and `sente nboard`. Not node:readline:
// it ends a line at a lone CR too, which GTP forbids (a CR is a control character to drop, so
// `name\rversion` is one line), and closing it after `quit` only pauses stdin, which kept
// `sente gtp` alive until the controller closed the pipe. Lines end at LF only; a byte-order mark
// opening the stream is dropped; a line too long to serve is cut (the server refuses it); after
// the handler says stop, stdin is destroyed so the process exits with stdin still open.
import { MAX_PROTOCOL_LINE } from '@sente/search';

/** Characters of an unfinished line kept; the rest is dropped, the server refuses the line anyway. */
const KEEP = MAX_PROTOCOL_LINE + 1;

/** Feeds each stdin line to `handle` until it returns true (quit) or the input ends. */
export async function serveStdinLines(handle: (line: string) => boolean): Promise<void> {
  const input = process.stdin;
  input.setEncoding('utf8');
  let pending = '';
  let first = true;
  try {
    for await (const chunk of input as AsyncIterable<string>) {
      let text = chunk;
      if (first && text.length > 0) {
        first = false;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      let start = 0;
      for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
        const line = pending + text.slice(start, nl);
        pending = '';
        start = nl + 1;
        if (handle(line)) return;
      }
      if (pending.length < KEEP) pending += text.slice(start, start + KEEP - pending.length);
    }
    if (pending !== '') handle(pending);
  } finally {
    input.destroy();
  }
}
