/**
 * For the exchange screens' tests: the SIP screens' fetch stub, extended to record each call's headers
 * (the order ticket's Idempotency-Key), and fixtures shaped as the contract's answers.
 */
import { vi } from 'vitest';
import { DEFAULT_PUBLIC_SETTINGS } from '@site/components/app/settings-fixtures';
import type { CurrentUser } from '@modules/auth/contract';
import { investor, Reply } from '@modules/sip/ui/test-api';
import type { BookJson, ExchangeHoldingJson, MarketJson, OrderJson } from '../contract';

export { investor, Reply };
export { renderWithQuery } from '@modules/sip/ui/test-api';

export type Call = { method: string; path: string; search: string; body: unknown; headers: Record<string, string> };
type Answer = unknown | ((call: Call) => unknown);

/** Stubs fetch: `routes` maps "GET /api/exchange/markets" to a body, a Reply (status and body) or a function of the call. */
export function stubApi(routes: Record<string, Answer>, user: CurrentUser | null = investor) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      const call: Call = { method, path: url.pathname, search: url.search, body: init?.body ? JSON.parse(String(init.body)) : undefined, headers: { ...((init?.headers as Record<string, string>) ?? {}) } };
      calls.push(call);
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.pathname === '/api/auth/me') return user ? json(200, user) : json(401, { message: 'You are not logged in.', error: 'unauthenticated' });
      // The settings in force: the defaults unless a test answers GET /api/settings/public itself.
      if (url.pathname === '/api/settings/public' && !(`GET /api/settings/public` in routes)) return json(200, DEFAULT_PUBLIC_SETTINGS);
      const key = `${method} ${url.pathname}${url.search}`;
      const plain = `${method} ${url.pathname}`;
      const found = key in routes ? key : plain in routes ? plain : null;
      if (!found) return json(404, { message: `No stub for ${key}`, error: 'not_found' });
      const answer = routes[found];
      const out = typeof answer === 'function' ? (answer as (c: Call) => unknown)(call) : answer;
      return out instanceof Reply ? json(out.status, out.body) : json(method === 'POST' && url.pathname.endsWith('/orders') ? 201 : 200, out);
    }),
  );
  return calls;
}

export const market: MarketJson = {
  propertyId: 'p1',
  reference: 'MZ-P1',
  title: 'Marina Gate two-bedroom',
  city: 'Dubai',
  image: null,
  referencePrice: '100000',
  lastPrice: '101000',
  change24hBps: 125,
  bestBid: '99000',
  bestAsk: '102000',
  volume24h: { units: '30000', value: '303000', trades: 2 },
  halted: false,
  heldUnits: '50000',
  reservedUnits: '20000',
};

export const book: BookJson = {
  propertyId: 'p1',
  bids: [
    { price: '99000', units: '10000', orders: 1 },
    { price: '98000', units: '30000', orders: 2 },
  ],
  asks: [{ price: '102000', units: '20000', orders: 1 }],
  lastPrice: '101000',
  bestBid: '99000',
  bestAsk: '102000',
  referencePrice: '100000',
  band: { low: '80000', high: '120000', bps: 2000 },
  volume24h: { units: '30000', value: '303000', trades: 2 },
  halted: false,
};

export const holding: ExchangeHoldingJson = {
  propertyId: 'p1',
  title: 'Marina Gate two-bedroom',
  reference: 'MZ-P1',
  units: '50000',
  reservedUnits: '20000',
  freeUnits: '30000',
  cost: '300000',
  bestBid: '99000',
  bidNet: '295000',
  poolNet: '290000',
  tradable: true,
};

export const openOrder: OrderJson = {
  id: 'o1',
  reference: 'ORD-000001',
  propertyId: 'p1',
  propertyTitle: 'Marina Gate two-bedroom',
  side: 'sell',
  units: '20000',
  filledUnits: '0',
  remainingUnits: '20000',
  price: '110000',
  timeInForce: 'gtc',
  expiresOn: null,
  status: 'open',
  heldCash: '0',
  createdAt: '2026-03-01T08:00:00Z',
  closedAt: null,
  cancelReason: null,
};

/** The routes of a signed-in investor holding p1, with one open sell order. */
export const marketRoutes = (over: Record<string, Answer> = {}): Record<string, Answer> => ({
  'GET /api/exchange/markets': { items: [market] },
  'GET /api/exchange/properties/p1/book': book,
  'GET /api/exchange/properties/p1/trades': { items: [{ id: 't1', units: '10000', price: '101000', at: '2026-03-02T10:00:00Z' }] },
  'GET /api/exchange/properties/p1/chart': {
    points: [
      { at: '2026-01-01T00:00:00Z', price: '100000', kind: 'valuation', units: null },
      { at: '2026-03-02T10:00:00Z', price: '101000', kind: 'trade', units: '10000' },
    ],
  },
  'GET /api/exchange/orders?status=open': { items: [openOrder] },
  'GET /api/exchange/trades': { items: [] },
  'GET /api/exchange/holdings': { items: [holding] },
  ...over,
});
