/**
 * Announcements: a subject and body (from a template or typed, with {{variables}}) to a segment, in the app
 * (notifyMany, kind 'announcement', respecting the in-app preference) and by email (the outbox, only to people
 * whose 'announcement' email preference is on, each with their own unsubscribe link). Sent now, or scheduled and
 * sent by the scheduler (scheduler.ts): the send claims the row (status scheduled → sent) in the transaction that
 * writes the notifications and emails, so it happens once however many ticks race for it.
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, notFound } from '@api/errors';
import { countAll, listPage, orderBy, searchWhere } from '@api/list';
import { recordAudit } from '../audit';
import { queueEmails, type EmailMessage } from '../email';
import { notifyMany } from '../notifications';
import { notificationPreferences } from '../notifications/schema';
import { PRODUCT_NAME } from '../platform/contract';
import type { ListResult } from '../platform/list';
import {
  communicationsErrorCodes as codes,
  fillTemplate,
  messages,
  type AnnouncementInput,
  type AnnouncementJson,
  type AnnouncementsListQuery,
  type AnnouncementStatus,
  type Segment,
  type TemplateVariable,
} from './contract';
import { announcements as a, announcementTemplates } from './schema';
import { segmentCount, segmentLabel, segmentProperty, segmentRecipients, type Recipient } from './segments';
import { ANNOUNCEMENT_KIND, unsubscribeTokens, unsubscribeUrl } from './unsubscribe';

type Row = typeof a.$inferSelect;
export const outboxKind = (id: string) => `announcement.${id}`;

const sentCount = (status: string) => sql<number>`(select count(*)::int from email_outbox o where o.kind = 'announcement.' || ${a.id}::text and o.status = ${status})`;
const columns = { row: a, emailsSent: sentCount('sent'), emailsFailed: sentCount('failed') };

async function toJson(db: Db, r: { row: Row; emailsSent: number; emailsFailed: number }): Promise<AnnouncementJson> {
  const x = r.row;
  return {
    id: x.id,
    subject: x.subject,
    body: x.body,
    templateId: x.templateId,
    segment: x.segment as Segment,
    segmentLabel: await segmentLabel(db, x.segment as Segment),
    inApp: x.inApp,
    email: x.email,
    status: x.status as AnnouncementStatus,
    sendAt: x.sendAt?.toISOString() ?? null,
    sentAt: x.sentAt?.toISOString() ?? null,
    createdAt: x.createdAt.toISOString(),
    figures: {
      recipients: x.recipients,
      inAppDelivered: x.inAppDelivered,
      emailsQueued: x.emailsQueued,
      emailsSent: Number(r.emailsSent),
      emailsFailed: Number(r.emailsFailed),
      skippedByPreference: x.skippedByPreference,
    },
  };
}

const SORT = { createdAt: a.createdAt, sendAt: a.sendAt, subject: a.subject, status: a.status };

export async function listAnnouncements(db: Db, q: AnnouncementsListQuery): Promise<ListResult<AnnouncementJson>> {
  const where = and(searchWhere(q.q, [a.subject, a.body]), q.status ? eq(a.status, q.status) : undefined);
  const rows = await db.select(columns).from(a).where(where).orderBy(...orderBy(q.sort, SORT, a.id)).limit(q.limit).offset(q.offset);
  return listPage(Promise.all(rows.map((r) => toJson(db, r))), db.select({ n: countAll }).from(a).where(where).then(([r]) => r?.n ?? 0));
}

export async function getAnnouncement(db: Db, id: string): Promise<AnnouncementJson> {
  const [r] = await db.select(columns).from(a).where(eq(a.id, id));
  if (!r) throw notFound('There is no announcement with that id.', codes.announcementNotFound);
  return toJson(db, r);
}

const values = (r: Recipient, propertyTitle: string | undefined): Partial<Record<TemplateVariable, string>> => ({
  firstName: r.firstName,
  lastName: r.lastName,
  fullName: `${r.firstName} ${r.lastName}`.trim(),
  currency: r.currency,
  propertyTitle,
});

function emailText(body: string, firstName: string, unsubscribe: string) {
  return [
    `Hello ${firstName || 'there'},`,
    '',
    body,
    '',
    `— ${PRODUCT_NAME}`,
    '',
    `You receive this because announcement emails are on for your ${PRODUCT_NAME} account. Stop them with one click: ${unsubscribe}`,
  ].join('\n');
}

/**
 * Sends a claimed announcement inside `tx`: in-app notifications, emails to those whose preference allows them,
 * and the figures on the row.
 */
