import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { TestClient } from '@tests/helpers/client';
import { describeEachDb } from '@tests/helpers/db';
import { moneyTestDatabase } from '@modules/investing/test-helpers';
import { q } from '@modules/wallet';
import { daysAgo, receivablesFixtures } from './test-helpers';

/** Values no field of these routes accepts, whatever its type. */
const ALWAYS_BAD: unknown[] = [null, true, {}, [], { a: { b: { c: {} } } }, -1, 1.5, 1e300, 1e21, '9'.repeat(40), 'a\u0000b'];
const TEXT_BAD: unknown[] = [null, true, {}, [], 1.5, 42, 'x'.repeat(1001), 'a\u0000b'];
const BAD_IDS = ['x', "'%20or%201=1", '0'.repeat(100), '%00', 'a%00b', '00000000-0000-0000-0000-000000000000', '..%2F..%2Fetc', '%F0%9F%98%80'];
let deep: unknown = 1;
for (let i = 0; i < 200; i++) deep = { d: deep };
const BAD_BODIES: unknown[] = [null, [], 'text', 42, deep, [1, [2, [3]]]];

describeEachDb('receivables routes: fuzz', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let admin: TestClient;
  const fx = receivablesFixtures(() => ({ database, app, admin }));

  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
    app = createApp({ db: database.db });
    admin = new TestClient(app);
    expect((await admin.post('/api/auth/login', { username: 'admin', password: 'ManzilAdmin#2026' })).status).toBe(200);
  }, 60_000);
  afterAll(() => database.close());

  let tried = 0;
  const expect4xx = async (method: string, path: string, body?: unknown, client = admin) => {
    tried += 1;
    const res = await client.request(method, path, body);
    const text = await res.text();
    expect(res.status, `${method} ${path} ${JSON.stringify(body)?.slice(0, 120)} → ${res.status} ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
    expect(res.status, `${method} ${path} → ${text.slice(0, 200)}`).toBeLessThan(500);
  };
  const snapshot = async () =>
    (
      await q<Record<string, string>>(
        database.db,
        sql`select (select count(*) from customers)::text as customers, (select count(*) from invoices)::text as invoices, (select string_agg(status, ',' order by id) from invoices) as statuses,
                   (select count(*) from customer_payments)::text as payments, (select count(*) from credit_notes)::text as notes, (select count(*) from ledger_journal_entries)::text as entries,
                   (select count(*) from recurring_invoices)::text as templates, (select coalesce(sum(credit_balance), 0) from customers)::text as credit`,
      )
    )[0];

  it('answers every malformed request with a 4xx and changes nothing', async () => {
    const bank = await fx.bankAccount();
    const c = await fx.customer();
    const draft = await fx.draft(c.id);
    const open = await fx.issued(c.id);
    const line = { description: 'Service', quantity: '1', unitPrice: 100, taxCode: 'standard' };
    const before = await snapshot();

    const amount = [...ALWAYS_BAD, 0, '0', '', ' ', '1e3', '-5', '99999999999999999999', 1e16];
    const date = [...ALWAYS_BAD, '', '2026-02-30', '26-01-01', "' or 1=1"];
    const id = [...ALWAYS_BAD, '', 'x', 'x'.repeat(65), '00000000-0000-0000-0000-000000000000'];
    const bodies: [string, string, Record<string, unknown>, Record<string, unknown[]>][] = [
      ['POST', '/api/admin/customers', { name: 'X', email: 'x@x.test' }, { name: [...TEXT_BAD, ''], email: [...TEXT_BAD, '', 'not-an-email'], trn: [...TEXT_BAD.filter((v) => v !== null), '12345'], kind: [...ALWAYS_BAD, 'VIP'], paymentTermsDays: [...ALWAYS_BAD, 366, '30'], creditLimit: [...amount.filter((v) => v !== null && v !== 0 && v !== '0')], currency: [...ALWAYS_BAD, 'JPY'] }],
      ['PATCH', `/api/admin/customers/${c.id}`, { name: 'Y' }, { name: [...TEXT_BAD.filter((v) => v !== null), ''], address: [...ALWAYS_BAD.filter((v) => typeof v !== 'object'), { country: 'ARE' }] }],
      ['POST', '/api/admin/invoices', { customerId: c.id, date: daysAgo(1), dueDate: daysAgo(0), lines: [line] }, {
        customerId: id,
        date,
        dueDate: [...date, daysAgo(30)],
        currency: [...ALWAYS_BAD, 'JPY', 'aed'],
        rate: [...ALWAYS_BAD, '0', '-1', 'abc', '1e3'],
        lines: [...ALWAYS_BAD.filter((v) => !Array.isArray(v)), [], Array(201).fill(line), [{ ...line, quantity: '1.2345' }], [{ ...line, quantity: 0 }], [{ ...line, unitPrice: -1 }], [{ ...line, taxCode: 'import' }], [{ ...line, incomeAccount: '4110' }], [{ ...line, discount: 101 }], [{ ...line, costCenter: 'NOPE' }], [{ ...line, description: 'a\u0000b' }]],
      }],
      ['PUT', `/api/admin/invoices/${open.id}`, { customerId: c.id, date: daysAgo(1), dueDate: daysAgo(0), lines: [line] }, { lines: [[line]] }],
      ['POST', `/api/admin/invoices/${draft.id}/issue`, { override: false }, { override: ['yes', 1, null, {}] }],
      ['POST', `/api/admin/invoices/${open.id}/payments`, { amount: 1, date: daysAgo(0), bankAccountId: bank }, { amount, date: [...date, daysAgo(400)], bankAccountId: id, amountDoc: [...amount.filter((v) => v !== null), 5] }],
      ['POST', `/api/admin/invoices/${open.id}/credit-notes`, { date: daysAgo(0), reason: 'Because' }, { date, reason: [...TEXT_BAD, '', 'ab'], lines: [...ALWAYS_BAD.filter((v) => !Array.isArray(v)), [], [{ lineNo: 9 }], [{ lineNo: 1, net: 99_999_999 }], [{ lineNo: 1 }, { lineNo: 1 }]] }],
      ['POST', '/api/admin/customer-payments', { customerId: c.id, amount: 10, date: daysAgo(0), bankAccountId: bank, allocations: [{ invoiceId: open.id, amount: 11 }] }, { customerId: id, amount, allocations: [...ALWAYS_BAD.filter((v) => !Array.isArray(v)), [{ invoiceId: open.id, amount: 5 }, { invoiceId: open.id, amount: 5 }], [{ invoiceId: draft.id, amount: 5 }]] }],
      ['POST', `/api/admin/customers/${c.id}/apply-credit`, { invoiceId: open.id, amount: 1 }, { invoiceId: id, amount, date }],
      ['POST', '/api/admin/recurring-invoices', { name: 'R', customerId: c.id, dayOfMonth: 29, startDate: daysAgo(0), lines: [line] }, { dayOfMonth: [...ALWAYS_BAD, 0, 29, '1'], startDate: date, endDate: [...date.filter((v) => v !== null), daysAgo(400)], customerId: id }],
      ['POST', '/api/admin/recurring-invoices/run', { asOf: 'x' }, { asOf: date.filter((v) => v !== null) }],
      ['POST', '/api/admin/receivables/dunning/send', { asOf: 'x' }, { asOf: date.filter((v) => v !== null) }],
    ];
    for (const [method, path, valid, fields] of bodies) {
      for (const [field, values] of Object.entries(fields)) for (const v of values) await expect4xx(method, path, { ...valid, [field]: v });
      for (const b of BAD_BODIES) await expect4xx(method, path, b);
    }
    for (const bad of BAD_IDS) {
      for (const p of ['/api/admin/invoices/', '/api/admin/customers/', '/api/admin/credit-notes/']) await expect4xx('GET', `${p}${bad}`);
      for (const action of ['issue', 'send', 'payments', 'credit-notes']) await expect4xx('POST', `/api/admin/invoices/${bad}/${action}`, { amount: 1, date: daysAgo(0), bankAccountId: bank, reason: 'Because' });
      for (const file of ['pdf', 'xml']) await expect4xx('GET', `/api/admin/invoices/${bad}/${file}`);
      await expect4xx('DELETE', `/api/admin/invoices/${bad}`);
      await expect4xx('POST', `/api/admin/recurring-invoices/${bad}/pause`);
      await expect4xx('GET', `/api/admin/customers/${bad}/statement`);
    }
    const queries: [string, string[]][] = [
      ['/api/admin/invoices', ['limit=0', 'limit=abc', 'offset=-1', 'sort=evil', 'status=bogus', 'bucket=7', 'asOf=2026-13-01', 'currency=JPY', `q=${'x'.repeat(201)}`]],
      ['/api/admin/invoices/export', ['status=bogus', 'sort=drop']],
      ['/api/admin/customers', ['kind=vip', 'sort=-evil', 'limit=201']],
      ['/api/admin/receivables/aging', ['asOf=x', 'asOf=2026-02-30', "asOf=' or 1=1"]],
      ['/api/admin/receivables/dunning', ['asOf=yesterday']],
      [`/api/admin/customers/${c.id}/statement`, ['from=x', 'format=pdf', `from=${daysAgo(0)}&to=${daysAgo(5)}`]],
      ['/api/admin/recurring-invoices', ['active=maybe', 'sort=x']],
    ];
    for (const [path, list] of queries) for (const qs of list) await expect4xx('GET', `${path}?${qs}`);
    // Odd but valid searches and unknown customers answer normally.
    for (const qs of ["q=' or 1=1", 'q=%25', 'q=_', 'customerId=x']) expect((await admin.request('GET', `/api/admin/invoices?${qs}`)).status, qs).toBe(200);

    // Visitors never reach these routes; a mutation without the CSRF header is refused.
    for (const [method, path] of [['GET', '/api/admin/invoices'], ['POST', '/api/admin/customers'], ['POST', `/api/admin/invoices/${open.id}/payments`]] as const) await expect4xx(method, path, method === 'POST' ? {} : undefined, new TestClient(app));
    expect((await admin.request('POST', `/api/admin/invoices/${draft.id}/issue`, {}, { csrf: false })).status).toBe(403);

    expect(tried).toBeGreaterThan(300);
    expect(await snapshot()).toEqual(before);
  }, 300_000);
});
