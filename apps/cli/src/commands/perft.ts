// `sente perft <depth>`: leaf counts of the move generator, with timing (the speed yardstick).
import type { CommandModule } from 'yargs';
import { Position, perft } from '@sente/core';
import { positionFromArg } from '../util.js';
import { checked, int } from '../options.js';

interface Args { depth: number; board?: string; json: boolean; from: number }

export const perftCommand: CommandModule<object, Args> = {
  command: 'perft <depth>',
  describe: 'Count the n-ply move sequences from a position, for each depth up to <depth>',
  builder: (y) => checked(y
    .positional('depth', { type: 'number', demandOption: true, describe: 'deepest depth (1..20)' })
    .option('board', { type: 'string', describe: 'start position: "<64 chars> <X|O>" or a transcript (default: the initial position)' })
    .option('from', { type: 'number', default: 1, describe: 'first depth to report' })
    .option('json', { type: 'boolean', default: false, describe: 'one JSON object per depth' }), {
      '<depth>': int(1, 20), from: int(1, 20),
    }, (a) => (a.from > a.depth ? `--from ${a.from} is deeper than depth ${a.depth}: nothing to count` : null)) as never,
  handler: (args) => {
    const position = args.board ? positionFromArg(args.board).position : Position.initial();
    const bb = position.bb;
    if (!args.json) console.log('depth'.padStart(5), 'leaves'.padStart(16), 'seconds'.padStart(9), 'Mleaf/s'.padStart(9));
    let total = 0;
    for (let d = args.from; d <= args.depth; d++) {
      const t0 = process.hrtime.bigint();
      const leaves = perft(bb[0], bb[1], bb[2], bb[3], d);
      const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
      total += seconds;
      const rate = seconds > 0 ? leaves / seconds / 1e6 : 0;
      if (args.json) console.log(JSON.stringify({ depth: d, leaves, seconds, mleafPerSecond: rate }));
      else console.log(String(d).padStart(5), String(leaves).padStart(16), seconds.toFixed(3).padStart(9), rate.toFixed(1).padStart(9));
    }
    if (!args.json) console.log(`total ${total.toFixed(3)} s`);
  },
};
