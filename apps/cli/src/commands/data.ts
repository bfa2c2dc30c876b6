// `sente data inspect | merge | split | sample | convert | relabel | error`: the binary position files (.spos) training data
// lives in (format in docs/data.md). Every command reads through the checked reader, so a
// truncated or damaged file is refused with its name and the check that failed; every output is
// written atomically.
import type { Argv, CommandModule } from 'yargs';
import { isSenteError } from '@sente/core';
import {
  LABEL_EXACT, LABEL_GAME, LABEL_SEARCH, SOURCE_SELFPLAY, convertGameFile, convertText, convertToText, convertWthor, inputKind,
  defaultWorkers, inspectPositions, interruptSignal, mergePositions, relabelCheckpoint, relabelPositions, samplePositions, shippedTestSet, splitPositions,
  testSetError, type ConvertSummary,
} from '@sente/selfplay';
import { buildsDir, loadBuild } from '@sente/search';
import { UsageError } from '../util.js';
import { RULES, checked, file, int, num, outputFile, outputOverInput, samePath } from '../options.js';
import { progressBar } from '../progress.js';
import { REDIS_OPTION, queueSettings } from '../queue-options.js';

/** Runs a data operation, turning a refused file (SenteError) into a user error. */
async function guarded<T>(fn: () => T | Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (isSenteError(e)) throw new UsageError(e.message);
    throw e;
  }
}

const KINDS: Record<string, number> = { game: LABEL_GAME, exact: LABEL_EXACT, search: LABEL_SEARCH };

interface InspectArgs { file: string; duplicates: boolean; json: boolean }
const inspectCommand: CommandModule<object, InspectArgs> = {
  command: 'inspect <file>',
  describe: 'Check a position file and print its counts: positions, label kinds, sources, empties',
  builder: (y) => checked(y
    .positional('file', { type: 'string', demandOption: true, describe: 'a .spos file' })
    .option('duplicates', { type: 'boolean', default: false, describe: 'also count positions whose canonical key occurs earlier' })
    .option('json', { type: 'boolean', default: false, describe: 'print as JSON' }), { '<file>': file }) as never,
  handler: async (args) => {
    const i = await guarded(() => inspectPositions(args.file, args.duplicates));
    if (args.json) {
      console.log(JSON.stringify(i, null, 2));
      return;
    }
    console.log(`${i.file}: format version ${i.version}, ${i.positions} positions in ${i.blocks} blocks, ${i.bytes} bytes (${i.bytesPerPosition.toFixed(3)} bytes/position)${i.deduplicated ? ', deduplicated' : ''}; all checks passed`);
    console.log(`labels: ${Object.entries(i.kinds).map(([k, n]) => `${k} ${n}`).join(', ') || '-'}; mean ${i.meanLabel.toFixed(2)}, mean |label| ${i.meanAbsLabel.toFixed(2)} discs`);
    console.log(`sources: ${Object.entries(i.sources).map(([k, n]) => `${k} ${n}`).join(', ') || '-'}`);
    const bands: string[] = [];
    for (let lo = 0; lo <= 60; lo += 10) {
      const n = i.empties.slice(lo, Math.min(61, lo + 10)).reduce((a, b) => a + b, 0);
      bands.push(`${lo}-${Math.min(60, lo + 9)}: ${n}`);
    }
    console.log(`empties: ${bands.join(', ')}`);
    if (i.duplicates !== null) console.log(`duplicates (by canonical key): ${i.duplicates}`);
  },
};

