/**
 * The receivables aging as at a date: each customer's open invoices by days past due, in fils as they stand on
 * 1330, so the total equals that account's balance at the date. One GROUP BY over the invoices still open (or
 * settled only after the date: the allocations dated after it are added back, read through their date index).
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
    sql`with later as (
          select invoice_id, sum(amount_aed) as amt from receivable_allocations where date > ${asOf}::date group by invoice_id
        ), open_at as (
          select i.customer_id, (${asOf}::date - i.due_date) as d, i.open_aed + coalesce(l.amt, 0) as o
            from invoices i left join later l on l.invoice_id = i.id
           where i.status <> 'draft' and i.date <= ${asOf}::date and (i.open_aed > 0 or l.amt is not null)
        )
        select x.customer_id, c.name,
               coalesce(sum(o) filter (where d <= 0), 0)::text as current,
               coalesce(sum(o) filter (where d between 1 and 30), 0)::text as d1_30,
               coalesce(sum(o) filter (where d between 31 and 60), 0)::text as d31_60,
               coalesce(sum(o) filter (where d between 61 and 90), 0)::text as d61_90,
               coalesce(sum(o) filter (where d > 90), 0)::text as d90_plus,
               sum(o)::text as total
          from open_at x join customers c on c.id = x.customer_id
         group by x.customer_id, c.name
        having sum(o) <> 0
         order by sum(o) desc, c.name`,
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
