// Unit tests of the queue's pure parts: Redis URLs (passwords, TLS, databases, bad input), the
// replay check of returned items (legal, finished, consistent games and book scores accepted;
// forged ones refused with the reason), the identity check, and what names a run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalKey, Position } from '@sente/core';
import { bootstrapTable, clearBuildCache, createEngine, EvalTable, positionOfKey, solvePosition } from '@sente/search';
import { LABEL_EXACT, LABEL_SEARCH } from '../data/format.js';
import { setPosition } from '../data/load.js';
import { DEFAULT_OPENINGS_FILE, readOpeningsFile } from '../openings.js';
import { playSelfplayGame, type SelfplaySettings } from '../selfplay.js';
import { refereeGame } from '../referee.js';
import { enginePlayer } from '../engine-player.js';
import { parseRedisUrl, redact } from './connection.js';
import { identityMismatch, localIdentity } from './identity.js';
import { runName } from './names.js';
import { invalidItem, liveMove, MAX_LIVE_MOVES } from './validate.js';
import { buildChecksums, type LocalTask } from './transport.js';
import { saveBuild } from '../registry.js';

describe('Redis URLs', () => {
  it('reads host, port, database, user and password; rediss:// turns TLS on', () => {
    const a = parseRedisUrl('redis://:p%40ss@10.0.0.5:6380/2');
    expect(a.ok && a.options).toEqual({ host: '10.0.0.5', port: 6380, db: 2, password: 'p@ss' });
    const b = parseRedisUrl('rediss://sente:pw@redis.example.org');
    expect(b.ok && b.options).toEqual({ host: 'redis.example.org', port: 6379, db: 0, username: 'sente', password: 'pw', tls: { servername: 'redis.example.org' } });
    expect(b.ok && b.where).toBe('rediss://redis.example.org');
  });
  it('refuses other schemes, garbage and bad databases, never echoing the password', () => {
    const r = parseRedisUrl('http://:secret@host:1');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/scheme must be redis:\/\/ or rediss:\/\//);
    expect(!r.ok && r.error).not.toMatch(/secret/);
    expect(parseRedisUrl('not a url').ok).toBe(false);
    expect(parseRedisUrl('redis://host/x').ok).toBe(false);
    expect(redact('redis://u:secret@h:1/0')).toBe('redis://u:***@h:1/0');
  });
});

