/**
 * Money received: a payment allocated to one or several invoices (what is left over becomes the customer's
 * credit on 2340), and a credit applied to an invoice later. Each posts its entry and moves the invoices' open
 * amounts and the customer's credit in the same transaction. Locks: the customer, then its invoices by id.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, badRequest } from '@api/errors';
import { recordAudit } from '@modules/audit';
import { getBankAccount } from '@modules/banking';
import { post } from '@modules/ledger';
import { todayInDubai } from '@modules/platform/dates';
import {
  bookedAedFor,
  docAmountFor,
  receivablesErrorCodes as codes,
  receivablesMessages as msg,
  type ApplyCreditInput,
  type CustomerPaymentInput,
  type PaymentInput,
  type PaymentJson,
} from './contract';
import { creditApplicationPosting, paymentPosting } from './postings';
import { customerPayments, customers, invoices, receivableAllocations } from './schema';
import { assertOpen, invoiceJson, invoiceOr404, moneyIn, referencedCustomer, statusAfter, type CustomerRow, type InvoiceRow } from './shared';

/** One invoice's part of a settlement: what it settles in its currency, what comes off 1330, what was received for it. */
export type Settlement = { inv: InvoiceRow; settledDoc: bigint; bookedAed: bigint; receivedAed: bigint };

function assertDate(inv: InvoiceRow, date: string) {
  if (date < inv.date) throw new AppError(422, codes.beforeInvoice, msg.beforeInvoice(inv.number ?? '', inv.date));
}

const booked = (inv: InvoiceRow, settledDoc: bigint) => bookedAedFor(settledDoc, { openDoc: inv.openAmount, openAed: inv.openAed, total: inv.total, totalAed: inv.totalAed });

/** Exactly `receivedAed` applied to the invoice (and `amountDoc` of it in a foreign currency): more than is open is refused. */
export function strictSettlement(inv: InvoiceRow, receivedAed: bigint, amountDoc: bigint | undefined, date: string): Settlement {
  assertOpen(inv);
  assertDate(inv, date);
  if (inv.currency === 'AED') {
    if (amountDoc !== undefined && amountDoc !== receivedAed) throw badRequest(msg.foreignAmountDoc, 'validation_failed');
    if (receivedAed > inv.openAmount) throw new AppError(422, codes.exceedsOpen, msg.exceedsOpen(inv.number!, moneyIn(inv.openAmount, 'AED')));
    return { inv, settledDoc: receivedAed, bookedAed: receivedAed, receivedAed };
  }
  const settledDoc = amountDoc ?? docAmountFor(receivedAed, inv.currency, inv.rate);
  if (settledDoc > inv.openAmount) throw new AppError(422, codes.exceedsOpen, msg.exceedsOpen(inv.number!, moneyIn(inv.openAmount, inv.currency)));
  if (settledDoc <= 0n) throw badRequest(msg.positive, 'validation_failed');
  return { inv, settledDoc, bookedAed: booked(inv, settledDoc), receivedAed };
}

/** A payment against one invoice: it settles up to what is open, and any more is the customer's credit. */
export function cappedSettlement(inv: InvoiceRow, amount: bigint, amountDoc: bigint | undefined, date: string): Settlement {
  if (amountDoc !== undefined) return strictSettlement(inv, amount, amountDoc, date);
  assertOpen(inv);
  assertDate(inv, date);
  if (inv.currency === 'AED') {
    const s = amount < inv.openAmount ? amount : inv.openAmount;
    return { inv, settledDoc: s, bookedAed: s, receivedAed: s };
  }
  const doc = docAmountFor(amount, inv.currency, inv.rate);
  if (doc >= inv.openAmount) return { inv, settledDoc: inv.openAmount, bookedAed: inv.openAed, receivedAed: inv.openAed };
  if (doc <= 0n) throw badRequest(msg.positive, 'validation_failed');
  return { inv, settledDoc: doc, bookedAed: booked(inv, doc), receivedAed: amount };
}

