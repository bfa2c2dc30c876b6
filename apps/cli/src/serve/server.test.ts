// The lab server's safety rules, over real HTTP on a loopback port: paths that leave the app,
// build or archive folders are refused (raw, encoded, backslashed, through a symlink); oversized
// bodies and URLs are refused; a token guards every request when set; a request addressed to
// another host name is refused (DNS rebinding); a played game is checked by our rules before it is
// saved; corrupt archive files are listed with their errors while the good ones still serve.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, appendFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLACK, Position, formatGgf, formatTranscript, go } from '@sente/core';
import { CSV_COLUMNS } from '@sente/selfplay';
import { webAppDir } from '@sente/web';
import { fileUnder, startLabServer, type LabServer } from './server.js';
import { LiveEvents, tournamentState } from './watch.js';
import { readTrainingCsv } from './builds-info.js';

const tmp = mkdtempSync(join(tmpdir(), 'sente-serve-'));
const app = join(tmp, 'app');
const archive = join(tmp, 'archive');
const builds = join(tmp, 'builds');
const SECRET = join(tmp, 'secret.txt');

interface Reply { status: number; body: string; headers: Record<string, string | string[] | undefined> }

function http(port: number, path: string, o: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: o.method ?? 'GET', headers: o.headers }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => { body += c.toString(); });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (o.body !== undefined) req.write(o.body);
    req.end();
  });
}

/** A finished game: the last legal move each turn (passes implicit). */
function finishedGame(): { moves: number[]; transcript: string; end: Position; blackScore: number } {
  const p = Position.initial();
  const moves: number[] = [];
  while (!p.isGameOver()) {
    if (p.mustPass()) { p.makePass(); continue; }
    const legal = p.legalMoveList();
    p.makeMove(legal[legal.length - 1]);
    moves.push(legal[legal.length - 1]);
  }
  return { moves, transcript: formatTranscript(moves), end: p, blackScore: p.side === BLACK ? p.finalScore() : -p.finalScore() };
}
const GAME = finishedGame();
const RE = GAME.blackScore > 0 ? `+${GAME.blackScore}` : String(GAME.blackScore);
const header = CSV_COLUMNS.join(',');

let lab: LabServer;
let guarded: LabServer;