interface MergeArgs { inputs: string[]; out: string; dedup: boolean }
const mergeCommand: CommandModule<object, MergeArgs> = {
  command: 'merge <inputs..>',
  describe: 'Concatenate position files, dropping repeated positions (any symmetry) unless --no-dedup',
  builder: (y) => checked(y
    .positional('inputs', { type: 'string', array: true, demandOption: true, describe: '.spos files' })
    .option('out', { type: 'string', demandOption: true, describe: 'the merged .spos file' })
    .option('dedup', { type: 'boolean', default: true, describe: 'keep only the first of positions with the same canonical key' }), { '<inputs>': file, out: outputFile },
  (a) => outputOverInput([['--out', a.out]], (a.inputs as string[]).map((f) => ['', f] as const))) as never,
  handler: async (args) => {
    const s = await guarded(() => mergePositions(args.inputs, args.out, args.dedup));
    console.log(`${args.out}: ${s.positions} positions from ${s.read} read in ${args.inputs.length} files (${s.duplicates} duplicates dropped)`);
  },
};

interface SplitArgs { file: string; out: string; test: string; fraction: number; by: 'game' | 'position' }
const splitCommand: CommandModule<object, SplitArgs> = {
  command: 'split <file>',
  describe: 'Split a position file in two, a deterministic fraction of games (or positions) to --test',
  builder: (y) => checked(y
    .positional('file', { type: 'string', demandOption: true })
    .option('out', { type: 'string', demandOption: true, describe: 'the rest (e.g. the training set)' })
    .option('test', { type: 'string', demandOption: true, describe: 'the held-out part' })
    .option('fraction', { type: 'number', default: 0.1, describe: 'share held out' })
    .option('by', { choices: ['game', 'position'] as const, default: 'game' as const, describe: 'hold out whole games, or positions by canonical key' }),
  { '<file>': file, out: outputFile, test: outputFile, fraction: num(0, 1) },
  (a) => outputOverInput([['--out', a.out], ['--test', a.test]], [['', a.file]]) ?? (samePath(a.out, a.test) ? `--out and --test name the same file (${a.test})` : null)) as never,
  handler: async (args) => {
    const s = await guarded(() => splitPositions(args.file, args.out, args.test, args.fraction, args.by));
    console.log(`${args.out}: ${s.first} positions; ${args.test}: ${s.second} positions`);
  },
};

interface SampleArgs { file: string; out: string; per: number; empties: string; seed: number }
const sampleCommand: CommandModule<object, SampleArgs> = {
  command: 'sample <file>',
  describe: 'Keep at most --per positions of each number of empties (a deterministic choice), so every phase is covered evenly',
  builder: (y) => checked(y
    .positional('file', { type: 'string', demandOption: true })
    .option('out', { type: 'string', demandOption: true, describe: 'the sampled .spos file' })
    .option('per', { type: 'number', demandOption: true, describe: 'most positions kept per number of empties' })
    .option('empties', { type: 'string', default: '0-60', describe: 'keep only this range of empties, A-B' })
    .option('seed', { type: 'number', default: 1, describe: 'another seed draws another sample' }),
  { '<file>': file, out: outputFile, per: int(1), seed: int(0) }, (a) => outputOverInput([['--out', a.out]], [['', a.file]])) as never,
  handler: async (args) => {
    const m = /^(\d+)-(\d+)$/.exec(args.empties);
    if (!m) throw new UsageError(`--empties must be a range A-B of numbers of empties (e.g. 13-58), got "${args.empties}"`);
    const s = await guarded(() => samplePositions(args.file, args.out, args.per, Number(m[1]), Number(m[2]), args.seed));
    console.log(`${args.out}: ${s.positions} positions, at most ${args.per} per number of empties ${args.empties}`);
    if (s.short.length > 0) console.log(`fewer than ${args.per} (all kept): ${s.short.map((e) => `${e}: ${s.perEmpties[e]}`).join(', ')}`);
  },
};

