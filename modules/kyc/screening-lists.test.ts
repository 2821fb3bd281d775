import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { adminSession, parseCsv } from '@tests/helpers/admin-session';
import { createTestDatabase, describeEachDb } from '@tests/helpers/db';
import type { ScreeningEntryJson, ScreeningListJson } from './screening-contract';
import { screeningEntries, screeningLists } from './screening-schema';

type Page = { items: ScreeningListJson[]; total: number; threshold: number };
type EntryPage = { items: ScreeningEntryJson[]; total: number };

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
    const made = await database.db.insert(screeningLists).values(
      Array.from({ length: N + 1 }, (_, i) => ({
        name: i === N ? 'Zürich PEP register' : `List ${String(i).padStart(2, '0')}`,
        source: i % 5 === 0 && i !== N ? 'demo' : 'upload',
        entryCount: i === N ? 5000 : i,
        uploadedBy: i === N ? session.admin.id : null,
        createdAt: new Date(start + i * 60_000),
        updatedAt: new Date(start + i * 60_000),
      })),
    ).returning();
    // The Zürich list's 61 entries, in file order; the last one is Ḱarim al-Mirqadi, alias Kareem Mirqadi.
    listId = made.find((l) => l.name.startsWith('Zürich'))!.id;
    await database.db.insert(screeningEntries).values(
      Array.from({ length: N + 1 }, (_, i) => ({
        listId,
        name: i === N ? 'Karîm al-Mirqadi' : `Person ${String(i).padStart(2, '0')}`,
        aliases: i === N ? ['Kareem Mirqadi', '=cmd'] : [],
        category: i % 2 === 0 ? 'pep' : 'sanctions',
        reference: `ZH-${String(i).padStart(3, '0')}`,
        line: i + 2,
      })),
    );
  });
  let listId = '';
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
    expect(rows.slice(1).map((r) => r.slice(0, 6))).toEqual([['Zürich PEP register', 'upload', '5000', '30', '4970', 'List Admin']]);
    expect(parseCsv(await (await get('/api/admin/screening/lists/export?source=demo&q=list')).text())).toHaveLength(12 + 1);
    expect((await app.handle(new Request('http://localhost/api/admin/screening/lists/export'))).status).toBe(401);
  });

  it('entries: a search finds the entry beyond the first page, sorts, counts, exports the filtered set', async () => {
    const base = `/api/admin/screening/lists/${listId}/entries`;
    const first = (await (await get(base)).json()) as EntryPage;
    expect(first.total).toBe(N + 1);
    expect(first.items).toHaveLength(50);
    expect(first.items[0]!.line).toBe(2);
    for (const q of ['karim', 'KAREEM mirqadi', 'zh-060']) {
      const found = (await (await get(`${base}?q=${encodeURIComponent(q)}`)).json()) as EntryPage;
      expect(found, q).toMatchObject({ total: 1, items: [{ name: 'Karîm al-Mirqadi', reference: 'ZH-060' }] });
    }
    expect(((await (await get(`${base}?category=sanctions`)).json()) as EntryPage).total).toBe(30);
    const desc = (await (await get(`${base}?sort=-line&limit=200`)).json()) as EntryPage;
    expect(desc.items[0]!.name).toBe('Karîm al-Mirqadi');
    for (const bad of ['limit=0', 'sort=aliases', 'category=other']) expect((await get(`${base}?${bad}`)).status, bad).toBe(400);
    expect((await get('/api/admin/screening/lists/00000000-0000-4000-8000-000000000000/entries')).status).toBe(404);
    expect((await get('/api/admin/screening/lists/00000000-0000-4000-8000-000000000000/entries/export')).status).toBe(404);

    const rows = parseCsv(await (await get(`${base}/export?q=mirqadi`)).text());
    expect(rows).toEqual([
      ['Line', 'Name', 'Aliases', 'Date of birth', 'Nationality', 'Category', 'Reference'],
      ['62', 'Karîm al-Mirqadi', 'Kareem Mirqadi; =cmd', '', '', 'pep', 'ZH-060'],
    ]);
    expect(parseCsv(await (await get(`${base}/export?category=pep`)).text())).toHaveLength(31 + 1);
  });
});
