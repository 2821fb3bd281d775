/**
 * An investor's account statement for a month or a year: the wallet's opening and closing balance and what
 * moved it, distributions received, fees by kind, purchases and sales, realised gains (sales: net proceeds
 * less their first-in-first-out cost) and unrealised gains (holdings at the period's end at the valuation in
 * force that day, less the FIFO cost of the units left), in AED with the chosen display currency's rate.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { endOfDubaiDay, startOfDubaiDay } from '@modules/platform/dates';
import { convertMinor, CURRENCIES, divideHalfEven, minorToDecimal, type CurrencyCode } from '@modules/platform/money';
import { remainingLots } from '@modules/exchange';
import { big, q, walletTransactionKindLabels, type WalletTransactionKind } from '@modules/wallet';
import type { FeeKind, StatementJson } from './contract';
import { loadActivity, type Activity } from './activity';
import { loadProperties, valuationAt, valueOf } from './properties';
import type { StatementPeriod } from './periods';

/** How many units of the display currency one dirham buys at the platform's reference rates, 4 places: USD → "0.2725". */
export function perAed(code: CurrencyCode): string {
  return minorToDecimal(divideHalfEven(convertMinor(1_000_000n, 'AED', code), 100n), 4);
}

export function displayCurrency(code: CurrencyCode): StatementJson['displayCurrency'] {
  if (code === 'AED') return { code, perAed: '1.0000', note: 'All amounts are in UAE dirhams (AED).' };
  const rate = CURRENCIES[code].exchangeRate;
  return {
    code,
    perAed: perAed(code),
    note: `${code} amounts are shown for reference, converted at Manzil's reference rates (1 USD = ${CURRENCIES.AED.exchangeRate} AED${code === 'USD' ? '' : ` = ${rate} ${code}`}; AED 1 = ${code} ${perAed(code)}), rounded half to even. AED is the currency of record.`,
  };
}

const within = (date: string, p: StatementPeriod) => date >= p.from && date <= p.to;

/** Units, FIFO cost and value of each property held at the end of `date`. */
export function holdingsAt(activity: Activity, date: string) {
  const byProperty = new Map<string, { acquired: { acquiredOn: string; units: bigint; cost: bigint }[]; sold: bigint }>();
  const of = (id: string) => {
    let h = byProperty.get(id);
    if (!h) byProperty.set(id, (h = { acquired: [], sold: 0n }));
    return h;
  };
  // Acquisitions come oldest first (purchases before exchange buys on a day), as the exchange takes its lots.
  for (const a of activity.acquisitions) {
    if (a.date > date || (a.cancelledOn && a.cancelledOn <= date)) continue;
    of(a.propertyId).acquired.push({ acquiredOn: a.date, units: a.units, cost: a.cost });
  }
  for (const s of activity.sales) if (s.date <= date) of(s.propertyId).sold += s.units;
  const out = new Map<string, { units: bigint; cost: bigint }>();
  for (const [id, h] of byProperty) {
    const lots = remainingLots(h.acquired, h.sold);
    const units = lots.reduce((s, l) => s + l.units, 0n);
    if (units > 0n) out.set(id, { units, cost: lots.reduce((s, l) => s + l.cost, 0n) });
  }
  return out;
}

