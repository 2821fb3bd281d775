/**
 * Production server: one Bun process, one port. /api/* goes to Elysia; every other path is
 * Astro's built output — prerendered pages and assets as files, on-demand pages through the
 * @astrojs/node handler (middleware mode). Route matching is case-insensitive and allows a
 * trailing slash; anything unknown answers 404 with the prerendered 'Page Not Found' page.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { bootDatabase } from './boot';
import { CSRF_COOKIE, parseCookieHeader, randomToken, serializeCookie } from './cookies';
import { securityHeaders } from './security-headers';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.resolve(root, process.env.ASTRO_OUT_DIR ?? 'dist');
const clientDir = path.join(distDir, 'client');
const entry = path.join(distDir, 'server', 'entry.mjs');

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.avif': 'image/avif', '.ico': 'image/x-icon',
  '.woff2': 'font/woff2', '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest)|image\/svg)/;

type StaticFile = { body: Buffer; gzip?: Buffer; type: string; immutable: boolean };
const fileCache = new Map<string, StaticFile | null>();

function loadFile(abs: string): StaticFile | null {
  if (fileCache.has(abs)) return fileCache.get(abs)!;
  let file: StaticFile | null = null;
  if (abs.startsWith(clientDir + path.sep) && existsSync(abs) && statSync(abs).isFile()) {
    const body = readFileSync(abs);
    const type = MIME[path.extname(abs).toLowerCase()] ?? 'application/octet-stream';
    const gzip = COMPRESSIBLE.test(type) && body.length > 1024 ? Buffer.from(Bun.gzipSync(body)) : undefined;
    file = { body, gzip, type, immutable: abs.includes(`${path.sep}_astro${path.sep}`) };
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

/** The XSRF-TOKEN cookie goes out with the first answer to any visitor, pages included. */
function csrfCookieFor(req: http.IncomingMessage): string | undefined {
  if (parseCookieHeader(req.headers.cookie ?? null)[CSRF_COOKIE]) return undefined;
  return serializeCookie(CSRF_COOKIE, randomToken(24), { httpOnly: false });
}

function sendFile(req: http.IncomingMessage, res: http.ServerResponse, file: StaticFile, status = 200) {
  const headers: Record<string, string> = { 'Content-Type': file.type, Vary: 'Accept-Encoding' };
  if (file.type.startsWith('text/html')) {
    Object.assign(headers, securityHeaders('page'), { 'Cache-Control': 'no-cache' });
    const cookie = csrfCookieFor(req);
    if (cookie) headers['Set-Cookie'] = cookie;
  }
  else {
    headers['X-Content-Type-Options'] = 'nosniff';
    headers['Cache-Control'] = file.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';
  }
  const gz = file.gzip && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const body = gz ? file.gzip! : file.body;
  if (gz) headers['Content-Encoding'] = 'gzip';
  headers['Content-Length'] = String(body.length);
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

function send404(req: http.IncomingMessage, res: http.ServerResponse) {
  const file = loadFile(path.join(clientDir, '404.html'));
  if (file) return sendFile(req, res, file, 404);
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', ...securityHeaders('page') });
  res.end('Page Not Found');
}

type FetchApp = { handle: (r: Request) => Promise<Response> | Response };

async function toApi(app: FetchApp, req: http.IncomingMessage, res: http.ServerResponse) {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || k === 'x-client-ip') continue;
    if (Array.isArray(v)) for (const item of v) headers.append(k, item);
    else headers.set(k, v);
  }
  headers.set('x-client-ip', req.socket.remoteAddress ?? '');
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url}`, {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    // @ts-expect-error: needed for streaming request bodies
    duplex: hasBody ? 'half' : undefined,
  });
  const response = await app.handle(request);
  const out: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') out[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) out['set-cookie'] = cookies;
  const body = Buffer.from(await response.arrayBuffer());
  out['content-length'] = String(body.length);
  res.writeHead(response.status, out);
  res.end(req.method === 'HEAD' ? undefined : body);
}

export async function startServer({ port = Number(process.env.PORT ?? 4321), host = process.env.HOST ?? '0.0.0.0' } = {}) {
  if (!existsSync(entry)) {
    console.error('[manzil] dist/ is missing: run `npm run build` first (npm start does it for you).');
    process.exit(1);
  }
  const database = await bootDatabase();
  const app = createApp({ db: database.db });
  const astro = (await import(entry)) as {
    handler: (req: http.IncomingMessage, res: http.ServerResponse, next: (err?: unknown) => void) => void;
  };

  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const rawPath = q === -1 ? url : url.slice(0, q);
    if (rawPath === '/api' || rawPath.startsWith('/api/') || rawPath.toLowerCase().startsWith('/api/')) {
      toApi(app, req, res).catch((err) => {
        console.error('[manzil] api bridge', err);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Something went wrong on our side. Please try again.', error: 'internal_error' }));
      });
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(rawPath);
    } catch {
      return send404(req, res);
    }
    if (pathname.includes('\0') || pathname.split('/').includes('..')) return send404(req, res);

    // Assets: exact file (hashed names are case-sensitive).
    if (path.extname(pathname) && !pathname.endsWith('.html')) {
      const file = loadFile(path.join(clientDir, pathname));
      if (file) return sendFile(req, res, file);
      return send404(req, res);
    }
    const page = pageFileFor(pathname);
    if (page) return sendFile(req, res, loadFile(page)!);

    // On-demand pages (property detail, listing, community, onboarding steps) through Astro.
    const lower = pathname.toLowerCase().replace(/\/+$/, '') || '/';
    req.url = lower + (q === -1 ? '' : url.slice(q));
    for (const [k, v] of Object.entries(securityHeaders('page'))) res.setHeader(k, v);
    const cookie = csrfCookieFor(req);
    if (cookie) res.setHeader('Set-Cookie', cookie);
    astro.handler(req, res, (err) => {
      if (err) console.error('[manzil] render failed', err);
      for (const k of res.getHeaderNames()) res.removeHeader(k);
      send404(req, res);
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  console.log(`[manzil] ready on http://localhost:${port}`);

  const stop = async () => {
    server.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return server;
}

if (import.meta.main) await startServer();
