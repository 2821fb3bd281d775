/**
 * The sales figures of /admin/sales: quotations by status with their value, conversion by month of decision
 * (accepted / decided), mean days from quotation to order, orders still to deliver, delivered-not-invoiced value,
 * and this month's sales invoiced (ex VAT). Each one SQL aggregate over the sales tables.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { lastMonths, monthEnd, monthStart, todayInDubai } from '@modules/platform/dates';
import { QUOTATION_STATUSES, TO_DELIVER, type QuotationStatus, type SalesSummaryJson } from './contract';
import { rows } from './shared';

/** Accepted / decided in basis points, half up on whole bps (counts, not money). */
export const conversionBps = (accepted: number, decided: number) => (decided === 0 ? null : Math.round((accepted * 10_000) / decided));

export async function salesSummary(db: Db, asOf: string = todayInDubai()): Promise<SalesSummaryJson> {
  const months = lastMonths(6, asOf);
  const from = monthStart(months[0]!);
  const [byStatus, conversion, days, open, month] = await Promise.all([
    rows<{ status: QuotationStatus; n: number; net: string }>(db, sql`select status, count(*)::int as n, coalesce(sum(net), 0)::text as net from sales_quotations group by status`),
    rows<{ month: string; accepted: number; decided: number }>(
      db,
      sql`select to_char(decided_on, 'YYYY-MM') as month, count(*) filter (where status = 'accepted')::int as accepted, count(*)::int as decided
            from sales_quotations where status in ('accepted', 'declined', 'expired') and decided_on between ${from} and ${monthEnd(asOf)} group by 1`,
    ),
    rows<{ days: string | null }>(db, sql`select round(avg(o.date - q.date), 1)::text as days from sales_orders o join sales_quotations q on q.id = o.quotation_id`),
    rows<{ n: number; to_deliver: string; not_invoiced: string }>(
      db,
      sql`select count(distinct o.id) filter (where o.status in (${sql.join(TO_DELIVER.map((s) => sql`${s}`), sql`, `)}) and l.quantity > l.delivered_qty)::int as n,
                 coalesce(sum(l.net - l.delivered_net) filter (where o.status in (${sql.join(TO_DELIVER.map((s) => sql`${s}`), sql`, `)})), 0)::text as to_deliver,
                 coalesce(sum(l.delivered_net - l.invoiced_net), 0)::text as not_invoiced
            from sales_orders o join sales_order_lines l on l.order_id = o.id where o.status <> 'cancelled'`,
    ),
    rows<{ net: string }>(db, sql`select coalesce(sum(net), 0)::text as net from sales_order_invoices where date between ${monthStart(asOf)} and ${asOf}`),
  ]);
  const found = new Map(byStatus.map((r) => [r.status, r]));
  const conv = new Map(conversion.map((c) => [c.month, c]));
  return {
    asOf,
    quotations: QUOTATION_STATUSES.map((status) => ({ status, count: Number(found.get(status)?.n ?? 0), net: found.get(status)?.net ?? '0' })),
    conversion: months.map((m) => {
      const c = conv.get(m.slice(0, 7));
      const accepted = Number(c?.accepted ?? 0);
      const decided = Number(c?.decided ?? 0);
      return { month: m.slice(0, 7), accepted, decided, rateBps: conversionBps(accepted, decided) };
    }),
    averageDaysToOrder: days[0]?.days ?? null,
    ordersToDeliver: Number(open[0]?.n ?? 0),
    toDeliverNet: open[0]?.to_deliver ?? '0',
    deliveredNotInvoiced: open[0]?.not_invoiced ?? '0',
    salesThisMonth: month[0]?.net ?? '0',
  };
}
