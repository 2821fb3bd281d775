/**
 * Payables reports. Aging: open bills by days past due at `asOf`, per supplier, one GROUP BY over the bill
 * rows (open_amount, plus what was paid or credited after `asOf` for a past date). Cash requirements: open
 * bills by the week they fall due, with a running total that starts with what is already overdue.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { badRequest } from '@api/errors';
import { addDays, daysBetween, todayInDubai } from '@modules/platform/dates';
import { AGING_BUCKETS, MAX_CASH_RANGE_DAYS, purchasingMessages as msg, type AgingJson, type AgingRowJson, type CashRequirementsJson, type CashWeekJson } from './contract';
import { day, rows, str } from './shared';

type AgingRow = { supplier_id: string; name: string; current: string; d1_30: string; d31_60: string; d61_90: string; d90_plus: string; total: string };

export async function payablesAging(db: Db, asOf: string = todayInDubai()): Promise<AgingJson> {
  const result = await rows<AgingRow>(
    db,
    sql`with open_bills as (
          select b.supplier_id, ${asOf}::date - b.due_date as late,
                 b.open_amount
                   + coalesce((select sum(p.amount) from supplier_payments p where p.bill_id = b.id and p.date > ${asOf}::date), 0)
                   + coalesce((select sum(d.total) from supplier_debit_notes d where d.bill_id = b.id and d.date > ${asOf}::date), 0) as open
            from supplier_bills b
           where b.status in ('posted', 'partially_paid', 'paid') and b.bill_date <= ${asOf}::date)
        select o.supplier_id, s.name,
               coalesce(sum(o.open) filter (where o.late <= 0), 0)::text as current,
               coalesce(sum(o.open) filter (where o.late between 1 and 30), 0)::text as d1_30,
               coalesce(sum(o.open) filter (where o.late between 31 and 60), 0)::text as d31_60,
               coalesce(sum(o.open) filter (where o.late between 61 and 90), 0)::text as d61_90,
               coalesce(sum(o.open) filter (where o.late > 90), 0)::text as d90_plus,
               sum(o.open)::text as total
          from open_bills o join suppliers s on s.id = o.supplier_id
         where o.open <> 0
         group by o.supplier_id, s.name
         order by sum(o.open) desc, s.name`,
  );
  const suppliers: AgingRowJson[] = result.map((r) => ({
    supplierId: r.supplier_id,
    name: r.name,
    current: str(r.current),
    d1_30: str(r.d1_30),
    d31_60: str(r.d31_60),
    d61_90: str(r.d61_90),
    d90_plus: str(r.d90_plus),
    total: str(r.total),
  }));
  const keys = ['current', 'd1_30', 'd31_60', 'd61_90', 'd90_plus', 'total'] as const;
  const totals = Object.fromEntries(keys.map((k) => [k, suppliers.reduce((s, r) => s + BigInt(r[k]), 0n).toString()])) as AgingJson['totals'];
  return { asOf, buckets: AGING_BUCKETS, suppliers, totals };
}

/** Monday of the week `d` falls in. */
const weekStart = (d: string) => addDays(d, -((new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7));

export async function cashRequirements(db: Db, q: { from?: string; to?: string }): Promise<CashRequirementsJson> {
  const from = q.from ?? todayInDubai();
  const to = q.to ?? addDays(from, 8 * 7 - 1);
  if (to < from) throw badRequest(msg.rangeReversed, 'invalid_range');
  if (daysBetween(from, to) > MAX_CASH_RANGE_DAYS) throw badRequest(msg.rangeTooLong, 'period_too_long');
  const bills = await rows<{ id: string; number: string; supplier_bill_number: string; name: string; due_date: string; open_amount: string }>(
    db,
    sql`select b.id, b.number, b.supplier_bill_number, s.name, b.due_date::text as due_date, b.open_amount::text
          from supplier_bills b join suppliers s on s.id = b.supplier_id
         where b.open_amount > 0 and b.status in ('posted', 'partially_paid') and b.due_date <= ${to}::date
         order by b.due_date, b.number`,
  );
  let overdueCount = 0;
  let overdue = 0n;
  const weeks: CashWeekJson[] = [];
  for (let w = weekStart(from); w <= to; w = addDays(w, 7)) weeks.push({ weekStart: w, weekEnd: addDays(w, 6), count: 0, amount: '0', runningTotal: '0', bills: [] });
  const amounts = weeks.map(() => 0n);
  for (const b of bills) {
    const due = day(b.due_date);
    const open = BigInt(b.open_amount);
    if (due < from) {
      overdueCount += 1;
      overdue += open;
      continue;
    }
    const i = weeks.findIndex((w) => w.weekStart === weekStart(due));
    if (i < 0) continue;
    weeks[i]!.count += 1;
    amounts[i]! += open;
    weeks[i]!.bills.push({ id: b.id, number: b.number, supplierBillNumber: b.supplier_bill_number, supplierName: b.name, dueDate: due, openAmount: open.toString() });
  }
  let running = overdue;
  weeks.forEach((w, i) => {
    running += amounts[i]!;
    w.amount = amounts[i]!.toString();
    w.runningTotal = running.toString();
  });
  return { from, to, overdue: { count: overdueCount, amount: overdue.toString() }, weeks, total: running.toString() };
}
