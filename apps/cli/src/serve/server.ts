// The server behind `sente serve`: the built front end (@sente/web) and a small JSON API over the
// builds registry and the games archive, with server-sent events for tournaments in progress.
// Safe by default: it binds to loopback and then only answers requests addressed to a loopback
// name (no DNS rebinding); an optional access token (header, cookie or ?token= once) guards every
// request; files are served only from the app folder, the registries' build folders (through
// the manifests, never a path from the request) and the archive folder (only files its scan
// listed); request bodies and URLs are bounded; every handler's error becomes a JSON answer, never
// a crash. The engines themselves run in the page, in a Web Worker.
import { timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { PASS, Position, go, parseGgf } from '@sente/core';
import { confinedPath, findBuild, readRegistry } from '@sente/search';
import { createGtpPlayer, type GamePlayer } from '@sente/selfplay';
import { webAppDir } from '@sente/web';
import { Archive } from './archive.js';
import { BOOK_FILE, TRAINING_FILE, buildInfos, readTrainingCsv } from './builds-info.js';
import { WatchHub } from './watch.js';

export interface ServeOptions {
  /** Interface to bind (default 127.0.0.1). */
  readonly host?: string;
  /** Port (0 = any free port; default 8080). */
  readonly port?: number;
  /** Access token every request must carry. */
  readonly token?: string;
  /** The games archive folder (Games, Watch, saving played games); none = those pages are off. */
  readonly archiveDir?: string;
  /** The user builds registry. */
  readonly buildsDir: string;
  /** The built front end (default: @sente/web's). */
  readonly appDir?: string;
  /** Largest request body accepted, in bytes (default 256 KiB). */
  readonly maxBodyBytes?: number;
  readonly version?: string;
  /** Poll interval of followed tournament files, ms (default 500). */
  readonly watchPollMs?: number;
  /** External Othello GTP programs the Play page may play against, by name (only these run). */
  readonly gtp?: readonly { name: string; command: string }[];
  /** Longest wait for a GTP program's move, ms (default 30 s). */
  readonly gtpTimeoutMs?: number;
}

/** A name for an external program in `--gtp NAME=COMMAND`. */
export const GTP_NAME = /^[a-z0-9][a-z0-9_-]{0,31}$/i;

export interface LabServer {
  readonly server: Server;
  /** http://host:port/ as a browser would open it (with ?token= when a token is set). */
  readonly url: string;
  readonly port: number;
  readonly archive: Archive | null;
  close(): Promise<void>;
}

export const DEFAULT_MAX_BODY = 256 << 10;
const MAX_URL = 4096;
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8', '.txt': 'text/plain; charset=utf-8',
};

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'self'; img-src 'self' data: blob:; worker-src 'self'; connect-src 'self'; style-src 'self'; object-src 'none'; frame-ancestors 'none'",
};

/** An error answered with its HTTP status and a one-line message. */
export class HttpError extends Error {
  constructor(readonly status: number, message: string) { super(message); }
}

export function isLoopback(host: string): boolean {
  return LOOPBACK_NAMES.has(host) || /^127\.\d+\.\d+\.\d+$/.test(host);
}

function send(res: ServerResponse, status: number, body: string | Uint8Array, type: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'content-type': type, 'content-length': String(Buffer.byteLength(body)), ...extra });
  res.end(body);
}

function json(res: ServerResponse, status: number, value: unknown): void {
  send(res, status, JSON.stringify(value), TYPES['.json'], { 'cache-control': 'no-store' });
}

function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given), b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function cookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