/** Moves an invoice's figures by a settlement and writes its allocation row. */
async function applySettlement(tx: Db, s: Settlement, kind: 'payment' | 'credit', ref: { id?: string; paymentId?: string; entryId: string; date: string; userId: string | null }) {
  const paid = s.inv.paidAmount + s.settledDoc;
  const open = s.inv.openAmount - s.settledDoc;
  await tx
    .update(invoices)
    .set({ paidAmount: paid, openAmount: open, openAed: s.inv.openAed - s.bookedAed, status: statusAfter(open, paid), updatedAt: new Date() })
    .where(eq(invoices.id, s.inv.id));
  await tx.insert(receivableAllocations).values({
    ...(ref.id ? { id: ref.id } : {}),
    invoiceId: s.inv.id,
    customerId: s.inv.customerId,
    kind,
    paymentId: ref.paymentId ?? null,
    date: ref.date,
    amountDoc: s.settledDoc,
    amountAed: s.bookedAed,
    receivedAed: s.receivedAed,
    entryId: ref.entryId,
    createdBy: ref.userId,
  });
}

/** The invoices of a customer, locked in id order; each must be the customer's own. */
async function lockInvoices(tx: Db, customer: CustomerRow, ids: string[]): Promise<Map<string, InvoiceRow>> {
  if (new Set(ids).size !== ids.length) throw badRequest(msg.duplicateInvoice, 'validation_failed');
  const out = new Map<string, InvoiceRow>();
  for (const id of [...ids].sort()) {
    const inv = await invoiceOr404(tx, id, { lock: true, status: 'referenced' });
    if (inv.customerId !== customer.id) throw new AppError(422, codes.otherCustomer, msg.otherCustomer(inv.number ?? 'That draft'));
    out.set(id, inv);
  }
  return out;
}

type PaymentCore = { amount: bigint; date: string; bankAccountId: string; reference?: string; statementLineId?: string };

/** Records a payment already planned into settlements (inside `tx`, the customer locked). */
async function writePayment(tx: Db, userId: string | null, customer: CustomerRow, input: PaymentCore, parts: Settlement[]): Promise<PaymentJson> {
  const allocated = parts.reduce((s, p) => s + p.receivedAed, 0n);
  if (allocated > input.amount) throw new AppError(422, codes.allocationsExceed, msg.allocationsExceed);
  const bank = await getBankAccount(tx, input.bankAccountId);
  const unallocated = input.amount - allocated;
  const [payment] = await tx
    .insert(customerPayments)
    .values({
      customerId: customer.id,
      date: input.date,
      amount: input.amount,
      unallocated,
      bankAccountId: bank.id,
      reference: input.reference ?? '',
      statementLineId: input.statementLineId ?? null,
      createdBy: userId,
    })
    .returning();
  const entry = await post(
    tx,
    paymentPosting({
      id: payment!.id,
      date: input.date,
      customerName: customer.name,
      bankLedgerCode: bank.ledgerAccountCode,
      amount: input.amount,
      reference: input.reference ?? '',
      authorId: userId,
      allocations: parts.map((p) => ({ invoiceNumber: p.inv.number!, bookedAed: p.bookedAed, receivedAed: p.receivedAed })),
    }),
  );
  await tx.update(customerPayments).set({ entryId: entry.id, journalReference: entry.reference }).where(eq(customerPayments.id, payment!.id));
  for (const p of parts) await applySettlement(tx, p, 'payment', { paymentId: payment!.id, entryId: entry.id, date: input.date, userId });
  if (unallocated > 0n) await tx.update(customers).set({ creditBalance: sql`${customers.creditBalance} + ${unallocated}` }).where(eq(customers.id, customer.id));
  await recordAudit(tx, {
    actorId: userId,
    action: 'receivables.payment.record',
    entityType: 'customer_payment',
    entityId: payment!.id,
    summary: `Recorded ${moneyIn(input.amount, 'AED')} received from ${customer.name}${parts.length ? ` for ${parts.map((p) => p.inv.number).join(', ')}` : ''}${unallocated > 0n ? `, ${moneyIn(unallocated, 'AED')} kept as credit` : ''}`,
    details: { journalReference: entry.reference, bankAccountId: bank.id },
  });
  return {
    id: payment!.id,
    customerId: customer.id,
    date: input.date,
    amount: input.amount.toString(),
    unallocated: unallocated.toString(),
    bankAccountId: bank.id,
    reference: input.reference ?? '',
    journalReference: entry.reference,
    allocations: parts.map((p) => ({ invoiceId: p.inv.id, invoiceNumber: p.inv.number!, amountDoc: p.settledDoc.toString(), amountAed: p.bookedAed.toString(), receivedAed: p.receivedAed.toString() })),
  };
}

