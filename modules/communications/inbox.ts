/**
 * The inbox: each contact message is a conversation. Staff reply through the email outbox (sendEmail, with
 * Message-ID / In-Reply-To / References so mail clients thread it), replies received by email are recorded
 * (recordInbound), a conversation has a status (open, pending, closed) and an assignee (an admin), and it is
 * unread while a message from the sender is newer than staff's last look.
 */
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, notFound } from '@api/errors';
import { allOf, allRows, countAll, listPage, orderBy, searchWhere, type CsvCell } from '@api/list';
import { recordAudit } from '../audit';
import { users } from '../auth/schema';
import { contactTopicLabels, type ContactMessageStatus } from '../contact/contract';
import { contactMessages as m } from '../contact/schema';
import { setContactMessageStatus } from '../contact/service';
import { emailOutbox, sendEmail } from '../email';
import { PRODUCT_NAME } from '../platform/contract';
import type { ListResult } from '../platform/list';
import {
  communicationsErrorCodes as codes,
  type InboundInput,
  type StaffJson,
  type ThreadDetailJson,
  type ThreadJson,
  type ThreadMessageJson,
  type ThreadsListQuery,
  type ThreadStatus,
  type UpdateThreadInput,
} from './contract';
import { communicationMessages as cm, communicationThreads as t } from './schema';
import { rolesWith } from '../auth/permissions-contract';

const assignee = sql`(select json_build_object('id', a.id, 'name', trim(a.first_name || ' ' || a.last_name), 'email', a.email) from users a where a.id = ${t.assigneeId})`;
const lastActivity = sql<Date>`coalesce(${t.lastMessageAt}, ${m.createdAt})`;
const lastInbound = sql`coalesce(${t.lastInboundAt}, ${m.createdAt})`;
const unread = sql<boolean>`(${t.readAt} is null or ${t.readAt} < ${lastInbound})`;
const status = sql<string>`coalesce(${t.status}, 'open')`;
const replies = sql<number>`(select count(*)::int from ${cm} where ${cm.contactMessageId} = ${m.id})`;

const columns = {
  id: m.id,
  name: m.name,
  email: m.email,
  topic: m.topic,
  message: m.message,
  createdAt: m.createdAt,
  status,
  assignee,
  unread,
  replies,
  lastActivityAt: lastActivity,
};
type Row = { id: string; name: string; email: string; topic: string; message: string; createdAt: Date; status: string; assignee: unknown; unread: boolean; replies: number; lastActivityAt: Date | string };

const iso = (d: Date | string) => new Date(d).toISOString();
const toJson = (r: Row): ThreadJson => ({
  id: r.id,
  name: r.name,
  email: r.email,
  topic: r.topic,
  message: r.message,
  status: r.status as ThreadStatus,
  assignee: (typeof r.assignee === 'string' ? JSON.parse(r.assignee) : r.assignee) as StaffJson | null,
  unread: Boolean(r.unread),
  replies: Number(r.replies),
  createdAt: iso(r.createdAt),
  lastActivityAt: iso(r.lastActivityAt),
});

function where(q: ThreadsListQuery, viewerId: string): SQL | undefined {
  const who = q.assignee === 'me' ? sql`${t.assigneeId} = ${viewerId}::uuid` : q.assignee === 'none' ? sql`${t.assigneeId} is null` : q.assignee ? sql`${t.assigneeId} = ${q.assignee}::uuid` : undefined;
  return allOf(
    searchWhere(q.q, [m.name, m.email, m.message, sql`(select string_agg(${cm.body}, ' ') from ${cm} where ${cm.contactMessageId} = ${m.id})`]),
    q.status && sql`${status} = ${q.status}`,
    who,
    q.unread === 'true' && unread,
    q.unread === 'false' && sql`not ${unread}`,
  );
}
const SORT = { createdAt: m.createdAt, lastActivityAt: lastActivity, name: m.name, status };
const page = (db: Db, q: ThreadsListQuery, viewerId: string, limit: number, offset: number) =>
  db
    .select(columns)
    .from(m)
    .leftJoin(t, eq(t.contactMessageId, m.id))
    .where(where(q, viewerId))
    .orderBy(...orderBy(q.sort, SORT, m.id))
    .limit(limit)
    .offset(offset) as unknown as Promise<Row[]>;

