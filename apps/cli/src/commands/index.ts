import type { CommandModule } from 'yargs';
import { perftCommand } from './perft.js';
import { showCommand } from './show.js';
import { analyzeCommand } from './analyze.js';
import { benchCommand } from './bench.js';
import { bookCommand } from './book.js';
import { calibrateCommand } from './calibrate.js';
import { selfplayCommand } from './selfplay.js';
import { trainCommand } from './train.js';
import { blendCommand } from './blend.js';
import { tournamentCommand } from './tournament.js';
import { improveCommand } from './improve.js';
import { buildsCommand } from './builds.js';
import { goCommand } from './go.js';
import { gtpCommand } from './gtp.js';
import { nboardCommand } from './nboard.js';
import { playCommand } from './play.js';
import { solveCommand } from './solve.js';
import { workerCommand } from './worker.js';
import { queueCommand } from './queue.js';
import { ratingsCommand } from './ratings.js';
import { dataCommand } from './data.js';
import { serveCommand } from './serve.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const commands: CommandModule<any, any>[] = [perftCommand, showCommand, analyzeCommand, benchCommand, bookCommand, calibrateCommand, selfplayCommand, trainCommand, blendCommand, tournamentCommand, improveCommand, buildsCommand, goCommand, gtpCommand, nboardCommand, playCommand, solveCommand, workerCommand, queueCommand, ratingsCommand, dataCommand, serveCommand];
