/**
 * Session awareness for every page (spec §2, §4), vanilla and tiny, started from global.ts:
 * one session check; the header shows the visitor links or the account menu; 'Log out' runs the
 * logout flow; a visitor's first page is remembered for the post-login return; a pending MFA code
 * sends the browser to /verify-mfa; / shows the logout notice; unverified users get the KYC banner.
 */
import { isStaffRole } from '@modules/auth/permissions-contract';
import type { CurrentUser } from '@modules/auth/contract';
import { TOAST } from '@modules/platform/contract';
import { isKycDone, isMfaPage, type LogoutNotice, logoutNotice, normalizePath, rememberFirstPage, tabStorage, withoutLogoutFlags } from '../lib/session-flow';
import { loadSession, logout } from '../lib/stores/session';
import { toast } from '../lib/stores/toast';
import { startAuthLauncher } from './auth-launcher';

/** A hint of who was signed in, so the header does not flash 'Log in' on every page (cleared at logout). */
const HINT_KEY = 'manzil.sessionUser';
type Hint = { firstName: string; role: string };

function slots(kind: 'visitor' | 'user') {
  return document.querySelectorAll<HTMLElement>(`[data-auth-slot="${kind}"]`);
}

function showUser(hint: Hint) {
  for (const el of slots('visitor')) el.hidden = true;
  for (const el of slots('user')) el.hidden = false;
  for (const el of document.querySelectorAll<HTMLElement>('[data-user-first-name]')) el.textContent = hint.firstName;
  for (const el of document.querySelectorAll<HTMLElement>('[data-user-initial]')) el.textContent = hint.firstName.charAt(0).toUpperCase();
  for (const el of document.querySelectorAll<HTMLElement>('[data-admin-only]')) el.hidden = !isStaffRole(hint.role);
}

function showVisitor() {
  for (const el of slots('user')) el.hidden = true;
  for (const el of slots('visitor')) el.hidden = false;
  closeAccountMenu(false);
}

// ---- Account menu: a disclosure button with a list of links (Escape and outside clicks close it) ----

const menuButton = () => document.querySelector<HTMLButtonElement>('[data-account-menu-button]');
const menuPanel = () => document.getElementById('account-menu');
const menuItems = () => [...(menuPanel()?.querySelectorAll<HTMLElement>('a[href], button') ?? [])].filter((el) => !el.closest('[hidden]'));

function closeAccountMenu(focusButton: boolean) {
  const button = menuButton();
  const panel = menuPanel();
  if (!button || !panel || panel.hidden) return;
  panel.hidden = true;
  button.setAttribute('aria-expanded', 'false');
  if (focusButton) button.focus();
}

function openAccountMenu(focusFirst: boolean) {
  const button = menuButton();
  const panel = menuPanel();
  if (!button || !panel) return;
  panel.hidden = false;
  button.setAttribute('aria-expanded', 'true');
  if (focusFirst) menuItems()[0]?.focus();
}

function wireAccountMenu() {
  const button = menuButton();
  const panel = menuPanel();
  if (!button || !panel) return;
  button.addEventListener('click', () => (panel.hidden ? openAccountMenu(false) : closeAccountMenu(false)));
  button.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      openAccountMenu(true);
    }
  });
  panel.addEventListener('keydown', (e) => {
    const items = menuItems();
    const i = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = e.key === 'ArrowDown' ? (i + 1) % items.length : (i - 1 + items.length) % items.length;
      items[next]?.focus();
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      items[e.key === 'Home' ? 0 : items.length - 1]?.focus();
    }
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !panel.hidden) closeAccountMenu(panel.contains(document.activeElement));
  });
  document.addEventListener('click', (e) => {
    const wrap = button.parentElement;
    if (!panel.hidden && wrap && !wrap.contains(e.target as Node)) closeAccountMenu(false);
  });
  panel.addEventListener('focusout', (e) => {
    const next = e.relatedTarget as Node | null;
    if (next && !panel.contains(next) && next !== button) closeAccountMenu(false);
  });
}

