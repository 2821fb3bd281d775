import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { adminSession, parseCsv } from '@tests/helpers/admin-session';
import { createTestDatabase, describeEachDb } from '@tests/helpers/db';
import { users } from './schema';

type Page = { items: { id: string; email: string; firstName: string; lastName: string; createdAt: string }[]; total: number };

describeEachDb('GET /api/admin/users (the list contract)', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let get: (path: string) => Promise<Response>;
  const json = async (path: string) => {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    return (await res.json()) as Page;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = createApp({ db: database.db });
    ({ get } = await adminSession(database.db, app));
    // 64 investors created a minute apart, the oldest first; Aïsha Khan is the oldest: never on the first page.
    const start = Date.UTC(2026, 0, 1);
    await database.db.insert(users).values(
      Array.from({ length: 64 }, (_, i) => ({
        email: i === 0 ? 'aisha.khan@example.ae' : `investor${String(i).padStart(2, '0')}@example.ae`,
        passwordHash: 'x',
        firstName: i === 0 ? 'Aïsha' : `Investor${i}`,
        lastName: i === 0 ? 'Khan' : 'Test',
        unicode: `MZ-T${String(i).padStart(4, '0')}`,
        createdAt: new Date(start + i * 60_000),
      })),
    );
  });
  afterAll(() => database.close());

  it('a search finds exactly the user who is not on the first page, ignoring accents and case', async () => {
    const first = await json('/api/admin/users');
    expect(first.total).toBe(65);
    expect(first.items).toHaveLength(50);
    expect(first.items.some((u) => u.email === 'aisha.khan@example.ae')).toBe(false);

    for (const q of ['Aisha', 'aïsha', 'AISHA KHAN', 'khan aisha', 'aisha.khan@EXAMPLE', 'mz-t0000']) {
      const found = await json(`/api/admin/users?q=${encodeURIComponent(q)}`);
      expect(found, q).toMatchObject({ total: 1, items: [{ email: 'aisha.khan@example.ae', firstName: 'Aïsha', lastName: 'Khan' }] });
    }
    expect((await json('/api/admin/users?q=nobody-like-this')).total).toBe(0);
    // LIKE wildcards are text, not patterns.
    expect((await json('/api/admin/users?q=%25')).total).toBe(0);
    expect((await json('/api/admin/users?q=_')).total).toBe(0);
  });

  it('total counts the whole filtered set, not the page', async () => {
    const page = await json('/api/admin/users?q=investor&limit=10&offset=20');
    expect(page.total).toBe(63);
    expect(page.items).toHaveLength(10);
    const last = await json('/api/admin/users?q=investor&limit=10&offset=60');
    expect(last.items).toHaveLength(3);
    expect((await json('/api/admin/users?role=admin')).total).toBe(1);
  });

  it('sorts both ways by creation time, and pages never overlap', async () => {
    const newest = await json('/api/admin/users?sort=-createdAt&q=example.ae&limit=200');
    const oldest = await json('/api/admin/users?sort=createdAt&q=example.ae&limit=200');
    expect(oldest.items[0]!.email).toBe('aisha.khan@example.ae');
    expect(newest.items.map((u) => u.id)).toEqual([...oldest.items].reverse().map((u) => u.id));
    const times = oldest.items.map((u) => u.createdAt);
    expect(times).toEqual([...times].sort());
    const a = await json('/api/admin/users?sort=email&limit=30&offset=0');
    const b = await json('/api/admin/users?sort=email&limit=30&offset=30');
    const emails = [...a.items, ...b.items].map((u) => u.email);
    expect(new Set(emails).size).toBe(60);
    expect(emails).toEqual([...emails].sort());
    expect((await json('/api/admin/users?sort=-email&limit=1')).items[0]!.email).toBe('investor63@example.ae');
  });

  it.each(['limit=0', 'limit=201', 'limit=-1', 'limit=abc', 'offset=-1', 'sort=passwordHash', `q=${'x'.repeat(201)}`, 'role=root'])('answers 400 with the error shape to %s', async (query) => {
    const res = await get(`/api/admin/users?${query}`);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toBe('validation_failed');
    expect(typeof body.message).toBe('string');
    expect(body.message.length).toBeGreaterThan(5);
  });

  it('exports exactly the rows of the search as CSV, and refuses a visitor', async () => {
    const res = await get('/api/admin/users/export?q=aisha&limit=1&offset=5');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="manzil-users-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parseCsv(await res.text());
    expect(rows[0]).toEqual(['First name', 'Last name', 'Email', 'Username', 'Unique ID', 'Phone', 'Role', 'Verification', 'MFA', 'Created (UTC)']);
    expect(rows.slice(1)).toEqual([['Aïsha', 'Khan', 'aisha.khan@example.ae', '', 'MZ-T0000', '', 'investor', 'not_started', 'Off', '2026-01-01T00:00:00.000Z']]);
    expect((await app.handle(new Request('http://localhost/api/admin/users/export'))).status).toBe(401);
    expect((await get('/api/admin/users/export?sort=nope')).status).toBe(400);
  });

  it('exports more than 1,000 rows: the whole filtered set, in order', async () => {
    await database.db.insert(users).values(
      Array.from({ length: 1100 }, (_, i) => ({
        email: `bulk${String(i).padStart(4, '0')}@bulk.test`,
        passwordHash: 'x',
        firstName: 'Bulk',
        lastName: `=cmd|${i}`,
        unicode: `MZ-B${String(i).padStart(4, '0')}`,
      })),
    );
    const res = await get('/api/admin/users/export?q=bulk.test&sort=email');
    const rows = parseCsv(await res.text()).slice(1);
    expect(rows).toHaveLength(1100);
    expect(rows.map((r) => r[2])).toEqual(Array.from({ length: 1100 }, (_, i) => `bulk${String(i).padStart(4, '0')}@bulk.test`));
    expect(rows[0]![1]).toBe("'=cmd|0");
    expect((await json('/api/admin/users?q=bulk.test&limit=1')).total).toBe(1100);
  });
});
