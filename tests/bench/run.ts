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
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const flags = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'] as const;
  }),
);
const num = (k: string, d: number) => (flags.has(k) ? Number(flags.get(k)) : d);
const only = flags.get('only');
const BENCHES = ['js', 'api', 'auth', 'ledger', 'properties', 'purchases'] as const;
type BenchName = (typeof BENCHES)[number];
if (only && !(BENCHES as readonly string[]).includes(only)) throw new Error(`--only=${only}: use ${BENCHES.join(', ')}`);
const runs = (name: BenchName) => !only || only === name;
const CONNECTIONS = num('connections', 50);
const DURATION = num('duration', 5);
const ROUNDS = num('rounds', 3);
const LOGINS = num('logins', 20);
const WARMUP = num('warmup', 1);
const HOME_BUDGET_KB = 60;
const KB = 1024;

const children: { name: string; proc: ReturnType<typeof Bun.spawn> }[] = [];
const tempDirs: string[] = [];
let stopping = false;
function cleanup() {
  stopping = true;
  for (const c of children) if (c.proc.exitCode === null) c.proc.kill('SIGTERM');
  for (const d of tempDirs) rmSync(d, { recursive: true, force: true });
}
process.on('exit', cleanup);
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => process.exit(130));

const log = (msg: string) => console.log(`[bench] ${msg}`);
const kb = (bytes: number) => (bytes / KB).toFixed(1);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function assertPortFree(port: number) {
  await new Promise<void>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', () => reject(new Error(`port ${port} is already in use: pick another with BENCH_PORT / BENCH_BARE_PORT`)));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve()));
  });
}

/** Waits until `url` answers, and fails if the process we started (the one that must answer) died. */
async function waitFor(url: string, name: string, proc: ReturnType<typeof Bun.spawn>, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (proc.exitCode !== null || proc.signalCode) throw new Error(`${name} exited before it answered ${url}`);
    try {
      if ((await fetch(url)).ok && proc.exitCode === null) return;
    } catch {
      /* not up yet */
    }
    await Bun.sleep(150);
  }
  throw new Error(`${name} did not answer ${url} within ${timeoutMs / 1000} s`);
}

function start(name: string, cmd: string[], env: Record<string, string>) {
  const proc = Bun.spawn(cmd, { cwd: root, env: { ...process.env, ...env }, stdout: 'ignore', stderr: 'inherit' });
  children.push({ name, proc });
  proc.exited.then((code) => {
    if (!stopping) console.error(`[bench] ${name} exited unexpectedly (code ${code}, signal ${proc.signalCode ?? 'none'})`);
  });
  return proc;
}

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
// (a) JavaScript shipped per page

type PageJs = { url: string; status: number; files: Map<string, { raw: number; gz: number }>; inline: Map<string, number> };

async function loadPage(browser: Browser, base: string, pathname: string): Promise<PageJs> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const pending = new Map<string, Promise<{ raw: number; gz: number }>>();
  page.on('response', (res) => {
    const ct = res.headers()['content-type'] ?? '';
    if (res.request().resourceType() !== 'script' && !/javascript|ecmascript/.test(ct)) return;
    const key = new URL(res.url()).pathname;
    // Gzip the decoded body ourselves: one consistent measure whether or not the server compressed it.
    pending.set(key, res.body().then((b) => ({ raw: b.length, gz: Bun.gzipSync(new Uint8Array(b)).length }), () => ({ raw: 0, gz: 0 })));
  });
  const res = await page.goto(base + pathname, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1_000);
  const inlineScripts = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')]
      .filter((s) => {
        const t = (s.getAttribute('type') ?? '').toLowerCase();
        return t === '' || t === 'module' || t === 'text/javascript' || t === 'application/javascript';
      })
      .map((s) => s.textContent ?? ''),
  );
  const files = new Map<string, { raw: number; gz: number }>();
  for (const [k, p] of pending) files.set(k, await p);
  const inline = new Map<string, number>();
  for (const text of inlineScripts) if (text.trim()) inline.set(String(Bun.hash(text)), Bun.gzipSync(new TextEncoder().encode(text)).length);
  await context.close();
  return { url: pathname, status: res?.status() ?? 0, files, inline };
}

