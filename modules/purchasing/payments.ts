/**
 * Payments made to suppliers: one bill (partial allowed), a batch paying each chosen bill's open amount in one
 * transaction (one journal entry per bill) with its bank payment file, and the reconciliation's settle. Each
 * payment posts Dr 2310 / Cr the bank account's ledger account. Both POSTs honour an Idempotency-Key.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, notFound } from '@api/errors';
import { type CsvCell } from '@api/list';
import { recordAudit } from '@modules/audit';
import { getBankAccount } from '@modules/banking';
import { post } from '@modules/ledger';
import { formatAed, minorToDecimalString } from '@modules/platform/money';
import { withIdempotency } from '@modules/wallet';
import { billStatusLabels, purchasingErrorCodes as codes, purchasingMessages as msg, type BatchInput, type BillDetailJson, type PaymentBatchJson, type PaymentInput } from './contract';
import { getBill, paymentJson, paymentRows } from './bill-read';
import { lockBill, settledStatus } from './bill-review';
import { paymentPosting } from './postings';
import { instant, isUuid, nextNumber, rows, str } from './shared';

export type RecordedPayment = { id: string; number: string; entryId: string; reference: string; amount: bigint };

/**
 * Records one payment of `amount` against a bill inside `tx`: the bill must be posted with at least that
 * much open. Used by the single payment, the batch and the bank reconciliation.
 */
export async function recordPayment(
  tx: Db,
  userId: string | null,
  billId: string,
  p: { amount: bigint; date: string; bankAccountId: string; bankLedgerCode: string; batchId?: string | null; statementLineId?: string | null },
): Promise<RecordedPayment> {
  const bill = await lockBill(tx, billId);
  if (bill.status !== 'posted' && bill.status !== 'partially_paid') throw new AppError(422, codes.overpayment, msg.billNotPayable(billStatusLabels[bill.status].toLowerCase()));
  if (p.date < bill.bill_date.slice(0, 10)) throw new AppError(422, codes.invalidLine, msg.beforeBill('payment', bill.bill_date.slice(0, 10)));
  const open = BigInt(bill.open_amount);
  if (p.amount > open) throw new AppError(422, codes.overpayment, msg.overpayment(open));
  const number = await nextNumber(tx, 'PAY', p.date);
  const [row] = await rows<{ id: string }>(tx, sql`select gen_random_uuid() as id`);
  const entry = await post(
    tx,
    paymentPosting({
      id: row!.id,
      number,
      date: p.date,
      amount: p.amount,
      bankLedgerCode: p.bankLedgerCode,
      billNumber: bill.number,
      supplierBillNumber: bill.supplier_bill_number,
      supplierName: bill.supplier_name,
      authorId: userId,
    }),
  );
  await tx.execute(sql`insert into supplier_payments (id, number, bill_id, batch_id, date, amount, bank_account_id, statement_line_id, journal_reference, journal_entry_id, created_by)
    values (${row!.id}, ${number}, ${bill.id}, ${p.batchId ?? null}, ${p.date}, ${p.amount}, ${p.bankAccountId}, ${p.statementLineId ?? null}, ${entry.reference}, ${entry.id}, ${userId})`);
  const openAfter = open - p.amount;
  const paid = BigInt(bill.paid) + p.amount;
  await tx.execute(sql`update supplier_bills set paid = ${paid}, open_amount = ${openAfter}, status = ${settledStatus(openAfter, paid)} where id = ${bill.id}`);
  return { id: row!.id, number, entryId: entry.id, reference: entry.reference, amount: p.amount };
}

export async function payBill(db: Db, userId: string, billId: string, input: PaymentInput, key: string | null): Promise<{ replay: boolean; body: BillDetailJson }> {
  if (!isUuid(billId)) throw notFound(msg.billNotFound, codes.billNotFound);
  const bank = await getBankAccount(db, input.bankAccountId);
  const result = await withIdempotency(db, { userId, key, scope: 'purchasing.bill_payment', body: { billId, ...input } }, (outer) =>
    outer.transaction(async (tx) => {
      const p = await recordPayment(tx, userId, billId, { amount: input.amount, date: input.date, bankAccountId: bank.id, bankLedgerCode: bank.ledgerAccountCode });
      await recordAudit(tx, {
        actorId: userId,
        action: 'purchasing.bill.pay',
        entityType: 'supplier_bill',
        entityId: billId,
        summary: `Payment ${p.number} of ${formatAed(p.amount, { decimals: 'auto' })} from ${bank.name} recorded (${p.reference})`,
        details: { paymentId: p.id },
      });
      return getBill(tx, billId);
    }),
  );
  return result;
}

