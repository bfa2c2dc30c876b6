#!/usr/bin/env node
// Generates the shipped test set, packages/builds/testset/testset.spos (see TESTSET_SPEC and
// testSetPosition/labelTestPosition in packages/selfplay/src/data/testset.ts): per count of
// empties from 2 to 59, `perEmpties` (12) positions reached by a random opening and then gen3's
// depth-4 moves; labelled by an exact solve at or below 18 empties and by gen3's depth-10 search
// (exact from 18) above. Deterministic: the same positions and labels on every run. The work is
// split over child processes (one per core by default); each writes a part, then the parts are
// merged in slot order with duplicates (by canonical key) dropped.
//
//   node scripts/make-testset.mjs [--workers N] [--out FILE]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEngine } from '@sente/search';
import { PositionWriter, SOURCE_TESTSET, TESTSET_SPEC, labelTestPosition, mergePositions, readPositions, testSetPosition, writePositions } from '@sente/selfplay';

const args = process.argv.slice(2);
const opt = (name, def) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : def; };
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const spec = TESTSET_SPEC;

const part = opt('--part');
if (part !== undefined) {
  // A child: slots i with i % n === k, written to --out.
  const [k, n] = part.split('/').map(Number);
  const engine = createEngine({ build: 'gen3', ttMb: 64 });
  const w = new PositionWriter(opt('--out'));
  let slot = 0;
  for (let e = spec.minEmpties; e <= spec.maxEmpties; e++) {
    for (let j = 0; j < spec.perEmpties; j++, slot++) {
      if (slot % n !== k) continue;
      let p = null;
      for (let attempt = 0; p === null && attempt < 50; attempt++) p = testSetPosition(engine, spec, e, j, attempt);
      if (p === null) continue;
      const label = labelTestPosition(engine, spec, p);
      w.addPosition(p, label.score, label.kind, SOURCE_TESTSET, slot);
    }
    process.stderr.write(`part ${k}: ${e} empties done\n`);
  }
  w.close();
} else {
  const workers = Number(opt('--workers', String(availableParallelism())));
  const out = opt('--out', join(ROOT, 'packages/builds/testset/testset.spos'));
  const tmp = mkdtempSync(join(tmpdir(), 'sente-testset-'));
  const parts = Array.from({ length: workers }, (_, k) => join(tmp, `part${k}.spos`));
  const t0 = performance.now();
  await Promise.all(parts.map((file, k) => new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--part', `${k}/${workers}`, '--out', file], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`part ${k} exited ${code}`))));
  })));
  // Slots are interleaved across parts: put them back in slot order (the same file for any
  // number of workers), then drop repeated positions.
  const all = parts.flatMap((f) => readPositions(f)).sort((a, b) => a.game - b.game);
  const sorted = join(tmp, 'sorted.spos');
  writePositions(sorted, all);
  const s = mergePositions([sorted], out, true);
  rmSync(tmp, { recursive: true, force: true });
  console.log(`${out}: ${s.positions} positions (${s.duplicates} duplicates dropped) in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}
