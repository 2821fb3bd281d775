import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';

/**
 * End-to-end tests against the BUILT app (`npm run build` first; `npm test` does it). The web server is
 * the production one (`api/server.ts`, one port) on a fresh DATA_DIR. Knobs (all optional):
 *   E2E_PORT       port of the server under test (default 4399)
 *   ASTRO_OUT_DIR  the build to serve (default dist/), passed through to the server
 *   E2E_OUTPUT_DIR traces and failure artefacts (default test-results/e2e)
 *   CHROMIUM_PATH  the browser (default the system Chromium; browsers are never downloaded)
 */
const port = Number(process.env.E2E_PORT ?? 4399);
const dataDir = path.join(os.tmpdir(), `manzil-e2e-${port}-${process.pid}`);
// SIP collections run only when a test asks (an admin run for a date), so no scheduler tick races a journey.
// TRUST_PROXY=1: a journey that signs up several investors sends its own X-Forwarded-For (as a load balancer
// would), so the per-address signup limit (10 an hour) counts its signups apart from the other specs'.
const serverEnv: Record<string, string> = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', DEMO: '1', SIP_SCHEDULER: '0', FEE_SCHEDULER: '0', TRACKERS_SCHEDULER: '0', TRUST_PROXY: '1' };
if (process.env.ASTRO_OUT_DIR) serverEnv.ASTRO_OUT_DIR = process.env.ASTRO_OUT_DIR;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  // CI's machine runs the suite about half as fast as a quiet development machine (27 min against 13 for the same
  // run), so a screen's first data gets more time there; a missing element still fails in seconds.
  expect: { timeout: process.env.CI ? 12_000 : 7_000 },
  // `npm test` sets PLAYWRIGHT_JSON_OUTPUT_NAME to collect the counts; otherwise only the list reporter.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    // A missing element fails in seconds, not at the 30 s test timeout.
    actionTimeout: process.env.CI ? 12_000 : 8_000,
    navigationTimeout: 15_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: /kyc-backup\.spec\.ts$/ },
    // A KYC restore rewrites every application in its archive, so it runs alone, after everything else.
    { name: 'kyc-restore', use: { ...devices['Desktop Chrome'], channel: undefined }, testMatch: /kyc-backup\.spec\.ts$/, dependencies: ['chromium'] },
  ],
  webServer: {
    command: `rm -rf ${dataDir} && bun api/server.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: serverEnv,
    stdout: 'pipe',
  },
});
