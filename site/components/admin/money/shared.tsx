/**
 * What the money screens of the back office share (wallets, investments, investors, reconciliation):
 * URLs with their filters (the query key is the URL, §7), a debounced search, refreshing every money
 * query after an admin action, and small cells. Amounts are AED fils from the API, shown in AED.
 */
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { statusLabel } from '../data';
import { formatFils, toFils } from '../ledger/money';
import { Badge } from '../ui';
import { DUBAI_TIME_ZONE } from '@modules/platform/dates';
import { type CurrentUser, isKycVerified } from '@modules/auth/contract';

type Params = Record<string, string | number | boolean | null | undefined>;

/** '/api/admin/investments?status=active&limit=50' (empty values left out). */
export function withQuery(base: string, params: Params = {}): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '' || v === false) continue;
    search.set(k, String(v));
  }
  const qs = search.toString();
  return qs ? `${base}?${qs}` : base;
}

/** The search box's text, settled for 350 ms before it is sent; `onSettle` resets paging. */
export function useSettledText(text: string, onSettle?: () => void, ms = 350): string {
  const [settled, setSettled] = useState(text.trim());
  useEffect(() => {
    const t = setTimeout(() => {
      setSettled((prev) => {
        const next = text.trim();
        if (next !== prev) onSettle?.();
        return next;
      });
    }, ms);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, ms]);
  return settled;
}

/** After an admin moves money: wallets, withdrawals, investments, investors, reconciliation and the ledger are read again. */
export function refreshAdminMoney(client: QueryClient) {
  return client.invalidateQueries({
    predicate: (q) => {
      const k = String(q.queryKey[0] ?? '');
      return (
        k.startsWith('/api/admin/wallets') ||
        k.startsWith('/api/admin/investments') ||
        k.startsWith('/api/admin/investors') ||
        k.startsWith('/api/admin/reconciliation') ||
        k.startsWith('/api/admin/ledger')
      );
    },
  });
}

/** 'AED 1,234.56' in the back office's own convention (negatives in parentheses). */
export function aed(value: string | number | bigint | null | undefined): string {
  const f = toFils(value);
  return f < 0n ? `AED (${formatFils(-f)})` : `AED ${formatFils(f)}`;
}

export function KycBadge({ status }: { status: string | null | undefined }) {
  const tone = isKycVerified(status) ? 'brand' : status === 'rejected' ? 'warning' : status && status !== 'not_started' ? 'sand' : 'neutral';
  return <Badge tone={tone}>{statusLabel(status || 'not_started')}</Badge>;
}

/** "3 Mar 2026, 14:05" in Dubai time. */
const dateTime = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: DUBAI_TIME_ZONE });
const dateOnly = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: DUBAI_TIME_ZONE });
export const when = (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : '—');
export const day = (iso: string | null | undefined) => (iso ? dateOnly.format(new Date(iso)) : '—');

/** An email in a narrow table cell: wraps before the '@' first, anywhere only as a last resort. */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const at = email.indexOf('@');
  return (
    <span className={['block text-xs text-slate-500 [overflow-wrap:anywhere]', className].filter(Boolean).join(' ')}>
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </span>
  );
}

/** The signed-in administrator (to hide actions the API refuses them: their own wallet, their own request). */
export function useMe(): CurrentUser | undefined {
  return useQuery<CurrentUser>({ queryKey: ['/api/auth/me'], staleTime: 60_000 }).data;
}
