// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@modules/auth/contract';
import type { Notification, NotificationPreference } from '@modules/notifications/contract';
import { NOTIFICATIONS_CHANGED_EVENT } from '@modules/notifications/contract';
import AdminNotifications from '../admin/screens/Notifications';
import { Notifications } from './NotificationsScreen';

const omar: CurrentUser = { id: 'u1', firstName: 'Omar', lastName: 'Rahman', email: 'omar@example.com', role: 'investor', mfaEnabled: false, kycStatus: 'approved', unicode: 'MZ-TEST01' };

const note = (i: number, over: Partial<Notification> = {}): Notification => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  kind: 'wallet',
  title: `Deposit ${i} received`,
  body: `AED ${i}00 reached your wallet.`,
  link: '/wallet',
  createdAt: new Date(Date.now() - i * 60_000).toISOString(),
  read: false,
  readAt: null,
  ...over,
});

const prefs: NotificationPreference[] = [
  { kind: 'wallet', label: 'Wallet', inApp: true, email: true, inAppLocked: false },
  { kind: 'security', label: 'Security', inApp: true, email: true, inAppLocked: true },
  { kind: 'screening_hit', label: 'Screening hits', inApp: true, email: true, inAppLocked: true },
];

type Call = { method: string; url: string; body: unknown; headers: Record<string, string> };

/** A fake API: the feed (paged like the server), read, read-all and preferences; every call is recorded. */
function server(opts: { user?: CurrentUser | null; items?: Notification[]; failFeed?: boolean } = {}) {
  const items = opts.items ?? [];
  const calls: Call[] = [];
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  document.cookie = 'XSRF-TOKEN=tok123';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init.method ?? 'GET').toUpperCase();
      calls.push({ method, url: url.pathname + url.search, body: init.body ? JSON.parse(String(init.body)) : undefined, headers: (init.headers ?? {}) as Record<string, string> });
      const path = url.pathname;
      if (path === '/api/auth/me') return opts.user === null ? json({ error: 'unauthenticated' }, 401) : json(opts.user ?? omar);
      if (path === '/api/notifications/preferences') {
        if (method === 'PUT') {
          const change = (init.body ? JSON.parse(String(init.body)) : {}).preferences[0];
          return json({ preferences: prefs.map((p) => (p.kind === change.kind ? { ...p, ...change } : p)) });
        }
        return json({ preferences: prefs });
      }
      const feed = /^\/api\/(admin\/)?notifications$/.exec(path);
      if (feed && method === 'GET') {
        if (opts.failFeed) return json({ message: 'The database is resting.' }, 503);
        const filter = url.searchParams.get('filter');
        const kind = url.searchParams.get('kind');
        const limit = Number(url.searchParams.get('limit'));
        const offset = Number(url.searchParams.get('offset'));
        const shown = items.filter((n) => (filter !== 'unread' || !n.read) && (!kind || n.kind === kind));
        return json({ items: shown.slice(offset, offset + limit), total: shown.length, unread: items.filter((n) => !n.read).length });
      }
      const read = /^\/api\/(admin\/)?notifications\/([^/]+)\/read$/.exec(path);
      if (read) {
        const n = items.find((x) => x.id === read[2]);
        if (n) n.read = true;
        return json({ id: read[2], read: true, unread: items.filter((x) => !x.read).length });
      }
      if (/^\/api\/(admin\/)?notifications\/read-all$/.test(path)) {
        const marked = items.filter((x) => !x.read).length;
        for (const x of items) x.read = true;
        return json({ marked, unread: 0 });
      }
      return json({}, 404);
    }),
  );
  return calls;
}

