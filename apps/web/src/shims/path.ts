// Browser stand-in for node:path: POSIX joins, enough for the registry code that is bundled but not run.
export const sep = '/';
export function normalize(p: string): string {
  const out: string[] = [];
  for (const part of p.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return (p.startsWith('/') ? '/' : '') + out.join('/');
}
export const join = (...parts: string[]): string => normalize(parts.join('/'));
export const resolve = (...parts: string[]): string => normalize(parts.join('/'));
export const isAbsolute = (p: string): boolean => p.startsWith('/');
export const dirname = (p: string): string => p.replace(/\/[^/]*$/, '') || '/';
export const basename = (p: string): string => p.replace(/.*\//, '');
