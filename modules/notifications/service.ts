import { and, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { notFound, unprocessable } from '@api/errors';
import { users } from '../auth/schema';
import { rolesWith, type StaffRole } from '../auth/permissions-contract';
import { queueEmail, queueEmails, type EmailMessage } from '../email';
import { PRODUCT_NAME } from '../platform/contract';
import {
  ALWAYS_IN_APP,
  kindLabel,
  kindPermission,
  kindsFor,
  NOTIFICATION_KINDS,
  operatorKindsFor,
  type NotificationAudience,
  type NotificationKind,
  type NotificationPreference,
  type UpdatePreferencesInput,
} from './contract';
import { notificationPreferences, notificationReads, notifications } from './schema';

export type NotifyInput = {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path inside the site, like /kyc or /wallet. */
  link?: string | null;
  /** false: never email this one. Otherwise an email copy goes out when the person's preference allows it. */
  email?: boolean;
};

export type NotifyAdminsInput = Omit<NotifyInput, 'userId'>;

/**
 * Whose feed is being read: an investor's own, or the operators' shared one (read state per person), of which a
 * staff member sees the kinds their role concerns (`role`).
 */
export type Viewer = { userId: string; audience: 'user' } | { userId: string; audience: 'admin'; role: string };

/** Absolute links in emails: PUBLIC_SITE_URL, else this server on localhost at its own PORT. */
const siteUrl = () => (process.env.PUBLIC_SITE_URL ?? `http://localhost:${process.env.PORT ?? 4321}`).replace(/\/+$/, '');

const lockedInApp = (kind: NotificationKind) =>
  ALWAYS_IN_APP.includes(kind) || NOTIFICATION_KINDS[kind].audience === 'admin';

/** A person's effective preference for one kind (defaults when they never chose). */
async function preferenceFor(db: Db, userId: string, kind: NotificationKind) {
  const [row] = await db
    .select({ inApp: notificationPreferences.inApp, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind)))
    .limit(1);
  return {
    inApp: lockedInApp(kind) ? true : (row?.inApp ?? true),
    email: row?.email ?? NOTIFICATION_KINDS[kind].emailByDefault,
  };
}

function emailText(firstName: string, input: NotifyAdminsInput, audience: NotificationAudience) {
  const settings = audience === 'admin' ? '/admin/notifications' : '/notifications';
  return [
    `Hello ${firstName || 'there'},`,
    '',
    input.body,
    ...(input.link ? ['', `Open it here: ${siteUrl()}${input.link}`] : []),
    '',
    `You receive this email because "${kindLabel(input.kind)}" emails are on. Change that in your notification preferences: ${siteUrl()}${settings}`,
    '',
    `— ${PRODUCT_NAME}`,
  ].join('\n');
}

function assertLink(link: string | null | undefined) {
  if (link && !/^\/(?!\/)/.test(link)) throw new Error(`A notification link must be a path inside the site, like /kyc (got ${link}).`);
}

/**
 * Notifies one person: an in-app notification (unless they turned the kind off; never for
 * security) and an email copy when their preference for the kind allows it. Call it inside the
 * transaction that makes the change, so both commit together.
 */
export async function notify(db: Db, input: NotifyInput): Promise<{ id: string | null; emailed: boolean }> {
  const kind = input.kind;
  if (!(kind in NOTIFICATION_KINDS)) throw new Error(`Unknown notification kind ${kind}.`);
  assertLink(input.link);
  const [user] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, input.userId))
    .limit(1);
  if (!user) throw new Error(`notify: there is no user ${input.userId}.`);
  const pref = await preferenceFor(db, user.id, kind);
  let id: string | null = null;
  if (pref.inApp) {
    const [row] = await db
      .insert(notifications)
      .values({ audience: 'user', userId: user.id, kind, title: input.title, body: input.body, link: input.link ?? null, createdAt: sql`clock_timestamp()` })
      .returning({ id: notifications.id });
    id = row.id;
  }
  const emailed = input.email !== false && pref.email;
  if (emailed) {
    await queueEmail(db, { to: user.email, subject: input.title, text: emailText(user.firstName, input, 'user'), kind: `notification.${kind}` });
  }
  return { id, emailed };
}

/**
 * Notifies the operators: one notification in the shared admin feed (/admin/notifications) and an
 * email copy to each administrator whose preference for the kind is on.
 */
