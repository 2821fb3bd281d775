import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@db/client';
import { deliverToDevMailbox } from './dev-mailbox';
import { redactSecrets } from './redact';
import { emailOutbox } from './schema';

/**
 * A message to send. `secrets` lists the parts that must never be stored (a reset token, a
 * verification code): the outbox keeps the subject and text with them redacted, only the
 * recipient's copy (SMTP, or the development mailbox) carries them.
 */
export type EmailAttachment = { filename: string; contentType: string; content: Uint8Array };
/** `attachments` (an invoice's PDF and XML, a purchase order's PDF) are kept in the outbox until delivered. */
export type EmailMessage = { to: string; subject: string; text: string; kind: string; secrets?: readonly string[]; attachments?: readonly EmailAttachment[]; threading?: EmailThreading };
/**
 * Threading headers of a reply (modules/communications): its own Message-ID and the conversation's In-Reply-To and
 * References. Delivered by sendEmail (SMTP or the development mailbox); the outbox row does not keep them, so a
 * threaded message goes through sendEmail, not the queue.
 */
export type EmailThreading = { messageId: string; inReplyTo?: string; references?: readonly string[] };
type StoredAttachment = { filename: string; contentType: string; base64: string };

const storeAttachments = (a: readonly EmailAttachment[] | undefined): StoredAttachment[] | null =>
  a?.length ? a.map((x) => ({ filename: x.filename, contentType: x.contentType, base64: Buffer.from(x.content).toString('base64') })) : null;
const loadAttachments = (a: unknown): EmailAttachment[] | undefined =>
  Array.isArray(a) && a.length
    ? (a as StoredAttachment[]).map((x) => ({ filename: x.filename, contentType: x.contentType, content: new Uint8Array(Buffer.from(x.base64, 'base64')) }))
    : undefined;
export type EmailTransport = { send: (m: EmailMessage) => Promise<void> };

const from = () => process.env.MAIL_FROM ?? 'Manzil <no-reply@manzil.ae>';
const production = () => process.env.NODE_ENV === 'production';

let transport: EmailTransport | null | undefined;

/** nodemailer over SMTP when SMTP_URL is set; otherwise none. */
async function smtpTransport(): Promise<EmailTransport | null> {
  if (transport !== undefined) return transport;
  const url = process.env.SMTP_URL;
  if (!url) return (transport = null);
  const nodemailer = await import('nodemailer');
  const mailer = nodemailer.createTransport(url);
  transport = {
    send: async (m) =>
      void (await mailer.sendMail({
        from: from(),
        to: m.to,
        subject: m.subject,
        text: m.text,
        ...(m.threading ? { messageId: m.threading.messageId, inReplyTo: m.threading.inReplyTo, references: m.threading.references ? [...m.threading.references] : undefined } : {}),
        attachments: m.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content) })),
      })),
  };
  return transport;
}

/** For tests: replace the SMTP transport (null = none: the development mailbox; undefined = from SMTP_URL again). */
export function setEmailTransport(t: EmailTransport | null | undefined) {
  transport = t;
}

/** True when email actually reaches people: SMTP_URL is set (or a transport was installed). */
export function emailDeliveryConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(transport) || Boolean(env.SMTP_URL);
}

/** The start-up warning for production without SMTP (null when there is nothing to warn about). */
export function emailDeliveryWarning(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.NODE_ENV !== 'production' || emailDeliveryConfigured(env)) return null;
  return '[mail] SMTP_URL is not set: emails (verification codes, password resets, notifications) are NOT delivered. The outbox keeps only redacted copies. Set SMTP_URL and MAIL_FROM.';
}

let warnedUndelivered = false;

/**
 * Records the message in the outbox (secrets redacted) and delivers it: through SMTP when configured
 * (the stored body is deleted once sent), else — outside production — to the development mailbox.
 * Never throws for delivery failures.
 */
export async function sendEmail(db: Db, message: EmailMessage): Promise<{ id: string; status: string }> {
  const smtp = await smtpTransport();
  const secrets = message.secrets ?? [];
  const [row] = await db
    .insert(emailOutbox)
    .values({
      to: message.to,
      kind: message.kind,
      subject: redactSecrets(message.subject, secrets),
      text: redactSecrets(message.text, secrets),
      attachments: storeAttachments(message.attachments),
      // 'sending': this call delivers it now, so the outbox loop (which takes 'queued' rows) leaves it alone.
      status: smtp ? 'sending' : 'stored',
    })
    .returning({ id: emailOutbox.id });
  if (!smtp) {
    if (!production()) deliverToDevMailbox(row.id, message, from());
    else if (!warnedUndelivered) {
      warnedUndelivered = true;
      console.warn(emailDeliveryWarning() ?? '[mail] no email transport: messages are not delivered.');
    }
    return { id: row.id, status: 'stored' };
  }
  try {
    await smtp.send(message);
    // Delivered: the body has done its job; keep what the list shows (to, subject, kind, status, times).
    await db.update(emailOutbox).set({ status: 'sent', sentAt: new Date(), text: null, attachments: null }).where(eq(emailOutbox.id, row.id));
    return { id: row.id, status: 'sent' };
  } catch (err) {
    await db.update(emailOutbox).set({ status: 'failed', error: String((err as Error).message ?? err).slice(0, 500) }).where(eq(emailOutbox.id, row.id));
    return { id: row.id, status: 'failed' };
  }
}

