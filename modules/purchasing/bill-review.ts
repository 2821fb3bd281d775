/** The review of a held bill: approve the variance (the bill posts; the reason is audited) or reject it. */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { notFound } from '@api/errors';
import { recordAudit } from '@modules/audit';
import { formatAed } from '@modules/platform/money';
import { billStatusLabels, purchasingErrorCodes as codes, purchasingMessages as msg, type BillDetailJson, type BillStatus } from './contract';
import { getBill } from './bill-read';
import { postBill } from './post-bill';
import { invalidState, isUuid, rows } from './shared';

export type LockedBill = { id: string; number: string; status: BillStatus; bill_date: string; supplier_bill_number: string; supplier_name: string; total: string; open_amount: string; paid: string; debited: string; mismatches: unknown };

export async function lockBill(tx: Db, id: string): Promise<LockedBill> {
  if (!isUuid(id)) throw notFound(msg.billNotFound, codes.billNotFound);
  const [row] = await rows<LockedBill>(
    tx,
    sql`select b.id, b.number, b.status, b.bill_date::text as bill_date, b.supplier_bill_number, s.name as supplier_name, b.total::text, b.open_amount::text, b.paid::text, b.debited::text, b.mismatches
          from supplier_bills b join suppliers s on s.id = b.supplier_id where b.id = ${id} for update of b`,
  );
  if (!row) throw notFound(msg.billNotFound, codes.billNotFound);
  return row;
}

const label = (b: LockedBill) => `${b.number} (${b.supplier_name} ${b.supplier_bill_number}, ${formatAed(BigInt(b.total), { decimals: 'auto' })})`;

export async function approveVariance(db: Db, userId: string, id: string, reason: string): Promise<BillDetailJson> {
  await db.transaction(async (tx) => {
    const bill = await lockBill(tx, id);
    if (bill.status !== 'held') throw invalidState(msg.billNotHeld(billStatusLabels[bill.status].toLowerCase()));
    await tx.execute(sql`update supplier_bills set decision_reason = ${reason}, decided_by = ${userId}, decided_at = now() where id = ${bill.id}`);
    const { reference } = await postBill(tx, bill.id, userId);
    await recordAudit(tx, {
      actorId: userId,
      action: 'purchasing.bill.approve_variance',
      entityType: 'supplier_bill',
      entityId: bill.id,
      summary: `Bill ${label(bill)} approved despite its differences from the order and posted (${reference}): ${reason}`,
      details: { reason, mismatches: bill.mismatches },
    });
  });
  return getBill(db, id);
}

export async function rejectBill(db: Db, userId: string, id: string, reason: string): Promise<BillDetailJson> {
  await db.transaction(async (tx) => {
    const bill = await lockBill(tx, id);
    if (bill.status !== 'held') throw invalidState(msg.billNotHeld(billStatusLabels[bill.status].toLowerCase()));
    await tx.execute(sql`update supplier_bills set status = 'rejected', decision_reason = ${reason}, decided_by = ${userId}, decided_at = now() where id = ${bill.id}`);
    await recordAudit(tx, { actorId: userId, action: 'purchasing.bill.reject', entityType: 'supplier_bill', entityId: bill.id, summary: `Bill ${label(bill)} rejected: ${reason}`, details: { reason } });
  });
  return getBill(db, id);
}

/** The bill's status from what is still open. */
export const settledStatus = (open: bigint, paid: bigint): BillStatus => (open === 0n ? 'paid' : paid > 0n ? 'partially_paid' : 'posted');
