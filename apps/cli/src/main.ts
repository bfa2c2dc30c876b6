#!/usr/bin/env node
// The `sente` command: one file per command under commands/, wired here with yargs.
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { commands } from './commands/index.js';
import { UsageError } from './util.js';
import { folder, problem } from './options.js';

// Board strings start with '-' (empty squares), which yargs would read as flags: hand them over with
// '.' for empty (the board parser accepts both). Any word of 16 or more board characters is taken
// for a board (no flag is made of them), so one with a wrong number of cells reaches the board
// parser, which says how many it has, instead of reading as unknown flags.
const BOARD_ARG = /^(--[a-z-]+=)?([-.XOxo*]{16,}(?:\s+[XOxoBbWw])?)$/;
const argv = hideBin(process.argv).map((a) => {
  const m = BOARD_ARG.exec(a);
  return m ? (m[1] ?? '') + m[2].replace(/-/g, '.') : a;
});
// yargs (18) does not fill a command's positionals from the words after `--` (`sente show -- f5d6`
// would be "not enough arguments"). Once boards are rewritten, no command takes a word starting
// with '-' as a positional, so a `--` followed only by plain words is dropped.
const dashes = argv.indexOf('--');
if (dashes >= 0 && argv.slice(dashes + 1).every((a) => !a.startsWith('-'))) argv.splice(dashes, 1);

// The version of this package, read beside the module (yargs would look beside the launching script).
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

const cli = yargs(argv)
  .scriptName('sente')
  .version(version)
  .usage('$0 <command> [options]\n\nEngines, self-play training and tournaments for Othello (and Go).')
  .strict()
  .demandCommand(1, 'Name a command; `sente --help` lists them.')
  .recommendCommands()
  .option('builds', {
    type: 'string',
    global: true,
    describe: 'user builds registry folder (else $SENTE_BUILDS, else ./sente-builds); shipped builds are always listed too',
  })
  // One precedence for the user registry: --builds, then SENTE_BUILDS, then ./sente-builds. The flag
  // is handed on as the variable so that worker threads and child processes see the same folder.
  .middleware((args) => {
    if (typeof args.builds === 'string' && args.builds !== '') {
      const bad = problem('builds', args.builds, folder);
      if (bad) throw new UsageError(bad);
      process.env.SENTE_BUILDS = resolve(args.builds);
    } else if (process.env.SENTE_BUILDS) {
      const bad = problem('builds', process.env.SENTE_BUILDS, folder);
      if (bad) throw new UsageError(`SENTE_BUILDS: ${bad.replace('--builds ', '')}`);
    }
  })
  .wrap(Math.min(110, process.stdout.columns ?? 100))
  .fail((msg, error, y) => {
    if (error) {
      process.stderr.write(`sente: ${error.message}\n`);
    } else {
      process.stderr.write(`${y.help()}\n\nsente: ${msg}\n`);
    }
    process.exit(2);
  });
for (const command of commands) cli.command(command);
try {
  await cli.parseAsync();
} catch (error) {
  // User errors print their message only; anything else is a bug and keeps its stack.
  // A queue that cannot be used (QueueError from @sente/selfplay/queue) is a user error too.
  const userError = error instanceof UsageError || (error instanceof Error && error.name === 'QueueError');
  if (userError) process.stderr.write(`sente: ${error.message}\n`);
  else process.stderr.write(`sente: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = userError ? 2 : 1;
}