/**
 * Many notifications at once (the SIP run): one read of the users and their preferences, one insert of
 * the in-app rows, then an email to each investor whose preference asks for it.
 */
export async function notifyMany(db: Db, inputs: NotifyInput[]): Promise<{ inApp: number; emailed: number }> {
  if (inputs.length === 0) return { inApp: 0, emailed: 0 };
  for (const i of inputs) {
    if (!(i.kind in NOTIFICATION_KINDS)) throw new Error(`Unknown notification kind ${i.kind}.`);
    assertLink(i.link);
  }
  const pairs = JSON.stringify([...new Set(inputs.map((i) => `${i.userId} ${i.kind}`))].map((k) => ({ u: k.split(' ')[0], k: k.split(' ')[1] })));
  const found = await db.execute<{ id: string; email: string; first_name: string; kind: string; in_app: boolean | null; mail: boolean | null }>(
    sql`select u.id, u.email, u.first_name, x.k as kind, p.in_app, p.email as mail
          from jsonb_to_recordset(${pairs}::jsonb) as x(u uuid, k text)
          join users u on u.id = x.u
          left join notification_preferences p on p.user_id = x.u and p.kind = x.k`,
  );
  const list = (Array.isArray(found) ? found : (found as unknown as { rows: unknown[] }).rows) as { id: string; email: string; first_name: string; kind: string; in_app: boolean | null; mail: boolean | null }[];
  const prefs = new Map(list.map((r) => [`${r.id} ${r.kind}`, r]));
  const inApp = inputs.filter((i) => {
    const p = prefs.get(`${i.userId} ${i.kind}`);
    return p && (lockedInApp(i.kind) || (p.in_app ?? true));
  });
  if (inApp.length) {
    await db.execute(sql`insert into notifications (audience, user_id, kind, title, body, link, created_at)
      select 'user', x.u, x.k, x.t, x.b, x.l, clock_timestamp()
        from jsonb_to_recordset(${JSON.stringify(inApp.map((i) => ({ u: i.userId, k: i.kind, t: i.title, b: i.body, l: i.link ?? null })))}::jsonb) as x(u uuid, k text, t text, b text, l text)`);
  }
  const mail: EmailMessage[] = [];
  for (const i of inputs) {
    const p = prefs.get(`${i.userId} ${i.kind}`);
    if (!p || i.email === false || !(p.mail ?? NOTIFICATION_KINDS[i.kind].emailByDefault)) continue;
    mail.push({ to: p.email, subject: i.title, text: emailText(p.first_name, i, 'user'), kind: `notification.${i.kind}` });
  }
  const emailed = await queueEmails(db, mail);
  return { inApp: inApp.length, emailed };
}

/** The staff roles an operator kind concerns (the owner/admin role holds every permission). */
function staffFor(kind: NotificationKind): StaffRole[] {
  const permission = kindPermission(kind);
  return permission ? rolesWith(permission) : ['admin'];
}

export async function notifyAdmins(db: Db, input: NotifyAdminsInput): Promise<{ id: string; emailed: number }> {
  const kind = input.kind;
  if (!(kind in NOTIFICATION_KINDS)) throw new Error(`Unknown notification kind ${kind}.`);
  assertLink(input.link);
  const [row] = await db
    .insert(notifications)
    .values({ audience: 'admin', userId: null, kind, title: input.title, body: input.body, link: input.link ?? null, createdAt: sql`clock_timestamp()` })
    .returning({ id: notifications.id });
  let emailed = 0;
  if (input.email !== false) {
    const admins = await db
      .select({ id: users.id, email: users.email, firstName: users.firstName, pref: notificationPreferences.email })
      .from(users)
      .leftJoin(notificationPreferences, and(eq(notificationPreferences.userId, users.id), eq(notificationPreferences.kind, kind)))
      .where(and(inArray(users.role, staffFor(kind)), isNull(users.suspendedAt), isNull(users.closedAt)));
    for (const admin of admins) {
      if (!(admin.pref ?? NOTIFICATION_KINDS[kind].emailByDefault)) continue;
      await queueEmail(db, { to: admin.email, subject: input.title, text: emailText(admin.firstName, input, 'admin'), kind: `notification.${kind}` });
      emailed++;
    }
  }
  return { id: row.id, emailed };
}

