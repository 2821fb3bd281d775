/**
 * `npm run bench` (Bun): benchmarks, each printed as a ratio measured side by side in this run.
 * Not timed tests: nothing fails on a slow result (the exit code is 0 unless the bench itself broke).
 *
 *   (a) JavaScript weight, headless Chromium, no interaction: the home page against its 60 KB budget;
 *       /learn, one learn article, /terms and /privacy against the shared layout script (any extra JS).
 *   (b) GET /api/health through the whole production server (api/server.ts) against a bare
 *       Bun.serve answering the same JSON, with autocannon, interleaved A, B, A, B.
 *   (c) Accounts: GET /api/auth/me with a valid session cookie (one API login, cookie reused) through
 *       the production server against a bare Bun.serve answering the same user JSON, interleaved the
 *       same way; and what one argon2id login costs: --logins=20 sequential POST /api/auth/login, next
 *       to Bun.password.hash / verify timed in this process with the same settings.
 *   (e) Properties: the server-rendered /properties page of a catalogue of 100 published properties (its
 *       own production server on its own seeded data dir) against a bare Bun.serve answering the same
 *       HTML from a file, interleaved the same way.
 *
 *   (d) The ledger on PostgreSQL (tests/bench/ledger.ts, its own database): posting 100,000 entries of 2–4 lines
 *       through the posting API against a raw batched INSERT of the same lines; with 1,000,000 posted lines,
 *       the trial balance and the balance sheet against a raw GROUP BY over the lines. Flags pass through
 *       as --ledger-entries, --ledger-lines, --ledger-batch, --ledger-rounds.
 *   (f) Purchases on PostgreSQL (tests/bench/purchases.ts, its own database): POST /api/investments per second
 *       with 50 concurrent buyers (spread over 10 properties, and all on one), against the bare atomic core of
 *       a purchase in raw SQL. Flags pass through as --purchases-buyers, --purchases-duration, --purchases-rounds.
 *
 * Flags: --build (fresh build into a temp dir even if dist/ exists), --only=js|api|auth|ledger|properties|purchases, --properties=100,
 *        --connections=50 --duration=5 (seconds per round) --rounds=3 --warmup=1 (seconds per side) --logins=20.
 * Env: BENCH_PORT (production server port), BENCH_BARE_PORT (bare server; default BENCH_PORT + 1),
 *      BENCH_AUTH_BARE_PORT (the auth bench's bare server; default BENCH_PORT + 2), BENCH_PROPERTIES_PORT and
 *      BENCH_STATIC_PORT (the properties bench's server and static server; default BENCH_PORT + 3 and + 4),
 *      all default to free ports;
 *      ASTRO_OUT_DIR (use this build), CHROMIUM_PATH (default /usr/bin/chromium).
 * Writes tests/bench/out/latest.json. See tests/bench/README.md.
 *
 * This file is the entry point and the report; each benchmark is one file in scenarios/, registered in
 * scenarios/index.ts, on the shared helpers of harness.ts.
 */
import { existsSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assertPortFree, cleanup, flags, freePort, log, root, start, tempDirs, waitFor, type BenchContext } from './harness';
import { scenarios } from './scenarios';

const only = flags.get('only');
const BENCHES = scenarios.map((s) => s.name);
if (only && !BENCHES.includes(only)) throw new Error(`--only=${only}: use ${BENCHES.join(', ')}`);
const chosen = scenarios.filter((s) => !only || only === s.name);

process.on('exit', cleanup);
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => process.exit(130));

/** The build to measure: $ASTRO_OUT_DIR, else dist/, else (or with --build) a fresh one in a temp dir. */
function ensureBuild(): { outDir: string; fresh: boolean } {
  const given = process.env.ASTRO_OUT_DIR ? path.resolve(root, process.env.ASTRO_OUT_DIR) : path.join(root, 'dist');
  if (!flags.has('build') && existsSync(path.join(given, 'server', 'entry.mjs'))) {
    const age = Math.round((Date.now() - statSync(path.join(given, 'server', 'entry.mjs')).mtimeMs) / 60_000);
    log(`using the build in ${path.relative(root, given) || given} (${age} min old; --build for a fresh one)`);
    return { outDir: given, fresh: false };
  }
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'manzil-bench-dist-'));
  // The cache (which holds the content collections' data store) must live outside the output
  // directory: the build empties the output directory after loading the collections into the cache.
  const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'manzil-bench-cache-'));
  tempDirs.push(outDir, cacheDir);
  log(`building the site into ${outDir} ...`);
  const r = Bun.spawnSync([process.execPath, '--bun', 'astro', 'build'], {
    cwd: root,
    env: { ...process.env, ASTRO_OUT_DIR: outDir, ASTRO_CACHE_DIR: cacheDir },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  if (r.exitCode !== 0) {
    console.error(`${r.stdout.toString()}\n${r.stderr.toString()}`.trim().split('\n').slice(-30).join('\n'));
    throw new Error('astro build failed (output above)');
  }
  return { outDir, fresh: true };
}

// ---------------------------------------------------------------------------------------------

// Only the benches that serve pages need a build (the ledger and purchase benches talk to PostgreSQL directly).
const needsBuild = chosen.some((s) => s.needs !== 'nothing');
const { outDir, fresh } = needsBuild ? ensureBuild() : { outDir: '', fresh: false };
const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
await assertPortFree(port);
const database = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite (fresh data dir)';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'manzil-bench-data-'));
tempDirs.push(dataDir);
const needsMainServer = chosen.some((s) => s.needs === 'server');
const server = needsMainServer ? start('production server', [process.execPath, 'api/server.ts'], {
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  ASTRO_OUT_DIR: outDir,
  NODE_ENV: 'production',
  // Production refuses an empty database without a first admin; this one is never printed or used.
  ADMIN_EMAIL: 'bench.admin@example.com',
  ADMIN_PASSWORD: `Bench${crypto.randomUUID()}A1`,
}) : null;
const base = `http://127.0.0.1:${port}`;
if (server) {
  await waitFor(`${base}/api/health`, 'the production server', server);
  log(`production server on ${base} (NODE_ENV=production, ${database})`);
}

const result: Record<string, unknown> = {
  at: new Date().toISOString(),
  machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, bun: Bun.version, platform: `${os.platform()} ${os.arch()}` },
  build: { outDir: fresh ? '(fresh temp build)' : path.relative(root, outDir) || outDir },
  database,
};

const lines: string[] = [];
const row = (name: string, measured: string, against: string, ratio: string, verdict: string) =>
  lines.push(`${name.padEnd(34)} ${measured.padStart(14)} ${against.padStart(16)} ${ratio.padStart(7)}  ${verdict}`);
const ctx: BenchContext = { base, outDir, result, row };
for (const scenario of chosen) await scenario.run(ctx);

console.log(`\n${'benchmark'.padEnd(34)} ${'measured'.padStart(14)} ${'against'.padStart(16)} ${'ratio'.padStart(7)}  verdict`);
console.log('-'.repeat(96));
for (const l of lines) console.log(l);
console.log(`\n(${os.cpus().length} CPUs, Bun ${Bun.version}, ${result.database}; load generator and servers share the machine)`);

const outFile = path.join(root, 'tests', 'bench', 'out', 'latest.json');
mkdirSync(path.dirname(outFile), { recursive: true });
writeFileSync(outFile, `${JSON.stringify(result, null, 2)}\n`);
log(`wrote ${path.relative(root, outFile)}`);
cleanup();
process.exit(0);
