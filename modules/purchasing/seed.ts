/**
 * Demo purchasing, written through the real services so the ledger, tax lines and audit agree: four suppliers
 * (a maintenance contractor, a property manager, a furniture supplier in Sharjah, an overseas software vendor
 * billed under the reverse charge), requests in each state, three orders (one partly received), bills (one
 * matched and paid, one held for a price difference, a reverse-charge bill with a debit note, an overdue
 * management fee). Creates the operating bank account when there is none. Idempotent: it does nothing once
 * the demo suppliers exist.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { createBankAccount, listBankAccounts } from '@modules/banking';
import { addDays, todayInDubai } from '@modules/platform/dates';
import { approveRequest, createRequest, rejectRequest } from './requests';
import { createBill } from './create-bill';
import { createDebitNote } from './debit-notes';
import { createOrder } from './orders';
import { payBill } from './payments';
import { receiveGoods } from './receipts';
import { sendOrder } from './send-order';
import { createSupplier } from './suppliers';
import { rows } from './shared';
import { quantityInput } from './contract';

const qty = (s: string) => quantityInput.parse(s);

const DEMO_ADMIN_EMAIL = 'admin@manzil.ae';
const FIRST_SUPPLIER = 'Al Noor Technical Services LLC';

export async function seedPurchasing(db: Db, opts: { today?: string } = {}): Promise<{ seeded: boolean }> {
  const [admin] = await rows<{ id: string }>(db, sql`select id from users where lower(email) = ${DEMO_ADMIN_EMAIL}`);
  if (!admin) return { seeded: false };
  const [exists] = await rows<{ id: string }>(db, sql`select id from suppliers where name = ${FIRST_SUPPLIER}`);
  if (exists) return { seeded: false };
  const me = admin.id;
  const today = opts.today ?? todayInDubai();
  const ago = (n: number) => addDays(today, -n);

  const banks = await listBankAccounts(db);
  const bank =
    banks.find((b) => b.ledgerAccountCode === '1110') ??
    banks[0] ??
    (await createBankAccount(db, me, { name: 'Emirates NBD operating', bankName: 'Emirates NBD', iban: 'AE070331234567890123456', ledgerAccountCode: '1110', kind: 'operating', currency: 'AED' }));

  const [property] = await rows<{ reference: string }>(db, sql`select reference from properties order by reference limit 1`);
  const ref = property?.reference ?? null;
  const [cc] = ref ? await rows<{ code: string }>(db, sql`select code from ledger_cost_centers where property = ${ref} and archived_at is null limit 1`) : [];

  const contractor = await createSupplier(db, me, {
    name: FIRST_SUPPLIER,
    email: 'accounts@alnoor-technical.ae',
    trn: '100234567800003',
    address: 'Warehouse 14, Al Quoz Industrial Area 3, Dubai',
    country: 'AE',
    emirate: 'dubai',
    bankName: 'Emirates NBD',
    iban: 'AE420260001015333439101',
    accountName: 'Al Noor Technical Services LLC',
    paymentTermsDays: 30,
    category: 'maintenance_contractor',
  });
  const manager = await createSupplier(db, me, {
    name: 'Marina Property Management LLC',
    email: 'billing@marinapm.ae',
    trn: '100345678900003',
    address: 'Office 803, Marina Plaza, Dubai Marina, Dubai',
    country: 'AE',
    emirate: 'dubai',
    bankName: 'Mashreq',
    iban: 'AE310330000010698765432',
    accountName: 'Marina Property Management LLC',
    paymentTermsDays: 15,
    category: 'property_management',
  });
  const furniture = await createSupplier(db, me, {
    name: 'Sharjah Home Furnishings Trading',
    email: 'sales@shjhome.ae',
    trn: '100456789000003',
    address: 'Industrial Area 6, Sharjah',
    country: 'AE',
    emirate: 'sharjah',
    bankName: 'Sharjah Islamic Bank',
    iban: 'AE230410000012345678901',
    accountName: 'Sharjah Home Furnishings Trading',
    paymentTermsDays: 45,
    category: 'other',
    expenseAccountCode: '5120',
  });
  const software = await createSupplier(db, me, {
    name: 'Northwind Cloud Software Ltd',
    email: 'invoices@northwind-cloud.example',
    trn: null,
    address: '2 Grand Canal Square, Dublin 2, Ireland',
    country: 'IE',
    emirate: null,
    bankName: 'Bank of Ireland',
    iban: 'IE29AIBK93115212345678',
    accountName: 'Northwind Cloud Software Ltd',
    paymentTermsDays: 30,
    category: 'service_provider',
    expenseAccountCode: '6310',
  });

  const dims = { costCenter: cc?.code ?? null, property: ref };
  // Requests: one of each state (the large one waits for a second administrator).
  await createRequest(db, me, {
    title: 'Replace the chiller unit serving the lobby',
    ...dims,
    supplierId: contractor.id,
    neededBy: addDays(today, 30),
    notes: 'Two quotes attached to the ticket; Al Noor is the cheaper.',
    lines: [{ description: 'Chiller unit, 10 tonne, supplied and installed', quantity: 1000n, unitCode: 'C62', estimatedUnitPrice: 1_800_000n, taxCode: 'standard' }],
  });
  const approved = await createRequest(db, me, {
    title: 'Deep cleaning after tenant move-out',
    ...dims,
    supplierId: manager.id,
    neededBy: addDays(today, 10),
    notes: '',
    lines: [{ description: 'Deep cleaning, two-bedroom apartment', quantity: 1000n, unitCode: 'C62', estimatedUnitPrice: 120_000n, taxCode: 'standard' }],
  });
  await approveRequest(db, me, approved.id);
  const rejected = await createRequest(db, me, {
    title: 'Branded umbrellas for the open day',
    costCenter: null,
    property: null,
    supplierId: null,
    neededBy: null,
    notes: '',
    lines: [{ description: 'Golf umbrellas with logo', quantity: 50_000n, unitCode: 'C62', estimatedUnitPrice: 4_500n, taxCode: 'standard' }],
  });
  await rejectRequest(db, me, rejected.id, 'Not in this quarter’s marketing budget.');
  const ordered = await createRequest(db, me, {
    title: 'Quarterly AC servicing',
    ...dims,
    supplierId: contractor.id,
    neededBy: ago(20),
    notes: '',
    lines: [
      { description: 'AC servicing, split units', quantity: 8000n, unitCode: 'C62', estimatedUnitPrice: 25_000n, taxCode: 'standard' },
      { description: 'Filter replacement', quantity: 8000n, unitCode: 'C62', estimatedUnitPrice: 6_000n, taxCode: 'standard' },
    ],
  });
  await approveRequest(db, me, ordered.id);

  // Order 1, from the request: sent, received in full, billed at the order price and paid.
  const po1 = await createOrder(db, me, { requestId: ordered.id, supplierId: contractor.id, orderDate: ago(35), expectedDate: ago(28), notes: 'Access through the service entrance; call the building manager first.' });
  await sendOrder(db, me, po1.id);
  await receiveGoods(db, me, po1.id, { date: ago(28), note: 'All eight units serviced; filters replaced.', lines: po1.lines.map((l) => ({ poLineId: l.id, quantity: qty(l.quantity) })) });
  const bill1 = await createBill(db, me, {
    supplierId: contractor.id,
    purchaseOrderId: po1.id,
    supplierBillNumber: 'ANT-2026-0412',
    billDate: ago(27),
    ...dims,
    notes: '',
    lines: po1.lines.map((l) => ({ poLineId: l.id, quantity: qty(l.quantity), unitPrice: BigInt(l.unitPrice) })),
  });
  await payBill(db, me, bill1.id, { amount: BigInt(bill1.openAmount), date: ago(5), bankAccountId: bank.id }, null);

  // Order 2: six sofas from Sharjah, two delivered, billed above the agreed price (held for review).
  const po2 = await createOrder(db, me, {
    supplierId: furniture.id,
    orderDate: ago(18),
    expectedDate: addDays(today, 7),
    ...dims,
    notes: 'Deliver between 9:00 and 13:00.',
    lines: [{ description: 'Three-seat sofa, grey fabric', quantity: 6000n, unitCode: 'C62', unitPrice: 320_000n, taxCode: 'standard' }],
  });
  await sendOrder(db, me, po2.id);
  await receiveGoods(db, me, po2.id, { date: ago(10), note: 'Two of six delivered; the rest next week.', lines: [{ poLineId: po2.lines[0]!.id, quantity: 2000n }] });
  await createBill(db, me, {
    supplierId: furniture.id,
    purchaseOrderId: po2.id,
    supplierBillNumber: 'SHF/INV/7781',
    billDate: ago(9),
    notes: '',
    lines: [{ poLineId: po2.lines[0]!.id, quantity: 2000n, unitPrice: 345_000n }],
  });

  // Order 3: a draft for the approved cleaning request's supplier, not yet sent.
  await createOrder(db, me, {
    supplierId: manager.id,
    orderDate: today,
    expectedDate: addDays(today, 14),
    ...dims,
    notes: '',
    lines: [{ description: 'Snagging inspection before handover', quantity: 1000n, unitCode: 'C62', unitPrice: 75_000n, taxCode: 'standard' }],
  });

  // Direct bills: software under the reverse charge (with a debit note), and an overdue management fee.
  const saas = await createBill(db, me, {
    supplierId: software.id,
    supplierBillNumber: 'NW-INV-20931',
    billDate: ago(25),
    notes: 'Annual licence, 12 seats.',
    lines: [{ description: 'Property management platform, annual licence, 12 seats', quantity: 12_000n, unitPrice: 90_000n, taxCode: 'reverse_charge', costCenter: null, property: null }],
  });
  await createDebitNote(db, me, saas.id, { date: ago(12), reason: 'Two seats cancelled within the refund window.', supplierReference: 'NW-CN-1187', lines: [{ billLineId: saas.lines[0]!.id, amount: 180_000n }] });
  await createBill(db, me, {
    supplierId: manager.id,
    supplierBillNumber: 'MPM-0331',
    billDate: ago(40),
    ...dims,
    notes: '',
    lines: [{ description: 'Property management fee, last month', quantity: 1000n, unitPrice: 450_000n, taxCode: 'standard' }],
  });
  return { seeded: true };
}
