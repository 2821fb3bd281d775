/**
 * The header bell for signed-in people (issue #5): the unread count as a badge and in the button's
 * name ("Notifications, 3 unread"), and a panel with the latest five, "Mark all read" and a link to
 * /notifications. For administrators the panel also links the operators' feed and its count.
 *
 * The count is asked for every 30 s while the tab is visible, when the window regains focus, and
 * whenever a screen announces a change (NOTIFICATIONS_CHANGED_EVENT). Vanilla DOM, no React: it
 * ships with the header on every page.
 */
import { isStaffRole } from '@modules/auth/permissions-contract';
import type { Notification, NotificationPage } from '@modules/notifications/contract';
import {
  badgeText,
  BELL_MIN_REFRESH_MS,
  BELL_POLL_MS,
  bellLabel,
  NOTIFICATIONS_CHANGED_EVENT,
  timeAgo,
} from '@modules/notifications/ui/bell-state';
import { api } from '../lib/api';
import { $auth } from '../lib/stores/session';

type Els = {
  root: HTMLElement;
  button: HTMLButtonElement;
  badge: HTMLElement;
  panel: HTMLElement;
  list: HTMLUListElement;
  status: HTMLElement;
  readAll: HTMLButtonElement;
  admin: HTMLAnchorElement | null;
  adminCount: HTMLElement | null;
  live: HTMLElement;
};

let els: Els | null = null;
let role: string | null = null;
let own = 0;
let operator = 0;
let timer: number | undefined;
let lastRefresh = 0;
let announced: number | null = null;

function find(): Els | null {
  const root = document.querySelector<HTMLElement>('[data-notification-bell]');
  if (!root) return null;
  const q = <T extends Element>(sel: string) => root.querySelector<T>(sel);
  const button = q<HTMLButtonElement>('[data-bell-button]');
  const badge = q<HTMLElement>('[data-bell-badge]');
  const panel = q<HTMLElement>('[data-bell-panel]');
  const list = q<HTMLUListElement>('[data-bell-list]');
  const status = q<HTMLElement>('[data-bell-status]');
  const readAll = q<HTMLButtonElement>('[data-bell-read-all]');
  const live = q<HTMLElement>('[data-bell-live]');
  if (!button || !badge || !panel || !list || !status || !readAll || !live) return null;
  return { root, button, badge, panel, list, status, readAll, admin: q('[data-bell-admin]'), adminCount: q('[data-bell-admin-count]'), live };
}

function render() {
  if (!els) return;
  const total = own + operator;
  els.button.setAttribute('aria-label', bellLabel(total));
  els.badge.hidden = total === 0;
  els.badge.textContent = badgeText(total);
  els.readAll.disabled = own === 0;
  if (els.admin && els.adminCount) {
    els.admin.hidden = !isStaffRole(role);
    els.adminCount.textContent = operator === 0 ? 'none unread' : `${operator} unread`;
  }
  for (const el of document.querySelectorAll<HTMLElement>('[data-bell-count-text]')) {
    el.textContent = total ? `(${badgeText(total)})` : '';
    el.hidden = total === 0;
  }
  // On phones the bell sits in the menu: a dot on the menu button says there is something unread.
  for (const el of document.querySelectorAll<HTMLElement>('[data-menu-unread]')) el.hidden = total === 0;
  for (const el of document.querySelectorAll<HTMLElement>('[data-menu-unread-text]')) el.textContent = total ? `, ${total} unread notification${total === 1 ? '' : 's'}` : '';
  // Say it once when new notifications arrive while the page is open (not on the first count).
  if (announced !== null && total > announced) els.live.textContent = `${total - announced} new notification${total - announced === 1 ? '' : 's'}.`;
  announced = total;
}

async function refreshCount() {
  lastRefresh = Date.now();
  try {
    const [mine, ops] = await Promise.all([
      api.get<{ unread: number }>('/api/notifications/unread-count'),
      isStaffRole(role) ? api.get<{ unread: number }>('/api/admin/notifications/unread-count') : Promise.resolve({ unread: 0 }),
    ]);
    own = mine.unread;
    operator = ops.unread;
    render();
  } catch {
    // Signed out in another tab, or the network dropped: keep the last count; the next poll tries again.
  }
}

function setStatus(text: string, retry = false) {
  if (!els) return;
  els.status.textContent = text;
  els.status.hidden = text === '';
  if (retry) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'ml-1 font-medium text-brand-700 underline';
    b.textContent = 'Try again';
    b.addEventListener('click', () => void loadLatest());
    els.status.append(' ', b);
  }
}

