import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { adminSession, parseCsv } from '@tests/helpers/admin-session';
import { createTestDatabase, describeEachDb } from '@tests/helpers/db';
import { seedChartOfAccounts } from './chart';
import { postSimple } from './test-helpers';

const URL = '/api/admin/ledger/journal-entries';
type Page = { items: { number: string; memo: string; date: string }[]; total: number };

describeEachDb('GET /api/admin/ledger/journal-entries (the list contract)', (kind) => {
  let database: Database;
  let get: (path: string) => Promise<Response>;
  const json = async (path: string) => {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    return (await res.json()) as Page;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedChartOfAccounts(database.db);
    ({ get } = await adminSession(database.db, createApp({ db: database.db })));
    for (let i = 0; i < 60; i++) {
      await postSimple(database.db, `2026-01-${String((i % 28) + 1).padStart(2, '0')}`, [['6110', 1000 + i, 0], ['1110', 0, 1000 + i]], i === 7 ? 'Café supplies for the Société office' : `Office expense ${i}`);
    }
  });
  afterAll(() => database.close());

  it('searches memos without accents or case, and entry numbers; total counts the filtered set', async () => {
    expect((await json(URL)).total).toBe(60);
    expect(await json(`${URL}?q=cafe%20SOCIETE`)).toMatchObject({ total: 1, items: [{ memo: 'Café supplies for the Société office', number: 'JE-000008' }] });
    expect(await json(`${URL}?q=je-000008`)).toMatchObject({ total: 1, items: [{ number: 'JE-000008' }] });
    const page = await json(`${URL}?q=office%20expense&limit=5&offset=55`);
    expect(page.total).toBe(59);
    expect(page.items).toHaveLength(4);
  });

  it('sorts by createdAt both ways (and keeps date and number)', async () => {
    const asc = await json(`${URL}?sort=createdAt&limit=200`);
    const desc = await json(`${URL}?sort=-createdAt&limit=200`);
    expect(asc.items[0]!.number).toBe('JE-000001');
    expect(desc.items.map((e) => e.number)).toEqual([...asc.items].reverse().map((e) => e.number));
    expect((await json(`${URL}?sort=-number&limit=1`)).items[0]!.number).toBe('JE-000060');
    expect((await json(`${URL}?sort=date&limit=1`)).items[0]!.date).toBe('2026-01-01');
    for (const bad of ['limit=0', 'limit=201', 'limit=-1', 'limit=abc', 'sort=amount']) expect((await get(`${URL}?${bad}`)).status, bad).toBe(400);
  });

  it('exports the same query as CSV, every matching entry', async () => {
    const res = await get(`${URL}/export?q=caf%C3%A9&limit=1&offset=3`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const rows = parseCsv(await res.text());
    expect(rows[0]).toEqual(['Entry', 'Date', 'Memo', 'Status', 'Kind', 'Source module', 'Source id', 'Debit (AED)', 'Credit (AED)', 'Posted at (UTC)', 'Reverses', 'Reversed by']);
    expect(rows.slice(1)).toHaveLength(1);
    expect(rows[1]!.slice(0, 5)).toEqual(['JE-000008', '2026-01-08', 'Café supplies for the Société office', 'posted', 'standard']);
    expect(rows[1]![7]).toBe('10.07');
    expect(parseCsv(await (await get(`${URL}/export`)).text())).toHaveLength(61);
  });

  it('exports the filtered set with formulas neutralised, and filters and sorts together', async () => {
    await postSimple(database.db, '2026-02-14', [['6110', 2500, 0], ['1110', 0, 2500]], '=SUM(A1:A9) rent accrual, "Marina"');
    await postSimple(database.db, '2026-02-15', [['6110', 700, 0], ['1110', 0, 700]], '@rent accrual reminder');
    const page = await json(`${URL}?q=RENT%20accrual&sort=-date&limit=1`);
    expect(page).toMatchObject({ total: 2, items: [{ memo: '@rent accrual reminder', date: '2026-02-15' }] });
    expect((await json(`${URL}?q=rent%20accrual&from=2026-02-14&to=2026-02-14`)).total).toBe(1);
    const text = await (await get(`${URL}/export?q=rent%20accrual&sort=date`)).text();
    expect(text).toContain(`"'=SUM(A1:A9) rent accrual, ""Marina"""`);
    const rows = parseCsv(text);
    expect(rows.slice(1).map((r) => [r[1], r[2], r[7]])).toEqual([
      ['2026-02-14', `'=SUM(A1:A9) rent accrual, "Marina"`, '25.00'],
      ['2026-02-15', "'@rent accrual reminder", '7.00'],
    ]);
  });
});