export async function getBatch(db: Db, id: string): Promise<PaymentBatchJson> {
  if (!isUuid(id)) throw notFound(msg.batchNotFound, codes.batchNotFound);
  const [b] = await rows<{ id: string; number: string; date: string; bank_account_id: string; bank_name: string; count: number; total: string; created_at: string | Date }>(
    db,
    sql`select pb.id, pb.number, pb.date::text as date, pb.bank_account_id, a.name as bank_name, pb.count, pb.total::text, pb.created_at
          from supplier_payment_batches pb join bank_accounts a on a.id = pb.bank_account_id where pb.id = ${id}`,
  );
  if (!b) throw notFound(msg.batchNotFound, codes.batchNotFound);
  const payments = await paymentRows(db, sql`p.batch_id = ${id}`);
  return { id: b.id, number: b.number, date: b.date.slice(0, 10), bankAccountId: b.bank_account_id, bankAccountName: b.bank_name, count: Number(b.count), total: str(b.total), payments: payments.map(paymentJson), createdAt: instant(b.created_at) };
}

export async function payBatch(db: Db, userId: string, input: BatchInput, key: string | null): Promise<{ replay: boolean; body: PaymentBatchJson }> {
  const bank = await getBankAccount(db, input.bankAccountId);
  for (const id of input.billIds) if (!isUuid(id)) throw notFound(msg.billNotFound, codes.billNotFound);
  return withIdempotency(db, { userId, key, scope: 'purchasing.payment_batch', body: input }, (outer) =>
    outer.transaction(async (tx) => {
      const number = await nextNumber(tx, 'PB', input.date);
      const [batch] = await rows<{ id: string }>(
        tx,
        sql`insert into supplier_payment_batches (number, date, bank_account_id, count, total, created_by) values (${number}, ${input.date}, ${bank.id}, 0, 0, ${userId}) returning id`,
      );
      let total = 0n;
      // Sorted, so two batches sharing bills lock them in the same order.
      for (const billId of [...input.billIds].sort()) {
        const [bill] = await rows<{ open: string; name: string; iban: string | null }>(
          tx,
          sql`select b.open_amount::text as open, s.name, s.iban from supplier_bills b join suppliers s on s.id = b.supplier_id where b.id = ${billId}`,
        );
        if (!bill) throw notFound(msg.billNotFound, codes.billNotFound);
        if (!bill.iban) throw new AppError(422, codes.noIban, msg.noIban(bill.name));
        const open = BigInt(bill.open);
        if (open <= 0n) throw new AppError(422, codes.overpayment, msg.billNotPayable('settled'));
        const p = await recordPayment(tx, userId, billId, { amount: open, date: input.date, bankAccountId: bank.id, bankLedgerCode: bank.ledgerAccountCode, batchId: batch!.id });
        total += p.amount;
      }
      await tx.execute(sql`update supplier_payment_batches set count = ${input.billIds.length}, total = ${total} where id = ${batch!.id}`);
      await recordAudit(tx, {
        actorId: userId,
        action: 'purchasing.payment_batch.create',
        entityType: 'supplier_payment_batch',
        entityId: batch!.id,
        summary: `Payment batch ${number}: ${input.billIds.length} bill${input.billIds.length === 1 ? '' : 's'}, ${formatAed(total, { decimals: 'auto' })} from ${bank.name}, value date ${input.date}`,
        details: { billIds: input.billIds },
      });
      return getBatch(tx, batch!.id);
    }),
  );
}

export const BANK_FILE_HEADER = ['Payment reference', 'Beneficiary name', 'Beneficiary IBAN', 'Amount', 'Currency', 'Value date', 'Bill number'] as const;

/** One RFC 4180 field, always quoted (quotes doubled), so the bank reads names with commas as they are. */
const quoted = (v: CsvCell) => `"${String(v ?? '').replaceAll('"', '""')}"`;

/** The bank payment file of a batch: a header row, then one row per payment; CRLF line ends. */
export async function batchFile(db: Db, id: string): Promise<{ filename: string; csv: string }> {
  const batch = await getBatch(db, id);
  const lines = await rows<{ number: string; name: string; account_name: string; iban: string | null; amount: string; date: string; supplier_bill_number: string }>(
    db,
    sql`select p.number, s.name, s.account_name, s.iban, p.amount::text, p.date::text as date, b.supplier_bill_number
          from supplier_payments p join supplier_bills b on b.id = p.bill_id join suppliers s on s.id = b.supplier_id where p.batch_id = ${id} order by p.number`,
  );
  const rowsOut = [BANK_FILE_HEADER as readonly CsvCell[], ...lines.map((l) => [l.number, l.account_name || l.name, l.iban ?? '', minorToDecimalString(BigInt(l.amount)), 'AED', l.date.slice(0, 10), l.supplier_bill_number])];
  return { filename: `${batch.number}.csv`, csv: rowsOut.map((r) => `${r.map(quoted).join(',')}\r\n`).join('') };
}
