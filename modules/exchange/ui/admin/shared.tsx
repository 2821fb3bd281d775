/**
 * What the parts of /admin/exchange share: the API addresses (a query key is its URL, so the app's
 * default query function fetches it), refreshing after an admin action, and small formatters: prices
 * (fils per whole share) and money in AED, shares from units, basis points as percentages.
 */
import type { QueryClient } from '@tanstack/react-query';
import { refreshAdminMoney } from '@site/components/admin/money/shared';
import type { Tone } from '@site/components/admin/table';
import { bpsToPercent, unitsToShareString } from '@modules/properties/contract';
import { orderStatusLabels, type OrderStatus } from '../../contract';

export const EXCHANGE_ADMIN = '/api/admin/exchange';
export const MARKETS_URL = `${EXCHANGE_ADMIN}/markets`;
export const ORDERS_URL = `${EXCHANGE_ADMIN}/orders`;
export const TRADES_URL = `${EXCHANGE_ADMIN}/trades`;
export const POOL_URL = `${EXCHANGE_ADMIN}/pool`;
export const FEES_URL = `${EXCHANGE_ADMIN}/fees`;
export const SURVEILLANCE_URL = `${EXCHANGE_ADMIN}/surveillance`;
export const EXITS_URL = `${EXCHANGE_ADMIN}/exits`;
export const marketUrl = (propertyId: string) => `${MARKETS_URL}/${encodeURIComponent(propertyId)}`;
export const orderUrl = (id: string) => `${ORDERS_URL}/${encodeURIComponent(id)}`;
export const exitUrl = (id: string) => `${EXITS_URL}/${encodeURIComponent(id)}`;
/** Funded properties, the ones a sale can be recorded for (the admin property list, filtered). */
export const FUNDED_PROPERTIES_URL = '/api/admin/properties?status=funded&limit=200&offset=0';

/** The admin route of this screen; `?exit=<id>` shows a settled exit. */
export const SCREEN_PATH = '/admin/exchange';

/** A reason kept in the audit log: what every halt, resume and cancel asks for. */
export const REASON_MAX = 300;
export const REASON_MIN = 3;

/** After an admin action: every exchange figure; with `money`, the wallets and ledger it moves too. */
export function refreshExchange(client: QueryClient, opts: { money?: boolean } = {}) {
  const exchange = client.invalidateQueries({ predicate: (q) => String(q.queryKey[0] ?? '').startsWith(EXCHANGE_ADMIN) });
  return opts.money ? Promise.all([exchange, refreshAdminMoney(client)]) : exchange;
}

const safeBig = (v: string | number | bigint | null | undefined): bigint => {
  try {
    return BigInt(v ?? 0);
  } catch {
    return 0n;
  }
};
/** '12.5' shares from a units string. */
export const shares = (units: string | null | undefined) => unitsToShareString(safeBig(units));
/** '±20%' from basis points. */
export const band = (bps: number | null | undefined) => `±${bpsToPercent(bps ?? 0)}%`;
export const percent = (bps: number | null | undefined) => `${bpsToPercent(bps ?? 0)}%`;
export const count = (n: number | null | undefined) => (n ?? 0).toLocaleString('en-US');
export const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

export const isOpen = (s: OrderStatus) => s === 'open' || s === 'partially_filled';
export const orderStatusTone: Record<OrderStatus, Tone> = { open: 'brand', partially_filled: 'sand', filled: 'success', cancelled: 'neutral', expired: 'warning' };
export const orderStatusLabel = (s: OrderStatus) => orderStatusLabels[s] ?? s;
export const sideLabel = (s: 'buy' | 'sell' | null | undefined) => (s === 'buy' ? 'Buy' : s === 'sell' ? 'Sell' : '—');
