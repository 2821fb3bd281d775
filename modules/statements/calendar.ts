/**
 * The income calendar: rental distributions paid to the investor in each of the last 12 months (this one
 * included), per property, and what the next 6 months are expected to bring — the units held today times the
 * property's last paid distribution per unit, or, before its first distribution, an estimate from the
 * property's annual rent less service charges and maintenance, a twelfth a month, less the reserve.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { addMonths, monthStart, todayInDubai } from '@modules/platform/dates';
import { formatAed } from '@modules/platform/money';
import { bpsToPercent, SHARE_SCALE, unitsToShareString } from '@modules/properties/contract';
import { big, q } from '@modules/wallet';
import type { CalendarMonthJson, ExpectedBasisJson, IncomeCalendarJson } from './contract';
import { loadActivity } from './activity';
import { loadProperties, type PropertyFacts } from './properties';
import { tally } from './returns';

export const PAID_MONTHS = 12;
export const EXPECTED_MONTHS = 6;

type LastRun = { property_id: string; period: string; amount: string; units: string };

/** What `units` of `p` are expected to earn a month, and how that was worked out. */
export function expectedBasis(p: PropertyFacts, units: bigint, last: LastRun | undefined): ExpectedBasisJson {
  const base = { propertyId: p.id, title: p.title, units: units.toString() };
  const shares = unitsToShareString(units);
  if (p.status !== 'funded') {
    const why = p.status === 'exited' || p.status === 'closed' ? 'The property has been sold: no further income is expected.' : 'Rental income starts once the property is funded and let.';
    return { ...base, method: 'none', perMonth: '0', explanation: why };
  }
  if (last && big(last.units) > 0n) {
    const runUnits = big(last.units);
    const runAmount = big(last.amount);
    const perMonth = (units * runAmount) / runUnits;
    const perShare = (runAmount * SHARE_SCALE) / runUnits;
    return {
      ...base,
      method: 'last_distribution',
      perMonth: perMonth.toString(),
      explanation: `Your ${shares} shares × the last distribution (${last.period}: ${formatAed(perShare)} a share). Rent and costs change month to month, so this is a guide, not a promise.`,
    };
  }
  const net = p.annualRent - p.serviceCharges - p.maintenanceCosts;
  const keep = BigInt(10_000 - p.reserveBps);
  const perMonth = net > 0n && p.totalUnits > 0n ? (net * units * keep) / (12n * p.totalUnits * 10_000n) : 0n;
  return {
    ...base,
    method: 'estimate',
    perMonth: perMonth.toString(),
    explanation:
      `Estimated before the first distribution: annual rent ${formatAed(p.annualRent)} less service charges ${formatAed(p.serviceCharges)} and maintenance ${formatAed(p.maintenanceCosts)}, ` +
      `a twelfth a month, your ${shares} of ${unitsToShareString(p.totalUnits)} shares, less the ${bpsToPercent(p.reserveBps)}% reserve. Vacancies and repairs can make it lower.`,
  };
}

export async function incomeCalendar(db: Db, userId: string, now = new Date()): Promise<IncomeCalendarJson> {
  const today = todayInDubai(now);
  const current = monthStart(today);
  const activity = await loadActivity(db, userId);
  const ids = [...activity.acquisitions.map((a) => a.propertyId), ...activity.distributions.map((d) => d.propertyId)];
  const props = await loadProperties(db, ids);
  const { byProperty } = tally(activity, props);

  const paidMonths = Array.from({ length: PAID_MONTHS }, (_, i) => addMonths(current, i - (PAID_MONTHS - 1)).slice(0, 7));
  const paid = new Map<string, Map<string, bigint>>(paidMonths.map((m) => [m, new Map()]));
  for (const d of activity.distributions) {
    const month = paid.get(d.date.slice(0, 7));
    if (month) month.set(d.propertyId, (month.get(d.propertyId) ?? 0n) + d.amount);
  }

  const heldIds = [...byProperty].filter(([id, t]) => t.units > 0n && props.has(id)).map(([id]) => id);
  const lastRuns = heldIds.length
    ? await q<LastRun>(
        db,
        sql`select distinct on (property_id) property_id, period, amount::text, units::text from distribution_runs
             where status = 'paid' and paid_at is not null and property_id in (${sql.join(
               heldIds.map((id) => sql`${id}::uuid`),
               sql`, `,
             )})
             order by property_id, paid_at desc, number desc`,
      )
    : [];
  const lastOf = new Map(lastRuns.map((r) => [r.property_id, r]));
  const basis = heldIds
    .map((id) => expectedBasis(props.get(id)!, byProperty.get(id)!.units, lastOf.get(id)))
    .sort((a, b) => (big(b.perMonth) !== big(a.perMonth) ? (big(b.perMonth) > big(a.perMonth) ? 1 : -1) : a.title.localeCompare(b.title)));

  const titleOf = (id: string) => props.get(id)?.title ?? 'A property';
  const months: CalendarMonthJson[] = paidMonths.map((period) => {
    const byProp = [...paid.get(period)!].map(([propertyId, amount]) => ({ propertyId, title: titleOf(propertyId), amount: amount.toString() }));
    return { period, kind: 'paid', total: byProp.reduce((s, x) => s + big(x.amount), 0n).toString(), byProperty: byProp };
  });
  const expected = basis.filter((b) => big(b.perMonth) > 0n);
  const perMonthTotal = expected.reduce((s, b) => s + big(b.perMonth), 0n);
  for (let i = 1; i <= EXPECTED_MONTHS; i++) {
    months.push({
      period: addMonths(current, i).slice(0, 7),
      kind: 'expected',
      total: perMonthTotal.toString(),
      byProperty: expected.map((b) => ({ propertyId: b.propertyId, title: b.title, amount: b.perMonth })),
    });
  }
  const paidTotal = months.filter((m) => m.kind === 'paid').reduce((s, m) => s + big(m.total), 0n);
  return { asOf: today, months, basis, paidTotal: paidTotal.toString(), expectedTotal: (perMonthTotal * BigInt(EXPECTED_MONTHS)).toString() };
}
