// Pieces the pages share: build pickers, positions from pasted text, result text.
import { BLACK, PASS, Position, formatBoard, parseBoard, parseObf, parseTranscript, squareName, type ObfMove } from '@sente/core';
import { currentConfig } from '../api.js';
import { h } from '../dom.js';

export function buildSelect(id: string, selected?: string, extra: { value: string; label: string }[] = []): HTMLSelectElement {
  const c = currentConfig();
  const sel = h('select', { id });
  for (const e of extra) sel.append(h('option', { value: e.value }, e.label));
  for (const b of c.builds) sel.append(h('option', { value: b.id }, `${b.id}${b.id === c.strongest ? ' (strongest)' : ''}`));
  sel.value = selected ?? c.strongest;
  return sel;
}

export function numberInput(id: string, value: number, min: number, max: number): HTMLInputElement {
  return h('input', { id, type: 'number', value, min, max, step: 1 });
}

export function label(text: string, control: HTMLElement): HTMLLabelElement {
  return h('label', {}, `${text} `, control);
}

export function cellsOf(pos: Position): string {
  return formatBoard(pos).slice(0, 64);
}

export function moveName(m: number): string {
  return m === PASS ? 'pass' : squareName(m);
}

/** Black's final disc difference of a finished game, as our rules count it (empties to the winner). */
export function blackResult(pos: Position): number {
  return pos.side === BLACK ? pos.finalScore() : -pos.finalScore();
}

export function resultText(blackScore: number): string {
  if (blackScore > 0) return `Black wins by ${blackScore}`;
  if (blackScore < 0) return `White wins by ${-blackScore}`;
  return 'Draw';
}

export interface ParsedInput {
  readonly position: Position;
  readonly kind: 'transcript' | 'board' | 'obf';
  readonly moves: number[];
  readonly listed: ObfMove[];
}

/** A transcript, a board string with the side to move, or an OBF line; an error message otherwise. */
export function parsePositionText(text: string): ParsedInput | string {
  const t = text.trim();
  if (t === '') return { position: Position.initial(), kind: 'transcript', moves: [], listed: [] };
  if (t.includes(';')) {
    const r = parseObf(t);
    return r.ok ? { position: r.value.position, kind: 'obf', moves: [], listed: r.value.moves } : `OBF: ${r.error.message}`;
  }
  if (t.replace(/\s/g, '').length >= 65 && /^[-.XOxo*\s]+[XOxoBbWw*]\s*$/.test(t)) {
    const r = parseBoard(t);
    return r.ok ? { position: r.value, kind: 'board', moves: [], listed: [] } : `board: ${r.error.message}`;
  }
  const r = parseTranscript(t);
  return r.ok ? { position: r.value.position, kind: 'transcript', moves: r.value.moves, listed: [] } : `transcript: ${r.error.message}`;
}

export function errorBox(message: string): HTMLElement {
  return h('p', { class: 'error', role: 'alert' }, message);
}
