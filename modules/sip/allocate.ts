/**
 * Where an instalment goes: a pure function from the plan, the amount and the properties open for funding
 * (with what is left of each) to the purchases, the remainder that stays in the wallet, and one sentence
 * per decision. The run, the admin preview and the investor's setup preview all call it, so what is shown
 * is what happens. It takes the units it allocates out of `available`, so the next plan in the same run
 * sees a property fill up and spills to the next one.
 */
import { SHARE_SCALE, bpsToPercent, costOfUnits, unitsForAmount, unitsToShareString } from '@modules/properties/contract';
import { formatAed } from '@modules/platform/money';
import { MIN_INVESTMENT_FILS } from '@modules/platform/contract';
import { SIP_AUTOMATED_SPREAD, type SipMode } from './contract';

export type RiskKey = 'cautious' | 'balanced' | 'growth';

export type Candidate = {
  id: string;
  reference: string;
  title: string;
  city: string;
  propertyType: string;
  /** Price of one whole share, fils. */
  sharePrice: bigint;
  netYieldBps: number;
  appreciationBps: number;
  /** 'funding' or anything else (only 'funding' can be bought). */
  status: string;
  /** Taken out of automated allocation by an admin. */
  pausedForAutomated: boolean;
};

export type PlanForAllocation = {
  mode: SipMode;
  allocations: { propertyId: string; bps: number }[];
  preferences: { cities: string[]; propertyTypes: string[] };
  risk: RiskKey | null;
};

export type Purchase = { propertyId: string; units: bigint; principal: bigint };
export type Allocation = { purchases: Purchase[]; invested: bigint; unspent: bigint; explanation: string[] };

const aed = (fils: bigint) => formatAed(fils, { decimals: 'auto' });
const pct = (bps: number) => `${bpsToPercent(bps, 1)}%`;
const lower = (s: string) => s.trim().toLowerCase();

/** What a risk profile looks for first: income for the cautious, growth for growth, both for balanced. */
function riskMetric(c: Candidate, risk: RiskKey | null): number {
  if (risk === 'cautious') return c.netYieldBps;
  if (risk === 'growth') return c.appreciationBps;
  return c.netYieldBps + c.appreciationBps;
}

const riskWords: Record<RiskKey | 'none', string> = {
  cautious: 'the highest net rental yield, for your cautious profile',
  balanced: 'the best yield plus expected growth, for your balanced profile',
  growth: 'the highest expected growth, for your growth profile',
  none: 'the best yield plus expected growth',
};

/**
 * The properties an automated plan buys, best first: matches on the investor's cities and property types
 * first, then what the risk profile looks for, then the reference (so the order is stable).
 */
export function rankForAutomated(candidates: Candidate[], plan: Pick<PlanForAllocation, 'preferences' | 'risk'>, available: ReadonlyMap<string, bigint>): Candidate[] {
  const cities = new Set(plan.preferences.cities.map(lower));
  const types = new Set(plan.preferences.propertyTypes.map(lower));
  const score = (c: Candidate) => (cities.size && cities.has(lower(c.city)) ? 2 : 0) + (types.size && types.has(lower(c.propertyType)) ? 2 : 0);
  return candidates
    .filter((c) => c.status === 'funding' && !c.pausedForAutomated && (available.get(c.id) ?? 0n) > 0n)
    .sort((a, b) => score(b) - score(a) || riskMetric(b, plan.risk) - riskMetric(a, plan.risk) || a.reference.localeCompare(b.reference));
}

function whyAutomated(c: Candidate, plan: PlanForAllocation): string {
  const reasons: string[] = [];
  const cities = plan.preferences.cities.map(lower);
  const types = plan.preferences.propertyTypes.map(lower);
  if (cities.includes(lower(c.city))) reasons.push(`it is in ${c.city}`);
  if (types.includes(lower(c.propertyType))) reasons.push(`it is a ${c.propertyType}`);
  reasons.push(`it offers ${riskWords[plan.risk ?? 'none']} (net yield ${pct(c.netYieldBps)}, expected growth ${pct(c.appreciationBps)} a year)`);
  return reasons.join(', ');
}

/**
 * Allocates `amount` fils for one instalment. Slices: a manual plan's split, or an automated plan's even
 * split over up to SIP_AUTOMATED_SPREAD properties (each slice at least AED 200). A slice that a property
 * cannot take (closed, or fewer units left) spills to the next eligible property: the plan's other choices
 * first, then the automated ranking. What is below one unit of a share stays in the wallet.
 */