/**
 * For mail written inside a caller's transaction (the notifications of a run that holds wallet and run locks):
 * with SMTP configured the message is only recorded, 'queued' with its text, and delivered after the commit by
 * deliverQueuedEmails (the server's outbox loop), so a run never waits on the network while it holds its locks
 * and a rolled-back run sends nothing. Without SMTP, or for a message carrying secrets (kept only redacted), it
 * is the same as sendEmail.
 */
export async function queueEmail(db: Db, message: EmailMessage): Promise<{ id: string; status: string }> {
  const smtp = await smtpTransport();
  if (!smtp || (message.secrets?.length ?? 0) > 0) return sendEmail(db, message);
  const [row] = await db
    .insert(emailOutbox)
    .values({ to: message.to, kind: message.kind, subject: message.subject, text: message.text, attachments: storeAttachments(message.attachments), status: 'queued' })
    .returning({ id: emailOutbox.id });
  return { id: row.id, status: 'queued' };
}

/**
 * Many notification emails at once (a run's): one insert into the outbox — 'queued' for the outbox loop with
 * SMTP, 'stored' without it in production — instead of a round trip each. Outside production without SMTP each
 * still goes to the development mailbox. Messages with secrets are not for this path.
 */
export async function queueEmails(db: Db, messages: EmailMessage[]): Promise<number> {
  if (messages.length === 0) return 0;
  if (messages.some((m) => (m.secrets?.length ?? 0) > 0)) throw new Error('queueEmails takes no message with secrets; use sendEmail.');
  const smtp = await smtpTransport();
  if (!smtp && !production()) {
    for (const m of messages) await sendEmail(db, m);
    return messages.length;
  }
  if (!smtp && !warnedUndelivered) {
    warnedUndelivered = true;
    console.warn(emailDeliveryWarning() ?? '[mail] no email transport: messages are not delivered.');
  }
  const status = smtp ? 'queued' : 'stored';
  for (let i = 0; i < messages.length; i += 1000) {
    await db
      .insert(emailOutbox)
      .values(messages.slice(i, i + 1000).map((m) => ({ to: m.to, kind: m.kind, subject: m.subject, text: m.text, attachments: storeAttachments(m.attachments), status })));
  }
  return messages.length;
}

/** Delivers up to `limit` queued messages through SMTP (claimed with SKIP LOCKED, so servers share the work). */
export async function deliverQueuedEmails(db: Db, opts: { limit?: number } = {}): Promise<number> {
  const smtp = await smtpTransport();
  if (!smtp) return 0;
  const claimed = await db
    .update(emailOutbox)
    .set({ status: 'sending' })
    .where(
      inArray(
        emailOutbox.id,
        db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.status, 'queued')).orderBy(emailOutbox.createdAt).limit(opts.limit ?? 100).for('update', { skipLocked: true }),
      ),
    )
    .returning({ id: emailOutbox.id, to: emailOutbox.to, subject: emailOutbox.subject, text: emailOutbox.text, kind: emailOutbox.kind, attachments: emailOutbox.attachments });
  for (const m of claimed) {
    try {
      await smtp.send({ to: m.to, subject: m.subject, text: m.text ?? '', kind: m.kind, attachments: loadAttachments(m.attachments) });
      await db.update(emailOutbox).set({ status: 'sent', sentAt: new Date(), text: null, attachments: null }).where(eq(emailOutbox.id, m.id));
    } catch (err) {
      await db.update(emailOutbox).set({ status: 'failed', error: String((err as Error).message ?? err).slice(0, 500) }).where(eq(emailOutbox.id, m.id));
    }
  }
  return claimed.length;
}

export async function listOutbox(db: Db, { limit = 50, offset = 0, to }: { limit?: number; offset?: number; to?: string } = {}) {
  const q = db.select().from(emailOutbox);
  const rows = await (to ? q.where(eq(emailOutbox.to, to.toLowerCase())) : q).orderBy(desc(emailOutbox.createdAt)).limit(limit).offset(offset);
  return rows;
}
