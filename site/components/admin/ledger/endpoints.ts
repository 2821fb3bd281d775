/**
 * Where the accounting screens read and write: every route sits under /api/admin/ledger. Query keys
 * are the URLs themselves (the default query function GETs queryKey[0]), so one prefix match
 * refreshes everything the ledger shows after a change.
 */
import type { QueryClient } from '@tanstack/react-query';

export const LEDGER_API = '/api/admin/ledger';

type Params = Record<string, string | number | boolean | null | undefined>;

/** '/api/admin/ledger/trial-balance?from=2026-01-01' — empty, null and undefined values are left out. */
export function ledgerUrl(path: string, params: Params = {}): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '' || v === false) continue;
    search.set(k, String(v));
  }
  const qs = search.toString();
  return `${LEDGER_API}${path.startsWith('/') ? path : `/${path}`}${qs ? `?${qs}` : ''}`;
}

/**
 * The whole chart and every cost center, for pickers and trees (the `/options` lists are not paged; the
 * `/accounts` and `/cost-centers` lists follow the list contract and page).
 */
export const ACCOUNTS_URL = ledgerUrl('/accounts/options');
export const COST_CENTERS_URL = ledgerUrl('/cost-centers/options');

/** After any write: every ledger query is refetched (balances, lists and reports all move together). */
export function refreshLedger(client: QueryClient) {
  return client.invalidateQueries({ predicate: (q) => String(q.queryKey[0] ?? '').startsWith(LEDGER_API) });
}

/** The screen that shows one journal entry. */
export const entryHref = (id: string) => `/admin/journal-entries?entry=${encodeURIComponent(id)}`;
