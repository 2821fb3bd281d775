import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { DEMO_ADMIN, seedDatabase } from '../db/seed';
import { TestClient } from '../tests/helpers/client';
import { createTestDatabase, describeEachDb } from '../tests/helpers/db';
import { getRequest, jsonRequest } from '../tests/helpers/http';
import { createApp } from './app';
import { AppError } from './errors';
import { assertCleanJson, assertCleanUrl, MAX_JSON_DEPTH } from './input-guards';

const nest = (depth: number): unknown => (depth === 0 ? 'x' : { a: nest(depth - 1) });
const codeOf = (fn: () => void) => {
  try {
    fn();
    return null;
  } catch (e) {
    return e instanceof AppError ? `${e.status} ${e.code}` : String(e);
  }
};

describe('input guards', () => {
  it('refuse a NUL in the path (encoded), a query name or value, and pass everything else', () => {
    expect(codeOf(() => assertCleanUrl('http://x/api/properties/%00'))).toBe('400 nul_byte');
    expect(codeOf(() => assertCleanUrl('http://x/api/a?q=ab%00c'))).toBe('400 nul_byte');
    expect(codeOf(() => assertCleanUrl('http://x/api/a?%00=1'))).toBe('400 nul_byte');
    expect(codeOf(() => assertCleanUrl('http://x/api/a/%2500?q=%25'))).toBeNull();
  });

  it('walk a JSON body: NUL in any string or key, deeper than the limit', () => {
    expect(codeOf(() => assertCleanJson({ a: [{ b: 'ok' }, { c: 'bad\u0000' }] }))).toBe('400 nul_byte');
    expect(codeOf(() => assertCleanJson({ ['k\u0000']: 1 }))).toBe('400 nul_byte');
    expect(codeOf(() => assertCleanJson(nest(MAX_JSON_DEPTH)))).toBeNull();
    expect(codeOf(() => assertCleanJson(nest(MAX_JSON_DEPTH + 1)))).toBe('413 too_deeply_nested');
    expect(codeOf(() => assertCleanJson([1, 'two', null, true, { three: 3n.toString() }]))).toBeNull();
  });
});

describeEachDb('NUL bytes and deep bodies through the API', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDatabase(database.db, {});
    app = createApp({ db: database.db });
  });
  afterAll(() => database.close());

  it('GET /api/properties/%00 is a 400 naming the NUL character, not a 500', async () => {
    const res = await app.handle(getRequest('/api/properties/%00'));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toBe('nul_byte');
    expect(body.message).toMatch(/NUL character/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('the ledger account and cost-center routes refuse %00 in the code', async () => {
    const admin = new TestClient(app);
    expect((await admin.post('/api/auth/login', { username: DEMO_ADMIN.email, password: DEMO_ADMIN.password })).status).toBe(200);
    for (const [method, path] of [
      ['GET', '/api/admin/ledger/accounts/%00'],
      ['DELETE', '/api/admin/ledger/accounts/a%00b'],
      ['PATCH', '/api/admin/ledger/cost-centers/%00'],
      ['DELETE', '/api/admin/ledger/cost-centers/%00'],
    ] as const) {
      const res = await admin.request(method, path, method === 'PATCH' ? { name: 'x' } : undefined);
      expect({ path, status: res.status, error: (await res.json()).error }).toEqual({ path, status: 400, error: 'nul_byte' });
    }
  });

  it('a NUL in a query value or anywhere in a JSON body is a 400', async () => {
    expect((await app.handle(getRequest('/api/properties?q=a%00'))).status).toBe(400);
    const res = await app.handle(jsonRequest('/api/waitlist/join', { email: 'a@b.ae', name: 'A\u0000', interest: 'x' }, { headers: { origin: 'http://localhost' } }));
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('nul_byte');
  });

  it('a body nested deeper than the limit is refused before any route sees it', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const res = await app.handle(jsonRequest('/api/waitlist/join', deep, { headers: { origin: 'http://localhost' } }));
    expect(res.status).toBe(413);
    expect((await res.json()).error).toBe('too_deeply_nested');
  });
});
