/**
 * What every benchmark scenario shares: the flags, child processes (started, awaited, cleaned up), free
 * ports, autocannon runs interleaved production against bare, timings, and the scenario contract.
 * The entry point and the report are in run.ts; the scenarios in scenarios/ (registered in scenarios/index.ts).
 */
import { rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const flags = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'] as const;
  }),
);
export const num = (k: string, d: number) => (flags.has(k) ? Number(flags.get(k)) : d);
export const CONNECTIONS = num('connections', 50);
export const DURATION = num('duration', 5);
export const ROUNDS = num('rounds', 3);
export const WARMUP = num('warmup', 1);
export const KB = 1024;

/** One line of the report table. */
export type Row = (name: string, measured: string, against: string, ratio: string, verdict: string) => void;
export type BenchContext = {
  /** The production server (api/server.ts on the build), when the scenario needs it. */
  base: string;
  /** The build (Astro output directory), when the scenario needs one. */
  outDir: string;
  /** Written to tests/bench/out/latest.json. */
  result: Record<string, unknown>;
  row: Row;
};
/**
 * A benchmark: one file in scenarios/, one line in scenarios/index.ts. `needs`: 'server' (the shared
 * production server, hence a build), 'build' (a build only; it starts its own servers) or 'nothing'.
 */
export type Scenario = { name: string; needs: 'server' | 'build' | 'nothing'; run: (ctx: BenchContext) => Promise<void> };

export const children: { name: string; proc: ReturnType<typeof Bun.spawn> }[] = [];
export const tempDirs: string[] = [];
let stopping = false;
export function cleanup() {
  stopping = true;
  for (const c of children) if (c.proc.exitCode === null) c.proc.kill('SIGTERM');
  for (const d of tempDirs) rmSync(d, { recursive: true, force: true });
}

export const log = (msg: string) => console.log(`[bench] ${msg}`);
export const kb = (bytes: number) => (bytes / KB).toFixed(1);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export async function assertPortFree(port: number) {
  await new Promise<void>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', () => reject(new Error(`port ${port} is already in use: pick another with BENCH_PORT / BENCH_BARE_PORT`)));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve()));
  });
}

/** Waits until `url` answers, and fails if the process we started (the one that must answer) died. */
export async function waitFor(url: string, name: string, proc: ReturnType<typeof Bun.spawn>, timeoutMs = 60_000) {
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

export function start(name: string, cmd: string[], env: Record<string, string>) {
  const proc = Bun.spawn(cmd, { cwd: root, env: { ...process.env, ...env }, stdout: 'ignore', stderr: 'inherit' });
  children.push({ name, proc });
  proc.exited.then((code) => {
    if (!stopping) console.error(`[bench] ${name} exited unexpectedly (code ${code}, signal ${proc.signalCode ?? 'none'})`);
  });
  return proc;
}


export type Cannon = { reqPerSec: number; p50: number; p99: number; total: number; non2xx: number; errors: number };

export function autocannon(url: string, duration: number, headers: Record<string, string> = {}): Cannon {
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
export async function barePortFrom(envName: string, offset: number): Promise<number> {
  const port = process.env[envName]
    ? Number(process.env[envName])
    : process.env.BENCH_PORT
      ? Number(process.env.BENCH_PORT) + offset
      : await freePort();
  await assertPortFree(port);
  return port;
}

/** A bare Bun.serve in its own process answering `body` (default: the health JSON) to every request. */
export async function startBare(name: string, port: number, body?: string) {
  const proc = start(name, [process.execPath, 'tests/bench/bare-server.ts'], { PORT: String(port), HOST: '127.0.0.1', ...(body ? { BODY: body } : {}) });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, `the ${name}`, proc);
  return base;
}

export const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/** Warm-up, then ROUNDS × (production, bare) with autocannon, interleaved; per-side summaries and the ratio. */
export function interleaved(targets: { production: string; bare: string }, headers: Record<string, string>, target: number) {
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

export const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};
export const timing = (xs: number[]) => ({ n: xs.length, meanMs: mean(xs), medianMs: percentile(xs, 50), p95Ms: percentile(xs, 95), minMs: Math.min(...xs), maxMs: Math.max(...xs) });


/**
 * Benchmarks that run as their own script (each sets up its own database) and end with one line
 * `BENCH_ROWS {"rows":[{name,measured,against,ratio,verdict}], ...}` that is added to the table.
 */
export async function scriptBench(ctx: BenchContext, name: string, script: string, args: string[]) {
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
    ctx.row(name, '—', '—', '—', `FAILED (exit ${code}; see the output above)`);
    return;
  }
  ctx.result[name] = report;
  for (const r of report.rows) ctx.row(r.name, r.measured, r.against, r.ratio, r.verdict);
}
