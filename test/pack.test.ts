// End to end, as a new user would have it: every package packed with `npm pack`, installed from
// those tarballs alone into an empty project (third-party dependencies come from npm's cache, so
// the test runs offline once `npm ci` has run), then used there: the strongest build from an ESM
// script and from TypeScript (the README's example, type-checked), the installed `sente` binary,
// and `sente selfplay` + `sente train` writing into the project's user registry while nothing under
// node_modules changes.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './cli.js';

const PACKAGES = ['packages/core', 'packages/builds', 'packages/search', 'packages/selfplay', 'apps/web', 'apps/cli'];
const tmp = mkdtempSync(join(tmpdir(), 'sente-pack-'));
const project = join(tmp, 'project');
const bin = join(project, 'node_modules', '.bin', 'sente');
// The user's environment: no registry override, so the default ./sente-builds applies.
const env: NodeJS.ProcessEnv = { ...process.env };
delete env.SENTE_BUILDS;

function sh(cmd: string, args: string[], cwd = project, timeout = 180_000): SpawnSyncReturns<string> {
  return spawnSync(cmd, args, { cwd, env, encoding: 'utf8', timeout });
}

function ok(r: SpawnSyncReturns<string>): string {
  expect(r.status, `${r.stderr}\n${r.stdout}`).toBe(0);
  return r.stdout;
}

/** Every file under a folder with its size and mtime: a fingerprint to compare before and after. */
function fingerprint(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      const s = statSync(p);
      if (s.isDirectory()) walk(p);
      else out.push(`${p.slice(dir.length)} ${s.size} ${s.mtimeMs}`);
    }
  };
  walk(dir);
  return out.sort();
}

