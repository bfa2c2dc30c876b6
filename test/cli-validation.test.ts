// Every CLI option checked before any work, and exit codes that tell the truth (issue #19): a bad
// value is refused at once with one line on stderr and exit 2; a job that did not complete
// (interrupted, a build that cannot load, a player that cannot start) exits 1 and says why; the
// libraries refuse the same numbers when other code passes them, so nothing can loop forever.
// Each case spawns the built CLI with a temporary builds registry (bootstrap, and a damaged build).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Position, isSenteError } from '@sente/core';
import { bootstrapTable, createEngine, readManifest } from '@sente/search';
import { DEFAULT_OPENINGS_FILE, batches, parseDuration, parseOpeningSpec, parsePlayerSpec, runSelfplay, runTournament, saveBuild, setStrongest, train } from '@sente/selfplay';
import { type CliResult, MAIN, ROOT, runCli } from './cli.js';

let tmp = '';
let builds = '';
let env: NodeJS.ProcessEnv = {};

function sente(...args: string[]): CliResult {
  return runCli(args, { env, timeout: 60_000 });
}

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'sente-cliopts-'));
  builds = join(tmp, 'builds');
  setStrongest(builds, 'bootstrap'); // the shipped bootstrap is this registry's strongest
  saveBuild(builds, { id: 'broken', table: bootstrapTable(), parent: null, games: 0, positions: 0, validationError: null });
  const entry = readManifest(builds).builds.find((b) => b.id === 'broken')!;
  writeFileSync(join(builds, entry.table), 'not a table');
  writeFileSync(join(tmp, 'a-file'), 'x');
  writeFileSync(join(tmp, 'bad-openings.txt'), 'f5d6\nf5z9\n');
  writeFileSync(join(tmp, 'empty.obf'), '\n');
  writeFileSync(join(tmp, 'games.txt'), 'f5d6c3d3c4f4f6f3e6e7\n');
  env = { ...process.env, SENTE_BUILDS: builds };
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const T = (): string => tmp;
const TWO = ['--player', 'bootstrap', '--player', 'bootstrap:depth=1'];
/** [defect, arguments, the one-line message]: each must exit 2 at once, before any work. */
const INVALID: [string, () => string[], RegExp][] = [
  ['3', () => ['selfplay', '--batch', '0', '--games', '4', '--out', join(T(), 'sp')], /^sente: --batch must be a whole number from 1 to \d+ \(got 0\)$/],
  ['3', () => ['selfplay', '--batch', '-2', '--games', '4', '--out', join(T(), 'sp')], /^sente: --batch must be .*\(got -2\)$/],
  ['3', () => ['selfplay', '--batch', 'NaN', '--games', '4', '--out', join(T(), 'sp')], /^sente: --batch must be .*\(got NaN\)$/],
  ['5', () => ['tournament', ...TWO, '--games', '1e12'], /^sente: --games must be a whole number from 1 to 1000000 \(got 1000000000000\)$/],
  // One time convention (issue #16): durations with units, a bare number is seconds, in every command.
  ['16', () => ['tournament', ...TWO, '--time', 'NaN'], /^sente: --time: "NaN" is not a duration \(a number of seconds, or with a unit: 500ms, 2s, 1m\)$/],
  ['16', () => ['tournament', ...TWO, '--time', '0'], /^sente: --time: "0" is too short \(at least 1ms\)$/],
  ['16', () => ['tournament', ...TWO, '--time', '-5'], /^sente: --time: "-5" is not a duration/],
  ['16', () => ['tournament', ...TWO, '--time', '5x'], /^sente: --time: "5x" is not a duration/],
  ['16', () => ['tournament', ...TWO, '--time', '7200'], /^sente: --time: "7200" is too long \(at most 60m\)$/],
  ['16', () => ['tournament', ...TWO, '--time', '0.0001'], /^sente: --time: "0.0001" is too short/],
  ['16', () => ['tournament', ...TWO, '--tc', '40/60/2'], /^sente: --tc: "40\/60\/2" is not a time control \(a time control is \[moves\/\]time\[\+increment\], e\.g\. 40\/60\+0\.6, 10\+0\.1, 5m\+2s \(a bare number is seconds\)\)$/],
  ['16', () => ['tournament', ...TWO, '--tc', '0+1'], /^sente: --tc: "0\+1": time: "0" is too short \(at least 1ms\)$/],
  ['16', () => ['tournament', ...TWO, '--tc', '10+x'], /^sente: --tc: "10\+x": increment: "x" is not a duration/],
  ['16', () => ['tournament', ...TWO, '--tc', '10', '--depth', '3'], /^sente: give --tc \(a clock\) or --depth\/--time \(per move\), not both$/],
  ['16', () => ['tournament', ...TWO, '--tc', '10', '--timemargin', '-1'], /^sente: --timemargin: "-1" is not a duration/],
  ['16', () => ['tournament', '--game', 'go', '--player', 'sente', '--player', 'sente', '--tc', '10'], /^sente: --tc and --adjudicate are for Othello tournaments \(not --game go yet\)$/],
  ['16', () => ['tournament', ...TWO, '--adjudicate', 'exact=30'], /^sente: --adjudicate: exact=30: at most 18 empties/],
  ['16', () => ['tournament', ...TWO, '--adjudicate', 'draw=5'], /^sente: --adjudicate: "draw=5" is not an adjudication \(exact=N/],
  ['16', () => ['tournament', '--player', 'bootstrap', '--player', 'gtp,nick=x:gtp-rhino'], /^sente: "gtp,nick=x:gtp-rhino": "nick=x" is not a setting of a GTP player \(name=NAME, as in gtp,name=rhino:gtp-rhino -l 3\)$/],
  ['16', () => ['tournament', ...TWO, '--sprt', 'elo0=5,elo1=0'], /^sente: --sprt: elo0 must be below elo1 \(got elo0=5, elo1=0\)$/],
  ['16', () => ['tournament', ...TWO, '--sprt', 'alpha=2'], /^sente: --sprt: alpha must be > 0 and ≤ 0.5 \(got 2\)$/],
  ['16', () => ['tournament', ...TWO, '--player', 'gen3', '--sprt', 'elo1=5'], /^sente: --sprt tests one player against another: give exactly two --player, or --gauntlet to test the first against each other \(got 3\)$/],
  ['16', () => ['tournament', '--player', 'bootstrap:name=a b', '--player', 'bootstrap'], /^sente: "bootstrap:name=a b": name "a b" must be 1 to 40 letters, digits or _.\+#@:=-$/],
  ['16', () => ['improve', '--run', join(T(), 'run'), '--sprt', 'elo1=x'], /^sente: --sprt: "elo1=x" is not elo0=N, elo1=N, alpha=P or beta=P$/],
  ['14', () => ['improve', '--run', join(T(), 'run'), '--match-time', '20ms', '--match-depth', '3'], /^sente: --match-time and --match-depth exclude each other: the match is at equal time per move, or at a fixed depth$/],
  ['14', () => ['improve', '--run', join(T(), 'run'), '--match-time', 'soon'], /^sente: --match-time/],
  ['5', () => ['tournament', ...TWO, '--depth', '99'], /^sente: --depth must be a whole number from 1 to 60 \(got 99\)$/],
  ['5', () => ['tournament', ...TWO, '--depth', '0'], /^sente: --depth must be .*\(got 0\)$/],
  ['5', () => ['tournament', ...TWO, '--exact', '-1'], /^sente: --exact must be a whole number from 0 to 30 \(got -1\)$/],
  ['16', () => ['tournament', ...TWO, '--move-timeout', '0'], /^sente: --move-timeout: "0" is too short/],
  ['16', () => ['go', 'tournament', '--player', 'sente', '--player', 'sente', '--move-timeout', '10x'], /^sente: --move-timeout: "10x" is not a duration/],
  ['16', () => ['worker', '--redis', 'redis://127.0.0.1:1', '--stall', '10x'], /^sente: --stall: "10x" is not a duration/],
  ['16', () => ['worker', '--redis', 'redis://127.0.0.1:1', '--threads', '0'], /^sente: --threads must be a whole number from 1 to 256 \(got 0\)$/],
  ['16', () => ['tournament', ...TWO, '--archive', T()], /^sente: --archive .* is a folder; name a file to write$/],
  ['16', () => ['tournament', ...TWO, '--csv', join(T(), 'same'), '--archive', join(T(), 'same')], /^sente: --csv and --archive name the same file \(.*same\); give the archive its own$/],
  ['16', () => ['go', 'tournament', '--player', 'sente:speed=2', '--player', 'sente'], /^sente: "sente:speed=2": unknown setting speed \(playouts, time, resign, seed, threads, priors, expand, nakade, opening, score, name\)$/],
  ['16', () => ['ratings', join(T(), 'no-such.csv')], /^sente: cannot read files .*no-such\.csv: no such file$/],
  ['16', () => ['ratings', join(T(), 'a-file'), '--anchor', 'x'], /^sente: --anchor must be NAME=ELO \(got "x"\)$/],
  ['16', () => ['ratings', join(T(), 'a-file'), '--prior', '-1'], /^sente: --prior must be a number from 0 to 1000 \(got -1\)$/],
  ['16', () => ['ratings', join(T(), 'a-file')], /^sente: .*a-file is neither a tournament CSV \(Othello or Go\), a GGF archive nor an SGF file$/],
  ['5', () => ['tournament', ...TWO, '--workers', '0'], /^sente: --workers must be a whole number from 1 to \d+ \(got 0\)$/],
  ['5,6', () => ['tournament', ...TWO, '--workers', 'NaN'], /^sente: --workers must be .*\(got NaN\)$/],
  ['5', () => ['tournament', '--player', 'bootstrap:depth=99', '--player', 'bootstrap'], /^sente: "bootstrap:depth=99": depth must be from 1 to 60, got 99$/],
  ['16', () => ['tournament', '--player', 'bootstrap:time=0', '--player', 'bootstrap'], /^sente: "bootstrap:time=0": time: "0" is too short \(at least 1ms\)$/],
  ['16', () => ['tournament', '--player', 'bootstrap:time=NaN', '--player', 'bootstrap'], /^sente: "bootstrap:time=NaN": time: "NaN" is not a duration/],
  ['16', () => ['tournament', '--player', 'bootstrap:time=2h', '--player', 'bootstrap'], /^sente: "bootstrap:time=2h": time: "2h" is not a duration/],
  ['5', () => ['tournament', '--player', 'bootstrap:exact=61', '--player', 'bootstrap'], /^sente: "bootstrap:exact=61": exact must be from 0 to 30, got 61$/],
  ['5', () => ['tournament', ...TWO, '--csv', T()], /^sente: --csv .* is a folder; name a file to write$/],
  ['12', () => ['selfplay', '--randomness', 'NaN', '--out', join(T(), 'sp')], /^sente: --randomness must be a number from 0 to 64 \(got NaN\)$/],
  ['12', () => ['selfplay', '--random-plies', '-1', '--out', join(T(), 'sp')], /^sente: --random-plies must be a whole number from 0 to 60 \(got -1\)$/],
  ['12', () => ['selfplay', '--balance', 'NaN', '--out', join(T(), 'sp')], /^sente: --balance must be a number from 0 to 64 \(got NaN\)$/],
  ['12', () => ['selfplay', '--seed', 'NaN', '--out', join(T(), 'sp')], /^sente: --seed must be a whole number .*\(got NaN\)$/],
  ['12', () => ['selfplay', '--seed', '1.5', '--out', join(T(), 'sp')], /^sente: --seed must be a whole number .*\(got 1.5\)$/],
  ['12', () => ['selfplay', '--out', join(T(), 'a-file')], /^sente: --out .*a-file is a file; name a folder/],
  ['12', () => ['train', '--games', T(), '--out', 'x', '--neighbour', 'NaN'], /^sente: --neighbour must be a number from 0 to 1 \(got NaN\)$/],
  ['12', () => ['train', '--games', T(), '--out', 'x', '--neighbour', '-3'], /^sente: --neighbour must be .*\(got -3\)$/],
  ['12', () => ['train', '--games', T(), '--out', 'x', '--smooth', '-1'], /^sente: --smooth must be a number ≥ 0 \(got -1\)$/],
  ['12', () => ['improve', '--run', join(T(), 'run'), '--smooth', 'NaN'], /^sente: --smooth must be a number ≥ 0 \(got NaN\)$/],
  ['12', () => ['train', '--games', T(), '--out', 'x', '--min-empties', '-5'], /^sente: --min-empties must be a whole number from 0 to 60 \(got -5\)$/],
  ['12', () => ['improve', '--run', join(T(), 'run'), '--l2', 'NaN'], /^sente: --l2 must be a number ≥ 0 \(got NaN\)$/],
  ['12', () => ['improve', '--run', join(T(), 'run'), '--window', '-1'], /^sente: --window must be a whole number from 0 to \d+ \(got -1\)$/],
  ['12', () => ['improve', '--run', join(T(), 'run'), '--phases', '0'], /^sente: --phases must be a whole number from 1 to 61 \(got 0\)$/],
  ['12', () => ['improve', '--run', join(T(), 'run'), '--validation', '1'], /^sente: --validation must be a number ≥ 0 and < 1 \(got 1\)$/],
  ['12', () => ['improve', '--run', join(T(), 'run'), '--extra-games', join(T(), 'nosuch')], /^sente: cannot read --extra-games .*nosuch: no such file or folder$/],
  ['12', () => ['book', 'build', '--games', DEFAULT_OPENINGS_FILE, '--out', join(T(), 'b.book'), '--depth', '0'], /^sente: --depth must be .*\(got 0\)$/],
  ['12', () => ['book', 'build', '--games', DEFAULT_OPENINGS_FILE, '--out', join(T(), 'b.book'), '--plies', 'NaN'], /^sente: --plies must be a whole number from 1 to 60 \(got NaN\)$/],
  ['12', () => ['book', 'build', '--games', DEFAULT_OPENINGS_FILE, '--out', join(T(), 'b.book'), '--workers', '0'], /^sente: --workers must be .*\(got 0\)$/],
  ['12', () => ['book', 'extend', '--book', join(T(), 'a-file'), '--depth', '0'], /^sente: --depth must be .*\(got 0\)$/],
  ['12', () => ['analyze', 'f5', '--exact', 'NaN'], /^sente: --exact must be a whole number from 0 to 30 \(got NaN\)$/],
  ['12', () => ['analyze', 'f5', '--exact', '1e9'], /^sente: --exact must be .*\(got 1000000000\)$/],
  ['12', () => ['perft', '3', '--from', 'NaN'], /^sente: --from must be a whole number from 1 to 20 \(got NaN\)$/],
  ['12', () => ['calibrate', 'bootstrap', '--positions', 'NaN'], /^sente: --positions must be .*\(got NaN\)$/],
  ['16', () => ['gtp', '--time', 'NaN'], /^sente: --time: "NaN" is not a duration/],
  ['16', () => ['nboard', '--time', '0s'], /^sente: --time: "0s" is too short/],
  ['16', () => ['play', '--time', '-1'], /^sente: --time: "-1" is not a duration/],
  ['16', () => ['go', 'gtp', '--time', '2 hours'], /^sente: --time: "2 hours" is not a duration/],
  ['12', () => ['nboard', '--tt', '0'], /^sente: --tt must be a number from 1 to 4096 \(got 0\)$/],
  ['12', () => ['play', '--depth', '61'], /^sente: --depth must be .*\(got 61\)$/],
  ['12', () => ['solve', join(T(), 'nosuch.obf')], /^sente: cannot read file .*nosuch.obf: no such file$/],
  ['12', () => ['go', 'gtp', '--playouts', '0'], /^sente: --playouts must be a whole number from 1 to \d+ \(got 0\)$/],
  ['12', () => ['go', 'gtp', '--resign', 'NaN'], /^sente: --resign must be a number from 0 to 1 \(got NaN\)$/],
  ['12', () => ['go', 'tournament', '--player', 'sente', '--player', 'sente', '--games', '0'], /^sente: --games must be .*\(got 0\)$/],
  ['12', () => ['go', 'tournament', '--player', 'sente', '--player', 'sente', '--komi', 'NaN'], /^sente: --komi must be .*\(got NaN\)$/],
  // An openings file is read and checked before any game: a bad line is named with its square.
  ['edges', () => ['selfplay', '--openings', join(T(), 'bad-openings.txt'), '--games', '2', '--out', join(T(), 'sp')], /^sente: .*bad-openings\.txt:2: move 2: "z9" at offset 2 is not a square \(expected a1\.\.h8\)$/],
  ['edges', () => ['improve', '--run', join(T(), 'run'), '--openings', join(T(), 'bad-openings.txt')], /^sente: .*bad-openings\.txt:2: move 2: "z9"/],
  ['edges', () => ['selfplay', '--openings', T(), '--games', '2', '--out', join(T(), 'sp')], /^sente: openings .* is a folder \(use a transcript file, "xot" or random:<plies>\)$/],
  ['edges', () => ['book', 'build', '--games', join(T(), 'bad-openings.txt'), '--out', join(T(), 'b.book'), '--depth', '1'], /^sente: .*bad-openings\.txt:2: move 2: "z9" at offset 2 is not a square/],
  ['edges', () => ['book', 'build', '--games', join(T(), 'a-file'), '--out', join(T(), 'b.book'), '--depth', '1'], /^sente: .*a-file:1: move 1: "x" at offset 0 is not a square/],
  ['edges', () => ['tournament', '--player', 'bootstrap:depth=1,depth=2', '--player', 'bootstrap'], /^sente: "bootstrap:depth=1,depth=2": depth is given more than once$/],
  ['edges', () => ['go', 'tournament', '--player', 'sente:playouts=10,playouts=20', '--player', 'sente'], /^sente: "sente:playouts=10,playouts=20": playouts is given more than once$/],
  ['edges', () => ['train', '--games', join(T(), 'bad-openings.txt'), '--out', 'x'], /^sente: no games to train on \(2 unreadable lines; the first: .*bad-openings\.txt:1: .+\)$/],
  ['edges', () => ['solve', join(T(), 'empty.obf')], /^sente: .*empty\.obf: no positions \(one OBF line each/],
  // An output never overwrites an input (a self-play folder stands for its games.txt), however spelled.
  ['edges', () => ['train', '--games', T(), '--out', 'x', '--csv', `${T()}/./games.txt`], /^sente: --csv .*games\.txt would overwrite the input --games /],
  ['edges', () => ['train', '--games', join(T(), 'games.txt'), '--out', 'x', '--checkpoint', join(T(), 'games.txt')], /^sente: --checkpoint .*games\.txt would overwrite the input --games /],
  ['edges', () => ['data', 'split', join(T(), 'a-file'), '--out', join(T(), 's.spos'), '--test', `${T()}/./s.spos`], /^sente: --out and --test name the same file \(.*\/\.\/s\.spos\)$/],
  ['edges', () => ['data', 'merge', join(T(), 'a-file'), '--out', join(T(), 'a-file')], /^sente: --out .*a-file would overwrite the input \//],
  ['edges', () => ['data', 'convert', join(T(), 'games.txt'), '--out', join(T(), 'games.txt')], /^sente: --out .*games\.txt would overwrite the input \//],
  // An output file's folder must exist (the writers put a temporary file beside it), and the
  // builds registry must be a folder, named by --builds or by SENTE_BUILDS.
  ['edges', () => ['data', 'merge', join(T(), 'games.txt'), '--out', join(T(), 'no', 'such', 'm.spos')], /^sente: cannot write --out .*\/no\/such\/m\.spos: folder .*\/no\/such does not exist$/],
  ['edges', () => ['train', '--games', join(T(), 'games.txt'), '--out', 'x', '--csv', join(T(), 'a-file', 'fit.csv')], /^sente: cannot write --csv .*a-file\/fit\.csv: .*a-file is a file, not a folder$/],
  ['edges', () => ['builds', '--builds', join(T(), 'a-file')], /^sente: --builds .*a-file is a file; name a folder \(it is created if missing\)$/],
];

describe('every option is checked before any work (exit 2, one line)', () => {
  it.each(INVALID.map(([defect, args, message]) => ({ defect, args, message, name: args().join(' ') })))('defect $defect: sente $name', ({ args, message }) => {
    const r = sente(...args());
    expect(r.status, r.stdout + r.stderr).toBe(2);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr.trimEnd()).toMatch(message);
    expect(r.stdout).toBe('');
    expect(r.ms).toBeLessThan(10_000);
    // No work done: no self-play folder, run folder or book was created.
    for (const p of ['sp', 'run', 'b.book']) expect(existsSync(join(tmp, p))).toBe(false);
  });

  it('SENTE_BUILDS naming a file is refused as --builds is', () => {
    const r = runCli(['builds'], { env: { ...env, SENTE_BUILDS: join(tmp, 'a-file') }, timeout: 60_000 });
    expect(r.status, r.stdout + r.stderr).toBe(2);
    expect(r.stderr.trimEnd()).toMatch(/^sente: SENTE_BUILDS: .*a-file is a file; name a folder \(it is created if missing\)$/);
    expect(r.stdout).toBe('');
  });

  it('defect 12: show -- f5d6 shows the position', () => {
    const r = sente('show', '--', 'f5d6');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/legal moves \(5\)/);
  });

  it('defect 12: a damaged run.json is named in the message', () => {
    const out = join(tmp, 'badrun');
    mkdirSync(out);
    writeFileSync(join(out, 'run.json'), '{');
    const r = sente('selfplay', '--build', 'bootstrap', '--games', '2', '--depth', '1', '--out', out, '--resume');
    expect(r.status).toBe(2);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(join(out, 'run.json'));
    expect(r.stderr).toMatch(/is not a valid run settings file/);
  });
});

describe('exit codes tell whether the job completed', () => {
  it('defect 11: calibrate reports a damaged build in one line, exit 2, no stack', () => {
    const r = sente('calibrate', 'broken', '--positions', '20');
    expect(r.status).toBe(2);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^sente: .*broken.*not an evaluation table/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('defect 6: a tournament whose build cannot load exits 1 and says so', () => {
    const r = sente('tournament', '--player', 'bootstrap', '--player', 'broken', '--games', '2', '--depth', '1', '--exact', '4', '--workers', '1');
    expect(r.status, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/could not be played: .*not an evaluation table/);
    expect(r.stdout).toMatch(/incomplete at 0\/2 games/);
  });

  it('defect 7: forfeit causes are printed without --csv; a player that cannot start fails the run with its command and error', () => {
    const r = sente('tournament', '--player', 'bootstrap', '--player', 'gtp:/nonexistent/engine', '--games', '2', '--depth', '1');
    expect(r.status, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/\(2 forfeits\)/);
    expect(r.stdout).toMatch(/forfeits\n {2}gtp:\/nonexistent\/engine, game 0: crash \(white, start\): .*ENOENT/);
    expect(r.stdout).toMatch(/player gtp:\/nonexistent\/engine could not be started \(command: \/nonexistent\/engine\): .*ENOENT/);
  });

  it('defect 6: Ctrl-C in a tournament exits 1 and says how to resume', async () => {
    const csv = join(tmp, 'int.csv');
    const child = spawn(process.execPath, [MAIN, 'tournament', ...TWO, '--games', '400', '--depth', '1', '--exact', '4', '--workers', '1', '--csv', csv], { cwd: ROOT, env });
    let stdout = '';
    child.stdout.on('data', (d) => { stdout += String(d); });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // The first finished game is in the CSV (header + one record).
    for (let i = 0; i < 2400; i++) {
      await new Promise((r) => setTimeout(r, 25));
      if (existsSync(csv) && readFileSync(csv, 'utf8').split('\n').length > 2) break;
    }
    child.kill('SIGINT');
    expect(await exited).toBe(1);
    expect(stdout).toMatch(/interrupted at \d+\/400 games; resume with --resume/);
  });
});

describe('library guards: numbers from other code cannot loop forever', () => {
  it('batches refuses a size of 0, -1 or NaN (0 looped forever)', () => {
    for (const size of [0, -1, NaN, 1.5]) expect(() => batches([1, 2, 3], size)).toThrow(/batch size must be a whole number/);
    expect(batches([1, 2, 3], 2)).toEqual([[1, 2], [3]]);
  });

  it('runSelfplay refuses a bad batch size, randomness or seed before writing anything', async () => {
    const base = { build: 'bootstrap', buildsDir: builds, games: 4, depth: 1, exact: 4, randomness: 2, randomPlies: 10, seed: 1, openings: { kind: 'file' as const, path: DEFAULT_OPENINGS_FILE }, outDir: join(tmp, 'lib-sp'), workers: 1 };
    await expect(runSelfplay({ ...base, batchSize: 0 })).rejects.toThrow(/batch size must be a whole number/);
    await expect(runSelfplay({ ...base, randomness: NaN })).rejects.toThrow(/randomness must be a number/);
    await expect(runSelfplay({ ...base, seed: 1.5 })).rejects.toThrow(/seed must be a whole number/);
    await expect(runSelfplay({ ...base, workers: 0 })).rejects.toThrow(/workers must be/);
    expect(existsSync(join(tmp, 'lib-sp'))).toBe(false);
    expect(parseOpeningSpec('random:8', NaN).ok).toBe(false);
  });

  it('runTournament refuses NaN workers and absurd game counts; player specs have ranges', async () => {
    const players = [parsePlayerSpec('bootstrap', { depth: 1 }, builds), parsePlayerSpec('bootstrap:depth=2', {}, builds)].map((r) => (r.ok ? r.spec : null)!);
    const base = { players, gamesPerPair: 2, openings: [[]], workers: 1, buildsDir: builds };
    await expect(runTournament({ ...base, workers: NaN })).rejects.toThrow(/workers must be/);
    await expect(runTournament({ ...base, gamesPerPair: 1e12 })).rejects.toThrow(/games per pairing/);
    await expect(runTournament({ ...base, moveTimeoutMs: 0 })).rejects.toThrow(/move timeout/);
    expect(parsePlayerSpec('bootstrap:depth=99', {}, builds).ok).toBe(false);
    expect(parsePlayerSpec('bootstrap:time=0', {}, builds).ok).toBe(false);
    await expect(runTournament({ ...base, players: [...players, players[0]], sprt: { elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 } })).rejects.toThrow(/an SPRT tests one player against one other, or the first against each other in a gauntlet: give exactly two players or --gauntlet \(got 3 in a round robin\)/);
    await expect(runTournament({ ...base, adjudicateExact: 30 })).rejects.toThrow(/exact adjudication needs a whole number of empties from 0 to 18, got 30/);
    await expect(runTournament({ ...base, timeControl: { moves: 0, baseMs: 1000, incrementMs: 0 }, timeMarginMs: -1 })).rejects.toThrow(/time margin must be a number of ms >= 0, got -1/);
    await expect(runTournament({ ...base, timeControl: { moves: 0, baseMs: NaN, incrementMs: 0 } })).rejects.toThrow(/time control/);
  });

  it('durations: units ms, s, m; a bare number is seconds; nonsense refused (issue #16)', () => {
    expect([parseDuration('500ms'), parseDuration('2s'), parseDuration('1m'), parseDuration('0.5'), parseDuration(3), parseDuration('1.5s')])
      .toEqual([{ ok: true, ms: 500 }, { ok: true, ms: 2000 }, { ok: true, ms: 60_000 }, { ok: true, ms: 500 }, { ok: true, ms: 3000 }, { ok: true, ms: 1500 }]);
    for (const bad of ['0', '-1', 'NaN', '5x', '', '1e3', '0.1ms', '61m', 'Infinity']) expect(parseDuration(bad).ok, bad).toBe(false);
    // Player specs take the same durations: time=2 is 2 s (it was 2 ms), name= names the player.
    const spec = parsePlayerSpec('bootstrap:time=2,name=two-seconds', {}, builds);
    expect(spec.ok && spec.spec.kind === 'engine' && [spec.spec.timeMs, spec.spec.name]).toEqual([2000, 'two-seconds']);
    // gtp,name=NAME:<command> names an external program; the command line after the first colon is untouched.
    const gtp = parsePlayerSpec('gtp,name=rhino:/usr/games/gtp-rhino -l 3 --x=a:b', {}, builds);
    expect(gtp).toEqual({ ok: true, spec: { kind: 'gtp', name: 'rhino', command: '/usr/games/gtp-rhino -l 3 --x=a:b' } });
    expect(parsePlayerSpec('gtp:gtp-rhino -l 3', {}, builds)).toEqual({ ok: true, spec: { kind: 'gtp', name: 'gtp:gtp-rhino -l 3', command: 'gtp-rhino -l 3' } });
    expect(parsePlayerSpec('gtp,name=a b:gtp-rhino', {}, builds)).toEqual({ ok: false, error: '"gtp,name=a b:gtp-rhino": name "a b" must be 1 to 40 letters, digits or _.+#@:=-' });
    expect(parsePlayerSpec('gtp,name=x:', {}, builds).ok).toBe(false);
    const ms = parsePlayerSpec('bootstrap:time=250ms', {}, builds);
    expect(ms.ok && ms.spec.kind === 'engine' && ms.spec.timeMs).toBe(250);
  });

  it('think() refuses limits that would search forever or do nothing', () => {
    const engine = createEngine({ table: bootstrapTable() });
    const p = Position.initial();
    expect(() => engine.think(p, { timeMs: NaN })).toThrow(/timeMs must be a number > 0/);
    expect(() => engine.think(p, { depth: NaN })).toThrow(/depth must be a whole number/);
    expect(() => engine.think(p, { depth: 0 })).toThrow(/depth must be a whole number/);
    expect(() => engine.think(p, { depth: 2, exactFrom: NaN })).toThrow(/exactFrom/);
    expect(engine.think(p, { depth: 2 }).depth).toBe(2);
    // Errors of the API carry a code; so do options out of range.
    const codeOf = (f: () => unknown): string | undefined => {
      try {
        f();
      } catch (e) {
        return isSenteError(e) ? e.code : `not a SenteError: ${(e as Error).message}`;
      }
      return undefined;
    };
    expect(codeOf(() => engine.think(p, { depth: 0 }))).toBe('bad-option');
    for (const options of [{ threads: 0 }, { ttMb: Number.NaN }, { ttMb: -1 }, { ttMb: 100_000 }]) expect(codeOf(() => createEngine({ table: bootstrapTable(), ...options }))).toBe('bad-option');

  });

  it('train refuses NaN settings (the manifest recorded null)', () => {
    expect(() => train({ gameFiles: [], id: 'x', buildsDir: builds, neighbour: NaN })).toThrow(/neighbour must be a number from 0 to 1/);
    expect(() => train({ gameFiles: [], id: 'x', buildsDir: builds, minEmpties: -5 })).toThrow(/min empties/);
    expect(() => train({ gameFiles: [], id: 'x', buildsDir: builds, smooth: NaN })).toThrow(/smooth must be a number ≥ 0/);
  });
});
