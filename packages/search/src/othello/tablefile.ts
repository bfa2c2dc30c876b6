// Reading and writing evaluation-table files. Writes are atomic (a temp file in the same folder,
// fsync, then rename), so a crash mid-write leaves the previous table intact.
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { SenteError } from '@sente/core';
import { decodeTable, encodeTable, type EvalTable, type TableResult } from './evaltable.js';

/** Writes bytes to `path` atomically: readers see the old file or the new one, never a mix. */
export function writeFileAtomic(path: string, data: Uint8Array | string): void {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, typeof data === 'string' ? Buffer.from(data) : data);
    fsyncSync(fd);
  } catch (e) {
    closeSync(fd);
    try { unlinkSync(tmp); } catch { /* already gone */ }
    throw e;
  }
  closeSync(fd);
  renameSync(tmp, path);
}

export function writeTableFile(path: string, table: EvalTable): void {
  writeFileAtomic(path, encodeTable(table));
}

export function readTableFile(path: string): TableResult {
  let data: Uint8Array;
  try {
    data = readFileSync(path);
  } catch (e) {
    return { ok: false, error: `${path}: read check failed: cannot read evaluation table: ${(e as Error).message}` };
  }
  const r = decodeTable(data);
  return r.ok ? r : { ok: false, error: `${path}: ${r.error}` };
}

/**
 * Reads an evaluation-table file of either format, or throws a SenteError (code `corrupt-table`)
 * whose message names the file and the check that failed (read, gzip, size, magic, version,
 * checksum, pattern-set, layout, header).
 */
export function loadTableFile(path: string): EvalTable {
  const r = readTableFile(path);
  if (!r.ok) throw new SenteError('corrupt-table', r.error.startsWith(path) ? r.error : `${path}: ${r.error}`);
  return r.table;
}