async function deliver(tx: Db, row: Row) {
  const segment = row.segment as Segment;
  const recipients = await segmentRecipients(tx, segment).catch((err: unknown) => {
    if (err instanceof AppError && err.status === 404) return [] as Recipient[];
    throw err;
  });
  const property = await segmentProperty(tx, segment).catch(() => null);
  let inAppDelivered = 0;
  if (row.inApp && recipients.length) {
    const result = await notifyMany(
      tx,
      recipients.map((r) => {
        const v = values(r, property?.title);
        return { userId: r.id, kind: ANNOUNCEMENT_KIND, title: fillTemplate(row.subject, v), body: fillTemplate(row.body, v), link: '/notifications', email: false };
      }),
    );
    inAppDelivered = result.inApp;
  }
  let emailsQueued = 0;
  let skipped = 0;
  if (row.email && recipients.length) {
    const off = new Set(
      (
        await tx
          .select({ userId: notificationPreferences.userId })
          .from(notificationPreferences)
          .where(and(eq(notificationPreferences.kind, ANNOUNCEMENT_KIND), eq(notificationPreferences.email, false), inArray(notificationPreferences.userId, recipients.map((r) => r.id))))
      ).map((p) => p.userId),
    );
    const tokenFor = await unsubscribeTokens(tx);
    const mail: EmailMessage[] = [];
    for (const r of recipients) {
      if (off.has(r.id)) {
        skipped += 1;
        continue;
      }
      const v = values(r, property?.title);
      mail.push({ to: r.email, subject: fillTemplate(row.subject, v), text: emailText(fillTemplate(row.body, v), r.firstName, unsubscribeUrl(tokenFor(r.id))), kind: outboxKind(row.id) });
    }
    emailsQueued = await queueEmails(tx, mail);
  }
  await tx
    .update(a)
    .set({ recipients: recipients.length, inAppDelivered, emailsQueued, skippedByPreference: skipped })
    .where(eq(a.id, row.id));
}

/** Claims a scheduled announcement and sends it, in one transaction; false when it was not (or no longer) due. */
export async function sendIfScheduled(db: Db, id: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(a)
      .set({ status: 'sent', sentAt: sql`clock_timestamp()` })
      .where(and(eq(a.id, id), eq(a.status, 'scheduled'), lte(a.sendAt, now)))
      .returning();
    if (!row) return false;
    await deliver(tx, row);
    return true;
  });
}

export async function createAnnouncement(db: Db, userId: string | null, input: AnnouncementInput): Promise<AnnouncementJson> {
  if (input.templateId) {
    const [tpl] = await db.select({ id: announcementTemplates.id }).from(announcementTemplates).where(eq(announcementTemplates.id, input.templateId));
    if (!tpl) throw notFound('There is no template with that id.', codes.templateNotFound);
  }
  await segmentProperty(db, input.segment);
  const now = new Date();
  const sendAt = input.sendAt ? new Date(input.sendAt) : null;
  if (sendAt && sendAt.getTime() <= now.getTime()) throw new AppError(400, 'validation_failed', messages.sendAtPast, { fields: { sendAt: messages.sendAtPast } });
  if (!sendAt && (await segmentCount(db, input.segment)) === 0) throw new AppError(422, codes.emptySegment, 'Nobody is in this segment right now, so there is no one to send it to.');
  const [row] = await db
    .insert(a)
    .values({
      subject: input.subject,
      body: input.body,
      templateId: input.templateId ?? null,
      segment: input.segment,
      inApp: input.inApp,
      email: input.email,
      status: 'scheduled',
      sendAt: sendAt ?? now,
      createdBy: userId,
    })
    .returning({ id: a.id });
  if (!sendAt) await sendIfScheduled(db, row!.id, new Date(now.getTime() + 1000));
  const result = await getAnnouncement(db, row!.id);
  await recordAudit(db, {
    actorId: userId,
    action: sendAt ? 'communications.announcement.schedule' : 'communications.announcement.send',
    entityType: 'announcement',
    entityId: result.id,
    summary: sendAt ? `Scheduled “${result.subject}” to ${result.segmentLabel} for ${result.sendAt}` : `Sent “${result.subject}” to ${result.segmentLabel} (${result.figures.recipients} recipients)`,
  });
  return result;
}

export async function cancelAnnouncement(db: Db, id: string, actorId: string | null = null): Promise<AnnouncementJson> {
  await getAnnouncement(db, id);
  const [row] = await db.update(a).set({ status: 'cancelled' }).where(and(eq(a.id, id), eq(a.status, 'scheduled'))).returning({ id: a.id });
  if (!row) throw new AppError(409, codes.announcementNotScheduled, 'Only a scheduled announcement can be cancelled; this one was already sent or cancelled.');
  const result = await getAnnouncement(db, id);
  await recordAudit(db, { actorId, action: 'communications.announcement.cancel', entityType: 'announcement', entityId: id, summary: `Cancelled “${result.subject}” before it was sent` });
  return result;
}

/** Sends every scheduled announcement whose time has come (the scheduler's tick). Returns how many were sent. */
export async function sendDueAnnouncements(db: Db, now = new Date()): Promise<number> {
  const due = await db.select({ id: a.id }).from(a).where(and(eq(a.status, 'scheduled'), lte(a.sendAt, now))).orderBy(a.sendAt).limit(50);
  let sent = 0;
  for (const d of due) if (await sendIfScheduled(db, d.id, now)) sent += 1;
  return sent;
}