export async function listThreads(db: Db, q: ThreadsListQuery, viewerId: string): Promise<ListResult<ThreadJson, { unread: number }>> {
  const [result, [u]] = await Promise.all([
    listPage(
      page(db, q, viewerId, q.limit, q.offset).then((rows) => rows.map(toJson)),
      db.select({ n: countAll }).from(m).leftJoin(t, eq(t.contactMessageId, m.id)).where(where(q, viewerId)).then(([r]) => r?.n ?? 0),
    ),
    db.select({ n: countAll }).from(m).leftJoin(t, eq(t.contactMessageId, m.id)).where(and(unread, sql`${status} <> 'closed'`)),
  ]);
  return { ...result, unread: Number(u?.n ?? 0) };
}

export const THREADS_CSV_HEADER = ['Received (UTC)', 'Last activity (UTC)', 'Name', 'Email', 'Topic', 'Status', 'Assignee', 'Replies', 'Unread'];
export async function* threadCsvRows(db: Db, q: ThreadsListQuery, viewerId: string): AsyncGenerator<CsvCell[]> {
  for await (const r of allRows((limit, offset) => page(db, q, viewerId, limit, offset))) {
    const j = toJson(r);
    yield [j.createdAt, j.lastActivityAt, j.name, j.email, contactTopicLabels[j.topic as keyof typeof contactTopicLabels] ?? j.topic, j.status, j.assignee?.name ?? '', j.replies, j.unread ? 'yes' : 'no'];
  }
}

async function threadRow(db: Db, id: string): Promise<Row> {
  const [row] = (await db.select(columns).from(m).leftJoin(t, eq(t.contactMessageId, m.id)).where(eq(m.id, id))) as unknown as Row[];
  if (!row) throw notFound('There is no conversation with that id.', codes.threadNotFound);
  return row;
}

/** The Message-ID the contact message stands for in the email thread (it never went by email itself). */
export const contactMessageId = (id: string) => `<contact-${id}@manzil.local>`;

export async function getThread(db: Db, id: string): Promise<ThreadDetailJson> {
  const head = toJson(await threadRow(db, id));
  const rows = await db
    .select({ r: cm, authorFirst: users.firstName, authorLast: users.lastName, outboxStatus: emailOutbox.status })
    .from(cm)
    .leftJoin(users, eq(users.id, cm.authorId))
    .leftJoin(emailOutbox, eq(emailOutbox.id, cm.outboxId))
    .where(eq(cm.contactMessageId, id))
    .orderBy(asc(cm.createdAt), asc(cm.id));
  const messages: ThreadMessageJson[] = rows.map(({ r, authorFirst, authorLast, outboxStatus }) => ({
    id: r.id,
    direction: r.direction as 'inbound' | 'outbound',
    author: r.direction === 'inbound' ? head.name : `${authorFirst ?? 'Manzil'} ${authorLast ?? ''}`.trim(),
    fromEmail: r.fromEmail,
    subject: r.subject,
    body: r.body,
    messageId: r.messageId,
    inReplyTo: r.inReplyTo,
    outboxStatus: outboxStatus ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
  return { ...head, messages };
}

async function ensureThread(db: Db, id: string) {
  await threadRow(db, id);
  await db.insert(t).values({ contactMessageId: id }).onConflictDoNothing();
}

export async function markThreadRead(db: Db, id: string): Promise<ThreadDetailJson> {
  await ensureThread(db, id);
  await db.update(t).set({ readAt: sql`clock_timestamp()` }).where(eq(t.contactMessageId, id));
  return getThread(db, id);
}

export async function updateThread(db: Db, id: string, input: UpdateThreadInput, actorId: string | null = null): Promise<ThreadDetailJson> {
  await threadRow(db, id);
  if (input.assigneeId) {
    const [staff] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, input.assigneeId), inArray(users.role, rolesWith('messages:write'))));
    if (!staff) throw new AppError(422, codes.assigneeNotStaff, 'Assign the conversation to a staff member (an administrator).');
  }
  await db.transaction(async (tx) => {
    await tx.insert(t).values({ contactMessageId: id }).onConflictDoNothing();
    await tx
      .update(t)
      .set({ ...(input.status ? { status: input.status } : {}), ...(input.assigneeId !== undefined ? { assigneeId: input.assigneeId } : {}), updatedAt: new Date() })
      .where(eq(t.contactMessageId, id));
    await followThread(tx, id);
    const after = await getThread(tx, id);
    const what = [input.status ? `status ${input.status}` : '', input.assigneeId !== undefined ? `assigned to ${after.assignee?.name ?? 'nobody'}` : ''].filter(Boolean).join(', ');
    await recordAudit(tx, { actorId, action: 'communications.thread.update', entityType: 'contact_message', entityId: id, summary: `Conversation with ${after.name}: ${what}` });
  });
  return getThread(db, id);
}