interface ConvertArgs { input: string; out: string; 'skip-opening': boolean; kind: string; dedup: boolean }
const convertCommand: CommandModule<object, ConvertArgs> = {
  command: 'convert <input>',
  describe: 'Convert games (games.txt, transcripts, WTHOR .wtb) or "board score" text to a .spos file, or a .spos file to text',
  builder: (y) => checked(y
    .positional('input', { type: 'string', demandOption: true, describe: 'games.txt / transcripts, .wtb, board-score text, or .spos' })
    .option('out', { type: 'string', demandOption: true, describe: '.spos (binary) or any other name (board-score text, from a .spos input)' })
    .option('skip-opening', { type: 'boolean', default: false, describe: 'games: leave out each game\'s opening plies (the random part of data-mode games)' })
    .option('kind', { choices: ['game', 'exact', 'search'], default: 'game', describe: 'label kind to record for games and text input' })
    .option('dedup', { type: 'boolean', default: false, describe: 'drop repeated positions (any symmetry)' }), { '<input>': file, out: outputFile },
  (a) => outputOverInput([['--out', a.out]], [['', a.input]])) as never,
  handler: async (args) => {
    const toBinary = /\.spos$/i.test(args.out);
    const s: ConvertSummary = await guarded(async () => {
      const kind = inputKind(args.input);
      const options = { dedup: args.dedup, kind: KINDS[args.kind] };
      if (kind === 'positions') {
        if (toBinary) throw new UsageError(`${args.input} is already a position file; use "sente data merge" to copy or deduplicate it`);
        return convertToText(args.input, args.out);
      }
      if (!toBinary) throw new UsageError(`--out ${args.out}: games and text convert to a position file; name it *.spos`);
      if (kind === 'wthor') return convertWthor(args.input, args.out, options);
      if (kind === 'text') return convertText(args.input, args.out, options);
      return convertGameFile(args.input, args.out, SOURCE_SELFPLAY, { ...options, skipOpening: args['skip-opening'] });
    });
    const from = s.games ? ` from ${s.games} games` : '';
    console.log(`${args.out}: ${s.positions} positions${from}${s.duplicates ? `, ${s.duplicates} duplicates dropped` : ''}${s.skipped ? `, ${s.skipped} games or records skipped` : ''}`);
  },
};

interface RelabelArgs { input: string; out: string; build: string; depth: number; exact: number; 'keep-below': number; workers: number; redis?: string }
const relabelCommand: CommandModule<object, RelabelArgs> = {
  command: 'relabel <input>',
  describe: 'Label a .spos file\'s positions by a deeper search (exact at or below --exact empties) on the worker pool; resumable',
  builder: (y) => checked(y
    .positional('input', { type: 'string', demandOption: true, describe: 'the .spos file to relabel' })
    .option('out', { type: 'string', demandOption: true, describe: 'the relabelled .spos file (written when every position has its label)' })
    .option('build', { type: 'string', default: 'strongest', describe: 'the labelling build' })
    .option('depth', { type: 'number', default: 10, describe: 'search depth of a label above --exact empties' })
    .option('exact', { type: 'number', default: 18, describe: 'label by an exact solve at or below this many empties' })
    .option('keep-below', { type: 'number', default: 0, describe: 'positions with fewer empties keep their label (e.g. already exact)' })
    .option('workers', { type: 'number', default: defaultWorkers(), describe: 'worker threads' })
    .option('redis', REDIS_OPTION),
  { '<input>': file, out: outputFile, depth: RULES.depth, exact: RULES.exact, 'keep-below': int(0, 61), workers: RULES.workers },
  (a) => outputOverInput([['--out', a.out]], [['', a.input]])) as never,
  handler: async (args) => {
    const build = await guarded(() => loadBuild(args.build, buildsDir()).id);
    const queue = queueSettings(args.redis);
    const stop = interruptSignal(() => process.stderr.write(`\nstopping; the labels so far are kept in ${relabelCheckpoint(args.out)}\n`));
    const terminal = process.stderr.isTTY === true;
    const bar = terminal ? progressBar('relabel') : null;
    let started = false, lastLine = -1;
    try {
      const s = await guarded(() => relabelPositions({
        input: args.input, output: args.out, buildsDir: buildsDir(), build, depth: args.depth, exact: args.exact,
        keepBelow: args['keep-below'], workers: args.workers, signal: stop.signal, queue,
        onProgress: (done, total) => {
          if (bar) {
            if (!started) { bar.start(total, done); started = true; }
            bar.update(done);
          } else {
            const step = Math.max(1, Math.ceil(total / 100));
            const line = Math.floor(done / step);
            if (line !== lastLine && (done % step === 0 || done === total)) {
              lastLine = line;
              process.stderr.write(`relabel ${done}/${total}\n`);
            }
          }
        },
      }));
      bar?.stop();
      const rate = s.seconds > 0 ? ` (${(s.labelled / s.seconds).toFixed(1)} positions/s)` : '';
      const from = `${s.labelled} labelled now in ${s.seconds.toFixed(1)} s${rate}${s.resumed ? `, ${s.resumed} from the checkpoint` : ''}${s.kept ? `, ${s.kept} kept` : ''}`;
      if (!s.complete) {
        const failed = s.pool?.failed.length ? `; ${s.pool.failed.length} batch(es) failed: ${s.pool.failed[0].error}` : '';
        console.log(`interrupted: ${from}${failed}; resume with the same command (checkpoint ${relabelCheckpoint(args.out)})`);
        process.exitCode = 1;
        return;
      }
      console.log(`${args.out}: ${s.positions} positions by ${build} at depth ${args.depth}, exact from ${args.exact}: ${from}; ${s.exact} exact, ${s.search} by search; mean change of a label ${s.meanChange.toFixed(2)} discs`);
    } finally {
      bar?.stop();
      stop.dispose();
    }
  },
};