function wireLogout() {
  document.addEventListener('click', (e) => {
    const trigger = (e.target as Element | null)?.closest?.<HTMLButtonElement>('[data-logout]');
    if (!trigger) return;
    e.preventDefault();
    for (const b of document.querySelectorAll<HTMLButtonElement>('[data-logout]')) {
      b.disabled = true;
      b.setAttribute('aria-busy', 'true');
      b.textContent = 'Logging out...';
    }
    void logout();
  });
}

// ---- The logout notice on / ----

function hasToaster() {
  return Boolean(document.querySelector('astro-island[component-url*="Toaster"], #auth-dialogs, [role="region"][aria-label^="Notifications"]'));
}

/** A small dismissible card for pages without a toaster (the home page ships no React). */
function showNotice(n: LogoutNotice) {
  const card = document.createElement('div');
  card.setAttribute('role', 'status');
  card.dataset.testid = 'logout-notice';
  card.className = `fixed bottom-4 right-4 left-4 z-[95] sm:left-auto sm:w-[380px] flex items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg ${
    n.variant === 'warning' ? 'border-amber-300 bg-amber-50 text-amber-950' : 'border-brand-200 bg-brand-50 text-brand-950'
  }`;
  const text = document.createElement('div');
  const title = document.createElement('p');
  title.className = 'text-sm font-semibold';
  title.textContent = n.title;
  const desc = document.createElement('p');
  desc.className = 'mt-1 text-sm opacity-90';
  desc.textContent = n.description;
  text.append(title, desc);
  const close = document.createElement('button');
  close.type = 'button';
  close.setAttribute('aria-label', 'Dismiss');
  close.className = 'absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100 focus:opacity-100';
  close.innerHTML =
    '<svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true"><path d="M18 6 6 18M6 6l12 12"/></svg>';
  card.append(text, close);
  let timer = 0;
  const remove = () => card.remove();
  const arm = () => (timer = window.setTimeout(remove, TOAST.logoutDuration));
  close.addEventListener('click', remove);
  // Stays while someone is reading it (hover or keyboard focus), like the toasts.
  card.addEventListener('pointerenter', () => clearTimeout(timer));
  card.addEventListener('pointerleave', arm);
  card.addEventListener('focusin', () => clearTimeout(timer));
  card.addEventListener('focusout', arm);
  document.body.append(card);
  arm();
}

function handleLogoutFlag() {
  if (normalizePath(location.pathname) !== '/') return;
  const n = logoutNotice(location.search);
  if (!n) return;
  history.replaceState(history.state, '', withoutLogoutFlags(location.pathname, location.search, location.hash));
  if (hasToaster()) toast({ title: n.title, description: n.description, variant: n.variant, duration: TOAST.logoutDuration });
  else showNotice(n);
}

// ---- Start ----

function readHint(): Hint | null {
  try {
    const raw = tabStorage()?.getItem(HINT_KEY);
    const h = raw ? (JSON.parse(raw) as Hint) : null;
    return h && typeof h.firstName === 'string' ? h : null;
  } catch {
    return null;
  }
}

function writeHint(user: CurrentUser | null) {
  try {
    const s = tabStorage();
    if (user) s?.setItem(HINT_KEY, JSON.stringify({ firstName: user.firstName, role: user.role } satisfies Hint));
    else s?.removeItem(HINT_KEY);
  } catch {}
}

let started = false;
export function startSessionHeader() {
  if (started) return;
  started = true;
  startAuthLauncher();
  wireAccountMenu();
  wireLogout();
  const hint = readHint();
  if (hint) showUser(hint);
  handleLogoutFlag();

  void loadSession().then((state) => {
    if (state.status === 'user') {
      const { user } = state;
      showUser({ firstName: user.firstName, role: user.role });
      writeHint(user);
      if (!isKycDone(user.kycStatus)) void import('./kyc-banner').then((m) => m.scheduleKycBanner(user));
      return;
    }
    showVisitor();
    writeHint(null);
    if (state.status === 'mfa-pending') {
      if (!isMfaPage(location.pathname)) location.replace('/verify-mfa');
      return;
    }
    rememberFirstPage(tabStorage(), location.pathname + location.search);
  });
}