function itemNode(n: Notification): HTMLLIElement {
  const li = document.createElement('li');
  const a = document.createElement('a');
  a.href = n.link ?? '/notifications';
  a.className = 'flex gap-3 px-4 py-3 hover:bg-slate-50 focus:bg-slate-50 focus:outline-none';
  const dot = document.createElement('span');
  dot.setAttribute('aria-hidden', 'true');
  dot.className = `mt-1.5 h-2 w-2 shrink-0 rounded-full ${n.read ? 'bg-transparent' : 'bg-brand-600'}`;
  const text = document.createElement('span');
  text.className = 'min-w-0 flex-1';
  const title = document.createElement('span');
  title.className = `block text-sm ${n.read ? 'text-slate-700' : 'font-semibold text-ink'}`;
  title.textContent = n.title;
  const body = document.createElement('span');
  body.className = 'mt-0.5 block text-xs leading-relaxed text-slate-600 line-clamp-2';
  body.textContent = n.body;
  const time = document.createElement('time');
  time.dateTime = n.createdAt;
  time.className = 'mt-1 block text-xs text-slate-400';
  time.textContent = timeAgo(n.createdAt);
  const sr = document.createElement('span');
  sr.className = 'sr-only';
  sr.textContent = n.read ? '' : 'Unread: ';
  text.append(sr, title, body, time);
  a.append(dot, text);
  a.addEventListener('click', async (e) => {
    if (n.read) return;
    e.preventDefault();
    await api.post(`/api/notifications/${n.id}/read`).catch(() => {});
    location.href = a.href;
  });
  li.append(a);
  return li;
}

async function loadLatest() {
  if (!els) return;
  setStatus('Loading your notifications…');
  try {
    const page = await api.get<NotificationPage>('/api/notifications?limit=5');
    own = page.unread;
    render();
    els.list.replaceChildren(...page.items.map(itemNode));
    setStatus(page.items.length ? '' : "You're all caught up. New notifications will appear here.");
  } catch {
    els.list.replaceChildren();
    setStatus('We could not load your notifications.', true);
  }
}

const isOpen = () => Boolean(els && !els.panel.hidden);

function open() {
  if (!els) return;
  els.panel.hidden = false;
  els.button.setAttribute('aria-expanded', 'true');
  void loadLatest();
}

function close(focusButton: boolean) {
  if (!els || els.panel.hidden) return;
  els.panel.hidden = true;
  els.button.setAttribute('aria-expanded', 'false');
  if (focusButton) els.button.focus();
}

let wired = false;
function wire() {
  if (!els || wired) return;
  wired = true;
  const e = els;
  e.button.addEventListener('click', () => (isOpen() ? close(false) : open()));
  e.readAll.addEventListener('click', async () => {
    e.readAll.disabled = true;
    try {
      await api.post('/api/notifications/read-all', {});
      e.live.textContent = 'All notifications marked as read.';
      window.dispatchEvent(new CustomEvent(NOTIFICATIONS_CHANGED_EVENT));
      await loadLatest();
    } catch {
      e.readAll.disabled = false;
      setStatus('We could not mark your notifications as read.', true);
    }
  });
  document.addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape' && isOpen()) close(e.root.contains(document.activeElement));
  });
  document.addEventListener('click', (ev) => {
    if (isOpen() && !e.root.contains(ev.target as Node)) close(false);
  });
  e.panel.addEventListener('focusout', (ev) => {
    const next = ev.relatedTarget as Node | null;
    if (next && !e.root.contains(next)) close(false);
  });
  const soon = () => {
    if (role && !document.hidden && Date.now() - lastRefresh > BELL_MIN_REFRESH_MS) void refreshCount();
  };
  window.addEventListener('focus', soon);
  document.addEventListener('visibilitychange', soon);
  window.addEventListener(NOTIFICATIONS_CHANGED_EVENT, () => {
    if (!role) return;
    void refreshCount();
    if (isOpen()) void loadLatest();
  });
}

function start(userRole: string) {
  els ??= find();
  if (!els) return;
  role = userRole;
  wire();
  void refreshCount();
  window.clearInterval(timer);
  timer = window.setInterval(() => {
    if (!document.hidden) void refreshCount();
  }, BELL_POLL_MS);
}

function stop() {
  role = null;
  window.clearInterval(timer);
  own = operator = 0;
  announced = null;
  close(false);
  render();
}

export function startNotificationBell() {
  $auth.subscribe((state) => {
    if (state.status === 'user') start(state.user.role);
    else if (state.status !== 'loading') stop();
  });
}
