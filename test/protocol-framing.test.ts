// Framing of the three protocol servers as processes (issue #19): `quit` ends the process while
// stdin is still open, a lone CR is a character to drop and not a line break, a BOM opening the
// stream is skipped, and each command line gets exactly one reply carrying its id.
import { spawn, spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLI } from './gtp-referee.js';

const OTHELLO = [CLI, 'gtp', '--depth', '1', '--quiet'];
const GO = [CLI, 'gtp', '--game', 'go', '--playouts', '20'];
const NBOARD = [CLI, 'nboard', '--depth', '1'];

/** GTP replies of a whole session (stdin closed at the end). */
function gtpReplies(argv: string[], input: string): string[] {
  const r = spawnSync(process.execPath, argv, { input, encoding: 'utf8', timeout: 60_000 });
  expect(r.status).toBe(0);
  expect(r.stdout.endsWith('\n\n') || r.stdout === '').toBe(true);
  return r.stdout.split('\n\n').filter((s) => s !== '');
}

/** Writes `input`, keeps stdin open, and resolves with the exit code and output once the process ends. */
function exitWithStdinOpen(argv: string[], input: string, limitMs = 20_000): Promise<{ code: number | null; stdout: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    const child = spawn(process.execPath, argv, { stdio: ['pipe', 'pipe', 'ignore'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`still running ${limitMs} ms after quit; output so far ${JSON.stringify(stdout)}`));
    }, limitMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      child.stdin.destroy();
      resolve({ code, stdout, ms: Date.now() - t0 });
    });
    child.stdin.write(input);
  });
}

describe('quit ends the process with stdin still open', () => {
  it.each([['sente gtp', OTHELLO], ['sente gtp --game go', GO]])('%s', async (_, argv) => {
    const r = await exitWithStdinOpen(argv, 'name\nquit\nname\n');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^= sente\n\n= ?\n\n$/);
  });

  it('sente nboard', async () => {
    const r = await exitWithStdinOpen(NBOARD, 'ping 1\nquit\nping 2\n');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('pong 1\n');
  });
});

describe.each([['Othello', OTHELLO, '='], ['Go', GO, '= ']])('GTP line framing (%s)', (_, argv, ok) => {
  it('drops a lone CR instead of ending the line, and accepts CRLF', () => {
    expect(gtpReplies(argv, 'name\rversion\n')).toEqual(['? unknown command']);
    expect(gtpReplies(argv, 'na\rme\r\n3 name\r\n')).toEqual(['= sente', '=3 sente']);
  });

  it('skips a BOM opening the stream; a BOM-only line later is one unknown command', () => {
    expect(gtpReplies(argv, '\ufeffname\n\ufeff\nname')).toEqual(['= sente', '? unknown command', '= sente']);
  });

  it('ignores empty, blank and comment lines, reads tabs as spaces, echoes ids', () => {
    const replies = gtpReplies(argv, '\n   \n\t\n# comment\n  # indented\n12\tname # trailing\n\x01\x7f\n7 boardsize\t8\n0 bogus\n99999999999999999999 name\n');
    expect(replies).toEqual(['=12 sente', `=7${ok.slice(1)}`, '?0 unknown command', '=99999999999999999999 sente']);
  });
});

describe('NBoard line framing', () => {
  it('drops a lone CR, accepts CRLF and skips an opening BOM', () => {
    const r = spawnSync(process.execPath, NBOARD, { input: '\ufeffping 1\rping 2\nping 3\r\n\ufeff\nquit\n', encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n')).toEqual(['pong 1ping', 'pong 3', 'status error: unknown command "\ufeff"', '']);
  });
});

// A few thousand random lines through the real processes: the framing end to end (stdin split at
// LF only, one reply per command line, ids echoed), whatever the bytes.
const WORDS = ['play', 'genmove', 'undo', 'showboard', 'boardsize', 'clear_board', 'name', 'komi', 'final_score', 'black', 'w', 'pass', 'd3', 'F5', 'c4', 'E5', 'z0', '19', '8', '-1', '1e309', 'NaN', '#', '12', '\t', '\r', '\x00', '\ufeff', '\u00a0'];
const LINE = fc.oneof(
  { weight: 3, arbitrary: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }).map((w) => w.join(' ')) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 15 }) },
);

/** The words of a line as GTP 2 reads it (controls but HT dropped, HT a space, no comment). */
function words(line: string): string[] {
  // eslint-disable-next-line no-control-regex
  return line.replace(/[\x00-\x08\x0a-\x1f\x7f]/g, '').replace(/\t/g, ' ').split('#')[0].split(' ').filter((w) => w !== '');
}

describe.each([['Othello', OTHELLO], ['Go', GO]])('%s GTP process under 3000 random lines', (_, argv) => {
  it('answers each command line once, in order, with its id', () => {
    const lines = fc.sample(LINE, { seed: 19, numRuns: 3000 }).map((l) => l.replace(/quit/g, 'qu1t'));
    // What the process reads: the UTF-8 round trip of the script, split at LF.
    const script = Buffer.from(`name\n${lines.join('\n')}\nquit\n`, 'utf8').toString('utf8');
    const commands = script.split('\n').slice(0, -1).filter((l) => words(l).length > 0);
    const r = spawnSync(process.execPath, argv, { input: script, encoding: 'utf8', timeout: 120_000, maxBuffer: 64 << 20 });
    expect(r.status).toBe(0);
    const replies = r.stdout.split('\n\n');
    expect(replies.pop()).toBe('');
    expect(replies.length).toBe(commands.length);
    commands.forEach((line, i) => {
      const w = words(line);
      const id = /^\d+$/.test(w[0]) ? w[0] : '';
      if (!new RegExp(`^[=?]${id}( |$)`).test(replies[i])) throw new Error(`reply ${i} ${JSON.stringify(replies[i])} to ${JSON.stringify(line)}`);
    });
    expect(replies[replies.length - 1]).toMatch(/^= ?$/);
  });
});