const gzTotal = (p: PageJs) => [...p.files.values()].reduce((s, f) => s + f.gz, 0) + [...p.inline.values()].reduce((s, n) => s + n, 0);

async function benchJs(base: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    // The shared layout script: what the 404 page loads (Base.astro and nothing else on it).
    const layout = await loadPage(browser, base, '/this-page-does-not-exist');
    const layoutFiles = [...layout.files.keys()];
    if (!layoutFiles.some((f) => /Base\.astro.*script/i.test(f)) && layout.inline.size === 0)
      log('warning: the 404 page loads no Base.astro script; the layout baseline may be wrong');

    const home = await loadPage(browser, base, '/');
    const learnIndexHtml = await (await fetch(`${base}/learn`)).text();
    const article = /href="(\/learn\/[a-z0-9][^"#?]*)"/i.exec(learnIndexHtml)?.[1];
    if (!article) log('warning: no article link found on /learn');
    const quiet: PageJs[] = [];
    for (const p of ['/learn', ...(article ? [article] : []), '/terms', '/privacy']) quiet.push(await loadPage(browser, base, p));

    const layoutGz = gzTotal(layout);
    const homeGz = gzTotal(home);
    const rows = quiet.map((p) => {
      const extraFiles = [...p.files].filter(([k]) => !layout.files.has(k));
      const extraInline = [...p.inline].filter(([k]) => !layout.inline.has(k));
      const extraGz = extraFiles.reduce((s, [, f]) => s + f.gz, 0) + extraInline.reduce((s, [, n]) => s + n, 0);
      return {
        page: p.url,
        status: p.status,
        jsGzBytes: gzTotal(p),
        extraGzBytes: extraGz,
        extraFiles: extraFiles.map(([k]) => k),
        extraInlineScripts: extraInline.length,
        onlyLayoutScript: extraGz === 0,
      };
    });
    return {
      layout: { page: '404 (layout only)', status: layout.status, files: layoutFiles, jsGzBytes: layoutGz },
      home: {
        status: home.status,
        jsGzBytes: homeGz,
        budgetBytes: HOME_BUDGET_KB * KB,
        ratioToBudget: homeGz / (HOME_BUDGET_KB * KB),
        withinBudget: homeGz <= HOME_BUDGET_KB * KB,
        files: Object.fromEntries([...home.files].map(([k, v]) => [k, v.gz])),
        inlineScripts: home.inline.size,
      },
      quietPages: rows,
    };
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------
// (b) API throughput

type Cannon = { reqPerSec: number; p50: number; p99: number; total: number; non2xx: number; errors: number };

function autocannon(url: string, duration: number, headers: Record<string, string> = {}): Cannon {
  const script = path.join(root, 'node_modules', 'autocannon', 'autocannon.js');
  // autocannon is a Node tool: run it under Node when there is one, else under Bun.
  const node = Bun.which('node');
  const headerArgs = Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}:${v}`]);
  const cmd = [node ?? process.execPath, script, '-j', '-c', String(CONNECTIONS), '-d', String(duration), ...headerArgs, url];
  const r = Bun.spawnSync(cmd, { cwd: root, stdout: 'pipe', stderr: 'ignore' });
  if (r.exitCode !== 0) throw new Error(`autocannon failed (${cmd.join(' ')})`);
  const j = JSON.parse(r.stdout.toString());
  return {
    reqPerSec: j.requests.average,
    p50: j.latency.p50,
    p99: j.latency.p99,
    total: j.requests.total,
    non2xx: j.non2xx ?? 0,
    errors: (j.errors ?? 0) + (j.timeouts ?? 0),
  };
}

/** The bare server's port: the given variable, else BENCH_PORT + offset, else a free one. */
async function barePortFrom(envName: string, offset: number): Promise<number> {
  const port = process.env[envName]
    ? Number(process.env[envName])
    : process.env.BENCH_PORT
      ? Number(process.env.BENCH_PORT) + offset
      : await freePort();
  await assertPortFree(port);
  return port;
}

/** A bare Bun.serve in its own process answering `body` (default: the health JSON) to every request. */
async function startBare(name: string, port: number, body?: string) {
  const proc = start(name, [process.execPath, 'tests/bench/bare-server.ts'], { PORT: String(port), HOST: '127.0.0.1', ...(body ? { BODY: body } : {}) });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, `the ${name}`, proc);
  return base;
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/** Warm-up, then ROUNDS × (production, bare) with autocannon, interleaved; per-side summaries and the ratio. */
function interleaved(targets: { production: string; bare: string }, headers: Record<string, string>, target: number) {
  log(`warming up (${WARMUP} s each), then ${ROUNDS} × (production, bare) at ${CONNECTIONS} connections for ${DURATION} s`);
  autocannon(targets.production, WARMUP, headers);
  autocannon(targets.bare, WARMUP, headers);
  const runs: { production: Cannon[]; bare: Cannon[] } = { production: [], bare: [] };
  for (let i = 0; i < ROUNDS; i++) {
    for (const k of ['production', 'bare'] as const) {
      const r = autocannon(targets[k], DURATION, headers);
      runs[k].push(r);
      log(`  round ${i + 1} ${k.padEnd(10)} ${Math.round(r.reqPerSec).toLocaleString('en-US').padStart(8)} req/s  p99 ${r.p99} ms${r.non2xx ? `  non-2xx ${r.non2xx}` : ''}`);
    }
  }
  const summary = (rs: Cannon[]) => ({
    reqPerSec: Math.round(mean(rs.map((r) => r.reqPerSec))),
    p50Ms: mean(rs.map((r) => r.p50)),
    p99Ms: Math.max(...rs.map((r) => r.p99)),
    non2xx: rs.reduce((s, r) => s + r.non2xx, 0),
    errors: rs.reduce((s, r) => s + r.errors, 0),
    rounds: rs.map((r) => Math.round(r.reqPerSec)),
  });
  const production = summary(runs.production);
  const bare = summary(runs.bare);
  return {
    connections: CONNECTIONS,
    durationSec: DURATION,
    rounds: ROUNDS,
    production,
    bare,
    ratio: production.reqPerSec / bare.reqPerSec,
    target,
    meetsTarget: production.reqPerSec / bare.reqPerSec >= target && production.non2xx === 0,
  };
}

async function benchApi(prodBase: string) {
  const bareBase = await startBare('bare Bun.serve', await barePortFrom('BENCH_BARE_PORT', 1));
  const [a, b] = await Promise.all([fetch(`${prodBase}/api/health`), fetch(`${bareBase}/api/health`)]);
  const [aBody, bBody] = await Promise.all([a.text(), b.text()]);
  if (aBody !== bBody) throw new Error(`the two servers answer differently: ${aBody} vs ${bBody}`);
  return interleaved({ production: `${prodBase}/api/health`, bare: `${bareBase}/api/health` }, {}, 0.6);
}

// ---------------------------------------------------------------------------------------------
// (c) Accounts: the signed-in user's GET /api/auth/me, and the cost of an argon2id login

/** `name=value` pairs of a response's Set-Cookie headers, as one Cookie request header. */
function cookieHeader(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!.trim())
    .filter((c) => !/^[^=]+=$/.test(c)) // a cleared cookie (empty value) is not sent back
    .join('; ');
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};
const timing = (xs: number[]) => ({ n: xs.length, meanMs: mean(xs), medianMs: percentile(xs, 50), p95Ms: percentile(xs, 95), minMs: Math.min(...xs), maxMs: Math.max(...xs) });

async function benchAuth(prodBase: string) {
  // Mutating auth calls need a same-origin Origin and a JSON body (CSRF rules for the header-exempt routes).
  const json = { origin: prodBase, 'content-type': 'application/json' };
  // The bench's own account: the demo accounts do not exist when ADMIN_EMAIL/ADMIN_PASSWORD seeded the database.
  const account = {
    email: `bench.${Date.now().toString(36)}@example.com`,
    password: 'Bench#Login2026',
    firstName: 'Bench',
    lastName: 'Runner',
    phone: '+971500000000',
    terms: true,
  };
  const registered = await fetch(`${prodBase}/api/auth/register`, { method: 'POST', headers: json, body: JSON.stringify(account) });
  if (registered.status !== 201) throw new Error(`could not create the bench account: HTTP ${registered.status} ${await registered.text()}`);

  const login = async () => {
    const t0 = performance.now();
    const res = await fetch(`${prodBase}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ username: account.email, password: account.password }) });
    const body = await res.text();
    const ms = performance.now() - t0;
    if (!res.ok || !body.includes('"id"')) throw new Error(`login failed: HTTP ${res.status} ${body}`);
    return { ms, res };
  };

  // One login whose cookie every GET /api/auth/me reuses (the XSRF-TOKEN cookie too, as a browser would send it).
  const first = await login();
  const cookie = cookieHeader(first.res);
  if (!/mz_session=|session/i.test(cookie)) throw new Error(`the login set no session cookie (got: ${cookie || 'none'})`);
  const me = await fetch(`${prodBase}/api/auth/me`, { headers: { cookie } });
  const meBody = await me.text();
  if (me.status !== 200 || JSON.parse(meBody).email !== account.email) throw new Error(`GET /api/auth/me with the session cookie: HTTP ${me.status} ${meBody}`);
  if (me.headers.getSetCookie().length) log(`note: GET /api/auth/me with a cookie still sets ${me.headers.getSetCookie().length} cookie(s)`);

  // The cost of a login, sequential so each one has the server to itself, next to the argon2id work alone
  // (Bun.password with the auth module's settings: Bun's argon2id defaults) timed in this process. Logins
  // and verifies alternate, so both see the same machine. Successful logins are not counted by the login
  // rate limit (only failures are), so --logins can be any number.
  log(`timing ${LOGINS} × (POST /api/auth/login, in-process Bun.password.verify), then ${LOGINS} × Bun.password.hash ...`);
  let hash = await Bun.password.hash(account.password, { algorithm: 'argon2id' });
  const loginMs: number[] = [];
  const verifyMs: number[] = [];
  for (let i = 0; i < LOGINS; i++) {
    loginMs.push((await login()).ms);
    const t0 = performance.now();
    if (!(await Bun.password.verify(account.password, hash))) throw new Error('Bun.password.verify rejected its own hash');
    verifyMs.push(performance.now() - t0);
  }
  const hashMs: number[] = [];
  for (let i = 0; i < LOGINS; i++) {
    const t0 = performance.now();
    hash = await Bun.password.hash(account.password, { algorithm: 'argon2id' });
    hashMs.push(performance.now() - t0);
  }
  const params = /^\$argon2id\$v=\d+\$([^$]+)\$/.exec(hash)?.[1] ?? 'unknown';

  const bareBase = await startBare('bare Bun.serve (auth/me)', await barePortFrom('BENCH_AUTH_BARE_PORT', 2), meBody);
  const bareBody = await (await fetch(`${bareBase}/api/auth/me`, { headers: { cookie } })).text();
  if (bareBody !== meBody) throw new Error(`the two servers answer differently: ${meBody} vs ${bareBody}`);
  const meBench = interleaved({ production: `${prodBase}/api/auth/me`, bare: `${bareBase}/api/auth/me` }, { cookie }, 0.4);

  return {
    me: meBench,
    login: {
      http: timing(loginMs),
      argon2id: { params, hash: timing(hashMs), verify: timing(verifyMs) },
      verifyShareOfLogin: percentile(verifyMs, 50) / percentile(loginMs, 50),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// (e) Properties: the server-rendered catalogue page against the same HTML as a static file

const PROPERTY_COUNT = num('properties', 100);

async function benchProperties(outDir: string) {
  // Its own data dir with the catalogue seeded to PROPERTY_COUNT published properties (embedded PGlite,
  // whatever DATABASE_URL says: the bench must not write into a real database).
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'manzil-bench-props-'));
  tempDirs.push(dataDir);
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const seeded = Bun.spawnSync([process.execPath, 'tests/bench/properties-seed.ts', dataDir, String(PROPERTY_COUNT)], { cwd: root, env, stdout: 'pipe', stderr: 'pipe' });
  if (seeded.exitCode !== 0) throw new Error(`seeding the properties bench failed:\n${seeded.stderr.toString()}`);
  log(seeded.stdout.toString().trim().replace(/^\[bench\] /, ''));

  const port = await barePortFrom('BENCH_PROPERTIES_PORT', 3);
  const proc = start('properties server', [process.execPath, 'api/server.ts'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ASTRO_OUT_DIR: outDir,
    NODE_ENV: 'production',
    DATABASE_URL: '',
  });
  const prodBase = `http://127.0.0.1:${port}`;
  await waitFor(`${prodBase}/api/health`, 'the properties server', proc);

  const page = await fetch(`${prodBase}/properties`);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`GET /properties answered ${page.status}`);
  const cards = (html.match(/<article\b/g) ?? []).length;
  const total = /(\d+) properties/.exec(html)?.[1];
  if (Number(total) !== PROPERTY_COUNT || cards === 0) throw new Error(`/properties lists ${total ?? 'no'} properties (${cards} cards); expected ${PROPERTY_COUNT}`);
  const file = path.join(dataDir, 'properties.html');
  writeFileSync(file, html);

  const staticPort = await barePortFrom('BENCH_STATIC_PORT', 4);
  const staticProc = start('static Bun.serve (/properties HTML)', [process.execPath, 'tests/bench/static-page.ts'], { PORT: String(staticPort), HOST: '127.0.0.1', FILE: file });
  const staticBase = `http://127.0.0.1:${staticPort}`;
  await waitFor(`${staticBase}/properties`, 'the static server', staticProc);
  const same = await (await fetch(`${staticBase}/properties`)).text();
  if (same !== html) throw new Error('the static server does not answer the same HTML');
  log(`/properties: ${PROPERTY_COUNT} published properties, ${cards} cards on page 1, ${kb(new TextEncoder().encode(html).length)} KB of HTML`);
  const measured = interleaved({ production: `${prodBase}/properties`, bare: `${staticBase}/properties` }, {}, 0.25);
  return { properties: PROPERTY_COUNT, cardsOnPage: cards, htmlBytes: new TextEncoder().encode(html).length, ...measured };
}

