/**
 * Assets under management: what investors hold, valued as their portfolios are (units × the property's valuation
 * on that day ÷ all its units; before any recorded valuation, at the price investors paid), month end by month end.
 * Units over time come from the investing module's unit history (the same one distributions and fees read).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { unitChanges } from '@modules/investing';
import { LEDGER_ACCOUNTS, trialBalance } from '@modules/ledger';
import { SHARE_SCALE } from '@modules/properties/contract';
import { monthEnd } from '@modules/platform/dates';
import { big, q } from '@modules/wallet';
import type { AumDashboardJson, AumPropertyJson, PeriodQuery } from './contract';
import { resolvePeriod } from './period';

type PropertyRow = { id: string; reference: string; title: string; total_shares: string; share_price: string; valuation: string; valued_on: string | null };

/** The property's valuation in force on `date`, fils. */
export function valuationOn(p: PropertyRow, history: { valued_on: string; valuation: string }[], date: string): bigint {
  let found: bigint | null = null;
  for (const v of history) if (v.valued_on <= date) found = big(v.valuation);
  // The valuation on the property itself counts from its date (always, when undated), unless history holds a newer one by then.
  if (!p.valued_on) return big(p.valuation);
  const latestHistory = history.filter((v) => v.valued_on <= date).at(-1);
  if (p.valued_on <= date && (!latestHistory || latestHistory.valued_on <= p.valued_on)) return big(p.valuation);
  if (found !== null) return found;
  return (big(p.share_price) * big(p.total_shares)) / SHARE_SCALE;
}

export async function aumDashboard(db: Db, query: PeriodQuery, today?: string): Promise<AumDashboardJson> {
  const { from, to, months } = resolvePeriod(query, today);
  const [changes, props, history, tb] = await Promise.all([
    unitChanges(db, { through: to }),
    q<PropertyRow>(db, sql`select id::text, reference, title, total_shares::text, share_price::text, valuation::text, valued_on::text from properties`),
    q<{ property_id: string; valued_on: string; valuation: string }>(db, sql`select property_id::text, valued_on::text, valuation::text from property_valuations order by valued_on`),
    trialBalance(db, { from, to }),
  ]);
  const propById = new Map(props.map((p) => [p.id, p]));
  const historyOf = new Map<string, { valued_on: string; valuation: string }[]>();
  for (const h of history) historyOf.set(h.property_id, [...(historyOf.get(h.property_id) ?? []), h]);

  const held = new Map<string, Map<string, bigint>>(); // property → user → units
  let i = 0;
  const advance = (date: string) => {
    for (; i < changes.length && changes[i].date <= date; i++) {
      const c = changes[i];
      const users = held.get(c.propertyId) ?? new Map<string, bigint>();
      users.set(c.userId, (users.get(c.userId) ?? 0n) + c.delta);
      held.set(c.propertyId, users);
    }
  };
  const valueAt = (date: string) => {
    let value = 0n;
    const investors = new Set<string>();
    const perProperty = new Map<string, { units: bigint; investors: number; value: bigint }>();
    for (const [propertyId, users] of held) {
      const p = propById.get(propertyId);
      let units = 0n;
      let count = 0;
      for (const [user, u] of users) {
        if (u <= 0n) continue;
        units += u;
        count += 1;
        investors.add(user);
      }
      if (!p || units === 0n) continue;
      const total = big(p.total_shares);
      const v = total > 0n ? (units * valuationOn(p, historyOf.get(propertyId) ?? [], date)) / total : 0n;
      value += v;
      perProperty.set(propertyId, { units, investors: count, value: v });
    }
    return { value, investors: investors.size, perProperty };
  };

  const series = months.map((month) => {
    const end = monthEnd(`${month}-01`);
    const date = end < to ? end : to;
    advance(date);
    const at = valueAt(date);
    return { month, date, value: at.value.toString(), investors: at.investors };
  });
  advance(to);
  const now = valueAt(to);
  const properties: AumPropertyJson[] = [...now.perProperty]
    .map(([id, f]) => {
      const p = propById.get(id)!;
      return {
        propertyId: id,
        reference: p.reference,
        title: p.title,
        units: f.units.toString(),
        totalUnits: p.total_shares,
        investors: f.investors,
        value: f.value.toString(),
        drill: { account: LEDGER_ACCOUNTS.propertyHoldings, from, to, property: p.reference },
      };
    })
    .sort((a, b) => (BigInt(b.value) > BigInt(a.value) ? 1 : BigInt(b.value) < BigInt(a.value) ? -1 : a.title.localeCompare(b.title)));
  const clientMoney = tb.rows.filter((r) => r.accountCode.startsWith(`${LEDGER_ACCOUNTS.investorClientMoney}-`) || r.accountCode === LEDGER_ACCOUNTS.investorClientMoney)
    .reduce((s, r) => s + BigInt(r.credit) - BigInt(r.debit), 0n);
  return {
    period: { from, to, months },
    asOf: to,
    value: now.value.toString(),
    investors: now.investors,
    clientMoney: { amount: clientMoney.toString(), drill: { account: LEDGER_ACCOUNTS.investorClientMoney, from, to } },
    properties,
    series,
  };
}
