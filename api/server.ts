/**
 * Production server: one Bun process, one port (Bun.serve). /api/* goes straight to Elysia's
 * `app.handle`; every other path is Astro's built output — prerendered pages and assets as files
 * (cached in memory, gzipped once), on-demand pages through the @astrojs/node handler
 * (middleware mode) via a small request/response bridge. Route matching is case-insensitive and
 * allows a trailing slash; anything unknown answers 404 with the prerendered 'Page Not Found' page.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { bootDatabaseOrExit } from './boot';
import { runRecurringEntries } from '../modules/ledger';
import { startSipScheduler } from '../modules/sip';
import { startFeeScheduler } from '../modules/fees';
import { startTrackersScheduler } from '../modules/trackers';
import { startAnnouncementScheduler } from '../modules/communications';
import { expireOrders } from '../modules/exchange';
import { deliverQueuedEmails } from '../modules/email';
import { paymentProviderOf } from '../modules/wallet';
import { CSRF_COOKIE, parseCookieHeader, randomToken, serializeCookie } from './cookies';
import { callNodeHandler, type NodeHandler } from './node-bridge';
import { securityHeaders } from './security-headers';
import { adminShellFor } from '../site/components/admin/routing';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.resolve(root, process.env.ASTRO_OUT_DIR ?? 'dist');
const clientDir = path.join(distDir, 'client');
const entry = path.join(distDir, 'server', 'entry.mjs');
const headersFile = path.join(distDir, '_headers.json');

/** Largest request body the server accepts at all (uploads included); JSON routes have their own, smaller limit. */
export const MAX_REQUEST_BYTES = 12 * 1024 * 1024;

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.avif': 'image/avif', '.ico': 'image/x-icon',
  '.woff2': 'font/woff2', '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest)|image\/svg)/;

type StaticFile = { path: string; body: Uint8Array; gzip?: Uint8Array; type: string; immutable: boolean };
const fileCache = new Map<string, StaticFile | null>();

function loadFile(abs: string): StaticFile | null {
  const cached = fileCache.get(abs);
  if (cached !== undefined) return cached;
  let file: StaticFile | null = null;
  if (abs.startsWith(clientDir + path.sep) && existsSync(abs) && statSync(abs).isFile()) {
    const body = new Uint8Array(readFileSync(abs));
    const type = MIME[path.extname(abs).toLowerCase()] ?? 'application/octet-stream';
    const gzip = COMPRESSIBLE.test(type) && body.length > 1024 ? Bun.gzipSync(body) : undefined;
    file = { path: abs, body, gzip, type, immutable: abs.includes(`${path.sep}_astro${path.sep}`) };
  }
  fileCache.set(abs, file);
  return file;
}

/** The prerendered page for a path, matched case-insensitively with an optional trailing slash. */
export function pageFileFor(pathname: string): string | null {
  const clean = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  const candidates = clean === '/' ? ['index.html'] : [`${clean.slice(1)}/index.html`, `${clean.slice(1)}.html`];
  for (const c of candidates) {
    const abs = path.join(clientDir, c);
    if (loadFile(abs)) return abs;
  }
  return null;
}

type HeadersJson = { pathname: string; headers: { key: string; value: string }[] }[];
let pagePolicies: Map<string, string> | undefined;

/**
 * The Content-Security-Policy Astro computed for each prerendered page (astro.config.mjs `security.csp`
 * with the node adapter's `staticHeaders`): script-src 'self' plus the hashes of Astro's own inline
 * scripts, no 'unsafe-inline'. Keyed by the page's path as Astro names it ('/', '/about', '/404').
 */
export function prerenderedPagePolicy(pathname: string, file = headersFile): string | undefined {
  if (!pagePolicies) {
    pagePolicies = new Map();
    if (existsSync(file)) {
      for (const { pathname: p, headers } of JSON.parse(readFileSync(file, 'utf8')) as HeadersJson) {
        const csp = headers.find((h) => h.key.toLowerCase() === 'content-security-policy');
        if (csp) pagePolicies.set(p.toLowerCase(), csp.value);
      }
    }
  }
  return pagePolicies.get(pathname);
}

