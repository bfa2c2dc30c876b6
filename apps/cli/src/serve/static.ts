// `sente serve --static-out DIR`: the app as plain files that play with no server. The built front
// end is copied, each build's table (and book, and training curve as JSON) is copied beside it,
// and sente-config.json tells the page it is static: Play, Analyse and Builds work from any
// static file host; Games and Watch need the server's archive.
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { confinedPath, readRegistry } from '@sente/search';
import { webAppDir } from '@sente/web';
import { BOOK_FILE, TRAINING_FILE, buildInfos, readTrainingCsv } from './builds-info.js';

export interface StaticResult {
  readonly dir: string;
  readonly builds: string[];
  readonly files: number;
}

export function writeStaticApp(outDir: string, buildsDir: string, version = '0', appDir: string = webAppDir): StaticResult {
  const dir = resolve(outDir);
  if (!existsSync(join(appDir, 'index.html'))) throw new Error(`the web app is not built: ${join(appDir, 'index.html')} is missing (run npm run build)`);
  if (existsSync(dir) && readdirSync(dir).length > 0 && !existsSync(join(dir, 'sente-config.json'))) {
    throw new Error(`${outDir} is not empty and is not a static sente app; name a new or empty folder`);
  }
  mkdirSync(dir, { recursive: true });
  cpSync(appDir, dir, { recursive: true });
  const view = readRegistry(buildsDir);
  let files = 0;
  for (const b of view.builds) {
    const to = join(dir, 'builds', b.id);
    mkdirSync(to, { recursive: true });
    copyFileSync(confinedPath(b.registry, b.table)!, join(to, 'table.sev.gz'));
    files++;
    if (existsSync(join(b.folder, BOOK_FILE))) { copyFileSync(join(b.folder, BOOK_FILE), join(to, BOOK_FILE)); files++; }
    if (existsSync(join(b.folder, TRAINING_FILE))) { writeFileSync(join(to, 'training.json'), JSON.stringify(readTrainingCsv(join(b.folder, TRAINING_FILE)))); files++; }
  }
  const enc = encodeURIComponent;
  const builds = buildInfos(view, (b, file) => `builds/${enc(b.id)}/${file === 'table' ? 'table.sev.gz' : file === 'book' ? BOOK_FILE : 'training.json'}`);
  writeFileSync(join(dir, 'sente-config.json'), JSON.stringify({ mode: 'static', version, strongest: view.strongest, archive: false, builds }, null, 1));
  return { dir, builds: view.builds.map((b) => b.id), files: files + 1 };
}
