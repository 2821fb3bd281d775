import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database, Db } from '@db/client';
import { sqlRows } from '@api/list';
import { describeEachDb } from '@tests/helpers/db';
import { generalLedger, profitAndLoss, trialBalance } from '@modules/ledger';
import { agingReport } from '@modules/receivables';
import { payablesAging } from '@modules/purchasing/payables';
import { addDays, addMonths, monthStart, todayInDubai } from '@modules/platform/dates';
import { getMetric, listMetrics, metricSeries, type Series } from './index';
import { seededWorld } from './test-world';
import { resolvePeriod, seriesRouteQuery } from './dashboard-contract';
import { getDashboard } from './dashboards';
import { OPERATOR_OVERVIEW, seedDashboards } from './seed';
import { seriesForWidget } from './series-route';

const big = (s: string | undefined) => BigInt(s ?? '0');
const values = (s: Series) => s.points.map((p) => p.value);

describeEachDb('metric catalogue and series', (kind) => {
  let database: Database;
  let db: Db;
  const today = todayInDubai();
  const from = addMonths(monthStart(today), -11);
  beforeAll(async () => {
    database = await seededWorld(kind);
    db = database.db;
  }, 300_000);
  afterAll(() => database?.close());

  it('lists every account and type and the operational metrics, without investor sub-accounts', async () => {
    const metrics = await listMetrics(db);
    const keys = new Set(metrics.map((m) => m.key));
    expect(keys.size).toBe(metrics.length);
    for (const k of ['ledger.account.1110', 'ledger.account.1000', 'ledger.account.2100', 'ledger.group.asset', 'ledger.group.expense', 'ops.signups', 'ops.aum', 'ops.payroll_cost', 'ops.open_bills']) expect(keys.has(k)).toBe(true);
    const [{ n }] = await sqlRows<{ n: number }>(db, sql`select count(*)::int as n from ledger_accounts where ref is null or parent_id <> (select id from ledger_accounts where code = '2100')`);
    expect(metrics.filter((m) => m.key.startsWith('ledger.account.')).length).toBe(n);
    expect(await getMetric(db, 'ledger.account.1110')).toMatchObject({ unit: 'money', aggregation: 'stock', ledgerAccount: '1110', dimensions: ['costCenter', 'property'] });
    expect(await getMetric(db, 'ledger.group.income')).toMatchObject({ aggregation: 'flow' });
    expect(await getMetric(db, 'ledger.account.9999')).toBeNull();
    expect(await getMetric(db, 'ops.nope')).toBeNull();
  });

  it('gives a balance-sheet account its trial balance at every bucket end', async () => {
    for (const code of ['1110', '1120', '1330', '2100', '1810', '1000']) {
      const s = await metricSeries(db, { metric: `ledger.account.${code}`, from, to: today, bucket: 'month' });
      expect(s.points.length).toBe(12);
      for (const p of s.points.filter((_, i) => i % 4 === 3 || i === 11)) {
        const gl = await generalLedger(db, { account: code, from: p.start, to: p.end, limit: 1 });
        const credit = code.startsWith('2');
        expect(p.value, `${code} at ${p.end}`).toBe(credit ? -big(gl.closingBalance) : big(gl.closingBalance));
      }
      const tb = await trialBalance(db, { from, to: today });
      const row = tb.rows.find((r) => r.accountCode === code);
      if (row) expect(s.total).toBe(code.startsWith('2') ? big(row.credit) - big(row.debit) : big(row.debit) - big(row.credit));
    }
  });

  it('gives income and expenses the profit and loss figures, and filters by property and cost center', async () => {
    const pl = await profitAndLoss(db, { from, to: today });
    const income = await metricSeries(db, { metric: 'ledger.group.income', from, to: today, bucket: 'quarter' });
    expect(income.total).toBe(big(pl.income.total));
    expect(income.total).not.toBe(0n);
    expect(values(income).reduce((a, b) => a + b, 0n)).toBe(income.total);
    const expenses = await metricSeries(db, { metric: 'ledger.group.expense', from, to: today, bucket: 'month' });
    expect(expenses.total).toBe(big(pl.expenses.total));

    const [cc] = await sqlRows<{ code: string }>(db, sql`select c.code from ledger_balances b join ledger_cost_centers c on c.id = b.cost_center_id join ledger_accounts a on a.id = b.account_id where a.type = 'expense' group by c.code order by count(*) desc limit 1`);
    expect(cc).toBeDefined();
    const byCc = await metricSeries(db, { metric: 'ledger.group.expense', from, to: today, bucket: 'month', costCenterId: cc!.code });
    expect(byCc.total).toBe(big((await profitAndLoss(db, { from, to: today, costCenter: cc!.code })).expenses.total));
    expect(byCc.total < expenses.total).toBe(true);

    const [prop] = await sqlRows<{ id: string; reference: string }>(db, sql`select p.id, p.reference from ledger_balances b join properties p on p.reference = b.property group by p.id, p.reference order by count(*) desc limit 1`);
    expect(prop).toBeDefined();
    for (const metric of ['ledger.group.income', 'ledger.group.asset', 'ledger.account.1140']) {
      const filtered = await metricSeries(db, { metric, from, to: today, bucket: 'month', propertyId: prop!.id });
      const byRef = await metricSeries(db, { metric, from, to: today, bucket: 'month', propertyId: prop!.reference });
      expect(values(byRef)).toEqual(values(filtered));
      const gl = await generalLedger(db, metric === 'ledger.account.1140' ? { account: '1140', from, to: today, property: prop!.reference, limit: 1 } : { from, to: today, property: prop!.reference, limit: 1 });
      if (metric === 'ledger.account.1140') expect(filtered.total).toBe(big(gl.closingBalance));
    }
  });

  it('covers from..to with contiguous, zero-filled buckets clipped to the range', async () => {
    const s = await metricSeries(db, { metric: 'ops.signups', from: '2025-02-05', to: '2025-05-14', bucket: 'week' });
    expect(s.points[0]).toMatchObject({ start: '2025-02-05', end: '2025-02-09' });
    expect(s.points.at(-1)).toMatchObject({ start: '2025-05-12', end: '2025-05-14' });
    for (let i = 1; i < s.points.length; i++) expect(s.points[i]!.start).toBe(addDays(s.points[i - 1]!.end, 1));
    expect(s.points.every((p) => p.value === 0n)).toBe(true);
    const q = await metricSeries(db, { metric: 'ledger.account.1110', from: '2025-11-15', to: '2026-02-10', bucket: 'quarter' });
    expect(q.points.map((p) => [p.start, p.end])).toEqual([['2025-11-15', '2025-12-31'], ['2026-01-01', '2026-02-10']]);
    const d = await metricSeries(db, { metric: 'ops.deposits', from: today, to: today, bucket: 'day' });
    expect(d.points).toHaveLength(1);
  });

  it('counts the operational metrics as the tables do', async () => {
    const range = { from: '2020-01-01', to: today, bucket: 'quarter' as const };
    const direct = async (query: ReturnType<typeof sql>) => big((await sqlRows<{ v: string }>(db, query))[0]?.v);
    const cases: [string, ReturnType<typeof sql>][] = [
      ['ops.signups', sql`select count(*)::text as v from users where role = 'investor'`],
      ['ops.deposits', sql`select coalesce(sum(amount), 0)::text as v from wallet_deposits where status = 'confirmed'`],
      ['ops.withdrawals', sql`select coalesce(sum(amount), 0)::text as v from wallet_withdrawals where status = 'paid'`],
      ['ops.investments', sql`select coalesce(sum(principal), 0)::text as v from investments where status = 'active'`],
      ['ops.sip_collections', sql`select coalesce(sum(amount), 0)::text as v from sip_instalments where status = 'collected'`],
      ['ops.sip_failures', sql`select count(*)::text as v from sip_instalments where status = 'failed'`],
      ['ops.distributions', sql`select coalesce(sum(amount), 0)::text as v from distribution_runs where status = 'paid'`],
      ['ops.exchange_volume', sql`select coalesce(sum(gross), 0)::text as v from exchange_trades`],
      ['ops.kyc_approvals', sql`select count(*)::text as v from kyc_status_history where to_status = 'approved'`],
      ['ops.payroll_cost', sql`select coalesce(sum(gross + gratuity_accrual), 0)::text as v from payroll_runs where status in ('approved', 'paid')`],
      ['ops.headcount', sql`select count(*)::text as v from payroll_employees where joined_on <= ${today}::date and (left_on is null or left_on >= ${today}::date)`],
    ];
    for (const [metric, query] of cases) expect((await metricSeries(db, { metric, ...range })).total, metric).toBe(await direct(query));
    expect((await metricSeries(db, { metric: 'ops.investments', ...range })).total).toBeGreaterThan(0n);

    const [p] = await sqlRows<{ property_id: string; v: string }>(db, sql`select property_id, sum(principal)::text as v from investments where status = 'active' group by 1 order by 2 desc limit 1`);
    expect((await metricSeries(db, { metric: 'ops.investments', ...range, propertyId: p!.property_id })).total).toBe(big(p!.v));
    const [cc] = await sqlRows<{ cost_center: string; n: string }>(db, sql`select cost_center, count(*)::text as n from payroll_employees where left_on is null group by 1 order by 2 desc limit 1`);
    expect((await metricSeries(db, { metric: 'ops.headcount', ...range, costCenterId: cc!.cost_center })).total).toBe(big(cc!.n));
  });

  it('values AUM like the holdings, and open invoices and bills like the agings', async () => {
    const aum = await metricSeries(db, { metric: 'ops.aum', from, to: today, bucket: 'month' });
    const holdings = await direct(db);
    expect(aum.total).toBeGreaterThan(0n);
    expect(aum.total).toBe(holdings);
    const inv = await metricSeries(db, { metric: 'ops.open_invoices', from, to: today, bucket: 'month' });
    const bills = await metricSeries(db, { metric: 'ops.open_bills', from, to: today, bucket: 'month' });
    expect(inv.total).toBeGreaterThan(0n);
    for (const [i, p] of inv.points.entries()) {
      expect(p.value, `invoices at ${p.end}`).toBe(big((await agingReport(db, p.end)).totals.total));
      expect(bills.points[i]!.value, `bills at ${p.end}`).toBe(big((await payablesAging(db, p.end)).totals.total));
    }
    const y = await metricSeries(db, { metric: 'ops.distribution_yield', from, to: today, bucket: 'month' });
    const paid = await metricSeries(db, { metric: 'ops.distributions', from, to: today, bucket: 'month' });
    for (const [i, pt] of y.points.entries()) {
      const a = aum.points[i]!.value;
      const days = BigInt((Date.parse(pt.end) - Date.parse(pt.start)) / 86_400_000 + 1);
      const expected = a > 0n ? (paid.points[i]!.value * 10_000n * 365n * 2n + a * days) / (2n * a * days) : 0n;
      expect(pt.value).toBe(expected);
    }
  });

  it('seeds the shared operator overview once, and every widget of it draws real figures', async () => {
    expect(await seedDashboards(db)).toEqual({ created: 1 });
    expect(await seedDashboards(db)).toEqual({ created: 0 });
    const [row] = await sqlRows<{ id: string; owner_id: string; shared_with_all: boolean }>(db, sql`select id, owner_id, shared_with_all from dashboards where name = ${OPERATOR_OVERVIEW}`);
    expect(row!.shared_with_all).toBe(true);
    const d = await getDashboard(db, row!.owner_id, row!.id);
    expect(d.widgets.map((w) => w.metric)).toEqual(['ledger.account.1110', 'ledger.account.4110', 'ops.aum', 'ledger.group.expense']);
    for (const w of d.widgets) {
      const q = seriesRouteQuery.parse({ metric: w.metric, ...resolvePeriod(w.period, today), bucket: w.bucket, comparison: w.comparison, ...(w.breakdown ? { breakdown: w.breakdown } : {}) });
      const r = await seriesForWidget(db, q);
      if (w.metric === 'ops.aum') expect(BigInt(r.series.total)).toBeGreaterThan(0n);
      if (w.comparison !== 'none') expect(r.comparison).not.toBeNull();
      if (w.breakdown) expect(r.breakdown!.length).toBeGreaterThan(0);
    }
  });

  it('refuses unknown metrics, bad ranges and unsupported filters with 4xx', async () => {
    const fail = async (q: Parameters<typeof metricSeries>[1]) => metricSeries(db, q).then(() => null, (e: { status?: number; code?: string }) => ({ status: e.status, code: e.code }));
    expect(await fail({ metric: 'ops.nope', from, to: today, bucket: 'month' })).toEqual({ status: 404, code: 'not_found' });
    expect(await fail({ metric: 'ops.signups', from: today, to: from, bucket: 'month' })).toEqual({ status: 400, code: 'invalid_range' });
    expect(await fail({ metric: 'ops.signups', from: '2026-02-30', to: today, bucket: 'month' })).toEqual({ status: 400, code: 'invalid_range' });
    expect(await fail({ metric: 'ops.signups', from: '2000-01-01', to: today, bucket: 'day' })).toEqual({ status: 400, code: 'invalid_range' });
    expect(await fail({ metric: 'ops.signups', from, to: today, bucket: 'year' as never })).toEqual({ status: 400, code: 'validation_failed' });
    expect(await fail({ metric: 'ops.signups', from, to: today, bucket: 'month', propertyId: 'x' })).toEqual({ status: 400, code: 'validation_failed' });
    expect(await fail({ metric: 'ops.aum', from, to: today, bucket: 'month', propertyId: 'no-such-property' })).toEqual({ status: 404, code: 'property_not_found' });
    expect(await fail({ metric: 'ledger.group.asset', from, to: today, bucket: 'month', costCenterId: 'NOPE' })).toEqual({ status: 404, code: 'cost_center_not_found' });
  });
});

/** Σ units × latest valuation ÷ total shares over today's holdings, independently of the unit history. */
async function direct(db: Db): Promise<bigint> {
  const rows = await sqlRows<{ units: string; valuation: string; total: string }>(
    db,
    sql`select sum(h.units)::text as units, p.valuation::text as valuation, p.total_shares::text as total
          from holdings h join properties p on p.id = h.property_id where h.units > 0 group by p.id, p.valuation, p.total_shares`,
  );
  return rows.reduce((s, r) => s + (big(r.units) * big(r.valuation)) / big(r.total), 0n);
}
