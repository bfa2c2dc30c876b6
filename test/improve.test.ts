// End to end: one tiny generation of `sente improve` in a temporary registry and run folder:
// self-play, training, the match, the promotion decision, the manifest and the report.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBuild, readManifest } from '@sente/search';
import { readGameFile, readPositions, setStrongest } from '@sente/selfplay';
import { MAIN, ROOT } from './cli.js';

let tmp = '';
let env: NodeJS.ProcessEnv = {};

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'sente-improve-'));
  setStrongest(join(tmp, 'builds'), 'bootstrap'); // the shipped bootstrap is this registry's strongest
  env = { ...process.env, SENTE_BUILDS: join(tmp, 'builds') };
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('sente improve', () => {
  it('runs a generation: games, a trained candidate with Elo in the manifest, a report', () => {
    const run = join(tmp, 'run');
    const r = spawnSync(process.execPath, [MAIN, 'improve', '--generations', '1', '--games', '40', '--depth', '1', '--exact', '6',
      '--match-games', '10', '--epochs', '3', '--workers', '2', '--run', run, '--prefix', 'cand'], { cwd: ROOT, env, encoding: 'utf8', timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(readGameFile(join(run, 'gen-1', 'selfplay', 'games.txt')).games).toHaveLength(40);
    const epochs = readFileSync(join(run, 'gen-1', 'training.csv'), 'utf8').trim().split('\n');
    expect(epochs).toHaveLength(4);
    expect(readFileSync(join(run, 'gen-1', 'tournament.csv'), 'utf8').trim().split('\n')).toHaveLength(11);

    const m = readManifest(join(tmp, 'builds'));
    const cand = m.builds.find((b) => b.id === 'cand-g1');
    expect(cand).toBeDefined();
    expect(cand!.parent).toBe('bootstrap');
    expect(cand!.games).toBe(40);
    expect(typeof cand!.elo).toBe('number');
    expect(cand!.validationError).toBeGreaterThan(0);
    // The lineage: the data by content, the self-play settings, and the equal-time match (the default
    // --match-time 10ms) that judged the candidate.
    const gamesFile = join(run, 'gen-1', 'selfplay', 'games.txt');
    expect(cand!.lineage).toMatchObject({
      run, generation: 1, parent: 'bootstrap',
      selfplay: { build: 'bootstrap', games: 40, depth: 1, exact: 6 },
      data: [{ file: gamesFile, sha256: createHash('sha256').update(readFileSync(gamesFile)).digest('hex') }],
      match: { against: 'bootstrap', timeMs: 10, exact: 6, games: 10, promoted: false, sprt: { elo0: 0, elo1: 10, decision: null } },
    });
    const l = cand!.lineage as { match: { wins: number; draws: number; losses: number } };
    expect(l.match.wins + l.match.draws + l.match.losses).toBe(10);
    expect(cand!.notes).toMatch(/vs bootstrap at 10 ms a move \d+\/\d+\/\d+/);
    expect(existsSync(join(tmp, 'builds', 'cand-g1', 'table.sev.gz'))).toBe(true);

    const report = JSON.parse(readFileSync(join(run, 'report.json'), 'utf8'));
    expect(report).toHaveLength(1);
    // The SPRT (default elo0=0,elo1=10) gates promotion; 10 games (5 pairs) are too few for any decision.
    expect(report[0].sprt).toMatchObject({ test: { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 }, decision: null, pairs: 5 });
    expect(report[0].match.games).toBe(10);
    expect(report[0].candidateElo).toBeCloseTo(report[0].match.elo, 0);
    expect(report[0].promoted).toBe(false);
    expect(m.strongest).toBe('bootstrap');
    expect(r.stdout).toMatch(/SPRT LLR [+-][\d.]+ \[-2\.94, \+2\.94\] inconclusive/);
    const svg = readFileSync(join(run, 'report.svg'), 'utf8');
    expect(svg).toMatch(/^<\?xml[\s\S]*<svg[\s\S]*Elo over generations[\s\S]*Training error per epoch[\s\S]*<\/svg>\n$/);
    expect(svg).toMatch(/<polyline/);
    expect(r.stdout).toMatch(/1 generation\(s\); strongest build: (cand-g1|bootstrap)/);

    // The same run folder resumes: generation 1 is kept, generation 2 trains on both generations.
    const args = ['improve', '--games', '40', '--depth', '1', '--exact', '6', '--match-games', '10', '--epochs', '3', '--workers', '2', '--run', run];
    const bad = spawnSync(process.execPath, [MAIN, ...args, '--generations', '2', '--seed', '5'], { cwd: ROOT, env, encoding: 'utf8', timeout: 120_000 });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/cannot resume .*seed was 1, now 5/);
    // Generation 2 with `sente improve --no-sprt`: the old fixed-count rule (all 10 games, promoted when the low end of the 95% interval is above 0).
    const more = spawnSync(process.execPath, [MAIN, ...args, '--generations', '2', '--no-sprt', '--match-depth', '1'], { cwd: ROOT, env, encoding: 'utf8', timeout: 120_000 });
    expect(more.status, more.stderr).toBe(0);
    expect(more.stdout).toMatch(/resuming .* after 1 finished generation/);
    const report2 = JSON.parse(readFileSync(join(run, 'report.json'), 'utf8'));
    expect(report2.map((g: { candidate: string }) => g.candidate)).toEqual(['cand-g1', 'cand-g2']);
    expect(report2[0]).toEqual(report[0]);
    expect(report2[1].sprt).toBeUndefined();
    expect(report2[1].match.games).toBe(10);
    expect(report2[1].promoted).toBe(report2[1].match.low > 0);
    const g2 = readManifest(join(tmp, 'builds')).builds.find((b) => b.id === 'cand-g2')!;
    expect(g2.games).toBe(80);
    expect(g2.parent).toBe(report2[1].champion);
    // --match-depth: the match at a fixed depth, recorded as such; both generations' files in the data.
    expect(g2.lineage).toMatchObject({ generation: 2, match: { depth: 1, games: 10 } });
    expect((g2.lineage as { match: object }).match).not.toHaveProperty('timeMs');
    expect((g2.lineage as { data: unknown[] }).data).toHaveLength(2);
  });
  it('data mode: random openings, positions after them, a format-2 candidate, all in the lineage', () => {
    const run = join(tmp, 'run-data');
    const base = ['improve', '--games', '30', '--depth', '1', '--exact', '8', '--match-games', '4', '--epochs', '2',
      '--workers', '2', '--run', run, '--prefix', 'dm', '--random-opening', '20-40', '--format', '2'];
    // Refusals before any work: a bad range, games where position files are trained on, and
    // position files without data mode.
    const badRange = spawnSync(process.execPath, [MAIN, ...base.slice(0, -4), '--random-opening', '40-20', '--generations', '1'], { cwd: ROOT, env, encoding: 'utf8' });
    expect(badRange.status).toBe(2);
    expect(badRange.stderr).toMatch(/--random-opening the random opening must be a range of plies A-B/);
    const mixed = spawnSync(process.execPath, [MAIN, ...base, '--generations', '1', '--extra-games', join(ROOT, 'README.md')], { cwd: ROOT, env, encoding: 'utf8' });
    expect(mixed.status).toBe(2);
    expect(mixed.stderr).toMatch(/in data mode \(--random-opening\) give position files with --extra-data/);
    const r = spawnSync(process.execPath, [MAIN, ...base, '--generations', '1'], { cwd: ROOT, env, encoding: 'utf8', timeout: 180_000 });
    expect(r.status, r.stderr).toBe(0);
    const spos = join(run, 'gen-1', 'selfplay', 'positions.spos');
    const positions = readPositions(spos);
    expect(positions.length).toBeGreaterThan(0);
    // Only positions after the random part: at most 60 - 20 plies' worth of empties.
    const bits = (x: number): number => { let n = 0; for (let v = x >>> 0; v; v &= v - 1) n++; return n; };
    for (const p of positions) expect(64 - bits(p.playerLo | p.opponentLo) - bits(p.playerHi | p.opponentHi)).toBeLessThanOrEqual(40);
    expect(r.stdout).toMatch(new RegExp(`${positions.length} positions after the random openings`));
    const cand = readManifest(join(tmp, 'builds')).builds.find((b) => b.id === 'dm-g1')!;
    expect(cand.lineage).toMatchObject({
      generation: 1, format: 2,
      selfplay: { games: 30, depth: 1, exact: 8, randomOpening: [20, 40] },
      data: [{ file: spos, sha256: createHash('sha256').update(readFileSync(spos)).digest('hex') }],
      match: { timeMs: 10, games: 4 },
    });
    const table = loadBuild('dm-g1', join(tmp, 'builds')).table;
    expect(table.format).toBe(2);
    expect(table.phases).toBe(30);
    // Resuming with another range is refused; --extra-data needs data mode.
    const other = spawnSync(process.execPath, [MAIN, ...base.slice(0, -4), '--random-opening', '10-30', '--format', '2', '--generations', '2'], { cwd: ROOT, env, encoding: 'utf8' });
    expect(other.status).toBe(2);
    expect(other.stderr).toMatch(/cannot resume .*randomOpening was \[20,40\], now \[10,30\]/);
    const noData = spawnSync(process.execPath, [MAIN, 'improve', '--extra-data', spos, '--run', join(tmp, 'never')], { cwd: ROOT, env, encoding: 'utf8' });
    expect(noData.status).toBe(2);
    expect(noData.stderr).toMatch(/--extra-data needs data mode/);
  });

  it('data mode with --relabel-depth: the positions labelled again by the strongest build, fitted on, in the lineage', () => {
    const run = join(tmp, 'run-relabel');
    const base = ['improve', '--games', '30', '--depth', '1', '--exact', '8', '--match-games', '2', '--epochs', '2',
      '--workers', '2', '--run', run, '--prefix', 'rl', '--random-opening', '20-40'];
    const noMode = spawnSync(process.execPath, [MAIN, 'improve', '--relabel-depth', '2', '--run', join(tmp, 'never')], { cwd: ROOT, env, encoding: 'utf8' });
    expect(noMode.status).toBe(2);
    expect(noMode.stderr).toMatch(/--relabel-depth needs data mode/);
    const r = spawnSync(process.execPath, [MAIN, ...base, '--relabel-depth', '2', '--relabel-exact', '10', '--generations', '1'], { cwd: ROOT, env, encoding: 'utf8', timeout: 180_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/relabelled by bootstrap at depth 2, exact from 10: \d+ positions/);
    const labelled = join(run, 'gen-1', 'labelled.spos');
    // The same labels as `sente data relabel` gives (positions the games solved keep theirs).
    const direct = join(tmp, 'direct.spos');
    const d = spawnSync(process.execPath, [MAIN, 'data', 'relabel', join(run, 'gen-1', 'selfplay', 'positions.spos'), '--out', direct, '--build', 'bootstrap',
      '--depth', '2', '--exact', '10', '--keep-below', '9', '--workers', '2'], { cwd: ROOT, env, encoding: 'utf8' });
    expect(d.status, d.stderr).toBe(0);
    expect(readFileSync(labelled)).toEqual(readFileSync(direct));
    const kinds = new Set(readPositions(labelled).map((p) => p.kind));
    expect([...kinds].sort()).toEqual([1, 2]); // exact and search labels, no game results
    const cand = readManifest(join(tmp, 'builds')).builds.find((b) => b.id === 'rl-g1')!;
    expect(cand.lineage).toMatchObject({
      labels: { build: 'bootstrap', depth: 2, exact: 10 },
      data: [{ file: labelled, sha256: createHash('sha256').update(readFileSync(labelled)).digest('hex') }],
    });
    // Resuming with other labels is refused.
    const other = spawnSync(process.execPath, [MAIN, ...base, '--relabel-depth', '3', '--relabel-exact', '10', '--generations', '2'], { cwd: ROOT, env, encoding: 'utf8' });
    expect(other.status).toBe(2);
    expect(other.stderr).toMatch(/cannot resume .*relabelDepth was 2, now 3/);
  });
});
