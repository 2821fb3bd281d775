import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailOutbox } from './schema';

export type EmailMessage = { to: string; subject: string; text: string; kind: string };
export type EmailTransport = { send: (m: EmailMessage) => Promise<void> };

let transport: EmailTransport | null | undefined;

/** nodemailer over SMTP when SMTP_URL is set; otherwise none (mail stays in the outbox). */
async function smtpTransport(): Promise<EmailTransport | null> {
  if (transport !== undefined) return transport;
  const url = process.env.SMTP_URL;
  if (!url) return (transport = null);
  const nodemailer = await import('nodemailer');
  const mailer = nodemailer.createTransport(url);
  const from = process.env.MAIL_FROM ?? 'Manzil <no-reply@manzil.ae>';
  transport = { send: async (m) => void (await mailer.sendMail({ from, to: m.to, subject: m.subject, text: m.text })) };
  return transport;
}

/** For tests: replace the SMTP transport (null = outbox only). */
export function setEmailTransport(t: EmailTransport | null | undefined) {
  transport = t;
}

/** Records the message in the outbox and, when SMTP is configured, sends it. Never throws for SMTP failures. */
export async function sendEmail(db: Db, message: EmailMessage): Promise<{ id: string; status: string }> {
  const smtp = await smtpTransport();
  const [row] = await db
    .insert(emailOutbox)
    .values({ ...message, status: smtp ? 'queued' : 'stored' })
    .returning({ id: emailOutbox.id });
  if (!smtp) return { id: row.id, status: 'stored' };
  try {
    await smtp.send(message);
    await db.update(emailOutbox).set({ status: 'sent', sentAt: new Date() }).where(eq(emailOutbox.id, row.id));
    return { id: row.id, status: 'sent' };
  } catch (err) {
    await db.update(emailOutbox).set({ status: 'failed', error: String((err as Error).message ?? err).slice(0, 500) }).where(eq(emailOutbox.id, row.id));
    return { id: row.id, status: 'failed' };
  }
}

export async function listOutbox(db: Db, { limit = 50, offset = 0, to }: { limit?: number; offset?: number; to?: string } = {}) {
  const q = db.select().from(emailOutbox);
  const rows = await (to ? q.where(eq(emailOutbox.to, to.toLowerCase())) : q).orderBy(desc(emailOutbox.createdAt)).limit(limit).offset(offset);
  return rows;
}
