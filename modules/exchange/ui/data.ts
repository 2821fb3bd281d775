/**
 * The investor exchange screens' data: query keys (URLs, fetched by the app's default query function),
 * the quote (debounced), and the calls that place or cancel an order and sell to the liquidity pool.
 */
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@site/lib/api';
import { useDebounced } from '@modules/sip/ui/data';

export { useDebounced };
import type {
  BookJson,
  ChartPointJson,
  ExchangeHoldingJson,
  MarketJson,
  OrderJson,
  OrderResultJson,
  OrderSide,
  PoolSaleJson,
  PublicTradeJson,
  QuoteJson,
  TradeJson,
} from '../contract';

export const MARKETS_URL = '/api/exchange/markets';
export const QUOTE_URL = '/api/exchange/quote';
export const ORDERS_URL = '/api/exchange/orders';
export const OPEN_ORDERS_URL = `${ORDERS_URL}?status=open`;
export const MY_TRADES_URL = '/api/exchange/trades';
export const HOLDINGS_URL = '/api/exchange/holdings';
export const POOL_QUOTE_URL = '/api/exchange/pool/quote';
export const POOL_SELL_URL = '/api/exchange/pool/sell';
const property = (id: string) => `/api/exchange/properties/${encodeURIComponent(id)}`;
export const bookUrl = (id: string) => `${property(id)}/book`;
export const tradesUrl = (id: string) => `${property(id)}/trades`;
export const chartUrl = (id: string) => `${property(id)}/chart`;
export const orderUrl = (id: string) => `${ORDERS_URL}/${encodeURIComponent(id)}`;
/** Where the property page sends someone to trade a property. */
export const tradeHref = (propertyId: string) => `/exchange?property=${encodeURIComponent(propertyId)}`;

/** The selected property's book and trades are read again every 20 s while the screen is open. */
const LIVE = 20_000;

export const useMarkets = (enabled = true) => useQuery<{ items: MarketJson[] }>({ queryKey: [MARKETS_URL], enabled, staleTime: LIVE });
export const useBook = (id: string | null, live = true) =>
  useQuery<BookJson>({ queryKey: [bookUrl(id ?? '')], enabled: !!id, refetchInterval: live ? LIVE : false, staleTime: LIVE });
export const usePublicTrades = (id: string | null) => useQuery<{ items: PublicTradeJson[] }>({ queryKey: [tradesUrl(id ?? '')], enabled: !!id, refetchInterval: LIVE, staleTime: LIVE });
export const useChart = (id: string | null) => useQuery<{ points: ChartPointJson[] }>({ queryKey: [chartUrl(id ?? '')], enabled: !!id, staleTime: 60_000 });
export const useOpenOrders = () => useQuery<{ items: OrderJson[] }>({ queryKey: [OPEN_ORDERS_URL] });
export const useMyTrades = () => useQuery<{ items: TradeJson[] }>({ queryKey: [MY_TRADES_URL] });
export const useHoldings = () => useQuery<{ items: ExchangeHoldingJson[] }>({ queryKey: [HOLDINGS_URL] });

/** What POST /api/exchange/quote and /orders take: units and a price (fils per share) as digit strings. */
export type OrderBody = {
  propertyId: string;
  side: OrderSide;
  units: string;
  price: string;
  timeInForce: 'gtc' | 'gtd';
  expiresOn?: string;
};

/** What the order would cost or fetch now, asked again (debounced) whenever the ticket settles on a valid order. */
export function useQuote(body: OrderBody | null, ms = 350) {
  const settled = useDebounced(body, ms);
  const key = settled ? JSON.stringify(settled) : '';
  return useQuery<QuoteJson>({
    queryKey: [QUOTE_URL, key],
    queryFn: ({ signal }) => api.post<QuoteJson>(QUOTE_URL, settled, { signal }),
    enabled: !!settled,
    staleTime: 10_000,
  });
}

/** Places an order; the key makes a retried confirm place it once. */
export const placeOrder = (body: OrderBody, idempotencyKey: string) => api.post<OrderResultJson>(ORDERS_URL, body, { headers: { 'Idempotency-Key': idempotencyKey } });
export const cancelOrder = (id: string) => api.delete<OrderJson>(orderUrl(id));
export const quotePoolSale = (propertyId: string, units: string) => api.post<PoolSaleJson>(POOL_QUOTE_URL, { propertyId, units });
export const sellToPool = (propertyId: string, units: string) => api.post<PoolSaleJson>(POOL_SELL_URL, { propertyId, units });

/** After an order, a cancel or a pool sale: everything on the exchange, the wallet and the dashboard is read again. */
export function refreshExchange(client: QueryClient) {
  return client.invalidateQueries({
    predicate: (q) => {
      const k = String(q.queryKey[0] ?? '');
      return (k.startsWith('/api/exchange') && k !== QUOTE_URL) || k.startsWith('/api/wallet') || k.startsWith('/api/dashboard') || k.startsWith('/api/portfolio');
    },
  });
}
export const useRefreshExchange = () => {
  const client = useQueryClient();
  return () => refreshExchange(client);
};

/** A fresh Idempotency-Key for one confirm. */
export const newIdempotencyKey = () => crypto.randomUUID();
