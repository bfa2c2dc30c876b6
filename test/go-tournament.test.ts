// Acceptance (issue #16): a Go tournament of three players — two sente settings and GNU Go at
// level 1 — on the tournament runner, 5x5 with few playouts so it is quick: Elo for all three
// (--json), every game in the SGF archive, which read back by our SGF reader holds the same games
// as the CSV (moves, players, results; each replayed by our rules), and `sente ratings` gives the
// same joint list from the CSV and from the archive. The GNU Go part skips with a message when
// /usr/games/gnugo (or gnugo on PATH) is absent; a pure-sente run with --sprt and --json runs
// regardless.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { go as rules } from '@sente/core';
import { go } from '@sente/selfplay';
import { CLI } from './gtp-referee.js';

function findGnugo(): string | null {
  for (const d of ['/usr/games', ...(process.env.PATH ?? '').split(delimiter)]) {
    const p = join(d, 'gnugo');
    if (d && existsSync(p)) return p;
  }
  return null;
}
const gnugo = findGnugo();
if (!gnugo) console.warn('go-tournament.test.ts: gnugo not found in /usr/games or on PATH; skipping the three-player tournament with GNU Go');

let tmp = '';
beforeAll(() => { tmp = mkdtempSync(join(tmpdir(), 'sente-go-tournament-')); });
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const sente = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 600_000 });

describe('sente tournament --game go', () => {
  it.skipIf(!gnugo)('three players (two sente settings and GNU Go level 1) on 5x5: Elo, an SGF archive of the same games, the same ratings from both', () => {
    const csv = join(tmp, 'three.csv');
    const sgf = join(tmp, 'three.sgf');
    const gnu = `gtp:${gnugo} --mode gtp --level 1 --chinese-rules --capture-all-dead`;
    const t0 = Date.now();
    const r = sente('tournament', '--game', 'go', '--size', '5', '--komi', '0.5', '--player', 'sente:playouts=20,name=s20', '--player', 'sente:playouts=200,name=s200',
      '--player', gnu, '--games', '4', '--move-timeout', '60s', '--csv', csv, '--archive', sgf, '--json');
    const seconds = (Date.now() - t0) / 1000;
    console.log(`go-tournament.test.ts: 12 games of a 3-player 5x5 tournament with GNU Go in ${seconds.toFixed(1)} s`);
    expect(r.status, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary.game).toBe('go');
    expect(summary.games).toEqual(expect.objectContaining({ played: 12, total: 12, counted: 12, complete: true }));
    expect(summary.files).toEqual({ csv, settings: `${csv}.settings.json`, archive: sgf });
    expect(summary.standings.map((s: { name: string }) => s.name).sort()).toEqual([gnu, 's20', 's200'].sort());
    for (const s of summary.standings) {
      expect(s.games).toBe(8);
      expect(s.wins + s.draws + s.losses).toBe(8);
      expect(typeof s.elo).toBe('number');
    }
    expect(summary.headToHead).toHaveLength(3);
    expect(summary.pairs).toHaveLength(3);
    expect(summary.sprt).toBeNull();

    // The archive read back: the CSV's games (each replayed and rescored on reading), the same ones.
    const results = go.readGoResults(csv);
    const parsed = rules.parseSgfCollection(readFileSync(sgf, 'utf8'));
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.value).toHaveLength(12);
    for (const g of parsed.value) {
      const game = results.find((x) => x.key === Number(g.gameName))!;
      expect([g.playerBlack, g.playerWhite, g.size, g.komi]).toEqual([game.black, game.white, 5, 0.5]);
      expect(g.moves.map((m) => m.point)).toEqual(game.moves);
      expect(rules.sgfToBoard(g).ok).toBe(true);
      const margin = rules.parseMargin(g.result)!;
      expect(Number.isFinite(margin) ? margin : Math.sign(margin) * 25).toBe(game.blackScore);
      if (game.go!.end === 'passes') {
        // Our count, and with --capture-all-dead GNU Go's own final_score, of the board the moves leave.
        expect(g.result).toBe(game.go!.refereeScore);
      }
    }

    // One joint rating list, whether from the CSV or the archive.
    const fromCsv = sente('ratings', csv, '--json');
    const fromSgf = sente('ratings', sgf, '--json');
    expect(fromCsv.status, fromCsv.stderr).toBe(0);
    expect(fromSgf.status, fromSgf.stderr).toBe(0);
    const [a, b] = [JSON.parse(fromCsv.stdout), JSON.parse(fromSgf.stdout)];
    expect(a.games).toBe(12);
    expect(b.players).toEqual(a.players);
    expect(b.headToHead).toEqual(a.headToHead);
  }, 600_000);

  it('two sente settings with --sprt and --json: the SPRT state in the summary; --resume refuses another komi', () => {
    const csv = join(tmp, 'sprt.csv');
    const args = ['go', 'tournament', '--size', '5', '--komi', '0.5', '--player', 'sente:playouts=10,resign=0,name=weak', '--player', 'sente:playouts=80,resign=0,name=strong',
      '--games', '4', '--sprt', 'elo0=0,elo1=100', '--csv', csv, '--json'];
    const r = sente(...args);
    expect(r.status, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary.sprt).toEqual(expect.objectContaining({ test: { elo0: 0, elo1: 100, alpha: 0.05, beta: 0.05 }, pairs: 2, decision: null }));
    expect(summary.sprt.counts.reduce((x: number, y: number) => x + y, 0)).toBe(2);
    expect(summary.games.played).toBe(4);
    const changed = sente(...args.map((x) => (x === '0.5' ? '6.5' : x)), '--resume');
    expect(changed.status).not.toBe(0);
    expect(changed.stderr).toContain('--resume: komi was 0.5, now 6.5');
  }, 300_000);

  it('an engine that cannot start loses its games, and the run names it with its command and exits 1', () => {
    const r = sente('go', 'tournament', '--size', '5', '--player', 'sente:playouts=10', '--player', 'gtp:/nonexistent/gnugo --mode gtp', '--games', '2');
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('player gtp:/nonexistent/gnugo --mode gtp could not be started (command: /nonexistent/gnugo --mode gtp): crash (white): ');
    expect(r.stdout).toMatch(/ENOENT/);
    expect(r.stdout).toContain('2/2 games');
  });
});
