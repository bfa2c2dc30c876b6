// Errors at the edges are values: parsers return a Result whose error has a stable code, a
// message for people, and the offset in the input where the problem is.

export interface ParseError {
  /** Stable machine-readable code, e.g. 'illegal-move'. */
  readonly code: string;
  /** What is wrong, naming the offending token and where it is. */
  readonly message: string;
  /** 0-based character offset in the input. */
  readonly offset: number;
}

export type Result<T, E = ParseError> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export function ok<T>(value: T): Result<T, never> {
  return { ok: true, value };
}

export function err(code: string, message: string, offset: number): Result<never, ParseError> {
  return { ok: false, error: { code, message, offset } };
}

/** The value of a Result, or an Error carrying its message (for callers that want exceptions). */
export function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw new Error(`${result.error.message} [${result.error.code} at offset ${result.error.offset}]`);
}
