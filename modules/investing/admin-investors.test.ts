import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { adminSession, parseCsv } from '@tests/helpers/admin-session';
import { createTestDatabase, describeEachDb } from '@tests/helpers/db';
import { users } from '../auth/schema';
import type { AdminInvestorsPage } from './contract';

describeEachDb('GET /api/admin/investors (the list contract)', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let get: (path: string) => Promise<Response>;
  const json = async (path: string) => {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    return (await res.json()) as AdminInvestorsPage;
  };
  const N = 60;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = createApp({ db: database.db });
    ({ get } = await adminSession(database.db, app));
    // 61 investors joined a minute apart; Aïsha Khan is the oldest, never on the newest-first page one.
    const start = Date.UTC(2026, 0, 1);
    await database.db.insert(users).values(
      Array.from({ length: N + 1 }, (_, i) => ({
        email: i === 0 ? 'aisha.khan@example.ae' : `holder${String(i).padStart(2, '0')}@example.ae`,
        passwordHash: 'x',
        firstName: i === 0 ? 'Aïsha' : `Holder${i}`,
        lastName: i === 0 ? '=Khan' : 'Test',
        phone: `+97150${String(i).padStart(7, '0')}`,
        unicode: `MZ-I${String(i).padStart(4, '0')}`,
        kycStatus: i % 2 === 0 ? 'approved' : 'not_started',
        createdAt: new Date(start + i * 60_000),
      })),
    );
  });
  afterAll(() => database.close());

  it('a search finds the investor beyond the first page, ignoring accents and case', async () => {
    const first = await json('/api/admin/investors');
    expect(first).toMatchObject({ total: N + 1, limit: 50, offset: 0 });
    expect(first.items.some((i) => i.email === 'aisha.khan@example.ae')).toBe(false);
    for (const q of ['aisha', 'AÏSHA KHAN', 'mz-i0000', '+971500000000', 'aisha.khan@EXAMPLE']) {
      const found = await json(`/api/admin/investors?q=${encodeURIComponent(q)}`);
      expect(found, q).toMatchObject({ total: 1, items: [{ email: 'aisha.khan@example.ae', name: 'Aïsha =Khan', status: 'registered' }] });
    }
  });

  it('total is the filtered total; sorts both ways; the older words still work', async () => {
    const approved = await json('/api/admin/investors?kycStatus=approved&limit=5&offset=25');
    expect(approved.total).toBe(31);
    expect(approved.items).toHaveLength(5);
    expect((await json('/api/admin/investors?status=investing')).total).toBe(0);
    const asc = await json('/api/admin/investors?sort=createdAt&limit=200');
    const desc = await json('/api/admin/investors?sort=-createdAt&limit=200');
    expect(asc.items[0]!.email).toBe('aisha.khan@example.ae');
    expect(desc.items.map((i) => i.id)).toEqual([...asc.items].reverse().map((i) => i.id));
    expect((await json('/api/admin/investors?sort=newest&limit=1')).items[0]!.email).toBe('holder60@example.ae');
    expect((await json('/api/admin/investors?sort=-email&limit=1')).items[0]!.email).toBe('holder60@example.ae');
    const a = await json('/api/admin/investors?sort=invested&limit=30');
    const b = await json('/api/admin/investors?sort=invested&limit=40&offset=30');
    expect(new Set([...a.items, ...b.items].map((i) => i.id)).size).toBe(N + 1);
  });

  it.each(['limit=0', 'limit=201', 'limit=-1', 'limit=abc', 'offset=-1', 'sort=phone', 'status=rich'])('answers 400 to %s', async (query) => {
    const res = await get(`/api/admin/investors?${query}`);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('validation_failed');
  });

  it('exports exactly the rows of the search as CSV, formulas neutralised', async () => {
    const res = await get('/api/admin/investors/export?q=khan&limit=1&offset=2');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="manzil-investors-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parseCsv(await res.text());
    expect(rows[0]!.slice(0, 4)).toEqual(['Name', 'Email', 'Phone', 'Unique ID']);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[3], r[7]])).toEqual([['Aïsha =Khan', 'aisha.khan@example.ae', "'+971500000000", 'MZ-I0000', '0.00']]);
    expect(parseCsv(await (await get('/api/admin/investors/export?kycStatus=approved')).text())).toHaveLength(32);
    expect((await app.handle(new Request('http://localhost/api/admin/investors/export'))).status).toBe(401);
  });
});
