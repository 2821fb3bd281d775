/**
 * Operational metrics: what they mean, and the SQL that gives each one's dated amounts. A source selects
 * `day` (a Dubai calendar date) and `v` (an amount on the unit's scale): summed per bucket for a flow,
 * accumulated from the beginning for a stock. An average selects `num` and `den` instead. The assets under
 * management and the distribution yield are worked out in ops-series.ts from the investing module's unit history.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { MetricDef } from './contract';

/** A timestamp's calendar day in Dubai (UTC+4 all year), whatever the session's time zone. */
export const dubaiDay = (col: SQL) => sql`((${col} at time zone 'UTC') + interval '4 hours')::date`;

export type OpsFilters = { propertyId: string | null; costCenterCodes: string[] | null };

export type OpsSource =
  | { kind: 'sum'; sql: (f: OpsFilters) => SQL }
  | { kind: 'average'; sql: (f: OpsFilters) => SQL }
  | { kind: 'aum' }
  | { kind: 'yield' };

const inList = (col: SQL, codes: string[]) => sql`${col} in (${sql.join(codes.map((c) => sql`${c}`), sql`, `)})`;
const byProperty = (col: SQL, f: OpsFilters) => (f.propertyId ? sql` and ${col} = ${f.propertyId}` : sql``);
const byCostCenter = (col: SQL, f: OpsFilters) => (f.costCenterCodes ? sql` and ${inList(col, f.costCenterCodes)}` : sql``);

type OpsMetric = MetricDef & { source: OpsSource };

const m = (key: string, label: string, group: string, description: string, rest: Pick<MetricDef, 'unit' | 'aggregation'> & { dimensions?: MetricDef['dimensions'] }, source: OpsSource): OpsMetric => ({
  key,
  label,
  group,
  description,
  unit: rest.unit,
  aggregation: rest.aggregation,
  dimensions: rest.dimensions ?? [],
  source,
});

const sum = (fn: (f: OpsFilters) => SQL): OpsSource => ({ kind: 'sum', sql: fn });

const INVESTORS = 'Investors';
const MONEY = 'Money movement';
const INVESTING = 'Investing';
const DOCS = 'Receivables and payables';
const PAYROLL = 'Payroll';

