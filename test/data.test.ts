// End to end: `sente selfplay --random-opening` (data mode) and `sente data`. Data-mode games open
// with the seeded random plies the range allows, every recorded position comes after the random
// part, labels are the final score from the mover's view (games replayed by our rules here), an
// interrupted-and-resumed run ends with the same position file; the data commands convert, merge,
// split and inspect, and a damaged file is refused with its name and the failed check.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLACK, Position, writeWthor } from '@sente/core';
import {
  LABEL_EXACT, LABEL_GAME, SOURCE_DATA_MODE, inspectPositions, randomDataOpening, randomOpeningPlies, readGameFile, readPositions, setStrongest, testSetError, train,
} from '@sente/selfplay';
import { loadBuild, readManifest, readRegistry, shippedBuildsDir } from '@sente/search';
import { type CliResult, MAIN, ROOT, runCli } from './cli.js';

let tmp = '';
let env: NodeJS.ProcessEnv = {};

function sente(...args: string[]): CliResult {
  return runCli(args, { env, timeout: 240_000 });
}

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'sente-data-e2e-'));
  setStrongest(join(tmp, 'builds'), 'bootstrap');
  env = { ...process.env, SENTE_BUILDS: join(tmp, 'builds') };
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Positions per number of empties (0..60) in a position file. */
const inspectEmpties = (file: string): number[] => inspectPositions(file).empties;

const DATA = ['--build', 'bootstrap', '--depth', '2', '--exact', '10', '--seed', '5'];

describe('sente selfplay --random-opening (data mode)', () => {
  it('records only positions after the random part, labelled by the final score from the mover\'s view', () => {
    const out = join(tmp, 'dm');
    const r = sente('selfplay', ...DATA, '--random-opening', '8-40', '--games', '10', '--workers', '2', '--out', out);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/positions after the random openings in .*positions\.spos/);
    const games = readGameFile(join(out, 'games.txt')).games;
    expect(games.map((g) => g.index)).toEqual([...Array(10).keys()]);
    const records = readPositions(join(out, 'positions.spos'));
    const spread = new Set<number>();
    let k = 0;
    for (const g of games) {
      const n = randomOpeningPlies([8, 40], 5, g.index);
      expect(n).toBeGreaterThanOrEqual(8);
      expect(n).toBeLessThanOrEqual(40);
      spread.add(n);
      // The random part is the seeded one, not the engine's choice.
      expect(g.openingPlies).toBe(n);
      expect(g.moves.slice(0, n)).toEqual(randomDataOpening([8, 40], 5, g.index));
      // Replay by our rules: the expected records, from ply n on.
      const p = Position.initial();
      const expected: number[][] = [];
      g.moves.forEach((m, ply) => {
        if (p.mustPass()) p.makePass();
        if (ply >= n) expected.push([p.bb[0], p.bb[1], p.bb[2], p.bb[3], p.side, p.emptyCount()]);
        expect(p.makeMove(m)).toBe(true);
      });
      expect(p.isGameOver()).toBe(true);
      const blackFinal = p.side === BLACK ? p.finalScore() : -p.finalScore();
      expect(blackFinal).toBe(g.blackScore);
      for (const e of expected) {
        const rec = records[k++];
        expect(rec.game).toBe(g.index);
        expect([rec.playerLo, rec.playerHi, rec.opponentLo, rec.opponentHi, rec.side]).toEqual(e.slice(0, 5));
        expect(rec.label).toBe(rec.side === BLACK ? blackFinal : -blackFinal);
        expect(rec.kind).toBe(e[5] <= 10 ? LABEL_EXACT : LABEL_GAME);
        expect(rec.source).toBe(SOURCE_DATA_MODE);
      }
    }
    expect(k).toBe(records.length);
    expect(spread.size).toBeGreaterThan(3);
  });

  it('resumes to the same games and the same position file', () => {
    const whole = join(tmp, 'whole'), parts = join(tmp, 'parts');
    expect(sente('selfplay', ...DATA, '--random-opening', '20-30', '--games', '6', '--workers', '1', '--out', whole).status).toBe(0);
    expect(sente('selfplay', ...DATA, '--random-opening', '20-30', '--games', '3', '--workers', '1', '--out', parts).status).toBe(0);
    const other = sente('selfplay', ...DATA, '--random-opening', '20-31', '--games', '6', '--resume', '--out', parts);
    expect(other.status).not.toBe(0);
    expect(other.stderr).toMatch(/randomOpening/);
    // The options data mode does not use (randomness, random plies, openings) may differ.
    const r = sente('selfplay', ...DATA, '--random-opening', '20-30', '--games', '6', '--workers', '2', '--resume', '--out', parts, '--randomness', '0', '--random-plies', '12');
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(join(parts, 'games.txt'))).toEqual(readFileSync(join(whole, 'games.txt')));
    expect(readFileSync(join(parts, 'positions.spos'))).toEqual(readFileSync(join(whole, 'positions.spos')));
  });

  it('refuses a bad range', () => {
    const r = sente('selfplay', ...DATA, '--random-opening', '50-10', '--games', '2', '--out', join(tmp, 'bad'));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--random-opening .*0 ≤ A ≤ B ≤ 59, got 50-10/);
  });
});

