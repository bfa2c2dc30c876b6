// --archive for Othello: every game of a tournament lands in the GGF file once, and read back by
// our GGF reader (which replays every move) it is the same game as in the CSV: the same moves,
// players, opening and score; finished games' RE is the score of their final position; the moves
// after the opening carry their times. A resumed run after a crash (the archive's last record cut
// short, the last games missing from it, the CSV's last line cut) ends with every game exactly once.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLACK, PASS, formatTranscript, ggfResult, parseGgfGames } from '@sente/core';
import { readTournamentResults, type GameResult } from '@sente/selfplay';
import { CLI } from './gtp-referee.js';

let dir = '';
beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'sente-archive-')); });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sente = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 120_000 });

/** Every archived game equals the CSV's game of its number; returns the archived numbers in order. */
function expectSameGames(archivePath: string, results: readonly GameResult[], times: boolean): number[] {
  const parsed = parseGgfGames(readFileSync(archivePath, 'utf8'));
  if (!parsed.ok) throw new Error(parsed.error.message);
  const byKey = new Map(results.map((r) => [r.key, r]));
  for (const g of parsed.value) {
    const r = byKey.get(Number(g.tags.GN))!;
    expect(r, `GN ${g.tags.GN}`).toBeDefined();
    expect([g.tags.PB, g.tags.PW, g.tags.OP]).toEqual([r.black, r.white, formatTranscript(r.opening)]);
    expect(formatTranscript(g.moves.filter((m) => m.square !== PASS).map((m) => m.square))).toBe(formatTranscript(r.moves));
    expect(ggfResult(g.tags.RE)).toBe(r.blackScore);
    if (r.reason === 'normal') {
      expect(g.position.isGameOver()).toBe(true);
      expect(g.position.side === BLACK ? g.position.finalScore() : -g.position.finalScore()).toBe(r.blackScore);
    }
    expect(g.tags.DT).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const timed = g.moves.slice(r.opening.length).filter((m) => m.square !== PASS);
    if (times) {
      expect(timed.every((m) => m.time !== undefined)).toBe(true);
      const total = (r.time!.blackMs + r.time!.whiteMs) / 1000;
      // Each move's time is rounded to 10 ms in GGF.
      expect(Math.abs(timed.reduce((s, m) => s + m.time!, 0) - total)).toBeLessThanOrEqual(0.005 * timed.length + 0.002);
    }
  }
  return parsed.value.map((g) => Number(g.tags.GN));
}

