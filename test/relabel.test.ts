// End to end: `sente data relabel`. Every label the pool writes equals the one computed directly
// here (an exact solve at or below --exact empties, a fixed-depth search above), positions and
// their tags are unchanged, --keep-below keeps labels, and a run stopped by Ctrl-C resumes from its
// checkpoint to a byte-identical file; a checkpoint of other settings, or a damaged one, is refused.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Position, isSenteError, popcount } from '@sente/core';
import { createEngine, loadBuild, solvePosition } from '@sente/search';
import {
  LABEL_EXACT, LABEL_GAME, LABEL_SEARCH, SOURCE_SELFPLAY, gamePositions, labelPosition, parseTextPosition, readPositions, relabelCheckpoint, relabelPositions,
  setPosition, writePositions, type PositionRecord,
} from '@sente/selfplay';
import { randomGame } from '../packages/selfplay/src/testutil.js';
import { MAIN } from './cli.js';

const dir = mkdtempSync(join(tmpdir(), 'sente-relabel-'));
const builds = join(dir, 'builds');
const env = { ...process.env, SENTE_BUILDS: builds };
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const empties = (r: PositionRecord): number => 64 - popcount(r.playerLo | r.opponentLo, r.playerHi | r.opponentHi);

/** Every 4th position of a few random games with at most 40 empties, labelled by the game's result. */
const records: PositionRecord[] = [];
for (let g = 0; g < 8; g++) {
  const { moves, blackScore } = randomGame(g, 77);
  let k = 0;
  gamePositions(moves, blackScore, {}, (p, label) => {
    if (k++ % 4 !== 0 || p.emptyCount() > 40) return;
    records.push({ playerLo: p.bb[0], playerHi: p.bb[1], opponentLo: p.bb[2], opponentHi: p.bb[3], side: p.side, label, kind: LABEL_GAME, source: SOURCE_SELFPLAY, game: g });
  });
}
const input = join(dir, 'in.spos');
writePositions(input, records);
const SETTINGS = ['--build', 'bootstrap', '--depth', '2', '--exact', '10'];

function relabel(out: string, ...more: string[]): ReturnType<typeof spawnSync> {
  return spawnSync(process.execPath, [MAIN, 'data', 'relabel', input, '--out', out, ...SETTINGS, ...more], { env, encoding: 'utf8', timeout: 120_000 });
}

