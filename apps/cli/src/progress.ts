// A progress bar on stderr for long commands (cli-progress), quiet when stderr is not a terminal.
import cliProgress from 'cli-progress';

export function progressBar(label: string): cliProgress.SingleBar {
  return new cliProgress.SingleBar(
    {
      format: `${label} [{bar}] {percentage}% | {value}/{total} | eta {eta_formatted}`,
      stream: process.stderr,
      noTTYOutput: false,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
}
