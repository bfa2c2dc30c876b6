// Small helpers shared by commands: reading a position given as a board string or a transcript,
// and failing with a clear message.
import { parseBoard, parseTranscript, type Position } from '@sente/core';

/** Thrown for user errors: main prints the message (no stack) and exits 2. */
export class UsageError extends Error {}

/**
 * A position from a 64-character board string with side to move, or a transcript from the start
 * position. Errors name the offending text and offset.
 */
export function positionFromArg(text: string): { position: Position; moves: number[] | null } {
  const trimmed = text.trim();
  const looksLikeBoard = /^[-.XOxo*]{20,}/.test(trimmed.replace(/\s+/g, ''));
  if (looksLikeBoard) {
    const r = parseBoard(trimmed);
    if (!r.ok) throw new UsageError(`bad board string: ${r.error.message}`);
    return { position: r.value, moves: null };
  }
  const r = parseTranscript(trimmed);
  if (!r.ok) throw new UsageError(`bad transcript: ${r.error.message}`);
  return { position: r.value.position, moves: r.value.moves };
}
