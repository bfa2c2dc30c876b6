// Browser stand-in for node:child_process.
export function spawnSync(): never {
  throw new Error('programs cannot be started in the browser');
}

export function spawn(): never {
  throw new Error('programs cannot be started in the browser');
}

export type ChildProcessWithoutNullStreams = never;
