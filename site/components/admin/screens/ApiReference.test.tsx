// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getQueryClient } from '@site/lib/query';
import AdminApp from '../AdminApp';

const admin = { id: '1', firstName: 'Layla', lastName: 'Haddad', email: 'admin@manzil.ae', role: 'admin', mfaEnabled: false, kycStatus: 'approved', unicode: 'MZ-ABC234' };
const spec = {
  openapi: '3.1.2',
  info: { title: 'Manzil API', version: '1' },
  paths: {
    '/api/wallet/deposits': {
      post: {
        tags: ['wallet'],
        requestBody: { content: { 'application/json': { schema: { type: 'object', required: ['amount'], properties: { amount: { type: 'string', maxLength: 20 }, method: { enum: ['card', 'bank_transfer'] } } } } } },
        responses: { '200': { description: 'OK' }, '422': { description: 'A business rule refused the request.' } },
      },
    },
    '/api/admin/ledger/accounts/{code}': {
      get: { tags: ['ledger (admin)'], parameters: [{ name: 'code', in: 'path', required: true, schema: { type: 'string' } }], responses: { '404': { description: 'Nothing with that id.' } } },
    },
  },
  'x-error-codes': { '400': ['validation_failed', 'nul_byte'], '422': ['insufficient_funds'] },
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  getQueryClient().clear();
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  window.history.replaceState(null, '', '/admin/api-reference');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      if (pathname === '/api/auth/me') return json(admin);
      if (pathname === '/api/openapi.json') return json(spec);
      return json({ message: 'Not found', error: 'not_found' }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('API reference screen', () => {
  it('lists the routes by module, opens one to its body fields and answers, and lists the error codes', async () => {
    render(<AdminApp />);
    const wallet = await screen.findByRole('region', { name: 'wallet' });
    const route = within(wallet).getByRole('button', { name: /POST\s*\/api\/wallet\/deposits/ });
    expect(route.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('region', { name: 'ledger (admin)' })).toBeTruthy();
    expect(screen.getByText('2 routes · OpenAPI 3.1.2')).toBeTruthy();

    await act(async () => {
      fireEvent.click(route);
    });
    expect(route.getAttribute('aria-expanded')).toBe('true');
    const body = within(wallet).getByRole('region', { name: 'Request body' });
    expect(within(body).getByText('amount')).toBeTruthy();
    expect(within(body).getByText('at most 20 characters')).toBeTruthy();
    expect(within(body).getByText('"card" | "bank_transfer"')).toBeTruthy();
    expect(within(wallet).getByText('A business rule refused the request.')).toBeTruthy();
    expect(screen.getByText('validation_failed, nul_byte')).toBeTruthy();

    await act(async () => {
      fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'ledger accounts' } });
    });
    expect(screen.queryByRole('region', { name: 'wallet' })).toBeNull();
    expect(screen.getByText('1 route · OpenAPI 3.1.2')).toBeTruthy();
  });
});
