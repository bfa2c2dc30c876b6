// End to end: concurrent writers of one user registry lose nothing. Two processes each save 20
// builds at once (the unlocked read-modify-write of the manifest lost entries this way), and two
// `sente train` runs into one registry both end up listed by `sente builds` and loadable.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAIN, ROOT } from './cli.js';
import { clearBuildCache, loadBuild, readManifest } from '@sente/search';

const tmp = mkdtempSync(join(tmpdir(), 'sente-registry-e2e-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('close', (status) => done({ status, stdout, stderr }));
  });
}

// Saves 20 builds `<prefix>-0..19` with distinct tables, as fast as it can.
const SAVER = `
import { EvalTable } from '@sente/search';
import { saveBuild } from '@sente/selfplay';
const [dir, prefix] = process.argv.slice(1);
for (let i = 0; i < 20; i++) {
  const t = new EvalTable(1, 64);
  t.weights.fill(i + (prefix === 'a' ? 0 : 100));
  saveBuild(dir, { id: prefix + '-' + i, table: t, parent: null, games: i, positions: 0, validationError: null });
}
`;

describe('the user registry under concurrent writers', () => {
  it('two processes saving 20 builds each keep all 40', async () => {
    const dir = join(tmp, 'savers');
    const env = { ...process.env };
    const [a, b] = await Promise.all([
      run(['--input-type=module', '-e', SAVER, dir, 'a'], env),
      run(['--input-type=module', '-e', SAVER, dir, 'b'], env),
    ]);
    expect(a.status, a.stderr).toBe(0);
    expect(b.status, b.stderr).toBe(0);
    const ids = readManifest(dir).builds.map((x) => x.id).sort();
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
    clearBuildCache();
    for (let i = 0; i < 20; i++) {
      expect(loadBuild(`a-${i}`, dir).table.weights[3]).toBe(i);
      expect(loadBuild(`b-${i}`, dir).table.weights[3]).toBe(i + 100);
    }
  });

  it('two concurrent `sente train` runs into one registry are both listed', async () => {
    const dir = join(tmp, 'trains');
    const env = { ...process.env, SENTE_BUILDS: dir };
    const sp = spawnSync(process.execPath, [MAIN, 'selfplay', '--build', 'bootstrap', '--games', '24', '--depth', '1', '--exact', '4', '--workers', '1', '--out', join(tmp, 'sp')], { cwd: ROOT, env, encoding: 'utf8' });
    expect(sp.status, sp.stderr).toBe(0);
    const train = (id: string) => run([MAIN, 'train', '--games', join(tmp, 'sp'), '--from', 'bootstrap', '--out', id, '--epochs', '2'], env);
    const [x, y] = await Promise.all([train('tx'), train('ty')]);
    expect(x.status, x.stderr).toBe(0);
    expect(y.status, y.stderr).toBe(0);
    const list = spawnSync(process.execPath, [MAIN, 'builds'], { cwd: ROOT, env, encoding: 'utf8' });
    expect(list.status, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/^ {2}tx +user .* bootstrap$/m);
    expect(list.stdout).toMatch(/^ {2}ty +user .* bootstrap$/m);
    expect(list.stdout).toMatch(/^\* gen6 +shipped/m);
    expect(readManifest(dir).builds.map((b) => b.id).sort()).toEqual(['tx', 'ty']);
    // The same train with the --builds flag instead of the variable lands in that folder.
    const flagDir = join(tmp, 'flag');
    const z = await run([MAIN, 'train', '--builds', flagDir, '--games', join(tmp, 'sp'), '--out', 'tz', '--epochs', '1'], { ...process.env, SENTE_BUILDS: dir });
    expect(z.status, z.stderr).toBe(0);
    expect(readManifest(flagDir).builds.map((b) => b.id)).toEqual(['tz']);
    expect(readManifest(dir).builds).toHaveLength(2);
  });
});
