import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The path aliases (@modules/*, @site/*, @db/*, @api/*, @tests/*) come from tsconfig.json: one list for tsc, Vite, Vitest and Bun.
  resolve: { tsconfigPaths: true },
  test: {
    include: ['{api,modules,db,site,tests}/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**', 'dist/**'],
    pool: 'threads',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
  },
});
