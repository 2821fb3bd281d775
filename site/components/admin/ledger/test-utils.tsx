/** Test helpers for the accounting screens: a fetch mock keyed by path, and a render with query client and router. */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createQueryClient } from '@site/lib/query';
import type { AccountJson } from './types';

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export type Call = { method: string; url: URL; body: unknown; headers: Record<string, string> };
type Handler = (call: Call) => Response | Promise<Response>;

/** Routes are 'METHOD /path' or '/path' (any method); the first match wins, query strings ignored unless given. */
export function mockFetch(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => (headers[k.toLowerCase()] = v));
    const call: Call = { method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined, headers };
    calls.push(call);
    const handler =
      routes[`${method} ${url.pathname}${url.search}`] ?? routes[`${method} ${url.pathname}`] ?? routes[`${url.pathname}${url.search}`] ?? routes[url.pathname];
    return handler ? handler(call) : json({ message: 'Not found', error: 'not_found' }, 404);
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

/** Renders inside a fresh query client and an in-memory router (path and search, e.g. '/admin/x?entry=1'). */
export function renderWithApp(ui: ReactNode, path = '/admin') {
  const client = createQueryClient();
  const location = memoryLocation({ path, record: true });
  return {
    client,
    location,
    ...render(
      <QueryClientProvider client={client}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          {ui}
        </Router>
      </QueryClientProvider>,
    ),
  };
}

export const account = (code: string, name: string, type: AccountJson['type'], parent: string | null, extra: Partial<AccountJson> = {}): AccountJson => ({
  id: `id-${code}`,
  code,
  name,
  type,
  parent,
  isGroup: false,
  archived: false,
  cashFlow: null,
  description: '',
  ...extra,
});

export const CHART: AccountJson[] = [
  account('1000', 'Assets', 'asset', null, { isGroup: true }),
  account('1100', 'Cash and bank', 'asset', '1000', { isGroup: true, cashFlow: 'cash' }),
  account('1110', 'Emirates NBD operating account', 'asset', '1100', { cashFlow: 'cash' }),
  account('1120', 'Emirates NBD client money account', 'asset', '1100', { cashFlow: 'cash' }),
  account('4000', 'Income', 'income', null, { isGroup: true }),
  account('4110', 'Platform fees', 'income', '4000'),
  account('6000', 'Operating expenses', 'expense', null, { isGroup: true }),
  account('6210', 'Office rent', 'expense', '6000'),
];
