import { describe, expect, it } from 'vitest';
import { createPlayer, goResultsCsv, playGoGame, runGoMatch, splitCommandLine } from './index.js';

describe('Go matches', () => {
  it('splits engine command lines with quotes', () => {
    expect(splitCommandLine(`gnugo --mode gtp --level 1`)).toEqual(['gnugo', '--mode', 'gtp', '--level', '1']);
    expect(splitCommandLine(`"/opt/my engine" -x 'a b'`)).toEqual(['/opt/my engine', '-x', 'a b']);
  });

  it('rejects bad player descriptions', () => {
    expect(() => createPlayer('alphago', 0)).toThrow(/use "sente/);
    expect(() => createPlayer('sente:speed=3', 0)).toThrow(/unknown option speed/);
  });

  it('plays refereed games with alternating colours and agreeing scores', async () => {
    const seen: string[] = [];
    const { games, standings } = await runGoMatch({
      size: 5,
      komi: 0.5,
      games: 2,
      players: ['sente:playouts=40,resign=0,seed=1', 'sente:playouts=40,resign=0,seed=2'],
      onGame: (g) => seen.push(`${g.game}:${g.black}`),
    });
    expect(seen).toEqual(['1:sente:playouts=40,resign=0,seed=1', '2:sente:playouts=40,resign=0,seed=2']);
    for (const g of games) {
      expect(['passes', 'move-cap']).toContain(g.end);
      expect(g.agree).toBe(true);
      expect(g.refereeScore).toBe(g.blackScore);
      expect(g.sgf.startsWith('(;FF[4]GM[1]')).toBe(true);
    }
    expect(standings.reduce((n, s) => n + s.wins, 0) + standings[0].draws).toBe(2);
    const csv = goResultsCsv(games).trim().split('\n');
    expect(csv.length).toBe(3);
    expect(csv[0]).toBe('game,black,white,result,winner,moves,end,referee_score,black_final_score,white_final_score,agree,note');
  });

  it('forfeits a player that answers with an illegal move', async () => {
    const good = createPlayer('sente:playouts=20', 0);
    // A fake engine that always answers A1.
    const bad = { name: 'stubborn', send: async (c: string) => ({ ok: true, text: c.startsWith('genmove') ? 'A1' : '' }), close: async () => {} };
    const r = await playGoGame(good, bad, { size: 5, komi: 0.5 }, 1);
    // Black (sente) moves first; if sente did not take A1, white's A1 is legal once, so play on
    // until the repeat: the stubborn engine must eventually forfeit.
    expect(r.end).toBe('forfeit');
    expect(r.winner).toBe('B');
    expect(r.note).toContain('stubborn');
  });
});
