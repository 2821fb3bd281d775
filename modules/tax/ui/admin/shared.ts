/**
 * What the tax screens share: API addresses (a query key is its URL, so the app's default query function
 * fetches it), screen paths, refreshing after a change, status tones and AED from fils.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Tone } from '@site/components/admin/table';
import { formatAed, toFils } from '@modules/platform/money';
import type { VatPeriodStatus } from '../../return-contract';

export const TAX = '/api/admin/tax';
export const SETTINGS_URL = `${TAX}/settings`;
export const CODES_URL = `${TAX}/codes`;
export const PERIODS_URL = `${TAX}/vat-returns`;
/** Every period, oldest first, for the chart and the default selection (a registration has a few dozen). */
export const ALL_PERIODS_URL = `${PERIODS_URL}?sort=period&limit=200`;
export const ADJUSTMENTS_URL = `${TAX}/adjustments`;
export const BANK_ACCOUNTS_URL = '/api/admin/bank-accounts';
export const returnUrl = (period: string) => `${PERIODS_URL}/${encodeURIComponent(period)}`;
export const boxUrl = (period: string, box: string) => `${returnUrl(period)}/boxes/${encodeURIComponent(box)}`;

export const TAX_PATH = '/admin/tax';
export const MANAGEMENT_PATH = '/admin/tax/management';
export const periodHref = (period: string) => `${TAX_PATH}?period=${encodeURIComponent(period)}`;
export const boxHref = (period: string, box: string) => `${TAX_PATH}?period=${encodeURIComponent(period)}&box=${encodeURIComponent(box)}`;

const startsWith = (...prefixes: string[]) => ({ predicate: (q: { queryKey: readonly unknown[] }) => prefixes.some((p) => String(q.queryKey[0] ?? '').startsWith(p)) });
/** After filing, a payment, an adjustment or new settings: every tax figure and the ledger. */
export const refreshTax = (client: QueryClient) => client.invalidateQueries(startsWith(TAX, '/api/admin/ledger'));

export const statusTone: Record<VatPeriodStatus, Tone> = { open: 'neutral', ready: 'warning', filed: 'brand', paid: 'success' };

const safe = (v: string | bigint | number | null | undefined): bigint => {
  try {
    return toFils(v ?? 0);
  } catch {
    return 0n;
  }
};
/** 'AED 1,250.00' from fils; negatives '-AED 12.00'. */
export const aed = (v: string | bigint | number | null | undefined) => formatAed(safe(v));
export { safe as fils };
