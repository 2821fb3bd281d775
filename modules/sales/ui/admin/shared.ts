/**
 * What the sales screens share: API addresses (a query key is its URL), refreshing after a change, the AED
 * formatter, status tones and reading typed quantities and amounts.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Tone } from '@site/components/admin/table';
import { divideHalfEven, formatAed, parseFils } from '@modules/platform/money';
import { parseQuantity, type OrderStatus, type QuotationStatus } from '../../contract';

export const BASE = '/api/admin/sales';
export const SUMMARY = `${BASE}/summary`;
export const PRODUCTS = `${BASE}/products`;
export const PRICE_LISTS = `${BASE}/price-lists`;
export const QUOTATIONS = `${BASE}/quotations`;
export const ORDERS = `${BASE}/orders`;
export const CUSTOMERS = '/api/admin/customers';
export const LOCATIONS = '/api/admin/inventory/locations';
/** Where an issued invoice opens (receivables' invoicing screen). */
export const invoiceHref = (id: string) => `/admin/invoicing?invoice=${encodeURIComponent(id)}`;

export const aed = (v: string | bigint | null | undefined) => formatAed(v ?? 0n);

/** After any sales change: the sales lists and figures, invoices, inventory and the ledger. */
export const refreshSales = (client: QueryClient) =>
  client.invalidateQueries({ predicate: (q) => [BASE, '/api/admin/invoices', '/api/admin/receivables', '/api/admin/inventory', '/api/admin/ledger'].some((p) => String(q.queryKey[0] ?? '').startsWith(p)) });

export const quotationTone: Record<QuotationStatus, Tone> = { draft: 'neutral', sent: 'brand', accepted: 'success', declined: 'danger', expired: 'warning' };
export const orderTone: Record<OrderStatus, Tone> = {
  draft: 'neutral',
  confirmed: 'brand',
  partially_delivered: 'sand',
  delivered: 'warning',
  partially_invoiced: 'sand',
  invoiced: 'success',
  cancelled: 'danger',
};

/** A typed quantity ("2", "2.5") as thousandths above zero, or null. */
export function typedQuantity(text: string): bigint | null {
  const q = parseQuantity(text.replace(/,/g, ''));
  return q === null || q === 0n ? null : q;
}
/** A typed AED amount ("1,250.50") as fils (0 allowed), or null. */
export function typedAed(text: string): bigint | null {
  const f = parseFils(text);
  return f !== null && f >= 0n ? f : null;
}
export const QUANTITY_TYPED = 'Type a quantity above zero, with up to 3 decimal places, like 2 or 2.5.';
export const AMOUNT_TYPED = 'Type an amount in AED, like 1,250 or 1,250.50.';

/** Basis points as a percentage a person reads: 3333 → "33.3%". */
/** Basis points as a percentage to one fixed place, half-even, no floats: 6667 → "66.7%", 7500 → "75.0%". */
export function percent(bps: number | null): string {
  if (bps === null) return '—';
  const tenths = divideHalfEven(BigInt(bps), 10n);
  return `${tenths / 10n}.${tenths % 10n}%`;
}
