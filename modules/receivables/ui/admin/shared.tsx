/**
 * What the invoicing and receivables screens share: API addresses (a query key is its URL), screen paths,
 * money in a document's currency, status tones, the customer chooser's data and refreshing after a change.
 */
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { Tone } from '@site/components/admin/table';
import { formatAed, formatMoney, toFils } from '@modules/platform/money';
import type { AgingBucket, CustomerJson, InvoiceCurrency, InvoiceJson, InvoiceStatus } from '../../contract';

export const INVOICES = '/api/admin/invoices';
export const CUSTOMERS = '/api/admin/customers';
export const RECURRING = '/api/admin/recurring-invoices';
export const RECEIVABLES = '/api/admin/receivables';
export const SUMMARY_URL = `${INVOICES}/summary`;
export const invoiceUrl = (id: string) => `${INVOICES}/${encodeURIComponent(id)}`;
export const customerUrl = (id: string) => `${CUSTOMERS}/${encodeURIComponent(id)}`;
export const agingUrl = (asOf: string) => `${RECEIVABLES}/aging?asOf=${encodeURIComponent(asOf)}`;
export const statementUrl = (customerId: string, from: string, to: string) => `${customerUrl(customerId)}/statement?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
export const BANK_ACCOUNTS = '/api/admin/bank-accounts';

export const INVOICING_PATH = '/admin/invoicing';
export const RECEIVABLES_PATH = '/admin/financial/receivables';
/** The invoicing screen on a tab, with extra query parameters. */
export const invoicingHref = (params: Record<string, string | undefined> = {}) => {
  const p = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => !!e[1]));
  const s = p.toString();
  return `${INVOICING_PATH}${s ? `?${s}` : ''}`;
};
export const invoiceHref = (id: string) => invoicingHref({ invoice: id });

/** Money in the document's own currency: "AED 1,250.00", "£12,500.00". */
export function money(value: string | bigint | null | undefined, currency: string = 'AED'): string {
  const fils = toFils(value ?? 0);
  return currency === 'AED' ? formatAed(fils) : formatMoney(fils, currency as InvoiceCurrency);
}
export const aed = (value: string | bigint | null | undefined) => money(value, 'AED');

export const statusTone: Record<InvoiceStatus | 'overdue', Tone> = { draft: 'sand', issued: 'brand', partially_paid: 'warning', paid: 'success', credited: 'neutral', overdue: 'danger' };
/** The status a person reads: overdue wins over issued / partially paid. */
export const shownStatus = (inv: Pick<InvoiceJson, 'status' | 'overdue'>): InvoiceStatus | 'overdue' => (inv.overdue ? 'overdue' : inv.status);

/** Every customer by name, for choosers (the list's page limit: 200). */
export const CUSTOMER_OPTIONS_URL = `${CUSTOMERS}?limit=200&sort=name`;
export const useCustomerOptions = () => useQuery<{ items: CustomerJson[]; total: number }>({ queryKey: [CUSTOMER_OPTIONS_URL], staleTime: 30_000 });

const startsWith = (...prefixes: string[]) => ({ predicate: (q: { queryKey: readonly unknown[] }) => prefixes.some((p) => String(q.queryKey[0] ?? '').startsWith(p)) });

/** After anything that moves an invoice: every receivables figure and the ledger's views. */
export function refreshReceivables(client: QueryClient) {
  return client.invalidateQueries(startsWith(INVOICES, CUSTOMERS, RECURRING, RECEIVABLES, '/api/admin/credit-notes', '/api/admin/ledger'));
}

export const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export const bucketLabels: Record<AgingBucket, string> = { current: 'Not yet due', '1-30': '1–30 days', '31-60': '31–60 days', '61-90': '61–90 days', '90+': 'Over 90 days' };