describe('tournament --archive (GGF)', () => {
  it('archives every game once, the same game as the CSV; a resume after a crash completes it without duplicates', async () => {
    const csvPath = join(dir, 't.csv');
    const archivePath = join(dir, 't.ggf');
    const args = ['tournament', '--player', 'bootstrap:depth=1', '--player', 'bootstrap:depth=2,name=d2', '--player', 'strongest:depth=1,name=s1',
      '--games', '4', '--exact', '4', '--seed', '7', '--workers', '2', '--csv', csvPath, '--archive', archivePath];
    const first = sente(...args);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain(`12/12 games; per-game results in ${csvPath}; games archived in ${archivePath}`);
    const keys = expectSameGames(archivePath, readTournamentResults(csvPath), true);
    expect([...keys].sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
    // Not resuming: an existing archive is never overwritten, unless asked (--force).
    const again = sente(...args.map((a) => (a === csvPath ? join(dir, 'other.csv') : a)));
    expect(again.status).toBe(2);
    expect(again.stderr).toContain(`${archivePath} already exists`);

    // A crash: the CSV's last line cut in half (its game is played again), the archive without its
    // last three games and with half of the record before them.
    const csv = readFileSync(csvPath, 'utf8').split('\n').filter(Boolean);
    const lastLine = csv.pop()!;
    writeFileSync(csvPath, `${csv.join('\n')}\n${lastLine.slice(0, 20)}`);
    const records = readFileSync(archivePath, 'utf8').split('\n').filter(Boolean);
    writeFileSync(archivePath, `${records.slice(0, 8).join('\n')}\n${records[8].slice(0, 100)}`);
    const resumed = sente(...args, '--resume');
    expect(resumed.status, resumed.stderr).toBe(0);
    const results = readTournamentResults(csvPath);
    expect(results).toHaveLength(12);
    const after = expectSameGames(archivePath, results, false);
    expect(after).toHaveLength(12);
    expect([...after].sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
    // The first eight records are untouched.
    expect(readFileSync(archivePath, 'utf8').split('\n').slice(0, 8)).toEqual(records.slice(0, 8));

    // An archive with a game the CSV does not hold is another tournament's: refused.
    const other = join(dir, 'other.ggf');
    writeFileSync(other, `${records[0].replace('GN[', 'GN[9')}\n`);
    const foreign = sente(...args.map((a) => (a === archivePath ? other : a)), '--resume');
    expect(foreign.status).not.toBe(0);
    expect(foreign.stderr).toMatch(/holds game 9\d* .*which the results CSV does not/);

    // A refused archive is left as it was, a record cut short included (it is cut only from an
    // archive that passed every check).
    const damaged = join(dir, 'damaged.ggf');
    const damagedText = `${records[0].replace(/GN\[\d+\]/, '')}\n${records[1].slice(0, 50)}`;
    writeFileSync(damaged, damagedText);
    const refused = sente(...args.map((a) => (a === archivePath ? damaged : a)), '--resume');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/cannot resume: .*damaged\.ggf/);
    expect(readFileSync(damaged, 'utf8')).toBe(damagedText);

    // An archive edited to CRLF line ends and without its last newline still resumes: nothing to add.
    const edited = join(dir, 'edited.ggf');
    writeFileSync(edited, readFileSync(archivePath, 'utf8').trimEnd().replace(/\n/g, '\r\n'));
    const crlf = sente(...args.map((a) => (a === archivePath ? edited : a)), '--resume');
    expect(crlf.status, crlf.stderr).toBe(0);
    expect(expectSameGames(edited, readTournamentResults(csvPath), false)).toHaveLength(12);
  }, 120_000);

  it('--json: one JSON document on stdout with standings, Elo intervals, pairs, the SPRT state and the files', () => {
    const csvPath = join(dir, 'json.csv');
    const archivePath = join(dir, 'json.ggf');
    const r = sente('tournament', '--player', 'bootstrap:depth=2,name=deep', '--player', 'bootstrap:depth=1,name=shallow', '--games', '4', '--exact', '4',
      '--sprt', 'elo0=0,elo1=50', '--csv', csvPath, '--archive', archivePath, '--json');
    expect(r.status, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout);
    const results = readTournamentResults(csvPath);
    expect(summary.game).toBe('othello');
    expect(summary.games).toEqual(expect.objectContaining({ played: 4, total: 4, counted: 4, complete: true, interrupted: false, failed: [], notStarted: [] }));
    expect(summary.files).toEqual({ csv: csvPath, settings: `${csvPath}.settings.json`, archive: archivePath });
    const deep = summary.standings.find((s: { name: string }) => s.name === 'deep');
    const wins = results.filter((g) => (g.black === 'deep' ? g.blackScore > 0 : g.blackScore < 0)).length;
    const draws = results.filter((g) => g.blackScore === 0).length;
    expect(deep).toEqual(expect.objectContaining({ games: 4, wins, draws, losses: 4 - wins - draws, forfeits: 0 }));
    expect(deep.low === null || deep.low <= deep.elo).toBe(true);
    expect(summary.pairs).toEqual([expect.objectContaining({ a: 'deep', b: 'shallow', pairs: 2 })]);
    expect(summary.sprt).toEqual(expect.objectContaining({ test: { elo0: 0, elo1: 50, alpha: 0.05, beta: 0.05 }, pairs: 2, decision: null }));
    expect(summary.players.map((p: { name: string; kind: string }) => [p.name, p.kind])).toEqual([['deep', 'engine'], ['shallow', 'engine']]);
    // The text description went to stderr: stdout is the document alone.
    expect(r.stdout.trimStart().startsWith('{')).toBe(true);
  }, 120_000);
});
