/**
 * A customer's statement for a period, in AED: the balance they owe (open invoices less unallocated credit)
 * at the start, each invoice, credit note, payment and exchange difference with the running balance, and
 * the balance at the end. JSON or CSV.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { badRequest } from '@api/errors';
import { sqlRows, type CsvCell } from '@api/list';
import { addDays, todayInDubai } from '@modules/platform/dates';
import { formatAed, minorToDecimalString } from '@modules/platform/money';
import type { StatementJson, StatementLineJson } from './contract';
import { customerFigures, customerJson, customerOr404 } from './shared';

type Event = { date: string; seq: number; kind: StatementLineJson['kind']; reference: string; description: string; amount: string };

/** Every movement of the customer's balance up to `to`, oldest first (positive: they owe more). */
async function events(db: Db, customerId: string, to: string): Promise<Event[]> {
  return sqlRows<Event>(
    db,
    sql`select * from (
          select date::text as date, 1 as seq, 'invoice' as kind, number as reference, 'Invoice' || case when reference <> '' then ', ' || reference else '' end as description, total_aed::text as amount, created_at
            from invoices where customer_id = ${customerId} and status <> 'draft' and date <= ${to}::date
          union all
          select cn.date::text, 2, 'credit_note', cn.number, 'Credit note against ' || i.number || ': ' || cn.reason, (-cn.total_aed)::text, cn.created_at
            from credit_notes cn join invoices i on i.id = cn.invoice_id where cn.customer_id = ${customerId} and cn.date <= ${to}::date
          union all
          select date::text, 3, 'payment', coalesce(nullif(reference, ''), journal_reference, ''), 'Payment received', (-amount)::text, created_at
            from customer_payments where customer_id = ${customerId} and date <= ${to}::date
          union all
          select a.date::text, 4, case when a.kind = 'credit' then 'credit_applied' else 'exchange_difference' end, i.number,
                 case when a.kind = 'credit' then 'Credit of ' || a.received_aed::text || ' fils applied to ' || i.number else 'Exchange difference on ' || i.number end,
                 (a.received_aed - a.amount_aed)::text, a.created_at
            from receivable_allocations a join invoices i on i.id = a.invoice_id
           where a.customer_id = ${customerId} and a.date <= ${to}::date and a.kind in ('payment', 'credit') and (a.kind = 'credit' or a.received_aed <> a.amount_aed)
        ) e order by date, created_at, seq`,
  );
}

export async function customerStatement(db: Db, customerId: string, query: { from?: string; to?: string }): Promise<StatementJson> {
  const customer = await customerOr404(db, customerId);
  const to = query.to ?? todayInDubai();
  const from = query.from ?? addDays(to, -90);
  if (from > to) throw badRequest('The start date must be on or before the end date.', 'invalid_range');
  const all = await events(db, customerId, to);
  let balance = 0n;
  const lines: StatementLineJson[] = [];
  let opening = 0n;
  for (const e of all) {
    const amount = BigInt(e.amount);
    balance += amount;
    if (e.date < from) {
      opening = balance;
      continue;
    }
    const description = e.kind === 'credit_applied' ? e.description.replace(/Credit of (\d+) fils/, (_m, f: string) => `Credit of ${formatAed(BigInt(f))}`) : e.description;
    lines.push({ date: e.date, kind: e.kind, reference: e.reference, description, debit: amount > 0n ? amount.toString() : '0', credit: amount < 0n ? (-amount).toString() : '0', balance: balance.toString() });
  }
  return { customer: customerJson(customer, await customerFigures(db, customerId)), from, to, opening: opening.toString(), lines, closing: balance.toString() };
}

export const STATEMENT_CSV_HEADER = ['Date', 'Type', 'Reference', 'Description', 'Debit (AED)', 'Credit (AED)', 'Balance (AED)'] as const;

export function statementCsvRows(s: StatementJson): CsvCell[][] {
  const dec = (v: string) => minorToDecimalString(BigInt(v));
  return [
    [s.from, 'opening', '', 'Opening balance', '', '', dec(s.opening)],
    ...s.lines.map((l) => [l.date, l.kind, l.reference, l.description, dec(l.debit), dec(l.credit), dec(l.balance)]),
    [s.to, 'closing', '', 'Closing balance', '', '', dec(s.closing)],
  ];
}
