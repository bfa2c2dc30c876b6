import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createPlayer, goResultsCsv, playGoGame, runGoMatch, splitCommandLine } from './index.js';

describe('Go matches', () => {
  it('splits engine command lines with quotes', () => {
    expect(splitCommandLine(`gnugo --mode gtp --level 1`)).toEqual(['gnugo', '--mode', 'gtp', '--level', '1']);
    expect(splitCommandLine(`"/opt/my engine" -x 'a b'`)).toEqual(['/opt/my engine', '-x', 'a b']);
  });

  it('rejects bad player descriptions', () => {
    expect(() => createPlayer('alphago', 0)).toThrow(/use "sente/);
    expect(() => createPlayer('sente:speed=3', 0)).toThrow(/unknown setting speed/);
    expect(() => createPlayer('sente:threads=0', 0)).toThrow(/threads must be a whole number from 1 to 64/);
    expect(() => createPlayer('sente:priors=', 0)).toThrow(/priors must be 0 \(hand-made\), 1 \(the shipped learned ones\) or a priors file/);
    expect(() => createPlayer('sente:priors=/nonexistent/priors.json', 0)).toThrow(/priors: cannot read \/nonexistent\/priors.json/);
    expect(() => createPlayer('sente:expand=1', 0)).toThrow(/expand must be a whole number from 2 to 1000/);
  });

  it('plays refereed games with alternating colours and agreeing scores', async () => {
    const seen: string[] = [];
    const { games, standings } = await runGoMatch({
      size: 5,
      komi: 0.5,
      games: 2,
      players: ['sente:playouts=40,resign=0,seed=1', 'sente:playouts=40,resign=0,seed=2,threads=2'],
      onGame: (g) => seen.push(`${g.game}:${g.black}`),
    });
    expect(seen).toEqual(['1:sente:playouts=40,resign=0,seed=1', '2:sente:playouts=40,resign=0,seed=2,threads=2']);
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

  it('scores the final position after removing the stones it judges dead, next to both claims', async () => {
    // The 5x5 game of test/go-play.test.ts: white's A4 is left dead inside black's area.
    const scripted = (name: string, moves: string[], claim: string) => {
      let i = 0;
      return { name, send: async (c: string) => ({ ok: true, text: c.startsWith('genmove') ? moves[i++] : c === 'final_score' ? claim : '' }), close: async () => {} };
    };
    const black = scripted('b', ['C4', 'B3', 'C2', 'D3', 'C1', 'D3', 'C3', 'C5', 'pass', 'pass'], 'B+6.5');
    const white = scripted('w', ['D4', 'E3', 'D2', 'C3', 'E4', 'E2', 'D1', 'D5', 'A4', 'pass'], 'W+3.5');
    const r = await playGoGame(black, white, { size: 5, komi: 0.5 }, 1);
    expect(r.end).toBe('passes');
    // With A4 on the board the area count would be W+3.5 (black's points touch it); without it
    // black has 7 stones + 9 points, white 7 + 2: B+6.5.
    expect(r.refereeScore).toBe('B+6.5');
    expect([r.blackScore, r.whiteScore, r.agree]).toEqual(['B+6.5', 'W+3.5', false]);
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

  // issue #19, defect 1: a silent engine used to hang the match forever (no timer in the client).
  const FAKE = fileURLToPath(new URL('../../../../test/fixtures/fake-go-gtp.cjs', import.meta.url));

  it('a program that never starts answering forfeits every game within the startup timeout', async () => {
    const t0 = Date.now();
    const { games, standings } = await runGoMatch({
      size: 5, komi: 0.5, games: 2, timeoutMs: 300, startupTimeoutMs: 400,
      players: ['sente:playouts=20,resign=0', 'gtp:sleep 1000'],
    });
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(games.map((g) => [g.end, g.result])).toEqual([['forfeit', 'B+F'], ['forfeit', 'W+F']]);
    expect(games[0].note).toMatch(/^timeout \(white\): sleep gave no complete reply to "boardsize 5" within 400 ms/);
    // Not restarted for game 2 (it never answered): it loses at once with the same reason.
    expect(games[1].note).toMatch(/^timeout \(black\): sleep gave no complete reply/);
    expect(standings.find((s) => s.player === 'gtp:sleep 1000')).toEqual(expect.objectContaining({ losses: 2, wins: 0 }));
  });

  it('an engine that goes silent, or never ends its reply with a blank line, is killed and forfeits; the match goes on', async () => {
    for (const mode of ['silent', 'noblank']) {
      const spec = `gtp:node ${FAKE} ${mode}`;
      const { games } = await runGoMatch({ size: 5, komi: 0.5, games: 2, timeoutMs: 300, players: ['sente:playouts=20,resign=0', spec] });
      expect(games).toHaveLength(2);
      for (const g of games) {
        expect(g.end).toBe('forfeit');
        expect(g.winner).toBe(g.black === spec ? 'W' : 'B');
        expect(g.note).toMatch(/^timeout \((black|white)\): node gave no complete reply to "genmove (black|white)" within 300 ms/);
      }
    }
  });

  it('an engine that crashes in game 2 forfeits it and is restarted for game 3', async () => {
    const spec = `gtp:node ${FAKE} crash2`;
    const { games } = await runGoMatch({ size: 5, komi: 0.5, games: 3, timeoutMs: 5000, maxMoves: 6, players: ['sente:playouts=20,resign=0', spec] });
    expect(games.map((g) => g.end === 'forfeit')).toEqual([false, true, false]);
    expect(games[1].note).toMatch(/^crash \(black\): node exited \(code 3\)/);
  });
});