/** `minSlice`: the minimum investment in force on the day (the settings), so an automated split never buys less than it. */
export function allocate(amount: bigint, plan: PlanForAllocation, candidates: Candidate[], available: Map<string, bigint>, minSlice: bigint = MIN_INVESTMENT_FILS): Allocation {
  const byId = new Map(candidates.map((c) => [c.id, c]));
  const explanation: string[] = [];
  const bought = new Map<string, Purchase>();
  const ranked = rankForAutomated(candidates, plan, available);

  type Slice = { property: Candidate | null; propertyId: string; amount: bigint };
  const slices: Slice[] = [];
  if (plan.mode === 'manual') {
    let given = 0n;
    plan.allocations.forEach((a, i) => {
      const share = i === plan.allocations.length - 1 ? amount - given : (amount * BigInt(a.bps)) / 10_000n;
      given += share;
      slices.push({ property: byId.get(a.propertyId) ?? null, propertyId: a.propertyId, amount: share });
    });
  } else {
    const k = Math.max(1, Math.min(SIP_AUTOMATED_SPREAD, ranked.length, Number(amount / (minSlice > 0n ? minSlice : 1n))));
    const chosen = ranked.slice(0, k);
    if (chosen.length === 0) explanation.push('No property is open for automated allocation right now, so the amount stays in your wallet.');
    let given = 0n;
    chosen.forEach((c, i) => {
      const share = i === chosen.length - 1 ? amount - given : amount / BigInt(chosen.length);
      given += share;
      slices.push({ property: c, propertyId: c.id, amount: share });
      explanation.push(`${aed(share)} to ${c.title} (${c.reference}) because ${whyAutomated(c, plan)}.`);
    });
  }

  /** Buys what `money` can of `c`; returns what is left of `money`. */
  const buy = (c: Candidate, money: bigint): bigint => {
    const left = available.get(c.id) ?? 0n;
    if (c.status !== 'funding' || left <= 0n || money <= 0n) return money;
    let units = unitsForAmount(money, c.sharePrice);
    if (units > left) units = left;
    if (units <= 0n) return money;
    const principal = costOfUnits(units, c.sharePrice);
    available.set(c.id, left - units);
    const prev = bought.get(c.id);
    bought.set(c.id, { propertyId: c.id, units: (prev?.units ?? 0n) + units, principal: (prev?.principal ?? 0n) + principal });
    return money - principal;
  };
  /** Money a property could not take: to the plan's other choices, then the automated ranking. */
  const spill = (from: string, money: bigint): bigint => {
    const order = [
      ...(plan.mode === 'manual' ? plan.allocations.map((a) => byId.get(a.propertyId)).filter((c): c is Candidate => !!c && c.id !== from) : []),
      ...ranked.filter((c) => c.id !== from),
    ];
    const seen = new Set<string>();
    for (const c of order) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      if ((available.get(c.id) ?? 0n) <= 0n || c.status !== 'funding') continue;
      const rest = buy(c, money);
      if (rest < money) explanation.push(`${aed(money - rest)} went on to ${c.title} (${c.reference}).`);
      money = rest;
      // Less than one unit of the cheapest share is left: nothing more can be bought with it.
      if (unitsForAmount(money, c.sharePrice) === 0n) break;
    }
    return money;
  };

  let unspent = slices.length === 0 ? amount : 0n;
  for (const s of slices) {
    if (!s.property) {
      explanation.push(`The property ${s.propertyId} in your split no longer exists.`);
      unspent += spill(s.propertyId, s.amount);
      continue;
    }
    const c = s.property;
    if (plan.mode === 'manual') explanation.push(`${aed(s.amount)} to ${c.title} (${c.reference}), as your split says.`);
    const before = available.get(c.id) ?? 0n;
    const rest = buy(c, s.amount);
    const couldTake = c.status === 'funding' && before > 0n;
    if (rest > 0n && (!couldTake || unitsForAmount(rest, c.sharePrice) > 0n)) {
      explanation.push(
        c.status !== 'funding'
          ? `${c.title} is no longer open for funding.`
          : `${c.title} filled up: ${aed(rest)} could not be placed there.`,
      );
      unspent += spill(c.id, rest);
    } else unspent += rest;
  }

  const purchases = [...bought.values()];
  const invested = purchases.reduce((s, p) => s + p.principal, 0n);
  for (const p of purchases) {
    const c = byId.get(p.propertyId)!;
    explanation.push(`Bought ${unitsToShareString(p.units)} shares of ${c.title} for ${aed(p.principal)}.`);
  }
  if (unspent > 0n) explanation.push(`${aed(unspent)} is less than one unit of a share and stays in your wallet.`);
  return { purchases, invested, unspent, explanation };
}

export const UNITS_PER_SHARE = SHARE_SCALE;
