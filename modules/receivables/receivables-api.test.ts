import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { TestClient } from '@tests/helpers/client';
import { describeEachDb } from '@tests/helpers/db';
import { moneyTestDatabase } from '@modules/investing/test-helpers';
import { addDays, todayInDubai } from '@modules/platform/dates';
import { q } from '@modules/wallet';
import type { AgingJson, CreditNoteJson, CustomerJson, InvoiceDetailJson, InvoiceJson, InvoiceSummaryJson, PaymentJson, StatementJson } from './contract';
import { daysAgo, receivablesFixtures } from './test-helpers';

describeEachDb('receivables API', (kind) => {
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

  it('runs the contract: customer, draft with total and VAT, issue with its entry and VAT lines, partial payment, paid; an issued invoice is immutable', async () => {
    const c = await fx.customer({ trn: '100234567800003' });
    expect(c).toMatchObject({ name: 'Al Noor Facilities Management LLC', trn: '100234567800003', kind: 'service_client', paymentTermsDays: 30, currency: 'AED', openBalance: '0' });
    expect(c.id).toMatch(/^[0-9a-f-]{36}$/);

    const d = await fx.draft(c.id, {
      lines: [
        { description: 'Property management, 12 units', quantity: '12', unitPrice: '85000', taxCode: 'standard' },
        { description: 'Inspection', quantity: 1, unitPrice: 420_000, discount: 20_000, taxCode: 'standard' },
        { description: 'Exempt service', quantity: '0.5', unitPrice: 1_001, taxCode: 'exempt' },
      ],
    });
    // 12 × 850.00 = 10,200.00; 4,200.00 − 200.00 = 4,000.00; 0.5 × 10.01 = 5.005 → 5.00 (half-even); VAT 5% of 14,200.00.
    expect(d).toMatchObject({ status: 'draft', number: null, net: '1420500', vat: '71000', total: '1491500', openAmount: '0' });

    const edited = await fx.ok<InvoiceJson>('PUT', `/api/admin/invoices/${d.id}`, {
      customerId: c.id,
      date: d.date,
      dueDate: d.dueDate,
      reference: 'PO-7781',
      lines: [
        { description: 'Property management, 12 units', quantity: '12', unitPrice: '85000', taxCode: 'standard', costCenter: 'OPS' },
        { description: 'Inspection', quantity: 1, unitPrice: 420_000, discount: 20_000, taxCode: 'standard' },
      ],
    });
    expect(edited).toMatchObject({ status: 'draft', total: '1491000', vat: '71000', reference: 'PO-7781' });

    const inv = await fx.ok<InvoiceJson>('POST', `/api/admin/invoices/${d.id}/issue`, {});
    expect(inv).toMatchObject({ status: 'issued', total: '1491000', openAmount: '1491000', openAed: '1491000' });
    expect(inv.number).toMatch(new RegExp(`^INV-${d.date.slice(0, 4)}-\\d{4}$`));
    expect(await fx.entryFor('receivables.invoice', d.id)).toEqual([
      { code: '1330', debit: '1491000', credit: '0', property: null, currency: 'AED' },
      { code: '4300', debit: '0', credit: '1020000', property: null, currency: 'AED' },
      { code: '2410', debit: '0', credit: '51000', property: null, currency: 'AED' },
      { code: '4300', debit: '0', credit: '400000', property: null, currency: 'AED' },
      { code: '2410', debit: '0', credit: '20000', property: null, currency: 'AED' },
    ]);
    const [cc] = await q<{ code: string }>(database.db, sql`select c.code from ledger_journal_lines l join ledger_cost_centers c on c.id = l.cost_center_id join ledger_journal_entries e on e.id = l.entry_id where e.source_id = ${d.id} and l.line_no = 2`);
    expect(cc?.code).toBe('OPS');
    const tax = await q<{ box: string; taxable: string; vat: string }>(database.db, sql`select box, taxable::text, vat::text from tax_lines t where document_id = ${d.id} order by t.taxable desc`);
    expect(tax).toEqual([
      { box: '1b', taxable: '1020000', vat: '51000' },
      { box: '1b', taxable: '400000', vat: '20000' },
    ]);

    for (const [method, body] of [['PUT', { ...edited, lines: [{ description: 'x', quantity: '1', unitPrice: 1, taxCode: 'standard' }] }], ['DELETE', undefined]] as const) {
      const r = await admin.json(method, `/api/admin/invoices/${d.id}`, body);
      expect(r.status).toBe(422);
      expect(r.body.error).toBe('invoice_not_draft');
    }
    expect((await admin.json('POST', `/api/admin/invoices/${d.id}/issue`, {})).body.error).toBe('invoice_not_draft');

    // A partial payment, repeated with its Idempotency-Key: one payment, one entry.
    const pay = { amount: 470_000, date: daysAgo(5), bankAccountId: bank };
    const first = await admin.request('POST', `/api/admin/invoices/${d.id}/payments`, pay, { headers: { 'idempotency-key': `pay-${d.id}` } });
    expect(first.status).toBe(201);
    const p1 = (await first.json()) as PaymentJson;
    expect(p1).toMatchObject({ amount: '470000', unallocated: '0', invoice: { status: 'partially_paid', openAmount: '1021000', paidAmount: '470000' } });
    const again = await admin.request('POST', `/api/admin/invoices/${d.id}/payments`, pay, { headers: { 'idempotency-key': `pay-${d.id}` } });
    expect(again.status).toBe(200);
    expect(((await again.json()) as PaymentJson).id).toBe(p1.id);
    const [{ n }] = await q<{ n: number }>(database.db, sql`select count(*)::int as n from customer_payments where customer_id = ${c.id}`);
    expect(n).toBe(1);
    expect(await fx.entryFor('receivables.payment', p1.id)).toEqual([
      { code: '1110', debit: '470000', credit: '0', property: null, currency: 'AED' },
      { code: '1330', debit: '0', credit: '470000', property: null, currency: 'AED' },
    ]);

    const p2 = await fx.ok<PaymentJson>('POST', `/api/admin/invoices/${d.id}/payments`, { amount: '1021000', date: daysAgo(1), bankAccountId: bank }, 201);
    expect(p2.invoice).toMatchObject({ status: 'paid', openAmount: '0', openAed: '0', paidAmount: '1491000' });
    const paid = await admin.json('POST', `/api/admin/invoices/${d.id}/payments`, { amount: 1, date: daysAgo(1), bankAccountId: bank });
    expect(paid.status).toBe(422);
    expect(paid.body.error).toBe('invoice_not_open');

    const detail = await fx.ok<InvoiceDetailJson>('GET', `/api/admin/invoices/${d.id}`);
    expect(detail.lines).toHaveLength(2);
    expect(detail.lines[0]).toMatchObject({ lineNo: 1, quantity: '12', net: '1020000', vat: '51000', vatRateBps: 500, incomeAccount: '4300', costCenter: 'OPS' });
    expect(detail.allocations.map((a) => [a.kind, a.amountAed])).toEqual([
      ['payment', '470000'],
      ['payment', '1021000'],
    ]);
  });

  it('derives overdue from the due date, filters by it, and buckets the aging by days past due; payments after asOf do not count', async () => {
    const c = await fx.customer({ name: 'Palm Crest Holiday Homes', email: 'finance@palmcrest.test' });
    const cases = [
      [5, 0], // due in the future: current
      [40, 10], // 10 days past due
      [80, 45], // 45 days
      [120, 75], // 75 days
      [200, 120], // 120 days
    ] as const;
    const made: InvoiceJson[] = [];
    for (const [dated, pastDue] of cases) {
      made.push(await fx.issued(c.id, { date: daysAgo(dated), dueDate: addDays(todayInDubai(), -pastDue + (pastDue === 0 ? 10 : 0)), lines: [{ description: `Turnover ${dated}`, quantity: '1', unitPrice: 100_000 * (made.length + 1), taxCode: 'zero' }] }));
    }
    const overdue = await fx.ok<{ items: InvoiceJson[]; total: number }>('GET', `/api/admin/invoices?status=overdue&customerId=${c.id}`);
    expect(overdue.total).toBe(4);
    expect(overdue.items.every((i) => i.overdue && i.daysPastDue > 0)).toBe(true);

    const aging = await fx.ok<AgingJson>('GET', '/api/admin/receivables/aging');
    expect(aging.buckets).toEqual(['current', '1-30', '31-60', '61-90', '90+']);
    expect(aging.customers.find((r) => r.customerId === c.id)).toEqual({ customerId: c.id, name: 'Palm Crest Holiday Homes', current: '100000', d1_30: '200000', d31_60: '300000', d61_90: '400000', d90_plus: '500000', total: '1500000' });
    expect(BigInt(aging.totals.total)).toBe(await fx.balanceOf('1330'));

    const drill = await fx.ok<{ items: InvoiceJson[] }>('GET', `/api/admin/invoices?customerId=${c.id}&bucket=31-60`);
    expect(drill.items.map((i) => i.id)).toEqual([made[2]!.id]);

    // Paid today: gone from today's aging, still there as at yesterday.
    await fx.ok('POST', `/api/admin/invoices/${made[4]!.id}/payments`, { amount: 500_000, date: todayInDubai(), bankAccountId: bank }, 201);
    const now = await fx.ok<AgingJson>('GET', '/api/admin/receivables/aging');
    expect(now.customers.find((r) => r.customerId === c.id)?.d90_plus).toBe('0');
    const before = await fx.ok<AgingJson>('GET', `/api/admin/receivables/aging?asOf=${daysAgo(1)}`);
    expect(before.customers.find((r) => r.customerId === c.id)?.d90_plus).toBe('500000');
    expect(BigInt(before.totals.total)).toBe(await fx.balanceOf('1330', daysAgo(1)));
    const drillPast = await fx.ok<{ items: InvoiceJson[] }>('GET', `/api/admin/invoices?customerId=${c.id}&bucket=90%2B&asOf=${daysAgo(1)}`);
    expect(drillPast.items.map((i) => i.id)).toEqual([made[4]!.id]);

    const summary = await fx.ok<InvoiceSummaryJson>('GET', '/api/admin/invoices/summary');
    expect(BigInt(summary.outstanding)).toBe(await fx.balanceOf('1330'));
    expect(summary.overdueCount).toBeGreaterThanOrEqual(3);

    // Reminders: level 1 at 7 days, 2 at 21, 3 at 45, each sent once.
    const dunning = await fx.ok<{ items: { invoiceId: string; levelDue: number }[] }>('GET', '/api/admin/receivables/dunning');
    const mine = dunning.items.filter((i) => made.some((m) => m.id === i.invoiceId)).map((i) => [made.findIndex((m) => m.id === i.invoiceId), i.levelDue]);
    expect(mine).toEqual([
      [3, 3],
      [2, 3],
      [1, 1],
    ]);
    const sent = await fx.ok<{ sent: { invoiceId: string }[] }>('POST', '/api/admin/receivables/dunning/send', {});
    expect(sent.sent.length).toBeGreaterThanOrEqual(3);
    const [{ n }] = await q<{ n: number }>(database.db, sql`select count(*)::int as n from email_outbox where kind = 'invoice_reminder' and "to" = 'finance@palmcrest.test'`);
    expect(n).toBe(3);
    const second = await fx.ok<{ sent: unknown[] }>('POST', '/api/admin/receivables/dunning/send', {});
    expect(second.sent).toEqual([]);
    expect((await fx.ok<{ items: unknown[] }>('GET', '/api/admin/receivables/dunning')).items).toEqual([]);
  });

  it('a credit note reverses part of an invoice with negative VAT lines and reduces what is open; the rest clears it', async () => {
    const c = await fx.customer({ name: 'Credit Note Client', email: 'cn@client.test' });
    const inv = await fx.issued(c.id, {
      lines: [
        { description: 'Management', quantity: '1', unitPrice: 200_000, taxCode: 'standard', property: null },
        { description: 'Cleaning', quantity: '1', unitPrice: 50_000, taxCode: 'standard' },
      ],
    });
    const cn = await fx.ok<CreditNoteJson>('POST', `/api/admin/invoices/${inv.id}/credit-notes`, { date: daysAgo(2), reason: 'Two units handed back', lines: [{ lineNo: 1, net: 80_000 }] }, 201);
    expect(cn.number).toMatch(/^CN-\d{4}-\d{4}$/);
    expect(cn).toMatchObject({ net: '80000', vat: '4000', total: '84000', invoiceNumber: inv.number });
    expect(await fx.entryFor('receivables.credit_note', cn.id)).toEqual([
      { code: '1330', debit: '0', credit: '84000', property: null, currency: 'AED' },
      { code: '4300', debit: '80000', credit: '0', property: null, currency: 'AED' },
      { code: '2410', debit: '4000', credit: '0', property: null, currency: 'AED' },
    ]);
    const tax = await q<{ taxable: string; vat: string }>(database.db, sql`select taxable::text, vat::text from tax_lines where document_id = ${cn.id}`);
    expect(tax).toEqual([{ taxable: '-80000', vat: '-4000' }]);
    let detail = await fx.ok<InvoiceDetailJson>('GET', `/api/admin/invoices/${inv.id}`);
    expect(detail).toMatchObject({ status: 'issued', openAmount: String(262_500 - 84_000), creditedAmount: '84000' });
    expect(detail.lines[0]!.creditedNet).toBe('80000');

    const tooMuch = await admin.json('POST', `/api/admin/invoices/${inv.id}/credit-notes`, { date: daysAgo(1), reason: 'Again', lines: [{ lineNo: 1, net: 120_001 }] });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error).toBe('credit_note_invalid');

    const rest = await fx.ok<CreditNoteJson>('POST', `/api/admin/invoices/${inv.id}/credit-notes`, { date: daysAgo(1), reason: 'Contract cancelled' }, 201);
    expect(rest).toMatchObject({ net: '170000', vat: '8500', total: '178500' });
    detail = await fx.ok<InvoiceDetailJson>('GET', `/api/admin/invoices/${inv.id}`);
    expect(detail).toMatchObject({ status: 'credited', openAmount: '0', openAed: '0' });
    expect(detail.creditNotes.map((n) => n.number)).toEqual([cn.number, rest.number]);

    const xml = await admin.get(`/api/admin/credit-notes/${cn.id}/xml`);
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toContain('application/xml');
    expect(await xml.text()).toContain(cn.number);
  });

  it('an overpayment becomes credit on 2340, which is applied to the next invoice', async () => {
    const c = await fx.customer({ name: 'Rania Saleh', email: 'rania@tenant.test', kind: 'tenant' });
    const a = await fx.issued(c.id, { lines: [{ description: 'Rent', quantity: '1', unitPrice: 950_000, taxCode: 'exempt' }] });
    const credit0 = await fx.balanceOf('2340');
    const p = await fx.ok<PaymentJson>('POST', `/api/admin/invoices/${a.id}/payments`, { amount: 1_200_000, date: daysAgo(3), bankAccountId: bank }, 201);
    expect(p).toMatchObject({ unallocated: '250000', invoice: { status: 'paid' } });
    expect(await fx.entryFor('receivables.payment', p.id)).toEqual([
      { code: '1110', debit: '1200000', credit: '0', property: null, currency: 'AED' },
      { code: '1330', debit: '0', credit: '950000', property: null, currency: 'AED' },
      { code: '2340', debit: '0', credit: '250000', property: null, currency: 'AED' },
    ]);
    expect(await fx.balanceOf('2340')).toBe(credit0 - 250_000n);
    expect((await fx.ok<CustomerJson>('GET', `/api/admin/customers/${c.id}`)).credit).toBe('250000');

    const b = await fx.issued(c.id, { lines: [{ description: 'Rent', quantity: '1', unitPrice: 950_000, taxCode: 'exempt' }] });
    const refused = await admin.json('POST', `/api/admin/customers/${c.id}/apply-credit`, { invoiceId: b.id, amount: 250_001 });
    expect(refused.body.error).toBe('credit_insufficient');
    const applied = await fx.ok<{ invoice: InvoiceJson; credit: string }>('POST', `/api/admin/customers/${c.id}/apply-credit`, { invoiceId: b.id, amount: 250_000, date: daysAgo(1) });
    expect(applied).toMatchObject({ credit: '0', invoice: { status: 'partially_paid', openAmount: '700000' } });
    expect(await fx.balanceOf('2340')).toBe(credit0);

    // A payment across two invoices with explicit allocations; the rest to credit.
    const d = await fx.issued(c.id, { lines: [{ description: 'Parking', quantity: '1', unitPrice: 30_000, taxCode: 'standard' }] });
    const multi = await fx.ok<PaymentJson>('POST', '/api/admin/customer-payments', { customerId: c.id, amount: 800_000, date: daysAgo(1), bankAccountId: bank, allocations: [{ invoiceId: b.id, amount: 700_000 }, { invoiceId: d.id, amount: 31_500 }] }, 201);
    expect(multi.unallocated).toBe('68500');
    const other = await fx.customer({ name: 'Someone else', email: 'else@x.test' });
    const wrong = await admin.json('POST', '/api/admin/customer-payments', { customerId: other.id, amount: 10, date: daysAgo(1), bankAccountId: bank, allocations: [{ invoiceId: b.id, amount: 10 }] });
    expect(wrong.body.error).toBe('invoice_other_customer');

    const statement = await fx.ok<StatementJson>('GET', `/api/admin/customers/${c.id}/statement?from=${daysAgo(30)}`);
    expect(statement.opening).toBe('0');
    expect(statement.closing).toBe(String(-68_500));
    expect(statement.lines.map((l) => l.kind)).toEqual(['invoice', 'invoice', 'invoice', 'payment', 'credit_applied', 'payment']);
    const csv = await admin.get(`/api/admin/customers/${c.id}/statement?format=csv`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect((await csv.text()).split('\r\n')[0]).toBe('Date,Type,Reference,Description,Debit (AED),Credit (AED),Balance (AED)');
  });

  it('a pound invoice posts in GBP at the default rate; paid in dirhams, the difference goes to 4930', async () => {
    const c = await fx.customer({ name: 'Oliver Bennett', email: 'oliver@buyer.test', kind: 'buyer', currency: 'GBP' });
    const inv = await fx.issued(c.id, { lines: [{ description: 'Furnishing package', quantity: '1', unitPrice: 1_000_000, taxCode: 'standard' }] });
    expect(inv).toMatchObject({ currency: 'GBP', rate: '4.645570', total: '1050000', totalAed: '4877848' }); // 10,500.00 × 4.645570 = 48,778.485 → 48,778.48 (half-even)
    const entry = await fx.entryFor('receivables.invoice', inv.id);
    expect(entry.slice(0, 3).map((l) => [l.code, l.currency])).toEqual([
      ['1330', 'GBP'],
      ['4300', 'GBP'],
      ['2410', 'GBP'],
    ]);
    const part = await fx.ok<PaymentJson>('POST', `/api/admin/invoices/${inv.id}/payments`, { amount: 2_400_000, amountDoc: 500_000, date: daysAgo(2), bankAccountId: bank }, 201);
    // Half the pounds booked at 2,322,785 fils; 2,400,000 received: a gain of 77,215 fils.
    expect(part.allocations[0]).toMatchObject({ amountDoc: '500000', amountAed: '2322785', receivedAed: '2400000' });
    const lines = await fx.entryFor('receivables.payment', part.id);
    const gain = lines.find((l) => l.code === '4930');
    expect(BigInt(gain!.credit)).toBe(2_400_000n - BigInt(part.allocations[0]!.amountAed));
    const rest = await fx.ok<PaymentJson>('POST', `/api/admin/invoices/${inv.id}/payments`, { amount: 2_500_000, amountDoc: 550_000, date: daysAgo(1), bankAccountId: bank }, 201);
    expect(rest.invoice).toMatchObject({ status: 'paid', openAmount: '0', openAed: '0' });
    expect(BigInt(part.allocations[0]!.amountAed) + BigInt(rest.allocations[0]!.amountAed)).toBe(4_877_848n);
  });

  it('refuses an invoice past the credit limit unless overridden, and audits the override', async () => {
    const c = await fx.customer({ name: 'Limited LLC', email: 'limited@x.test', creditLimit: 100_000 });
    const first = await fx.issued(c.id, { lines: [{ description: 'Service', quantity: '1', unitPrice: 80_000, taxCode: 'standard' }] });
    expect(first.status).toBe('issued');
    const second = await fx.draft(c.id, { lines: [{ description: 'Service', quantity: '1', unitPrice: 20_000, taxCode: 'standard' }] });
    const refused = await admin.json('POST', `/api/admin/invoices/${second.id}/issue`, {});
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ error: 'credit_limit_exceeded' });
    expect(refused.body.message).toContain('AED 1,000.00');
    const over = await fx.ok<InvoiceJson>('POST', `/api/admin/invoices/${second.id}/issue`, { override: true });
    expect(over.status).toBe('issued');
    const [audit] = await q<{ action: string }>(database.db, sql`select action from audit_log where entity_id = ${second.id} and action like 'receivables.invoice.issue%'`);
    expect(audit?.action).toBe('receivables.invoice.issue_over_limit');
  });

  it('refuses the fee income group, unknown customers and properties, and lines whose discount exceeds them', async () => {
    const c = await fx.customer({ name: 'Checks', email: 'checks@x.test' });
    const line = { description: 'X', quantity: '1', unitPrice: 100, taxCode: 'standard' };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ lines: [{ ...line, incomeAccount: '4110' }] }, 422, 'income_account_invalid'],
      [{ lines: [{ ...line, incomeAccount: '1110' }] }, 422, 'income_account_invalid'],
      [{ lines: [{ ...line, discount: 101 }] }, 422, 'invoice_line_invalid'],
      [{ lines: [{ ...line, property: 'MZ-NOPE-1' }] }, 422, 'invoice_line_invalid'],
      [{ lines: [{ ...line, taxCode: 'import' }] }, 400, 'validation_failed'],
      [{ customerId: '00000000-0000-0000-0000-000000000000' }, 422, 'customer_not_found'],
      [{ dueDate: daysAgo(30) }, 400, 'validation_failed'],
    ];
    for (const [body, status, error] of cases) {
      const r = await admin.json('POST', '/api/admin/invoices', { customerId: c.id, date: daysAgo(10), dueDate: daysAgo(1), lines: [line], ...body });
      expect([r.status, r.body.error], JSON.stringify(body)).toEqual([status, error]);
    }
  });

  it('sends an issued invoice with its PDF and XML attached, and serves both', async () => {
    const c = await fx.customer({ name: 'Send Me', email: 'send@x.test' });
    const inv = await fx.issued(c.id);
    const sent = await fx.ok<InvoiceJson>('POST', `/api/admin/invoices/${inv.id}/send`);
    expect(sent.sentAt).not.toBeNull();
    const [mail] = await q<{ subject: string; attachments: { filename: string; contentType: string }[] }>(database.db, sql`select subject, attachments from email_outbox where "to" = 'send@x.test'`);
    expect(mail?.subject).toContain(inv.number!);
    expect(mail?.attachments?.map((a) => [a.filename, a.contentType])).toEqual([
      [`${inv.number}.pdf`, 'application/pdf'],
      [`${inv.number}.xml`, 'application/xml'],
    ]);
    const pdf = await admin.get(`/api/admin/invoices/${inv.id}/pdf`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    const draft = await fx.draft(c.id);
    expect((await admin.json('POST', `/api/admin/invoices/${draft.id}/send`)).body.error).toBe('invoice_not_issued');
    expect((await admin.get(`/api/admin/invoices/${draft.id}/xml`)).status).toBe(422);
    expect((await admin.json('DELETE', `/api/admin/invoices/${draft.id}`)).status).toBe(200);
    expect((await admin.get(`/api/admin/invoices/${draft.id}`)).status).toBe(404);
  });

  it('lists customers and invoices with the list contract and exports them as CSV', async () => {
    const list = await fx.ok<{ items: CustomerJson[]; total: number }>('GET', '/api/admin/customers?q=palm&sort=-openBalance');
    expect(list.items.map((c) => c.name)).toEqual(['Palm Crest Holiday Homes']);
    expect(BigInt(list.items[0]!.openBalance)).toBeGreaterThan(0n);
    const invoices = await fx.ok<{ items: InvoiceJson[]; total: number }>('GET', '/api/admin/invoices?status=paid&limit=2&sort=number');
    expect(invoices.items.length).toBeLessThanOrEqual(2);
    expect(invoices.items.every((i) => i.status === 'paid')).toBe(true);
    const csv = await admin.get('/api/admin/invoices/export?status=paid');
    const rows = (await csv.text()).trim().split('\r\n');
    expect(rows[0]).toMatch(/^Invoice,Customer,Status/);
    expect(rows.length - 1).toBe(invoices.total);
    expect((await admin.get('/api/admin/invoices?status=nope')).status).toBe(400);
  });

  it.runIf(kind === 'postgres')('numbers two invoices issued at the same moment one after the other, with no gap', async () => {
    const c = await fx.customer({ name: 'Concurrent', email: 'concurrent@x.test' });
    const year = '2031';
    const drafts = await Promise.all([0, 1, 2, 3].map(() => fx.draft(c.id, { date: `${year}-02-03`, dueDate: `${year}-03-03` })));
    const issued = await Promise.all(drafts.map((d) => admin.json<InvoiceJson>('POST', `/api/admin/invoices/${d.id}/issue`, {})));
    expect(issued.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(issued.map((r) => r.body.number).sort()).toEqual([1, 2, 3, 4].map((n) => `INV-${year}-000${n}`));
  });
});
