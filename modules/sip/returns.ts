/**
 * What a plan has earned: what it invested, what those shares are worth at the latest valuations, the
 * rental income paid on them (their pro-rata share of each paid distribution), and the annualised return (XIRR) over the real dates of the cash flows.
 * Income and value change are kept apart, so an investor sees which part is rent and which is price.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { daysBetween, todayInDubai } from '@modules/platform/dates';
import { rateToBps, xirr, XIRR_MIN_DAYS } from '@modules/platform/xirr';
import { big, q } from '@modules/wallet';
import type { SipReturnsJson } from './contract';

export { xirr, XIRR_MIN_DAYS, type CashFlow } from '@modules/platform/xirr';

const bps = rateToBps;

type Flow = { plan_id: string; date: string; invested: string };
type Value = { plan_id: string; value: string };
type Paid = { plan_id: string; paid_on: string; line_units: string; amount: string; plan_units: string };
type Income = { date: string; amount: bigint };

/**
 * Each plan's share of the rental distributions paid to the investor: for every paid line, the units the
 * plan's purchases held of that property at the run's record date (capped at the line's units), pro rata,
 * rounded down to the fil. Dated when the run was paid.
 */
async function planIncome(db: Db, userId: string): Promise<Map<string, Income[]>> {
  const rows = await q<Paid>(
    db,
    sql`select i.plan_id, (r.paid_at + interval '4 hours')::date::text as paid_on, l.units::text as line_units, l.amount::text as amount,
               sum(v.units)::text as plan_units
          from distribution_lines l
          join distribution_runs r on r.id = l.run_id and r.status = 'paid' and r.paid_at is not null
          join investments v on v.user_id = l.user_id and v.property_id = r.property_id and v.sip_instalment_id is not null
               and (v.created_at + interval '4 hours')::date <= r.record_date
               and (v.status = 'active' or (v.cancelled_at + interval '4 hours')::date > r.record_date)
          join sip_instalments i on i.id = v.sip_instalment_id
         where l.user_id = ${userId}
         group by i.plan_id, r.id, r.paid_at, l.units, l.amount
         order by paid_on`,
  );
  const out = new Map<string, Income[]>();
  for (const r of rows) {
    const lineUnits = big(r.line_units);
    const planUnits = big(r.plan_units) < lineUnits ? big(r.plan_units) : lineUnits;
    if (lineUnits <= 0n || planUnits <= 0n) continue;
    const amount = (big(r.amount) * planUnits) / lineUnits;
    if (amount > 0n) out.set(r.plan_id, [...(out.get(r.plan_id) ?? []), { date: r.paid_on, amount }]);
  }
  return out;
}

/** Returns per plan of an investor (and the total over them), as of today. */
export async function planReturns(db: Db, userId: string, now = new Date()): Promise<{ byPlan: Map<string, SipReturnsJson>; total: SipReturnsJson }> {
  const today = todayInDubai(now);
  const [flows, values, incomeByPlan] = await Promise.all([
    q<Flow>(db, sql`select plan_id, due_date::text as date, invested::text from sip_instalments where user_id = ${userId} and status = 'collected' and invested > 0 order by due_date`),
    q<Value>(
      db,
      sql`select i.plan_id, coalesce(sum(v.units * p.valuation / nullif(p.total_shares, 0)), 0)::bigint::text as value
            from sip_instalments i
            join investments v on v.sip_instalment_id = i.id and v.status = 'active'
            join properties p on p.id = v.property_id
           where i.user_id = ${userId} and i.status = 'collected'
           group by i.plan_id`,
    ),
    planIncome(db, userId),
  ]);
  const valueOf = new Map(values.map((v) => [v.plan_id, big(v.value)]));
  const byPlanFlows = new Map<string, Flow[]>();
  for (const f of flows) byPlanFlows.set(f.plan_id, [...(byPlanFlows.get(f.plan_id) ?? []), f]);

  const summarise = (list: Flow[], value: bigint, paid: Income[]): SipReturnsJson => {
    const invested = list.reduce((s, f) => s + big(f.invested), 0n);
    const income = paid.reduce((s, p) => s + p.amount, 0n);
    const first = list[0]?.date;
    const enough = first !== undefined && daysBetween(first, today) >= XIRR_MIN_DAYS;
    // Paid in: negative on the collection dates; rent: positive on the dates it was paid; what is held: today.
    const cash = [...list.map((f) => ({ date: f.date, amount: -Number(big(f.invested)) })), ...paid.map((p) => ({ date: p.date, amount: Number(p.amount) }))];
    return {
      invested: invested.toString(),
      currentValue: value.toString(),
      income: income.toString(),
      valueChange: (value - invested).toString(),
      xirrBps: enough ? bps(xirr([...cash, { date: today, amount: Number(value) }])) : null,
      incomeXirrBps: enough ? bps(xirr([...cash, { date: today, amount: Number(invested) }])) : null,
    };
  };
  const byPlan = new Map<string, SipReturnsJson>();
  for (const [planId, list] of byPlanFlows) byPlan.set(planId, summarise(list, valueOf.get(planId) ?? 0n, incomeByPlan.get(planId) ?? []));
  const totalValue = [...valueOf.values()].reduce((s, v) => s + v, 0n);
  const allIncome = [...incomeByPlan.values()].flat().sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { byPlan, total: summarise(flows, totalValue, allIncome) };
}

export const emptyReturns = (): SipReturnsJson => ({ invested: '0', currentValue: '0', income: '0', valueChange: '0', xirrBps: null, incomeXirrBps: null });
