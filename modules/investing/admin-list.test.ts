import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { adminSession, parseCsv } from '@tests/helpers/admin-session';
import { describeEachDb } from '@tests/helpers/db';
import type { AdminInvestmentsPage, InvestmentJson } from './contract';
import { clientWith, createInvestor, createProperty, fundWallet, moneyTestDatabase } from './test-helpers';

describeEachDb('GET /api/admin/investments (the list contract)', (kind) => {
  let database: Database;
  let get: (path: string) => Promise<Response>;
  const receipts: string[] = [];
  const json = async (path: string) => {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    return (await res.json()) as AdminInvestmentsPage;
  };

  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
    const app = createApp({ db: database.db });
    ({ get } = await adminSession(database.db, app));
    const property = await createProperty(database.db, { title: 'Résidence Côte d’Azur', city: 'Ajman' });
    const aisha = await createInvestor(database.db, { firstName: 'Aïsha' });
    await fundWallet(database.db, aisha.id, 1_000_000n);
    const client = clientWith(app, aisha.token);
    for (const amount of [100_000, 200_000, 300_000]) {
      const res = await client.json<InvestmentJson>('POST', '/api/investments', { propertyId: property.id, amount });
      expect(res.status).toBe(201);
      receipts.push(res.body.receiptNumber);
    }
  });
  afterAll(() => database.close());

  it('searches investor names and property titles without accents or case', async () => {
    for (const q of ['aisha', 'AÏSHA', 'residence cote', 'cote aisha']) {
      const page = await json(`/api/admin/investments?q=${encodeURIComponent(q)}`);
      expect(page.total, q).toBe(3);
      expect(page.totals.count).toBe(3);
    }
    expect((await json(`/api/admin/investments?q=${receipts[1]!.toLowerCase()}`)).items.map((i) => i.receiptNumber)).toEqual([receipts[1]]);
  });

  it('sorts by createdAt both ways; the older words still work; bad paging is a 400', async () => {
    const asc = (await json('/api/admin/investments?q=aisha&sort=createdAt')).items.map((i) => i.receiptNumber);
    expect(asc).toEqual(receipts);
    expect((await json('/api/admin/investments?q=aisha&sort=-createdAt')).items.map((i) => i.receiptNumber)).toEqual([...receipts].reverse());
    expect((await json('/api/admin/investments?q=aisha&sort=oldest')).items.map((i) => i.receiptNumber)).toEqual(receipts);
    expect((await json('/api/admin/investments?q=aisha&sort=-total&limit=1')).items.map((i) => i.receiptNumber)).toEqual([receipts[2]]);
    const second = await json('/api/admin/investments?q=aisha&sort=createdAt&limit=1&offset=1');
    expect(second).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(second.items.map((i) => i.receiptNumber)).toEqual([receipts[1]]);
    for (const bad of ['limit=0', 'limit=201', 'limit=-1', 'limit=abc', 'sort=investor']) expect((await get(`/api/admin/investments?${bad}`)).status, bad).toBe(400);
  });

  it('exports exactly the rows of the search', async () => {
    const res = await get('/api/admin/investments/export?q=r%C3%A9sidence&sort=createdAt&limit=1');
    const rows = parseCsv(await res.text());
    expect(rows[0]![0]).toBe('Receipt');
    expect(rows.slice(1).map((r) => r[0])).toEqual(receipts);
    expect(rows[1]![6]).toBe('Résidence Côte d’Azur');
  });
});
