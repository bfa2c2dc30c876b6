// `sente gtp` as a process: a scripted session checks the replies to legal and illegal moves, a
// pass, unknown commands and garbage; where gtp-rhino is installed, the same script is sent to it
// and every command must succeed or fail alike (the dialect we promise to speak).
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI, RHINO, hasRhino } from './gtp-referee.js';

/** Runs a GTP script through a program and returns the replies (one per non-ignored line). */
function session(argv: string[], script: string): { replies: string[]; status: number | null; stderr: string } {
  const r = spawnSync(argv[0], argv.slice(1), { input: script, encoding: 'utf8', timeout: 60_000, maxBuffer: 64 << 20 });
  const replies = r.stdout.split('\n\n').filter((s) => s !== '');
  return { replies, status: r.status, stderr: r.stderr };
}

const SENTE = [process.execPath, CLI, 'gtp', '--depth', '2', '--quiet'];
// White has no move here; black's a1 ends the game 37-27 (+10 with no empties).
const PASS_BOARD = '-OOOOOOOOOOOOXOOXXXXXOXXXOXXXOOXXXXOOXOXXXXOOOXXXXXXXXXXXXXOOOOO';

describe('sente gtp --time', () => {
  it('spends about the given seconds on a midgame move', () => {
    const t0 = performance.now();
    const r = session([process.execPath, CLI, 'gtp', '--time', '0.5', '--quiet'], 'play black f5\nplay white d6\nplay black c3\ngenmove white\nquit\n');
    const seconds = (performance.now() - t0) / 1000;
    expect(r.status, r.stderr).toBe(0);
    expect(r.replies[3]).toMatch(/^= [A-H][1-8]$/);
    expect(seconds).toBeGreaterThan(0.3);
    expect(seconds).toBeLessThan(15);
  });
});

describe('sente gtp: a scripted session', () => {
  it('answers legal and illegal moves, passes, unknown commands and garbage', () => {
    const script = [
      'protocol_version', 'name', 'boardsize 8', 'boardsize 10', 'clear_board', 'komi 0',
      'play black f5', 'play white f5', 'play white a1', 'play purple d6', 'play white', 'play white z0',
      '7 genmove white', 'showboard', 'undo', 'undo', 'undo', 'undo',
      'fly me to the moon', '', '   ', '# comment',
      '\x00\x01\x02\x7f\xfe binary', 'x'.repeat(200_000),
      `grhino-setup_board ${PASS_BOARD} O`, 'final_score', 'play black a1', 'play white pass', 'genmove black', 'final_score',
      'genmove white', 'name', 'quit', 'name',
    ].join('\n') + '\n';
    const { replies, status } = session(SENTE, script);
    expect(status).toBe(0);
    expect(replies).toEqual([
      '= 2', '= sente', '=', '? unacceptable size', '=', '=',
      '=', '? illegal move', '? illegal move', expect.stringMatching(/^\? syntax error: invalid color "purple"/),
      expect.stringMatching(/^\? syntax error: wrong number of arguments/), expect.stringMatching(/^\? syntax error: invalid vertex "z0"/),
      expect.stringMatching(/^=7 [DF][46]$/), expect.stringMatching(/^= Next move: Black\n {4}a b c d e f g h\n {2}1 \. \. /),
      '=', '=', '? cannot undo', '? cannot undo',
      '? unknown command', '? unknown command', expect.stringMatching(/^\? syntax error: line too long/),
      '=', '? cannot score', '=', '? illegal move: the game is over', '= pass', '= B+10',
      '= pass', '= sente', '=',
    ]);
  });
});

describe.skipIf(!hasRhino)('the GTP dialect matches gtp-rhino', () => {
  if (!hasRhino) console.warn(`skipped: ${RHINO} is not installed (apt-get install grhino)`);
  it('succeeds and fails on the same commands', () => {
    const lines = [
      // komi 0: gtp-rhino subtracts komi from final_score; sente accepts komi and ignores it.
      'protocol_version', 'list_commands', 'boardsize 8', 'boardsize 9', 'clear_board', 'komi 0',
      'play black f5', 'play black d6', 'play white d6', 'play white e6', 'play black f4', 'undo', 'undo',
      'known_command genmove', 'known_command nonsense', 'play purple c4', 'nonsense', '12 name', 'showboard',
      'final_score', `grhino-setup_board ${PASS_BOARD} O`, 'genmove black', 'final_score', 'genmove white', 'quit',
    ];
    const mine = session(SENTE, lines.join('\n') + '\n').replies;
    const theirs = session([RHINO, '-l', '1'], lines.join('\n') + '\n').replies;
    expect(mine.length).toBe(lines.length);
    expect(theirs.length).toBe(lines.length);
    const outcome = (replies: string[]) => replies.map((r, i) => `${lines[i]} -> ${r.split(/\s/)[0]}`);
    expect(outcome(mine)).toEqual(outcome(theirs));
    // Moves and scores are spelled alike.
    const at = (cmd: string, replies: string[]) => replies[lines.lastIndexOf(cmd)];
    expect(at('genmove black', mine)).toBe(at('genmove black', theirs));
    expect(at('final_score', mine)).toBe(at('final_score', theirs));
    expect(at('showboard', mine)).toBe(at('showboard', theirs));
    expect(at('12 name', mine)).toMatch(/^=12 /);
  });
});
