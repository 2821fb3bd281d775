/**
 * What the header bell and the notification screens share, kept free of zod and React: the header
 * script on every page imports this file.
 */

/** Dispatched on window after a screen marks notifications read, so the bell refreshes its count. */
export const NOTIFICATIONS_CHANGED_EVENT = 'manzil:notifications-changed';

/** How the bell reads for screen readers: "Notifications, 3 unread". */
export const bellLabel = (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications, none unread');

/** The badge text: 1…99, then 99+. */
export const badgeText = (unread: number) => (unread > 99 ? '99+' : String(unread));

/** How often the bell asks for the count while the tab is visible. */
export const BELL_POLL_MS = 30_000;
/** Focus and visibility changes refresh the count at most this often. */
export const BELL_MIN_REFRESH_MS = 5_000;

export function announceNotificationsChanged() {
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(NOTIFICATIONS_CHANGED_EVENT));
}

/** "just now", "5 min ago", "3 h ago", "2 days ago", then the date. */
export function timeAgo(iso: string, now = Date.now()): string {
  const then = new Date(iso).getTime();
  const s = Math.max(0, Math.round((now - then) / 1000));
  if (s < 60) return 'just now';
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.round(m / 60);
  if (h < 24) return `${h} h ago`;
  const d = Math.round(h / 24);
  if (d < 7) return `${d} day${d === 1 ? '' : 's'} ago`;
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}