interface ErrorArgs { build: string[]; testset?: string; json: boolean; 'by-empties': boolean }
const errorCommand: CommandModule<object, ErrorArgs> = {
  command: 'error',
  describe: 'Mean absolute error (discs) of builds\' evaluations on the shipped test set (or --testset FILE)',
  builder: (y) => checked(y
    .option('build', { type: 'string', array: true, default: ['strongest'], describe: 'build ids (default: the strongest)' })
    .option('testset', { type: 'string', describe: 'a labelled .spos file (default: the shipped test set)' })
    .option('by-empties', { type: 'boolean', default: false, describe: 'also the error by empties, in bands of ten (all labels, and the exact ones)' })
    .option('json', { type: 'boolean', default: false, describe: 'print as JSON (with the bands of empties)' }), { testset: file }) as never,
  handler: async (args) => {
    const out = await guarded(() => args.build.map((id) => {
      const b = loadBuild(id, buildsDir());
      const e = testSetError(b.table, args.testset ?? shippedTestSet());
      if (e.positions === 0) throw new UsageError(`${args.testset ?? shippedTestSet()} holds no positions: no error to measure`);
      return { build: b.id, ...e };
    }));
    if (args.json) {
      console.log(JSON.stringify(out, null, 2));
      return;
    }
    console.log(`test set ${args.testset ?? shippedTestSet()}`);
    for (const r of out) {
      console.log(`${r.build}: MAE ${r.mae.toFixed(3)} discs over ${r.positions} positions (RMS ${r.rms.toFixed(3)}; exact-labelled ${r.exactMae?.toFixed(3) ?? '-'}, search-labelled ${r.searchMae?.toFixed(3) ?? '-'}${r.gameMae !== null ? `, game-labelled ${r.gameMae.toFixed(3)}` : ''})`);
      if (args['by-empties']) for (const b of r.byEmpties) console.log(`  ${`${b.from}-${b.to}`.padStart(5)} empties: MAE ${b.mae.toFixed(3)} over ${b.positions} positions; exact-labelled ${b.exactMae?.toFixed(3) ?? '-'}`);
    }
  },
};

export const dataCommand: CommandModule = {
  command: 'data <command>',
  describe: 'Training data in binary position files: inspect, merge, split, sample, convert, relabel; builds\' test-set error',
  builder: (y: Argv) => y.command(inspectCommand).command(mergeCommand).command(splitCommand).command(sampleCommand).command(convertCommand).command(relabelCommand).command(errorCommand).demandCommand(1),
  handler: () => undefined,
};
