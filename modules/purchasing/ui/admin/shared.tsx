/**
 * What the purchasing screens share: API addresses (a query key is its URL), refreshing after a change,
 * option lists for the choosers, status tones, the AED formatter and reading typed quantities and amounts.
 */
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { Tone } from '@site/components/admin/table';
import { formatAed, parseFils } from '@modules/platform/money';
import { quantityInput, type BillStatus, type OrderStatus, type RequestStatus, type SupplierJson } from '../../contract';

export const SUPPLIERS = '/api/admin/suppliers';
export const REQUESTS = '/api/admin/purchase-requests';
export const ORDERS = '/api/admin/purchase-orders';
export const BILLS = '/api/admin/bills';
export const BATCHES = '/api/admin/supplier-payments/batch';
export const AGING = '/api/admin/payables/aging';
export const CASH = '/api/admin/payables/cash-requirements';
export const enc = encodeURIComponent;

export const PURCHASE_PATH = '/admin/purchase';
export const ORDERS_PATH = '/admin/purchase/orders';
export const PAYABLES_PATH = '/admin/financial/payables';

export const aed = (v: string | bigint | null | undefined) => formatAed(v ?? 0n);

const startsWith = (...prefixes: string[]) => ({ predicate: (q: { queryKey: readonly unknown[] }) => prefixes.some((p) => String(q.queryKey[0] ?? '').startsWith(p)) });
/** After any purchasing change: every purchasing list and report, and the ledger figures. */
export const refreshPurchasing = (client: QueryClient) => client.invalidateQueries(startsWith(SUPPLIERS, REQUESTS, ORDERS, BILLS, '/api/admin/supplier-payments', '/api/admin/payables', '/api/admin/ledger'));

export const requestTone: Record<RequestStatus, Tone> = { submitted: 'sand', approved: 'brand', rejected: 'danger', ordered: 'success' };
export const orderTone: Record<OrderStatus, Tone> = { draft: 'neutral', sent: 'brand', partially_received: 'sand', received: 'brand', billed: 'success', closed: 'neutral', cancelled: 'danger' };
export const billTone: Record<BillStatus, Tone> = { held: 'warning', posted: 'brand', partially_paid: 'sand', paid: 'success', rejected: 'danger' };

type Options<T> = { items: T[]; total: number };
export const useSupplierOptions = () => useQuery<Options<SupplierJson>>({ queryKey: [`${SUPPLIERS}?limit=200&sort=name`], staleTime: 30_000 });
export const useCostCenterOptions = () => useQuery<Options<{ code: string; name: string; archived: boolean }>>({ queryKey: ['/api/admin/ledger/cost-centers?limit=200'], staleTime: 60_000 });
export const usePropertyOptions = () => useQuery<Options<{ id: string; reference: string; title: string }>>({ queryKey: ['/api/admin/properties?limit=200&sort=title'], staleTime: 60_000 });
export const useExpenseAccounts = () => useQuery<Options<{ code: string; name: string; isGroup: boolean; archived: boolean }>>({ queryKey: ['/api/admin/ledger/accounts?type=expense&includeArchived=false&limit=200'], staleTime: 60_000 });
/** Stock items (modules/inventory's list, read over HTTP): a line that names one is received into the store. */
export const useStockItemOptions = () => useQuery<Options<{ id: string; sku: string; name: string }>>({ queryKey: ['/api/admin/inventory/items?limit=200&sort=name'], staleTime: 60_000 });
export const useBankAccounts = () => useQuery<{ items: { id: string; name: string; iban: string; ledgerAccountCode: string }[] }>({ queryKey: ['/api/admin/bank-accounts'], staleTime: 60_000 });

/** A typed quantity ("2", "2.5") as thousandths, or null. */
export function parseQuantity(text: string): bigint | null {
  const r = quantityInput.safeParse(text.trim());
  return r.success ? r.data : null;
}
/** A typed AED amount ("1,250.50") as fils, or null when it is not an amount above zero. */
export function parseAed(text: string): bigint | null {
  const f = parseFils(text);
  return f !== null && f > 0n ? f : null;
}
export const AMOUNT_TYPED = 'Type the amount in AED, like 1,250 or 1,250.50.';
export const QUANTITY_TYPED = 'Type a quantity above zero, with up to 3 decimal places, like 2 or 2.5.';
