import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { adminSession, parseCsv } from '@tests/helpers/admin-session';
import { createTestDatabase, describeEachDb } from '@tests/helpers/db';
import type { ScreeningListJson } from './screening-contract';
import { screeningLists } from './screening-schema';

type Page = { items: ScreeningListJson[]; total: number; threshold: number };

describeEachDb('GET /api/admin/screening/lists (the list contract)', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let get: (path: string) => Promise<Response>;
  const json = async (path: string) => {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    return (await res.json()) as Page;
  };
  const N = 60;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = createApp({ db: database.db });
    const session = await adminSession(database.db, app);
    get = session.get;
    // 61 lists; "Zürich PEP register" comes last A–Z, so it is never on the first page of 50.
    const start = Date.UTC(2026, 0, 1);
    await database.db.insert(screeningLists).values(
      Array.from({ length: N + 1 }, (_, i) => ({
        name: i === N ? 'Zürich PEP register' : `List ${String(i).padStart(2, '0')}`,
        source: i % 5 === 0 && i !== N ? 'demo' : 'upload',
        entryCount: i === N ? 5000 : i,
        uploadedBy: i === N ? session.admin.id : null,
        createdAt: new Date(start + i * 60_000),
        updatedAt: new Date(start + i * 60_000),
      })),
    );
  });
  afterAll(() => database.close());

  it('a search finds the list beyond the first page, ignoring accents and case; total and threshold', async () => {
    const first = await json('/api/admin/screening/lists');
    // The demo list the app seeds at start may be there too.
    const seeded = first.total - (N + 1);
    expect(seeded).toBeGreaterThanOrEqual(0);
    expect(first.items).toHaveLength(50);
    expect(first.threshold).toBe(0.85);
    expect(first.items.some((l) => l.name.includes('Zürich'))).toBe(false);
    for (const q of ['zurich', 'ZÜRICH pep', 'list admin']) {
      const found = await json(`/api/admin/screening/lists?q=${encodeURIComponent(q)}`);
      expect(found, q).toMatchObject({ total: 1, items: [{ name: 'Zürich PEP register', entryCount: 5000, uploadedBy: { name: 'List Admin' } }] });
    }
    expect((await json('/api/admin/screening/lists?q=list%20&limit=10&offset=55')).items.length).toBeGreaterThanOrEqual(6);
  });

  it('sorts both ways and filters by source', async () => {
    const asc = await json('/api/admin/screening/lists?sort=entries&limit=200');
    const desc = await json('/api/admin/screening/lists?sort=-entries&limit=200');
    expect(desc.items[0]!.name).toBe('Zürich PEP register');
    expect(desc.items.map((l) => l.id)).toEqual([...asc.items].reverse().map((l) => l.id));
    expect((await json('/api/admin/screening/lists?sort=-createdAt&limit=1')).items[0]!.name).toBe('Zürich PEP register');
    const uploads = await json('/api/admin/screening/lists?source=upload&q=list');
    expect(uploads.total).toBe(49);
    for (const bad of ['limit=0', 'limit=201', 'offset=-1', 'sort=source', 'source=web']) expect((await get(`/api/admin/screening/lists?${bad}`)).status, bad).toBe(400);
  });

  it('the CSV holds exactly the filtered lists', async () => {
    const res = await get('/api/admin/screening/lists/export?q=zurich');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/filename="manzil-screening-lists-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parseCsv(await res.text());
    expect(rows[0]).toEqual(['List', 'Source', 'Entries', 'Sanctions', 'PEP', 'Uploaded by', 'Created (UTC)', 'Updated (UTC)']);
    expect(rows.slice(1).map((r) => r.slice(0, 6))).toEqual([['Zürich PEP register', 'upload', '5000', '0', '5000', 'List Admin']]);
    expect(parseCsv(await (await get('/api/admin/screening/lists/export?source=demo&q=list')).text())).toHaveLength(12 + 1);
    expect((await app.handle(new Request('http://localhost/api/admin/screening/lists/export'))).status).toBe(401);
  });
});
