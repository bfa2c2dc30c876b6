// `sente solve <file.obf>`: solves every position of an OBF file exactly (or win/draw/loss) and
// checks the result against the scores the file lists, FFO style. The whole file is parsed before
// anything is solved, so a malformed line costs nothing but an error naming it. Each position
// starts with an empty transposition table, so times and node counts do not depend on order. The
// solve is the engine's with the strongest build (evaluation ordering and a first guess).
// CSV goes through a tiny writer (csv-stringify is not a dependency of the CLI).
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { CommandModule } from 'yargs';
import { parseObf, squareName, type ObfLine } from '@sente/core';
import { Engine, buildsDir, loadBuild } from '@sente/search';
import { UsageError } from '../util.js';
import { RULES, checked, file, int } from '../options.js';

interface Args { file: string; csv: boolean; wld: boolean; first?: number; only?: string; threads: number }

interface Problem { number: number; lineNumber: number; obf: ObfLine }

/** The number of the first position: the first number of names like fforum-20-39.obf, else 1. */
function firstNumber(file: string): number {
  const m = /(\d+)(?:-\d+)?\.[^.]*$/.exec(basename(file));
  return m ? Number(m[1]) : 1;
}

function readProblems(file: string): Problem[] {
  let text: string;
  try {
    // A byte-order mark opening the file is not part of the first board.
    text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as Error).message}`);
  }
  const problems: Problem[] = [];
  const first = firstNumber(file);
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() === '') continue;
    const r = parseObf(lines[i]);
    if (!r.ok) throw new UsageError(`${file}: line ${i + 1}, offset ${r.error.offset}: ${r.error.message} [${r.error.code}]`);
    problems.push({ number: first + problems.length, lineNumber: i + 1, obf: r.value });
  }
  if (problems.length === 0) throw new UsageError(`${file}: no positions (one OBF line each: a 64-square board, the side to move, the scored moves)`);
  return problems;
}

/** `20-24` or `20` -> [from, to]. */
function parseRange(text: string): [number, number] {
  const m = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*$/.exec(text);
  if (!m) throw new UsageError(`--only expects a position number or a range such as 20-24, not "${text}"`);
  const from = Number(m[1]);
  const to = m[2] === undefined ? from : Number(m[2]);
  if (to < from) throw new UsageError(`--only ${text}: the range is empty`);
  return [from, to];
}

function csvField(value: string | number): string {
  const s = String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function csvLine(values: Array<string | number>): string {
  return values.map(csvField).join(',');
}

function signed(score: number): string {
  return score > 0 ? `+${score}` : String(score);
}

function outcome(score: number): string {
  return score > 0 ? 'win' : score < 0 ? 'loss' : 'draw';
}

export const solveCommand: CommandModule<object, Args> = {
  command: 'solve <file>',
  describe: 'Solve every position of an OBF file exactly and check the listed scores (FFO style)',
  builder: (y) => checked(y
    .positional('file', { type: 'string', demandOption: true, describe: 'OBF file: one "<64 cells> <X|O>; MOVE:SCORE; ..." line per position' })
    .option('csv', { type: 'boolean', default: false, describe: 'print CSV: number,empties,move,score,expected,correct,nodes,seconds,nps' })
    .option('wld', { type: 'boolean', default: false, describe: 'win/draw/loss only (faster); a result is correct if its sign matches' })
    .option('first', { type: 'number', describe: 'solve only the first N positions (after --only)' })
    .option('only', { type: 'string', describe: 'position numbers to solve, e.g. 20-24 (numbering starts at the file name\'s first number)' })
    .option('threads', { type: 'number', default: 1, describe: 'search threads (helpers share the solver\'s table; see docs/engine.md)' })
    , { '<file>': file, first: int(1), threads: RULES.threads }) as never,
  handler: async (args) => {
    let problems = readProblems(args.file);
    if (args.only !== undefined) {
      const [from, to] = parseRange(args.only);
      problems = problems.filter((p) => p.number >= from && p.number <= to);
      if (problems.length === 0) throw new UsageError(`--only ${args.only}: no position of ${args.file} has that number`);
    }
    if (args.first !== undefined) problems = problems.slice(0, args.first);

    const mode = args.wld ? 'wld' : 'exact';
    if (args.csv) console.log(csvLine(['number', 'empties', 'move', 'score', 'expected', 'correct', 'nodes', 'seconds', 'nps']));
    else console.log(`${'#'.padStart(4)} ${'empties'.padStart(7)}  ${'move'.padEnd(4)} ${'score'.padStart(5)}  ${'expected'.padEnd(8)} ${'nodes'.padStart(12)} ${'seconds'.padStart(9)} ${'nodes/s'.padStart(11)}`);

    // The engine's solve: the strongest build's evaluation orders the nodes of many empties, and a
    // shallow search or (from 18 empties, with the build's calibration) a probable solve guesses
    // the first window (fewer nodes than the table-less solver, same scores).
    const build = loadBuild('strongest', buildsDir());
    const engine = new Engine(build.table, build.id, { threads: args.threads, probcut: build.probcut });
    await engine.startThreads();
    let checked = 0, correct = 0, totalNodes = 0, totalSeconds = 0;
    for (const problem of problems) {
      const position = problem.obf.position;
      // Each position from an empty table, so its node count is reproducible with one thread.
      engine.newGame();
      const t0 = performance.now();
      const r = engine.solve(position, { mode, pv: false });
      const seconds = (performance.now() - t0) / 1000;
      totalNodes += r.nodes;
      totalSeconds += seconds;
      const listed = problem.obf.moves.length > 0 ? problem.obf.moves[0].score : undefined;
      let ok: boolean | undefined;
      if (listed !== undefined) {
        ok = args.wld ? Math.sign(r.score) === Math.sign(listed) : r.score === listed;
        checked++;
        if (ok) correct++;
      }
      const nps = seconds > 0 ? Math.round(r.nodes / seconds) : 0;
      const score = args.wld ? outcome(r.score) : signed(r.score);
      const expected = listed === undefined ? '' : args.wld ? outcome(listed) : signed(listed);
      if (args.csv) {
        console.log(csvLine([problem.number, position.emptyCount(), squareName(r.move), score, expected, ok === undefined ? '' : String(ok), r.nodes, seconds.toFixed(3), nps]));
      } else {
        const mark = ok === undefined ? '-' : `${expected} ${ok ? '✓' : '✗'}`;
        console.log(`${String(problem.number).padStart(4)} ${String(position.emptyCount()).padStart(7)}  ${squareName(r.move).padEnd(4)} ${score.padStart(5)}  ${mark.padEnd(8)} ${String(r.nodes).padStart(12)} ${seconds.toFixed(3).padStart(9)} ${String(nps).padStart(11)}`);
      }
    }
    const meanNps = totalSeconds > 0 ? totalNodes / totalSeconds : 0;
    const summary = `correct ${correct}/${checked}, ${problems.length} solved, total ${totalSeconds.toFixed(2)} s, ${totalNodes} nodes, ${(meanNps / 1e6).toFixed(2)} M nodes/s`;
    // In CSV mode the summary goes to stderr so stdout stays a clean table.
    if (args.csv) process.stderr.write(`${summary}\n`);
    else console.log(summary);
    if (correct < checked) process.exitCode = 1;
    await engine.close();
  },
};