/** The page path of a prerendered HTML file ('about/index.html' → '/about', '404.html' → '/404'). */
function pagePathOf(abs: string): string {
  const rel = path.relative(clientDir, abs).split(path.sep).join('/').toLowerCase();
  const trimmed = rel.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '');
  return `/${trimmed}`;
}

/** The XSRF-TOKEN cookie goes out with the first answer to any visitor, pages included. */
function csrfCookieFor(request: Request): string | undefined {
  if (parseCookieHeader(request.headers.get('cookie'))[CSRF_COOKIE]) return undefined;
  return serializeCookie(CSRF_COOKIE, randomToken(24), { httpOnly: false });
}

function pageHeaders(request: Request, extra: Record<string, string> = {}): Headers {
  const headers = new Headers({ ...securityHeaders('page'), ...extra });
  const cookie = csrfCookieFor(request);
  if (cookie) headers.append('Set-Cookie', cookie);
  return headers;
}

function fileResponse(request: Request, file: StaticFile, status = 200): Response {
  const isHtml = file.type.startsWith('text/html');
  const policy = isHtml ? prerenderedPagePolicy(pagePathOf(file.path)) : undefined;
  const headers = isHtml
    ? pageHeaders(request, { 'Cache-Control': 'no-cache', ...(policy ? { 'Content-Security-Policy': policy } : {}) })
    : new Headers({ 'X-Content-Type-Options': 'nosniff', 'Cache-Control': file.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600' });
  headers.set('Content-Type', file.type);
  headers.set('Vary', 'Accept-Encoding');
  const gz = file.gzip && /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '');
  if (gz) headers.set('Content-Encoding', 'gzip');
  const body = gz ? file.gzip! : file.body;
  return new Response(request.method === 'HEAD' ? null : body, { status, headers });
}

function notFoundPage(request: Request): Response {
  const file = loadFile(path.join(clientDir, '404.html'));
  if (file) return fileResponse(request, file, 404);
  return new Response('Page Not Found', { status: 404, headers: pageHeaders(request, { 'Content-Type': 'text/plain; charset=utf-8' }) });
}

type FetchApp = { handle: (r: Request) => Promise<Response> | Response };

/** The whole front door as one fetch function (exported for tests and benchmarks). */
export function createFetch(app: FetchApp, astroHandler: NodeHandler) {
  return async (request: Request, clientIp: string): Promise<Response> => {
    const url = request.url;
    const start = url.indexOf('/', url.indexOf('//') + 2);
    const q = url.indexOf('?', start);
    const rawPath = q === -1 ? url.slice(start) : url.slice(start, q);

    if (rawPath.length >= 4 && rawPath.slice(0, 4).toLowerCase() === '/api' && (rawPath.length === 4 || rawPath[4] === '/')) {
      request.headers.set('x-client-ip', clientIp);
      return app.handle(request);
    }

    let pathname: string;
    try {
      pathname = decodeURIComponent(rawPath);
    } catch {
      return notFoundPage(request);
    }
    if (pathname.includes('\0') || pathname.split('/').includes('..')) return notFoundPage(request);

    // Assets: exact file (hashed names are case-sensitive).
    if (path.extname(pathname) && !pathname.endsWith('.html')) {
      const file = loadFile(path.join(clientDir, pathname));
      return file ? fileResponse(request, file) : notFoundPage(request);
    }
    const shell = adminShellFor(pathname);
    const page = pageFileFor(pathname) ?? (shell ? pageFileFor(shell) : null);
    if (page) return fileResponse(request, loadFile(page)!);

    // On-demand pages (property detail, listing, community) through Astro's node handler.
    const lower = pathname.toLowerCase().replace(/\/+$/, '') || '/';
    try {
      const rendered = await callNodeHandler(astroHandler, request, lower + (q === -1 ? '' : url.slice(q)), clientIp);
      if (!rendered || rendered.status === 404) return notFoundPage(request);
      // Astro's own Content-Security-Policy for the page (with its script hashes) replaces the default.
      const headers = pageHeaders(request);
      rendered.headers.forEach((v, k) => {
        if (k === 'set-cookie') headers.append(k, v);
        else headers.set(k, v);
      });
      return new Response(rendered.body, { status: rendered.status, statusText: rendered.statusText, headers });
    } catch (err) {
      console.error('[manzil] render failed', err);
      return new Response('Something went wrong on our side. Please try again.', {
        status: 500,
        headers: pageHeaders(request, { 'Content-Type': 'text/plain; charset=utf-8' }),
      });
    }
  };
}

export async function startServer({ port = Number(process.env.PORT ?? 4321), hostname = process.env.HOST ?? '0.0.0.0' } = {}) {
  if (!existsSync(entry)) {
    console.error('[manzil] dist/ is missing: run `npm run build` first (npm start does it for you).');
    process.exit(1);
  }
  const database = await bootDatabaseOrExit();
  const app = createApp({ db: database.db, backgroundJobs: true });
  const astro = (await import(entry)) as { handler: NodeHandler };
  const handle = createFetch(app, astro.handler);

  // Recurring journal entries post themselves: at start and every hour (idempotent per template and month,
  // so several instances may run it).
  const runRecurring = () =>
    runRecurringEntries(database.db).catch((err: unknown) => console.error('[manzil] recurring entries', err));
  void runRecurring();
  const recurringTimer = setInterval(runRecurring, 60 * 60 * 1000);
  // SIP collections run by themselves (every 10 minutes and at start; missed dates catch up once, and the
  // (plan, month) key keeps several instances from collecting twice). SIP_SCHEDULER=0 turns it off.
  const stopSip = process.env.SIP_SCHEDULER === '0' ? () => {} : startSipScheduler(database.db, { provider: paymentProviderOf(database.db) });
  // The platform fee charges the previous month by itself once it has ended (hourly and at start; the fee lock
  // and unique keys charge each window once). FEE_SCHEDULER=0 turns it off.
  const stopFees = process.env.FEE_SCHEDULER === '0' ? () => {} : startFeeScheduler(database.db);
  // The data trackers compute yesterday's values by themselves (hourly and at start; each tracker once a day, its
  // row lock keeps each alert notified once). TRACKERS_SCHEDULER=0 turns it off.
  const stopTrackers = process.env.TRACKERS_SCHEDULER === '0' ? () => {} : startTrackersScheduler(database.db);
  // Scheduled announcements go out by themselves (every minute and at start; each is claimed once, so several
  // instances never send one twice). ANNOUNCEMENT_SCHEDULER=0 turns it off.
  const stopAnnouncements = process.env.ANNOUNCEMENT_SCHEDULER === '0' ? () => {} : startAnnouncementScheduler(database.db);
  // Good-till-date exchange orders past their day are expired (their holds released) every 10 minutes;
  // matching also skips and sweeps them, so this only tidies books that nobody is trading.
  const expire = () => void expireOrders(database.db).catch((err: unknown) => console.error('[manzil] exchange expiry', err));
  expire();
  const expiryTimer = setInterval(expire, 10 * 60 * 1000);
  // Notification emails written inside a run's transaction are queued and sent from here, after the commit
  // (every 5 seconds; SKIP LOCKED shares the queue between instances). Without SMTP nothing is queued.
  let mailing = false;
  const mailOut = () => {
    if (mailing) return;
    mailing = true;
    void deliverQueuedEmails(database.db)
      .catch((err: unknown) => console.error('[manzil] email outbox', err))
      .finally(() => {
        mailing = false;
      });
  };
  const mailTimer = setInterval(mailOut, 5_000);

  const server = Bun.serve({
    port,
    hostname,
    maxRequestBodySize: MAX_REQUEST_BYTES,
    idleTimeout: 65,
    fetch: (request, srv) => handle(request, srv.requestIP(request)?.address ?? ''),
    error(err) {
      console.error('[manzil] unhandled', err);
      return new Response(JSON.stringify({ message: 'Something went wrong on our side. Please try again.', error: 'internal_error' }), {
        status: 500,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  console.log(`[manzil] ready on http://localhost:${server.port}`);

  const stop = async () => {
    clearInterval(recurringTimer);
    stopSip();
    stopFees();
    stopTrackers();
    stopAnnouncements();
    clearInterval(expiryTimer);
    clearInterval(mailTimer);
    server.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return server;
}

if (import.meta.main) await startServer();
