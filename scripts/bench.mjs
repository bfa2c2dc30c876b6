#!/usr/bin/env node
// The benchmark runner. Each section is a file bench/<name>.mjs exporting `title` and
// `async run({ quick })` -> { columns, rows, notes? }; sections are plain ESM importing the built
// packages, so they measure exactly what users run. The runner prints each section as an aligned
// table, keeps its markdown in bench/results/<name>.md, and rebuilds BENCHMARKS.md from every
// file there, so a section measured earlier (a long tournament, say) stays until re-measured.
//
//   node scripts/bench.mjs [--quick] [--only perft,makeunmake] [--all] [--list] [--results DIR]
//   node scripts/bench.mjs --rebuild [--results DIR]
//
// The long matches against external engines (go, rhino) run only with --all or --only. A quick
// run is a smoke test: it prints its tables and writes nothing, unless --results DIR names where
// its markdown (and a BENCHMARKS.md of that folder) should go; the committed figures are only
// ever replaced by full runs. --rebuild measures nothing: it rebuilds BENCHMARKS.md from the
// section files as they are (after a hand-run match's section was added or updated).
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BENCH_DIR = join(ROOT, 'bench');
const RESULTS_DIR = join(BENCH_DIR, 'results');
const SUMMARY = join(ROOT, 'BENCHMARKS.md');

/** Sections that play long matches: against external engines (GNU Go, GRhino), or against an older sente (search-strength). */
const LONG_SECTIONS = ['go', 'rhino', 'search-strength'];

function parseArgs(argv) {
  const options = { quick: false, only: null, list: false, all: false, results: null, rebuild: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--quick') options.quick = true;
    else if (a === '--list') options.list = true;
    else if (a === '--all') options.all = true;
    else if (a === '--rebuild') options.rebuild = true;
    else if (a === '--results' || a.startsWith('--results=')) {
      const value = a === '--results' ? argv[++i] : a.slice('--results='.length);
      if (!value) throw new Error('--results needs a folder');
      options.results = value;
    } else if (a === '--only' || a.startsWith('--only=')) {
      const value = a === '--only' ? argv[++i] : a.slice('--only='.length);
      if (!value) throw new Error('--only needs a comma-separated list of section names');
      options.only = value.split(',').map((s) => s.trim()).filter(Boolean);
    } else if (a === '--help' || a === '-h') {
      process.stdout.write('usage: node scripts/bench.mjs [--quick] [--only a,b] [--all] [--list] [--results DIR]\n       node scripts/bench.mjs --rebuild [--results DIR]\n');
      process.exit(0);
    } else throw new Error(`unknown argument "${a}" (try --help)`);
  }
  if (options.rebuild && (options.quick || options.only || options.all)) throw new Error('--rebuild measures nothing: it takes only --results');
  return options;
}

/** Section names (file names without .mjs) in name order. */
async function discover() {
  const files = await readdir(BENCH_DIR);
  return files.filter((f) => f.endsWith('.mjs')).map((f) => basename(f, '.mjs')).sort();
}

function cell(value) {
  if (typeof value === 'number') {
    if (Number.isInteger(value)) return String(value);
    const abs = Math.abs(value);
    return value.toFixed(abs >= 100 ? 1 : abs >= 1 ? 2 : 3);
  }
  return value === undefined || value === null ? '' : String(value);
}

function isNumeric(rows, column) {
  return rows.every((r) => r[column] === undefined || typeof r[column] === 'number');
}

