/**
 * Receivables in the bank reconciliation: open invoices are offered for money coming in, nearest amount first,
 * and accepting one records the payment (into the statement line's bank account, on its date) like any other.
 */
import { sql } from 'drizzle-orm';
import { sqlRows } from '@api/list';
import type { MatchSource } from '@modules/banking';
import { recordInvoicePaymentIn } from './record-payment';
import { customerPayments } from './schema';

const CANDIDATES = 20;

export const receivablesMatchSource: MatchSource = {
  kind: 'invoice',
  async candidates(db, line) {
    if (line.amount <= 0n) return [];
    const rows = await sqlRows<{ id: string; number: string; name: string; date: string; open_aed: string; reference: string }>(
      db,
      sql`select i.id, i.number, c.name, i.date::text as date, i.open_aed::text, i.reference
            from invoices i join customers c on c.id = i.customer_id
           where i.status in ('issued', 'partially_paid') and i.open_aed > 0 and i.date <= ${line.date}::date
           order by abs(i.open_aed - ${line.amount}), i.due_date, i.id limit ${CANDIDATES}`,
    );
    return rows.map((r) => ({
      key: `invoice:${r.id}`,
      kind: 'invoice',
      documentId: r.id,
      label: `${r.number} · ${r.name}`,
      counterparty: r.name,
      date: r.date,
      amount: BigInt(r.open_aed),
      reference: r.reference ? `${r.number} ${r.reference}` : r.number,
    }));
  },
  async settle(tx, userId, line, documentId) {
    const payment = await recordInvoicePaymentIn(tx, userId, documentId, {
      amount: line.amount,
      date: line.date,
      bankAccountId: line.bankAccountId,
      reference: (line.reference || line.description).slice(0, 100),
      statementLineId: line.id,
    });
    const [row] = await tx.select({ entryId: customerPayments.entryId }).from(customerPayments).where(sql`${customerPayments.id} = ${payment.id}`);
    return { entryId: row!.entryId! };
  },
};
