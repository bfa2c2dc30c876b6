// End to end: `sente tournament` between builds (on the pool) and external GTP programs (in the
// main thread). Every opening is played with both colours; an engine that answers an illegal move
// or crashes loses with the reason in the CSV and the tournament goes on; standings show Elo.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLACK, parseTranscript, unwrap } from '@sente/core';
import { solvePosition } from '@sente/search';
import { CSV_COLUMNS, parseCsvLine, setStrongest } from '@sente/selfplay';
import { stringify } from 'csv-stringify/sync';
import { FIXTURES, csvRows } from './gtp-referee.js';
import { type CliResult, MAIN, ROOT, runCli } from './cli.js';

let tmp = '';
let env: NodeJS.ProcessEnv = {};

// A GTP "engine" that always answers A1 (never legal after an XOT opening).
const ILLEGAL_ENGINE = `
const rl = require('node:readline').createInterface({ input: process.stdin });
rl.on('line', (line) => {
  const cmd = line.trim().split(/\\s+/)[0];
  if (cmd === 'list_commands') process.stdout.write('= boardsize\\nclear_board\\nplay\\ngenmove\\nquit\\n\\n');
  else if (cmd === 'genmove') process.stdout.write('= A1\\n\\n');
  else process.stdout.write('= \\n\\n');
  if (cmd === 'quit') process.exit(0);
});`;

function sente(...args: string[]): CliResult {
  return runCli(args, { env });
}

