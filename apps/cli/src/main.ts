#!/usr/bin/env node
// The `sente` command: one file per command under commands/, wired here with yargs.
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { commands } from './commands/index.js';
import { UsageError } from './util.js';

// Board strings start with '-' (empty squares), which yargs would read as flags: hand them over with
// '.' for empty (the board parser accepts both).
const BOARD_ARG = /^(--[a-z-]+=)?([-.XOxo*]{64}(?:\s+[XOxoBbWw])?)$/;
const argv = hideBin(process.argv).map((a) => {
  const m = BOARD_ARG.exec(a);
  return m ? (m[1] ?? '') + m[2].replace(/-/g, '.') : a;
});
// yargs (18) does not fill a command's positionals from the words after `--` (`sente show -- f5d6`
// would be "not enough arguments"). Once boards are rewritten, no command takes a word starting
// with '-' as a positional, so a `--` followed only by plain words is dropped.
const dashes = argv.indexOf('--');
if (dashes >= 0 && argv.slice(dashes + 1).every((a) => !a.startsWith('-'))) argv.splice(dashes, 1);

const cli = yargs(argv)
  .scriptName('sente')
  .usage('$0 <command> [options]\n\nEngines, self-play training and tournaments for Othello (and Go).')
  .strict()
  .demandCommand(1, 'Name a command; `sente --help` lists them.')
  .recommendCommands()
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
  if (error instanceof UsageError) process.stderr.write(`sente: ${error.message}\n`);
  else process.stderr.write(`sente: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = error instanceof UsageError ? 2 : 1;
}
