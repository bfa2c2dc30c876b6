// Go on the tournament runner, in-process: three players (a sente setting and two fake GTP
// engines that always pass; games between two sente settings go to the worker pool, which runs
// from dist/, so test/go-tournament.test.ts covers them through the CLI) in a round robin on 5x5 with Elo; the CSV read back is replayed and
// rescored by our rules (an edited score or an illegal move is refused with its line); the SGF
// archive read back by our SGF reader holds the same games (moves, players, results), each
// legal under our rules; a resume after a crash keeps each game once in both files.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { go as rules } from '@sente/core';
import { runTournament, standings, type GameResult } from '../tournament.js';
import { uniqueNames, type PlayerSpec } from '../players.js';
import { go as search } from '@sente/search';
import { GO_CSV_COLUMNS, GO_SGF_FORMAT, goTournamentGame, parseGoPlayerSpec, readGoArchive, readGoResults, senteOptionsOf } from './tournament-game.js';

const SHIPPED_PRIORS = fileURLToPath(new URL('../../../builds/go/priors.json', import.meta.url));
const FAKE = fileURLToPath(new URL('../../../../test/fixtures/fake-go-gtp.cjs', import.meta.url));
let dir = '';
beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'sente-go-tournament-')); });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function spec(text: string): PlayerSpec {
  const r = parseGoPlayerSpec(text);
  if (!r.ok) throw new Error(r.error);
  return r.spec;
}

