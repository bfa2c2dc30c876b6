// Files travel with jobs by checksum, so workers need no shared disk: the coordinator stores a
// file's bytes in Redis once, under its sha256; a worker fetches them into its cache folder,
// verifies the checksum, and reads the file from there (a cached blob is not fetched again).
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { blobKey } from './names.js';

/** Blobs expire a month after the last run that stored them (`queue clean` removes them sooner). */
const BLOB_TTL_SECONDS = 30 * 24 * 3600;

export function sha256(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function sha256File(path: string): string {
  return sha256(readFileSync(path));
}

/** Stores a file's bytes under their checksum (once per coordinator process) and returns it. */
export class BlobStore {
  private readonly stored = new Map<string, string>();
  constructor(private readonly redis: Redis) {}

  async put(path: string): Promise<string> {
    const hit = this.stored.get(path);
    if (hit) return hit;
    const bytes = readFileSync(path);
    const sha = sha256(bytes);
    await this.redis.set(blobKey(sha), bytes, 'EX', BLOB_TTL_SECONDS, 'NX');
    await this.redis.expire(blobKey(sha), BLOB_TTL_SECONDS);
    this.stored.set(path, sha);
    return sha;
  }
}

/** The cached file of a blob, fetched and verified first if it is not in the cache yet. */
export async function fetchBlob(redis: Redis, sha: string, cacheDir: string): Promise<string> {
  if (!/^[0-9a-f]{64}$/.test(sha)) throw new Error(`"${sha}" is not a sha256 checksum`);
  const dir = join(cacheDir, 'blobs');
  const path = join(dir, sha);
  if (existsSync(path)) return path;
  const bytes = await redis.getBuffer(blobKey(sha));
  if (bytes === null) throw new Error(`blob ${sha.slice(0, 12)} is not in Redis (expired, or cleaned while its run was live)`);
  const got = sha256(bytes);
  if (got !== sha) throw new Error(`blob ${sha.slice(0, 12)} arrived with checksum ${got.slice(0, 12)}: refused`);
  mkdirSync(dir, { recursive: true });
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, path);
  return path;
}
