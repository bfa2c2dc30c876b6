// Perft speed against the native C yardstick (bench/perft-ref.c, compiled here with `cc -O2`),
// run back to back on the same machine so the ratio means something: the in-process call of the
// built @sente/core, the `sente perft` CLI as users run it, then the C reference. Every count is
// checked against the others; a wrong count fails the section rather than reporting a speed.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Position, perft } from '@sente/core';

export const title = 'Perft from the start position: TypeScript vs native C';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const C_SOURCE = fileURLToPath(new URL('perft-ref.c', import.meta.url));
const CLI = join(ROOT, 'apps/cli/dist/main.js');

/** Known counts (test/fixtures/perft.txt) for the depths this section uses. */
const EXPECTED = { 9: 3005288, 10: 24571284, 11: 212258800 };

function inProcess(depth, repeats) {
  const bb = Position.initial().bb;
  perft(bb[0], bb[1], bb[2], bb[3], 8); // warm up the JIT
  let best = Infinity;
  let leaves = 0;
  for (let i = 0; i < repeats; i++) {
    const t0 = performance.now();
    leaves = perft(bb[0], bb[1], bb[2], bb[3], depth);
    best = Math.min(best, (performance.now() - t0) / 1000);
  }
  return { leaves, seconds: best };
}

function viaCli(depth) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [CLI, 'perft', String(depth), '--from', String(depth), '--json'], { encoding: 'utf8' });
  const wall = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`sente perft failed (${r.status}): ${r.stderr}`);
  const row = JSON.parse(r.stdout.trim().split('\n').pop());
  return { leaves: row.leaves, seconds: row.seconds, wall };
}

/** Compiles the C reference into a temp dir; null (and why) if there is no C compiler. */
function compileC(dir) {
  const exe = join(dir, 'perft-ref');
  for (const cc of ['cc', 'gcc', 'clang']) {
    try {
      execFileSync(cc, ['-O2', '-o', exe, C_SOURCE], { stdio: 'pipe' });
      return { exe, compiler: cc };
    } catch (error) {
      if (error.code !== 'ENOENT') return { exe: null, why: `${cc} failed: ${String(error.stderr ?? error.message).trim()}` };
    }
  }
  return { exe: null, why: 'no C compiler (cc, gcc, clang) found' };
}

function runC(exe, depth, repeats) {
  let best = Infinity;
  let leaves = 0;
  for (let i = 0; i < repeats; i++) {
    const out = execFileSync(exe, [String(depth)], { encoding: 'utf8' });
    // Lines: "<depth> <leaves> <seconds> s <rate> Mleaf/s"; the last is the requested depth.
    const m = /^(\d+) (\d+) ([\d.]+) s/m.exec(out.trim().split('\n').pop());
    if (!m || Number(m[1]) !== depth) throw new Error(`unexpected perft-ref output: ${out}`);
    leaves = Number(m[2]);
    best = Math.min(best, Number(m[3]));
  }
  return { leaves, seconds: best };
}

export async function run({ quick }) {
  const depth = quick ? 9 : 11;
  const repeats = quick ? 3 : 2;
  const rows = [];
  const load = loadavg()[0];
  const row = (implementation, r, cSeconds) => ({
    implementation,
    depth,
    leaves: r.leaves,
    seconds: r.seconds,
    'Mleaf/s': r.leaves / r.seconds / 1e6,
    'vs C': cSeconds ? r.seconds / cSeconds : 'n/a',
  });

  // Compile first, then alternate TypeScript and C runs (best of each), so a change in the load
  // of a shared machine hits both sides alike.
  const dir = mkdtempSync(join(tmpdir(), 'sente-perft-ref-'));
  let ts = { leaves: 0, seconds: Infinity };
  let c = null;
  let why = '';
  try {
    const compiled = compileC(dir);
    if (!compiled.exe) why = compiled.why;
    for (let i = 0; i < repeats; i++) {
      process.stderr.write(`perft ${depth}: in-process, run ${i + 1}/${repeats}...\n`);
      const t = inProcess(depth, 1);
      if (t.seconds < ts.seconds) ts = t;
      if (compiled.exe) {
        process.stderr.write(`perft ${depth}: C reference (${compiled.compiler} -O2), run ${i + 1}/${repeats}...\n`);
        const r = runC(compiled.exe, depth, 1);
        if (c === null || r.seconds < c.seconds) c = r;
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.stderr.write(`perft ${depth}: CLI...\n`);
  const cli = viaCli(depth);

  for (const [name, r] of [['in-process', ts], ['CLI', cli], ['C', c]]) {
    if (r && r.leaves !== EXPECTED[depth]) throw new Error(`${name} perft ${depth} = ${r.leaves}, expected ${EXPECTED[depth]}`);
  }
  rows.push(row('@sente/core perft (in-process, best of ' + repeats + ')', ts, c?.seconds));
  rows.push({ ...row('sente perft --json (CLI, timed inside)', cli, c?.seconds), wall: cli.wall });
  if (c) rows.push(row('perft-ref.c, cc -O2 (best of ' + repeats + ')', c, c.seconds));

  const notes = c
    ? `Target: in-process perft within 1.5x of the C reference; now ${(ts.seconds / c.seconds).toFixed(2)}x. ` +
      `The CLI row's wall time includes Node start-up and module loading. ` +
      `Load average ${load.toFixed(1)} on ${cpus().length} cores when the section started (other work slows both sides).`
    : `C reference not run: ${why}.`;
  return { columns: ['implementation', 'depth', 'leaves', 'seconds', 'Mleaf/s', 'vs C', 'wall'], rows, notes };
}
