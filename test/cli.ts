// Shared by the end-to-end tests: the built `sente` command run as a child process, as a user runs it.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const MAIN = fileURLToPath(new URL('../apps/cli/dist/main.js', import.meta.url));

export interface CliResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Wall time of the run. */
  readonly ms: number;
}

export interface CliOptions {
  /** Working folder (default: the repository root). */
  readonly cwd?: string;
  /** Environment (default: this process's). */
  readonly env?: NodeJS.ProcessEnv;
  /** Text on standard input. */
  readonly input?: string;
  /** Kill the run after this long (ms): a process kept alive by a worker fails its test. */
  readonly timeout?: number;
}

/** `sente ARGS...` from the built CLI; its exit status and output. */
export function runCli(args: readonly string[], o: CliOptions = {}): CliResult {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [MAIN, ...args], { cwd: o.cwd ?? ROOT, env: o.env ?? process.env, input: o.input, encoding: 'utf8', timeout: o.timeout ?? 120_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, ms: performance.now() - t0 };
}
