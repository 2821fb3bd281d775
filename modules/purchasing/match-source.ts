/**
 * Purchasing's offer to the bank reconciliation (MatchSource from @modules/banking): for money going out, the
 * open bills that could be the payment (the amount first, then the supplier or bill number in the line's
 * text); accepting one records the payment of the bill by that line, posting to the bank account's ledger account.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError } from '@api/errors';
import { recordAudit } from '@modules/audit';
import type { MatchCandidate, MatchSource, StatementLineForMatch } from '@modules/banking';
import { formatAed } from '@modules/platform/money';
import { purchasingErrorCodes as codes, purchasingMessages as msg } from './contract';
import { recordPayment } from './payments';
import { day, isUuid, rows } from './shared';

const KIND = 'supplier_bill';

async function candidates(db: Db, line: StatementLineForMatch): Promise<MatchCandidate[]> {
  if (line.amount >= 0n) return [];
  const amount = -line.amount;
  const text = `${line.description} ${line.reference} ${line.counterparty}`.toLowerCase();
  const open = await rows<{ id: string; number: string; supplier_bill_number: string; name: string; due_date: string; open_amount: string }>(
    db,
    sql`select b.id, b.number, b.supplier_bill_number, s.name, b.due_date::text as due_date, b.open_amount::text
          from supplier_bills b join suppliers s on s.id = b.supplier_id
         where b.open_amount > 0 and b.status in ('posted', 'partially_paid')
         order by (b.open_amount = ${amount}) desc, abs(b.open_amount - ${amount}), b.due_date
         limit 50`,
  );
  const mentioned = (b: (typeof open)[number]) =>
    [b.supplier_bill_number, b.number, b.name].some((s) => s.length >= 3 && text.includes(s.toLowerCase()));
  return open
    .filter((b) => BigInt(b.open_amount) === amount || mentioned(b))
    .slice(0, 10)
    .map((b) => ({
      key: `${KIND}:${b.id}`,
      kind: KIND,
      documentId: b.id,
      label: `${b.number} · ${b.name} bill ${b.supplier_bill_number}`,
      counterparty: b.name,
      date: day(b.due_date),
      amount: -BigInt(b.open_amount),
      reference: b.supplier_bill_number,
    }));
}

async function settle(tx: Db, userId: string, line: StatementLineForMatch, documentId: string): Promise<{ entryId: string }> {
  if (line.amount >= 0n) throw new AppError(422, codes.invalidLine, 'Only money going out can pay a supplier bill.');
  if (!isUuid(documentId)) throw new AppError(404, codes.billNotFound, msg.billNotFound);
  const p = await recordPayment(tx, userId, documentId, {
    amount: -line.amount,
    date: line.date,
    bankAccountId: line.bankAccountId,
    bankLedgerCode: line.ledgerAccountCode,
    statementLineId: line.id,
  });
  await recordAudit(tx, {
    actorId: userId,
    action: 'purchasing.bill.pay',
    entityType: 'supplier_bill',
    entityId: documentId,
    summary: `Payment ${p.number} of ${formatAed(p.amount, { decimals: 'auto' })} recorded from the bank statement (${p.reference})`,
    details: { paymentId: p.id, statementLineId: line.id },
  });
  return { entryId: p.entryId };
}

export const purchasingMatchSource: MatchSource = { kind: KIND, candidates, settle };
