import { defineConfig } from 'vitest/config';

export default defineConfig({
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
