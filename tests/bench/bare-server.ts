/**
 * The baseline for the API benchmark: a bare Bun.serve answering with the same JSON body and
 * content type as the production server's GET /api/health, and nothing else (no routing, headers,
 * database or bridge). run.ts starts it as its own process, like the production server, and checks
 * that both answer the same body before measuring. With BODY set it answers that JSON instead (the
 * auth bench's GET /api/auth/me), still without looking at the request.
 */
const port = Number(process.env.PORT ?? 4508);
// BODY: the exact JSON to answer with (run.ts passes GET /api/auth/me's answer for the auth bench).
const body = process.env.BODY ?? JSON.stringify({ status: 'ok' });

Bun.serve({
  port,
  hostname: process.env.HOST ?? '127.0.0.1',
  fetch: () => new Response(body, { headers: { 'content-type': 'application/json;charset=utf-8' } }),
});
console.log(`[bare] ready on http://127.0.0.1:${port}`);
