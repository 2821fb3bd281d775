/**
 * Small pure helpers the SIP screens share: the amount typed in the display currency as fils of AED,
 * percents of a split as basis points, ordinals, start months and XIRR labels. No floats for money.
 */
import { convertMinor, type CurrencyCode } from '@modules/platform/money';
import { addMonths, monthStart, monthYear } from '@modules/platform/dates';
import { bpsToPercent } from '@modules/properties/contract';
import { parseAmountToMinor } from '@site/components/app/sip-plan';
import { SIP_MAX_FILS, sipMessages } from '../contract';

export type AmountCheck = { ok: true; minor: bigint; fils: bigint } | { ok: false; error: string };

/**
 * A monthly amount typed in `currency` → fils of AED, checked against the plan's minimum in force (the server's
 * setting, GET /api/settings/public; null while it loads: the server checks it anyway) and maximum.
 */
export function checkPlanAmount(text: string, currency: CurrencyCode, minimum: bigint | null): AmountCheck {
  if (text.trim() === '') return { ok: false, error: 'Enter how much you want to invest each month.' };
  const minor = parseAmountToMinor(text);
  if (minor === null) return { ok: false, error: 'Enter the amount in numbers, for example 500 or 1,250.50.' };
  const fils = convertMinor(minor, currency, 'AED');
  if (minimum !== null && fils < minimum) return { ok: false, error: sipMessages.amountMinimum(minimum) };
  if (fils > SIP_MAX_FILS) return { ok: false, error: 'That is more than a plan can collect in one month. Enter a smaller amount.' };
  return { ok: true, minor, fils };
}

/** "12.5" → 1250 basis points; null when it is not a percent with at most two decimals. */
export function percentToBps(text: string): number | null {
  const m = /^(\d{1,3})(?:\.(\d{0,2}))?$/.exec(text.trim().replace(/%$/, ''));
  if (!m) return null;
  const bps = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0') || '0');
  return bps <= 10_000 ? bps : null;
}

/** Basis points as a percent label without a trailing zero: 3333 → "33.33", 5000 → "50". */
export const bpsLabel = (bps: number) => bpsToPercent(bps);

/** Splits 100% into `n` shares of whole basis points that add up exactly (the first ones take the remainder). */
export function evenSplit(n: number): number[] {
  if (n <= 0) return [];
  const base = Math.floor(10_000 / n);
  return Array.from({ length: n }, (_, i) => base + (i < 10_000 - base * n ? 1 : 0));
}

export function ordinal(n: number): string {
  const s = n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th';
  return `${n}${s}`;
}

/** The months a plan may start in: this month and the next eleven, as { value: 'YYYY-MM', label: 'March 2026' }. */
export function startMonths(today: string, count = 12): { value: string; label: string }[] {
  const first = monthStart(today);
  return Array.from({ length: count }, (_, i) => {
    const m = addMonths(first, i);
    return { value: m.slice(0, 7), label: monthYear(m) };
  });
}

/** An annual rate in basis points as "+8.25% a year"; null says there is not enough history. */
export function xirrLabel(bps: number | null): string {
  if (bps === null) return 'Not enough history yet';
  return `${bps > 0 ? '+' : bps < 0 ? '−' : ''}${bpsToPercent(Math.abs(bps))}% a year`;
}
