// Browser stand-in for node:fs: the engines read files only in server-side code paths.
function unavailable(): never {
  throw new Error('files cannot be read in the browser');
}
export const readFileSync = unavailable;
export const readdirSync = unavailable;
export const writeFileSync = unavailable;
export const mkdtempSync = unavailable;
export const openSync = unavailable;
export const writeSync = unavailable;
export const fsyncSync = unavailable;
export const closeSync = unavailable;
export const renameSync = unavailable;
export const unlinkSync = unavailable;
export const existsSync = (): boolean => false;
