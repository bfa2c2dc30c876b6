// `sente nboard`: the engine for the NBoard GUI (and anything else speaking the NBoard protocol,
// as Edax does) on stdin/stdout. The protocol lives in @sente/search (NboardEngine); this file
// builds the engine and moves lines between the pipes and it.
import type { CommandModule } from 'yargs';
import { NboardEngine } from '@sente/search';
import { engineFromArgs, engineOptions, type EngineArgs } from './gtp.js';
import { serveStdinLines } from '../protocol-io.js';
import { durationMs } from '../options.js';

export const nboardCommand: CommandModule<object, EngineArgs> = {
  command: 'nboard',
  describe: 'Speak the NBoard protocol on stdin/stdout (for the NBoard GUI)',
  builder: (y) => engineOptions(y) as never,
  handler: async (args) => {
    const engine = engineFromArgs(args);
    // The GUI closing the pipe ends the session; it is not an error.
    process.stdout.on('error', () => process.exit(0));
    const nboard = new NboardEngine(engine, (line) => process.stdout.write(`${line}\n`), {
      name: 'sente',
      depth: args.depth ?? 10,
      timeMs: durationMs(args.time),
      exactFrom: args.exact,
    });
    await serveStdinLines((line) => {
      nboard.handle(line);
      return nboard.quitRequested;
    });
    await engine.close();
  },
};