function sameGames(sgfPath: string, results: readonly GameResult[]): number[] {
  const text = readFileSync(sgfPath, 'utf8');
  const parsed = rules.parseSgfCollection(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const byKey = new Map(results.map((r) => [r.key, r]));
  for (const g of parsed.value) {
    const r = byKey.get(Number(g.gameName))!;
    expect(r).toBeDefined();
    expect([g.playerBlack, g.playerWhite, g.size, g.komi]).toEqual([r.black, r.white, 5, 0.5]);
    expect(g.moves.map((m) => m.point)).toEqual(r.moves);
    // Replayed by our rules (sgfToBoard refuses an illegal move).
    expect(rules.sgfToBoard(g).ok).toBe(true);
    const margin = rules.parseMargin(g.result)!;
    expect(Number.isFinite(margin) ? margin : Math.sign(margin) * 25).toBe(r.blackScore);
    expect(g.comment ?? 'normal').toBe(r.reason);
  }
  return parsed.value.map((g) => Number(g.gameName));
}

describe('Go tournaments on the tournament runner', () => {
  it('parses Go player specs with name= and refuses bad ones', () => {
    expect(parseGoPlayerSpec('sente:playouts=50,time=2s,resign=0,seed=3,name=fast')).toEqual({ ok: true, spec: { kind: 'go-engine', name: 'fast', playouts: 50, timeMs: 2000, resign: 0, seed: 3 } });
    expect(parseGoPlayerSpec('gtp:gnugo --mode gtp')).toEqual({ ok: true, spec: { kind: 'gtp', name: 'gtp:gnugo --mode gtp', command: 'gnugo --mode gtp' } });
    expect(parseGoPlayerSpec('sente:speed=3')).toEqual({ ok: false, error: expect.stringMatching(/unknown setting speed/) });
    expect(parseGoPlayerSpec('sente:playouts=50,priors=0,name=old')).toEqual({ ok: true, spec: { kind: 'go-engine', name: 'old', playouts: 50, priors: false } });
    expect(parseGoPlayerSpec('sente:playouts=50,threads=2,name=two')).toEqual({ ok: true, spec: { kind: 'go-engine', name: 'two', playouts: 50, threads: 2 } });
    expect(parseGoPlayerSpec('sente:threads=0')).toEqual({ ok: false, error: expect.stringMatching(/threads must be a whole number from 1 to 64/) });
    expect(parseGoPlayerSpec('sente:threads=1.5')).toEqual({ ok: false, error: expect.stringMatching(/threads must be a whole number/) });
    expect(parseGoPlayerSpec('sente:time=1s,expand=8,name=e8')).toEqual({ ok: true, spec: { kind: 'go-engine', name: 'e8', timeMs: 1000, expandAt: 8 } });
    expect(parseGoPlayerSpec('sente:expand=1')).toEqual({ ok: false, error: expect.stringMatching(/expand must be a whole number from 2 to 1000/) });
    const nk = parseGoPlayerSpec('sente:time=1s,nakade=1,name=nk');
    expect(nk).toEqual({ ok: true, spec: { kind: 'go-engine', name: 'nk', timeMs: 1000, nakade: true } });
    if (nk.ok && nk.spec.kind === 'go-engine') expect(senteOptionsOf(nk.spec, 1).nakade).toBe(true);
    expect(parseGoPlayerSpec('sente:nakade=0,name=plain')).toEqual({ ok: true, spec: { kind: 'go-engine', name: 'plain', nakade: false } });
    expect(parseGoPlayerSpec('sente:nakade=yes')).toEqual({ ok: false, error: expect.stringMatching(/nakade must be 0 or 1/) });
    const op = parseGoPlayerSpec('sente:time=1s,opening=0,name=op');
    expect(op).toEqual({ ok: true, spec: { kind: 'go-engine', name: 'op', timeMs: 1000, opening: false } });
    if (op.ok && op.spec.kind === 'go-engine') expect(senteOptionsOf(op.spec, 1).opening).toBe(false);
    expect(parseGoPlayerSpec('sente:opening=2')).toEqual({ ok: false, error: expect.stringMatching(/opening must be 0 or 1/) });
    const sw = parseGoPlayerSpec('sente:score=0.05,name=sw');
    expect(sw).toEqual({ ok: true, spec: { kind: 'go-engine', name: 'sw', scoreWeight: 0.05 } });
    if (sw.ok && sw.spec.kind === 'go-engine') expect(senteOptionsOf(sw.spec, 1).scoreWeight).toBe(0.05);
    for (const bad of ['0.6', '-0.1', '', 'x']) expect(parseGoPlayerSpec(`sente:score=${bad}`)).toEqual({ ok: false, error: expect.stringMatching(/score must be a number from 0 to 0.5/) });
    expect(parseGoPlayerSpec('sente:priors=2')).toEqual({ ok: false, error: expect.stringMatching(/priors: cannot read .*2: ENOENT/) });
    expect(parseGoPlayerSpec('sente:playouts=0')).toEqual({ ok: false, error: expect.stringMatching(/playouts must be a whole number from 1/) });
    expect(parseGoPlayerSpec('sente:time=0.1ms')).toEqual({ ok: false, error: expect.stringMatching(/time: .*too short/) });
    expect(parseGoPlayerSpec('alphago')).toEqual({ ok: false, error: expect.stringMatching(/use "sente/) });
  });

  it('priors=FILE reads a priors file once, checked: the engine gets its weights; a damaged copy is refused by its checksum', () => {
    const text = readFileSync(SHIPPED_PRIORS, 'utf8');
    const good = join(dir, 'priors.json');
    writeFileSync(good, text);
    const r = parseGoPlayerSpec(`sente:time=1s,priors=${good},name=p`);
    expect(r).toEqual({ ok: true, spec: { kind: 'go-engine', name: 'p', timeMs: 1000, priorsFile: good } });
    if (!r.ok || r.spec.kind !== 'go-engine') throw new Error('unreachable');
    const decoded = search.decodePriors(text);
    if (!decoded.ok) throw new Error(decoded.error);
    expect(senteOptionsOf(r.spec, 1).priors).toEqual(decoded.value);
    // A setting given twice is refused, not the last one used; priors=0 is the hand-made priors.
    expect(parseGoPlayerSpec(`sente:priors=${good},priors=0`)).toEqual({ ok: false, error: `"sente:priors=${good},priors=0": priors is given more than once` });
    const off = parseGoPlayerSpec('sente:priors=0');
    if (!off.ok || off.spec.kind !== 'go-engine') throw new Error('expected a sente spec');
    expect(senteOptionsOf(off.spec, 1).priors).toBe(false);
    // One weight changed, the checksum left: refused, naming the file and the check.
    const bad = join(dir, 'priors-bad.json');
    const first = /"local":\{"shapes":\{"(\d+)":(-?[\d.e-]+)/.exec(text);
    if (!first) throw new Error('no shape weight in the shipped priors');
    writeFileSync(bad, text.replace(first[0], first[0].replace(`:${first[2]}`, `:${Number(first[2]) + 1}`)));
    expect(parseGoPlayerSpec(`sente:priors=${bad}`)).toEqual({ ok: false, error: expect.stringMatching(new RegExp(`priors: ${bad.replace(/[.]/g, '\\.')}: corrupt Go priors: checksum [0-9a-f]{8} does not match`)) });
  });

  it('a round robin of three with Elo, the CSV replayed and rescored, the SGF archive the same games; resume keeps each game once', async () => {
    const csvPath = join(dir, 'go.csv');
    const archivePath = join(dir, 'go.sgf');
    const players = uniqueNames([spec('sente:playouts=20,resign=0,name=a'), spec(`gtp:node ${FAKE} pass`), spec(`gtp:node ${FAKE} pass`)]);
    const o = {
      players, gamesPerPair: 2, openings: [[]], workers: 1, buildsDir: dir, csvPath, archivePath, moveTimeoutMs: 20_000,
      game: goTournamentGame({ size: 5, komi: 0.5 }), settings: { size: 5, komi: 0.5 },
    };
    const summary = await runTournament(o);
    expect(summary.results).toHaveLength(6);
    expect(readFileSync(csvPath, 'utf8').split('\n')[0]).toBe(GO_CSV_COLUMNS.join(','));
    const results = readGoResults(csvPath);
    expect(results.map((r) => r.key).sort()).toEqual([0, 1, 2, 3, 4, 5]);
    for (const r of results) {
      // The fakes only pass: sente, which does not pass while it has a move worth playing, wins every game against them on
      // the board; between the fakes the empty board is white's by the komi (W+0.5).
      if (r.black === 'a' || r.white === 'a') expect(r.black === 'a' ? r.blackScore > 0 : r.blackScore < 0).toBe(true);
      else expect([r.moves, r.blackScore, r.go!.refereeScore]).toEqual([[rules.PASS, rules.PASS], -0.5, 'W+0.5']);
      expect(['passes', 'move-cap', 'resign']).toContain(r.go!.end);
      if (r.go!.end === 'passes') expect(r.go!.refereeScore).toBe(rules.formatMargin(r.blackScore));
    }
    const table = standings(results, players.map((p) => p.name));
    expect(table.map((t) => [t.name, t.elo.wins, t.elo.losses, t.forfeits])).toEqual([['a', 4, 0, 0], [`gtp:node ${FAKE} pass`, 1, 3, 0], [`gtp:node ${FAKE} pass#2`, 1, 3, 0]]);
    expect([...sameGames(archivePath, results)].sort()).toEqual([0, 1, 2, 3, 4, 5]);

    // Edited by hand: a score, a move. Each is refused with its line.
    const lines = readFileSync(csvPath, 'utf8').split('\n');
    const scored = lines.findIndex((l, i) => i > 0 && l.includes(',normal,passes,') && /,5,0\.5,[A-T]\d /.test(l));
    const bad = [...lines];
    const f = bad[scored].split(',');
    bad[scored] = bad[scored].replace(`,${f[6]},${f[7]},normal,`, `,${Number(f[6]) + 2},${f[7]},normal,`);
    writeFileSync(join(dir, 'bad.csv'), bad.join('\n'));
    expect(() => readGoResults(join(dir, 'bad.csv'))).toThrow(new RegExp(`bad\\.csv:${scored + 1}: game \\d+: black_score`));
    const moved = [...lines];
    moved[scored] = moved[scored].replace(/,5,0\.5,([A-T]\d) /, ',5,0.5,$1 $1 ');
    writeFileSync(join(dir, 'moved.csv'), moved.join('\n'));
    expect(() => readGoResults(join(dir, 'moved.csv'))).toThrow(/moved\.csv:\d+: game \d+: move 2 \((white|black) [A-T]\d\) is illegal/);

    // A crash: the CSV's last line cut short, the archive's last game half written.
    writeFileSync(csvPath, `${lines.slice(0, -2).join('\n')}\n${lines[lines.length - 2].slice(0, 15)}`);
    const sgf = readFileSync(archivePath, 'utf8');
    const cut = sgf.lastIndexOf('(;');
    writeFileSync(archivePath, sgf.slice(0, cut + 30));
    expect(readGoArchive(sgf)).toHaveLength(6);
    const replayed: number[] = [];
    const played: number[] = [];
    const resumed = await runTournament({ ...o, resume: true, onGame: (r, _d, _t, _s, again) => (again ? replayed : played).push(r.key) });
    expect(resumed.results).toHaveLength(6);
    // The five whole games are read back, not played again; only the cut one is played.
    expect(replayed).toHaveLength(5);
    expect(played).toHaveLength(1);
    expect(new Set([...replayed, ...played]).size).toBe(6);
    const after = readGoResults(csvPath);
    expect(after).toHaveLength(6);
    expect(readFileSync(csvPath, 'utf8').split('\n').slice(0, 6)).toEqual(lines.slice(0, 6));
    expect([...sameGames(archivePath, after)].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    // Changed settings are refused on resume.
    await expect(runTournament({ ...o, resume: true, settings: { size: 5, komi: 6.5 } })).rejects.toThrow(/--resume: komi was 0.5, now 6.5/);
  }, 300_000);
});

describe('the Go archive\'s complete records', () => {
  it('keeps whole records (LF, CRLF, no last newline) and drops only a record cut short', () => {
    const a = '(;GM[1]SZ[5];B[cc])\n';
    const b = '(;GM[1]SZ[5];B[bb];W[cc])\n';
    expect(GO_SGF_FORMAT.complete(a + b)).toBe(a + b);
    expect(GO_SGF_FORMAT.complete(a + b.slice(0, 12))).toBe(a);
    const crlf = (a + b).replace(/\n/g, '\r\n');
    expect(GO_SGF_FORMAT.complete(crlf)).toBe(crlf);
    expect(GO_SGF_FORMAT.complete(crlf.slice(0, -2))).toBe(crlf.slice(0, -2));
    expect(GO_SGF_FORMAT.complete(crlf + b.slice(0, 9))).toBe(crlf);
    // Nothing complete: nothing kept (before, the first character was).
    expect(GO_SGF_FORMAT.complete(b.slice(0, 9))).toBe('');
    expect(GO_SGF_FORMAT.complete('')).toBe('');
  });
});
