// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const HEADER = `
  <header>
    <div data-auth-slot="visitor"><a href="/login" data-open-dialog="login">Log in</a></div>
    <div data-auth-slot="user" hidden>
      <button type="button" data-account-menu-button aria-expanded="false" aria-controls="account-menu"><span data-user-first-name>Account</span></button>
      <div id="account-menu" hidden>
        <ul>
          <li><a href="/dashboard">Dashboard</a></li>
          <li><a href="/account/security">Security</a></li>
          <li data-admin-only hidden><a href="/admin/dashboard">Admin</a></li>
          <li><button type="button" data-logout>Log out</button></li>
        </ul>
      </div>
    </div>
  </header>`;

function session(user: Record<string, unknown> | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/auth/session-debug') return json({ hasUserId: Boolean(user), authStatus: { isAuthenticated: Boolean(user), mfaRequired: false } });
      if (url === '/api/auth/me') return user ? json(user) : json({ message: 'You are not logged in.' }, 401);
      return json({});
    }),
  );
}

async function start() {
  vi.resetModules();
  const mod = await import('./session-header');
  const { loadSession } = await import('../lib/stores/session');
  mod.startSessionHeader();
  await loadSession();
  await new Promise((r) => setTimeout(r, 0));
}

const slot = (k: string) => document.querySelector<HTMLElement>(`[data-auth-slot="${k}"]`)!;

beforeEach(() => {
  document.body.innerHTML = HEADER;
  sessionStorage.clear();
  window.history.replaceState(null, '', '/wallet');
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('header session awareness', () => {
  it('a visitor keeps the visitor links and the first page opened is remembered', async () => {
    session(null);
    await start();
    expect(slot('visitor').hidden).toBe(false);
    expect(slot('user').hidden).toBe(true);
    expect(sessionStorage.getItem('manzil.returnTo')).toBe('/wallet');
  });

  it('a signed-in user gets the account menu with their first name; Admin only for admins', async () => {
    session({ id: 'u', firstName: 'Layla', role: 'admin', kycStatus: 'approved' });
    await start();
    expect(slot('visitor').hidden).toBe(true);
    expect(slot('user').hidden).toBe(false);
    expect(document.querySelector('[data-user-first-name]')?.textContent).toBe('Layla');
    expect(document.querySelector<HTMLElement>('[data-admin-only]')!.hidden).toBe(false);
    expect(sessionStorage.getItem('manzil.returnTo')).toBeNull();

    document.body.innerHTML = HEADER;
    sessionStorage.clear();
    session({ id: 'u', firstName: 'Omar', role: 'investor', kycStatus: 'approved' });
    await start();
    expect(document.querySelector<HTMLElement>('[data-admin-only]')!.hidden).toBe(true);
  });

  it('the account menu opens, moves focus with arrow keys and closes on Escape', async () => {
    session({ id: 'u', firstName: 'Omar', role: 'investor', kycStatus: 'approved' });
    await start();
    const button = document.querySelector<HTMLButtonElement>('[data-account-menu-button]')!;
    const menu = document.getElementById('account-menu')!;
    button.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    expect(menu.hidden).toBe(false);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement?.textContent).toBe('Dashboard');
    menu.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    expect(document.activeElement?.textContent).toBe('Security');
    // Admin is hidden for investors, so the next item is Log out.
    menu.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    expect(document.activeElement?.textContent).toBe('Log out');
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(menu.hidden).toBe(true);
    expect(document.activeElement).toBe(button);
  });

  it("shows 'Logged out' on / after a logout redirect and cleans the address", async () => {
    window.history.replaceState(null, '', '/?logged_out=true&t=123');
    session(null);
    await start();
    const notice = document.querySelector('[data-testid="logout-notice"]');
    expect(notice?.getAttribute('role')).toBe('status');
    expect(notice?.textContent).toContain('Logged out');
    expect(notice?.textContent).toContain('You have been successfully logged out.');
    expect(window.location.search).toBe('');
  });
});
