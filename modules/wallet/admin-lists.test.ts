import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { adminSession, parseCsv } from '@tests/helpers/admin-session';
import { createTestDatabase, describeEachDb } from '@tests/helpers/db';
import { users } from '../auth/schema';
import type { AdjustmentRequestJson, AdminWalletsPage, AdminWithdrawalJson } from './contract';
import { wallets, walletAdjustmentRequests, walletWithdrawals } from './schema';

type Page<T> = { items: T[]; total: number };

describeEachDb('GET /api/admin/wallets, /withdrawals and /adjustment-requests (the list contract)', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let get: (path: string) => Promise<Response>;
  const json = async <T,>(path: string) => {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    return (await res.json()) as T;
  };
  const N = 60;
  const AISHA_IBAN = 'AE070331234567890123456';

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = createApp({ db: database.db });
    const session = await adminSession(database.db, app);
    get = session.get;
    // 61 investors; Aïsha Khan holds the least, so the largest-balance-first list never shows her on page one.
    const start = Date.UTC(2026, 0, 1);
    const people = await database.db
      .insert(users)
      .values(
        Array.from({ length: N + 1 }, (_, i) => ({
          email: i === N ? 'aisha.khan@example.ae' : `investor${String(i).padStart(2, '0')}@example.ae`,
          passwordHash: 'x',
          firstName: i === N ? 'Aïsha' : `Investor${i}`,
          lastName: i === N ? 'Khan' : 'Test',
          unicode: `MZ-W${String(i).padStart(4, '0')}`,
          kycStatus: 'approved',
          createdAt: new Date(start + i * 60_000),
        })),
      )
      .returning();
    // Balances: investor i holds (N + 1 - i) × AED 100; every third holds AED 10 for a withdrawal.
    await database.db.insert(wallets).values(people.map((u, i) => ({ userId: u.id, balance: BigInt((N + 1 - i) * 10_000), held: i % 3 === 0 ? 1_000n : 0n, updatedAt: new Date(start + i * 3_600_000) })));
    // One withdrawal each, requested an hour apart (Aïsha's the oldest); every other one paid.
    await database.db.insert(walletWithdrawals).values(
      people.map((u, i) => ({
        userId: u.id,
        amount: BigInt(1_000 + i),
        iban: i === N ? AISHA_IBAN : `AE0703300000000000${String(i).padStart(5, '0')}`,
        accountName: i === N ? 'Aisha N Khan' : `Investor${i} Test`,
        status: i % 2 === 0 ? 'pending' : 'paid',
        createdAt: new Date(start + (N - i) * 3_600_000),
      })),
    );
    // One adjustment request each, asked by the list's administrator; Aïsha's reason mentions a =formula.
    await database.db.insert(walletAdjustmentRequests).values(
      people.map((u, i) => ({
        userId: u.id,
        amount: BigInt(i === N ? -2_000_000 : 2_000_000 + i),
        reason: i === N ? '=Reverse the duplicate card deposit' : `Bank transfer ${i} received outside the app`,
        status: i % 4 === 0 ? 'rejected' : 'pending',
        requestedBy: session.admin.id,
        createdAt: new Date(start + (N - i) * 60_000),
      })),
    );
  });
  afterAll(() => database.close());

  it('wallets: a search finds the investor beyond the first page; totals count the filtered set', async () => {
    const first = await json<AdminWalletsPage>('/api/admin/wallets');
    expect(first.total).toBe(N + 1);
    expect(first.items).toHaveLength(50);
    expect(first.items[0]!.unicode).toBe('MZ-W0000');
    expect(first.items.some((w) => w.email === 'aisha.khan@example.ae')).toBe(false);
    for (const q of ['aisha', 'AÏSHA KHAN', 'mz-w0060', 'aisha.khan@EXAMPLE']) {
      const found = await json<AdminWalletsPage>(`/api/admin/wallets?q=${encodeURIComponent(q)}`);
      expect(found, q).toMatchObject({ total: 1, items: [{ email: 'aisha.khan@example.ae', name: 'Aïsha Khan', balance: '10000' }], totals: { balance: '10000', wallets: 1 } });
    }
    const held = await json<AdminWalletsPage>('/api/admin/wallets?withHolds=true&limit=5&offset=5');
    expect(held.total).toBe(21);
    expect(held.items).toHaveLength(5);
    expect(held.totals).toEqual({ balance: String(Array.from({ length: 21 }, (_, k) => (N + 1 - 3 * k) * 10_000).reduce((a, b) => a + b, 0)), held: '21000', wallets: 21 });
  });

  it('wallets: sorts both ways without overlapping pages; the older sort word still works', async () => {
    const asc = await json<AdminWalletsPage>('/api/admin/wallets?sort=balance&limit=200');
    const desc = await json<AdminWalletsPage>('/api/admin/wallets?sort=-balance&limit=200');
    expect(asc.items[0]!.email).toBe('aisha.khan@example.ae');
    expect(desc.items.map((w) => w.userId)).toEqual([...asc.items].reverse().map((w) => w.userId));
    expect((await json<AdminWalletsPage>('/api/admin/wallets?sort=-createdAt&limit=1')).items[0]!.unicode).toBe('MZ-W0060');
    expect((await json<AdminWalletsPage>('/api/admin/wallets?sort=updated&limit=1')).items[0]!.unicode).toBe('MZ-W0060');
    const a = await json<AdminWalletsPage>('/api/admin/wallets?sort=name&limit=30');
    const b = await json<AdminWalletsPage>('/api/admin/wallets?sort=name&limit=40&offset=30');
    expect(new Set([...a.items, ...b.items].map((w) => w.userId)).size).toBe(N + 1);
    for (const bad of ['limit=0', 'limit=201', 'offset=-1', 'sort=email', 'withHolds=maybe']) expect((await get(`/api/admin/wallets?${bad}`)).status, bad).toBe(400);
  });

  it('wallets CSV holds exactly the rows of the search, in fils', async () => {
    const res = await get('/api/admin/wallets/export?q=khan&limit=1&offset=9');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="manzil-wallets-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parseCsv(await res.text());
    expect(rows[0]).toEqual(['Name', 'Email', 'Unique ID', 'Verification', 'Balance (fils)', 'Held (fils)', 'Available (fils)', 'Withdrawals waiting', 'Last movement (UTC)']);
    expect(rows.slice(1).map((r) => r.slice(0, 7))).toEqual([['Aïsha Khan', 'aisha.khan@example.ae', 'MZ-W0060', 'approved', '10000', '1000', '9000']]);
    expect(parseCsv(await (await get('/api/admin/wallets/export?withHolds=true')).text())).toHaveLength(22);
    expect((await app.handle(new Request('http://localhost/api/admin/wallets/export'))).status).toBe(401);
  });

  it('withdrawals: search by name, IBAN or account name beyond the first page; total, sort, status', async () => {
    const first = await json<Page<AdminWithdrawalJson>>('/api/admin/wallets/withdrawals');
    expect(first.total).toBe(N + 1);
    expect(first.items).toHaveLength(50);
    expect(first.items.some((w) => w.email === 'aisha.khan@example.ae')).toBe(false);
    for (const q of ['aïsha', 'AE07 0331 2345', 'aisha n khan', 'MZ-W0060']) {
      const found = await json<Page<AdminWithdrawalJson>>(`/api/admin/wallets/withdrawals?q=${encodeURIComponent(q)}`);
      expect(found, q).toMatchObject({ total: 1, items: [{ email: 'aisha.khan@example.ae', iban: AISHA_IBAN }] });
    }
    expect((await json<Page<AdminWithdrawalJson>>('/api/admin/wallets/withdrawals?status=pending')).total).toBe(31);
    const asc = await json<Page<AdminWithdrawalJson>>('/api/admin/wallets/withdrawals?sort=createdAt&limit=200');
    const desc = await json<Page<AdminWithdrawalJson>>('/api/admin/wallets/withdrawals?limit=200');
    expect(asc.items[0]!.email).toBe('aisha.khan@example.ae');
    expect(desc.items.map((w) => w.id)).toEqual([...asc.items].reverse().map((w) => w.id));
    expect((await json<Page<AdminWithdrawalJson>>('/api/admin/wallets/withdrawals?sort=-amount&limit=1')).items[0]!.amount).toBe(String(1_000 + N));
    for (const bad of ['limit=0', 'offset=abc', 'sort=iban', 'status=done']) expect((await get(`/api/admin/wallets/withdrawals?${bad}`)).status, bad).toBe(400);
  });

  it('withdrawals CSV holds exactly the filtered rows', async () => {
    const res = await get('/api/admin/wallets/withdrawals/export?q=khan&status=pending');
    expect(res.headers.get('content-disposition')).toMatch(/filename="manzil-withdrawals-/);
    const rows = parseCsv(await res.text());
    expect(rows[0]![0]).toBe('Requested (UTC)');
    expect(rows.slice(1).map((r) => [r[1], r[4], r[5], r[7]])).toEqual([['Aïsha Khan', String(1_000 + N), AISHA_IBAN, 'pending']]);
    expect(parseCsv(await (await get('/api/admin/wallets/withdrawals/export?status=paid')).text())).toHaveLength(31);
  });

  it('adjustment requests: search beyond the first page, total, sort, and the CSV of the filtered set', async () => {
    const first = await json<Page<AdjustmentRequestJson>>('/api/admin/wallets/adjustment-requests');
    expect(first.total).toBe(N + 1);
    expect(first.items).toHaveLength(50);
    expect(first.items.some((r) => r.unicode === 'MZ-W0060')).toBe(false);
    const oldest = await json<Page<AdjustmentRequestJson>>('/api/admin/wallets/adjustment-requests?sort=createdAt&limit=200');
    expect(oldest.items[0]!.unicode).toBe('MZ-W0060');
    expect((await json<Page<AdjustmentRequestJson>>('/api/admin/wallets/adjustment-requests?limit=200')).items.map((r) => r.id)).toEqual([...oldest.items].reverse().map((r) => r.id));
    for (const q of ['aisha khan', 'duplicate card', 'mz-w0060']) {
      const found = await json<Page<AdjustmentRequestJson>>(`/api/admin/wallets/adjustment-requests?q=${encodeURIComponent(q)}`);
      expect(found, q).toMatchObject({ total: 1, items: [{ unicode: 'MZ-W0060', amount: '-2000000' }] });
    }
    expect((await json<Page<AdjustmentRequestJson>>('/api/admin/wallets/adjustment-requests?status=rejected')).total).toBe(16);
    expect((await json<Page<AdjustmentRequestJson>>('/api/admin/wallets/adjustment-requests?sort=amount&limit=1')).items[0]!.unicode).toBe('MZ-W0060');
    expect((await get('/api/admin/wallets/adjustment-requests?sort=reason')).status).toBe(400);

    const rows = parseCsv(await (await get('/api/admin/wallets/adjustment-requests/export?q=aisha')).text());
    expect(rows[0]![0]).toBe('Asked (UTC)');
    expect(rows.slice(1).map((r) => [r[1], r[3], r[4]])).toEqual([['Aïsha Khan', '-2000000', "'=Reverse the duplicate card deposit"]]);
    expect(parseCsv(await (await get('/api/admin/wallets/adjustment-requests/export?status=pending')).text())).toHaveLength(N + 1 - 16 + 1);
  });
});
