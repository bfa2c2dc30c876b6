// The binary position file: write/read round trips on generated games, merge with dedup by
// canonical key (symmetric copies included), deterministic split, refusal of truncated and
// damaged files naming the file and the check, text <-> binary round trips, and WTHOR input.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BLACK, HI, Position, WHITE, canonicalKey, isSenteError, popcount, transformSet, writeWthor } from '@sente/core';
import { bootstrapTable, evaluateSlow } from '@sente/search';
import { FEATURES, buildDataset } from '../dataset.js';
import { formatGameLine } from '../gamefile.js';
import { randomGame as randomGameOf } from '../testutil.js';
import {
  BLOCK_RECORDS, HEADER_BYTES, LABEL_EXACT, LABEL_GAME, LABEL_SEARCH, loadPositionFiles, testSetError, RECORD_BYTES, SOURCE_SELFPLAY, SOURCE_TEXT, SOURCE_WTHOR,
  canonicalWords, convertGameFile, convertText, convertToText, convertWthor, forEachBlock, gamePositions, inputKind,
  inspectPositions, mergePositions, readHeader, readPositions, samplePositions, splitPositions, writePositions, type PositionRecord,
} from './index.js';

const dir = mkdtempSync(join(tmpdir(), 'sente-data-'));

/** A random finished game (moves without passes) and black's final score. */
const randomGame = (seed: number) => randomGameOf(seed, 91);

/** The positions of `games` random games as records (every position where the mover has a move). */
function generated(games: number, seed = 1): PositionRecord[] {
  const out: PositionRecord[] = [];
  for (let g = 0; g < games; g++) {
    const { moves, blackScore } = randomGame(seed * 1000 + g);
    gamePositions(moves, blackScore, {}, (p, label) => {
      out.push({ playerLo: p.bb[0], playerHi: p.bb[1], opponentLo: p.bb[2], opponentHi: p.bb[3], side: p.side, label, kind: (g % 2) * LABEL_EXACT, source: SOURCE_SELFPLAY, game: g });
    });
  }
  return out;
}

function expectRejected(fn: () => unknown, file: string, check: RegExp): void {
  let error: unknown;
  try { fn(); } catch (e) { error = e; }
  expect(isSenteError(error, 'corrupt-dataset'), String(error)).toBe(true);
  expect((error as Error).message).toContain(file);
  expect((error as Error).message).toMatch(check);
}

