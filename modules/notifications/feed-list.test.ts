import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { adminSession, parseCsv } from '@tests/helpers/admin-session';
import { createTestDatabase, describeEachDb } from '@tests/helpers/db';
import type { NotificationPage } from './contract';
import { notificationReads, notifications } from './schema';

describeEachDb('GET /api/admin/notifications (the list contract)', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let get: (path: string) => Promise<Response>;
  const json = async (path: string) => {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    return (await res.json()) as NotificationPage;
  };
  const N = 60;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = createApp({ db: database.db });
    const session = await adminSession(database.db, app);
    get = session.get;
    // 61 operator notifications a minute apart; the one about Aïsha Khan is the oldest, never on the first page.
    const start = Date.UTC(2026, 0, 1);
    const rows = await database.db
      .insert(notifications)
      .values(
        Array.from({ length: N + 1 }, (_, i) => ({
          audience: 'admin',
          kind: i % 3 === 0 ? 'screening_hit' : 'kyc_submitted',
          title: i === 0 ? 'Screening hit: Aïsha Khan' : `New KYC application: Applicant ${i}`,
          body: i === 0 ? '=HYPERLINK("x") matched a sanctions list entry.' : `Applicant ${i} (MZ-N${String(i).padStart(4, '0')}) submitted an identity verification.`,
          link: '/admin/kyc',
          createdAt: new Date(start + i * 60_000),
        })),
      )
      .returning();
    // The admin read the first ten.
    await database.db.insert(notificationReads).values(rows.slice(0, 10).map((r) => ({ notificationId: r.id, userId: session.admin.id })));
  });
  afterAll(() => database.close());

  it('a search finds the notification beyond the first page, ignoring accents and case', async () => {
    const first = await json('/api/admin/notifications');
    expect(first).toMatchObject({ total: N + 1, unread: N + 1 - 10 });
    expect(first.items).toHaveLength(50);
    expect(first.items.some((n) => n.title.includes('Khan'))).toBe(false);
    for (const q of ['aisha', 'KHAN AÏSHA', 'sanctions', 'hit: aisha']) {
      const found = await json(`/api/admin/notifications?q=${encodeURIComponent(q)}`);
      expect(found, q).toMatchObject({ total: 1, items: [{ title: 'Screening hit: Aïsha Khan', read: true }] });
    }
    expect((await json('/api/admin/notifications?q=mz-n0042')).items.map((n) => n.title)).toEqual(['New KYC application: Applicant 42']);
  });

  it('total is the filtered total; sorts both ways', async () => {
    const hits = await json('/api/admin/notifications?kind=screening_hit&limit=5&offset=5');
    expect(hits.total).toBe(21);
    expect(hits.items).toHaveLength(5);
    expect((await json('/api/admin/notifications?filter=unread&q=applicant')).total).toBe(N - 9);
    const newest = await json('/api/admin/notifications?sort=-createdAt&limit=200');
    const oldest = await json('/api/admin/notifications?sort=createdAt&limit=200');
    expect(oldest.items[0]!.title).toBe('Screening hit: Aïsha Khan');
    expect(newest.items.map((n) => n.id)).toEqual([...oldest.items].reverse().map((n) => n.id));
    expect((await json('/api/admin/notifications?sort=oldest&limit=1')).items[0]!.title).toBe('Screening hit: Aïsha Khan');
    const a = await json('/api/admin/notifications?sort=title&limit=30');
    const b = await json('/api/admin/notifications?sort=title&limit=40&offset=30');
    expect(new Set([...a.items, ...b.items].map((n) => n.id)).size).toBe(N + 1);
  });

  it.each(['limit=0', 'limit=201', 'limit=-1', 'limit=abc', 'offset=-1', 'sort=body', 'kind=nope', 'filter=some'])('answers 400 to %s', async (query) => {
    const res = await get(`/api/admin/notifications?${query}`);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('validation_failed');
  });

  it('exports exactly the rows of the search as CSV, formulas neutralised', async () => {
    const res = await get('/api/admin/notifications/export?q=aisha&limit=1&offset=9');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="manzil-notifications-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parseCsv(await res.text());
    expect(rows[0]).toEqual(['Created (UTC)', 'Kind', 'Title', 'Message', 'Link', 'Read', 'Read at (UTC)']);
    expect(rows.slice(1).map((r) => r.slice(0, 6))).toEqual([['2026-01-01T00:00:00.000Z', 'Screening hits', 'Screening hit: Aïsha Khan', `'=HYPERLINK("x") matched a sanctions list entry.`, '/admin/kyc', 'Yes']]);
    expect(parseCsv(await (await get('/api/admin/notifications/export?filter=unread')).text())).toHaveLength(N + 1 - 10 + 1);
    expect((await app.handle(new Request('http://localhost/api/admin/notifications/export'))).status).toBe(401);
  });
});