// ---------------------------------------------------------------------------------------------

// Only the benches that serve pages need a build (the ledger and purchase benches talk to PostgreSQL directly).
const needsBuild = runs('js') || runs('api') || runs('auth') || runs('properties');
const { outDir, fresh } = needsBuild ? ensureBuild() : { outDir: '', fresh: false };
const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
await assertPortFree(port);
const database = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite (fresh data dir)';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'manzil-bench-data-'));
tempDirs.push(dataDir);
const needsMainServer = runs('js') || runs('api') || runs('auth');
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

if (runs('js')) {
  log('measuring page JavaScript in headless Chromium ...');
  const js = await benchJs(base);
  result.js = js;
  row('home / JS (gzip)', `${kb(js.home.jsGzBytes)} KB`, `budget ${HOME_BUDGET_KB} KB`, `${(js.home.ratioToBudget * 100).toFixed(0)}%`, js.home.withinBudget ? 'ok' : 'OVER BUDGET');
  for (const p of js.quietPages) {
    const ratio = js.layout.jsGzBytes ? `${((p.jsGzBytes / js.layout.jsGzBytes) * 100).toFixed(0)}%` : '-';
    const name = p.page.length > 17 ? `${p.page.slice(0, 16)}…` : p.page;
    row(`${name} JS beyond layout`, `+${kb(p.extraGzBytes)} KB`, `layout ${kb(js.layout.jsGzBytes)} KB`, ratio, p.status !== 200 ? `HTTP ${p.status}` : p.onlyLayoutScript ? 'ok' : `EXTRA: ${[...p.extraFiles, ...(p.extraInlineScripts ? [`${p.extraInlineScripts} inline`] : [])].join(', ')}`);
  }
}
if (runs('api')) {
  const api = await benchApi(base);
  result.api = api;
  row(
    'GET /api/health req/s',
    `${api.production.reqPerSec.toLocaleString('en-US')}`,
    `bare ${api.bare.reqPerSec.toLocaleString('en-US')}`,
    `${(api.ratio * 100).toFixed(0)}%`,
    `${api.meetsTarget ? 'ok' : 'BELOW TARGET'} (target ≥ 60%; p99 ${api.production.p99Ms} vs ${api.bare.p99Ms} ms${api.production.non2xx ? `; ${api.production.non2xx} non-2xx` : ''})`,
  );
}