beforeAll(() => {
  const tarballs = join(tmp, 'tarballs');
  mkdirSync(tarballs);
  for (const pkg of PACKAGES) ok(sh('npm', ['pack', '--silent', '--pack-destination', tarballs], join(ROOT, pkg)));
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'uses-sente', private: true, type: 'module' }));
  const files = readdirSync(tarballs).map((f) => join(tarballs, f));
  expect(files).toHaveLength(PACKAGES.length);
  ok(sh('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', ...files]));
}, 300_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('the packed packages in an empty project', () => {
  it('ship what runs and what they declare: a README, a licence, typed exports', () => {
    for (const name of ['core', 'builds', 'search', 'selfplay', 'cli']) {
      const dir = join(project, 'node_modules', '@sente', name);
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      expect(pkg.license, name).toBe('MIT');
      expect(readFileSync(join(dir, 'LICENSE'), 'utf8'), name).toMatch(/MIT License/);
      expect(readFileSync(join(dir, 'README.md'), 'utf8'), name).toMatch(/^# @sente\//);
      if (name !== 'cli') expect(pkg.exports['.'].types, name).toMatch(/\.d\.ts$/);
    }
    expect(statSync(join(project, 'node_modules', '@sente', 'builds', 'registry', 'manifest.json')).isFile()).toBe(true);
  });

  it('an ESM script loads the strongest build and plays legal moves', () => {
    writeFileSync(join(project, 'play.mjs'), `
import { parseTranscript, squareName, isSenteError } from '@sente/core';
import { createEngine, loadBuild } from '@sente/search';
const strongest = loadBuild('strongest');
const engine = createEngine({ build: 'strongest' });
for (const t of ['f5', 'f5d6c3d3c4', 'f5f6e6f4e3c5c4']) {
  const { position } = parseTranscript(t).value;
  const r = engine.think(position, { depth: 4 });
  console.log(t, squareName(r.move), position.isLegal(r.move));
}
console.log('build', strongest.id, strongest.entry.origin);
try { loadBuild('no-such-build'); } catch (e) { console.log('error', isSenteError(e, 'unknown-build'), e.code); }
`);
    const out = ok(sh(process.execPath, ['play.mjs']));
    const lines = out.trim().split('\n');
    expect(lines.slice(0, 3).map((l) => l.split(' ')[2])).toEqual(['true', 'true', 'true']);
    expect(lines[3]).toMatch(/^build gen6 shipped$/);
    expect(lines[4]).toBe('error true unknown-build');
  });

  it("runs each package README's example", () => {
    for (const name of ['core', 'builds', 'search', 'selfplay']) {
      const readme = readFileSync(join(ROOT, name === 'cli' ? 'apps' : 'packages', name, 'README.md'), 'utf8');
      const example = /```js\n([\s\S]*?)```/.exec(readme)![1];
      writeFileSync(join(project, `readme-${name}.mjs`), example);
      const out = ok(sh(process.execPath, [`readme-${name}.mjs`])).trim();
      expect(out.length, name).toBeGreaterThan(0);
      if (name === 'core') expect(out).toBe('d3 f3 f4 g5\nbad-square at 4');
      if (name === 'builds') expect(out).toBe('gen6 bootstrap gen3 gen4 gen5 gen6');
      if (name === 'search') expect(out).toMatch(/^gen6 [a-h][1-8] -?[\d.]+ [a-h][1-8]/);
      if (name === 'selfplay') expect(out.split('\n').map((l) => l.split(' ').slice(1).reduce((a, b) => a + Number(b), 0))).toEqual([4, 4]);
    }
  });

  it("type-checks the README's TypeScript example against the installed types", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const example = /```ts\n([\s\S]*?)```/.exec(readme)![1];
    writeFileSync(join(project, 'example.ts'), example);
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, lib: ['ES2022', 'DOM'], types: [] },
      files: ['example.ts'],
    }));
    ok(sh(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json']));
    // And a deliberate type error is caught, so the check above is a real one.
    writeFileSync(join(project, 'example.ts'), `${example}\nconst wrong: string = engine;\n`);
    expect(sh(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json']).status).not.toBe(0);
  });

  it('the installed sente binary: --version, show, solve', () => {
    expect(ok(sh(bin, ['--version'])).trim()).toBe(JSON.parse(readFileSync(join(ROOT, 'apps/cli/package.json'), 'utf8')).version);
    expect(ok(sh(bin, ['show', 'f5d6']))).toMatch(/legal moves \(5\): c3 c4 c5 c6 c7/);
    const ffo = readFileSync(join(ROOT, 'test/fixtures/ffo/fforum-1-19.obf'), 'utf8').split('\n').filter((l) => l.trim()).slice(0, 3);
    writeFileSync(join(project, 'problems.obf'), `${ffo.join('\n')}\n`);
    const solved = ok(sh(bin, ['solve', 'problems.obf']));
    expect(solved).toMatch(/^correct 3\/3, 3 solved/m);
    // The shipped builds are data of an installed package: calibrate refuses to write there.
    const cal = sh(bin, ['calibrate', 'bootstrap', '--positions', '20']);
    expect(cal.status).toBe(2);
    expect(cal.stderr).toMatch(/shipped build installed under node_modules/);
  });

  it('selfplay and train write into ./sente-builds, loadBuild finds the build, node_modules is untouched', () => {
    const before = fingerprint(join(project, 'node_modules'));
    ok(sh(bin, ['selfplay', '--build', 'bootstrap', '--games', '16', '--depth', '1', '--exact', '4', '--workers', '1', '--out', 'sp']));
    const t = ok(sh(bin, ['train', '--games', 'sp', '--from', 'bootstrap', '--out', 'mine', '--epochs', '1']));
    expect(t).toMatch(/mine/);
    expect(statSync(join(project, 'sente-builds', 'mine', 'table.sev.gz')).isFile()).toBe(true);
    writeFileSync(join(project, 'load.mjs'), `
import { loadBuild } from '@sente/search';
const b = loadBuild('mine');
console.log(b.id, b.entry.origin, b.entry.parent, b.table.phases);
`);
    expect(ok(sh(process.execPath, ['load.mjs'])).trim()).toBe('mine user bootstrap 12');
    expect(ok(sh(bin, ['builds']))).toMatch(/^ {2}mine +user /m);
    expect(fingerprint(join(project, 'node_modules'))).toEqual(before);
  });
});