/**
 * Where the contact message stands (contact_messages.status, as /admin/contact-messages lists it), read from its
 * conversation: closed → closed; pending → replied once staff have answered (open otherwise); open → open once
 * staff have answered (the sender wrote back, or it was reopened), new while nobody has.
 */
export function contactStatusFor(status: ThreadStatus, answered: boolean): ContactMessageStatus {
  if (status === 'closed') return 'closed';
  if (status === 'pending') return answered ? 'replied' : 'open';
  return answered ? 'open' : 'new';
}

/** Writes the conversation's standing back to its contact message; call it inside the transaction that changed it. */
async function followThread(tx: Db, id: string) {
  const [row] = await tx
    .select({ status, answered: sql<boolean>`exists (select 1 from ${cm} where ${cm.contactMessageId} = ${m.id} and ${cm.direction} = 'outbound')` })
    .from(m)
    .leftJoin(t, eq(t.contactMessageId, m.id))
    .where(eq(m.id, id));
  if (row) await setContactMessageStatus(tx, id, contactStatusFor(row.status as ThreadStatus, Boolean(row.answered)));
}

export const threadSubject = (topic: string, id: string) =>
  `Re: your message to ${PRODUCT_NAME} (${contactTopicLabels[topic as keyof typeof contactTopicLabels] ?? topic}) [ref:${id.slice(0, 8)}]`;

/**
 * A staff reply: sent now through the outbox (sendEmail) with threading headers, stored in the conversation; the
 * conversation becomes pending (waiting for the sender), is assigned to the replier when nobody had it, and read.
 */
