// End to end: `sente bench` runs the benchmark runner on the built packages. A quick run prints its
// tables and writes nothing unless --results names a folder, so smoke runs never replace the
// committed figures in bench/results and BENCHMARKS.md; --rebuild only rebuilds a summary from the
// section files; unknown sections are refused.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type CliResult, MAIN, ROOT, runCli } from './cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'sente-bench-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function sente(...args: string[]): CliResult {
  return runCli(args, { cwd: tmp });
}

describe('sente bench', () => {
  const committed = (): string[] => [join(ROOT, 'BENCHMARKS.md'), ...readdirSync(join(ROOT, 'bench/results')).map((f) => join(ROOT, 'bench/results', f))]
    .map((p) => `${p} ${statSync(p).mtimeMs} ${readFileSync(p, 'utf8').length}`);

  it('a quick run with --results writes its sections there and leaves the committed figures alone', () => {
    const before = committed();
    const out = join(tmp, 'results');
    const r = sente('bench', '--quick', '--only', 'makeunmake', '--results', out);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^makeMove \+ unmake \(random games, patterns updated\) +\d+ /m);
    expect(readdirSync(out).sort()).toEqual(['BENCHMARKS.md', 'makeunmake.md']);
    expect(readFileSync(join(out, 'makeunmake.md'), 'utf8')).toMatch(/\(quick run\): measured/);
    // Without --results a quick run writes nothing; --all does not override --only.
    const q = sente('bench', '--quick', '--all', '--only', 'makeunmake');
    expect(q.status, q.stderr).toBe(0);
    expect(q.stdout).toMatch(/quick run: nothing written/);
    expect(q.stdout).not.toMatch(/== .*\((go|rhino)/);
    expect(committed()).toEqual(before);
  });

  it('every section and script compiles (the long sections run only when asked, so nothing else would notice)', () => {
    const files = [...readdirSync(join(ROOT, 'bench')).filter((f) => f.endsWith('.mjs')).map((f) => join(ROOT, 'bench', f)),
      ...readdirSync(join(ROOT, 'scripts')).filter((f) => f.endsWith('.mjs')).map((f) => join(ROOT, 'scripts', f))];
    expect(files.length).toBeGreaterThan(20);
    for (const f of files) {
      const r = spawnSync(process.execPath, ['--check', f], { encoding: 'utf8' });
      expect(r.status, `${f}: ${r.stderr}`).toBe(0);
    }
  });

  it('--rebuild measures nothing and rebuilds the summary from the section files in name order', () => {
    const before = committed();
    const out = join(tmp, 'rebuild');
    mkdirSync(out);
    writeFileSync(join(out, 'zeta.md'), '## Zeta\n\nlast\n');
    writeFileSync(join(out, 'alpha.md'), '## Alpha\n\nfirst\n');
    const r = sente('bench', '--rebuild', '--results', out);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/rebuilt from 2 section\(s\)/);
    expect(r.stdout).not.toMatch(/==/);
    const summary = readFileSync(join(out, 'BENCHMARKS.md'), 'utf8');
    expect(summary).toMatch(/^# Benchmarks\n/);
    expect(summary.indexOf('## Alpha')).toBeGreaterThan(0);
    expect(summary.indexOf('## Zeta')).toBeGreaterThan(summary.indexOf('## Alpha'));
    expect(readdirSync(out).sort()).toEqual(['BENCHMARKS.md', 'alpha.md', 'zeta.md']);
    const mixed = sente('bench', '--rebuild', '--quick', '--results', out);
    expect(mixed.status).not.toBe(0);
    expect(mixed.stderr).toMatch(/rebuild/);
    expect(committed()).toEqual(before);
  });

  it('refuses an unknown section with exit code 2', () => {
    const r = sente('bench', '--quick', '--only', 'nosuch');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/no benchmark section "nosuch"/);
  });
});
