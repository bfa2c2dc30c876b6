// Messages between the page and the engine worker. Positions travel as board strings (64 cells
// and the side to move, core's formatBoard), Go games as their move lists, so nothing but plain
// data crosses the boundary.

export interface MoveScoreMsg { move: number; score: number; exact: boolean }
export interface ThinkMsg {
  move: number; score: number; pv: number[]; depth: number; nodes: number; ms: number; exact: boolean; book: boolean;
  /** How long the request waited in the worker behind earlier ones (ms). */
  queuedMs?: number;
}

export type WorkerRequest =
  | { type: 'load'; build: string; tableUrl: string; bookUrl?: string }
  | { type: 'think'; build: string; board: string; depth?: number; exactFrom: number; timeMs?: number }
  | { type: 'analyze'; build: string; board: string; depth: number; exactFrom: number }
  | { type: 'evaluateGame'; build: string; boards: string[]; depth: number }
  | { type: 'book'; build: string; board: string }
  | { type: 'goMove'; size: number; komi: number; moves: number[]; playouts?: number; timeMs?: number; seed: number };

export interface BookMoveMsg { move: number; score: number }

export type WorkerReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: string };