describe('sente data relabel', () => {
  it('labels a position whose mover must pass by the position after the pass (solved, or searched)', () => {
    // X to move has no move at 16 empties; O has. A think on it answers the pass with a static
    // evaluation, which was the search label, and the solve "did not complete".
    const t = parseTextPosition('-OOOO----XXOXX--XXXOXX--XXXXXX--XOXOXX--XXXXXOXOX-OO-OOO-OOOOOOO 0');
    if (!t.ok) throw new Error(t.error);
    const p = new Position();
    setPosition(p, ...t.words, 0);
    expect(p.mustPass() && !p.isGameOver()).toBe(true);
    const engine = createEngine({ table: loadBuild('bootstrap', builds).table, build: 'bootstrap' });
    const exact = solvePosition(p, { pv: false }).score;
    expect(labelPosition(engine, p, 2, 16)).toEqual({ score: exact, kind: LABEL_EXACT });
    // Above --exact: minus the depth-2 search of the opponent's position after the pass (not the
    // static evaluation).
    const q = new Position();
    setPosition(q, ...t.words, 0);
    q.makePass();
    engine.newGame();
    const after = engine.think(q, { depth: 2, exactFrom: 10 });
    expect(after.depth).toBe(2);
    expect(labelPosition(engine, p, 2, 10)).toEqual({ score: Math.round(0 - after.score), kind: LABEL_SEARCH });
    // The position is left as it was.
    expect([p.bb[0], p.bb[1], p.bb[2], p.bb[3], p.ply]).toEqual([...t.words, 0]);
  });

  it('labels every position on the pool as a direct solve or search does, --workers 2', () => {
    const out = join(dir, 'out.spos');
    const r = relabel(out, '--workers', '2');
    expect(r.status, String(r.stderr)).toBe(0);
    expect(String(r.stdout)).toMatch(new RegExp(`out\\.spos: ${records.length} positions by bootstrap at depth 2, exact from 10: ${records.length} labelled now in [\\d.]+ s \\([\\d.]+ positions/s\\); (\\d+) exact, (\\d+) by search; mean change of a label [\\d.]+ discs`));
    expect(String(r.stderr)).toContain(`relabel ${records.length}/${records.length}`);
    const got = readPositions(out);
    expect(got).toHaveLength(records.length);
    const engine = createEngine({ table: loadBuild('bootstrap', builds).table, build: 'bootstrap' });
    const p = new Position();
    let exact = 0, search = 0;
    got.forEach((r, i) => {
      const q = records[i];
      expect([r.playerLo, r.playerHi, r.opponentLo, r.opponentHi, r.side, r.source, r.game]).toEqual([q.playerLo, q.playerHi, q.opponentLo, q.opponentHi, q.side, q.source, q.game]);
      setPosition(p, q.playerLo, q.playerHi, q.opponentLo, q.opponentHi, q.side);
      const want = labelPosition(engine, p, 2, 10);
      expect([r.label, r.kind]).toEqual([want.score, want.kind]);
      if (empties(q) <= 10) {
        expect([r.kind, r.label]).toEqual([LABEL_EXACT, solvePosition(p, { pv: false }).score]);
        exact++;
      } else {
        expect(r.kind).toBe(LABEL_SEARCH);
        search++;
      }
    });
    expect(exact).toBeGreaterThan(3);
    expect(search).toBeGreaterThan(3);
    expect(String(r.stdout)).toContain(`${exact} exact, ${search} by search`);
    expect(existsSync(relabelCheckpoint(out))).toBe(false);
  });

  it('--keep-below keeps the labels of the late positions', () => {
    const out = join(dir, 'kept.spos');
    const r = relabel(out, '--keep-below', '12', '--workers', '1');
    expect(r.status, String(r.stderr)).toBe(0);
    const low = records.filter((q) => empties(q) < 12).length;
    expect(low).toBeGreaterThan(0);
    expect(String(r.stdout)).toContain(`${low} kept`);
    const all = readPositions(join(dir, 'out.spos'));
    readPositions(out).forEach((q, i) => {
      expect([q.label, q.kind]).toEqual(empties(q) < 12 ? [records[i].label, LABEL_GAME] : [all[i].label, all[i].kind]);
    });
  });

  it('Ctrl-C keeps the labels in a checkpoint; the same command resumes to the same file', async () => {
    const out = join(dir, 'resumed.spos');
    const child = spawn(process.execPath, [MAIN, 'data', 'relabel', input, '--out', out, ...SETTINGS, '--workers', '1'], { env });
    let stdout = '', stderr = '', sent = false;
    child.stdout.on('data', (b) => { stdout += b; });
    child.stderr.on('data', (b) => {
      stderr += b;
      if (!sent && /relabel (1\d|[2-9]\d)\//.test(stderr)) { sent = true; child.kill('SIGINT'); }
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code, stderr).toBe(1);
    expect(stdout).toMatch(/interrupted: \d+ labelled now .*; resume with the same command/);
    expect(existsSync(out)).toBe(false);
    expect(existsSync(relabelCheckpoint(out))).toBe(true);
    const again = relabel(out, '--workers', '2');
    expect(again.status, String(again.stderr)).toBe(0);
    expect(String(again.stdout)).toMatch(/ \d+ from the checkpoint/);
    expect(readFileSync(out).equals(readFileSync(join(dir, 'out.spos')))).toBe(true);
    expect(existsSync(relabelCheckpoint(out))).toBe(false);
  });

  it('refuses a checkpoint made with other settings, a damaged one, and --out equal to the input', async () => {
    const out = join(dir, 'refused.spos');
    const stopped = new AbortController();
    stopped.abort();
    const base = { input, output: out, buildsDir: builds, build: 'bootstrap', depth: 2, exact: 10, workers: 1 };
    const s = await relabelPositions({ ...base, signal: stopped.signal });
    expect(s.complete).toBe(false);
    expect(existsSync(relabelCheckpoint(out))).toBe(true);
    await expect(relabelPositions({ ...base, depth: 3 })).rejects.toSatisfy((e: unknown) => isSenteError(e, 'bad-option') && /other settings or another input/.test((e as Error).message));
    const b = readFileSync(relabelCheckpoint(out));
    b[b.length - 10] ^= 1;
    writeFileSync(relabelCheckpoint(out), b);
    await expect(relabelPositions(base)).rejects.toSatisfy((e: unknown) => isSenteError(e, 'corrupt-checkpoint') && /checksum mismatch/.test((e as Error).message));
    const r = relabel(out);
    expect(r.status).toBe(2);
    expect(String(r.stderr)).toMatch(/^sente: relabel checkpoint .*refused\.spos\.relabel: checksum mismatch; remove it to start again/);
    const same = spawnSync(process.execPath, [MAIN, 'data', 'relabel', input, '--out', input], { env, encoding: 'utf8' });
    expect(same.status).toBe(2);
    expect(same.stderr).toMatch(/--out .* would overwrite the input/);
  });
});
