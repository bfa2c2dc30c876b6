// `sente serve`: the lab in a browser (Play, Go, Analyse, Games, Builds, Watch). The server and
// its safety rules live in ../serve/; this file checks the options, starts it (or writes the
// static app), prints the address and stops cleanly on Ctrl-C.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { CommandModule } from 'yargs';
import { buildsDir } from '@sente/search';
import { UsageError } from '../util.js';
import { checked, folder, int } from '../options.js';
import { GTP_NAME, isLoopback, startLabServer } from '../serve/server.js';
import { writeStaticApp } from '../serve/static.js';

interface Args { port: number; host: string; open: boolean; token?: string; archive?: string; 'static-out'?: string; gtp?: string[] }

/** `NAME=COMMAND` of --gtp, or the problem with it. */
function gtpEntry(text: string): { name: string; command: string } | string {
  const at = text.indexOf('=');
  const name = at < 0 ? '' : text.slice(0, at).trim();
  const command = at < 0 ? '' : text.slice(at + 1).trim();
  if (!GTP_NAME.test(name) || command === '') return `--gtp wants NAME=COMMAND (a name of letters, digits, - or _; then the command line), got "${text}"`;
  return { name, command };
}

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

function openBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  try {
    const child = spawn(command, [url], { stdio: 'ignore', detached: true });
    child.on('error', () => console.error(`could not start ${command}; open ${url} yourself`));
    child.unref();
  } catch {
    console.error(`could not start ${command}; open ${url} yourself`);
  }
}

export const serveCommand: CommandModule<object, Args> = {
  command: 'serve',
  describe: 'The lab in a browser: play, analyse, replay archived games, builds with Elo and training curves, watch tournaments live',
  builder: (y) => checked(y
    .option('port', { type: 'number', default: 8080, describe: 'port to listen on (0: any free port, printed)' })
    .option('host', { type: 'string', default: '127.0.0.1', describe: 'interface to bind; loopback by default (another address exposes the lab: use --token)' })
    .option('open', { type: 'boolean', default: false, describe: 'open the lab in the default browser' })
    .option('token', { type: 'string', describe: 'access token every request must carry (the printed address includes it)' })
    .option('archive', { type: 'string', describe: 'games archive folder: GGF, SGF, tournament CSVs, self-play games.txt (Games and Watch; played games are saved to DIR/played)' })
    .option('gtp', { type: 'string', array: true, describe: 'an external Othello GTP program the Play page may play against, as NAME=COMMAND (repeat), e.g. "rhino=gtp-rhino -l 3"; only these run' })
    .option('static-out', { type: 'string', describe: 'write the app as static files to this folder (engines in the page, no server needed) and exit' }), {
    port: int(0, 65535), archive: folder, 'static-out': folder,
  }, (a) => {
    if (a.token !== undefined && (a.token.length < 8 || /\s/.test(a.token))) return '--token must be at least 8 characters without spaces';
    for (const g of a.gtp ?? []) {
      const e = gtpEntry(String(g));
      if (typeof e === 'string') return e;
    }
    return null;
  }) as never,
  handler: async (args) => {
    const dir = buildsDir();
    if (args['static-out'] !== undefined) {
      let r;
      try {
        r = writeStaticApp(args['static-out'], dir, version);
      } catch (e) {
        throw new UsageError((e as Error).message);
      }
      console.log(`wrote the static app to ${r.dir} (${r.builds.length} builds: ${r.builds.join(', ')}); serve the folder with any static file server`);
      return;
    }
    if (!isLoopback(args.host) && args.token === undefined) {
      console.error(`warning: --host ${args.host} makes the lab reachable from other machines without --token`);
    }
    let lab;
    try {
      const gtp = (args.gtp ?? []).map((g) => gtpEntry(String(g)) as { name: string; command: string });
      lab = await startLabServer({ host: args.host, port: args.port, token: args.token, archiveDir: args.archive, buildsDir: dir, version, gtp });
    } catch (e) {
      const err = e as NodeJS.ErrnoException;
      if (err.code === 'EADDRINUSE') throw new UsageError(`port ${args.port} on ${args.host} is in use; choose another with --port (0 picks a free one)`);
      throw new UsageError(err.message);
    }
    console.log(`sente lab at ${lab.url}${args.archive ? ` (archive ${args.archive})` : ' (no archive: Games and Watch need --archive DIR)'}`);
    if (args.open) openBrowser(lab.url);
    await new Promise<void>((done) => {
      const stop = (): void => { void lab.close().then(done); };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
  },
};