export async function buildStatement(db: Db, userId: string, p: StatementPeriod, currency: CurrencyCode, now = new Date()): Promise<StatementJson> {
  const start = startOfDubaiDay(p.from).toISOString();
  const end = endOfDubaiDay(p.to).toISOString();
  const [[user], [balances], kinds, activity] = await Promise.all([
    q<{ first_name: string; last_name: string; email: string; unicode: string }>(db, sql`select first_name, last_name, email, unicode from users where id = ${userId}`),
    q<{ opening: string; closing: string }>(
      db,
      sql`select coalesce(sum(amount) filter (where created_at < ${start}::timestamptz), 0)::text as opening,
                 coalesce(sum(amount) filter (where created_at < ${end}::timestamptz), 0)::text as closing
            from wallet_transactions where user_id = ${userId}`,
    ),
    q<{ kind: WalletTransactionKind; amount: string }>(
      db,
      sql`select kind, sum(amount)::text as amount from wallet_transactions
           where user_id = ${userId} and created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz
           group by kind order by kind`,
    ),
    loadActivity(db, userId),
  ]);
  const heldAtEnd = holdingsAt(activity, p.to);
  const props = await loadProperties(db, [...activity.acquisitions.map((a) => a.propertyId), ...activity.sales.map((s) => s.propertyId), ...activity.distributions.map((d) => d.propertyId)]);
  const titleOf = (id: string) => props.get(id)?.title ?? 'A property';

  const distributions = activity.distributions.filter((d) => within(d.date, p));
  const purchases = activity.acquisitions.filter((a) => within(a.date, p));
  const cancelledHere = activity.acquisitions.filter((a) => a.cancelledOn && within(a.cancelledOn, p));
  const sales = activity.sales.filter((s) => within(s.date, p));
  const charges = activity.platformCharges.filter((c) => within(c.date, p));
  const deposits = activity.depositCharges.filter((d) => within(d.date, p));
  const cancelledBy = (a: { cancelledOn: string | null }) => a.cancelledOn !== null && a.cancelledOn <= p.to;
  const sum = <T>(list: T[], f: (x: T) => bigint) => list.reduce((s, x) => s + f(x), 0n);

  // Fees charged in the period by kind; a purchase cancelled in the period gives its fee and VAT back.
  const byKind: Record<FeeKind, bigint> = {
    transaction: sum(deposits, (d) => d.charge) + sum(purchases, (a) => a.fee) - sum(cancelledHere, (a) => a.fee),
    platform: sum(charges, (c) => c.fee),
    earlyExit: sum(sales, (s) => s.earlyExitFee),
    performance: sum(sales, (s) => s.performanceFee),
    vat: sum(deposits, (d) => d.vat) + sum(purchases, (a) => a.vat) - sum(cancelledHere, (a) => a.vat) + sum(sales, (s) => s.vat) + sum(charges, (c) => c.vat),
  };
  const chargedToEnd = activity.platformCharges.filter((c) => c.date <= p.to);
  const owed = sum(chargedToEnd, (c) => c.fee + c.vat - c.paid) - sum(activity.platformCollections.filter((c) => c.date <= p.to), (c) => c.amount);

  const holdings: StatementJson['holdings'] = [];
  for (const [id, h] of heldAtEnd) {
    const prop = props.get(id);
    if (!prop) continue;
    const v = valuationAt(prop, p.to);
    const value = valueOf(prop, h.units, v.valuation);
    holdings.push({ propertyId: id, reference: prop.reference, title: prop.title, units: h.units.toString(), cost: h.cost.toString(), valuation: v.valuation.toString(), valuedOn: v.on, value: value.toString(), gain: (value - h.cost).toString() });
  }
  holdings.sort((a, b) => a.title.localeCompare(b.title));
  const holdingsValue = sum(holdings, (h) => big(h.value));
  const holdingsCost = sum(holdings, (h) => big(h.cost));
  const realised = sum(sales, (s) => s.net - s.cost);

  return {
    kind: p.kind,
    period: p.period,
    from: p.from,
    to: p.to,
    complete: p.complete,
    generatedAt: now.toISOString(),
    investor: { name: `${user?.first_name ?? ''} ${user?.last_name ?? ''}`.trim(), email: user?.email ?? '', unicode: user?.unicode ?? '' },
    displayCurrency: displayCurrency(currency),
    wallet: {
      opening: big(balances?.opening).toString(),
      closing: big(balances?.closing).toString(),
      byKind: kinds.map((k) => ({ kind: k.kind, label: walletTransactionKindLabels[k.kind] ?? k.kind, amount: k.amount })),
    },
    distributions: {
      items: distributions.map((d) => ({
        paidOn: d.date,
        number: d.number,
        propertyTitle: titleOf(d.propertyId),
        period: d.period,
        units: d.units.toString(),
        amount: d.amount.toString(),
        feeNetted: d.feeNetted.toString(),
        net: (d.amount - d.feeNetted).toString(),
        reinvested: d.reinvested.toString(),
      })),
      total: sum(distributions, (d) => d.amount).toString(),
      feeNetted: sum(distributions, (d) => d.feeNetted).toString(),
      net: sum(distributions, (d) => d.amount - d.feeNetted).toString(),
    },
    fees: {
      byKind: Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, v.toString()])) as Record<FeeKind, string>,
      total: Object.values(byKind)
        .reduce((s, v) => s + v, 0n)
        .toString(),
      platformOwedAtEnd: (owed > 0n ? owed : 0n).toString(),
    },
    purchases: purchases.map((a) => ({
      date: a.date,
      reference: a.reference,
      propertyTitle: titleOf(a.propertyId),
      units: a.units.toString(),
      amount: a.cost.toString(),
      fees: (a.fee + a.vat).toString(),
      total: a.total.toString(),
      status: a.kind === 'exchange' ? 'bought' : cancelledBy(a) ? 'cancelled' : 'active',
    })),
    sales: sales.map((s) => ({
      date: s.date,
      reference: s.reference,
      propertyTitle: titleOf(s.propertyId),
      venue: s.venue,
      units: s.units.toString(),
      gross: s.gross.toString(),
      fees: (s.earlyExitFee + s.performanceFee + s.vat).toString(),
      net: s.net.toString(),
      cost: s.cost.toString(),
      gain: (s.net - s.cost).toString(),
    })),
    gains: { realised: realised.toString(), unrealised: (holdingsValue - holdingsCost).toString() },
    holdings,
    totals: {
      purchases: sum(purchases, (a) => (cancelledBy(a) ? 0n : a.total)).toString(),
      sales: sum(sales, (s) => s.net).toString(),
      holdingsValue: holdingsValue.toString(),
      holdingsCost: holdingsCost.toString(),
    },
  };
}
