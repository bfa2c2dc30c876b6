// Ctrl-C for long jobs: the first SIGINT aborts the returned signal (the job stops cleanly and
// keeps everything written); a second one exits at once.
export function interruptSignal(onFirst?: () => void): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const handler = (): void => {
    if (controller.signal.aborted) process.exit(130);
    onFirst?.();
    controller.abort();
  };
  process.on('SIGINT', handler);
  return { signal: controller.signal, dispose: () => process.off('SIGINT', handler) };
}
