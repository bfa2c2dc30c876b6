// `sente play` through a pipe: scripted input (moves, bad input, hint, undo, save) and a whole
// game driven by reading the legal moves it prints, ending with saved transcript and GGF files.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BLACK, PASS, ggfResult, parseGgf, parseTranscript, unwrap } from '@sente/core';
import { CLI } from './gtp-referee.js';

const dir = mkdtempSync(join(tmpdir(), 'sente-play-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sente play', () => {
  it('follows a script: moves, bad input, hint, undo, save', () => {
    const input = ['f5', 'zz', 'a1', 'hint', 'undo', 'undo', 'e6', 'save', `save ${join(dir, 'short.txt')}`, 'quit', 'f4'].join('\n') + '\n';
    const r = spawnSync(process.execPath, [CLI, 'play', '--depth', '1'], { input, encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(0);
    const out = r.stdout;
    expect(out).toContain('you are black (X)');
    expect(out).toContain('black to move (you); legal: d3 c4 f5 e6');
    expect(out).toMatch(/sente plays [a-h][1-8] \(score/);
    expect(out).toContain('error: "zz" is neither a move nor a command');
    expect(out).toMatch(/error: a1 is not legal; legal: /);
    expect(out).toMatch(/hint: [a-h][1-8] \(score/);
    expect(out).toContain('nothing to undo');
    expect(out).toContain('error: usage: save <file>');
    // The last move is bracketed on the board.
    expect(out).toMatch(/\[[XO]\]/);
    const transcript = readFileSync(join(dir, 'short.txt'), 'utf8').trim();
    expect(transcript).toMatch(/^e6[a-h][1-8]$/);
    const ggf = parseGgf(readFileSync(join(dir, 'short.ggf'), 'utf8'));
    expect(ggf.ok && ggf.value.moves.map((m) => m.square)).toEqual(unwrap(parseTranscript(transcript)).moves);
    expect(ggf.ok && ggf.value.tags.PB).toBe('human');
    // Nothing after quit is read.
    expect(out).not.toContain('f4 is not legal');
  });

  it('starts from a given position with --start', () => {
    const r = spawnSync(process.execPath, [CLI, 'play', '--depth', '1', '--start', 'f5d6', '--color', 'black'], { input: 'quit\n', encoding: 'utf8', timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    // After f5 d6 black is to move, with the legal moves of that position.
    expect(r.stdout).toContain('black to move (you); legal: c3 c4 c5 c6 c7');
    const bad = spawnSync(process.execPath, [CLI, 'play', '--start', 'f5f5'], { input: 'quit\n', encoding: 'utf8', timeout: 60_000 });
    expect(bad.status).toBe(2);
  });

  it('plays a whole game as white, driven by the legal moves it prints', async () => {
    const child = spawn(process.execPath, [CLI, 'play', '--depth', '1', '--color', 'white'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let answered = 0;
    const file = join(dir, 'whole');
    await new Promise<void>((resolve, reject) => {
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        out += chunk;
        const prompts = out.match(/to move \(you\); legal: ([a-h][1-8])/g) ?? [];
        while (answered < prompts.length) {
          child.stdin.write(`${prompts[answered].slice(-2)}\n`);
          answered++;
        }
        if (/game over: /.test(out) && !child.stdin.writableEnded) child.stdin.end(`save ${file}\nquit\n`);
      });
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`exit ${code}: ${out.slice(-500)}`))));
      setTimeout(() => { child.kill(); reject(new Error(`no game over: ${out.slice(-500)}`)); }, 60_000);
    });
    expect(out).toMatch(/game over: (black wins by \d+|white wins by \d+|a draw)/);
    const replay = parseTranscript(readFileSync(`${file}.txt`, 'utf8'));
    expect(replay.ok && replay.value.position.isGameOver()).toBe(true);
    const ggf = parseGgf(readFileSync(`${file}.ggf`, 'utf8'));
    expect(ggf.ok).toBe(true);
    if (!ggf.ok || !replay.ok) return;
    expect(ggf.value.moves.filter((m) => m.square !== PASS).map((m) => m.square)).toEqual(replay.value.moves);
    // The result, printed and in the file, is black's score by the rules on the replayed game.
    const end = replay.value.position;
    const forBlack = end.side === BLACK ? end.finalScore() : -end.finalScore();
    expect(ggfResult(ggf.value.tags.RE)).toBe(forBlack);
    expect(out).toContain(`game over: ${forBlack === 0 ? 'a draw' : `${forBlack > 0 ? 'black' : 'white'} wins by ${Math.abs(forBlack)}`}`);
    expect(ggf.value.tags.PW).toBe('human');
  });
});
