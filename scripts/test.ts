/**
 * `npm test`: the whole suite. ESLint (npm run lint), then unit and API tests (Vitest under Bun, on PGlite and, when
 * TEST_DATABASE_URL is set, PostgreSQL), then a production build, then the end-to-end tests
 * (Playwright in the system Chromium) against the built app. Ends with one summary line.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const out = 'test-results';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const run = (cmd: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

let passed = 0;
let failed = 0;
let skipped = 0;
const steps: string[] = [];

// The linter first: import cycles between modules and browser code reaching server code are errors.
const lintStatus = run('npx', ['eslint', '.', '--max-warnings=-1']);
if (lintStatus !== 0) failed += 1;
steps.push(`lint: exit ${lintStatus}`);

const unitStatus = run('bun', ['--bun', 'vitest', 'run', '--pool=threads', '--reporter=default', '--reporter=json', `--outputFile.json=${out}/vitest.json`]);
if (existsSync(`${out}/vitest.json`)) {
  const r = JSON.parse(readFileSync(`${out}/vitest.json`, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
} else if (unitStatus !== 0) failed += 1;
steps.push(`unit/api: exit ${unitStatus}`);

const buildStatus = run('bun', ['--bun', 'astro', 'build']);
steps.push(`build: exit ${buildStatus}`);
let e2eStatus = 1;
if (buildStatus === 0) {
  e2eStatus = run('npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/playwright.json` });
  if (existsSync(`${out}/playwright.json`)) {
    const r = JSON.parse(readFileSync(`${out}/playwright.json`, 'utf8'));
    passed += r.stats.expected + (r.stats.flaky ?? 0);
    failed += r.stats.unexpected;
    skipped += r.stats.skipped;
  } else if (e2eStatus !== 0) failed += 1;
} else failed += 1;
steps.push(`e2e: exit ${e2eStatus}`);

console.log(`\n${steps.join(' · ')}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(lintStatus === 0 && unitStatus === 0 && buildStatus === 0 && e2eStatus === 0 && failed === 0 ? 0 : 1);
