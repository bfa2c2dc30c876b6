import { defineConfig } from 'vitest/config';

// One vitest run covers every package (unit tests live beside the code, in src/**/*.test.ts)
// and the end-to-end suite in test/. Packages resolve each other to their TypeScript sources
// through the "source" export condition; the CLI and worker pools run from the built dist/.
const shared = {
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
};

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    projects: [
      { ...shared, test: { name: 'core', include: ['packages/core/src/**/*.test.ts'] } },
      { ...shared, test: { name: 'search', include: ['packages/search/src/**/*.test.ts'], testTimeout: 60_000 } },
      { ...shared, test: { name: 'selfplay', include: ['packages/selfplay/src/**/*.test.ts'], testTimeout: 120_000 } },
      { ...shared, test: { name: 'cli', include: ['apps/cli/src/**/*.test.ts'], testTimeout: 60_000 } },
      { ...shared, test: { name: 'e2e', include: ['test/**/*.test.ts'], testTimeout: 300_000, hookTimeout: 120_000 } },
    ],
  },
});
