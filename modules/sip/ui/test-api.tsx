/**
 * For the SIP screens' tests: a fetch stub answering each "METHOD /path" from a table (a function may
 * look at the body), recording every call, and a render with the app's own query client.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { DEFAULT_PUBLIC_SETTINGS } from '@site/components/app/settings-fixtures';
import type { CurrentUser } from '@modules/auth/contract';
import { createQueryClient } from '@site/lib/query';

export type Call = { method: string; path: string; search: string; body: unknown };
type Answer = unknown | ((call: Call) => unknown);
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

export const investor: CurrentUser = {
  id: 'u1',
  firstName: 'Priya',
  lastName: 'Nair',
  email: 'priya@example.in',
  role: 'investor',
  mfaEnabled: false,
  kycStatus: 'approved',
  unicode: 'MZ-PRIYA1',
};

/** Stubs fetch: `routes` maps "GET /api/sip/plans" to a body, a Reply (status and body) or a function of the call. */
export function stubApi(routes: Record<string, Answer>, user: CurrentUser | null = investor) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      const call: Call = { method, path: url.pathname, search: url.search, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.pathname === '/api/auth/me') return user ? json(200, user) : json(401, { message: 'You are not logged in.', error: 'unauthenticated' });
      if (url.pathname === '/api/investment/mode' && method === 'GET') return json(200, { mode: 'automated' });
      // The settings in force: the defaults unless a test answers GET /api/settings/public itself.
      if (url.pathname === '/api/settings/public' && !(`GET /api/settings/public` in routes)) return json(200, DEFAULT_PUBLIC_SETTINGS);
      const key = `${method} ${url.pathname}`;
      if (!(key in routes)) return json(404, { message: `No stub for ${key}`, error: 'not_found' });
      const answer = routes[key];
      const out = typeof answer === 'function' ? (answer as (c: Call) => unknown)(call) : answer;
      return out instanceof Reply ? json(out.status, out.body) : json(method === 'POST' && url.pathname === '/api/sip/plans' ? 201 : 200, out);
    }),
  );
  return calls;
}

export const renderWithQuery = (ui: ReactNode) => render(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>);
