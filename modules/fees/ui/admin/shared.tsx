/**
 * What the parts of /admin/fees share: the API addresses (a query key is its URL, so the app's default query
 * function fetches it), refreshing after a run, and small formatters.
 */
import type { QueryClient } from '@tanstack/react-query';
import { refreshAdminMoney } from '@site/components/admin/money/shared';
import { addDays, monthStart, todayInDubai } from '@modules/platform/dates';
import { toFils } from '@modules/platform/money';

export const FEES_ADMIN = '/api/admin/fees/platform';
export const STATS_URL = `${FEES_ADMIN}/stats`;
export const RUNS_URL = `${FEES_ADMIN}/runs`;
export const RECEIVABLES_URL = `${FEES_ADMIN}/receivables`;
export const RUN_URL = `${FEES_ADMIN}/run`;
export const previewUrl = (through: string) => `${FEES_ADMIN}/preview?through=${encodeURIComponent(through)}`;
export const runUrl = (id: string) => `${RUNS_URL}/${encodeURIComponent(id)}`;

/** The admin route of this screen; `?run=<id>` opens one run. */
export const SCREEN_PATH = '/admin/fees';

/** The last day of the month before today's (Dubai): what a monthly run charges up to. */
export const lastMonthEnd = (today: string = todayInDubai()) => addDays(monthStart(today), -1);

/** After a run: every fee figure, and the wallets and ledger a run moves. */
export function refreshFees(client: QueryClient) {
  const fees = client.invalidateQueries({ predicate: (q) => String(q.queryKey[0] ?? '').startsWith(FEES_ADMIN) });
  return Promise.all([fees, refreshAdminMoney(client)]);
}

export const fils = toFils;
export const count = (n: number | null | undefined) => (n ?? 0).toLocaleString('en-US');
export const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;
