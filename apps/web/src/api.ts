// The page's view of where its data comes from: `sente serve` (mode "server": the API under
// api/), or the files of a static build (mode "static": sente-config.json lists the builds and
// their tables sit under builds/). Every URL is relative to the page, so both work anywhere.
import type { WorkerRequest, WorkerReply } from './protocol.js';
import type { BuildInfo } from '../index.js';

export type { BuildInfo };

export interface Config {
  mode: 'server' | 'static';
  version: string;
  strongest: string;
  builds: BuildInfo[];
  archive: boolean;
  /** External GTP programs the server may run for Play (none in the static app). */
  gtp?: string[];
}

let config: Config | null = null;

export async function getJson<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  const text = await res.text();
  if (!res.ok) {
    let message = text;
    try { message = (JSON.parse(text) as { error?: string }).error ?? text; } catch { /* plain text */ }
    throw new Error(`${url}: ${message || `HTTP ${res.status}`}`);
  }
  return JSON.parse(text) as T;
}

export async function loadConfig(): Promise<Config> {
  if (!config) config = await getJson<Config>('sente-config.json');
  return config;
}

export function currentConfig(): Config {
  if (!config) throw new Error('configuration not loaded');
  return config;
}

export function buildInfo(id: string): BuildInfo {
  const c = currentConfig();
  const wanted = id === 'strongest' ? c.strongest : id;
  const b = c.builds.find((x) => x.id === wanted);
  if (!b) throw new Error(`unknown build ${id}`);
  return b;
}

/** The engine worker, started once, with one promise per request. */
class EngineClient {
  private worker: Worker | null = null;
  private next = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private readonly loaded = new Map<string, Promise<unknown>>();

  private start(): Worker {
    if (!this.worker) {
      this.worker = new Worker(new URL('./engine-worker.ts', import.meta.url), { type: 'module' });
      this.worker.onmessage = (ev: MessageEvent<WorkerReply>) => {
        const p = this.pending.get(ev.data.id);
        if (!p) return;
        this.pending.delete(ev.data.id);
        if (ev.data.ok) p.resolve(ev.data.value);
        else p.reject(new Error(ev.data.error));
      };
      this.worker.onerror = (ev) => {
        for (const p of this.pending.values()) p.reject(new Error(`engine worker failed: ${ev.message}`));
        this.pending.clear();
      };
    }
    return this.worker;
  }

  request<T>(req: WorkerRequest): Promise<T> {
    const worker = this.start();
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ id, req });
    });
  }

  /** Loads a build's table (and book) into the worker once; resolves to the build's real id. */
  async load(id: string): Promise<string> {
    const b = buildInfo(id);
    let p = this.loaded.get(b.id);
    if (!p) {
      const abs = (u?: string): string | undefined => (u ? new URL(u, location.href).href : undefined);
      p = this.request({ type: 'load', build: b.id, tableUrl: abs(b.tableUrl)!, bookUrl: abs(b.bookUrl) });
      this.loaded.set(b.id, p);
      p.catch(() => this.loaded.delete(b.id));
    }
    await p;
    return b.id;
  }
}

export const engine = new EngineClient();
