// One error shape for everything sente throws across a package boundary: a message for people and
// a stable, machine-readable `code` for programs (kebab-case, like the parse errors' codes), so a
// caller can tell "unknown build" from "corrupt table" without matching message text.

export type SenteErrorCode =
  | 'unknown-build'
  | 'no-registry'
  | 'corrupt-manifest'
  | 'corrupt-table'
  // Tables that cannot be combined (a blend of different formats, phase counts or scales).
  | 'incompatible-tables'
  | 'corrupt-calibration'
  | 'build-exists'
  | 'bad-build-id'
  | 'read-only-registry'
  | 'registry-locked'
  | 'bad-option'
  // A GTP engine run as a child process: could not start, exited, answered no GTP, refused a command, too slow.
  | 'gtp-start'
  | 'gtp-exited'
  | 'gtp-garbage'
  | 'gtp-refused'
  | 'gtp-timeout'
  | 'corrupt-dataset'
  | 'corrupt-checkpoint';

export class SenteError extends Error {
  readonly code: SenteErrorCode;

  constructor(code: SenteErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SenteError';
    this.code = code;
  }
}

/** True for a SenteError, optionally of one code (works across duplicated module copies). */
export function isSenteError(e: unknown, code?: SenteErrorCode): e is SenteError {
  return e instanceof Error && e.name === 'SenteError' && typeof (e as SenteError).code === 'string' && (code === undefined || (e as SenteError).code === code);
}
