/**
 * Small formatters the distribution screens share (investor and operator): AED from fils strings,
 * month names from periods, occupancy and reserve percentages from basis points, shares from units.
 * Money stays bigint; nothing here touches a float.
 */
import { monthYear, shortMonth } from '@modules/platform/dates';
import { formatAed, sumFils, toFils } from '@modules/platform/money';
import { bpsToPercent, unitsToShareString } from '@modules/properties/contract';
import { PERIOD, type PnlMonthJson } from '../contract';

const safeFils = (v: string | bigint | number | null | undefined): bigint => {
  try {
    return toFils(v ?? 0);
  } catch {
    return 0n;
  }
};

/** 'AED 1,250.00' from fils (a string from the API or a bigint); negatives '-AED 12.00'. */
export const aed = (v: string | bigint | number | null | undefined) => formatAed(safeFils(v));
export { safeFils as fils };

/** Σ of fils strings. */
export const total = (values: (string | bigint | null | undefined)[]) => sumFils(values.map((v) => safeFils(v)));

/** 'March 2026' from '2026-03'; anything else as given. */
export const periodLabel = (period: string) => (PERIOD.test(period) ? monthYear(`${period}-01`) : period);
/** 'Mar 2026' from '2026-03' (narrow table cells and chart rows). */
export const periodShort = (period: string) => (PERIOD.test(period) ? `${shortMonth(`${period}-01`)} ${period.slice(0, 4)}` : period);

/** '95%' from 9,500 basis points; null (not recorded) → ''. */
export const percent = (bps: number | null | undefined) => (bps === null || bps === undefined ? '' : `${bpsToPercent(bps)}%`);

/** '12.5' shares from a units string. */
export const shares = (units: string | null | undefined) => unitsToShareString(safeFils(units));

export const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** What a month's status means to a reader. */
export const monthStatusText: Record<PnlMonthJson['status'], string> = {
  open: 'Not yet distributed',
  draft: 'Distribution being prepared',
  approved: 'Distribution approved, not yet paid',
  paid: 'Paid to investors',
};

/** A month with nothing in the books (no rent, no cost, no occupancy recorded). */
export const isBlankMonth = (m: PnlMonthJson) => safeFils(m.rent) === 0n && safeFils(m.totalCosts) === 0n && m.occupancyBps === null && !m.note && m.status === 'open';
