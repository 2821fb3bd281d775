/**
 * What the parts of /admin/sip-allocation share: the API addresses (a query key is its URL, so the
 * app's default query function fetches it), refreshing after a run or a pause, labels and tones of an
 * instalment's outcome, and small formatters (AED from fils strings, shares from units).
 */
import type { QueryClient } from '@tanstack/react-query';
import { refreshAdminMoney } from '@site/components/admin/money/shared';
import type { Tone } from '@site/components/admin/table';
import { unitsToShareString } from '@modules/properties/contract';
import { sipInstalmentStatusLabels, type SipInstalmentStatus } from '../../contract';

export const SIP_ADMIN = '/api/admin/sip';
export const STATS_URL = `${SIP_ADMIN}/stats`;
export const RUNS_URL = `${SIP_ADMIN}/runs`;
export const PROPERTIES_URL = `${SIP_ADMIN}/properties`;
/** The run preview for a date; without one the server previews the next run (or today). */
export const upcomingUrl = (date?: string | null) => (date ? `${SIP_ADMIN}/upcoming?date=${encodeURIComponent(date)}` : `${SIP_ADMIN}/upcoming`);
export const runUrl = (id: string) => `${RUNS_URL}/${encodeURIComponent(id)}`;
export const propertyUrl = (id: string) => `${PROPERTIES_URL}/${encodeURIComponent(id)}`;

/** The admin route of this screen; `?run=<id>` opens one run. */
export const SCREEN_PATH = '/admin/sip-allocation';

/** After a run or a change of eligibility: every SIP figure, and the wallets, investments and ledger a run moves. */
export function refreshSip(client: QueryClient, opts: { money?: boolean } = {}) {
  const sip = client.invalidateQueries({ predicate: (q) => String(q.queryKey[0] ?? '').startsWith(SIP_ADMIN) });
  return opts.money ? Promise.all([sip, refreshAdminMoney(client)]) : sip;
}

export const statusTone: Record<SipInstalmentStatus, Tone> = { collected: 'success', retrying: 'warning', failed: 'danger', skipped: 'neutral' };
export const statusLabel = (s: SipInstalmentStatus) => sipInstalmentStatusLabels[s] ?? s;

const safeBig = (v: string | number | bigint | null | undefined): bigint => {
  try {
    return BigInt(v ?? 0);
  } catch {
    return 0n;
  }
};
/** '12.5' shares from a units string. */
export const shares = (units: string | null | undefined) => unitsToShareString(safeBig(units));
export const count = (n: number | null | undefined) => (n ?? 0).toLocaleString('en-US');
export const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;