describe('position file', () => {
  it('round-trips every field through several blocks, 24 bytes a position', () => {
    const records = generated(200);
    expect(records.length).toBeGreaterThan(2 * BLOCK_RECORDS);
    const file = join(dir, 'round.spos');
    expect(writePositions(file, records)).toBe(records.length);
    expect(readPositions(file)).toEqual(records);
    const h = readHeader(file);
    expect(h.count).toBe(records.length);
    expect(h.blocks).toBe(Math.ceil(records.length / BLOCK_RECORDS));
    expect(statSync(file).size).toBe(HEADER_BYTES + h.blocks * 8 + records.length * RECORD_BYTES);
    // Blocks arrive in order with their first index.
    let next = 0;
    forEachBlock(file, (_w, n, first) => { expect(first).toBe(next); next += n; });
    expect(next).toBe(records.length);
    const info = inspectPositions(file, true);
    expect(info.positions).toBe(records.length);
    expect(info.kinds.game + info.kinds.exact).toBe(records.length);
    expect(info.empties.reduce((a, b) => a + b, 0)).toBe(records.length);
    expect(info.bytesPerPosition).toBeLessThan(24.01);
  });

  it('writes an empty file that reads back empty', () => {
    const file = join(dir, 'empty.spos');
    expect(writePositions(file, [])).toBe(0);
    expect(readPositions(file)).toEqual([]);
  });

  it('labels are the final score from the mover\'s view (replayed by our rules)', () => {
    const { moves, blackScore } = randomGame(5);
    const p = Position.initial();
    let seen = 0;
    gamePositions(moves, blackScore, {}, (q, label) => {
      seen++;
      expect(label).toBe(q.side === BLACK ? blackScore : -blackScore);
    });
    for (const m of moves) { if (p.mustPass()) p.makePass(); p.makeMove(m); }
    expect(seen).toBe(moves.length);
    expect(gamePositions(moves, blackScore + 2, {}, () => { throw new Error('no position of a wrongly scored game'); })).toBe(false);
  });

  it('merge drops duplicates and symmetric copies by canonical key, keeping the first', () => {
    const records = generated(30, 2);
    const a = join(dir, 'a.spos'), b = join(dir, 'b.spos'), out = join(dir, 'merged.spos');
    writePositions(a, records);
    // b: every record of a under a symmetry (transform 5) plus one new position.
    const mirrored = records.map((r) => {
      const pLo = transformSet(r.playerLo, r.playerHi, 5), pHi = HI[0];
      const oLo = transformSet(r.opponentLo, r.opponentHi, 5), oHi = HI[0];
      return { ...r, playerLo: pLo, playerHi: pHi, opponentLo: oLo, opponentHi: oHi, game: r.game + 1000 };
    });
    writePositions(b, mirrored);
    const distinct = new Set(records.map((r) => {
      const k = canonicalKey(r.playerLo, r.playerHi, r.opponentLo, r.opponentHi);
      return `${k.playerLo},${k.playerHi},${k.opponentLo},${k.opponentHi}`;
    }));
    const s = mergePositions([a, b], out);
    expect(s.read).toBe(2 * records.length);
    expect(s.positions).toBe(distinct.size);
    expect(s.duplicates).toBe(2 * records.length - distinct.size);
    const merged = readPositions(out);
    // First occurrences, in input order: all from a.
    expect(merged.every((r) => r.game < 1000)).toBe(true);
    expect(inspectPositions(out).deduplicated).toBe(true);
    expect(inspectPositions(out, true).duplicates).toBe(0);
    // Without dedup, everything is kept.
    expect(mergePositions([a, b], out, false).positions).toBe(2 * records.length);
  });

  it('canonicalWords agrees with canonicalKey', () => {
    const w = new Int32Array(4);
    for (const r of generated(5, 3)) {
      const k = canonicalKey(r.playerLo, r.playerHi, r.opponentLo, r.opponentHi);
      canonicalWords(r.playerLo, r.playerHi, r.opponentLo, r.opponentHi, w);
      expect([w[0] >>> 0, w[1] >>> 0, w[2] >>> 0, w[3] >>> 0]).toEqual([k.playerLo, k.playerHi, k.opponentLo, k.opponentHi]);
    }
  });

  it('split is deterministic, whole games on one side, nothing lost', () => {
    const records = generated(100, 4);
    const file = join(dir, 'all.spos');
    writePositions(file, records);
    const t1 = join(dir, 'train.spos'), v1 = join(dir, 'valid.spos');
    const s = splitPositions(file, t1, v1, 0.2);
    expect(s.first + s.second).toBe(records.length);
    expect(s.second).toBeGreaterThan(0);
    expect(s.first).toBeGreaterThan(s.second);
    const train = readPositions(t1), valid = readPositions(v1);
    const trainGames = new Set(train.map((r) => r.game));
    expect(valid.some((r) => trainGames.has(r.game))).toBe(false);
    const again = splitPositions(file, join(dir, 't2.spos'), join(dir, 'v2.spos'), 0.2);
    expect(again).toEqual(s);
    expect(readFileSync(join(dir, 'v2.spos'))).toEqual(readFileSync(v1));
    expect(splitPositions(file, join(dir, 't3.spos'), join(dir, 'v3.spos'), 0.2, 'position').first + splitPositions(file, join(dir, 't3.spos'), join(dir, 'v3.spos'), 0.2, 'position').second).toBe(records.length);
    // The fitter's validation games are chosen by the same hash with another salt, so the part a
    // split keeps for training still holds about its share of them (with one rule it held none).
    const gamesOf = (rs: readonly PositionRecord[]): Set<number> => new Set(rs.map((r) => r.game));
    const kept = loadPositionFiles([t1], { validation: 0.2 });
    expect(kept.train.count + kept.validation.count).toBe(s.first);
    const share = kept.validation.count / s.first;
    expect(share).toBeGreaterThan(0.08);
    expect(share).toBeLessThan(0.35);
    expect(gamesOf(train).size).toBeGreaterThan(50);
    // Game ids are each file's own numbering: two files count their games apart (the split keeps
    // both files' games), one file given twice counts them once.
    const one = loadPositionFiles([file], { validation: 0.2 });
    const ids = gamesOf(records).size;
    expect(one.trainGames + one.validationGames).toBe(ids);
    const copy = join(dir, 'all-copy.spos');
    writePositions(copy, records);
    const both = loadPositionFiles([file, copy], { validation: 0.2 });
    expect(both.trainGames + both.validationGames).toBe(2 * ids);
    expect(both.train.count + both.validation.count).toBe(2 * records.length);
    const twice = loadPositionFiles([file, file], { validation: 0.2 });
    expect(twice.trainGames + twice.validationGames).toBe(ids);
    expect(twice.train.count + twice.validation.count).toBe(2 * records.length);
  });

  it('sample keeps at most the quota of each count of empties, in file order, the same on every run', () => {
    const records = generated(60, 5);
    const file = join(dir, 'sample-in.spos');
    writePositions(file, records);
    const empties = (r: PositionRecord): number => 64 - popcount(r.playerLo, r.playerHi) - popcount(r.opponentLo, r.opponentHi);
    const have = new Array<number>(61).fill(0);
    for (const r of records) have[empties(r)]++;
    const out = join(dir, 'sample-out.spos');
    const s = samplePositions(file, out, 20, 10, 50, 3);
    const kept = readPositions(out);
    expect(kept).toHaveLength(s.positions);
    const got = new Array<number>(61).fill(0);
    for (const r of kept) got[empties(r)]++;
    for (let e = 0; e <= 60; e++) expect(got[e], `empties ${e}`).toBe(e < 10 || e > 50 ? 0 : Math.min(20, have[e]));
    expect(s.perEmpties).toEqual(got);
    expect(s.short).toEqual(Array.from({ length: 41 }, (_, i) => i + 10).filter((e) => have[e] < 20));
    // A sub-sequence of the input, records unchanged.
    let j = 0;
    for (const r of records) if (j < kept.length && JSON.stringify(r) === JSON.stringify(kept[j])) j++;
    expect(j).toBe(kept.length);
    // Deterministic; another seed draws another sample of the same sizes.
    samplePositions(file, join(dir, 'sample-again.spos'), 20, 10, 50, 3);
    expect(readFileSync(join(dir, 'sample-again.spos')).subarray(HEADER_BYTES)).toEqual(readFileSync(out).subarray(HEADER_BYTES));
    const other = samplePositions(file, join(dir, 'sample-other.spos'), 20, 10, 50, 4);
    expect(other.perEmpties).toEqual(s.perEmpties);
    expect(readPositions(join(dir, 'sample-other.spos'))).not.toEqual(kept);
    expect(() => samplePositions(file, out, 0)).toThrow(/quota/);
    expect(() => samplePositions(file, out, 5, 30, 20)).toThrow(/range/);
  });

  it('refuses truncated, damaged and foreign files, naming the file and the check', () => {
    const file = join(dir, 'good.spos');
    writePositions(file, generated(60, 5));
    const bytes = readFileSync(file);
    const bad = join(dir, 'bad.spos');
    writeFileSync(bad, bytes.subarray(0, bytes.length - 10));
    expectRejected(() => readPositions(bad), bad, /size check failed.*truncated/);
    writeFileSync(bad, bytes.subarray(0, 30));
    expectRejected(() => readPositions(bad), bad, /header check failed/);
    const flipped = Buffer.from(bytes);
    flipped[HEADER_BYTES + 4 + 100] ^= 0x10;
    writeFileSync(bad, flipped);
    expectRejected(() => readPositions(bad), bad, /block 0 CRC-32 check failed/);
    const header = Buffer.from(bytes);
    header[20] ^= 1;
    writeFileSync(bad, header);
    expectRejected(() => readPositions(bad), bad, /header CRC-32 check failed/);
    writeFileSync(bad, Buffer.concat([bytes, Buffer.alloc(3)]));
    expectRejected(() => readPositions(bad), bad, /size check failed.*trailing/);
    writeFileSync(bad, 'f5d6c3\n');
    expectRejected(() => readPositions(bad), bad, /magic check failed/);
    expectRejected(() => readPositions(join(dir, 'missing.spos')), 'missing.spos', /cannot be opened/);
    // A failed write leaves no file behind under the real name.
    const never = join(dir, 'never.spos');
    expect(() => writePositions(never, [{ playerLo: 1, playerHi: 0, opponentLo: 1, opponentHi: 0, side: 0, label: 0, kind: 0, source: 0, game: 0 }, null as never])).toThrow();
    expect(() => statSync(never)).toThrow();
  });

  it('converts text to binary and back exactly', async () => {
    const records = generated(10, 6);
    const text = records.map((r) => {
      let board = '';
      for (let s = 0; s < 64; s++) {
        const bit = (lo: number, hi: number): number => (s < 32 ? (lo >>> s) & 1 : (hi >>> (s - 32)) & 1);
        board += bit(r.playerLo, r.playerHi) ? 'X' : bit(r.opponentLo, r.opponentHi) ? 'O' : '-';
      }
      return `${board} ${r.label}\n`;
    }).join('');
    const txt = join(dir, 'in.txt'), bin = join(dir, 'text.spos'), back = join(dir, 'back.txt');
    writeFileSync(txt, `# published-style training positions\n${text}`);
    expect(inputKind(txt)).toBe('text');
    // With a UTF-8 byte-order mark too.
    const bom = join(dir, 'bom.txt');
    writeFileSync(bom, `\uFEFF${text}`);
    expect(inputKind(bom)).toBe('text');
    expect((await convertText(bom, join(dir, 'bom.spos'))).positions).toBe(records.length);
    const s = await convertText(txt, bin);
    expect(s.positions).toBe(records.length);
    const read = readPositions(bin);
    expect(read.map((r) => [r.playerLo, r.playerHi, r.opponentLo, r.opponentHi, r.label])).toEqual(records.map((r) => [r.playerLo, r.playerHi, r.opponentLo, r.opponentHi, r.label]));
    expect(read.every((r) => r.source === SOURCE_TEXT && r.kind === LABEL_GAME)).toBe(true);
    convertToText(bin, back);
    expect(readFileSync(back, 'utf8')).toBe(text);
    writeFileSync(txt, `${text}XXXX 3\n`);
    await expect(convertText(txt, join(dir, 'never2.spos'))).rejects.toThrow(new RegExp(`${txt.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:${records.length + 1}`));
    // A board with fewer than the start's four discs is no position of a game (its evaluation has no phase).
    writeFileSync(txt, `${'-'.repeat(27)}OX------X${'-'.repeat(28)} 10\n`);
    await expect(convertText(txt, join(dir, 'never3.spos'))).rejects.toThrow(/:1: 3 discs: a position of a game has at least the start's 4/);
  });

  it('converts a game file, leaving out the random opening when asked', () => {
    const games = [0, 1, 2].map((i) => ({ index: i, ...randomGame(40 + i), build: 'x', seed: 1, openingPlies: 10 + i }));
    const file = join(dir, 'games.txt');
    writeFileSync(file, games.map(formatGameLine).join(''));
    expect(inputKind(file)).toBe('games');
    const all = convertGameFile(file, join(dir, 'g.spos'), SOURCE_SELFPLAY);
    const late = convertGameFile(file, join(dir, 'late.spos'), SOURCE_SELFPLAY, { skipOpening: true });
    expect(all.games).toBe(3);
    expect(all.positions - late.positions).toBe(10 + 11 + 12);
  });

  it('converts a WTHOR database (generated) with theoretical-score labels', () => {
    const games = [0, 1, 2, 3].map((i) => randomGame(60 + i));
    const wtb = join(dir, 'small.wtb');
    writeFileSync(wtb, writeWthor(games.map((g) => ({ moves: g.moves }))));
    expect(inputKind(wtb)).toBe('wthor');
    const out = join(dir, 'wthor.spos');
    const s = convertWthor(wtb, out);
    expect(s.games).toBe(4);
    expect(s.positions).toBe(games.reduce((a, g) => a + g.moves.length, 0));
    const read = readPositions(out);
    expect(read.every((r) => r.source === SOURCE_WTHOR)).toBe(true);
    // The first position of game 2 is the start position, black to move, labelled with black's score.
    const first = read.find((r) => r.game === 2)!;
    expect(first.side).toBe(BLACK);
    expect(first.label).toBe(games[2].blackScore);
  });

  it('labels every complete WTHOR game by its theoretical score, also one whose moves end at another, with the kind asked for', () => {
    const games = [0, 1].map((i) => randomGame(80 + i));
    // Game 1's theoretical score (black's discs) differs from where its moves end.
    const theory = (32 + games[1].blackScore / 2 + 10) % 65;
    const wtb = join(dir, 'theory.wtb');
    writeFileSync(wtb, writeWthor([{ moves: games[0].moves }, { moves: games[1].moves, theoreticalScore: theory }]));
    const out = join(dir, 'theory.spos');
    const s = convertWthor(wtb, out, { kind: LABEL_EXACT });
    expect([s.games, s.skipped]).toEqual([2, 0]);
    const read = readPositions(out);
    expect(read.every((r) => r.kind === LABEL_EXACT)).toBe(true);
    const start = read.find((r) => r.game === 1)!;
    expect(start.label).toBe(2 * theory - 64);
    expect(start.label).not.toBe(games[1].blackScore);
  });

  it('gives each position the game id of its WTHOR record, also after a record that is left out', () => {
    const games = [0, 1, 2].map((i) => randomGame(90 + i));
    const wtb = join(dir, 'gap.wtb');
    // Record 1 stops after 10 moves (an incomplete game): it is left out, and record 2 keeps id 2.
    writeFileSync(wtb, writeWthor([{ moves: games[0].moves }, { moves: games[1].moves.slice(0, 10) }, { moves: games[2].moves }]));
    const out = join(dir, 'gap.spos');
    const s = convertWthor(wtb, out);
    expect([s.games, s.skipped]).toEqual([2, 1]);
    const read = readPositions(out);
    expect([...new Set(read.map((r) => r.game))].sort()).toEqual([0, 2]);
    expect(read.filter((r) => r.game === 2).length).toBe(games[2].moves.length);
    expect(read.find((r) => r.game === 2)!.label).toBe(games[2].blackScore);
  });
});

describe('position files for the fitter and the test set', () => {
  it('loadPositionFiles gives exactly the rows buildDataset gives for the same games (sorted by empties)', () => {
    const games = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => ({ index: i, ...randomGame(300 + i), build: 'x', seed: 1, openingPlies: 0 }));
    const file = join(dir, 'fit-games.txt');
    writeFileSync(file, games.map(formatGameLine).join(''));
    const spos = join(dir, 'fit.spos');
    convertGameFile(file, spos, SOURCE_SELFPLAY);
    const reference = buildDataset(games, { validation: 0 });
    reference.train.sortByEmpties();
    let progress = 0;
    const loaded = loadPositionFiles([spos], { validation: 0, onProgress: (done) => { progress = done; } });
    expect(progress).toBe(reference.train.count);
    expect(loaded.train.count).toBe(reference.train.count);
    expect(loaded.train.bytes()).toBe(reference.train.count * (FEATURES * 4 + 6));
    expect(Array.from(loaded.train.offsets)).toEqual(Array.from(reference.train.offsets.subarray(0, reference.train.count * FEATURES)));
    expect(Array.from(loaded.train.labels)).toEqual(Array.from(reference.train.labels.subarray(0, reference.train.count)));
    expect(Array.from(loaded.train.empties)).toEqual(Array.from(reference.train.empties.subarray(0, reference.train.count)));
    // A validation split by game: whole games on one side, nothing lost.
    const split = loadPositionFiles([spos], { validation: 0.3 });
    expect(split.train.count + split.validation.count).toBe(reference.train.count);
  });

  it('the test-set error is deterministic and equals the slow reference', () => {
    const records = generated(20, 7).map((r) => ({ ...r, kind: [LABEL_EXACT, LABEL_SEARCH, LABEL_GAME][r.game % 3] }));
    const file = join(dir, 'testset.spos');
    writePositions(file, records);
    const table = bootstrapTable();
    const a = testSetError(table, file);
    expect(testSetError(table, file)).toEqual(a);
    const abs = [0, 0, 0], n = [0, 0, 0];
    // By empties too: the bands (0-9, ..., 50-60) the positions fall in.
    const bands = new Map<number, { n: number; abs: number; nx: number; absx: number }>();
    for (const r of records) {
      const p = r.side === BLACK ? Position.fromColors(r.playerLo, r.playerHi, r.opponentLo, r.opponentHi, BLACK) : Position.fromColors(r.opponentLo, r.opponentHi, r.playerLo, r.playerHi, WHITE);
      const e = Math.abs(evaluateSlow(p, table) / table.scale - r.label);
      abs[r.kind] += e;
      n[r.kind]++;
      const from = Math.min(50, Math.floor(p.emptyCount() / 10) * 10);
      const b = bands.get(from) ?? { n: 0, abs: 0, nx: 0, absx: 0 };
      b.n++; b.abs += e;
      if (r.kind === LABEL_EXACT) { b.nx++; b.absx += e; }
      bands.set(from, b);
    }
    expect(a.positions).toBe(records.length);
    expect(a.mae).toBeCloseTo((abs[0] + abs[1] + abs[2]) / records.length, 3);
    // Each label kind apart: game results are neither exact nor search labels.
    expect(n.every((k) => k > 0)).toBe(true);
    expect(a.exactMae).toBeCloseTo(abs[LABEL_EXACT] / n[LABEL_EXACT], 3);
    expect(a.searchMae).toBeCloseTo(abs[LABEL_SEARCH] / n[LABEL_SEARCH], 3);
    expect(a.gameMae).toBeCloseTo(abs[LABEL_GAME] / n[LABEL_GAME], 3);
    expect(a.mae).toBeGreaterThan(1);
    // By empties: each band against the same reference.
    expect(bands.size).toBeGreaterThan(2);
    expect(a.byEmpties.map((b) => b.from)).toEqual([...bands.keys()].sort((x, y) => x - y));
    for (const b of a.byEmpties) {
      const ref = bands.get(b.from)!;
      expect(b.to).toBe(b.from === 50 ? 60 : b.from + 9);
      expect(b.positions).toBe(ref.n);
      expect(b.mae).toBeCloseTo(ref.abs / ref.n, 3);
      if (ref.nx > 0) expect(b.exactMae).toBeCloseTo(ref.absx / ref.nx, 3);
      else expect(b.exactMae).toBeNull();
    }
    expect(a.byEmpties.reduce((s, b) => s + b.positions, 0)).toBe(records.length);
  });
});
