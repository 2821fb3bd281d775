/**
 * What a plan has earned: what it invested, what those shares are worth at the latest valuations, the
 * rental income paid on them, and the annualised return (XIRR) over the real dates of the cash flows.
 * Income and value change are kept apart, so an investor sees which part is rent and which is price.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { daysBetween, todayInDubai } from '@modules/platform/dates';
import { big, q } from '@modules/wallet';
import type { SipReturnsJson } from './contract';

/** XIRR needs at least this much history: annualising a few days' change says nothing. */
export const XIRR_MIN_DAYS = 30;

export type CashFlow = { date: string; amount: number };

/**
 * The annual rate r with Σ amount / (1 + r)^(days/365) = 0 (Newton's method, bisection when it strays).
 * Amounts: negative paid in, positive paid out or held. Null when there is no sign change or no root.
 */
export function xirr(flows: CashFlow[]): number | null {
  if (flows.length < 2 || !flows.some((f) => f.amount < 0) || !flows.some((f) => f.amount > 0)) return null;
  const t0 = flows.reduce((m, f) => (f.date < m ? f.date : m), flows[0].date);
  const years = flows.map((f) => daysBetween(t0, f.date) / 365);
  const npv = (r: number) => flows.reduce((s, f, i) => s + f.amount / Math.pow(1 + r, years[i]), 0);
  const dnpv = (r: number) => flows.reduce((s, f, i) => s - (years[i] * f.amount) / Math.pow(1 + r, years[i] + 1), 0);
  let r = 0.1;
  for (let i = 0; i < 50; i++) {
    const v = npv(r);
    const d = dnpv(r);
    if (!Number.isFinite(v) || !Number.isFinite(d) || d === 0) break;
    const next = r - v / d;
    if (Math.abs(next - r) < 1e-10) return next > -1 ? next : null;
    r = next <= -0.999 ? (r - 0.999) / 2 : next;
  }
  // Bisection between -99.9% and +1,000%.
  let lo = -0.999;
  let hi = 10;
  if (npv(lo) * npv(hi) > 0) return null;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (npv(lo) * npv(mid) <= 0) hi = mid;
    else lo = mid;
  }
  return (lo + hi) / 2;
}

const bps = (r: number | null) => (r === null || !Number.isFinite(r) ? null : Math.round(r * 10_000));

type Flow = { plan_id: string; date: string; invested: string };
type Value = { plan_id: string; value: string };

/** Returns per plan of an investor (and the total over them), as of today. */
export async function planReturns(db: Db, userId: string, now = new Date()): Promise<{ byPlan: Map<string, SipReturnsJson>; total: SipReturnsJson }> {
  const today = todayInDubai(now);
  const [flows, values] = await Promise.all([
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
  ]);
  const valueOf = new Map(values.map((v) => [v.plan_id, big(v.value)]));
  const byPlanFlows = new Map<string, Flow[]>();
  for (const f of flows) byPlanFlows.set(f.plan_id, [...(byPlanFlows.get(f.plan_id) ?? []), f]);
  // Rental income is paid per holding; until distributions name the plan, a plan's share of it is 0.
  const income = 0n;

  const summarise = (list: Flow[], value: bigint): SipReturnsJson => {
    const invested = list.reduce((s, f) => s + big(f.invested), 0n);
    const first = list[0]?.date;
    const enough = first !== undefined && daysBetween(first, today) >= XIRR_MIN_DAYS;
    const cash = list.map((f) => ({ date: f.date, amount: -Number(big(f.invested)) }));
    return {
      invested: invested.toString(),
      currentValue: value.toString(),
      income: income.toString(),
      valueChange: (value - invested).toString(),
      xirrBps: enough ? bps(xirr([...cash, { date: today, amount: Number(value + income) }])) : null,
      incomeXirrBps: enough ? bps(xirr([...cash, { date: today, amount: Number(invested + income) }])) : null,
    };
  };
  const byPlan = new Map<string, SipReturnsJson>();
  for (const [planId, list] of byPlanFlows) byPlan.set(planId, summarise(list, valueOf.get(planId) ?? 0n));
  const totalValue = [...valueOf.values()].reduce((s, v) => s + v, 0n);
  return { byPlan, total: summarise(flows, totalValue) };
}

export const emptyReturns = (): SipReturnsJson => ({ invested: '0', currentValue: '0', income: '0', valueChange: '0', xirrBps: null, incomeXirrBps: null });