/** Reads a request body up to `limit` bytes; a longer one is refused with 413 before it is all read. */
function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolveBody, reject) => {
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (Number.isFinite(declared) && declared > limit) {
      reject(new HttpError(413, `request body of ${declared} bytes is over the ${limit}-byte limit`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        req.removeAllListeners('data');
        reject(new HttpError(413, `request body is over the ${limit}-byte limit`));
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolveBody(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** A file under `root` named by a URL path, or null when the path leaves it (.., encoded or not, symlinks). */
export function fileUnder(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const base = resolve(root);
  const path = resolve(base, `.${decoded.startsWith('/') ? '' : '/'}${decoded}`);
  if (path !== base && !path.startsWith(base + sep)) return null;
  if (!existsSync(path)) return path;
  try {
    const real = realpathSync(path);
    const realBase = realpathSync(base);
    if (real !== realBase && !real.startsWith(realBase + sep)) return null;
  } catch {
    return null;
  }
  return path;
}

function stamp(): string {
  return new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}

export async function startLabServer(o: ServeOptions): Promise<LabServer> {
  const host = o.host ?? '127.0.0.1';
  const appDir = resolve(o.appDir ?? webAppDir);
  if (!existsSync(join(appDir, 'index.html'))) throw new Error(`the web app is not built: ${join(appDir, 'index.html')} is missing (run npm run build)`);
  const maxBody = o.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const archiveDir = o.archiveDir ? resolve(o.archiveDir) : null;
  if (archiveDir) mkdirSync(archiveDir, { recursive: true });
  const archive = archiveDir ? new Archive(archiveDir) : null;
  archive?.refresh();
  const hub = new WatchHub(o.watchPollMs ?? 500);
  const loopbackOnly = isLoopback(host);
  const gtpCommands = new Map((o.gtp ?? []).map((g) => [g.name, g.command]));
  // One process per external program, started on first use; its requests run one at a time.
  const gtpPlayers = new Map<string, Promise<GamePlayer>>();
  const gtpQueues = new Map<string, Promise<unknown>>();

  const config = (): unknown => {
    const view = readRegistry(o.buildsDir);
    const enc = encodeURIComponent;
    return {
      mode: 'server', version: o.version ?? '0', strongest: view.strongest, archive: archive !== null, gtp: [...gtpCommands.keys()],
      builds: buildInfos(view, (b, file) => `api/builds/${enc(b.id)}/${file}`),
    };
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawUrl = req.url ?? '/';
    if (rawUrl.length > MAX_URL) throw new HttpError(414, `the URL is over ${MAX_URL} characters`);
    const hostHeader = req.headers.host ?? '';
    const hostName = hostHeader.replace(/:\d+$/, '');
    if (loopbackOnly && !isLoopback(hostName)) throw new HttpError(403, `requests must be addressed to a loopback name, not "${hostName.slice(0, 60)}"`);
    const url = new URL(rawUrl, 'http://localhost');
    const method = req.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') throw new HttpError(405, `method ${method} is not allowed`);
    const extra: Record<string, string> = {};
    if (o.token !== undefined) {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const query = url.searchParams.get('token') ?? undefined;
      const given = bearer ?? query ?? cookie(req, 'sente_token');
      if (given === undefined || !sameToken(given, o.token)) throw new HttpError(401, 'an access token is needed: open the address sente serve printed (it ends in ?token=...)');
      if (query !== undefined) extra['set-cookie'] = `sente_token=${encodeURIComponent(o.token)}; HttpOnly; SameSite=Strict; Path=/`;
    }
    const path = url.pathname;
    if (method === 'POST') {
      const origin = req.headers.origin;
      if (origin !== undefined && new URL(origin, 'http://x').host !== hostHeader) throw new HttpError(403, `cross-origin request from ${origin} refused`);
      if (path !== '/api/games' && path !== '/api/gtp/genmove') throw new HttpError(405, `POST is not allowed on ${path}`);
      if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) throw new HttpError(415, 'the body must be application/json');
      const body = await readBody(req, maxBody);
      return path === '/api/games' ? saveGame(body, res) : gtpMove(body, res);
    }
    if (path === '/sente-config.json') return json(res, 200, config());
    if (path.startsWith('/api/')) return api(path, url.searchParams, req, res);
    return serveApp(path, res, extra);
  }

  function serveApp(path: string, res: ServerResponse, extra: Record<string, string>): void {
    const file = fileUnder(appDir, path === '/' ? '/index.html' : path);
    if (file === null) throw new HttpError(403, `${path} is outside the app`);
    if (!existsSync(file) || !statSync(file).isFile()) throw new HttpError(404, `${path} not found`);
    const cache = path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
    send(res, 200, readFileSync(file), TYPES[extname(file)] ?? 'application/octet-stream', { 'cache-control': cache, ...extra });
  }

  function api(path: string, q: URLSearchParams, req: IncomingMessage, res: ServerResponse): void {
    const m = /^\/api\/builds\/([^/]+)\/(table|book|training)$/.exec(path);
    if (m) {
      let id: string;
      try {
        id = decodeURIComponent(m[1]);
      } catch {
        throw new HttpError(400, 'bad build id');
      }
      let b;
      try {
        b = findBuild(id, o.buildsDir);
      } catch (e) {
        throw new HttpError(404, (e as Error).message);
      }
      if (m[2] === 'table') {
        const table = confinedPath(b.registry, b.table);
        if (!table || !existsSync(table)) throw new HttpError(404, `build ${b.id} has no table file`);
        return send(res, 200, readFileSync(table), 'application/octet-stream', { 'cache-control': 'no-cache' });
      }
      const file = join(b.folder, m[2] === 'book' ? BOOK_FILE : TRAINING_FILE);
      if (!existsSync(file)) throw new HttpError(404, `build ${b.id} has no ${m[2] === 'book' ? 'opening book' : 'training.csv'}`);
      if (m[2] === 'book') return send(res, 200, readFileSync(file), 'application/octet-stream', { 'cache-control': 'no-cache' });
      return json(res, 200, readTrainingCsv(file));
    }
    if (path === '/api/archive' || path === '/api/archive/game' || path === '/api/watch') {
      if (!archive || !archiveDir) throw new HttpError(404, 'no archive: start sente serve with --archive DIR');
      if (path === '/api/watch') return watch(q.get('file') ?? '', req, res);
      archive.refresh();
      if (path === '/api/archive/game') {
        const g = archive.game(q.get('id') ?? '');
        if (!g) throw new HttpError(404, `no game ${JSON.stringify((q.get('id') ?? '').slice(0, 80))} in the archive`);
        return json(res, 200, g);
      }
      const int = (name: string, dflt: number, max: number): number => {
        const v = q.get(name);
        const n = v === null || v === '' ? dflt : Number(v);
        if (!Number.isInteger(n) || n < 0 || n > max) throw new HttpError(400, `${name} must be a whole number from 0 to ${max}`);
        return n;
      };
      const result = q.get('result') ?? '';
      if (!['', 'black', 'white', 'draw'].includes(result)) throw new HttpError(400, 'result must be black, white or draw');
      const r = archive.query({ player: q.get('player') ?? '', result: result as 'black', opening: q.get('opening') ?? '', offset: int('offset', 0, 1e9), limit: int('limit', 200, 1000) });
      return json(res, 200, { files: archive.files(), ...r });
    }
    throw new HttpError(404, `${path} not found`);
  }

  function watch(name: string, req: IncomingMessage, res: ServerResponse): void {
    if (!name.toLowerCase().endsWith('.csv')) throw new HttpError(400, 'file must name a tournament CSV in the archive');
    // A CSV the scan listed, or one that is about to appear in the archive folder.
    const path = confinedPath(archiveDir!, name);
    if (!path || fileUnder(archiveDir!, `/${name}`) === null) throw new HttpError(403, `${name} is outside the archive`);
    if (hub.clientCount() >= hub.maxClients) throw new HttpError(503, 'too many watchers');
    req.socket.setTimeout(0);
    hub.subscribe(path, name, res);
  }

  /** A move from an external program for the game `moves` (squares and PASS from the start). */
  async function gtpMove(body: string, res: ServerResponse): Promise<void> {
    let data: { engine?: unknown; moves?: unknown };
    try {
      data = JSON.parse(body) as typeof data;
    } catch (e) {
      throw new HttpError(400, `the body is not JSON: ${(e as Error).message}`);
    }
    const name = typeof data.engine === 'string' ? data.engine : '';
    const command = gtpCommands.get(name);
    if (command === undefined) throw new HttpError(404, `no external program "${name.slice(0, 40)}" (sente serve --gtp NAME=COMMAND names them)`);
    if (!Array.isArray(data.moves) || data.moves.length > 130 || !data.moves.every((m) => Number.isInteger(m) && m >= PASS && m < 64)) {
      throw new HttpError(400, 'moves must be a list of squares 0..63 and -1 for a pass');
    }
    const moves = data.moves as number[];
    const position = Position.initial();
    for (const m of moves) {
      if (m === PASS ? !position.mustPass() || position.isGameOver() : !position.makeMove(m)) throw new HttpError(400, `the game does not replay by our rules at ${m}`);
      if (m === PASS) position.makePass();
    }
    if (position.isGameOver() || position.mustPass()) throw new HttpError(400, 'the side to move has no move to ask for');
    const run = async (): Promise<number> => {
      let started = gtpPlayers.get(name);
      if (!started) {
        started = createGtpPlayer(command, { name, timeoutMs: o.gtpTimeoutMs ?? 30_000 });
        gtpPlayers.set(name, started);
      }
      let player: GamePlayer;
      try {
        player = await started;
      } catch (e) {
        gtpPlayers.delete(name);
        throw new HttpError(502, `${name} did not start: ${(e as Error).message}`);
      }
      try {
        // Stateless: a fresh game replayed up to now, then one move, so a page reload or an undo
        // can never leave the program out of step.
        await player.newGame(Position.initial(), []);
        const move = await player.genmove(position, moves);
        if (!position.isLegal(move)) throw new Error(`answered ${move === PASS ? 'pass' : move}, which is not legal here`);
        return move;
      } catch (e) {
        gtpPlayers.delete(name);
        void player.close().catch(() => {});
        throw new HttpError(502, `${name}: ${(e as Error).message}`);
      }
    };
    const previous = gtpQueues.get(name) ?? Promise.resolve();
    const next = previous.catch(() => {}).then(run);
    gtpQueues.set(name, next);
    json(res, 200, { move: await next });
  }

  function saveGame(body: string, res: ServerResponse): void {
    if (!archive || !archiveDir) throw new HttpError(404, 'no archive: start sente serve with --archive DIR');
    let data: { game?: unknown; ggf?: unknown; sgf?: unknown };
    try {
      data = JSON.parse(body) as typeof data;
    } catch (e) {
      throw new HttpError(400, `the body is not JSON: ${(e as Error).message}`);
    }
    let text: string, ext: string;
    if (data.game === 'othello' && typeof data.ggf === 'string') {
      const r = parseGgf(data.ggf);
      if (!r.ok) throw new HttpError(400, `the GGF game does not replay: ${r.error.message}`);
      text = data.ggf.trim();
      ext = 'ggf';
    } else if (data.game === 'go' && typeof data.sgf === 'string') {
      const r = go.parseSgf(data.sgf);
      if (!r.ok) throw new HttpError(400, `the SGF game does not read: ${r.error.message}`);
      const b = go.sgfToBoard(r.value);
      if (!b.ok) throw new HttpError(400, `the SGF game does not replay: ${b.error.message}`);
      text = data.sgf.trim();
      ext = 'sgf';
    } else {
      throw new HttpError(400, 'expected {"game":"othello","ggf":"..."} or {"game":"go","sgf":"..."}');
    }
    const dir = join(archiveDir, 'played');
    mkdirSync(dir, { recursive: true });
    let name = `${stamp()}.${ext}`;
    for (let i = 2; existsSync(join(dir, name)); i++) name = `${stamp()}-${i}.${ext}`;
    writeFileSync(join(dir, name), `${text}\n`, { flag: 'wx' });
    json(res, 201, { file: `played/${name}` });
  }

  const server = createServer({ maxHeaderSize: 16 << 10, requestTimeout: 30_000 }, (req, res) => {
    handle(req, res).catch((e: unknown) => {
      const status = e instanceof HttpError ? e.status : 500;
      const message = e instanceof Error ? e.message : String(e);
      if (res.headersSent) {
        res.end();
        return;
      }
      if (status === 413) {
        // Answer, then drop the connection rather than read the rest of an oversized body.
        res.setHeader('connection', 'close');
        res.on('finish', () => req.destroy());
      }
      json(res, status, { error: message });
    });
  });
  server.headersTimeout = 20_000;
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(o.port ?? 8080, host, () => { server.off('error', fail); ok(); });
  });
  const port = (server.address() as AddressInfo).port;
  const shown = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  const url = `http://${shown}:${port}/${o.token !== undefined ? `?token=${encodeURIComponent(o.token)}` : ''}`;
  return {
    server, url, port, archive,
    close: () => new Promise<void>((ok) => {
      hub.close();
      for (const p of gtpPlayers.values()) void p.then((player) => player.close()).catch(() => {});
      gtpPlayers.clear();
      server.closeAllConnections();
      server.close(() => ok());
    }),
  };
}
