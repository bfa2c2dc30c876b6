// Progress on stderr for long commands. On a terminal, a bar (cli-progress); elsewhere (a log file,
// CI, a pipe) the bar would print nothing until the end, so `gameLog` writes one line per
// finished item instead, with whatever status the command gives (a tournament: the result, the
// running score and the SPRT's LLR).
import cliProgress from 'cli-progress';

export function progressBar(label: string, withStatus = false): cliProgress.SingleBar {
  return new cliProgress.SingleBar(
    {
      format: `${label} [{bar}] {percentage}% | {value}/{total} | eta {eta_formatted}${withStatus ? ' | {status}' : ''}`,
      stream: process.stderr,
      noTTYOutput: false,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
}

export interface GameLog {
  /** Item `done` of `total` finished: `line` describes it, `status` the state so far (bar suffix);
   *  an item `replayed` from an earlier run (a resume) moves the bar but prints no line. */
  item(done: number, total: number, line: string, status: string, replayed?: boolean): void;
  stop(): void;
}

/** A progress bar with a status on a terminal, else one line per item on stderr. */
export function gameLog(label: string, terminal = process.stderr.isTTY === true): GameLog {
  if (!terminal) {
    return {
      item: (done, total, line, status, replayed) => {
        if (!replayed) process.stderr.write(`${label} ${done}/${total}: ${line}${status ? `; ${status}` : ''}\n`);
      },
      stop: () => {},
    };
  }
  const bar = progressBar(label, true);
  let started = false;
  return {
    item: (done, total, _line, status) => {
      if (!started) { bar.start(total, done - 1, { status }); started = true; }
      bar.update(done, { status });
    },
    stop: () => { if (started) bar.stop(); },
  };
}

/** Progress of a count (`done` of `total`): a bar on a terminal, else a line at every tenth of the
 *  total (and at the end), so a log file gets a few lines, not one per call. */
export function countProgress(label: string, terminal = process.stderr.isTTY === true): (done: number, total: number) => void {
  if (!terminal) {
    let next = 0;
    return (done, total) => {
      if (done < next && done < total) return;
      process.stderr.write(`${label} ${done}/${total}\n`);
      next = done >= total ? Infinity : done + Math.max(1, Math.ceil(total / 10));
    };
  }
  const bar = progressBar(label);
  let started = false;
  return (done, total) => {
    if (!started) { bar.start(total, done); started = true; }
    bar.update(done);
    if (done >= total) { bar.stop(); started = false; }
  };
}
