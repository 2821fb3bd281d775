import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestClient } from '@tests/helpers/client';
import { describeEachDb } from '@tests/helpers/db';
import { todayInDubai, addDays } from '@modules/platform/dates';
import { q } from '@modules/wallet';
import type { AgingJson, BillDetailJson, CashRequirementsJson, PaymentBatchJson, PurchaseOrderDetailJson, PurchaseRequestDetailJson, SupplierDetailJson } from './contract';
import { purchasingMatchSource } from './match-source';
import { creditBalance, entryFor, purchasingWorld } from './test-helpers';

const today = todayInDubai();

describeEachDb('purchasing API', (kind) => {
  let w: Awaited<ReturnType<typeof purchasingWorld>>;
  let admin: TestClient;
  let supplier: SupplierDetailJson;

  beforeAll(async () => {
    w = await purchasingWorld(kind);
    admin = w.admin;
    supplier = await w.supplier({ name: 'Al Noor Technical Services LLC', paymentTermsDays: 30 });
  }, 120_000);
  afterAll(async () => {
    await w?.database.close();
  });

  const lines = (e: Awaited<ReturnType<typeof entryFor>>) => e.map((l) => [l.code, l.debit, l.credit, l.cost_center, l.property]);

  it('suppliers: IBAN checked, terms and expense account defaulted by category, listed with the open balance', async () => {
    expect(supplier).toMatchObject({ paymentTermsDays: 30, expenseAccountCode: '5120', expenseAccountName: 'Maintenance and repairs', iban: 'AE420260001015333439101', openBalance: '0' });
    const bad = await admin.json('POST', '/api/admin/suppliers', { name: 'X', email: 'x@x.ae', iban: 'AE000260001015333439101' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('IBAN');
    const badAccount = await admin.json('POST', '/api/admin/suppliers', { name: 'X', email: 'x@x.ae', expenseAccountCode: '1110' });
    expect(badAccount.status).toBe(422);
    expect(badAccount.body.error).toBe('expense_account_invalid');
    const updated = await admin.json<SupplierDetailJson>('PATCH', `/api/admin/suppliers/${supplier.id}`, { paymentTermsDays: 45, bankName: 'Emirates NBD' });
    expect(updated.body).toMatchObject({ paymentTermsDays: 45, bankName: 'Emirates NBD', name: supplier.name });
    const list = await admin.json('GET', '/api/admin/suppliers?q=al%20noor');
    expect(list.body.total).toBe(1);
    const csv = await admin.get('/api/admin/suppliers/export?q=al%20noor');
    expect((await csv.text()).split('\r\n')[1]).toContain('Al Noor Technical Services LLC');
    expect((await admin.json('GET', '/api/admin/suppliers/not-an-id')).status).toBe(404);
  });

  it('life cycle: request → approval by a second admin above the threshold → order → send → partial receipt → bills matched, held and approved → payments → paid', async () => {
    // Above AED 5,000 (the default threshold) the requester may not approve.
    const big = await admin.json<PurchaseRequestDetailJson>('POST', '/api/admin/purchase-requests', {
      title: 'AC servicing for the tower',
      costCenter: w.costCenter,
      property: w.property,
      supplierId: supplier.id,
      lines: [
        { description: 'AC service visit', quantity: 2, estimatedUnitPrice: 300_000 },
        { description: 'Filters', quantity: '10', unitCode: 'C62', estimatedUnitPrice: '5000' },
      ],
    });
    expect(big.status, JSON.stringify(big.body)).toBe(201);
    expect(big.body).toMatchObject({ status: 'submitted', estimateNet: '650000', estimateVat: '32500', estimateTotal: '682500', needsSecondApprover: true });
    expect(big.body.number).toMatch(/^PR-\d{4}-\d{4}$/);
    const own = await admin.json('POST', `/api/admin/purchase-requests/${big.body.id}/approve`);
    expect(own.status).toBe(403);
    expect(own.body.error).toBe('self_approval');
    const approved = await w.second.json<PurchaseRequestDetailJson>('POST', `/api/admin/purchase-requests/${big.body.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('approved');
    expect((await admin.json('POST', `/api/admin/purchase-requests/${big.body.id}/approve`)).status).toBe(409);

    // At or below the threshold the requester's own approval is enough; a reject keeps its reason.
    const small = await admin.json<PurchaseRequestDetailJson>('POST', '/api/admin/purchase-requests', { title: 'Light bulbs', lines: [{ description: 'LED bulbs', quantity: 20, estimatedUnitPrice: 1_500 }] });
    expect(small.body.needsSecondApprover).toBe(false);
    expect((await admin.json('POST', `/api/admin/purchase-requests/${small.body.id}/approve`)).body.status).toBe('approved');
    const other = await admin.json<PurchaseRequestDetailJson>('POST', '/api/admin/purchase-requests', { title: 'Umbrellas', lines: [{ description: 'Umbrella', quantity: 5, estimatedUnitPrice: 4_500 }] });
    const rejected = await admin.json<PurchaseRequestDetailJson>('POST', `/api/admin/purchase-requests/${other.body.id}/reject`, { reason: 'Not budgeted' });
    expect(rejected.body).toMatchObject({ status: 'rejected', rejectionReason: 'Not budgeted' });
    expect((await admin.json('POST', '/api/admin/purchase-orders', { requestId: other.body.id, supplierId: supplier.id })).status).toBe(409);

    // The order takes the request's lines and dimensions.
    const po = await admin.json<PurchaseOrderDetailJson>('POST', '/api/admin/purchase-orders', { requestId: big.body.id, supplierId: supplier.id, expectedDate: addDays(today, 7) });
    expect(po.status, JSON.stringify(po.body)).toBe(201);
    expect(po.body).toMatchObject({ status: 'draft', costCenter: w.costCenter, property: w.property, total: '682500', requestNumber: big.body.number });
    expect(po.body.number).toMatch(new RegExp(`^PO-${today.slice(0, 4)}-\\d{4}$`));
    expect(po.body.lines.map((l) => [l.quantity, l.unitPrice, l.expenseAccountCode])).toEqual([['2', '300000', '5120'], ['10', '5000', '5120']]);
    expect((await admin.json<PurchaseRequestDetailJson>('GET', `/api/admin/purchase-requests/${big.body.id}`)).body).toMatchObject({ status: 'ordered', purchaseOrderNumber: po.body.number });
    const [l1, l2] = po.body.lines;

    const early = await admin.json('POST', `/api/admin/purchase-orders/${po.body.id}/receipts`, { lines: [{ poLineId: l1!.id, quantity: 1 }] });
    expect(early.status).toBe(409);
    const sent = await admin.json<PurchaseOrderDetailJson>('POST', `/api/admin/purchase-orders/${po.body.id}/send`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.status).toBe('sent');
    const [mail] = await q<{ to: string; subject: string; attachments: { filename: string; contentType: string; base64: string }[] }>(
      w.db,
      sql`select "to", subject, attachments from email_outbox where kind = 'purchase_order' order by created_at desc limit 1`,
    );
    expect(mail).toMatchObject({ to: 'accounts@supplier.ae', subject: expect.stringContaining(po.body.number) });
    expect(mail!.attachments[0]).toMatchObject({ filename: `${po.body.number}.pdf`, contentType: 'application/pdf' });
    const pdf = await admin.get(`/api/admin/purchase-orders/${po.body.id}/pdf`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');

    // Partial receipt: Dr 5120 / Cr 2330 at the order price, on the order's dimensions; over-receipt refused.
    const over = await admin.json('POST', `/api/admin/purchase-orders/${po.body.id}/receipts`, { lines: [{ poLineId: l1!.id, quantity: '2.1' }] });
    expect(over.status).toBe(422);
    expect(over.body.error).toBe('over_receipt');
    const got = await admin.json<PurchaseOrderDetailJson>('POST', `/api/admin/purchase-orders/${po.body.id}/receipts`, { lines: [{ poLineId: l1!.id, quantity: 1 }], note: 'First visit done' });
    expect(got.status, JSON.stringify(got.body)).toBe(201);
    expect(got.body.status).toBe('partially_received');
    expect(got.body.lines[0]).toMatchObject({ received: '1', receivedValue: '300000' });
    const receipt = got.body.receipts[0]!;
    expect(lines(await entryFor(w.db, 'purchasing.receipt', receipt.id))).toEqual([
      ['5120', '300000', '0', w.costCenter, w.property],
      ['2330', '0', '300000', w.costCenter, w.property],
    ]);
    expect((await admin.json('POST', `/api/admin/purchase-orders/${po.body.id}/cancel`, { reason: 'Changed our mind' })).status).toBe(409);

    // A bill for what was received, at the order price: matched and posted at once.
    const matched = await admin.json<BillDetailJson>('POST', '/api/admin/bills', {
      supplierId: supplier.id,
      purchaseOrderId: po.body.id,
      supplierBillNumber: 'ANT-001',
      billDate: today,
      lines: [{ poLineId: l1!.id, quantity: 1, unitPrice: 300_000 }],
    });
    expect(matched.status, JSON.stringify(matched.body)).toBe(201);
    expect(matched.body).toMatchObject({ status: 'posted', total: '315000', openAmount: '315000', mismatches: [], dueDate: addDays(today, 45) });
    expect(lines(await entryFor(w.db, 'purchasing.bill', matched.body.id))).toEqual([
      ['2330', '300000', '0', w.costCenter, w.property],
      ['1410', '15000', '0', w.costCenter, w.property],
      ['2310', '0', '315000', w.costCenter, w.property],
    ]);
    const tax = await q<{ box: string; taxable: string; vat: string }>(w.db, sql`select box, taxable::text, vat::text from tax_lines where document_id = ${matched.body.id}`);
    expect(tax).toEqual([{ box: '9', taxable: '300000', vat: '15000' }]);

    // The supplier's bill number once per supplier (case aside).
    const dup = await admin.json('POST', '/api/admin/bills', { supplierId: supplier.id, supplierBillNumber: 'ant-001', billDate: today, lines: [{ description: 'x', quantity: 1, unitPrice: 100 }] });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('duplicate_supplier_bill');

    // The rest arrives; a bill above the tolerance and for filters not received is held, each difference explained.
    await admin.json('POST', `/api/admin/purchase-orders/${po.body.id}/receipts`, { lines: [{ poLineId: l1!.id, quantity: 1 }, { poLineId: l2!.id, quantity: 8 }] });
    const held = await admin.json<BillDetailJson>('POST', '/api/admin/bills', {
      supplierId: supplier.id,
      purchaseOrderId: po.body.id,
      supplierBillNumber: 'ANT-002',
      billDate: today,
      lines: [
        { poLineId: l1!.id, quantity: 1, unitPrice: 320_000 },
        { poLineId: l2!.id, quantity: 10, unitPrice: 5_000 },
      ],
    });
    expect(held.status).toBe(201);
    expect(held.body.status).toBe('held');
    expect(held.body.openAmount).toBe('0');
    expect(held.body.mismatches.map((m) => [m.lineNo, m.kind, m.expected, m.actual, m.difference])).toEqual([
      [1, 'price', '300000', '320000', '20000'],
      [2, 'quantity', '8', '10', '2'],
    ]);
    expect(held.body.lines[1]!.match).toEqual({ orderedQuantity: '10', receivedQuantity: '8', billedBefore: '0', orderUnitPrice: '5000' });
    expect(await entryFor(w.db, 'purchasing.bill', held.body.id)).toEqual([]);
    const queue = await admin.json('GET', '/api/admin/bills?status=held');
    expect(queue.body.items.map((b: { id: string }) => b.id)).toEqual([held.body.id]);

    const noReason = await admin.json('POST', `/api/admin/bills/${held.body.id}/approve-variance`, {});
    expect(noReason.status).toBe(400);
    const ok = await admin.json<BillDetailJson>('POST', `/api/admin/bills/${held.body.id}/approve-variance`, { reason: 'Price rise agreed by phone; two filters to follow' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ status: 'posted', total: '388500', openAmount: '388500', decisionReason: 'Price rise agreed by phone; two filters to follow', decidedBy: 'admin@manzil.ae' });
    // Line 2 bills 10 filters when 8 were received: 2330 is cleared at the order price for the 10.
    expect(lines(await entryFor(w.db, 'purchasing.bill', held.body.id))).toEqual([
      ['2330', '300000', '0', w.costCenter, w.property],
      ['5120', '20000', '0', w.costCenter, w.property],
      ['2330', '50000', '0', w.costCenter, w.property],
      ['1410', '18500', '0', w.costCenter, w.property],
      ['2310', '0', '388500', w.costCenter, w.property],
    ]);
    const [audit] = await q<{ summary: string }>(w.db, sql`select summary from audit_log where action = 'purchasing.bill.approve_variance' and entity_id = ${held.body.id}`);
    expect(audit!.summary).toContain('Price rise agreed by phone');
    // The rest of the filters arrive: 2330 for this order nets to zero and the order is billed.
    const done = await admin.json<PurchaseOrderDetailJson>('POST', `/api/admin/purchase-orders/${po.body.id}/receipts`, { lines: [{ poLineId: l2!.id, quantity: 2 }] });
    expect(done.body.status).toBe('billed');
    const [rnb] = await q<{ b: string }>(w.db, sql`select coalesce(sum(l.credit - l.debit), 0)::text as b from ledger_journal_lines l join ledger_accounts a on a.id = l.account_id where a.code = '2330'`);
    expect(rnb!.b).toBe('0');

    // Payments: partial, replayed by Idempotency-Key, more than owed refused, the rest → paid.
    const pay = (amount: number, key?: string) =>
      admin.request('POST', `/api/admin/bills/${matched.body.id}/payments`, { amount, date: today, bankAccountId: w.bankId }, { headers: key ? { 'idempotency-key': key } : {} });
    const first = await pay(100_000, 'pay-1');
    expect(first.status).toBe(201);
    const firstBody = (await first.json()) as BillDetailJson;
    expect(firstBody).toMatchObject({ status: 'partially_paid', paid: '100000', openAmount: '215000' });
    const again = await pay(100_000, 'pay-1');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replay')).toBe('true');
    expect(((await again.json()) as BillDetailJson).payments).toHaveLength(1);
    const tooMuch = await pay(215_001);
    expect(tooMuch.status).toBe(422);
    expect(((await tooMuch.json()) as { error: string }).error).toBe('bill_overpayment');
    const rest = (await (await pay(215_000)).json()) as BillDetailJson;
    expect(rest).toMatchObject({ status: 'paid', openAmount: '0', paid: '315000' });
    expect(lines(await entryFor(w.db, 'purchasing.payment', rest.payments[0]!.id))).toEqual([
      ['2310', '100000', '0', null, null],
      ['1110', '0', '100000', null, null],
    ]);
    const sup = await admin.json<SupplierDetailJson>('GET', `/api/admin/suppliers/${supplier.id}`);
    expect(sup.body.openBalance).toBe('388500');
  });

  it('a direct reverse-charge bill self-accounts VAT; a debit note mirrors it with tax lines of sign −1 and cannot exceed what is owed', async () => {
    const vendor = await w.supplier({ name: 'Northwind Cloud Software Ltd', trn: null, emirate: null, country: 'IE', iban: 'IE29AIBK93115212345678', category: 'service_provider', expenseAccountCode: '6310' });
    const bill = await admin.json<BillDetailJson>('POST', '/api/admin/bills', {
      supplierId: vendor.id,
      supplierBillNumber: 'NW-1',
      billDate: today,
      dueDate: addDays(today, 10),
      lines: [{ description: 'Annual licence, 12 seats', quantity: 12, unitPrice: 90_000, taxCode: 'reverse_charge' }],
    });
    expect(bill.status, JSON.stringify(bill.body)).toBe(201);
    expect(bill.body).toMatchObject({ status: 'posted', net: '1080000', vat: '0', total: '1080000', dueDate: addDays(today, 10) });
    expect(lines(await entryFor(w.db, 'purchasing.bill', bill.body.id))).toEqual([
      ['6310', '1080000', '0', null, null],
      ['1410', '54000', '0', null, null],
      ['2410', '0', '54000', null, null],
      ['2310', '0', '1080000', null, null],
    ]);
    const boxes = await q<{ box: string; direction: string; taxable: string; vat: string }>(w.db, sql`select box, direction, taxable::text, vat::text from tax_lines where document_id = ${bill.body.id} order by box`);
    expect(boxes).toEqual([
      { box: '10', direction: 'input', taxable: '1080000', vat: '54000' },
      { box: '3', direction: 'output', taxable: '1080000', vat: '54000' },
    ]);
    const lineId = bill.body.lines[0]!.id;
    const tooBig = await admin.json('POST', `/api/admin/bills/${bill.body.id}/debit-notes`, { date: today, reason: 'Seats cancelled', lines: [{ billLineId: lineId, amount: 1_080_001 }] });
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.error).toBe('debit_note_too_large');
    const dn = await admin.json<BillDetailJson>('POST', `/api/admin/bills/${bill.body.id}/debit-notes`, { date: today, reason: 'Two seats cancelled', supplierReference: 'NW-CN-1', lines: [{ billLineId: lineId, amount: 180_000 }] });
    expect(dn.status, JSON.stringify(dn.body)).toBe(201);
    expect(dn.body).toMatchObject({ debited: '180000', openAmount: '900000', status: 'posted' });
    const note = dn.body.debitNotes[0]!;
    expect(note.number).toMatch(/^DN-\d{4}-\d{4}$/);
    expect(lines(await entryFor(w.db, 'purchasing.debit_note', note.id))).toEqual([
      ['2310', '180000', '0', null, null],
      ['6310', '0', '180000', null, null],
      ['2410', '9000', '0', null, null],
      ['1410', '0', '9000', null, null],
    ]);
    const neg = await q<{ box: string; taxable: string; vat: string }>(w.db, sql`select box, taxable::text, vat::text from tax_lines where document_id = ${note.id} order by box`);
    expect(neg).toEqual([
      { box: '10', taxable: '-180000', vat: '-9000' },
      { box: '3', taxable: '-180000', vat: '-9000' },
    ]);
  });

  it('batch payment: each bill’s open amount in one transaction, one entry per bill, and the bank file', async () => {
    const a = await w.supplier({ name: 'Clean "Sweep", Services', accountName: 'Clean "Sweep", Services LLC' });
    const b = await w.supplier({ name: 'Marina Property Management LLC', iban: 'AE310330000010698765432' });
    const noIban = await w.supplier({ name: 'Cash Only Trading', iban: null });
    const direct = async (supplierId: string, n: string, price: number) =>
      (await admin.json<BillDetailJson>('POST', '/api/admin/bills', { supplierId, supplierBillNumber: n, billDate: addDays(today, -40), lines: [{ description: 'Service', quantity: 1, unitPrice: price, costCenter: w.costCenter }] })).body;
    const b1 = await direct(a.id, 'CS-1', 12_345); // + 5% VAT: 129.62
    const b2 = await direct(b.id, 'MPM-1', 450_000);
    const b3 = await direct(noIban.id, 'CO-1', 1_000);
    const refused = await admin.json('POST', '/api/admin/supplier-payments/batch', { date: today, bankAccountId: w.bankId, billIds: [b1.id, b3.id] });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('supplier_no_iban');
    expect((await admin.json<BillDetailJson>('GET', `/api/admin/bills/${b1.id}`)).body.openAmount).toBe(b1.openAmount);

    const before = await creditBalance(w.db, '2310');
    const res = await admin.request('POST', '/api/admin/supplier-payments/batch', { date: today, bankAccountId: w.bankId, billIds: [b1.id, b2.id] }, { headers: { 'idempotency-key': 'batch-1' } });
    expect(res.status).toBe(201);
    const batch = (await res.json()) as PaymentBatchJson;
    expect(batch).toMatchObject({ count: 2, total: String(BigInt(b1.openAmount) + BigInt(b2.openAmount)), bankAccountName: 'Emirates NBD operating' });
    expect(batch.number).toMatch(/^PB-\d{4}-\d{4}$/);
    const replay = await admin.request('POST', '/api/admin/supplier-payments/batch', { date: today, bankAccountId: w.bankId, billIds: [b1.id, b2.id] }, { headers: { 'idempotency-key': 'batch-1' } });
    expect(((await replay.json()) as PaymentBatchJson).id).toBe(batch.id);
    expect(await creditBalance(w.db, '2310')).toBe(before - BigInt(batch.total));
    for (const p of batch.payments) expect((await entryFor(w.db, 'purchasing.payment', p.id)).map((l) => l.code)).toEqual(['2310', '1110']);

    const file = await admin.get(`/api/admin/supplier-payments/batch/${batch.id}/file`);
    expect(file.headers.get('content-type')).toContain('text/csv');
    const text = await file.text();
    const rows = text.split('\r\n').filter(Boolean);
    expect(rows[0]).toBe('"Payment reference","Beneficiary name","Beneficiary IBAN","Amount","Currency","Value date","Bill number"');
    expect(rows).toHaveLength(1 + batch.count);
    const cents = rows.slice(1).map((r) => r.match(/^"[^"]*","(?:[^"]|"")*","[^"]*","(\d+\.\d{2})"/)![1]!);
    expect(cents.reduce((s, c) => s + BigInt(c.replace('.', '')), 0n)).toBe(BigInt(batch.total));
    expect(text).toContain('"Clean ""Sweep"", Services LLC","AE420260001015333439101","129.62","AED"');
    expect(text).toContain(`"${today}","CS-1"`);
  });

  it('the reconciliation’s match source proposes an open bill for money going out and settles it from the statement line', async () => {
    const s = await w.supplier({ name: 'DEWA Utilities Billing' });
    const bill = (await admin.json<BillDetailJson>('POST', '/api/admin/bills', { supplierId: s.id, supplierBillNumber: 'DEWA-88812', billDate: today, lines: [{ description: 'Electricity, common areas', quantity: 1, unitPrice: 80_000, taxCode: 'standard' }] })).body;
    const line = { id: 'stmt-line-1', bankAccountId: w.bankId, ledgerAccountCode: '1110', date: today, amount: -84_000n, description: 'DD DEWA-88812', reference: '', counterparty: 'DEWA' };
    expect(await purchasingMatchSource.candidates(w.db, { ...line, amount: 84_000n })).toEqual([]);
    const found = await purchasingMatchSource.candidates(w.db, line);
    expect(found.find((c) => c.documentId === bill.id)).toMatchObject({ key: `supplier_bill:${bill.id}`, amount: -84_000n, reference: 'DEWA-88812' });
    const { entryId } = await w.db.transaction((tx) => purchasingMatchSource.settle(tx, w.secondId, line, bill.id));
    const [entry] = await q<{ source_module: string }>(w.db, sql`select source_module from ledger_journal_entries where id = ${entryId}`);
    expect(entry!.source_module).toBe('purchasing.payment');
    const after = await admin.json<BillDetailJson>('GET', `/api/admin/bills/${bill.id}`);
    expect(after.body).toMatchObject({ status: 'paid', openAmount: '0' });
    expect(lines(await entryFor(w.db, 'purchasing.payment', after.body.payments[0]!.id))).toEqual([
      ['2310', '84000', '0', null, null],
      ['1110', '0', '84000', null, null],
    ]);
  });

  it('aging and cash requirements add up to the payables account', async () => {
    const aging = await admin.json<AgingJson>('GET', `/api/admin/payables/aging?asOf=${today}`);
    expect(aging.status).toBe(200);
    expect(aging.body.buckets).toEqual(['current', '1-30', '31-60', '61-90', '90+']);
    expect(BigInt(aging.body.totals.total)).toBe(await creditBalance(w.db, '2310', today));
    expect(aging.body.suppliers.every((s) => BigInt(s.current) + BigInt(s.d1_30) + BigInt(s.d31_60) + BigInt(s.d61_90) + BigInt(s.d90_plus) === BigInt(s.total))).toBe(true);
    const cash = await admin.json<CashRequirementsJson>('GET', `/api/admin/payables/cash-requirements?from=${today}&to=${addDays(today, 55)}`);
    expect(cash.status).toBe(200);
    expect(BigInt(cash.body.total)).toBe(BigInt(aging.body.totals.total));
    expect(cash.body.weeks.at(-1)!.runningTotal).toBe(cash.body.total);
    expect((await admin.json('GET', `/api/admin/payables/cash-requirements?from=${today}&to=${addDays(today, 400)}`)).status).toBe(400);
    expect((await admin.json('GET', '/api/admin/payables/aging?asOf=2026-02-30')).status).toBe(400);
  });
});
