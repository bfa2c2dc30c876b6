// Redis connections for the job queue. One URL form for every command (`--redis` or SENTE_REDIS):
// redis://[user[:password]@]host[:port][/db], or rediss:// for TLS (a private CA is given to Node
// with NODE_EXTRA_CA_CERTS). Before any BullMQ object is made, `checkRedis` connects once with no
// retries and a short timeout, so a wrong password, a missing TLS layer or an unreachable host is a
// clear error value instead of a client that reconnects forever.
import { isIP } from 'node:net';
import { createRequire } from 'node:module';
import type { Redis, RedisOptions } from 'ioredis';

// ioredis loads on the first connection, not with the package (a command that uses no queue starts faster).
const requireCjs = createRequire(import.meta.url);
let redisClass: typeof Redis | undefined;
function RedisClass(): typeof Redis {
  return (redisClass ??= (requireCjs('ioredis') as typeof import('ioredis')).Redis);
}

/** A queue that cannot be used (bad URL, unreachable, refused password): a user error, shown as its message. */
export class QueueError extends Error {
  override readonly name = 'QueueError';
}

export type RedisUrlResult = { ok: true; options: RedisOptions; where: string } | { ok: false; error: string };

/** The Redis URL to use: the explicit one (`--redis`), else $SENTE_REDIS, else none (local pool). */
export function redisUrl(explicit?: string): string | undefined {
  if (explicit !== undefined && explicit !== '') return explicit;
  const env = process.env.SENTE_REDIS;
  return env !== undefined && env !== '' ? env : undefined;
}

/** Parses a redis:// or rediss:// URL into ioredis options (passwords are never echoed back). */
export function parseRedisUrl(text: string): RedisUrlResult {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, error: `"${redact(text)}" is not a Redis URL (expected redis://[:password@]host[:port][/db] or rediss://...)` };
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    return { ok: false, error: `"${redact(text)}": the scheme must be redis:// or rediss:// (TLS), not ${url.protocol}//` };
  }
  if (url.hostname === '') return { ok: false, error: `"${redact(text)}" names no host` };
  const port = url.port === '' ? 6379 : Number(url.port);
  const dbText = url.pathname.replace(/^\/+/, '');
  const db = dbText === '' ? 0 : Number(dbText);
  if (!Number.isInteger(db) || db < 0) return { ok: false, error: `"${redact(text)}": database "${dbText}" is not a number` };
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const options: RedisOptions = {
    host, port, db,
    ...(url.username !== '' ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password !== '' ? { password: decodeURIComponent(url.password) } : {}),
    // SNI takes host names only (an IP address is checked against the certificate's IP entries).
    ...(url.protocol === 'rediss:' ? { tls: isIP(host) ? {} : { servername: host } } : {}),
  };
  return { ok: true, options, where: `${url.protocol}//${url.host}` };
}

/** The URL with its password replaced by ***, for messages and logs. */
export function redact(text: string): string {
  return text.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:@/]*:)[^@/]*@/i, '$1***@');
}

/** A plain client (for streams, blobs and bookkeeping): retries while connected, none on auth errors. */
export function redisClient(options: RedisOptions, name: string): Redis {
  return new (RedisClass())({ ...options, connectionName: name, maxRetriesPerRequest: null, enableReadyCheck: true });
}

/** Options for BullMQ's own connections (workers need maxRetriesPerRequest: null). */
export function bullConnection(options: RedisOptions): RedisOptions {
  return { ...options, maxRetriesPerRequest: null };
}

/** Connects once (no retries, `timeoutMs`), sends PING, and explains a failure in one sentence. */
export async function checkRedis(options: RedisOptions, where: string, timeoutMs = 5000): Promise<{ ok: true } | { ok: false; error: string }> {
  const client = new (RedisClass())({ ...options, lazyConnect: true, connectTimeout: timeoutMs, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
  // ioredis reports the server's answer (WRONGPASS, NOAUTH) as an error event, then rejects
  // connect() with a bare "Connection is closed": the event's message is the one to explain.
  let reported = '';
  client.on('error', (e: Error) => { if (!reported) reported = e.message; });
  try {
    await withTimeout(client.connect(), timeoutMs + 500, `no answer from Redis at ${where} within ${timeoutMs} ms`);
    await withTimeout(client.ping(), timeoutMs, `Redis at ${where} did not answer PING within ${timeoutMs} ms`);
    return { ok: true };
  } catch (e) {
    const message = (e as Error).message;
    return { ok: false, error: explain(reported && /Connection is closed/.test(message) ? reported : message, where, options) };
  } finally {
    client.disconnect();
  }
}

function explain(message: string, where: string, options: RedisOptions): string {
  if (/WRONGPASS|invalid username-password|invalid password/i.test(message)) return `Redis at ${where} refused the ${options.username ? `user "${options.username}" or its ` : ''}password (${message.trim()})`;
  if (/NOAUTH|Authentication required/i.test(message)) return `Redis at ${where} requires a password: give it in the URL, redis://:PASSWORD@host:port`;
  if (/ECONNREFUSED/.test(message)) return `nothing listens at ${where} (connection refused): is redis-server running there?`;
  if (/ENOTFOUND|EAI_AGAIN/.test(message)) return `cannot resolve the Redis host of ${where} (${message.trim()})`;
  if (/certificate|SSL|TLS|EPROTO/i.test(message)) return `TLS to Redis at ${where} failed: ${message.trim()} (a private CA is given with NODE_EXTRA_CA_CERTS=ca.pem)`;
  if (/Connection is closed|ECONNRESET|socket hang up/i.test(message)) return `Redis at ${where} closed the connection (${message.trim()}): ${options.tls ? 'does it speak TLS on that port?' : 'does it expect TLS (rediss://)?'}`;
  return `cannot use Redis at ${where}: ${message.trim()}`;
}

async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(message)), ms); })]);
  } finally {
    clearTimeout(timer);
  }
}