const DEFS: OpsMetric[] = [
  m('ops.signups', 'Sign-ups', INVESTORS, 'Investor accounts created, by the day (Dubai) they signed up.', { unit: 'count', aggregation: 'flow' },
    sum(() => sql`select ${dubaiDay(sql`created_at`)} as day, 1::bigint as v from users where role = 'investor'`)),
  m('ops.kyc_approvals', 'KYC approvals', INVESTORS, 'Verification applications approved, by the day of the approval.', { unit: 'count', aggregation: 'flow' },
    sum(() => sql`select ${dubaiDay(sql`created_at`)} as day, 1::bigint as v from kyc_status_history where to_status = 'approved'`)),
  m('ops.kyc_time_to_approve', 'KYC time to approve', INVESTORS,
    'Average time from an application\'s first submission to its approval, for the approvals in each period, in days. The total is the average over the whole range.',
    { unit: 'days', aggregation: 'flow' },
    {
      kind: 'average',
      sql: () => sql`select ${dubaiDay(sql`h.created_at`)} as day, round(extract(epoch from (h.created_at - k.first_submitted_at)) / 864)::bigint as num, 1::bigint as den
                       from kyc_status_history h join kyc_applications k on k.user_id = h.user_id
                      where h.to_status = 'approved' and k.first_submitted_at is not null and h.created_at >= k.first_submitted_at`,
    }),
  m('ops.deposits', 'Deposits', MONEY, 'Deposits confirmed by the payment provider (what the investor paid, before charges), by the day confirmed.', { unit: 'money', aggregation: 'flow' },
    sum(() => sql`select ${dubaiDay(sql`confirmed_at`)} as day, amount as v from wallet_deposits where status = 'confirmed' and confirmed_at is not null`)),
  m('ops.withdrawals', 'Withdrawals', MONEY, 'Withdrawals paid out to investors\' bank accounts, by the day paid.', { unit: 'money', aggregation: 'flow' },
    sum(() => sql`select ${dubaiDay(sql`paid_at`)} as day, amount as v from wallet_withdrawals where status = 'paid' and paid_at is not null`)),
  m('ops.investments', 'Investments', INVESTING, 'Principal invested in primary purchases of property shares (one-off and SIP), cancelled purchases left out, by the day of purchase.',
    { unit: 'money', aggregation: 'flow', dimensions: ['property'] },
    sum((f) => sql`select ${dubaiDay(sql`created_at`)} as day, principal as v from investments where status = 'active'${byProperty(sql`property_id`, f)}`)),
  m('ops.sip_collections', 'SIP collections', INVESTING, 'Monthly plan instalments collected from investors\' wallets, by the day of the collection run (or the due date).', { unit: 'money', aggregation: 'flow' },
    sum(() => sql`select coalesce(r.run_date, i.due_date) as day, i.amount as v from sip_instalments i left join sip_runs r on r.id = i.run_id where i.status = 'collected'`)),
  m('ops.sip_failures', 'SIP failures', INVESTING, 'Plan instalments that finally failed (retries exhausted), by the day of the last run (or the due date).', { unit: 'count', aggregation: 'flow' },
    sum(() => sql`select coalesce(r.run_date, i.due_date) as day, 1::bigint as v from sip_instalments i left join sip_runs r on r.id = i.run_id where i.status = 'failed'`)),
  m('ops.aum', 'Assets under management', INVESTING,
    'Value of the investors\' holdings at the end of each period: units held (from the purchases, cancellations, exchange trades, pool sales and exits up to that day) times the property\'s valuation on that day over its total shares, as the investor portfolio values them.',
    { unit: 'money', aggregation: 'stock', dimensions: ['property'] }, { kind: 'aum' }),
  m('ops.distributions', 'Distributions paid', INVESTING, 'Rental distributions paid to holders, by the day the run was paid.', { unit: 'money', aggregation: 'flow', dimensions: ['property'] },
    sum((f) => sql`select ${dubaiDay(sql`paid_at`)} as day, amount as v from distribution_runs where status = 'paid' and paid_at is not null${byProperty(sql`property_id`, f)}`)),
  m('ops.distribution_yield', 'Distribution yield', INVESTING,
    'Distributions paid in the period divided by the assets under management at the period\'s end, annualised (× 365 ÷ days in the period), in percent. The total is the same ratio over the whole range.',
    { unit: 'percent', aggregation: 'flow', dimensions: ['property'] }, { kind: 'yield' }),
  m('ops.exchange_volume', 'Exchange volume', INVESTING, 'Gross value of shares traded between investors, sold to the liquidity pool or at property exits, by the day of the trade.',
    { unit: 'money', aggregation: 'flow', dimensions: ['property'] },
    sum((f) => sql`select ${dubaiDay(sql`created_at`)} as day, gross as v from exchange_trades where true${byProperty(sql`property_id`, f)}`)),
  m('ops.open_invoices', 'Open customer invoices', DOCS, 'What customers still owe on issued invoices at the end of each period, in AED as it stands on account 1330 (the receivables aging total).',
    { unit: 'money', aggregation: 'stock' },
    sum(() => sql`select i.date as day, i.open_aed + coalesce((select sum(a.amount_aed) from receivable_allocations a where a.invoice_id = i.id), 0) as v
                    from invoices i where i.status <> 'draft'
                  union all
                  select greatest(a.date, i.date), -a.amount_aed from receivable_allocations a join invoices i on i.id = a.invoice_id where i.status <> 'draft'`)),
  m('ops.open_bills', 'Open supplier bills', DOCS, 'What Manzil still owes suppliers on posted bills at the end of each period (the payables aging total).',
    { unit: 'money', aggregation: 'stock' },
    sum(() => sql`select b.bill_date as day, b.open_amount
                         + coalesce((select sum(p.amount) from supplier_payments p where p.bill_id = b.id), 0)
                         + coalesce((select sum(d.total) from supplier_debit_notes d where d.bill_id = b.id), 0) as v
                    from supplier_bills b where b.status in ('posted', 'partially_paid', 'paid')
                  union all
                  select greatest(p.date, b.bill_date), -p.amount from supplier_payments p join supplier_bills b on b.id = p.bill_id where b.status in ('posted', 'partially_paid', 'paid')
                  union all
                  select greatest(d.date, b.bill_date), -d.total from supplier_debit_notes d join supplier_bills b on b.id = d.bill_id where b.status in ('posted', 'partially_paid', 'paid')`)),
  m('ops.headcount', 'Headcount', PAYROLL, 'Payroll employees employed at the end of each period (joined on or before it, not yet left).', { unit: 'count', aggregation: 'stock', dimensions: ['costCenter'] },
    sum((f) => sql`select joined_on as day, 1::bigint as v from payroll_employees where true${byCostCenter(sql`cost_center`, f)}
                   union all
                   select (left_on + 1) as day, -1::bigint as v from payroll_employees where left_on is not null${byCostCenter(sql`cost_center`, f)}`)),
  m('ops.payroll_cost', 'Payroll cost', PAYROLL, 'Gross pay (basic, allowances, overtime, bonuses) plus the end-of-service gratuity accrued, of approved and paid payroll runs, on the last day of the month paid.',
    { unit: 'money', aggregation: 'flow', dimensions: ['costCenter'] },
    sum((f) => sql`select (to_date(r.period || '-01', 'YYYY-MM-DD') + interval '1 month' - interval '1 day')::date as day,
                          l.basic + l.allowances + l.overtime + l.bonus + l.gratuity_accrual as v
                     from payroll_lines l join payroll_runs r on r.id = l.run_id
                    where r.status in ('approved', 'paid')${byCostCenter(sql`l.cost_center`, f)}`)),
];

export const OPS_METRICS: MetricDef[] = DEFS.map(({ source: _source, ...def }) => def);
export const opsSource = (key: string): OpsSource | null => DEFS.find((d) => d.key === key)?.source ?? null;
