import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/client';
import { describeEachDb } from '@tests/helpers/db';
import { saveCells, saveCellsInput } from '@modules/budgets';
import { createBudget } from '@modules/budgets/budget-crud';
import { seedDemoInvesting } from '@modules/investing/seed';
import { ensureInvestorAccount } from '@modules/ledger/chart';
import { generalLedger, profitAndLoss, trialBalance } from '@modules/ledger';
import { ledgerTestDatabase, postSimple } from '@modules/ledger/test-helpers';
import { rows } from '@modules/ledger/sql';
import { payablesAging, seedPurchasing } from '@modules/purchasing';
import { agingReport, seedReceivables } from '@modules/receivables';
import { seedPayroll } from '@modules/payroll';
import { seedTax } from '@modules/tax';
import { todayInDubai } from '@modules/platform/dates';
import { ledgerHref, type Drill } from './contract';
import { seedDemoBudget } from './seed';
import { aumDashboard, budgetDashboard, cashDashboard, payrollDashboard, receivablesPayablesDashboard, revenueDashboard } from './index';

const FROM = '2020-01-01';
const TO = '2020-06-30';
const Q = { from: FROM, to: TO };
const MONTHS = ['2020-01', '2020-02', '2020-03', '2020-04', '2020-05', '2020-06'];