beforeAll(async () => {
  cpSync(webAppDir, app, { recursive: true });
  writeFileSync(SECRET, 'top secret\n');
  symlinkSync(SECRET, join(app, 'link.txt'));
  mkdirSync(join(archive, 'sub'), { recursive: true });
  mkdirSync(builds);
  symlinkSync(SECRET, join(archive, 'leak.ggf'));
  writeFileSync(join(archive, 'bad.ggf'), '(;GM[Othello]PB[a]PW[b]TY[8]B[a1];)\n');
  writeFileSync(join(archive, 'bad.csv'), 'not,a,tournament\n1,2,3\n');
  writeFileSync(join(archive, 'sub', 'garbage.sgf'), Buffer.from([0, 1, 2, 255, 254, 40, 59, 66, 91]));
  writeFileSync(join(archive, 'games.txt'), `0 ${GAME.transcript} ${RE} gen3 1 0\n1 f5zz +2 gen3 1 0\n`);
  writeFileSync(join(archive, 'good.ggf'), `${formatGgf({ moves: [37, 43, 18], black: 'x', white: 'y' })}\n`);
  // Go with setup between moves: replayed from the position the last setup node makes.
  writeFileSync(join(archive, 'problem.sgf'), '(;GM[1]SZ[5]KM[0.5]PB[p]PW[q];B[cc];W[bc];AE[cc]AB[dd]PL[W];W[cd];B[dc])\n');
  lab = await startLabServer({ port: 0, archiveDir: archive, buildsDir: builds, appDir: app, maxBodyBytes: 4096 });
  guarded = await startLabServer({ port: 0, buildsDir: builds, appDir: app, token: 'correct-horse' });
});
afterAll(async () => {
  await lab?.close();
  await guarded?.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe('sente serve: files stay inside their folders', () => {
  it('fileUnder refuses every way out of the root', () => {
    expect(fileUnder(app, '/index.html')).toBe(join(app, 'index.html'));
    for (const p of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2F..%2Fsecret.txt', '/..\\secret.txt', '/%00index.html', '/link.txt', '/%E0%A4%A']) {
      expect(fileUnder(app, p), p).toBeNull();
    }
  });

  it('over HTTP: traversal, encoded traversal, symlinks and bad build ids get no file', async () => {
    for (const p of ['/../secret.txt', '/../../../../etc/passwd', '/%2e%2e/%2e%2e/secret.txt', '/assets/..%2f..%2f..%2fsecret.txt', '/link.txt', '/..%5csecret.txt']) {
      const r = await http(lab.port, p);
      expect(r.status, p).toBeGreaterThanOrEqual(400);
      expect(r.body, p).not.toContain('top secret');
      expect(r.body, p).not.toContain('root:');
    }
    const b = await http(lab.port, '/api/builds/..%2F..%2Fsecret.txt/table');
    expect(b.status).toBe(404);
    expect(JSON.parse(b.body).error).toMatch(/unknown build/);
    expect((await http(lab.port, '/api/archive/game?id=..%2F..%2Fsecret.txt%230')).status).toBe(404);
    expect((await http(lab.port, '/api/watch?file=..%2Fsecret.csv')).status).toBe(403);
    expect((await http(lab.port, '/api/watch?file=%2Fetc%2Fx.csv')).status).toBe(403);
    // The index is served, with the security headers.
    const index = await http(lab.port, '/');
    expect(index.status).toBe(200);
    expect(index.body).toContain('<title>sente lab</title>');
    expect(index.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(index.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a request addressed to another host name is refused (DNS rebinding)', async () => {
    const r = await http(lab.port, '/sente-config.json', { headers: { host: 'attacker.example:80' } });
    expect(r.status).toBe(403);
    expect((await http(lab.port, '/sente-config.json', { headers: { host: `localhost:${lab.port}` } })).status).toBe(200);
  });

  it('methods other than GET, HEAD and POST are refused', async () => {
    expect((await http(lab.port, '/', { method: 'PUT', body: 'x' })).status).toBe(405);
    expect((await http(lab.port, '/index.html', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(405);
  });
});

describe('sente serve: requests are bounded', () => {
  it('an oversized body is refused with 413, declared or not', async () => {
    const big = JSON.stringify({ game: 'othello', ggf: 'x'.repeat(10_000) });
    const declared = await http(lab.port, '/api/games', { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(big.length) }, body: big });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body).error).toMatch(/over the 4096-byte limit/);
    const chunked = await http(lab.port, '/api/games', { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, body: big });
    expect(chunked.status).toBe(413);
    // The server is still there.
    expect((await http(lab.port, '/sente-config.json')).status).toBe(200);
  });

  it('an overlong URL is refused with 414, oversized headers by Node with 431', async () => {
    expect((await http(lab.port, `/api/archive?player=${'a'.repeat(5000)}`)).status).toBe(414);
    expect((await http(lab.port, '/', { headers: { 'x-big': 'b'.repeat(20_000) } })).status).toBe(431);
  });

  it('bad query values are refused with 400', async () => {
    expect((await http(lab.port, '/api/archive?limit=100000')).status).toBe(400);
    expect((await http(lab.port, '/api/archive?result=maybe')).status).toBe(400);
  });
});

describe('sente serve: the archive', () => {
  it('lists each corrupt file with its error, and the good games', async () => {
    const r = await http(lab.port, '/api/archive');
    expect(r.status).toBe(200);
    const a = JSON.parse(r.body) as { files: { name: string; kind: string; games: number; error?: string }[]; total: number; games: { id: string; black: string }[] };
    const byName = new Map(a.files.map((f) => [f.name, f]));
    expect(byName.get('bad.ggf')?.error).toMatch(/a1.*not legal/);
    expect(byName.get('bad.csv')?.error).toMatch(/is not a tournament results file/);
    expect(byName.get('bad.csv')?.error).not.toContain(tmp);
    expect(byName.get('sub/garbage.sgf')?.error).toBeTruthy();
    expect(byName.get('games.txt')?.error).toMatch(/unreadable line/);
    expect(byName.get('good.ggf')).toEqual({ name: 'good.ggf', kind: 'ggf', games: 1 });
    // A link out of the archive folder is listed but never read.
    expect(byName.get('leak.ggf')?.error).toMatch(/links out of the archive folder/);
    expect(r.body).not.toContain('top secret');
    expect(a.total).toBe(3);
    expect(a.games.map((x) => x.id).sort()).toEqual(['games.txt#0', 'good.ggf#0', 'problem.sgf#0']);
    const g = await http(lab.port, '/api/archive/game?id=good.ggf%230');
    expect(JSON.parse(g.body)).toMatchObject({ kind: 'othello', moves: [37, 43, 18], tags: { PB: 'x', PW: 'y' } });
    const p = JSON.parse((await http(lab.port, '/api/archive/game?id=problem.sgf%230')).body) as { setupBlack: number[]; setupWhite: number[]; moves: number[] };
    const pt = (s: string): number => {
      const r = go.parseSgfPoint(5, s);
      return r.ok ? r.value : -1;
    };
    expect([p.setupBlack, p.setupWhite, p.moves]).toEqual([[pt('dd')], [pt('bc')], [pt('cd'), pt('dc')]]);
  });

  it('a played game is checked by our rules before it is saved', async () => {
    const post = (body: unknown, headers: Record<string, string> = {}): Promise<Reply> => http(lab.port, '/api/games', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    expect((await post({ game: 'othello', ggf: '(;GM[Othello]TY[8]B[a1];)' })).status).toBe(400);
    expect((await post({ game: 'chess', pgn: '1. e4' })).status).toBe(400);
    expect((await http(lab.port, '/api/games', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{not json' })).status).toBe(400);
    expect((await http(lab.port, '/api/games', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' })).status).toBe(415);
    const ggf = formatGgf({ moves: GAME.moves, black: 'me', white: 'sente-gen3' });
    expect((await post({ game: 'othello', ggf }, { origin: 'http://attacker.example' })).status).toBe(403);
    const ok = await post({ game: 'othello', ggf });
    expect(ok.status).toBe(201);
    const file = JSON.parse(ok.body).file as string;
    expect(file).toMatch(/^played\/\d{8}T\d{6}Z(-\d+)?\.ggf$/);
    expect(readFileSync(join(archive, file), 'utf8')).toBe(`${ggf}\n`);
    const list = JSON.parse((await http(lab.port, '/api/archive?player=SENTE-gen')).body);
    expect(list.total).toBe(1);
    expect(list.games[0].result).toBe(RE);
    expect(list.games[0].transcript).toBe(GAME.transcript);
  });

  it('follows a tournament CSV: the state comes from the files, a line cut short is not counted', () => {
    const csv = join(tmp, 't.csv');
    const result = GAME.blackScore > 0 ? '1-0' : GAME.blackScore < 0 ? '0-1' : '1/2-1/2';
    const line = (key: number, black: string, white: string): string => [key, black, white, '', GAME.transcript, GAME.end.blackCount(), GAME.end.whiteCount(), GAME.blackScore, result, 'normal', 30, 300, 30, 300, ...Array(CSV_COLUMNS.length - 14).fill('')].join(',');
    writeFileSync(csv, `${header}\n${line(0, 'a', 'b')}\n`);
    writeFileSync(`${csv}.settings.json`, JSON.stringify({ players: [{ name: 'a' }, { name: 'b' }], games: 4, gauntlet: false, sprt: null }));
    let s = tournamentState(csv, 't.csv');
    expect(s).toMatchObject({ done: 1, total: 4, players: ['a', 'b'], finished: false });
    const winner = GAME.blackScore > 0 ? 'a' : 'b';
    expect(s.standings[0]).toMatchObject({ name: winner, wins: 1, games: 1, high: null });
    appendFileSync(csv, `${line(1, 'b', 'a')}\n${line(2, 'a', 'b').slice(0, 30)}`);
    s = tournamentState(csv, 't.csv');
    expect(s.done).toBe(2);
    expect(s.standings.find((x) => x.name === 'a')).toMatchObject({ wins: 1, losses: 1 });
    expect(s.recent[0].key).toBe(1);
    writeFileSync(csv, `${header}\n${line(0, 'a', 'b').replace(`,${GAME.blackScore},${result},`, `,${GAME.blackScore + 2},${result},`)}\n`);
    expect(tournamentState(csv, 't.csv').error).toMatch(new RegExp(`t\\.csv:2: game 0: black_score ${GAME.blackScore + 2} does not follow`));
  });
});

describe('training curves (training.csv)', () => {
  it('reads the totals of older files and the per-phase columns of newer ones (empty: no positions)', () => {
    const old = join(tmp, 'old-training.csv');
    writeFileSync(old, 'epoch,train_rms,validation_rms,ms\n1,20.5,20.9,10\n2,18.25,19.5,10\n');
    expect(readTrainingCsv(old)).toEqual([{ epoch: 1, train: 20.5, validation: 20.9 }, { epoch: 2, train: 18.25, validation: 19.5 }]);
    const phased = join(tmp, 'phased-training.csv');
    writeFileSync(phased, 'epoch,train_rms,validation_rms,ms,validation_rms_p0,validation_rms_p1,validation_rms_p2\n1,10.5,12.25,7,14.5,,9.75\nbad line\n');
    expect(readTrainingCsv(phased)).toEqual([{ epoch: 1, train: 10.5, validation: 12.25, phases: [14.5, null, 9.75] }]);
    writeFileSync(old, 'epoch,rms\n1,2\n');
    expect(() => readTrainingCsv(old)).toThrow(/lacks epoch, train_rms, validation_rms/);
  });
});

describe('live events (sente tournament --events)', () => {
  it('are read incrementally: partial lines wait, bad lines are skipped, a truncated file starts over', () => {
    const path = join(tmp, 'live.events.jsonl');
    writeFileSync(path, `${JSON.stringify({ game: 3, black: 'a', white: 'b', moves: 'f5', t: 1 })}\nnot json\n{"game":3,"black":"a","white":"b","moves":"f5d6","t":2}\n{"game":4,"bl`);
    const live = new LiveEvents(path);
    live.read();
    expect([...live.games.values()]).toEqual([{ key: 3, black: 'a', white: 'b', transcript: 'f5d6', t: 2 }]);
    appendFileSync(path, 'ack":"b","white":"a","moves":"d3","t":3}\n');
    live.read();
    expect(live.games.get(4)).toEqual({ key: 4, black: 'b', white: 'a', transcript: 'd3', t: 3 });
    writeFileSync(path, `${JSON.stringify({ game: 0, black: 'x', white: 'y', moves: 'c4', t: 5 })}\n`);
    live.read();
    expect([...live.games.keys()]).toEqual([0]);
  });
});

describe('sente serve --token', () => {
  it('refuses requests without the token; accepts it as a bearer header, a query (setting a cookie) or the cookie', async () => {
    expect((await http(guarded.port, '/')).status).toBe(401);
    expect((await http(guarded.port, '/sente-config.json', { headers: { authorization: 'Bearer wrong-horse!' } })).status).toBe(401);
    expect((await http(guarded.port, '/sente-config.json', { headers: { authorization: 'Bearer correct-horse' } })).status).toBe(200);
    const q = await http(guarded.port, '/?token=correct-horse');
    expect(q.status).toBe(200);
    const cookie = String(q.headers['set-cookie']);
    expect(cookie).toMatch(/^sente_token=correct-horse; HttpOnly; SameSite=Strict/);
    expect((await http(guarded.port, '/sente-config.json', { headers: { cookie: 'sente_token=correct-horse' } })).status).toBe(200);
    expect(guarded.url).toMatch(/\?token=correct-horse$/);
    // Without --archive the archive routes say how to get one.
    const a = await http(guarded.port, '/api/archive', { headers: { authorization: 'Bearer correct-horse' } });
    expect(a.status).toBe(404);
    expect(JSON.parse(a.body).error).toMatch(/--archive DIR/);
  });
});
