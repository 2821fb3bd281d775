// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getQueryClient } from '@site/lib/query';
import AdminApp from './AdminApp';

const admin = { id: '1', firstName: 'Layla', lastName: 'Haddad', email: 'admin@manzil.ae', role: 'admin', mfaEnabled: false, kycStatus: 'approved', unicode: 'MZ-ABC234' };
const waitlist = {
  items: [
    { id: 'w1', email: 'omar@example.ae', name: 'Omar Saleh', interest: 'sip', createdAt: '2025-03-14T05:30:00.000Z' },
    { id: 'w2', email: 'priya@example.in', name: 'Priya Nair', interest: 'manual', createdAt: '2025-03-13T05:30:00.000Z' },
  ],
  total: 2,
};

type Routes = Record<string, () => Response>;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function mockApi(routes: Routes) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = routes[url.pathname + url.search] ?? routes[url.pathname];
    return handler ? handler() : json({ message: 'Not found', error: 'not_found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function at(path: string) {
  window.history.replaceState(null, '', path);
}

beforeEach(() => {
  getQueryClient().clear();
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('access', () => {
  it('on a screen the role may read but not change, says so and makes the primary actions unavailable with the reason', async () => {
    const finance = { ...admin, role: 'finance', permissions: ['overview:read', 'settings:read', 'investors:read', 'finance:read', 'finance:write', 'operations:read'] };
    mockApi({ '/api/auth/me': () => json(finance) });
    at('/admin/properties');
    render(<AdminApp />);
    const note = await screen.findByTestId('read-only-note');
    expect(note.textContent).toMatch(/^Read only: your role \(Finance\) can look here but does not include managing properties/);
    const add = await screen.findByRole('button', { name: /Add property/ });
    expect(add.getAttribute('aria-disabled')).toBe('true');
    const tip = document.getElementById(add.getAttribute('aria-describedby') ?? '');
    expect(tip?.textContent).toBe(note.textContent);
    // The list failed to load (nothing answers here): trying again reads, so it stays usable.
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(retry.getAttribute('aria-disabled')).toBeNull();
  });

  it('leaves the primary actions to a role that may change the screen', async () => {
    mockApi({ '/api/auth/me': () => json(admin) });
    at('/admin/properties');
    render(<AdminApp />);
    const add = await screen.findByRole('button', { name: /Add property/ });
    expect(add.getAttribute('aria-disabled')).toBeNull();
    expect(screen.queryByTestId('read-only-note')).toBeNull();
  });

  it('asks a visitor to sign in, linking to /login', async () => {
    mockApi({ '/api/auth/me': () => json({ message: 'Not signed in', error: 'unauthorized' }, 401) });
    at('/admin/waitlist');
    render(<AdminApp />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in required' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('navigation', { name: 'Back office' })).toBeNull();
  });

  it('treats a missing /api/auth/me (404) as a visitor', async () => {
    mockApi({});
    at('/admin');
    render(<AdminApp />);
    expect(await screen.findByRole('heading', { name: 'Sign in required' })).toBeTruthy();
  });

  it('sends a staff account that must set up two-factor verification to /account/security, and shows no back office', async () => {
    const calls = mockApi({ '/api/auth/me': () => json({ ...admin, mfaRequired: true, mfaEnabled: false }) });
    at('/admin/waitlist');
    render(<AdminApp />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up two-factor verification' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set up two-factor verification' }).getAttribute('href')).toBe('/account/security');
    expect(screen.queryByRole('navigation', { name: 'Back office' })).toBeNull();
    expect(calls.mock.calls.map(([u]) => new URL(String(u), 'http://localhost').pathname)).toEqual(['/api/auth/me']);
  });

  it('opens the back office to a staff account once its required two-factor verification is on', async () => {
    mockApi({ '/api/auth/me': () => json({ ...admin, mfaRequired: true, mfaEnabled: true }), '/api/admin/waitlist': () => json(waitlist) });
    at('/admin/waitlist');
    render(<AdminApp />);
    expect(await screen.findByRole('navigation', { name: 'Back office' })).toBeTruthy();
  });

  it('tells a signed-in investor the back office is for admins, linking to /dashboard', async () => {
    mockApi({ '/api/auth/me': () => json({ ...admin, role: 'investor' }) });
    at('/admin/dashboard');
    render(<AdminApp />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Admins only' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/dashboard');
  });
});

describe('admin shell', () => {
  it('normalises the location, titles the screen, marks the nav item and lists real waitlist rows', async () => {
    const fetchMock = mockApi({
      '/api/auth/me': () => json(admin),
      '/api/admin/waitlist?sort=-createdAt&limit=50&offset=0': () => json(waitlist),
      '/api/admin/waitlist?q=priya&sort=-createdAt&limit=50&offset=0': () => json({ items: [waitlist.items[1]], total: 1 }),
    });
    at('/ADMIN/Waitlist/');
    render(<AdminApp />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Waitlist' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    const current = within(nav).getAllByRole('link').filter((a) => a.getAttribute('aria-current') === 'page');
    expect(current.map((a) => a.textContent)).toEqual(['Waitlist']);
    expect(await screen.findByText('Omar Saleh')).toBeTruthy();
    expect(screen.getByText('Priya Nair')).toBeTruthy();
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toContain('/api/admin/waitlist?sort=-createdAt&limit=50&offset=0');

    // The search runs on the server over the whole list, and the address keeps it.
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'priya' } });
    await waitFor(() => expect(screen.queryByText('Omar Saleh')).toBeNull());
    expect(screen.getByText('Priya Nair')).toBeTruthy();
    expect(window.location.search).toBe('?q=priya');
    expect(document.title).toBe('Waitlist · Manzil Admin');
  });

  it('on navigation scrolls to the top, restarts the progress bar and opens the new screen', async () => {
    mockApi({ '/api/auth/me': () => json(admin), '/api/admin/waitlist': () => json(waitlist), '/api/admin/ledger/journal-entries': () => json({ items: [], total: 0 }) });
    at('/admin/waitlist');
    render(<AdminApp />);
    await screen.findByRole('heading', { level: 1, name: 'Waitlist' });
    const barBefore = document.querySelector('.progress-bar');
    expect(barBefore).toBeTruthy();
    vi.mocked(window.scrollTo).mockClear();

    const nav = screen.getByRole('navigation', { name: 'Back office' });
    await act(async () => {
      fireEvent.click(within(nav).getByRole('link', { name: 'Journal entries' }));
    });
    expect(window.location.pathname).toBe('/admin/journal-entries');
    expect(await screen.findByRole('heading', { level: 1, name: 'Journal entries' })).toBeTruthy();
    expect(window.scrollTo).toHaveBeenCalled();
    const barAfter = document.querySelector('.progress-bar');
    expect(barAfter).toBeTruthy();
    expect(barAfter).not.toBe(barBefore); // a fresh element re-runs the 3 s animation
    expect(await screen.findByText('No journal entries have been posted yet')).toBeTruthy();
  });

  it('switches financial tabs through the URL', async () => {
    mockApi({ '/api/auth/me': () => json(admin) });
    at('/admin/financial/Ledger/');
    render(<AdminApp />);
    const tabs = await screen.findByRole('navigation', { name: 'Financial areas' });
    expect(within(tabs).getByRole('link', { name: 'General ledger' }).getAttribute('aria-current')).toBe('page');
    await act(async () => {
      fireEvent.click(within(tabs).getByRole('link', { name: 'Payables' }));
    });
    expect(window.location.pathname).toBe('/admin/financial/payables');
    await waitFor(() => expect(within(tabs).getByRole('link', { name: 'Payables' }).getAttribute('aria-current')).toBe('page'));
    expect(screen.getByRole('heading', { level: 2, name: 'Payables' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Financial management' })).toBeTruthy();
  });
});