describeEachDb('ERP dashboards', (kind) => {
  let database: Database;
  const db = () => database.db;
  let clientAccount = '';
  let seeded = { cells: 0 };

  /** Net debit of the general ledger's lines for a drill-down: what the link shows adds up to the figure. */
  const ledgerNet = async (d: Drill) => {
    const gl = await generalLedger(db(), { account: d.account, from: d.from, to: d.to, costCenter: d.costCenter, property: d.property, limit: 1 });
    return BigInt(gl.totals.debit) - BigInt(gl.totals.credit);
  };

  beforeAll(async () => {
    database = await ledgerTestDatabase(kind);
    // A known half year, posted through the ledger: capital, client money, fees, services, rent and property
    // costs (the property vehicles'), payroll by cost center and office rent.
    await postSimple(db(), '2020-01-02', [['1110', 100_000_000, 0], ['3100', 0, 100_000_000]], 'Share capital');
    const investor = await ensureInvestorAccount(db(), { userId: randomUUID(), unicode: 'MZT0001', name: 'Dashboard Investor' });
    clientAccount = investor.code;
    await postSimple(db(), '2020-01-03', [['1120', 50_000_000, 0], [investor.code, 0, 50_000_000]], 'Investor deposit');
    for (const m of MONTHS) {
      await postSimple(db(), `${m}-10`, [['1110', 1_500_000, 0], ['4130', 0, 1_000_000], ['4110', 0, 500_000]], 'Fees');
      await postSimple(db(), `${m}-11`, [['1140', 2_000_000, 0], ['4200', 0, 2_000_000, { property: 'MZ-T-001' }]], 'Rent');
      await postSimple(db(), `${m}-12`, [['5120', 400_000, 0, { property: 'MZ-T-001' }], ['1140', 0, 400_000]], 'Maintenance');
      await postSimple(db(), `${m}-25`, [['6110', 3_000_000, 0, { costCenter: 'OPS' }], ['6120', 1_000_000, 0, { costCenter: 'TECH' }], ['1110', 0, 4_000_000]], 'Payroll');
      await postSimple(db(), `${m}-28`, [['6210', 700_000, 0], ['1110', 0, 700_000]], 'Office rent');
    }
    await postSimple(db(), '2020-03-15', [['1110', 300_000, 0], ['4300', 0, 300_000]], 'Furnishing service');
    // A budget for 2020 through the budgets service: payroll under, fees over.
    await createBudget(db(), { fiscalYear: 2020 }, null);
    await saveCells(db(), 2020, saveCellsInput.parse({ cells: MONTHS.flatMap((month) => [{ accountCode: '6110', month, amount: 2_500_000 }, { accountCode: '4130', month, amount: 1_200_000 }]) }), null);
    // The demo's operational books, through the modules' own services (dated around today).
    await seedDemoInvesting(db());
    await seedTax(db());
    await seedReceivables(db());
    await seedPurchasing(db());
    await seedPayroll(db());
    seeded = await seedDemoBudget(db());
  }, 300_000);
  afterAll(async () => database.close());

  describe('a known half year', () => {
    it('cash: balances per account and holder, month ends, burn and runway in hundredths', async () => {
      const cash = await cashDashboard(db(), Q);
      const by = Object.fromEntries(cash.accounts.map((a) => [a.accountCode, a]));
      // 100,000,000 + 6 × 1,500,000 + 300,000 − 6 × 4,700,000
      expect(by['1110']).toMatchObject({ holder: 'operator', balance: '81100000', drill: { account: '1110', from: FROM, to: TO } });
      expect(by['1120']).toMatchObject({ holder: 'clients', balance: '50000000' });
      expect(by['1140']).toMatchObject({ holder: 'properties', balance: '9600000' });
      expect(cash.operatorCash.amount).toBe('81100000');
      expect(cash.clientMoney).toEqual({ amount: '50000000', drill: { account: '1120', from: FROM, to: TO } });
      expect(cash.totalCash.amount).toBe('140700000');
      // Each figure is what its ledger lines add up to.
      for (const a of cash.accounts) expect(await ledgerNet(a.drill)).toBe(BigInt(a.balance));
      expect(await ledgerNet(cash.totalCash.drill)).toBe(140_700_000n);
      expect(cash.series.map((s) => s.month)).toEqual(MONTHS);
      expect(cash.series[0]).toEqual({ month: '2020-01', date: '2020-01-31', operator: String(100_000_000 + 1_500_000 - 4_700_000), clients: '50000000', properties: '1600000' });
      expect(cash.series.at(-1)).toMatchObject({ date: TO, operator: '81100000', properties: '9600000' });
      expect(cash.burn.find((b) => b.month === '2020-03')).toMatchObject({ income: '1800000', expenses: '4700000', burn: '2900000' });
      expect(cash.burn.find((b) => b.month === '2020-06')).toMatchObject({ income: '1500000', expenses: '4700000', burn: '3200000' });
      // 81,100,000 ÷ 3,200,000 = 25.34375 → 2534; ÷ 3,150,000 = 25.746… → 2575.
      expect(cash.runway3).toEqual({ averageBurn: '3200000', months: 3, runwayHundredths: '2534', reason: null });
      expect(cash.runway6).toEqual({ averageBurn: '3150000', months: 6, runwayHundredths: '2575', reason: null });
      const tb = await trialBalance(db(), Q);
      const cashTb = tb.rows.filter((r) => /^11/.test(r.accountCode)).reduce((s, r) => s + BigInt(r.debit) - BigInt(r.credit), 0n);
      expect(BigInt(cash.totalCash.amount)).toBe(cashTb);
    });

    it('revenue: streams named by their accounts, equal to the profit and loss, month by month', async () => {
      const rev = await revenueDashboard(db(), Q);
      const s = Object.fromEntries(rev.streams.map((x) => [x.key, x]));
      expect(s['transaction-charges']).toMatchObject({ label: 'Transaction charges', accounts: ['4130'], total: '6000000', previous: '0', drill: { account: '4130', from: FROM, to: TO } });
      expect(s['platform-fee']).toMatchObject({ accounts: ['4110'], total: '3000000' });
      expect(s['services']).toMatchObject({ accounts: ['4300'], total: '300000' });
      expect(s['rent']).toMatchObject({ accounts: ['4200'], total: '12000000' });
      expect(s['exit-and-other-fees']).toMatchObject({ accounts: ['4140'], total: '0' });
      expect(rev.previous).toEqual({ from: '2019-07-01', to: '2019-12-31' });
      const pl = await profitAndLoss(db(), Q);
      expect(rev.total.amount).toBe(pl.income.total);
      expect(rev.streams.reduce((t, x) => t + BigInt(x.total), 0n)).toBe(BigInt(pl.income.total));
      expect(rev.total.amount).toBe('21300000');
      const march = rev.months.find((m) => m.month === '2020-03')!;
      expect(march.amounts).toMatchObject({ 'transaction-charges': '1000000', services: '300000', rent: '2000000' });
      for (const x of rev.streams) {
        expect(rev.months.reduce((t, m) => t + BigInt(m.amounts[x.key]), 0n)).toBe(BigInt(x.total));
        if (!x.drill.accounts) expect(-(await ledgerNet(x.drill))).toBe(BigInt(x.total));
      }
    });

    it('payroll: by account, cost center and month from the ledger, each drill-down adds up', async () => {
      const pay = await payrollDashboard(db(), Q);
      expect(pay.total).toEqual({ amount: '24000000', drill: { account: '6100', from: FROM, to: TO } });
      expect(pay.byCostCenter.map((c) => [c.costCenter, c.amount])).toEqual([['OPS', '18000000'], ['TECH', '6000000']]);
      expect(pay.byCostCenter[0].drill).toEqual({ account: '6100', from: FROM, to: TO, costCenter: 'OPS' });
      expect(ledgerHref(pay.byCostCenter[0].drill)).toBe('/admin/financial/ledger?account=6100&from=2020-01-01&to=2020-06-30&costCenter=OPS');
      for (const c of pay.byCostCenter) expect(await ledgerNet(c.drill)).toBe(BigInt(c.amount));
      expect(pay.months.map((m) => m.amount)).toEqual(MONTHS.map(() => '4000000'));
      expect(pay.months[1]).toMatchObject({ byCostCenter: { OPS: '3000000', TECH: '1000000' }, drill: { account: '6100', from: '2020-02-01', to: '2020-02-29' } });
      expect(pay.byAccount.find((a) => a.accountCode === '6110')?.amount).toBe('18000000');
      const [n] = await rows<{ n: number }>(db(), sql`select count(*)::int as n from payroll_employees where joined_on <= ${TO} and (left_on is null or left_on >= ${TO})`);
      expect(pay.headcount.active).toBe(n.n);
    });

    it('budget against actual: the budgets report with drill-downs', async () => {
      const b = await budgetDashboard(db(), Q);
      const row = (code: string) => b.rows.find((r) => r.accountCode === code)!;
      expect(row('6110')).toMatchObject({ budget: '15000000', actual: '18000000', variance: '3000000', variancePercent: '20.0', favourable: false, drill: { account: '6110', from: FROM, to: TO } });
      expect(row('4130')).toMatchObject({ budget: '7200000', actual: '6000000', variance: '-1200000', favourable: false });
      expect(b.budgets).toEqual([{ fiscalYear: 2020, name: 'FY2020' }]);
      expect(b.months).toHaveLength(6);
      expect(await ledgerNet(row('6110').drill)).toBe(18_000_000n);
    });

    it('assets under management before anyone invested is nothing, and client money is the ledger’s', async () => {
      const aum = await aumDashboard(db(), Q);
      expect(aum).toMatchObject({ value: '0', investors: 0, properties: [], clientMoney: { amount: '50000000', drill: { account: '2100' } } });
      expect(-(await ledgerNet(aum.clientMoney.drill))).toBe(50_000_000n);
      expect(clientAccount).toMatch(/^2100-/);
    });
  });

  describe('the demo books, posted by their modules (last 12 months)', () => {

    it('receivables and payables equal the agings and the control accounts', async () => {
      const today = todayInDubai();
      const rp = await receivablesPayablesDashboard(db(), {}, today);
      const [ar, ap] = await Promise.all([agingReport(db(), today), payablesAging(db(), today)]);
      expect(rp.asOf).toBe(today);
      expect(rp.receivables.buckets).toEqual(ar.totals);
      expect(rp.payables.buckets).toEqual(ap.totals);
      expect(BigInt(rp.receivables.buckets.total)).toBeGreaterThan(0n);
      expect(rp.receivables.ledger.amount).toBe(ar.totals.total);
      expect(await ledgerNet(rp.receivables.ledger.drill)).toBe(BigInt(rp.receivables.ledger.amount));
      expect(-(await ledgerNet(rp.payables.ledger.drill))).toBe(BigInt(rp.payables.ledger.amount));
      expect(rp.receivables.top.length).toBeLessThanOrEqual(5);
      expect(rp.receivables.top[0]?.total).toBe(ar.customers[0]?.total);
      expect(rp.receivables.dsoDays).not.toBeNull();
    });

    it('assets under management equal the holdings at their valuations; payroll equals the payroll journal', async () => {
      const aum = await aumDashboard(db(), {});
      const [h] = await rows<{ v: string; n: number }>(
        db(),
        sql`select coalesce(sum(div(t.u * p.valuation, p.total_shares)), 0)::text as v, (select count(distinct user_id)::int from holdings where units > 0) as n
              from (select property_id, sum(units) as u from holdings where units > 0 group by property_id) t join properties p on p.id = t.property_id`,
      );
      expect(BigInt(aum.value)).toBeGreaterThan(0n);
      expect(aum.value).toBe(h.v);
      expect(aum.investors).toBe(h.n);
      expect(aum.series.at(-1)).toMatchObject({ value: aum.value, investors: aum.investors });
      expect(aum.properties.reduce((s, p) => s + BigInt(p.value), 0n)).toBe(BigInt(aum.value));

      const pay = await payrollDashboard(db(), {});
      const pl = await profitAndLoss(db(), { from: pay.period.from, to: pay.period.to });
      expect(pay.total.amount).toBe(pl.expenses.rows.find((r) => r.accountCode === '6100')?.amount ?? '0');
      expect(BigInt(pay.total.amount)).toBeGreaterThan(0n);
      expect(pay.months.reduce((s, m) => s + BigInt(m.amount), 0n)).toBe(BigInt(pay.total.amount));
      expect(pay.byCostCenter.reduce((s, m) => s + BigInt(m.amount), 0n)).toBe(BigInt(pay.total.amount));
      for (const c of pay.byCostCenter.filter((x) => x.costCenter)) expect(await ledgerNet(c.drill)).toBeGreaterThanOrEqual(BigInt(c.amount));
      expect(pay.headcount.active).toBeGreaterThan(0);
    });

    it('the demo budget: this year, from the last three months, once; the dashboard holds it against the ledger', async () => {
      const today = todayInDubai();
      const year = Number(today.slice(0, 4));
      expect(seeded.cells).toBeGreaterThan(0);
      expect(seeded.cells % 12).toBe(0);
      expect(await seedDemoBudget(db())).toEqual({ cells: 0 });
      const b = await budgetDashboard(db(), { from: `${year}-01-01`, to: today });
      expect(b.budgets.map((x) => x.fiscalYear)).toEqual([year]);
      const salaries = b.rows.find((r) => r.accountCode === '6110');
      expect(BigInt(salaries?.budget ?? '0')).toBeGreaterThan(0n);
      const pl = await profitAndLoss(db(), { from: `${year}-01-01`, to: today });
      expect(b.totals.expense.actual).toBe(pl.expenses.total);
      for (const r of b.rows.filter((x) => x.accountType === 'expense').slice(0, 3)) expect(await ledgerNet(r.drill)).toBe(BigInt(r.actual));
    });

    it('cash and revenue over the default period agree with the trial balance and the profit and loss', async () => {
      const today = todayInDubai();
      const cash = await cashDashboard(db(), {}, today);
      expect(cash.period.months).toHaveLength(12);
      expect(cash.period.to).toBe(today);
      const tb = await trialBalance(db(), { from: cash.period.from, to: cash.period.to });
      for (const a of cash.accounts) {
        const r = tb.rows.find((x) => x.accountCode === a.accountCode);
        expect(a.balance).toBe(r ? (BigInt(r.debit) - BigInt(r.credit)).toString() : '0');
      }
      expect(cash.series.at(-1)!.operator).toBe(cash.operatorCash.amount);
      const rev = await revenueDashboard(db(), {});
      const pl = await profitAndLoss(db(), { from: rev.period.from, to: rev.period.to });
      expect(rev.streams.reduce((t, x) => t + BigInt(x.total), 0n)).toBe(BigInt(pl.income.total));
      expect(rev.streams.reduce((t, x) => t + BigInt(x.previous), 0n)).toBe(BigInt(pl.income.comparisonTotal));
    });
  });
});