describe('sente data', () => {
  it('convert, merge, split, inspect; a damaged file is refused with its name and the check', () => {
    const dm = join(tmp, 'games2');
    expect(sente('selfplay', ...DATA, '--random-opening', '10-20', '--games', '4', '--workers', '1', '--out', dm).status).toBe(0);
    const games = join(dm, 'games.txt');
    const all = join(tmp, 'all.spos'), late = join(tmp, 'late.spos');
    let r = sente('data', 'convert', games, '--out', all, '--kind', 'game');
    expect(r.status, r.stderr).toBe(0);
    r = sente('data', 'convert', games, '--out', late, '--skip-opening', '--dedup');
    expect(r.status, r.stderr).toBe(0);
    // Skipping the opening gives exactly data mode's positions.
    expect(readPositions(late).length).toBe(readPositions(join(dm, 'positions.spos')).length);
    const text = join(tmp, 'late.txt'), back = join(tmp, 'back.spos');
    expect(sente('data', 'convert', late, '--out', text).status).toBe(0);
    const lines = readFileSync(text, 'utf8').trim().split('\n');
    expect(lines.length).toBe(readPositions(late).length);
    expect(lines[0]).toMatch(/^[XO-]{64} -?\d+$/);
    expect(sente('data', 'convert', text, '--out', back).status).toBe(0);
    expect(readPositions(back).map((p) => [p.playerLo, p.playerHi, p.opponentLo, p.opponentHi, p.label])).toEqual(readPositions(late).map((p) => [p.playerLo, p.playerHi, p.opponentLo, p.opponentHi, p.label]));
    const wtb = join(tmp, 'g.wtb');
    writeFileSync(wtb, writeWthor(readGameFile(games).games.map((g) => ({ moves: g.moves }))));
    r = sente('data', 'convert', wtb, '--out', join(tmp, 'wthor.spos'));
    expect(r.status, r.stderr).toBe(0);
    expect(readPositions(join(tmp, 'wthor.spos')).length).toBe(readPositions(all).length);

    const merged = join(tmp, 'merged.spos');
    r = sente('data', 'merge', all, late, '--out', merged);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`${readPositions(late).length + readPositions(all).length} read`));
    r = sente('data', 'merge', all, late, '--out', join(tmp, 'm2.spos'), '--no-dedup');
    expect(readPositions(join(tmp, 'm2.spos')).length).toBe(readPositions(all).length + readPositions(late).length);
    r = sente('data', 'split', merged, '--out', join(tmp, 'train.spos'), '--test', join(tmp, 'test.spos'), '--fraction', '0.5', '--by', 'game');
    expect(r.status, r.stderr).toBe(0);
    expect(readPositions(join(tmp, 'train.spos')).length + readPositions(join(tmp, 'test.spos')).length).toBe(readPositions(merged).length);
    r = sente('data', 'sample', merged, '--out', join(tmp, 'even.spos'), '--per', '3', '--empties', '20-40');
    expect(r.status, r.stderr).toBe(0);
    const even = inspectEmpties(join(tmp, 'even.spos')), have = inspectEmpties(merged);
    for (let e = 0; e <= 60; e++) expect(even[e]).toBe(e < 20 || e > 40 ? 0 : Math.min(3, have[e]));
    expect(sente('data', 'sample', merged, '--out', join(tmp, 'even2.spos'), '--per', '3', '--empties', '40-20').stderr).toMatch(/range/);
    r = sente('data', 'inspect', merged, '--duplicates');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/all checks passed/);
    expect(r.stdout).toMatch(/duplicates \(by canonical key\): 0/);
    r = sente('data', 'inspect', merged, '--json');
    expect(JSON.parse(r.stdout).positions).toBe(readPositions(merged).length);

    const bytes = readFileSync(merged);
    const bad = join(tmp, 'bad.spos');
    writeFileSync(bad, bytes.subarray(0, bytes.length - 1));
    r = sente('data', 'inspect', bad);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(bad);
    expect(r.stderr).toMatch(/size check failed/);
  });

  it('train --data fits a build from a position file and records its test-set error; data error prints it', () => {
    const dm = join(tmp, 'train-data');
    expect(sente('selfplay', ...DATA, '--random-opening', '10-40', '--games', '30', '--workers', '2', '--out', dm).status).toBe(0);
    const spos = join(dm, 'positions.spos');
    const mixed = sente('train', '--data', spos, '--games', join(dm, 'games.txt'), '--out', 'never');
    expect(mixed.status).toBe(2);
    expect(mixed.stderr).toMatch(/--data trains on position files only/);
    const r = sente('train', '--data', spos, '--out', 'fromdata', '--epochs', '3', '--threads', '2');
    expect(r.status, r.stderr).toBe(0);
    // Not a terminal: loading progress is whole lines (no carriage returns), the last one complete.
    const n = readPositions(spos).length;
    expect(r.stderr).not.toContain('\r');
    expect(r.stderr.split('\n')).toContain(`loading positions ${n}/${n}`);
    const manifest = JSON.parse(readFileSync(join(tmp, 'builds', 'manifest.json'), 'utf8'));
    const entry = manifest.builds.find((b: { id: string }) => b.id === 'fromdata');
    expect(entry.positions).toBe(readPositions(spos).length);
    expect(entry.training.positionFiles).toBe(1);
    const table = loadBuild('fromdata', join(tmp, 'builds')).table;
    expect(entry.testSetMae).toBe(testSetError(table).mae);
    const e = sente('data', 'error', '--build', 'fromdata', 'gen3', '--json');
    expect(e.status, e.stderr).toBe(0);
    const rows = JSON.parse(e.stdout);
    expect(rows.map((x: { build: string }) => x.build)).toEqual(['fromdata', 'gen3']);
    expect(rows[0].mae).toBe(entry.testSetMae);
    expect(rows[1].mae).toBe(testSetError(loadBuild('gen3').table).mae);
    expect(rows[1].byEmpties).toEqual(testSetError(loadBuild('gen3').table).byEmpties);
    const bands = sente('data', 'error', '--build', 'gen3', '--by-empties');
    expect(bands.status, bands.stderr).toBe(0);
    const shown = testSetError(loadBuild('gen3').table).byEmpties;
    expect(shown.length).toBeGreaterThan(3);
    for (const b of shown) expect(bands.stdout).toContain(`${b.from}-${b.to} empties: MAE ${b.mae.toFixed(3)} over ${b.positions} positions`);
    // Another labelled file as the test set: its bands, not the shipped set's.
    const own = sente('data', 'error', '--build', 'gen3', '--testset', spos, '--by-empties');
    expect(own.status, own.stderr).toBe(0);
    expect(own.stdout).toContain(`test set ${spos}`);
    for (const b of testSetError(loadBuild('gen3').table, spos).byEmpties) expect(own.stdout).toContain(`${b.from}-${b.to} empties: MAE ${b.mae.toFixed(3)} over ${b.positions} positions`);
    // sente builds shows it and ranks by Elo: gen3 (shipped Elo) above bootstrap (0) above fromdata (unmeasured).
    const b = sente('builds');
    expect(b.status, b.stderr).toBe(0);
    const lines = b.stdout.split('\n');
    expect(lines[0]).toMatch(/test MAE/);
    const order = ['gen3', 'bootstrap', 'fromdata'].map((id) => lines.findIndex((l) => new RegExp(`^[* ] ${id} `).test(l)));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
    expect(lines[order[2]]).toContain(entry.testSetMae.toFixed(2));
    // One phase per number of empties, tied to each other by --smooth: recorded, and the table plays.
    const ply = sente('train', '--data', spos, '--out', 'perply', '--phases', '61', '--smooth', '50', '--neighbour', '0', '--epochs', '3');
    expect(ply.status, ply.stderr).toBe(0);
    const perPly = JSON.parse(readFileSync(join(tmp, 'builds', 'manifest.json'), 'utf8')).builds.find((x: { id: string }) => x.id === 'perply');
    expect(perPly.training).toMatchObject({ phases: 61, smooth: 50, neighbour: 0 });
    expect(entry.training.smooth).toBeUndefined();
    const perPlyTable = loadBuild('perply', join(tmp, 'builds')).table;
    expect(perPlyTable.phases).toBe(61);
    const played = runCli(['play', '--build', 'perply', '--depth', '3'], { env, input: 'f5\nquit\n' });
    expect(played.status, played.stderr).toBe(0);
    expect(played.stdout).toMatch(/sente plays [a-h][1-8]/);
  });

  it('the shipped manifest carries each shipped build\'s test-set error, and manifests without the field still load', () => {
    for (const b of readManifest(shippedBuildsDir()).builds) {
      expect(b.testSetMae, b.id).toBe(testSetError(loadBuild(b.id).table).mae);
    }
    const gen3 = readManifest(shippedBuildsDir()).builds.find((b) => b.id === 'gen3')!;
    const boot = readManifest(shippedBuildsDir()).builds.find((b) => b.id === 'bootstrap')!;
    expect(gen3.testSetMae!).toBeLessThan(boot.testSetMae!);
    const old = join(tmp, 'old-registry');
    mkdirSync(join(old, 'b'), { recursive: true });
    copyFileSync(join(shippedBuildsDir(), 'bootstrap', 'table.sev.gz'), join(old, 'b', 'table.sev.gz'));
    const entry = { id: 'b', table: 'b/table.sev.gz', parent: null, created: '2026-01-01T00:00:00.000Z', games: 0, positions: 0, validationError: null, elo: null, notes: '' };
    writeFileSync(join(old, 'manifest.json'), JSON.stringify({ version: 1, strongest: null, builds: [entry] }));
    expect(readRegistry(old).builds.find((b) => b.id === 'b')?.testSetMae).toBeUndefined();
    const listed = spawnSync(process.execPath, [MAIN, 'builds', '--builds', old], { cwd: ROOT, encoding: 'utf8' });
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/^ {2}b +user +- +- +- /m);
    writeFileSync(join(old, 'manifest.json'), JSON.stringify({ version: 1, strongest: null, builds: [{ ...entry, testSetMae: 'low' }] }));
    expect(() => readRegistry(old)).toThrow(/testSetMae "low" is not a number/);
  });

  it('train --checkpoint: a stopped fit continues from its last epoch to the same result', () => {
    const dm = join(tmp, 'ckpt-data');
    expect(sente('selfplay', ...DATA, '--random-opening', '10-40', '--games', '30', '--workers', '2', '--out', dm).status).toBe(0);
    const spos = join(dm, 'positions.spos');
    const dir = join(tmp, 'builds');
    const ck = join(tmp, 'fit.ckpt');
    const straight = train({ gameFiles: [], positionFiles: [spos], id: 'straight', buildsDir: dir, epochs: 4 });
    const stop = new AbortController();
    expect(() => train({ gameFiles: [], positionFiles: [spos], id: 'stopped', buildsDir: dir, epochs: 4, checkpoint: ck, signal: stop.signal, onEpoch: (e) => { if (e.epoch === 2) stop.abort(); } }))
      .toThrow(/fit stopped after epoch 2; its state is in .*fit\.ckpt/);
    expect(existsSync(ck)).toBe(true);
    expect(readRegistry(dir).builds.some((b) => b.id === 'stopped')).toBe(false);
    // Another fit's checkpoint is refused.
    expect(() => train({ gameFiles: [], positionFiles: [spos], id: 'other', buildsDir: dir, epochs: 4, l2: 3, checkpoint: ck })).toThrow(/checkpoint .*fit\.ckpt: was made for l2 20, this fit has 3/);
    const r = sente('train', '--data', spos, '--out', 'stopped', '--epochs', '4', '--checkpoint', ck);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/continuing from .*fit\.ckpt after epoch 2/);
    expect(existsSync(ck)).toBe(false);
    const csv = readFileSync(join(dir, 'stopped', 'training.csv'), 'utf8').trim().split('\n');
    expect(csv.map((l) => l.split(',')[0])).toEqual(['epoch', '1', '2', '3', '4']);
    csv.slice(1).forEach((line, i) => expect(Number(line.split(',')[1])).toBeCloseTo(straight.history[i].trainRms, 3));
    const a = loadBuild('straight', dir).table.weights, b = loadBuild('stopped', dir).table.weights;
    let differ = 0;
    for (let j = 0; j < a.length; j++) if (Math.abs(a[j] - b[j]) > 1) differ++;
    expect(differ).toBe(0);
    // Killed after epoch 2's CSV row and before its checkpoint (a throw in onEpoch stands for the
    // kill): the resumed fit lists every epoch once.
    const ck2 = join(tmp, 'fit2.ckpt');
    expect(() => train({ gameFiles: [], positionFiles: [spos], id: 'killed', buildsDir: dir, epochs: 4, checkpoint: ck2, onEpoch: (e) => { if (e.epoch === 2) throw new Error('killed'); } })).toThrow('killed');
    expect(readFileSync(join(dir, 'killed', 'training.csv'), 'utf8').trim().split('\n').map((l) => l.split(',')[0])).toEqual(['epoch', '1', '2']);
    train({ gameFiles: [], positionFiles: [spos], id: 'killed', buildsDir: dir, epochs: 4, checkpoint: ck2 });
    expect(readFileSync(join(dir, 'killed', 'training.csv'), 'utf8').trim().split('\n').map((l) => l.split(',')[0])).toEqual(['epoch', '1', '2', '3', '4']);
  });
});
