// The README and docs stay true to the code: every `sente ...` command they show names a real
// command, every option it shows is one that command's --help lists, and each command and option
// is one a test (or .ci/run) runs: its name appears as an argument in the test sources.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAIN, ROOT } from './cli.js';

const DOCS = ['README.md', 'apps/cli/README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
/** Commands with subcommands: the doc line names both. */
const GROUPS = new Set(['book', 'go', 'queue', 'data']);

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) files(p, out);
    else if (/\.test\.ts$|gtp-referee\.ts$/.test(name)) out.push(p);
  }
  return out;
}
const TESTED = [...files(join(ROOT, 'test')), ...files(join(ROOT, 'apps')), ...files(join(ROOT, 'packages'))]
  .map((p) => readFileSync(p, 'utf8')).join('\n') + readFileSync(join(ROOT, '.ci/run'), 'utf8');
/** Windows of three consecutive lines of the test sources: a command and its option must meet in one. */
const LINES = TESTED.split('\n');
const WINDOWS = LINES.map((_, i) => LINES.slice(i, i + 3).join('\n'));
const mentions = (text: string, command: string): boolean => text.includes(`'${command}'`) || text.includes(`"${command}"`) || text.includes(`sente ${command}`);

interface Shown { doc: string; text: string; command: string; flags: string[] }

/** Every `sente <command> ...` in inline code or code blocks of the docs. */
function shownCommands(): Shown[] {
  const out: Shown[] = [];
  for (const doc of DOCS) {
    const text = readFileSync(join(ROOT, doc), 'utf8');
    const snippets = [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);
    for (const block of text.matchAll(/```(?:sh|bash)?\n([\s\S]*?)```/g)) snippets.push(...block[1].split('\n'));
    for (const s of snippets) {
      for (const m of s.matchAll(/(?:^|[\s(])(?:npx )?sente ([a-z][a-z-]*)((?: [a-z][a-z-]*)?)((?:(?! sente )[^#])*)/g)) {
        const sub = m[2].trim();
        const command = GROUPS.has(m[1]) && sub && !sub.includes('|') ? `${m[1]} ${sub}` : m[1];
        const flags = [...new Set([...(m[3] + (GROUPS.has(m[1]) ? '' : m[2])).matchAll(/--([a-z][a-z0-9-]*)/g)].map((f) => f[1]))];
        out.push({ doc, text: s.trim(), command, flags });
      }
    }
  }
  return out;
}

const helps = new Map<string, { status: number | null; text: string }>();
function help(command: string): { status: number | null; text: string } {
  let h = helps.get(command);
  if (!h) {
    const r = spawnSync(process.execPath, [MAIN, ...command.split(' '), '--help'], { cwd: ROOT, encoding: 'utf8' });
    h = { status: r.status, text: r.stdout + r.stderr };
    helps.set(command, h);
  }
  return h;
}

describe('README and docs', () => {
  const shown = shownCommands();

  it('show commands at all (the scan finds them)', () => {
    expect(shown.length).toBeGreaterThan(30);
    expect(shown.some((s) => s.command === 'tournament' && s.flags.includes('gauntlet'))).toBe(true);
  });

  it('name real commands and options (each is in its --help)', () => {
    const wrong: string[] = [];
    for (const s of shown) {
      const h = help(s.command);
      if (h.status !== 0) { wrong.push(`${s.doc}: "${s.text}": no command "sente ${s.command}"`); continue; }
      for (const f of s.flags) if (!h.text.includes(`--${f}`)) wrong.push(`${s.doc}: "${s.text}": sente ${s.command} has no --${f}`);
    }
    expect(wrong).toEqual([]);
  });

  it('show only commands and options that a test runs', () => {
    const untested: string[] = [];
    for (const s of shown) {
      const [head, sub] = s.command.split(' ');
      if (!mentions(TESTED, head)) untested.push(`${s.doc}: sente ${s.command}`);
      if (sub && !WINDOWS.some((w) => mentions(w, head) && mentions(w, sub))) untested.push(`${s.doc}: sente ${s.command}`);
      const flag = (f: string): RegExp => new RegExp(`['"\` ]--${f}(?:['"=\` ]|$)`, 'm');
      for (const f of s.flags) if (!WINDOWS.some((w) => mentions(w, head) && flag(f).test(w))) untested.push(`${s.doc}: sente ${s.command} --${f}`);
    }
    expect([...new Set(untested)]).toEqual([]);
  });
});
