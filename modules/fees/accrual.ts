/**
 * The platform fee's arithmetic, pure and browser-safe (decision 016). Each day a holding accrues
 *   value × 50 × 10^6 ÷ (10,000 × days in the year)   micro-fils, half-even,
 * where value = the latest valuation on or before the day × units ÷ the property's total units (kept exact:
 * the division happens once, inside the half-even rounding). A charge sums the days of its window per
 * investor and property, adds the carry of the previous charge, rounds half-even to the fil once, and
 * carries the signed remainder into the next charge. VAT is 5% of the fee, half-even.
 *
 * Days with the same units, valuation and year accrue the same amount, so a window is walked in such
 * segments (count × the day's accrual), which equals summing day by day exactly.
 */
import { addDays, daysBetween } from '@modules/platform/dates';
import { divideHalfEven } from '@modules/platform/money';
import { FEE_VAT_BPS, MICRO_PER_FIL, PLATFORM_FEE_BPS } from './contract';

const BPS = 10_000n;

export const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
/** 366 in leap years, else 365 (of the year `date` falls in). */
export const daysInYear = (date: string) => (isLeapYear(Number(date.slice(0, 4))) ? 366 : 365);

/** One day's accrual on a value in fils (micro-fils, half-even). */
export function dailyAccrualMicro(valueFils: bigint, date: string, bps: number = PLATFORM_FEE_BPS): bigint {
  return divideHalfEven(valueFils * BigInt(bps) * MICRO_PER_FIL, BPS * BigInt(daysInYear(date)));
}

/** One day's accrual on `units` of a property valued at `valuation` with `totalUnits` units: the value kept exact. */
export function holdingAccrualMicro(valuation: bigint, units: bigint, totalUnits: bigint, date: string, bps: number = PLATFORM_FEE_BPS): bigint {
  if (units <= 0n || valuation <= 0n || totalUnits <= 0n) return 0n;
  return divideHalfEven(valuation * units * BigInt(bps) * MICRO_PER_FIL, totalUnits * BPS * BigInt(daysInYear(date)));
}

/** fee = carryIn + accrued rounded half-even to the fil; carryOut is what is left (signed, |carryOut| ≤ ½ fil). */
export function settleCharge(carryInMicro: bigint, accruedMicro: bigint): { fee: bigint; carryOutMicro: bigint } {
  const total = carryInMicro + accruedMicro;
  const fee = divideHalfEven(total, MICRO_PER_FIL);
  return { fee, carryOutMicro: total - fee * MICRO_PER_FIL };
}

/** VAT 5% on the fee, half-even. */
export const vatOn = (fee: bigint) => divideHalfEven(fee * BigInt(FEE_VAT_BPS), BPS);

// ── A window of holdings ─────────────────────────────────────────────────────────────────────────

export type PropertyHolding = {
  propertyId: string;
  reference: string;
  title: string;
  totalUnits: bigint;
  /** The valuation used before the first entry of `valuations` (properties.valuation). */
  fallbackValuation: bigint;
  /** Valuation history, oldest first: the one in force on a day is the latest with `on` ≤ that day. */
  valuations: { on: string; valuation: bigint }[];
  /** Dated unit changes, oldest first (a day's units are the sum of changes up to and including it). */
  changes: { date: string; delta: bigint }[];
};

export type PropertyAccrual = {
  propertyId: string;
  reference: string;
  title: string;
  /** Days of the window with units held. */
  days: number;
  /** Average value over those days, fils (half-even). */
  averageValue: bigint;
  /** Σ daily value over the window, micro-fil days (for the investor's average). */
  valueDaysMicro: bigint;
  accruedMicro: bigint;
};

export type WindowAccrual = {
  fromDate: string;
  through: string;
  /** Days in the window (through − from + 1). */
  days: number;
  /** Average value of all holdings over the window's days, fils. */
  averageValue: bigint;
  accruedMicro: bigint;
  properties: PropertyAccrual[];
  /** The rates in force over the window, in order (one unless the fee changed inside it), basis points a year. */
  rates: number[];
};

const valuationOn = (h: PropertyHolding, date: string) => {
  let v = h.fallbackValuation;
  for (const x of h.valuations) {
    if (x.on > date) break;
    v = x.valuation;
  }
  return v;
};

