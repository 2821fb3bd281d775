/**
 * What the inventory screens share: API addresses (a query key is its URL), refreshing after a change,
 * the AED formatter and reading typed quantities and amounts.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Tone } from '@site/components/admin/table';
import { formatAed, parseFils } from '@modules/platform/money';
import { parseQuantity, type MoveType } from '../../contract';

export const BASE = '/api/admin/inventory';
export const ITEMS = `${BASE}/items`;
export const LOCATIONS = `${BASE}/locations`;
export const MOVES = `${BASE}/moves`;
export const STOCK = `${BASE}/stock`;
export const VALUATION = `${BASE}/valuation`;
export const REORDER = `${BASE}/reorder`;
export const enc = encodeURIComponent;

export const aed = (v: string | bigint | null | undefined) => formatAed(v ?? 0n);

/** After any inventory change: every inventory list and report, purchase requests and the ledger figures. */
export const refreshInventory = (client: QueryClient) =>
  client.invalidateQueries({ predicate: (q) => ['/api/admin/inventory', '/api/admin/purchase-requests', '/api/admin/ledger'].some((p) => String(q.queryKey[0] ?? '').startsWith(p)) });

export const moveTone: Record<MoveType, Tone> = { receipt: 'success', issue: 'brand', transfer: 'neutral', adjustment: 'warning' };

/** A typed quantity ("2", "2.5") as thousandths above zero, or null. */
export function typedQuantity(text: string, signed = false): bigint | null {
  const q = parseQuantity(text.replace(/,/g, ''), signed);
  return q === null || q === 0n || (!signed && q < 0n) ? null : q;
}
/** A typed AED amount ("1,250.50") as fils (0 allowed), or null. */
export function typedAed(text: string): bigint | null {
  const f = parseFils(text);
  return f !== null && f >= 0n ? f : null;
}
export const QUANTITY_TYPED = 'Type a quantity above zero, with up to 3 decimal places, like 2 or 2.5.';
export const AMOUNT_TYPED = 'Type the unit cost in AED, like 1,250 or 1,250.50.';
