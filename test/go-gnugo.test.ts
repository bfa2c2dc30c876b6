// One 9x9 game between sente and GNU Go level 1 (Chinese rules, capturing dead stones before
// passing, so that an area count of the final board is what both programs report). Skips with a
// message when gnugo is not installed (Debian: apt-get install gnugo, which puts it in /usr/games).
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { go } from '@sente/selfplay';

function findGnugo(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/games', '/usr/local/games'];
  for (const d of dirs) {
    const p = join(d, 'gnugo');
    if (d && existsSync(p)) return p;
  }
  return null;
}

const gnugo = findGnugo();
if (!gnugo) console.warn('go-gnugo.test.ts: gnugo not found on PATH or in /usr/games; skipping the game against GNU Go');

describe.skipIf(!gnugo)('sente against GNU Go', () => {
  it('plays a 9x9 game to the end with legal moves, and both programs agree on the score', async () => {
    const moves: string[] = [];
    const { games } = await go.runGoMatch({
      size: 9,
      komi: 7.5,
      games: 1,
      players: ['sente:playouts=300,resign=0', `gtp:${gnugo} --mode gtp --level 1 --chinese-rules --capture-all-dead`],
      onMove: (color, vertex) => moves.push(`${color === 1 ? 'B' : 'W'} ${vertex}`),
    });
    const g = games[0];
    if (g.agree !== true) console.log(g.sgf, g);
    expect(g.end).toBe('passes');
    expect(g.note).toBe('');
    expect(g.moves).toBeGreaterThan(20);
    expect(moves.length).toBe(g.moves);
    expect(g.blackScore).not.toBeNull();
    expect(g.whiteScore).not.toBeNull();
    expect(g.agree).toBe(true);
  });
});
