/**
 * The receivables aging as at a date: each customer's open invoices by days past due, in fils as they stand on
 * 1330, so the total equals that account's balance at the date. One GROUP BY over the invoices still open (or
 * settled only after the date: the allocations dated after it are added back, read through their date index). Open
 * invoices come from a partial index holding only them, so the cost follows what is open, not the paid history.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { sqlRows } from '@api/list';
import { todayInDubai } from '@modules/platform/dates';
import { AGING_BUCKETS, type AgingJson, type AgingRowJson } from './contract';

type Row = { customer_id: string; name: string; current: string; d1_30: string; d31_60: string; d61_90: string; d90_plus: string; total: string };

export async function agingReport(db: Db, asOfInput?: string): Promise<AgingJson> {
  const asOf = asOfInput ?? todayInDubai();
  const rows = await sqlRows<Row>(
    db,
    sql`with open_at as (
          -- What is open today (the partial index holding only open invoices, read without the table) …
          select i.customer_id, i.due_date, i.open_aed as o
            from invoices i
           where i.open_aed > 0 and i.date <= ${asOf}::date
          union all
          -- … plus what was paid or credited after the date, each allocation's invoice found by its key.
          select i.customer_id, i.due_date, a.amount_aed as o
            from receivable_allocations a
            cross join lateral (select customer_id, due_date, date from invoices where id = a.invoice_id offset 0) i
           where a.date > ${asOf}::date and i.date <= ${asOf}::date
        ), by_customer as (
          select customer_id,
                 coalesce(sum(o) filter (where ${asOf}::date - due_date <= 0), 0) as current,
                 coalesce(sum(o) filter (where ${asOf}::date - due_date between 1 and 30), 0) as d1_30,
                 coalesce(sum(o) filter (where ${asOf}::date - due_date between 31 and 60), 0) as d31_60,
                 coalesce(sum(o) filter (where ${asOf}::date - due_date between 61 and 90), 0) as d61_90,
                 coalesce(sum(o) filter (where ${asOf}::date - due_date > 90), 0) as d90_plus,
                 sum(o) as total
            from open_at group by customer_id having sum(o) <> 0
        )
        select b.customer_id, c.name, b.current::text, b.d1_30::text, b.d31_60::text, b.d61_90::text, b.d90_plus::text, b.total::text
          from by_customer b join customers c on c.id = b.customer_id
         order by b.total desc, c.name`,
  );
  const [credit] = await sqlRows<{ c: string }>(
    db,
    sql`select ((select coalesce(sum(credit_balance), 0) from customers)
              - (select coalesce(sum(unallocated), 0) from customer_payments where date > ${asOf}::date)
              + (select coalesce(sum(received_aed), 0) from receivable_allocations where kind = 'credit' and date > ${asOf}::date))::text as c`,
  );
  const customersOut: AgingRowJson[] = rows.map((r) => ({ customerId: r.customer_id, name: r.name, current: r.current, d1_30: r.d1_30, d31_60: r.d31_60, d61_90: r.d61_90, d90_plus: r.d90_plus, total: r.total }));
  const keys = ['current', 'd1_30', 'd31_60', 'd61_90', 'd90_plus', 'total'] as const;
  const totals = Object.fromEntries(keys.map((k) => [k, customersOut.reduce((s, r) => s + BigInt(r[k]), 0n).toString()])) as AgingJson['totals'];
  return { asOf, buckets: [...AGING_BUCKETS], customers: customersOut, totals, credits: credit?.c ?? '0' };
}
