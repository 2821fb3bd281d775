/**
 * `npm run bench` (Bun): benchmarks, each printed as a ratio measured side by side in this run.
 * Not timed tests: nothing fails on a slow result (the exit code is 0 unless the bench itself broke).
 *
 *   (a) JavaScript weight, headless Chromium, no interaction: the home page against its 60 KB budget;
 *       /learn, one learn article, /terms and /privacy against the shared layout script (any extra JS).
 *   (b) GET /api/health through the whole production server (api/server.ts) against a bare
 *       Bun.serve answering the same JSON, with autocannon, interleaved A, B, A, B.
 *
 * Flags: --build (fresh build into a temp dir even if dist/ exists), --only=js|api,
 *        --connections=50 --duration=5 (seconds per round) --rounds=3.
 * Env: BENCH_PORT (production server port), BENCH_BARE_PORT (bare server; default BENCH_PORT + 1),
 *      both default to free ports;
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
const CONNECTIONS = num('connections', 50);
const DURATION = num('duration', 5);
const ROUNDS = num('rounds', 3);
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
  tempDirs.push(outDir);
  log(`building the site into ${outDir} ...`);
  const r = Bun.spawnSync([process.execPath, '--bun', 'astro', 'build'], {
    cwd: root,
    env: { ...process.env, ASTRO_OUT_DIR: outDir, ASTRO_CACHE_DIR: path.join(outDir, '.cache') },
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

function autocannon(url: string, duration: number): Cannon {
  const script = path.join(root, 'node_modules', 'autocannon', 'autocannon.js');
  // autocannon is a Node tool: run it under Node when there is one, else under Bun.
  const node = Bun.which('node');
  const cmd = [node ?? process.execPath, script, '-j', '-c', String(CONNECTIONS), '-d', String(duration), url];
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

async function benchApi(prodBase: string) {
  const barePort = process.env.BENCH_BARE_PORT
    ? Number(process.env.BENCH_BARE_PORT)
    : process.env.BENCH_PORT
      ? Number(process.env.BENCH_PORT) + 1
      : await freePort();
  await assertPortFree(barePort);
  const bareProc = start('bare Bun.serve', [process.execPath, 'tests/bench/bare-server.ts'], { PORT: String(barePort), HOST: '127.0.0.1' });
  const bareBase = `http://127.0.0.1:${barePort}`;
  await waitFor(`${bareBase}/api/health`, 'the bare server', bareProc);

  const [a, b] = await Promise.all([fetch(`${prodBase}/api/health`), fetch(`${bareBase}/api/health`)]);
  const [aBody, bBody] = await Promise.all([a.text(), b.text()]);
  if (aBody !== bBody) throw new Error(`the two servers answer differently: ${aBody} vs ${bBody}`);

  const targets = { production: `${prodBase}/api/health`, bare: `${bareBase}/api/health` } as const;
  log(`warming up (1 s each), then ${ROUNDS} × (production, bare) at ${CONNECTIONS} connections for ${DURATION} s`);
  autocannon(targets.production, 1);
  autocannon(targets.bare, 1);
  const runs: { production: Cannon[]; bare: Cannon[] } = { production: [], bare: [] };
  for (let i = 0; i < ROUNDS; i++) {
    for (const k of ['production', 'bare'] as const) {
      const r = autocannon(targets[k], DURATION);
      runs[k].push(r);
      log(`  round ${i + 1} ${k.padEnd(10)} ${Math.round(r.reqPerSec).toLocaleString('en-US').padStart(8)} req/s  p99 ${r.p99} ms${r.non2xx ? `  non-2xx ${r.non2xx}` : ''}`);
    }
  }
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
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
    target: 0.6,
    meetsTarget: production.reqPerSec / bare.reqPerSec >= 0.6 && production.non2xx === 0,
  };
}

// ---------------------------------------------------------------------------------------------

const { outDir, fresh } = ensureBuild();
const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
await assertPortFree(port);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'manzil-bench-data-'));
tempDirs.push(dataDir);
const server = start('production server', [process.execPath, 'api/server.ts'], {
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  ASTRO_OUT_DIR: outDir,
  NODE_ENV: 'production',
});
const base = `http://127.0.0.1:${port}`;
await waitFor(`${base}/api/health`, 'the production server', server);
log(`production server on ${base} (NODE_ENV=production, fresh data dir)`);

const result: Record<string, unknown> = {
  at: new Date().toISOString(),
  machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, bun: Bun.version, platform: `${os.platform()} ${os.arch()}` },
  build: { outDir: fresh ? '(fresh temp build)' : path.relative(root, outDir) || outDir },
};

const lines: string[] = [];
const row = (name: string, measured: string, against: string, ratio: string, verdict: string) =>
  lines.push(`${name.padEnd(34)} ${measured.padStart(14)} ${against.padStart(16)} ${ratio.padStart(7)}  ${verdict}`);

if (only !== 'api') {
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
if (only !== 'js') {
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

console.log(`\n${'benchmark'.padEnd(34)} ${'measured'.padStart(14)} ${'against'.padStart(16)} ${'ratio'.padStart(7)}  verdict`);
console.log('-'.repeat(96));
for (const l of lines) console.log(l);
console.log(`\n(${os.cpus().length} CPUs, Bun ${Bun.version}; load generator and servers share the machine)`);

const outFile = path.join(root, 'tests', 'bench', 'out', 'latest.json');
mkdirSync(path.dirname(outFile), { recursive: true });
writeFileSync(outFile, `${JSON.stringify(result, null, 2)}\n`);
log(`wrote ${path.relative(root, outFile)}`);
cleanup();
process.exit(0);