/** An aligned plain-text table: numbers right-aligned, text left-aligned. */
function textTable(columns, rows) {
  const cells = rows.map((r) => columns.map((c) => cell(r[c])));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i].length)));
  const right = columns.map((c) => isNumeric(rows, c));
  const line = (values) => values.map((v, i) => (right[i] ? v.padStart(widths[i]) : v.padEnd(widths[i]))).join('  ').trimEnd();
  return [line(columns), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

function markdownTable(columns, rows) {
  const esc = (s) => s.replace(/\|/g, '\\|');
  const head = `| ${columns.map(esc).join(' | ')} |`;
  const rule = `|${columns.map((c) => (isNumeric(rows, c) ? ' ---: ' : ' --- ')).join('|')}|`;
  const body = rows.map((r) => `| ${columns.map((c) => esc(cell(r[c]))).join(' | ')} |`);
  return [head, rule, ...body].join('\n');
}

function machine() {
  const list = cpus();
  return `${list[0]?.model?.trim() ?? 'unknown CPU'} x${list.length}, Node ${process.version}`;
}

function sectionMarkdown(name, title, result, options, seconds) {
  const stamp = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const parts = [`## ${title}`, '', markdownTable(result.columns, result.rows), ''];
  if (result.notes) parts.push(result.notes.trim(), '');
  parts.push(`_Section \`${name}\`${options.quick ? ' (quick run)' : ''}: measured ${stamp} on ${machine()}; took ${seconds.toFixed(1)} s._`, '');
  return parts.join('\n');
}

function validate(name, result) {
  if (!result || !Array.isArray(result.columns) || !Array.isArray(result.rows)) {
    throw new Error(`bench/${name}.mjs: run() must return { columns: string[], rows: object[], notes?: string }`);
  }
}

async function rebuildSummary(resultsDir, summary) {
  await mkdir(resultsDir, { recursive: true });
  const files = (await readdir(resultsDir)).filter((f) => f.endsWith('.md') && f !== 'BENCHMARKS.md').sort();
  const sections = await Promise.all(files.map((f) => readFile(join(resultsDir, f), 'utf8')));
  const header = [
    '# Benchmarks',
    '',
    'Generated by `npm run bench` (`node scripts/bench.mjs`) from `bench/results/*.md`; each section',
    'keeps the date and machine of its last measurement. Re-run one with `node scripts/bench.mjs --only <name>`.',
    '',
  ].join('\n');
  await writeFile(summary, `${header}\n${sections.map((s) => s.trimEnd()).join('\n\n')}\n`);
  return files.length;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const all = await discover();
  if (options.list) {
    process.stdout.write(`${all.join('\n')}\n`);
    return 0;
  }
  if (options.rebuild) {
    const resultsDir = options.results ?? RESULTS_DIR;
    const summary = options.results ? join(options.results, 'BENCHMARKS.md') : SUMMARY;
    const kept = await rebuildSummary(resultsDir, summary);
    process.stdout.write(`${summary} rebuilt from ${kept} section(s) in ${resultsDir}\n`);
    return 0;
  }
  let names = all;
  // Matches against other engines take minutes to hours: they run when named with --only or with
  // --all; otherwise their last measurement stays in bench/results/ and BENCHMARKS.md.
  if (!options.only && !options.all) {
    const skipped = all.filter((n) => LONG_SECTIONS.includes(n));
    if (skipped.length > 0) process.stdout.write(`long sections kept from their last run (use --all or --only to re-measure): ${skipped.join(', ')}\n`);
    names = all.filter((n) => !LONG_SECTIONS.includes(n));
  }
  if (options.only) {
    const unknown = options.only.filter((n) => !all.includes(n));
    if (unknown.length > 0) throw new Error(`no benchmark section ${unknown.map((n) => `"${n}"`).join(', ')} (have: ${all.join(', ')})`);
    names = all.filter((n) => options.only.includes(n));
  }
  // Where results go: --results DIR (with its own BENCHMARKS.md), else the committed figures for
  // a full run, else (a quick run) nowhere.
  const resultsDir = options.results ?? (options.quick ? null : RESULTS_DIR);
  const summary = options.results ? join(options.results, 'BENCHMARKS.md') : SUMMARY;
  if (resultsDir) await mkdir(resultsDir, { recursive: true });
  let failures = 0;
  for (const name of names) {
    let title = name;
    try {
      const mod = await import(pathToFileURL(join(BENCH_DIR, `${name}.mjs`)).href);
      if (typeof mod.run !== 'function') throw new Error(`bench/${name}.mjs exports no run() function`);
      title = typeof mod.title === 'string' ? mod.title : name;
      process.stdout.write(`\n== ${title} (${name}${options.quick ? ', quick' : ''})\n`);
      const t0 = performance.now();
      const result = await mod.run({ quick: options.quick, resultsDir });
      const seconds = (performance.now() - t0) / 1000;
      validate(name, result);
      process.stdout.write(`${textTable(result.columns, result.rows)}\n`);
      if (result.notes) process.stdout.write(`${result.notes.trim()}\n`);
      process.stdout.write(`(${seconds.toFixed(1)} s)\n`);
      if (resultsDir) await writeFile(join(resultsDir, `${name}.md`), sectionMarkdown(name, title, result, options, seconds));
    } catch (error) {
      failures++;
      process.stderr.write(`bench ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    }
  }
  if (resultsDir) {
    const kept = await rebuildSummary(resultsDir, summary);
    process.stdout.write(`\n${summary} rebuilt from ${kept} section(s) in ${resultsDir}\n`);
  } else {
    process.stdout.write('\nquick run: nothing written (give --results DIR to keep it)\n');
  }
  return failures === 0 ? 0 : 1;
}

main().then(
  (code) => { process.exitCode = code; },
  (error) => {
    process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
