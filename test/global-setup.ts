// Every test run gets an empty user registry of its own: tests never read (or write) the builds
// a developer made with `npm start` in ./sente-builds, so a promoted candidate cannot change what
// 'strongest' means under test. Tests that need a registry of their own still set SENTE_BUILDS.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'sente-test-builds-'));
  process.env.SENTE_BUILDS = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