describe('identity and run names', () => {
  it('a different version or pattern set is a mismatch with the reason', () => {
    const me = localIdentity();
    expect(me.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(identityMismatch(me, me)).toBeNull();
    expect(identityMismatch({ ...me, version: '9.9.9' }, me)).toBe(`the job needs sente 9.9.9, this worker runs sente ${me.version}`);
    expect(identityMismatch({ ...me, patterns: 'abc' }, me)).toMatch(/pattern set abc/);
  });
  it('run names depend on everything that identifies the run', () => {
    expect(runName('selfplay', '/a', { depth: 1 })).toBe(runName('selfplay', '/a', { depth: 1 }));
    expect(runName('selfplay', '/a', { depth: 1 })).not.toBe(runName('selfplay', '/a', { depth: 2 }));
    expect(runName('selfplay', '/a', { depth: 1 })).not.toBe(runName('selfplay', '/b', { depth: 1 }));
  });
  it('a build retrained under the same id changes the checksums that name the run', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sente-runname-'));
    try {
      const save = (value: number): void => {
        const t = new EvalTable(2, 64);
        t.weights.fill(value);
        saveBuild(dir, { id: 'mine', table: t, parent: null, games: 0, positions: 0, validationError: null }, true);
        clearBuildCache();
      };
      save(1);
      const first = buildChecksums(dir, ['mine', 'gen3', 'mine']);
      expect(first).toHaveLength(2);
      expect(first[0]).toMatch(/^mine:[0-9a-f]{64}:-$/);
      expect(first[1]).toMatch(/^gen3:[0-9a-f]{64}:[0-9a-f]{64}$/);
      expect(buildChecksums(dir, ['mine', 'gen3'])).toEqual(first);
      save(2);
      const second = buildChecksums(dir, ['mine', 'gen3']);
      expect(second[0]).not.toBe(first[0]);
      expect(second[1]).toBe(first[1]);
      expect(runName('label', '/out', second)).not.toBe(runName('label', '/out', first));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the replay check of returned items', () => {
  const settings: SelfplaySettings = {
    build: 'bootstrap', buildsDir: '', depth: 1, exact: 6, randomness: 2, randomPlies: 30, seed: 3,
    openings: { kind: 'file', path: DEFAULT_OPENINGS_FILE },
  };
  const task: LocalTask = { kind: 'selfplay', settings, keys: [5] };
  const engine = createEngine({ table: bootstrapTable(), build: 'bootstrap' });
  const game = playSelfplayGame(engine, settings, 5);

  it('accepts a real self-play game and refuses forged ones, saying why', () => {
    expect(invalidItem(task, 5, game)).toBeNull();
    expect(invalidItem(task, 6, game)).toMatch(/game index 5 returned for game 6/);
    expect(invalidItem(task, 5, { ...game, blackScore: game.blackScore + 2 })).toMatch(/recorded score/);
    expect(invalidItem(task, 5, { ...game, moves: game.moves.slice(0, -1) })).toMatch(/not finished/);
    const illegal = [...game.moves];
    illegal[20] = illegal[19];
    expect(invalidItem(task, 5, { ...game, moves: illegal })).toMatch(/move 2\d is illegal/);
    expect(invalidItem(task, 5, { ...game, build: 'other' })).toMatch(/build other/);
    const xot = readOpeningsFile(DEFAULT_OPENINGS_FILE);
    expect(xot.ok && xot.value[5].length).toBe(game.openingPlies);
    expect(invalidItem(task, 5, { ...game, moves: [...game.moves].reverse() })).toMatch(/opening|illegal/);
    expect(invalidItem(task, 5, null)).toBe('not an object');
    expect(invalidItem(task, 5, { ...game, moves: 'f5d6' })).toMatch(/not squares/);
  });

  it('accepts a data-mode game (random opening of its own length) and refuses one with another opening', () => {
    const data: SelfplaySettings = { ...settings, randomOpening: [10, 40] };
    const dataTask: LocalTask = { kind: 'selfplay', settings: data, keys: [4] };
    const g = playSelfplayGame(engine, data, 4);
    expect(g.openingPlies).toBeGreaterThanOrEqual(10);
    expect(invalidItem(dataTask, 4, g)).toBeNull();
    const other = playSelfplayGame(engine, data, 5);
    expect(invalidItem(dataTask, 4, { ...other, index: 4 })).toMatch(/does not start with the random opening of game 4/);
    // An XOT game is not a data-mode game of the run.
    expect(invalidItem(dataTask, 5, game)).toMatch(/random opening|game index/);
  });

  it('checks tournament results against their opening, score and result', async () => {
    const spec = { kind: 'engine' as const, name: 'b', build: 'bootstrap', depth: 1, exact: 6 };
    const opening = [37, 43, 34];
    const match: LocalTask = { kind: 'match', buildsDir: '', games: [{ key: 2, black: spec, white: { ...spec, name: 'w' }, opening }] };
    const r = await refereeGame(enginePlayer('b', engine, spec), enginePlayer('w', engine, spec), opening, { game: 2 });
    expect(invalidItem(match, 2, r)).toBeNull();
    expect(invalidItem(match, 3, r)).toMatch(/not in the job/);
    expect(invalidItem(match, 2, { ...r, result: r.result === '1-0' ? '0-1' : '1-0' })).toMatch(/does not match the score/);
    expect(invalidItem(match, 2, { ...r, blackDiscs: r.blackDiscs + 1 })).toMatch(/disc counts/);
    expect(invalidItem(match, 2, { ...r, moves: [19, ...r.moves.slice(1)] })).toMatch(/scheduled opening/);
  });

  it('checks tournament results against the job\'s rules: adjudication, clock', async () => {
    const spec = { kind: 'engine' as const, name: 'b', build: 'bootstrap', depth: 1, exact: 6 };
    const opening = [37, 43, 34];
    const games = [{ key: 2, black: spec, white: { ...spec, name: 'w' }, opening }];
    const plain: LocalTask = { kind: 'match', buildsDir: '', games };
    const exact10: LocalTask = { kind: 'match', buildsDir: '', games, rules: { adjudicateExact: 10 } };
    const players = [enginePlayer('b', engine, spec), enginePlayer('w', engine, { ...spec, name: 'w' })] as const;
    const full = await refereeGame(players[0], players[1], opening, { game: 2 });
    const adjudicated = await refereeGame(players[0], players[1], opening, { game: 2, adjudicateExact: 10 });
    expect(full.reason).toBe('normal');
    expect(adjudicated.reason).toMatch(/^adjudicated \(exact 10\)/);
    expect(invalidItem(plain, 2, full)).toBeNull();
    expect(invalidItem(exact10, 2, adjudicated)).toBeNull();
    // A game played to the end under exact=10, or adjudicated where the job has no such rule or another.
    expect(invalidItem(exact10, 2, full)).toMatch(/played to the end past 10 empties/);
    expect(invalidItem(plain, 2, adjudicated)).toMatch(/adjudicated at exact 10, the job's rule is no exact adjudication/);
    expect(invalidItem({ ...exact10, rules: { adjudicateExact: 12 } }, 2, adjudicated)).toMatch(/the job's rule is exact 12/);
    // Resignation adjudication and time losses need their rule.
    const resigned = { ...full, reason: 'adjudicated (resign 20,3): white scored itself -20 or worse and black agreed, for 3 moves' };
    expect(invalidItem(plain, 2, resigned)).toMatch(/adjudicated by resign 20,3, not the job's rule/);
    const onTime = { ...full, reason: 'time (white): 900 ms for d3 with 100 ms left (1+0.01, margin 0ms)' };
    expect(invalidItem(plain, 2, onTime)).toBe('lost on time in a job without a clock');
    // A forfeit (a crash) mid-game: the disc counts must be the position's at the forfeit.
    const cut = full.moves.slice(0, 20);
    const at = Position.initial();
    for (const m of cut) { if (at.mustPass()) at.makePass(); at.makeMove(m); }
    const crash = { ...full, moves: cut, reason: 'crash (white): exited', blackScore: 64, result: '1-0', blackDiscs: at.blackCount(), whiteDiscs: at.whiteCount() };
    expect(invalidItem(plain, 2, crash)).toBeNull();
    expect(invalidItem(plain, 2, { ...crash, blackDiscs: crash.blackDiscs + 1 })).toBe('the disc counts do not match the position of the forfeit');
  });

  it('checks live move reports: a game of the job, its players, legal moves from its opening, at most 60', async () => {
    const spec = { kind: 'engine' as const, name: 'b', build: 'bootstrap', depth: 1, exact: 6 };
    const opening = [37, 43, 34];
    const match: LocalTask = { kind: 'match', buildsDir: '', games: [{ key: 2, black: spec, white: { ...spec, name: 'w' }, opening }, { key: 4, black: spec, white: { ...spec, name: 'w' }, opening: [] }] };
    const reports: number[][] = [];
    const r = await refereeGame(enginePlayer('b', engine, spec), enginePlayer('w', engine, spec), opening, { game: 2, onMove: (m) => reports.push([...m]) });
    expect(reports.length).toBe(r.moves.length - opening.length);
    // Every position the referee reported is accepted, as the scheduled players' names.
    for (const moves of reports) expect(liveMove(match, [2, 4], { key: 2, black: 'b', white: 'w', moves })).toEqual({ key: 2, black: 'b', white: 'w', moves });
    const good = { key: 2, black: 'b', white: 'w', moves: reports[10] };
    // Not one of the job's games (or of this job), other players, not this kind of job.
    expect(liveMove(match, [2, 4], { ...good, key: 3 })).toMatch(/not one of the job's games/);
    expect(liveMove(match, [4], good)).toMatch(/not one of the job's games/);
    expect(liveMove(match, [2], { ...good, key: '2' })).toMatch(/not one of the job's games/);
    expect(liveMove(match, [2, 4], { ...good, white: 'someone else' })).toMatch(/not the scheduled ones/);
    expect(liveMove({ kind: 'book', buildsDir: '', build: 'bootstrap', depth: 2, keys: [2], positions: [[0, 0, 0, 0]] }, [2], good)).toMatch(/book job has no live games/);
    expect(liveMove(match, [2], null)).toBe('not an object');
    // Illegal moves, another opening, not squares, oversized.
    const illegal = [...reports[10]];
    illegal[8] = illegal[7];
    expect(liveMove(match, [2], { ...good, moves: illegal })).toMatch(/move 9 is illegal/);
    expect(liveMove(match, [2], { ...good, moves: [19, ...reports[10].slice(1)] })).toMatch(/scheduled opening/);
    expect(liveMove(match, [2], { ...good, moves: opening.slice(0, 2) })).toMatch(/scheduled opening/);
    expect(liveMove(match, [2], { ...good, moves: 'f5d6c3' })).toMatch(/at most 60 moves/);
    expect(liveMove(match, [2], { ...good, moves: [...reports[10], 64] })).toMatch(/not squares/);
    expect(liveMove(match, [2], { ...good, moves: [...r.moves, ...r.moves] })).toMatch(/at most 60 moves/);
    expect(liveMove(match, [4], { key: 4, black: 'b', white: 'w', moves: new Array(MAX_LIVE_MOVES + 1).fill(37) })).toMatch(/at most 60 moves/);
    expect(liveMove(match, [4], { key: 4, black: 'b', white: 'w', moves: new Array(1_000_000).fill(37) })).toMatch(/at most 60 moves/);
    // A move after the end of the game is refused (as too long when the board is full).
    expect(r.reason).toBe('normal');
    expect(liveMove(match, [2], { ...good, moves: [...r.moves, 0] })).toMatch(r.moves.length < 60 ? /after the end of the game/ : /at most 60 moves/);
  });

  it('checks position labels: the kind the empties call for, in range, even when exact, and solved again at few empties', () => {
    // Positions of the self-play game above at 30 empties and at 6.
    const g = game;
    const at = (empties: number): [number, number, number, number, number] => {
      const p = Position.initial();
      for (const m of g.moves) {
        if (p.emptyCount() === empties) break;
        if (p.mustPass()) p.makePass();
        p.makeMove(m);
      }
      expect(p.emptyCount()).toBe(empties);
      const side = p.side;
      return [p.bb[0], p.bb[1], p.bb[2], p.bb[3], side];
    };
    const label: LocalTask = { kind: 'label', buildsDir: '', build: 'bootstrap', depth: 2, exact: 8, keys: [3, 9], positions: [at(30), at(6)] };
    const q = new Position();
    setPosition(q, ...label.positions[1]);
    const solved = solvePosition(q, { pv: false }).score;
    expect(invalidItem(label, 3, [12, LABEL_SEARCH])).toBeNull();
    expect(invalidItem(label, 9, [solved, LABEL_EXACT])).toBeNull();
    expect(invalidItem(label, 4, [12, LABEL_SEARCH])).toMatch(/position 4 is not in the job/);
    expect(invalidItem(label, 3, [12, LABEL_EXACT])).toMatch(/an exact label at 30 empties \(exact at or below 8\)/);
    expect(invalidItem(label, 9, [solved, LABEL_SEARCH])).toMatch(/a search label at 6 empties/);
    expect(invalidItem(label, 3, [65, LABEL_SEARCH])).toMatch(/outside -64\.\.64/);
    expect(invalidItem(label, 3, [1.5, LABEL_SEARCH])).toMatch(/not a \[label, kind\] pair/);
    expect(invalidItem(label, 3, { label: 1 })).toMatch(/not a \[label, kind\] pair/);
    expect(invalidItem(label, 9, [solved + 1, LABEL_EXACT])).toMatch(/is odd/);
    const wrong = solved >= 62 ? solved - 2 : solved + 2;
    expect(invalidItem(label, 9, [wrong, LABEL_EXACT])).toBe(`exact label ${wrong}, the solver gives ${solved}`);
  });

  it('checks book scores: one per legal move, in range', () => {
    const p = Position.initial();
    p.makeMove(37);
    const key = canonicalKey(p.bb[0], p.bb[1], p.bb[2], p.bb[3]);
    const book: LocalTask = { kind: 'book', buildsDir: '', build: 'bootstrap', depth: 2, keys: [0], positions: [[key.playerLo | 0, key.playerHi | 0, key.opponentLo | 0, key.opponentHi | 0]] };
    const scores = engine.analyze(positionOfKey({ ...key, transform: 0 }), 2);
    expect(invalidItem(book, 0, scores)).toBeNull();
    expect(invalidItem(book, 0, scores.slice(1))).toMatch(/not the legal moves/);
    expect(invalidItem(book, 0, scores.map((s, i) => (i === 0 ? { ...s, score: 99, exact: true } : s)))).toMatch(/out of range/);
  });
});
