/**
 * An investor's returns per holding and for the portfolio, as of today: what went in (purchases with their
 * fees), what came back (sale proceeds, rental distributions), what platform fees cost, what is held now at
 * the latest valuations, and the annualised return (XIRR) over the real dates of all of it. Every figure is
 * bigint fils; the percentages and XIRR are computed from them at the end.
 */
import type { Db } from '@db/client';
import { daysBetween, todayInDubai } from '@modules/platform/dates';
import { divideHalfEven } from '@modules/platform/money';
import { rateToBps, xirr, XIRR_MIN_DAYS, type CashFlow } from '@modules/platform/xirr';
import type { HoldingReturnsJson, ReturnsFiguresJson, ReturnsJson, XirrReason } from './contract';
import { loadActivity, platformFeesByProperty, type Activity } from './activity';
import { loadProperties, valueOf, type PropertyFacts } from './properties';

type Dated = { date: string; amount: bigint };

/** The money of one holding (or of all of them): signed flows from the investor's side. */
type Tally = {
  invested: bigint;
  units: bigint;
  saleProceeds: bigint;
  income: bigint;
  purchaseFees: bigint;
  saleFees: bigint;
  platformFees: bigint;
  currentValue: bigint;
  /** Negative: paid in; positive: received. */
  flows: Dated[];
};

const emptyTally = (): Tally => ({ invested: 0n, units: 0n, saleProceeds: 0n, income: 0n, purchaseFees: 0n, saleFees: 0n, platformFees: 0n, currentValue: 0n, flows: [] });

/** part / whole as basis points, half-even; null when nothing was invested. */
export const bpsOf = (part: bigint, whole: bigint): number | null => (whole > 0n ? Number(divideHalfEven(part * 10_000n, whole)) : null);

/** XIRR of the flows with today's value as the last one, or why there is none. */
export function xirrOf(flows: Dated[], value: bigint, today: string): { xirrBps: number | null; xirrReason: XirrReason | null; since: string | null } {
  const paidIn = flows.filter((f) => f.amount < 0n);
  if (paidIn.length === 0) return { xirrBps: null, xirrReason: 'no_investment', since: null };
  const since = flows.reduce((m, f) => (f.date < m ? f.date : m), flows[0].date);
  if (daysBetween(since, today) < XIRR_MIN_DAYS) return { xirrBps: null, xirrReason: 'too_recent', since };
  const cash: CashFlow[] = flows.map((f) => ({ date: f.date, amount: Number(f.amount) }));
  if (value > 0n) cash.push({ date: today, amount: Number(value) });
  const bps = rateToBps(xirr(cash));
  return bps === null ? { xirrBps: null, xirrReason: 'no_solution', since } : { xirrBps: bps, xirrReason: null, since };
}

function figures(t: Tally, today: string): ReturnsFiguresJson {
  const valueChange = t.currentValue + t.saleProceeds - t.invested;
  const totalReturn = valueChange + t.income - t.platformFees;
  return {
    invested: t.invested.toString(),
    currentValue: t.currentValue.toString(),
    saleProceeds: t.saleProceeds.toString(),
    income: t.income.toString(),
    feesPaid: {
      purchase: t.purchaseFees.toString(),
      sale: t.saleFees.toString(),
      platform: t.platformFees.toString(),
      total: (t.purchaseFees + t.saleFees + t.platformFees).toString(),
    },
    valueChange: valueChange.toString(),
    totalReturn: totalReturn.toString(),
    incomeReturnBps: bpsOf(t.income, t.invested),
    valueChangeBps: bpsOf(valueChange, t.invested),
    totalReturnBps: bpsOf(totalReturn, t.invested),
    ...xirrOf(t.flows, t.currentValue, today),
  };
}

/** Tallies per property and for the whole portfolio from the activity (cancelled purchases count for nothing). */
export function tally(activity: Activity, props: Map<string, PropertyFacts>): { byProperty: Map<string, Tally>; portfolio: Tally } {
  const byProperty = new Map<string, Tally>();
  const portfolio = emptyTally();
  const of = (id: string) => {
    let t = byProperty.get(id);
    if (!t) byProperty.set(id, (t = emptyTally()));
    return t;
  };
  const both = (id: string, fn: (t: Tally) => void) => {
    fn(of(id));
    fn(portfolio);
  };
  for (const a of activity.acquisitions) {
    if (a.cancelledOn) continue;
    both(a.propertyId, (t) => {
      t.invested += a.total;
      t.units += a.units;
      t.purchaseFees += a.fee + a.vat;
      t.flows.push({ date: a.date, amount: -a.total });
    });
  }
  for (const s of activity.sales) {
    both(s.propertyId, (t) => {
      t.units -= s.units;
      t.saleProceeds += s.net;
      t.saleFees += s.earlyExitFee + s.performanceFee + s.vat;
      t.flows.push({ date: s.date, amount: s.net });
    });
  }
  for (const d of activity.distributions) {
    both(d.propertyId, (t) => {
      t.income += d.amount;
      t.flows.push({ date: d.date, amount: d.amount });
    });
  }
  // Platform fees: per property by the accruals of the charge paid; the portfolio counts every payment.
  for (const f of platformFeesByProperty(activity.platformPayments)) {
    const t = of(f.propertyId);
    t.platformFees += f.amount;
    t.flows.push({ date: f.date, amount: -f.amount });
  }
  for (const p of activity.platformPayments) {
    portfolio.platformFees += p.amount;
    portfolio.flows.push({ date: p.date, amount: -p.amount });
  }
  for (const [id, t] of byProperty) {
    const p = props.get(id);
    t.currentValue = p && t.units > 0n ? valueOf(p, t.units) : 0n;
    portfolio.currentValue += t.currentValue;
  }
  return { byProperty, portfolio };
}

export async function investorReturns(db: Db, userId: string, now = new Date()): Promise<ReturnsJson> {
  const today = todayInDubai(now);
  const activity = await loadActivity(db, userId);
  const ids = [...activity.acquisitions.map((a) => a.propertyId), ...activity.sales.map((s) => s.propertyId), ...activity.distributions.map((d) => d.propertyId)];
  const props = await loadProperties(db, ids);
  const { byProperty, portfolio } = tally(activity, props);
  const holdings: HoldingReturnsJson[] = [];
  for (const [id, t] of byProperty) {
    const p = props.get(id);
    if (!p) continue;
    // Only cancelled purchases and nothing else: not a holding.
    if (t.invested === 0n && t.income === 0n && t.saleProceeds === 0n) continue;
    holdings.push({
      property: { id: p.id, reference: p.reference, slug: p.slug, title: p.title, status: p.status },
      units: (t.units > 0n ? t.units : 0n).toString(),
      held: t.units > 0n,
      ...figures(t, today),
    });
  }
  holdings.sort((a, b) => (a.held !== b.held ? (a.held ? -1 : 1) : BigInt(a.currentValue) !== BigInt(b.currentValue) ? (BigInt(a.currentValue) > BigInt(b.currentValue) ? -1 : 1) : a.property.title.localeCompare(b.property.title)));
  return { asOf: today, portfolio: figures(portfolio, today), holdings };
}
