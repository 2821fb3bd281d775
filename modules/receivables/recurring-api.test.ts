import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { TestClient } from '@tests/helpers/client';
import { describeEachDb } from '@tests/helpers/db';
import type { PropertyPnlJson } from '@modules/distributions/contract';
import { createProperty, moneyTestDatabase } from '@modules/investing/test-helpers';
import { addMonths, monthStart, todayInDubai } from '@modules/platform/dates';
import { q } from '@modules/wallet';
import { agingReport } from './aging';
import type { AgingJson, InvoiceJson, RecurringJson, RecurringRunJson } from './contract';
import { receivablesMatchSource } from './match-source';
import { seedReceivables } from './seed';
import { daysAgo, receivablesFixtures } from './test-helpers';

describeEachDb('receivables: recurring invoices, reconciliation and demo data', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let admin: TestClient;
  let bank: string;
  const fx = receivablesFixtures(() => ({ database, app, admin }));

  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
    app = createApp({ db: database.db });
    admin = new TestClient(app);
    expect((await admin.post('/api/auth/login', { username: 'admin', password: 'ManzilAdmin#2026' })).status).toBe(200);
    bank = await fx.bankAccount();
  }, 60_000);
  afterAll(() => database.close());

  it('issues one rent invoice per template and month, however often it runs; rent on a property reaches its P&L on 4200', async () => {
    const property = await createProperty(database.db);
    const tenant = await fx.customer({ name: 'Tenant One', email: 'tenant1@x.test', kind: 'tenant', paymentTermsDays: 5 });
    const start = addMonths(monthStart(todayInDubai()), -2);
    const t = await fx.ok<RecurringJson>(
      'POST',
      '/api/admin/recurring-invoices',
      { name: 'Monthly rent', customerId: tenant.id, dayOfMonth: 1, startDate: start, lines: [{ description: 'Rent', quantity: '1', unitPrice: 800_000, taxCode: 'exempt', property: property.reference }] },
      201,
    );
    expect(t).toMatchObject({ active: true, nextRun: start, total: '800000' });

    const first = await fx.ok<RecurringRunJson>('POST', '/api/admin/recurring-invoices/run', {});
    expect(first.created.map((c) => c.period)).toEqual([0, 1, 2].map((n) => addMonths(start, n).slice(0, 7)));
    expect(first.skipped).toEqual([]);
    const again = await fx.ok<RecurringRunJson>('POST', '/api/admin/recurring-invoices/run', {});
    expect(again.created).toEqual([]);
    const [{ n }] = await q<{ n: number }>(database.db, sql`select count(*)::int as n from invoices where recurring_id = ${t.id}`);
    expect(n).toBe(3);

    const inv = await fx.ok<InvoiceJson>('GET', `/api/admin/invoices/${first.created[0]!.invoiceId}`);
    expect(inv).toMatchObject({ status: 'issued', date: start, total: '800000', reference: `Monthly rent, ${start.slice(0, 7)}` });
    expect(await fx.entryFor('receivables.invoice', inv.id)).toEqual([
      { code: '1330', debit: '800000', credit: '0', property: null, currency: 'AED' },
      { code: '4200', debit: '0', credit: '800000', property: property.reference, currency: 'AED' },
    ]);
    const books = await fx.ok<PropertyPnlJson>('GET', `/api/admin/property-books/${property.id}?from=${start.slice(0, 7)}&to=${todayInDubai().slice(0, 7)}`);
    expect(books.months.map((m) => m.rent)).toEqual(['800000', '800000', '800000']);

    // Paused, a later run issues nothing; resumed, it goes on from the next month without catching up.
    await fx.ok('POST', `/api/admin/recurring-invoices/${t.id}/pause`);
    expect((await admin.json('POST', `/api/admin/recurring-invoices/${t.id}/pause`)).body.error).toBe('recurring_invalid_state');
    const later = addMonths(monthStart(todayInDubai()), 1);
    expect((await fx.ok<RecurringRunJson>('POST', '/api/admin/recurring-invoices/run', { asOf: later })).created).toEqual([]);
    const resumed = await fx.ok<RecurringJson>('POST', `/api/admin/recurring-invoices/${t.id}/resume`);
    expect(resumed.nextRun).toBe(later);
    const list = await fx.ok<{ items: RecurringJson[]; total: number }>('GET', '/api/admin/recurring-invoices?q=rent');
    expect(list.items.map((r) => r.id)).toContain(t.id);
  });

  it('offers open invoices for money in, nearest amount first, and settles the chosen one into the line’s bank account', async () => {
    const c = await fx.customer({ name: 'Bank Match LLC', email: 'match@x.test' });
    const a = await fx.issued(c.id, { lines: [{ description: 'A', quantity: '1', unitPrice: 100_000, taxCode: 'standard' }] });
    await fx.issued(c.id, { lines: [{ description: 'B', quantity: '1', unitPrice: 300_000, taxCode: 'standard' }] });
    const line = { id: 'stmt-line-1', bankAccountId: bank, ledgerAccountCode: '1110', date: daysAgo(1), amount: 105_000n, description: `Transfer ${a.number}`, reference: a.number!, counterparty: 'BANK MATCH LLC' };
    expect(await receivablesMatchSource.candidates(database.db, { ...line, amount: -5n })).toEqual([]);
    const candidates = await receivablesMatchSource.candidates(database.db, line);
    expect(candidates[0]).toMatchObject({ key: `invoice:${a.id}`, kind: 'invoice', documentId: a.id, amount: 105_000n, counterparty: 'Bank Match LLC' });
    const [adminUser] = await q<{ id: string }>(database.db, sql`select id from users where email = 'admin@manzil.ae'`);
    const { entryId } = await database.db.transaction((tx) => receivablesMatchSource.settle(tx, adminUser!.id, line, a.id));
    const [entry] = await q<{ source_module: string }>(database.db, sql`select source_module from ledger_journal_entries where id = ${entryId}`);
    expect(entry?.source_module).toBe('receivables.payment');
    expect((await fx.ok<InvoiceJson>('GET', `/api/admin/invoices/${a.id}`)).status).toBe('paid');
    const [p] = await q<{ statement_line_id: string }>(database.db, sql`select statement_line_id from customer_payments where customer_id = ${c.id}`);
    expect(p?.statement_line_id).toBe('stmt-line-1');
  });

  it('seeds demo receivables once, in every state, agreeing with the ledger', async () => {
    const first = await seedReceivables(database.db);
    expect(first.customers).toBe(4);
    expect(first.invoices).toBeGreaterThanOrEqual(8);
    expect(await seedReceivables(database.db)).toEqual({ customers: 0, invoices: 0 });
    const statuses = await q<{ status: string }>(database.db, sql`select distinct i.status from invoices i join customers c on c.id = i.customer_id where c.email in ('accounts@alnoor-fm.ae', 'oliver.bennett@example.co.uk', 'finance@palmcrest-homes.ae', 'rania.saleh@example.ae')`);
    expect(statuses.map((s) => s.status).sort()).toEqual(['draft', 'issued', 'paid', 'partially_paid']);
    const aging: AgingJson = await agingReport(database.db);
    expect(BigInt(aging.totals.total)).toBe(await fx.balanceOf('1330'));
    expect(BigInt(aging.totals.d90_plus)).toBeGreaterThan(0n);
    expect(-BigInt(aging.credits)).toBe(await fx.balanceOf('2340'));
    const [gbp] = await q<{ n: number }>(database.db, sql`select count(*)::int as n from invoices where currency = 'GBP' and status = 'paid'`);
    expect(gbp?.n).toBe(1);
    // Every demo document prints and exports: the invoices in each state and currency, and the part credit note.
    const docs = await q<{ path: string }>(
      database.db,
      sql`select '/api/admin/invoices/' || id as path from invoices where number is not null union all select '/api/admin/credit-notes/' || id from credit_notes`,
    );
    for (const { path } of docs) {
      for (const [file, type] of [['pdf', 'application/pdf'], ['xml', 'application/xml']] as const) {
        const res = await admin.get(`${path}/${file}`);
        expect(res.status, `${path}/${file}: ${res.status}`).toBe(200);
        expect(res.headers.get('content-type')).toContain(type);
      }
    }
  });
});