export async function replyToThread(db: Db, id: string, staff: { id: string }, body: string): Promise<ThreadDetailJson> {
  const thread = await getThread(db, id);
  const [me] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, staff.id));
  const references = [contactMessageId(id), ...thread.messages.map((x) => x.messageId)];
  const lastInbound = [...thread.messages].reverse().find((x) => x.direction === 'inbound');
  const inReplyTo = lastInbound?.messageId ?? contactMessageId(id);
  const messageId = `<reply-${crypto.randomUUID()}@manzil.local>`;
  const subject = threadSubject(thread.topic, id);
  const quoted = (lastInbound?.body ?? thread.message).split(/\r?\n/).map((l) => `> ${l}`).join('\n');
  const text = [`Hello ${thread.name.split(/\s+/)[0]},`, '', body, '', `— ${`${me?.firstName ?? ''} ${me?.lastName ?? ''}`.trim() || PRODUCT_NAME}, ${PRODUCT_NAME}`, '', `You wrote:`, quoted].join('\n');
  const sent = await sendEmail(db, { to: thread.email, subject, text, kind: 'communications.reply', threading: { messageId, inReplyTo, references } });
  const from = process.env.MAIL_FROM ?? 'Manzil <no-reply@manzil.ae>';
  await db.transaction(async (tx) => {
    await tx.insert(cm).values({ contactMessageId: id, direction: 'outbound', authorId: staff.id, fromEmail: from, subject, body, messageId, inReplyTo, outboxId: sent.id, createdAt: sql`clock_timestamp()` });
    await tx.insert(t).values({ contactMessageId: id }).onConflictDoNothing();
    await tx
      .update(t)
      .set({ status: 'pending', assigneeId: sql`coalesce(${t.assigneeId}, ${staff.id}::uuid)`, readAt: sql`clock_timestamp()`, lastMessageAt: sql`clock_timestamp()`, updatedAt: new Date() })
      .where(eq(t.contactMessageId, id));
    await followThread(tx, id);
    await recordAudit(tx, { actorId: staff.id, action: 'communications.reply', entityType: 'contact_message', entityId: id, summary: `Replied by email to ${thread.name} <${thread.email}>` });
  });
  return getThread(db, id);
}

/**
 * A reply received by email: matched to its conversation by In-Reply-To (one of our Message-IDs), else by the
 * [ref:xxxxxxxx] in the subject from the same sender, else the sender's latest conversation. It reopens the
 * conversation and makes it unread.
 */
export async function recordInbound(db: Db, input: InboundInput): Promise<ThreadDetailJson> {
  const from = input.from.toLowerCase();
  let id: string | undefined;
  if (input.inReplyTo) {
    const ref = input.inReplyTo.trim();
    const [byHeader] = await db.select({ id: cm.contactMessageId }).from(cm).where(eq(cm.messageId, ref));
    id = byHeader?.id ?? /^<contact-([0-9a-f-]{36})@manzil\.local>$/.exec(ref)?.[1];
  }
  const refTag = /\[ref:([0-9a-f]{8})\]/i.exec(input.subject)?.[1]?.toLowerCase();
  if (!id && refTag) {
    const [byRef] = await db.select({ id: m.id }).from(m).where(and(sql`${m.id}::text like ${`${refTag}%`}`, eq(m.email, from)));
    id = byRef?.id;
  }
  if (!id) {
    const [latest] = await db.select({ id: m.id }).from(m).where(eq(m.email, from)).orderBy(sql`${m.createdAt} desc`).limit(1);
    id = latest?.id;
  }
  if (!id) throw new AppError(422, codes.inboundUnmatched, `No conversation matches this email: it does not answer one of our replies and ${from} never wrote to us.`);
  await threadRow(db, id);
  const threadId = id;
  const messageId = `<inbound-${crypto.randomUUID()}@manzil.local>`;
  await db.transaction(async (tx) => {
    await tx.insert(cm).values({ contactMessageId: threadId, direction: 'inbound', fromEmail: from, subject: input.subject, body: input.text, messageId, inReplyTo: input.inReplyTo ?? null, createdAt: sql`clock_timestamp()` });
    await tx.insert(t).values({ contactMessageId: threadId }).onConflictDoNothing();
    await tx.update(t).set({ status: 'open', lastInboundAt: sql`clock_timestamp()`, lastMessageAt: sql`clock_timestamp()`, updatedAt: new Date() }).where(eq(t.contactMessageId, threadId));
    await followThread(tx, threadId);
  });
  return getThread(db, threadId);
}

export async function listStaff(db: Db): Promise<{ items: StaffJson[] }> {
  const rows = await db.select({ id: users.id, first: users.firstName, last: users.lastName, email: users.email }).from(users).where(and(inArray(users.role, rolesWith('messages:write')), isNull(users.closedAt))).orderBy(users.firstName, users.lastName);
  return { items: rows.map((r) => ({ id: r.id, name: `${r.first} ${r.last}`.trim(), email: r.email })) };
}