if (runs('auth')) {
  const auth = await benchAuth(base);
  result.auth = auth;
  const { me, login } = auth;
  row(
    'GET /api/auth/me req/s (session)',
    `${me.production.reqPerSec.toLocaleString('en-US')}`,
    `bare ${me.bare.reqPerSec.toLocaleString('en-US')}`,
    `${(me.ratio * 100).toFixed(0)}%`,
    `${me.meetsTarget ? 'ok' : 'BELOW TARGET'} (target ≥ 40%; p99 ${me.production.p99Ms} vs ${me.bare.p99Ms} ms${me.production.non2xx ? `; ${me.production.non2xx} non-2xx` : ''})`,
  );
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  row(
    'POST /api/auth/login (argon2id)',
    `${ms(login.http.medianMs)}/login`,
    `verify ${ms(login.argon2id.verify.medianMs)}`,
    `${(login.verifyShareOfLogin * 100).toFixed(0)}%`,
    `median of ${login.http.n} sequential (p95 ${ms(login.http.p95Ms)}); hash ${ms(login.argon2id.hash.medianMs)}; ${login.argon2id.params}`,
  );
}

/**
 * Benchmarks that run as their own script (each sets up its own database) and end with one line
 * `BENCH_ROWS {"rows":[{name,measured,against,ratio,verdict}], ...}` that is added to the table.
 */
