// `sente analyze <board|transcript>`: every legal move's score at a depth (exact near the end).
import type { CommandModule } from 'yargs';
import { BLACK, renderBoard, squareName } from '@sente/core';
import { createEngine } from '@sente/search';
import { UsageError, positionFromArg } from '../util.js';
import { RULES, checked } from '../options.js';

interface Args { position: string; depth: number; build: string; exact: number; threads: number }

export const analyzeCommand: CommandModule<object, Args> = {
  command: 'analyze <position>',
  describe: "Score each legal move of a position (transcript or board string)",
  builder: (y) => checked(y
    .positional('position', { type: 'string', demandOption: true })
    .option('depth', { type: 'number', default: 8, describe: 'search depth in plies' })
    .option('build', { type: 'string', default: 'strongest', describe: 'engine build id' })
    .option('exact', { type: 'number', default: 18, describe: 'solve exactly at or below this many empties' })
    .option('threads', { type: 'number', default: 1, describe: 'search threads (see docs/engine.md)' }), {
      depth: RULES.depth, exact: RULES.exact, threads: RULES.threads,
    }) as never,
  handler: async (args) => {
    const { position, moves } = positionFromArg(args.position);
    let engine;
    try {
      engine = createEngine({ build: args.build, threads: args.threads });
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    console.log(renderBoard(position, { showMoves: true, lastMove: moves?.at(-1) }));
    if (position.isGameOver()) {
      console.log(`\ngame over; final score ${position.finalScore()} for the side to move`);
      return;
    }
    if (position.mustPass()) {
      console.log('\nthe side to move has no legal move and must pass');
      return;
    }
    const t0 = performance.now();
    const list = engine.analyze(position, args.depth, { exactFrom: args.exact });
    const ms = performance.now() - t0;
    console.log(`\n${position.side === BLACK ? 'black' : 'white'} to move; build ${engine.buildId}, depth ${args.depth}, exact from ${args.exact} empties`);
    console.log('move  score   kind');
    for (const m of list) {
      const s = m.score > 0 ? `+${m.score.toFixed(2)}` : m.score.toFixed(2);
      console.log(`${squareName(m.move).padEnd(5)} ${s.padStart(6)}   ${m.exact ? 'exact' : 'estimate'}`);
    }
    console.log(`(${(ms / 1000).toFixed(2)} s)`);
    await engine.close();
  },
};
