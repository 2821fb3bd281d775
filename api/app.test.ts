import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase, describeEachDb } from '../tests/helpers/db';
import { TestClient } from '../tests/helpers/client';
import { getRequest, jsonRequest } from '../tests/helpers/http';
import { createApp } from './app';

describeEachDb('API foundation', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  const logged: unknown[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = createApp({ db: database.db, log: { error: (...a: unknown[]) => logged.push(a) } });
  });
  afterAll(async () => {
    await database.close();
  });

  it('GET /api/health answers ok with security headers and a request id', async () => {
    const res = await app.handle(getRequest('/api/health'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('unknown /api routes answer 404 JSON naming the route', async () => {
    const res = await app.handle(getRequest('/api/no-such-thing'));
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = await res.json();
    expect(body).toEqual({ message: 'There is no API route for GET /api/no-such-thing.', error: 'not_found' });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('malformed JSON is a 400 with a sentence, never a 500', async () => {
    const res = await app.handle(jsonRequest('/api/waitlist/join', '{"email": "a@b.c",'));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'The request body is not valid JSON. Check for missing quotes, commas or brackets.',
      error: 'malformed_json',
    });
  });

  it('wrong types and missing fields are 400 with the contract message', async () => {
    for (const body of [{}, { email: 42 }, { email: 'not-an-email' }, []]) {
      const res = await app.handle(jsonRequest('/api/waitlist/join', body));
      expect(res.status).toBe(400);
      const json = await res.json();
      expect(json.error).toBe('validation_failed');
      expect(typeof json.message).toBe('string');
      expect(JSON.stringify(json)).not.toMatch(/at .*\.ts:\d+/);
    }
    const res = await app.handle(jsonRequest('/api/waitlist/join', { email: 'nope' }));
    expect((await res.json()).message).toBe('Please enter a valid email address');
  });

  it('oversized bodies are refused with 413, with or without Content-Length', async () => {
    const big = JSON.stringify({ email: 'a@b.co', name: 'x'.repeat(70_000) });
    const declared = await app.handle(jsonRequest('/api/waitlist/join', big));
    expect(declared.status).toBe(413);
    expect((await declared.json()).error).toBe('payload_too_large');

    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(big));
        c.close();
      },
    });
    const chunked = await app.handle(
      new Request('http://localhost/api/waitlist/join', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: stream,
        // @ts-expect-error streaming body
        duplex: 'half',
      }),
    );
    expect(chunked.status).toBe(413);
  });

  it('a body that is not JSON is refused with 415 and says what to send', async () => {
    const res = await app.handle(
      new Request('http://localhost/api/waitlist/join', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' }),
    );
    expect(res.status).toBe(415);
    expect((await res.json()).message).toContain('Content-Type: application/json');
  });

  it('reads a bodiless POST (no length, no type) as an empty body, not a 415', async () => {
    const client = new TestClient(app);
    const res = await client.request('POST', '/api/auth/logout');
    expect(res.status).toBe(200);
    expect((await res.json()).success).toBe(true);
  });

  it('never leaks a stack trace on an unexpected failure', async () => {
    const broken = createApp({ db: {} as never, log: { error: () => {} } });
    const res = await broken.handle(jsonRequest('/api/waitlist/join', { email: 'x@y.ae' }));
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body.error).toBe('internal_error');
    expect(body.message).toContain(body.requestId);
    expect(JSON.stringify(body)).not.toMatch(/TypeError|\.ts:/);
  });
});
