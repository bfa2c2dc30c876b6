// The front end is bundled from the packages' TypeScript sources ("source" export condition). The
// engines only touch Node's fs, path, zlib and url in code the browser never runs (reading table
// files, GTP over stdin); those imports resolve to shims that refuse politely, and the tables
// arrive over fetch instead. `base: './'` keeps every URL relative, so the same build works from
// `sente serve` and as a static folder written by `sente serve --static-out`.
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

const shim = (name: string): string => fileURLToPath(new URL(`./src/shims/${name}.ts`, import.meta.url));

export default defineConfig({
  base: './',
  resolve: {
    conditions: ['source', 'module', 'browser', 'development|production'],
    alias: {
      'node:fs': shim('fs'),
      'node:path': shim('path'),
      'node:zlib': shim('zlib'),
      'node:url': shim('url'),
      'node:os': shim('os'),
      'node:child_process': shim('child_process'),
      '@sente/builds': shim('builds'),
    },
  },
  worker: { format: 'es' },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 2000 },
  logLevel: 'warn',
});