const renderScreen = (ui: React.ReactElement) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/notifications', () => {
  it('is empty and all caught up, with Mark all as read disabled, on both filters', async () => {
    server();
    renderScreen(<Notifications />);
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Mark all as read/ }) as HTMLButtonElement).disabled).toBe(true);
    const unread = screen.getByRole('button', { name: 'Unread' });
    fireEvent.click(unread);
    expect(unread.getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByText("You're all caught up")).toBeTruthy();
    expect(screen.getByText('You have no unread notifications.')).toBeTruthy();
  });

  it('lists notifications, marks one read with the CSRF header, and tells the bell', async () => {
    const calls = server({ items: [note(1), note(2, { read: true, readAt: new Date().toISOString(), kind: 'kyc', title: 'Identity verified', link: null })] });
    const changed = vi.fn();
    window.addEventListener(NOTIFICATIONS_CHANGED_EVENT, changed);
    renderScreen(<Notifications />);
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Unread (1)' })).toBeTruthy();
    expect(within(list).getByText('Identity verification')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark as read: Deposit 1 received' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === `/api/notifications/${note(1).id}/read`)).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.headers['X-CSRF-Token']).toBe('tok123');
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Mark as read/ })).toBeNull());
    expect(changed).toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toContain('Nothing is unread now.');
    window.removeEventListener(NOTIFICATIONS_CHANGED_EVENT, changed);
  });

  it('filters by kind, pages through, and marks all read', async () => {
    const items = [...Array.from({ length: 23 }, (_, i) => note(i + 1)), note(30, { kind: 'security', title: 'New sign-in' })];
    const calls = server({ items });
    renderScreen(<Notifications />);
    expect(await screen.findByText('1–20 of 24')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('21–24 of 24')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('offset=20'))).toBe(true);
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'security' } });
    expect(await screen.findByText('1–1 of 1')).toBeTruthy();
    expect(screen.getByText('New sign-in')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: '' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/notifications/read-all')).toBe(true));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Unread' })).toBeTruthy());
  });

  it('shows preferences: security stays in the app, and an email switch saves at once', async () => {
    const calls = server();
    renderScreen(<Notifications />);
    const security = (await screen.findByLabelText('Security in the app (always on)')) as HTMLInputElement;
    expect(security.disabled).toBe(true);
    expect(security.checked).toBe(true);
    expect(screen.queryByLabelText(/Screening hits/)).toBeNull();
    fireEvent.click(screen.getByLabelText('Wallet by email'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ preferences: [{ kind: 'wallet', email: false }] }));
    await waitFor(() => expect((screen.getByLabelText('Wallet by email') as HTMLInputElement).checked).toBe(false));
  });

  it('says so when the feed cannot load, and offers to try again', async () => {
    server({ failFeed: true });
    renderScreen(<Notifications />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The database is resting.');
    expect(within(alert).getByRole('button', { name: /Try again/ })).toBeTruthy();
  });

  it('explains the screen to a visitor', async () => {
    server({ user: null });
    renderScreen(<Notifications />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your notifications' })).toBeTruthy();
  });
});

describe('/admin/notifications', () => {
  it('reads the operators’ feed and offers only the operator kinds and their email preference', async () => {
    const calls = server({ user: { ...omar, role: 'admin' }, items: [note(1, { kind: 'screening_hit', title: 'Screening hit: Karim', link: '/admin/kyc?user=u9' })] });
    renderScreen(<AdminNotifications />);
    expect(await screen.findByText('Screening hit: Karim')).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith('/api/admin/notifications?'))).toBe(true);
    const kinds = within(screen.getByLabelText('Kind')).getAllByRole('option').map((o) => o.textContent);
    expect(kinds).toEqual(['All kinds', 'New KYC applications', 'Screening hits', 'Withdrawals to approve', 'Distributions to approve', 'Data tracker alerts']);
    expect(await screen.findByLabelText('Screening hits by email')).toBeTruthy();
    expect(screen.queryByLabelText('Wallet by email')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Mark as read: Screening hit: Karim' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === `/api/admin/notifications/${note(1).id}/read`)).toBe(true));
  });

  it('offers a finance account only the kinds finance acts on', async () => {
    server({ user: { ...omar, role: 'finance' }, items: [note(2, { kind: 'withdrawal_requested', title: 'Withdrawal to approve: AED 300.00' })] });
    renderScreen(<AdminNotifications />);
    expect(await screen.findByText('Withdrawal to approve: AED 300.00')).toBeTruthy();
    const kinds = within(screen.getByLabelText('Kind')).getAllByRole('option').map((o) => o.textContent);
    expect(kinds).toEqual(['All kinds', 'Withdrawals to approve', 'Distributions to approve', 'Data tracker alerts']);
  });

  it('tells a role that acts on no operator notification where they go, instead of an empty feed', async () => {
    const calls = server({ user: { ...omar, role: 'auditor' }, items: [] });
    renderScreen(<AdminNotifications />);
    expect(await screen.findByText('No operator notifications for your role')).toBeTruthy();
    expect(screen.getByText(/^Your role \(Auditor\) does not act on any of them: new kyc applications, screening hits/)).toBeTruthy();
    expect(screen.queryByLabelText('Kind')).toBeNull();
    expect(calls.some((c) => c.url.startsWith('/api/admin/notifications?'))).toBe(false);
  });
});
