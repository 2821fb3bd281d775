// @vitest-environment happy-dom
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NOTIFICATIONS_CHANGED_EVENT } from '@modules/notifications/ui/bell-state';
import { $auth } from '../lib/stores/session';
import { startNotificationBell } from './notification-bell';

/** The bell's markup as SiteHeader.astro renders it. */
const HEADER = `
<div data-notification-bell>
  <button type="button" data-bell-button aria-expanded="false" aria-controls="notification-panel" aria-label="Notifications"><span data-bell-badge hidden></span></button>
  <span data-bell-live aria-live="polite"></span>
  <div id="notification-panel" data-bell-panel hidden>
    <button type="button" data-bell-read-all>Mark all read</button>
    <p data-bell-status role="status"></p>
    <ul data-bell-list></ul>
    <a data-bell-admin hidden href="/admin/notifications">Operator notifications <span data-bell-admin-count></span></a>
    <a href="/notifications">See all notifications</a>
  </div>
</div>
<a href="/notifications">Notifications <span data-bell-count-text hidden></span></a>
<button type="button" data-menu-button><span data-menu-unread-text></span><span data-menu-unread hidden></span></button>
<p id="outside">elsewhere</p>`;

const user = { id: 'u1', firstName: 'Layla', lastName: 'Haddad', email: 'a@b.c', role: 'admin', mfaEnabled: false, kycStatus: 'approved', unicode: 'MZ-1' } as const;

let own = 3;
let operator = 2;
const calls: string[] = [];
const items = Array.from({ length: 5 }, (_, i) => ({
  id: `id-${i}`,
  kind: 'wallet',
  title: `Deposit ${i}`,
  body: 'Arrived.',
  link: '/wallet',
  createdAt: new Date().toISOString(),
  read: i > 2,
  readAt: null,
}));

const button = () => document.querySelector<HTMLButtonElement>('[data-bell-button]')!;
const badge = () => document.querySelector<HTMLElement>('[data-bell-badge]')!;
const panel = () => document.querySelector<HTMLElement>('[data-bell-panel]')!;
const flush = () => new Promise((r) => setTimeout(r, 0));

beforeAll(() => {
  document.body.innerHTML = HEADER;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push(`${init.method ?? 'GET'} ${url}`);
      const json = (b: unknown) => new Response(JSON.stringify(b), { status: 200, headers: { 'content-type': 'application/json' } });
      if (url === '/api/notifications/unread-count') return json({ unread: own });
      if (url === '/api/admin/notifications/unread-count') return json({ unread: operator });
      if (url === '/api/notifications?limit=5') return json({ items, total: 9, unread: own });
      if (url === '/api/notifications/read-all') {
        own = 0;
        return json({ marked: 3, unread: 0 });
      }
      return json({});
    }),
  );
  startNotificationBell();
});
afterAll(() => vi.unstubAllGlobals());

describe('the header bell', () => {
  it('shows nothing until someone is signed in, then the unread count (own + operator for admins)', async () => {
    expect(badge().hidden).toBe(true);
    $auth.set({ status: 'user', user: user as never });
    await vi.waitFor(() => expect(badge().hidden).toBe(false));
    expect(badge().textContent).toBe('5');
    expect(button().getAttribute('aria-label')).toBe('Notifications, 5 unread');
    expect(document.querySelector('[data-bell-count-text]')!.textContent).toBe('(5)');
    // Phones: the menu button carries a dot and says how many are unread.
    expect(document.querySelector<HTMLElement>('[data-menu-unread]')!.hidden).toBe(false);
    expect(document.querySelector('[data-menu-unread-text]')!.textContent).toBe(', 5 unread notifications');
  });

  it('opens a panel with the latest five and the operators’ count, and closes on Escape', async () => {
    button().click();
    expect(button().getAttribute('aria-expanded')).toBe('true');
    await vi.waitFor(() => expect(document.querySelectorAll('[data-bell-list] li')).toHaveLength(5));
    expect(document.querySelector('[data-bell-list] li a')!.getAttribute('href')).toBe('/wallet');
    expect(document.querySelector('[data-bell-list] li')!.textContent).toContain('Unread: ');
    expect(document.querySelector<HTMLElement>('[data-bell-admin]')!.hidden).toBe(false);
    expect(document.querySelector('[data-bell-admin-count]')!.textContent).toBe('2 unread');
    button().focus();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(panel().hidden).toBe(true);
    expect(button().getAttribute('aria-expanded')).toBe('false');
  });

  it('marks all read from the panel and tells the screens', async () => {
    const changed = vi.fn();
    window.addEventListener(NOTIFICATIONS_CHANGED_EVENT, changed);
    button().click();
    await vi.waitFor(() => expect(document.querySelectorAll('[data-bell-list] li')).toHaveLength(5));
    document.querySelector<HTMLButtonElement>('[data-bell-read-all]')!.click();
    await vi.waitFor(() => expect(calls).toContain('POST /api/notifications/read-all'));
    await vi.waitFor(() => expect(changed).toHaveBeenCalled());
    await vi.waitFor(() => expect(button().getAttribute('aria-label')).toBe('Notifications, 2 unread'));
    expect(document.querySelector('[data-bell-live]')!.textContent).toBe('All notifications marked as read.');
    document.getElementById('outside')!.click();
    expect(panel().hidden).toBe(true);
  });

  it('refreshes when a screen announces a change, and says when new ones arrive', async () => {
    operator = 4;
    window.dispatchEvent(new CustomEvent(NOTIFICATIONS_CHANGED_EVENT));
    await vi.waitFor(() => expect(button().getAttribute('aria-label')).toBe('Notifications, 4 unread'));
    expect(document.querySelector('[data-bell-live]')!.textContent).toBe('2 new notifications.');
  });

  it('hides the badge when the person signs out', async () => {
    $auth.set({ status: 'visitor' });
    await flush();
    expect(badge().hidden).toBe(true);
    expect(button().getAttribute('aria-label')).toBe('Notifications, none unread');
  });
});
