import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase, describeEachDb } from '../tests/helpers/db';
import { getRequest } from '../tests/helpers/http';
import { createApp } from './app';
import { errorStatus } from './errors';
import { OPENAPI_PATH, openApiPath, type OpenApiDocument } from './openapi';

describeEachDb('GET /api/openapi.json', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let doc: OpenApiDocument;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = createApp({ db: database.db });
    const res = await app.handle(getRequest(OPENAPI_PATH));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    doc = JSON.parse(await res.text());
  });
  afterAll(() => database.close());

  it('is an OpenAPI 3 document', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Manzil API');
    expect(Object.keys(doc.paths).length).toBeGreaterThan(100);
  });

  it('lists every /api route of the app with {param} syntax (except itself)', () => {
    const routes = app.routes.filter((r) => r.path.startsWith('/api') && r.path !== OPENAPI_PATH && ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
    const missing = routes.filter((r) => !doc.paths[openApiPath(r.path)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
    expect(Object.keys(doc.paths).every((p) => !p.includes(':'))).toBe(true);
    expect(doc.paths[OPENAPI_PATH]).toBeUndefined();
  });

  it('describes inputs from the zod schemas and the errors from the one list', () => {
    const login = doc.paths['/api/auth/login'].post;
    const body = (login.requestBody as { content: Record<string, { schema: { properties: Record<string, unknown> } }> }).content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['username', 'password']));
    const account = doc.paths['/api/admin/ledger/accounts/{code}'].get;
    expect(account.parameters?.some((p) => p.name === 'code' && p.in === 'path')).toBe(true);
    expect(Object.keys(account.responses ?? {})).toEqual(expect.arrayContaining(['401', '403', '404']));
    expect(account.tags).toEqual(['ledger (admin)']);
    expect(doc['x-error-codes']['400']).toContain('nul_byte');
    expect((doc.components.schemas.ErrorCode as { enum: string[] }).enum).toEqual(Object.keys(errorStatus));
  });
});
