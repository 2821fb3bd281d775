import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { DEMO_ADMIN, DEMO_INVESTOR, seedDatabase } from '@db/seed';
import { TestClient } from '@tests/helpers/client';
import { createTestDatabase, describeEachDb } from '@tests/helpers/db';
import { BASE } from '@tests/helpers/http';
import { auditLog } from '../audit/schema';
import { users } from '../auth/schema';
import { listNotifications } from '../notifications';
import type { ScreeningListDetailJson, ScreeningListJson, ScreeningResult } from './screening-contract';
import { DEMO_LIST_NAME, screenApplicant } from './screening';

const API = '/api/admin/screening';

describeEachDb('screening', (kind) => {
  let database: Database;
  let app: { handle: (r: Request) => Promise<Response> };
  let admin: TestClient;
  let investor: TestClient;
  let adminId: string;

  /** A multipart upload through the same cookie jar and CSRF header as the browser. */
  const upload = async (client: TestClient, fields: Record<string, string | File>) => {
    if (!client.cookies.has('XSRF-TOKEN')) await client.get('/api/auth/me');
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    const headers: Record<string, string> = { cookie: client.cookieHeader(), 'x-client-ip': '10.1.1.1' };
    if (client.cookies.has('XSRF-TOKEN')) headers['x-csrf-token'] = client.cookies.get('XSRF-TOKEN')!;
    return app.handle(new Request(`${BASE}${API}/lists`, { method: 'POST', body: form, headers }));
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDatabase(database.db, { DEMO: '1' });
    app = createApp({ db: database.db });
    admin = new TestClient(app);
    investor = new TestClient(app);
    expect((await admin.post('/api/auth/login', { username: 'admin', password: DEMO_ADMIN.password })).status).toBe(200);
    expect((await investor.post('/api/auth/login', { username: 'omar', password: DEMO_INVESTOR.password })).status).toBe(200);
    [{ id: adminId }] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN.email));
  });
  afterAll(() => database.close());

  it('answers 401 to a visitor and 403 to an investor on every screening route', async () => {
    const visitor = new TestClient(app);
    const routes: [string, string, unknown?][] = [
      ['GET', '/lists'],
      ['POST', '/lists', { name: 'Probe', csv: 'name,category\nA B,pep' }],
      ['GET', '/lists/00000000-0000-4000-8000-000000000000'],
      ['DELETE', '/lists/00000000-0000-4000-8000-000000000000'],
      ['POST', '/check', { name: 'Karim Al-Mirqadi' }],
      ['POST', '/check', { nonsense: true }],
    ];
    for (const [method, path, body] of routes) {
      const headers = method === 'DELETE' ? { 'content-length': '0' } : undefined;
      expect((await visitor.request(method, `${API}${path}`, body, { headers })).status, `${method} ${path}`).toBe(401);
      expect((await investor.request(method, `${API}${path}`, body, { headers })).status, `${method} ${path}`).toBe(403);
    }
    expect((await upload(investor, { name: 'Probe', file: new File(['name,category\nA B,pep'], 'l.csv') })).status).toBe(403);
    expect((await upload(visitor, { name: 'Probe', file: new File(['name,category\nA B,pep'], 'l.csv') })).status).toBe(401);
    const lists = await admin.json<{ items: ScreeningListJson[] }>('GET', `${API}/lists`);
    expect(lists.body.items.map((l) => l.name)).toEqual([DEMO_LIST_NAME]);
  });

  it('has the demo list on first start, and a check finds a listed name spelt differently', async () => {
    const lists = await admin.json<{ items: ScreeningListJson[]; threshold: number }>('GET', `${API}/lists`);
    expect(lists.body.items[0]).toMatchObject({ name: DEMO_LIST_NAME, source: 'demo', entryCount: 20, uploadedBy: null });
    expect(lists.body.items[0].sanctionsCount + lists.body.items[0].pepCount).toBe(20);

    const hit = await admin.json<ScreeningResult>('POST', `${API}/check`, { name: 'Kareem al Mirqadi', dateOfBirth: '1968-04-12', nationality: 'AE' });
    expect(hit.status).toBe(200);
    expect(hit.body).toMatchObject({ flagged: true, risk: 'high', entriesChecked: 20 });
    expect(hit.body.hits[0]).toMatchObject({ name: 'Karim Al-Mirqadi', listName: DEMO_LIST_NAME, category: 'sanctions', reference: 'DEMO-001' });
    expect(hit.body.hits[0].reasons).toEqual(['date of birth matches', 'nationality matches']);

    const clear = await admin.json<ScreeningResult>('POST', `${API}/check`, { name: DEMO_INVESTOR.firstName + ' ' + DEMO_INVESTOR.lastName });
    expect(clear.body).toMatchObject({ flagged: false, risk: 'low', hits: [] });
    const pep = await admin.json<ScreeningResult>('POST', `${API}/check`, { name: 'Samira Khuzaymi' });
    expect(pep.body).toMatchObject({ flagged: true, risk: 'medium' });
    const bad = await admin.json<{ fields: Record<string, string> }>('POST', `${API}/check`, { name: 'X', dateOfBirth: '1990-13-01', nationality: 'Atlantis' });
    expect(bad.status).toBe(400);
  });

  it('uploads a list as JSON or a multipart file, rejects bad rows with line numbers, and audits', async () => {
    const bad = await admin.json<{ error: string; errors: { line: number; column?: string; message: string }[] }>('POST', `${API}/lists`, {
      name: 'Bad list',
      csv: 'name,category,date_of_birth\nGood,pep,\nNo Category,,\nBad Date,sanctions,2020-02-31',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('csv_invalid');
    expect(bad.body.errors.map((e) => [e.line, e.column])).toEqual([[3, 'category'], [4, 'date_of_birth']]);
    expect((await admin.json<{ items: unknown[] }>('GET', `${API}/lists`)).body.items).toHaveLength(1);

    const created = await admin.json<ScreeningListJson>('POST', `${API}/lists`, {
      name: 'Test PEP list',
      csv: 'name,aliases,date_of_birth,nationality,category,reference\nQuintus Abernathy-Vole,Q. Vole,1971-03-03,GB,pep,T-1\n',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Test PEP list', source: 'upload', entryCount: 1, pepCount: 1, uploadedBy: { id: adminId } });
    expect((await admin.json('POST', `${API}/lists`, { name: 'test pep LIST', csv: 'name,category\nA B,pep' })).status).toBe(409);

    const res = await upload(admin, {
      name: 'test pep list',
      replace: 'true',
      file: new File(['name,category,nationality\nQuintus Abernathy Vole,pep,GB\nPetronella Grubnitz,sanctions,AT\n'], 'list.csv', { type: 'text/csv' }),
    });
    expect(res.status).toBe(201);
    const replaced = (await res.json()) as ScreeningListJson;
    expect(replaced).toMatchObject({ id: created.body.id, entryCount: 2, sanctionsCount: 1, pepCount: 1 });

    const detail = await admin.json<ScreeningListDetailJson>('GET', `${API}/lists/${replaced.id}?q=grub`);
    expect(detail.body.entriesTotal).toBe(1);
    expect(detail.body.entries[0]).toMatchObject({ name: 'Petronella Grubnitz', nationality: 'AT', category: 'sanctions', line: 3 });
    // The new entries are screened at once.
    expect((await admin.json<ScreeningResult>('POST', `${API}/check`, { name: 'Petronela Grubnic' })).body.flagged).toBe(true);

    const audits = await database.db.select().from(auditLog).where(eq(auditLog.entityId, created.body.id));
    expect(audits.map((a) => a.action).sort()).toEqual(['screening.list_replace', 'screening.list_upload']);
    expect(audits.every((a) => a.actorId === adminId)).toBe(true);

    const tooBig = await upload(admin, { name: 'Huge', file: new File([new Uint8Array(6 * 1024 * 1024).fill(65)], 'huge.csv') });
    expect(tooBig.status).toBe(413);
  });

  it('deletes a list (audited), after which its names no longer match', async () => {
    const lists = (await admin.json<{ items: ScreeningListJson[] }>('GET', `${API}/lists`)).body.items;
    const list = lists.find((l) => l.name === 'test pep list')!;
    const res = await admin.request('DELETE', `${API}/lists/${list.id}`, undefined, { headers: { 'content-length': '0' } });
    expect(res.status).toBe(200);
    expect((await admin.json('GET', `${API}/lists/${list.id}`)).status).toBe(404);
    expect((await admin.request('DELETE', `${API}/lists/${list.id}`, undefined, { headers: { 'content-length': '0' } })).status).toBe(404);
    expect((await admin.json<ScreeningResult>('POST', `${API}/check`, { name: 'Petronella Grubnitz' })).body.flagged).toBe(false);
    const [audit] = await database.db.select().from(auditLog).where(and(eq(auditLog.entityId, list.id), eq(auditLog.action, 'screening.list_delete')));
    expect(audit.summary).toContain('test pep list');
  });

  it('screenApplicant flags a hit and notifies the operators in the same transaction; a clear name does not', async () => {
    const [investorRow] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_INVESTOR.email));
    const viewer = { userId: adminId, audience: 'admin' as const, role: 'admin' };
    const before = (await listNotifications(database.db, viewer)).total;
    const clear = await database.db.transaction((tx) => screenApplicant(tx, { userId: investorRow.id, fullName: 'Omar Rahman', dateOfBirth: '1990-05-05', nationality: 'AE' }));
    expect(clear).toMatchObject({ flagged: false, risk: 'low' });
    expect((await listNotifications(database.db, viewer)).total).toBe(before);

    const flagged = await database.db.transaction((tx) => screenApplicant(tx, { userId: investorRow.id, fullName: 'Yousef Darbandikhan', nationality: 'IQ' }));
    expect(flagged.flagged).toBe(true);
    expect(flagged.hits[0]).toMatchObject({ name: 'Yusuf Darbandikhan', category: 'sanctions' });
    const feed = await listNotifications(database.db, viewer);
    expect(feed.total).toBe(before + 1);
    expect(feed.items[0]).toMatchObject({ kind: 'screening_hit', link: `/admin/kyc?application=${investorRow.id}` });
    expect(feed.items[0].body).toContain('Yusuf Darbandikhan');
  });
});
