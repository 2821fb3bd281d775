/**
 * The baseline for the properties benchmark: a bare Bun.serve answering every request with one HTML
 * file (the production server's /properties page, saved by run.ts), read once at start, with the same
 * content type. No routing, headers, database, rendering or bridge.  FILE=… PORT=… bun tests/bench/static-page.ts
 */
const body = new Uint8Array(await Bun.file(process.env.FILE!).arrayBuffer());
const port = Number(process.env.PORT ?? 4509);
Bun.serve({
  port,
  hostname: process.env.HOST ?? '127.0.0.1',
  fetch: () => new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } }),
});
console.log(`[static] ready on http://127.0.0.1:${port}`);
export {};
