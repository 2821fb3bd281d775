/**
 * What the banking screens share: API addresses (a query key is its URL, fetched by the app's default query
 * function), the multipart upload (fetch with the CSRF header, since the JSON client can't send a form), and
 * refreshing after a change.
 */
import type { QueryClient } from '@tanstack/react-query';
import { readCookie, toApiError } from '@site/lib/api';

export const BANK_ACCOUNTS = '/api/admin/bank-accounts';
export const accountUrl = (id: string, path = '') => `${BANK_ACCOUNTS}/${encodeURIComponent(id)}${path}`;
export const reconciliationUrl = (id: string) => accountUrl(id, '/reconciliation');
export const reportUrl = (id: string, period: string) => accountUrl(id, `/reconciliation/report?period=${encodeURIComponent(period)}`);
export const lineActionUrl = (id: string, lineId: string, action: 'match' | 'create-entry' | 'ignore' | 'unmatch') => accountUrl(id, `/lines/${encodeURIComponent(lineId)}/${action}`);
export const LEDGER_OPTIONS_URL = '/api/admin/ledger/accounts/options';
export const COST_CENTER_OPTIONS_URL = '/api/admin/ledger/cost-centers/options';
export const BANKING_PATH = '/admin/financial/banking';

/** POSTs a multipart form (a statement file) with the CSRF token, answering the JSON body or throwing the API's error. */
export async function postForm<T>(url: string, form: FormData): Promise<T> {
  const token = readCookie('XSRF-TOKEN');
  const res = await fetch(url, { method: 'POST', body: form, credentials: 'include', headers: token ? { 'X-CSRF-Token': token, 'X-XSRF-TOKEN': token } : {} });
  if (!res.ok) throw await toApiError(res);
  return (await res.json()) as T;
}

/** After an import or a reconciliation action: everything under the bank accounts, and the ledger's figures. */
export function refreshBanking(client: QueryClient) {
  return client.invalidateQueries({ predicate: (q) => ['/api/admin/bank-accounts', '/api/admin/ledger'].some((p) => String(q.queryKey[0] ?? '').startsWith(p)) });
}
