// Live move events of a tournament, for watchers (`sente serve`'s Watch page): while a game is in
// progress, each move appends one JSON line `{"game":7,"black":"a","white":"b","moves":"f5d6..."}`
// to `<csv>.events.jsonl`. Lines are short single appends (atomic on a local file even from
// several worker threads); the results CSV stays the record of finished games.
import { appendFileSync } from 'node:fs';
import { formatTranscript } from '@sente/core';

export function liveEventsPath(csvPath: string): string {
  return `${csvPath}.events.jsonl`;
}

/** A referee onMove callback appending the game's moves so far to `path`. */
export function moveEventWriter(path: string, game: number, black: string, white: string): (moves: readonly number[]) => void {
  return (moves) => {
    try {
      appendFileSync(path, `${JSON.stringify({ game, black, white, moves: formatTranscript(moves), t: Date.now() })}\n`);
    } catch {
      // A watcher's convenience: a full disk or a removed folder must not stop the game.
    }
  };
}