/** A CSV line without its last seven fields (the thinking times, per-move times and clocks, which vary from run to run). */
function withoutTimes(line: string): string {
  return line === '' ? line : line.split(',').slice(0, -7).join(',');
}

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'sente-tournament-'));
  setStrongest(join(tmp, 'builds'), 'bootstrap'); // the shipped bootstrap is this registry's strongest
  writeFileSync(join(tmp, 'illegal.cjs'), ILLEGAL_ENGINE);
  env = { ...process.env, SENTE_BUILDS: join(tmp, 'builds') };
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('sente tournament', () => {
  it('round robin with both colours per opening, forfeits for illegal moves, standings with Elo', () => {
    const csv = join(tmp, 'rr.csv');
    const r = sente('tournament', '--player', 'bootstrap:depth=2', '--player', 'bootstrap:depth=1', '--player', `gtp:node ${join(tmp, 'illegal.cjs')}`,
      '--games', '4', '--exact', '6', '--workers', '2', '--csv', csv);
    expect(r.status, r.stderr).toBe(0);
    const rows = csvRows(csv);
    expect(rows).toHaveLength(12);
    const gtpName = `gtp:node ${join(tmp, 'illegal.cjs')}`;
    for (const row of rows) {
      const involvesGtp = row.black === gtpName || row.white === gtpName;
      if (involvesGtp) {
        expect(row.reason).toMatch(row.black === gtpName ? /^illegal \(black\): a1/ : /^illegal \(white\): a1/);
        // The illegal answer is not a move: the program played none.
        expect(Number(row[row.black === gtpName ? 'black_moves' : 'white_moves'])).toBe(0);
        expect(row.result).toBe(row.black === gtpName ? '0-1' : '1-0');
      } else {
        expect(row.reason).toBe('normal');
        // The game replayed by our rules: it ended, with the discs and black's score recorded.
        const end = unwrap(parseTranscript(row.transcript)).position;
        expect(end.isGameOver()).toBe(true);
        expect([Number(row.black_discs), Number(row.white_discs)]).toEqual([end.blackCount(), end.whiteCount()]);
        expect(Number(row.black_score)).toBe(end.side === BLACK ? end.finalScore() : -end.finalScore());
        // Thinking times: every move after the opening was chosen, and timed, by one side.
        expect(Number(row.black_moves) + Number(row.white_moves)).toBe((row.transcript.length - row.opening.length) / 2);
        expect(Number(row.black_ms)).toBeGreaterThanOrEqual(0);
        expect(Number(row.white_ms)).toBeGreaterThanOrEqual(0);
      }
    }
    // Each pairing plays each opening twice, colours swapped.
    const pairs = new Map<string, string[]>();
    for (const row of rows) {
      const key = [row.black, row.white].sort().join(' | ') + ` @ ${row.opening}`;
      pairs.set(key, [...(pairs.get(key) ?? []), row.black]);
    }
    expect(pairs.size).toBe(6);
    for (const blacks of pairs.values()) expect(new Set(blacks).size).toBe(2);
    // Standings: the illegal engine scores 0 of 8 with 8 forfeits.
    expect(r.stdout).toMatch(new RegExp(`${gtpName.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\s+8\\s+0\\.0%\\s+0/0/8 .*\\(8 forfeits\\)`));
    expect(r.stdout).toMatch(/head to head/);
    expect(r.stdout).toMatch(/Elo vs field \[95%\] ms\/move/);
    expect(r.stdout).toMatch(/12\/12 games/);
  });

  it('--time gives every engine move a time budget (a duration: 40ms; bare numbers are seconds) instead of a depth', () => {
    const csv = join(tmp, 't.csv');
    const r = sente('tournament', '--player', 'bootstrap', '--player', 'gen3', '--games', '2', '--time', '40ms', '--exact', '8', '--csv', csv);
    expect(r.status, r.stderr).toBe(0);
    const rows = csvRows(csv);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.reason).toBe('normal');
      const moves = Number(row.black_moves) + Number(row.white_moves);
      const ms = Number(row.black_ms) + Number(row.white_ms);
      expect(moves).toBeGreaterThan(20);
      // About 40 ms a move, far below what an unlimited search would take; loose for a loaded machine.
      expect(ms / moves).toBeLessThan(400);
    }
    expect(r.stdout).toMatch(/build bootstrap, 40ms\/move/);
  });

  it('--sprt stops a strong-vs-weak match early with H1 accepted; the LLR is on every game line; --resume recomputes it from the CSV', () => {
    const csv = join(tmp, 'sprt.csv');
    const args = ['tournament', '--player', 'gen3:depth=2,name=strong', '--player', 'bootstrap:depth=1', '--games', '200', '--exact', '6', '--workers', '2',
      '--sprt', 'elo0=0,elo1=50,alpha=0.05,beta=0.05', '--csv', csv];
    const r = sente(...args);
    expect(r.status, r.stderr).toBe(0);
    const m = /SPRT elo0=0,elo1=50,alpha=0.05,beta=0.05: H1 accepted after (\d+) pairs \((\d+) games\), LLR \+[\d.]+ \[-2\.94, \+2\.94\]/.exec(r.stdout);
    expect(m, r.stdout).not.toBeNull();
    const pairs = Number(m![1]);
    expect(pairs).toBeGreaterThanOrEqual(10); // no decision before 10 pairs
    expect(2 * pairs).toBeLessThan(200);
    // Every game played is in the CSV (some may have finished after the decision), fewer than the 200 at most:
    // the maximum is far above the decision (about 10-15 pairs) so that games in flight on a loaded
    // machine cannot finish the whole schedule before the stop arrives.
    const rows = csvRows(csv);
    expect(rows.length).toBeGreaterThanOrEqual(2 * pairs);
    expect(rows.length).toBeLessThan(200);
    expect(r.stdout).toMatch(new RegExp(`${rows.length}/200 games \\(stopped by the SPRT: H1 accepted\\)`));
    // name= names the player in the CSV and the standings; the pair interval is shown and named.
    expect(new Set(rows.flatMap((x) => [x.black, x.white]))).toEqual(new Set(['strong', 'bootstrap:depth=1']));
    expect(r.stdout).toMatch(/^strong\s+\d+\s+100\.0%/m);
    expect(r.stdout).toMatch(/game pairs .*Elo from pairs \[95%, pentanomial\]\nstrong vs bootstrap:depth=1\s+\d+\s+0\/0\/0\/\d+\/\d+/);
    // stderr is not a terminal here: one line per game, with the running score and the LLR.
    const lines = r.stderr.split('\n').filter((l) => l.startsWith('tournament '));
    expect(lines).toHaveLength(rows.length);
    expect(lines[0]).toMatch(/^tournament 1\/200: game \d+ .* \((black)\) vs .* \(white\) (1-0|0-1|1\/2-1\/2) \([+-]?\d+\); bootstrap:depth=1 [\d.]+-[\d.]+ strong; LLR [+-][\d.]+ \[-2\.94, \+2\.94\]$/);
    expect(lines.some((l) => l.endsWith('H1 accepted'))).toBe(true);

    // Resumed from the first 12 games, the match reaches the same decision on the same pairs.
    const lines0 = readFileSync(csv, 'utf8').split('\n');
    writeFileSync(csv, `${lines0.slice(0, 13).join('\n')}\n`);
    const resumed = sente(...args, '--resume');
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(resumed.stdout).toContain(m![0]);
    // Only the games played now get a line (the 12 read back move the count, not the log).
    const resumedLines = resumed.stderr.split('\n').filter((l) => l.startsWith('tournament '));
    expect(resumedLines).toHaveLength(csvRows(csv).length - 12);
    expect(resumedLines[0]).toMatch(/^tournament 13\/200: /);
    // A decided run resumed plays nothing more.
    const before = readFileSync(csv, 'utf8');
    const again = sente(...args, '--resume');
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain(m![0]);
    expect(readFileSync(csv, 'utf8')).toBe(before);
    // The test is part of the run's settings.
    const changed = sente(...args.slice(0, -4), '--sprt', 'elo1=20', '--csv', csv, '--resume');
    expect(changed.status).toBe(2);
    expect(changed.stderr).toMatch(/--resume: sprt was .*"elo1":50.*, now .*"elo1":20/);
  });

  it('--sprt with --gauntlet: each pairing (the first player against each other) is stopped at its own decision', () => {
    const csv = join(tmp, 'sprt-gauntlet.csv');
    const args = ['tournament', '--gauntlet', '--player', 'gen3:depth=2,name=strong', '--player', 'bootstrap:depth=1,name=weak', '--player', 'bootstrap:depth=1,exact=2,name=weaker',
      '--games', '200', '--exact', '6', '--workers', '2', '--sprt', 'elo0=0,elo1=50', '--csv', csv];
    const r = sente(...args);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('strong tested, each pairing stops when its test decides (pairings one after another)');
    const rows = csvRows(csv);
    for (const [p, opponent] of [[0, 'weak'], [1, 'weaker']] as const) {
      const m = new RegExp(`SPRT elo0=0,elo1=50,alpha=0.05,beta=0.05: strong vs ${opponent} H1 accepted after (\\d+) pairs`).exec(r.stdout);
      expect(m, r.stdout).not.toBeNull();
      const mine = rows.filter((x) => Math.floor(Number(x.game) / 200) === p);
      expect(mine.every((x) => [x.black, x.white].sort().join() === ['strong', opponent].sort().join())).toBe(true);
      // Stopped at its decision: its games are those of the decision, and the few in flight then.
      expect(mine.length).toBeGreaterThanOrEqual(2 * Number(m![1]));
      expect(mine.length).toBeLessThan(200);
    }
    expect(r.stdout).toMatch(new RegExp(`${rows.length}/400 games \\(stopped by the SPRT: weak H1 accepted, weaker H1 accepted\\)`));
    // A decided run resumed plays nothing more.
    const before = readFileSync(csv, 'utf8');
    const again = sente(...args, '--resume');
    expect(again.status, again.stderr).toBe(0);
    expect(readFileSync(csv, 'utf8')).toBe(before);
  });

  it('gauntlet: a program that does not start stops the run, which fails naming it and can be resumed', () => {
    const csv = join(tmp, 'g.csv');
    const args = ['tournament', '--gauntlet', '--player', 'bootstrap', '--player', 'gtp:node -e process.exit(1)', '--player', 'bootstrap:depth=1',
      '--games', '2', '--depth', '1', '--exact', '4', '--csv', csv];
    const r = sente(...args);
    // As cutechess does: the game the program failed to start in is its loss, and no other game starts.
    expect(r.status, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/player gtp:node -e process.exit\(1\) could not be started \(command: node -e process.exit\(1\)\)/);
    expect(r.stdout).toMatch(/stopped \(a program could not be started: fix it first\) at [1-3]\/4 games; resume with --resume \(same options\)/);
    const rows = csvRows(csv);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.length).toBeLessThan(4);
    const crashed = rows.filter((x) => x.black.startsWith('gtp:') || x.white.startsWith('gtp:'));
    expect(crashed.length).toBeGreaterThanOrEqual(1);
    for (const row of crashed) expect(row.reason).toMatch(/^"?crash \((black|white), start\)/);
    for (const row of rows.filter((x) => !crashed.includes(x))) expect(row.reason).toBe('normal');
    // The run is resumable: a resume keeps what was recorded and plays the rest (the program's
    // games that were not started, if any, stop it again).
    const again = sente(...args, '--resume');
    expect(csvRows(csv).slice(0, rows.length)).toEqual(rows);
    if (again.status === 0) expect(csvRows(csv)).toHaveLength(4);
    else expect(again.stdout).toMatch(/stopped \(a program could not be started/);
  });

  it('--resume continues an interrupted tournament from its CSV without replaying finished games', () => {
    const csv = join(tmp, 'resume.csv');
    const args = ['tournament', '--player', 'bootstrap:depth=2', '--player', 'bootstrap:depth=1', '--games', '8', '--exact', '4', '--csv', csv];
    const full = sente(...args);
    expect(full.status, full.stderr).toBe(0);
    const lines = readFileSync(csv, 'utf8').split('\n');
    // Keep the header and 3 games, plus half of a 4th line, as a crash would leave it.
    writeFileSync(csv, `${lines.slice(0, 4).join('\n')}\n${lines[4].slice(0, 20)}`);
    const refused = sente(...args);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/already exists; .*--resume/);
    const wrong = sente(...args, '--resume', '--seed', '2');
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toMatch(/cannot resume .* with other settings[^]*--resume: seed was 1, now 2/);
    const resumed = sente(...args, '--resume');
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(resumed.stdout).toMatch(/8\/8 games/);
    const after = readFileSync(csv, 'utf8').split('\n');
    expect(after.slice(0, 4)).toEqual(lines.slice(0, 4));
    const rows = csvRows(csv);
    expect(rows.map((r) => Number(r.game)).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // Fixed depth: the replayed games are the same games (only their thinking times differ).
    expect(after.map(withoutTimes).sort()).toEqual(lines.map(withoutTimes).sort());
    // A larger --games extends the run: the 8 games stay, 2 more are played (the 5th opening of
    // the same seeded order, both colours), and the recorded settings say 10 from now on.
    const longer = args.map((x) => (x === '8' ? '10' : x));
    const extended = sente(...longer, '--resume');
    expect(extended.status, extended.stderr).toBe(0);
    expect(extended.stdout).toMatch(/10\/10 games/);
    const ext = csvRows(csv);
    expect(ext.map((r) => Number(r.game)).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(ext.filter((r) => Number(r.game) < 8)).toEqual(rows);
    expect(ext[8].opening).toBe(ext[9].opening);
    expect(JSON.parse(readFileSync(`${csv}.settings.json`, 'utf8')).games).toBe(10);
    // A shorter one is a change of settings.
    const shorter = sente(...args.map((x) => (x === '8' ? '6' : x)), '--resume');
    expect(shorter.status).toBe(2);
    expect(shorter.stderr).toMatch(/--resume: games was 10, now 6/);
  });

  // issue #19, defect 8: a run played at --depth 1 could be resumed at --depth 3.
  it('--resume refuses changed settings, naming each one (recorded in <csv>.settings.json)', () => {
    const csv = join(tmp, 'settings.csv');
    const args = ['tournament', '--player', 'bootstrap', '--player', 'bootstrap:exact=4', '--games', '4', '--exact', '4', '--csv', csv];
    const first = sente(...args, '--depth', '1');
    expect(first.status, first.stderr).toBe(0);
    expect(JSON.parse(readFileSync(`${csv}.settings.json`, 'utf8'))).toEqual(expect.objectContaining({ depth: 1, seed: 1, games: 4 }));
    const lines = readFileSync(csv, 'utf8').split('\n');
    writeFileSync(csv, `${lines.slice(0, 3).join('\n')}\n`);
    const changed = sente(...args, '--depth', '3', '--resume');
    expect(changed.status).toBe(2);
    expect(changed.stderr).toContain('--resume: depth was 1, now 3');
    expect(changed.stderr).toContain('--resume: player 1 (bootstrap) depth was 1, now 3');
    expect(changed.stderr).not.toContain('exact was');
    // With two players a gauntlet has the same schedule; the setting is still refused.
    const gauntlet = sente(...args, '--depth', '1', '--gauntlet', '--resume');
    expect(gauntlet.status).toBe(2);
    expect(gauntlet.stderr).toContain('--resume: gauntlet was false, now true');
    expect(readFileSync(csv, 'utf8')).toBe(`${lines.slice(0, 3).join('\n')}\n`);
    const same = sente(...args, '--depth', '1', '--resume');
    expect(same.status, same.stderr).toBe(0);
    expect(same.stdout).toMatch(/4\/4 games/);
  });

  // issue #19, defect 13: an edited black_score was trusted in the standings of a resumed run.
  it('a results CSV whose scores do not follow from its transcripts is refused, naming the file and line', () => {
    const csv = join(tmp, 'edited.csv');
    const args = ['tournament', '--player', 'bootstrap:depth=1', '--player', 'bootstrap:depth=2', '--games', '4', '--exact', '4', '--csv', csv];
    const first = sente(...args);
    expect(first.status, first.stderr).toBe(0);
    const original = readFileSync(csv, 'utf8');
    const lines = original.split('\n');
    const rows = csvRows(csv);
    const edits: [string, RegExp][] = [
      ['black_score', /:3: game \d+: black_score .* does not follow from the game/],
      ['black_discs', /:3: game \d+: the discs .* are not those of its final position/],
      ['result', /:3: game \d+: result .* does not follow from the game/],
    ];
    for (const [column, message] of edits) {
      const i = CSV_COLUMNS.indexOf(column);
      const f = lines[2].split(',');
      f[i] = column === 'result' ? (rows[1].result === '1-0' ? '0-1' : '1-0') : String(Number(f[i]) + (Number(f[i]) > 0 ? -10 : 10));
      writeFileSync(csv, [lines[0], lines[1], f.join(','), ...lines.slice(3)].join('\n'));
      const r = sente(...args, '--resume');
      expect(r.status, column).toBe(2);
      expect(r.stderr).toContain(csv);
      expect(r.stderr).toMatch(message);
    }
    // A transcript cut short while its reason still says normal.
    const f = lines[2].split(',');
    f[4] = f[4].slice(0, 40);
    writeFileSync(csv, [lines[0], lines[1], f.join(','), ...lines.slice(3)].join('\n'));
    expect(sente(...args, '--resume').stderr).toMatch(/:3: game \d+: the reason is normal but the transcript does not finish the game/);
    writeFileSync(csv, original);
    expect(sente(...args, '--resume').status).toBe(0);
  });

  it('--resume reads a CSV written before thinking times were recorded and widens it, keeping every game', () => {
    const csv = join(tmp, 'old.csv');
    const args = ['tournament', '--player', 'bootstrap:depth=2', '--player', 'bootstrap:depth=1', '--games', '6', '--exact', '4', '--csv', csv];
    const full = sente(...args);
    expect(full.status, full.stderr).toBe(0);
    const lines = readFileSync(csv, 'utf8').split('\n');
    expect(lines[0]).toBe(CSV_COLUMNS.join(','));
    // The old format: ten columns, no times; three games played.
    const old = lines.slice(0, 4).map(withoutTimes);
    writeFileSync(csv, `${old.join('\n')}\n`);
    const resumed = sente(...args, '--resume');
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(resumed.stdout).toMatch(/6\/6 games/);
    const after = readFileSync(csv, 'utf8').split('\n');
    expect(after[0]).toBe(CSV_COLUMNS.join(','));
    // The old games are kept as they were, with empty times; the new ones have theirs.
    expect(after.slice(1, 4)).toEqual(old.slice(1).map((l) => `${l},,,,,,,`));
    const rows = csvRows(csv);
    expect(rows).toHaveLength(6);
    for (const row of rows.slice(3)) expect(Number(row.black_moves) + Number(row.white_moves)).toBeGreaterThan(0);
    expect(after.map(withoutTimes).sort()).toEqual(lines.map(withoutTimes).sort());
  });

  it('--resume reads a CSV written before per-move times and clocks were recorded (14 columns) and widens it', () => {
    const csv = join(tmp, 'old14.csv');
    const args = ['tournament', '--player', 'bootstrap:depth=2', '--player', 'bootstrap:depth=1', '--games', '4', '--exact', '4', '--csv', csv];
    expect(sente(...args).status).toBe(0);
    const lines = readFileSync(csv, 'utf8').split('\n');
    const old = lines.slice(0, 3).map((l) => l.split(',').slice(0, 14).join(','));
    expect(old[0]).toBe(CSV_COLUMNS.slice(0, 14).join(','));
    writeFileSync(csv, `${old.join('\n')}\n`);
    const resumed = sente(...args, '--resume');
    expect(resumed.status, resumed.stderr).toBe(0);
    const after = readFileSync(csv, 'utf8').split('\n');
    expect(after[0]).toBe(CSV_COLUMNS.join(','));
    expect(after.slice(1, 3)).toEqual(old.slice(1).map((l) => `${l},,,`));
    const rows = csvRows(csv);
    expect(rows).toHaveLength(4);
    // The games played now have a time for every move after the opening.
    for (const row of rows.slice(2)) expect(row.move_ms.split(' ')).toHaveLength((row.transcript.length - row.opening.length) / 2);
  });

  it('--tc: a GTP engine that overruns its clock loses on time, one that follows time_left does not, nor do built-in engines; gtp,name= names a program', () => {
    const csv = join(tmp, 'tc.csv');
    const log = join(tmp, 'careful.log');
    // A gauntlet: careful against slow and against the built-in engine.
    const args = ['tournament', '--gauntlet', '--player', `gtp,name=careful:node ${FIXTURES}clock-gtp.mjs managed --log ${log}`, '--player', `gtp,name=slow:node ${FIXTURES}clock-gtp.mjs overrun 300`,
      '--player', 'bootstrap', '--games', '2', '--exact', '8', '--workers', '2', '--csv', csv];
    const r = sente(...args, '--tc', '2+0.1');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('clock 2s+100ms: 2s for the game, plus 100ms a move; a side more than 0ms over loses on time');
    const rows = csvRows(csv);
    expect(rows).toHaveLength(4);
    expect(new Set(rows.flatMap((x) => [x.black, x.white]))).toEqual(new Set(['bootstrap', 'slow', 'careful']));
    for (const row of rows) {
      const moves = (row.transcript.length - row.opening.length) / 2;
      const times = row.move_ms.split(' ').map(Number);
      expect(times).toHaveLength(moves);
      if (row.black === 'slow' || row.white === 'slow') {
        // 300 ms a move from 2 s (+100 ms each): out of time after about 10 moves.
        const colour = row.black === 'slow' ? 'black' : 'white';
        expect(row.reason).toMatch(new RegExp(`^time \\(${colour}\\): `));
        expect(row.result).toBe(colour === 'black' ? '0-1' : '1-0');
        expect(Number(row[`${colour}_clock_ms`])).toBeLessThanOrEqual(0);
        expect(Number(row[`${colour}_moves`])).toBeGreaterThan(5);
        continue;
      }
      expect(row.reason).toBe('normal');
      // Each clock is 2 s, plus 100 ms a move, less the time its moves took (rounding: 1 ms a move).
      for (const c of ['black', 'white']) {
        const left = Number(row[`${c}_clock_ms`]);
        expect(left).toBeGreaterThanOrEqual(0);
        expect(Math.abs(left - (2000 + 100 * Number(row[`${c}_moves`]) - Number(row[`${c}_ms`])))).toBeLessThanOrEqual(Number(row[`${c}_moves`]) + 1);
      }
      expect(Math.abs(times.reduce((a, b) => a + b, 0) - Number(row.black_ms) - Number(row.white_ms))).toBeLessThanOrEqual(moves + 2);
      // careful spends an eighth of what time_left says: it used its clock, not a fixed time.
      const careful = row.black === 'careful' ? 'black' : 'white';
      expect(Number(row[`${careful}_ms`])).toBeGreaterThan(500);
    }
    // The careful engine was told the control once a game and its time before every genmove.
    const sent = readFileSync(log, 'utf8').trim().split('\n');
    expect(sent.filter((l) => l === 'time_settings 2 0 0')).toHaveLength(4);
    const genmoves = sent.map((l, i) => [l, i] as const).filter(([l]) => l.startsWith('genmove'));
    expect(genmoves.length).toBeGreaterThan(20);
    for (const [, i] of genmoves) expect(sent[i - 1]).toMatch(/^time_left (black|white) [0-2] 0$/);
    expect(r.stdout).toMatch(/slow: \d+ moves, [\d.]+ ms\/move, least left -?\d+ms, 2 lost on time/);
    expect(r.stdout).toMatch(/careful: \d+ moves, [\d.]+ ms\/move, least left [\d.]+m?s, 0 lost on time/);
    expect(r.stdout).toMatch(/bootstrap: \d+ moves, [\d.]+ ms\/move, least left [\d.]+m?s, 0 lost on time/);
    // The control is part of the run's settings: a resume on another clock is refused.
    expect(JSON.parse(readFileSync(`${csv}.settings.json`, 'utf8'))).toEqual(expect.objectContaining({ tc: '2s+100ms', timeMargin: 0, depth: null }));
    const changed = sente(...args, '--tc', '4+0.1', '--resume');
    expect(changed.status).toBe(2);
    expect(changed.stderr).toContain('--resume: tc was 2s+100ms, now 4s+100ms');
    const margin = sente(...args, '--tc', '2+0.1', '--timemargin', '50ms', '--resume');
    expect(margin.status).toBe(2);
    expect(margin.stderr).toContain('--resume: timeMargin was 0, now 50');
  });

  it('built-in engines on a short clock (moves/time+increment) never lose on time and use a fair share of it', () => {
    const csv = join(tmp, 'tc-engines.csv');
    const r = sente('tournament', '--player', 'bootstrap', '--player', 'gen3', '--games', '4', '--tc', '20/2+0.05', '--exact', '10', '--workers', '2', '--csv', csv);
    expect(r.status, r.stderr).toBe(0);
    const rows = csvRows(csv);
    expect(rows).toHaveLength(4);
    let used = 0;
    let had = 0;
    for (const row of rows) {
      expect(row.reason).toBe('normal');
      for (const c of ['black', 'white']) {
        const moves = Number(row[`${c}_moves`]);
        expect(Number(row[`${c}_clock_ms`])).toBeGreaterThanOrEqual(0);
        used += Number(row[`${c}_ms`]);
        had += 2000 * Math.ceil(moves / 20) + 50 * moves;
      }
    }
    // Well inside the clock, but not a trickle of it (the budgets follow the time left).
    expect(used / had).toBeGreaterThan(0.2);
    expect(used / had).toBeLessThan(1);
  });

  it('--adjudicate exact=N ends games by the exact solver at N empties, recorded as adjudicated and checked on resume', () => {
    const csv = join(tmp, 'adj.csv');
    const args = ['tournament', '--player', 'bootstrap:depth=1', '--player', 'bootstrap:depth=2', '--games', '4', '--exact', '4', '--adjudicate', 'exact=12', '--csv', csv];
    const r = sente(...args);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('4 game(s) adjudicated by the exact solver');
    expect(r.stdout).not.toContain('forfeits');
    const rows = csvRows(csv);
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      const end = unwrap(parseTranscript(row.transcript)).position;
      expect(end.emptyCount()).toBe(12);
      // Our own solve of the position the game stopped in gives the recorded score.
      const s = solvePosition(end, { pv: false }).score;
      const black = end.side === 0 ? s : -s;
      expect(Number(row.black_score)).toBe(black);
      expect(row.reason).toBe(`adjudicated (exact 12): 12 empties, perfect play ${black > 0 ? '+' : ''}${black} for black`);
      expect([Number(row.black_discs), Number(row.white_discs)]).toEqual([end.blackCount(), end.whiteCount()]);
    }
    expect(JSON.parse(readFileSync(`${csv}.settings.json`, 'utf8'))).toEqual(expect.objectContaining({ adjudicate: 'exact=12' }));
    const again = sente(...args, '--resume');
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/4\/4 games/);
    const changed = sente(...args.slice(0, -4), '--adjudicate', 'exact=10', '--csv', csv, '--resume');
    expect(changed.status).toBe(2);
    expect(changed.stderr).toContain('--resume: adjudicate was exact=12, now exact=10');
    // An adjudicated score that is not the solver's is refused when read back.
    const original = readFileSync(csv, 'utf8');
    const lines = original.split('\n');
    const f = lines[1].split(',');
    const i = CSV_COLUMNS.indexOf('black_score');
    const wrong = Number(f[i]) + 2;
    f[i] = String(wrong);
    f[CSV_COLUMNS.indexOf('result')] = wrong > 0 ? '1-0' : wrong < 0 ? '0-1' : '1/2-1/2';
    writeFileSync(csv, [lines[0], f.join(','), ...lines.slice(2)].join('\n'));
    const tampered = sente(...args, '--resume');
    expect(tampered.status).toBe(2);
    expect(tampered.stderr).toMatch(/:2: game \d+: black_score -?\d+ is not the perfect-play score of the adjudicated position/);
    writeFileSync(csv, original);
  });

  it('--adjudicate resign=S,moves=K ends games both engines score as lost, recorded as adjudicated and checked on resume', () => {
    const csv = join(tmp, 'resign.csv');
    const args = ['tournament', '--player', 'gen3:depth=4,name=strong', '--player', 'bootstrap:depth=1,name=weak', '--games', '4', '--exact', '8', '--adjudicate', 'resign=20,moves=2', '--csv', csv];
    const r = sente(...args);
    expect(r.status, r.stderr).toBe(0);
    const rows = csvRows(csv);
    const resigned = rows.filter((x) => x.reason.startsWith('adjudicated (resign 20,2): '));
    // A depth-4 gen3 against a depth-1 bootstrap: most games are agreed lost long before the end.
    expect(resigned.length).toBeGreaterThanOrEqual(2);
    expect(r.stdout).toContain(`${resigned.length} game(s) adjudicated by agreed engine scores`);
    for (const row of resigned) {
      const loser = row.reason.includes('white scored itself') ? 'white' : 'black';
      expect(row[loser]).toBe('weak');
      const end = unwrap(parseTranscript(row.transcript)).position;
      expect(end.isGameOver()).toBe(false);
      expect([Number(row.black_discs), Number(row.white_discs)]).toEqual([end.blackCount(), end.whiteCount()]);
      expect(Math.sign(Number(row.black_score))).toBe(loser === 'black' ? -1 : 1);
      expect(row.result).toBe(loser === 'black' ? '0-1' : '1-0');
    }
    expect(JSON.parse(readFileSync(`${csv}.settings.json`, 'utf8'))).toEqual(expect.objectContaining({ adjudicate: 'resign=20,moves=2' }));
    expect(sente(...args, '--resume').status).toBe(0);
    // A resignation whose score names the other side as the winner is refused when read back.
    const lines = readFileSync(csv, 'utf8').split('\n');
    const at = lines.findIndex((l) => l.includes('adjudicated (resign'));
    const f = parseCsvLine(lines[at]);
    f[CSV_COLUMNS.indexOf('black_score')] = String(-Number(f[CSV_COLUMNS.indexOf('black_score')]));
    f[CSV_COLUMNS.indexOf('result')] = f[CSV_COLUMNS.indexOf('result')] === '1-0' ? '0-1' : '1-0';
    lines[at] = stringify([f]).trimEnd();
    writeFileSync(csv, lines.join('\n'));
    const tampered = sente(...args, '--resume');
    expect(tampered.status).toBe(2);
    expect(tampered.stderr).toMatch(new RegExp(`:${at + 1}: game \\d+: black_score -?\\d+ is not a win of 2 to 64 discs for (black|white), who the resignation names`));
  });

  it('a player that cannot start is reported with its command and its stderr', () => {
    const csv = join(tmp, 'dead.csv');
    const r = sente('tournament', '--player', 'bootstrap', '--player', `gtp,name=dead:node -e "console.error('cannot open weights.bin'); process.exit(2)"`,
      '--games', '2', '--depth', '1', '--exact', '4', '--csv', csv, '--workers', '1');
    expect(r.status).toBe(1);
    // The run stops at the first game the program could not start for (one lane: one game).
    expect(r.stdout).toContain('stopped (a program could not be started: fix it first) at 1/2 games; resume with --resume (same options)');
    expect(csvRows(csv)).toHaveLength(1);
    const command = `node -e "console.error('cannot open weights.bin'); process.exit(2)"`;
    expect(r.stdout).toContain(`player dead could not be started (command: ${command}): cannot start GTP engine "${command}": dead exited (code 2) while waiting for the reply to "list_commands"; its stderr ends: cannot open weights.bin`);
    for (const row of csvRows(csv)) expect(row.reason).toMatch(/^crash \((black|white), start\): cannot start GTP engine ".*": dead exited \(code 2\)/);
  });

  it('refuses unknown builds and bad settings with a clear message', () => {
    const r = sente('tournament', '--player', 'nosuch', '--player', 'bootstrap', '--games', '2');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/unknown build "nosuch"; known builds: bootstrap/);
    const s = sente('tournament', '--player', 'bootstrap:deep=3', '--player', 'bootstrap', '--games', '2');
    expect(s.status).toBe(2);
    expect(s.stderr).toMatch(/"deep=3" is not a setting/);
  });
});
