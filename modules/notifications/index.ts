/**
 * Notifications: in-app (read/unread, a bell in the header, /notifications and the operators'
 * /admin/notifications) with email copies through the outbox or SMTP, and per-kind preferences.
 *
 *   notify(tx, { userId, kind, title, body, link?, email? })   one person
 *   notifyAdmins(tx, { kind, title, body, link?, email? })     the operators' shared feed
 *
 * Call them inside the transaction that makes the change. Kinds live in ./contract (NOTIFICATION_KINDS).
 */
export { notificationRoutes } from './routes';
export { listNotifications } from './feed-list';
export { notify, notifyMany, notifyAdmins, markAllRead, markRead, unreadCount, getPreferences, updatePreferences, type NotifyInput, type NotifyAdminsInput, type Viewer } from './service';
export * from './contract';
