import { z } from 'zod';
import { listQuery } from '../platform/list';
import { can, type Permission } from '../auth/permissions-contract';

/**
 * In-app notifications (with an optional email copy). Browser-safe: the site imports this file.
 *
 * Investor kinds appear at /notifications; operator kinds (audience 'admin') appear at
 * /admin/notifications, one shared feed with per-person read state, each kind to the staff whose role holds
 * its `permission` — the one that acts on it (a screening hit to compliance, a withdrawal to finance; the owner
 * sees every kind; the auditor, who changes nothing, none).
 * To add a kind: add it to NOTIFICATION_KINDS with its label, audience, default email setting and, for an
 * operator kind, the permission of the staff it concerns.
 */
export const NOTIFICATION_KINDS = {
  kyc: { label: 'Identity verification', audience: 'user', emailByDefault: true },
  wallet: { label: 'Wallet', audience: 'user', emailByDefault: true },
  investment: { label: 'Investments', audience: 'user', emailByDefault: true },
  sip: { label: 'Investment plan collections', audience: 'user', emailByDefault: false },
  sip_alert: { label: 'Investment plan problems (failed, paused, low wallet)', audience: 'user', emailByDefault: true },
  exchange: { label: 'Exchange orders and trades', audience: 'user', emailByDefault: true },
  distribution: { label: 'Rental distributions', audience: 'user', emailByDefault: true },
  fee: { label: 'Platform fees', audience: 'user', emailByDefault: false },
  property: { label: 'Properties', audience: 'user', emailByDefault: false },
  security: { label: 'Security', audience: 'user', emailByDefault: true },
  system: { label: 'System messages', audience: 'user', emailByDefault: false },
  /** Announcements staff send to a segment (modules/communications); their emails carry an unsubscribe link. */
  announcement: { label: 'Announcements from Manzil', audience: 'user', emailByDefault: true },
  kyc_submitted: { label: 'New KYC applications', audience: 'admin', emailByDefault: false, permission: 'kyc:write' },
  screening_hit: { label: 'Screening hits', audience: 'admin', emailByDefault: true, permission: 'kyc:write' },
  withdrawal_requested: { label: 'Withdrawals to approve', audience: 'admin', emailByDefault: false, permission: 'finance:write' },
  distribution_approval: { label: 'Distributions to approve', audience: 'admin', emailByDefault: false, permission: 'finance:write' },
  tracker_alert: { label: 'Data tracker alerts', audience: 'admin', emailByDefault: true, permission: 'finance:write' },
} as const satisfies Record<string, { label: string; audience: 'user' | 'admin'; emailByDefault: boolean; permission?: Permission }>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export type NotificationAudience = 'user' | 'admin';

export const notificationKinds = Object.keys(NOTIFICATION_KINDS) as [NotificationKind, ...NotificationKind[]];
export const notificationKindSchema = z.enum(notificationKinds, { error: 'Choose a known notification kind.' });

export const kindsFor = (audience: NotificationAudience) =>
  notificationKinds.filter((k) => NOTIFICATION_KINDS[k].audience === audience);

/** The staff permission an operator kind concerns (who sees it in the feed and gets its email). */
export const kindPermission = (kind: NotificationKind): Permission | null =>
  (NOTIFICATION_KINDS[kind] as { permission?: Permission }).permission ?? null;

/** The operator kinds a staff role receives: those whose permission the role holds (none for an investor). */
export const operatorKindsFor = (role: string): NotificationKind[] =>
  kindsFor('admin').filter((k) => {
    const permission = kindPermission(k);
    return permission !== null && can(role, permission);
  });

/** Kinds whose in-app notification cannot be turned off. */
export const ALWAYS_IN_APP: readonly NotificationKind[] = ['security'];

export const kindLabel = (kind: string) =>
  (NOTIFICATION_KINDS as Record<string, { label: string }>)[kind]?.label ?? kind;

export type Notification = {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  createdAt: string;
  read: boolean;
  readAt: string | null;
};

export type NotificationPage = { items: Notification[]; total: number; unread: number };

export const NOTIFICATION_PAGE_SIZE = 20;

/**
 * GET /api/notifications and /api/admin/notifications (and the admin /export), on the one list contract
 * (modules/platform/list.ts): q searches title, body and kind; sort by createdAt (newest first), kind or title.
 */
export const listNotificationsQuery = listQuery({
  sort: ['createdAt', 'kind', 'title'],
  defaultSort: '-createdAt',
  sortAliases: { newest: '-createdAt', oldest: 'createdAt' },
  filters: {
    filter: z.enum(['all', 'unread'], { error: 'filter is all or unread.' }).default('all'),
    kind: z.union([notificationKindSchema, z.literal('')]).optional(),
  },
});
export type ListNotificationsQuery = z.input<typeof listNotificationsQuery>;
export type ListNotificationsParams = z.output<typeof listNotificationsQuery>;

export const notificationIdParam = z.object({ id: z.uuid('That is not a notification id.') });

export type NotificationPreference = { kind: NotificationKind; label: string; inApp: boolean; email: boolean; inAppLocked: boolean };

export const updatePreferencesInput = z.object({
  preferences: z
    .array(
      z.object({
        kind: notificationKindSchema,
        inApp: z.boolean({ error: 'inApp is true or false.' }).optional(),
        email: z.boolean({ error: 'email is true or false.' }).optional(),
      }),
    )
    .min(1, 'Send at least one preference.')
    .max(50, 'Too many preferences.'),
});
export type UpdatePreferencesInput = z.infer<typeof updatePreferencesInput>;

export { bellLabel, NOTIFICATIONS_CHANGED_EVENT } from './ui/bell-state';