// ——— Reading ———

export function feed(viewer: Viewer): SQL {
  if (viewer.audience === 'user') return and(eq(notifications.audience, 'user'), eq(notifications.userId, viewer.userId))!;
  const kinds = operatorKindsFor(viewer.role);
  return and(eq(notifications.audience, 'admin'), isNull(notifications.userId), kinds.length ? inArray(notifications.kind, kinds) : sql`false`)!;
}

export const readJoin = (viewer: Viewer) =>
  and(eq(notificationReads.notificationId, notifications.id), eq(notificationReads.userId, viewer.userId));

export async function unreadCount(db: Db, viewer: Viewer): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .leftJoin(notificationReads, readJoin(viewer))
    .where(and(feed(viewer), isNull(notificationReads.userId)));
  return Number(row?.n ?? 0);
}

/** Marks one notification of the viewer's feed read (idempotent). 404 when it is not theirs. */
export async function markRead(db: Db, viewer: Viewer, id: string): Promise<{ id: string; read: true; unread: number }> {
  const [found] = await db.select({ id: notifications.id }).from(notifications).where(and(feed(viewer), eq(notifications.id, id))).limit(1);
  if (!found) throw notFound('We could not find that notification.', 'notification_not_found');
  await db.insert(notificationReads).values({ notificationId: id, userId: viewer.userId }).onConflictDoNothing();
  return { id, read: true, unread: await unreadCount(db, viewer) };
}

/** Marks every notification of the viewer's feed read (optionally of one kind). */
export async function markAllRead(db: Db, viewer: Viewer, kind?: NotificationKind): Promise<{ marked: number; unread: number }> {
  const kindFilter = kind ? sql` and ${notifications.kind} = ${kind}` : sql``;
  const result = await db.execute(sql`
    insert into ${notificationReads} (notification_id, user_id)
    select ${notifications.id}, ${viewer.userId}::uuid from ${notifications}
    where ${feed(viewer)}${kindFilter}
      and not exists (select 1 from ${notificationReads} r where r.notification_id = ${notifications.id} and r.user_id = ${viewer.userId}::uuid)
    on conflict do nothing`);
  const marked = Number((result as { rowCount?: number; count?: number }).rowCount ?? (result as { count?: number }).count ?? 0);
  return { marked, unread: await unreadCount(db, viewer) };
}

// ——— Preferences ———

/** Preferences for the kinds a person can receive: investor kinds, plus the operator kinds of a staff member's role. */
export async function getPreferences(db: Db, user: { id: string; role: string }): Promise<NotificationPreference[]> {
  const kinds = [...kindsFor('user'), ...operatorKindsFor(user.role)];
  const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, user.id));
  const saved = new Map(rows.map((r) => [r.kind, r]));
  return kinds.map((kind) => {
    const row = saved.get(kind);
    const locked = lockedInApp(kind);
    return {
      kind,
      label: NOTIFICATION_KINDS[kind].label,
      inApp: locked ? true : (row?.inApp ?? true),
      email: row?.email ?? NOTIFICATION_KINDS[kind].emailByDefault,
      inAppLocked: locked,
    };
  });
}

export async function updatePreferences(db: Db, user: { id: string; role: string }, input: UpdatePreferencesInput) {
  const current = await getPreferences(db, user);
  const byKind = new Map(current.map((p) => [p.kind, p]));
  for (const p of input.preferences) {
    const now = byKind.get(p.kind);
    if (!now) throw unprocessable(`"${kindLabel(p.kind)}" notifications are for Manzil administrators only.`, 'kind_not_available');
    if (p.inApp === false && now.inAppLocked) {
      throw unprocessable(`"${now.label}" notifications always appear in the app; only their email copy can be turned off.`, 'in_app_locked');
    }
  }
  const values = input.preferences.map((p) => {
    const now = byKind.get(p.kind)!;
    return { userId: user.id, kind: p.kind, inApp: p.inApp ?? now.inApp, email: p.email ?? now.email, updatedAt: new Date() };
  });
  await db
    .insert(notificationPreferences)
    .values(values)
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { inApp: sql`excluded.in_app`, email: sql`excluded.email`, updatedAt: sql`excluded.updated_at` },
    });
  return getPreferences(db, user);
}