async function scriptBench(name: BenchName, script: string, args: string[]) {
  log(`running ${script} ${args.join(' ')} ...`);
  const proc = Bun.spawn(['bun', script, ...args], { cwd: root, stdout: 'pipe', stderr: 'inherit', env: process.env });
  children.push({ name, proc });
  let report: { rows: { name: string; measured: string; against: string; ratio: string; verdict: string }[] } | null = null;
  let buffered = '';
  const decoder = new TextDecoder();
  for await (const chunk of proc.stdout as ReadableStream<Uint8Array>) {
    buffered += decoder.decode(chunk, { stream: true });
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      if (line.startsWith('BENCH_ROWS ')) report = JSON.parse(line.slice('BENCH_ROWS '.length));
      else if (line.trim()) console.log(`  ${line}`);
    }
  }
  const code = await proc.exited;
  if (!report) {
    row(name, '—', '—', '—', `FAILED (exit ${code}; see the output above)`);
    return;
  }
  result[name] = report;
  for (const r of report.rows) row(r.name, r.measured, r.against, r.ratio, r.verdict);
}

if (runs('ledger')) {
  const pass = ['entries', 'lines', 'batch', 'rounds'].flatMap((k) => (flags.has(`ledger-${k}`) ? [`--${k}=${flags.get(`ledger-${k}`)}`] : []));
  await scriptBench('ledger', 'tests/bench/ledger.ts', pass);
}

if (runs('purchases')) {
  // Purchases per second on PostgreSQL under 50 concurrent buyers (tests/bench/purchases.ts, its own database).
  const pass = ['buyers', 'duration', 'rounds', 'properties', 'pool'].flatMap((k) => (flags.has(`purchases-${k}`) ? [`--${k}=${flags.get(`purchases-${k}`)}`] : []));
  await scriptBench('purchases', 'tests/bench/purchases.ts', pass);
}

if (runs('properties')) {
  const props = await benchProperties(outDir);
  result.properties = props;
  row(
    `GET /properties (${props.properties}) req/s`,
    `${props.production.reqPerSec.toLocaleString('en-US')}`,
    `static ${props.bare.reqPerSec.toLocaleString('en-US')}`,
    `${(props.ratio * 100).toFixed(0)}%`,
    `${props.meetsTarget ? 'ok' : 'BELOW TARGET'} (target ≥ 25%; ${kb(props.htmlBytes)} KB page; p99 ${props.production.p99Ms} vs ${props.bare.p99Ms} ms${props.production.non2xx ? `; ${props.production.non2xx} non-2xx` : ''})`,
  );
}

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
