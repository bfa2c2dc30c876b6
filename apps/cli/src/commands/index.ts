import type { CommandModule } from 'yargs';
import { perftCommand } from './perft.js';
import { showCommand } from './show.js';
import { analyzeCommand } from './analyze.js';
import { benchCommand } from './bench.js';
import { bookCommand } from './book.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const commands: CommandModule<any, any>[] = [perftCommand, showCommand, analyzeCommand, benchCommand, bookCommand];