/** POST /invoices/:id/payments: the payment goes to this invoice, anything beyond what is open to credit. */
export async function recordInvoicePaymentIn(tx: Db, userId: string | null, invoiceId: string, input: PaymentInput & { statementLineId?: string }): Promise<PaymentJson> {
  const { customerId } = await invoiceOr404(tx, invoiceId);
  const customer = await referencedCustomer(tx, customerId, { lock: true });
  const inv = await invoiceOr404(tx, invoiceId, { lock: true });
  const part = cappedSettlement(inv, input.amount, input.amountDoc, input.date);
  const payment = await writePayment(tx, userId, customer, input, [part]);
  const after = await invoiceOr404(tx, invoiceId);
  return { ...payment, invoice: invoiceJson(after, customer.name) };
}

export const recordInvoicePayment = (db: Db, userId: string, invoiceId: string, input: PaymentInput) => db.transaction((tx) => recordInvoicePaymentIn(tx, userId, invoiceId, input));

/** POST /customer-payments: a payment with explicit allocations; the rest is the customer's credit. */
export async function recordCustomerPayment(db: Db, userId: string, input: CustomerPaymentInput): Promise<PaymentJson> {
  return db.transaction(async (tx) => {
    const customer = await referencedCustomer(tx, input.customerId, { lock: true });
    const locked = await lockInvoices(tx, customer, input.allocations.map((a) => a.invoiceId));
    const parts = input.allocations.map((a) => strictSettlement(locked.get(a.invoiceId)!, a.amount, a.amountDoc, input.date));
    return writePayment(tx, userId, customer, input, parts);
  });
}

/** POST /customers/:id/apply-credit: Dr 2340 / Cr 1330 for part of the customer's credit. */
export async function applyCredit(db: Db, userId: string, customerId: string, input: ApplyCreditInput) {
  return db.transaction(async (tx) => {
    const customer = await referencedCustomer(tx, customerId, { lock: true });
    if (input.amount > customer.creditBalance) throw new AppError(422, codes.notEnoughCredit, msg.notEnoughCredit(moneyIn(customer.creditBalance, 'AED')));
    const date = input.date ?? todayInDubai();
    const inv = (await lockInvoices(tx, customer, [input.invoiceId])).get(input.invoiceId)!;
    const part = strictSettlement(inv, input.amount, input.amountDoc, date);
    const allocationId = crypto.randomUUID();
    const entry = await post(tx, creditApplicationPosting({ id: allocationId, date, customerName: customer.name, authorId: userId, part: { invoiceNumber: inv.number!, bookedAed: part.bookedAed, receivedAed: part.receivedAed } }));
    await applySettlement(tx, part, 'credit', { id: allocationId, entryId: entry.id, date, userId });
    await tx.update(customers).set({ creditBalance: sql`${customers.creditBalance} - ${input.amount}` }).where(eq(customers.id, customer.id));
    await recordAudit(tx, {
      actorId: userId,
      action: 'receivables.credit.apply',
      entityType: 'invoice',
      entityId: inv.id,
      summary: `Applied ${moneyIn(input.amount, 'AED')} of ${customer.name}'s credit to ${inv.number}`,
      details: { journalReference: entry.reference },
    });
    const after = await invoiceOr404(tx, inv.id);
    return { invoice: invoiceJson(after, customer.name), credit: (customer.creditBalance - input.amount).toString(), journalReference: entry.reference };
  });
}