/** The platform fee's rate over time (modules/settings rateSchedule): each entry from its date until the next. */
export type FeeRateSchedule = { from: string; bps: number }[];
/** The default alone, for a database whose fee was never changed (and for tests of the arithmetic). */
export const DEFAULT_FEE_RATES: FeeRateSchedule = [{ from: '0001-01-01', bps: PLATFORM_FEE_BPS }];

/** The rate in force on `date`. */
export function rateOn(rates: FeeRateSchedule, date: string): number {
  let bps = rates[0]?.bps ?? PLATFORM_FEE_BPS;
  for (const r of rates) if (r.from <= date) bps = r.bps;
  return bps;
}

/** The rates in force over [from, through], in order, each once in a row (for the explanation). */
export function ratesIn(rates: FeeRateSchedule, from: string, through: string): number[] {
  const out = [rateOn(rates, from)];
  for (const r of rates) if (r.from > from && r.from <= through && r.bps !== out[out.length - 1]) out.push(r.bps);
  return out;
}

/** One property's accrual over [from, through] (inclusive), each day at the rate in force that day. */
export function accrueProperty(h: PropertyHolding, from: string, through: string, rates: FeeRateSchedule = DEFAULT_FEE_RATES): PropertyAccrual {
  const out: PropertyAccrual = { propertyId: h.propertyId, reference: h.reference, title: h.title, days: 0, averageValue: 0n, valueDaysMicro: 0n, accruedMicro: 0n };
  if (through < from) return out;
  // Segment starts: the window's first day, each change, each new valuation and each 1 January inside it.
  const starts = new Set<string>([from]);
  for (const c of h.changes) if (c.date > from && c.date <= through) starts.add(c.date);
  for (const v of h.valuations) if (v.on > from && v.on <= through) starts.add(v.on);
  for (let y = Number(from.slice(0, 4)) + 1; y <= Number(through.slice(0, 4)); y++) starts.add(`${y}-01-01`);
  for (const r of rates) if (r.from > from && r.from <= through) starts.add(r.from);
  const ordered = [...starts].sort();

  let units = 0n;
  let next = 0;
  let valueUnitDays = 0n; // Σ days × valuation × units (÷ totalUnits gives fils × days)
  for (let i = 0; i < ordered.length; i++) {
    const start = ordered[i]!;
    const end = i + 1 < ordered.length ? addDays(ordered[i + 1]!, -1) : through;
    while (next < h.changes.length && h.changes[next]!.date <= start) units += h.changes[next++]!.delta;
    if (units <= 0n) continue;
    const n = BigInt(daysBetween(start, end) + 1);
    const valuation = valuationOn(h, start);
    out.days += Number(n);
    valueUnitDays += n * valuation * units;
    out.accruedMicro += n * holdingAccrualMicro(valuation, units, h.totalUnits, start, rateOn(rates, start));
  }
  if (out.days > 0 && h.totalUnits > 0n) {
    out.valueDaysMicro = divideHalfEven(valueUnitDays * MICRO_PER_FIL, h.totalUnits);
    out.averageValue = divideHalfEven(valueUnitDays, h.totalUnits * BigInt(out.days));
  }
  return out;
}

/** An investor's accrual over [from, through] across their properties (properties with no held day left out). */
export function accrueWindow(holdings: PropertyHolding[], from: string, through: string, rates: FeeRateSchedule = DEFAULT_FEE_RATES): WindowAccrual {
  const days = through < from ? 0 : daysBetween(from, through) + 1;
  const properties = holdings.map((h) => accrueProperty(h, from, through, rates)).filter((p) => p.days > 0);
  const accruedMicro = properties.reduce((s, p) => s + p.accruedMicro, 0n);
  const valueDaysMicro = properties.reduce((s, p) => s + p.valueDaysMicro, 0n);
  return {
    fromDate: from,
    through,
    days,
    averageValue: days > 0 ? divideHalfEven(valueDaysMicro, BigInt(days) * MICRO_PER_FIL) : 0n,
    accruedMicro,
    properties,
    rates: ratesIn(rates, from, through),
  };
}

/** The first day anything was held (the window of a first charge starts there), or null. */
export function firstHoldingDay(holdings: PropertyHolding[]): string | null {
  let first: string | null = null;
  for (const h of holdings) {
    let units = 0n;
    for (const c of h.changes) {
      units += c.delta;
      if (units > 0n) {
        if (first === null || c.date < first) first = c.date;
        break;
      }
    }
  }
  return first;
}

export { feeExplanation, windowLabel } from './contract';
