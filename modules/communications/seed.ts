/**
 * The demo's communications: three templates, five contact conversations in different states (new, assigned and
 * pending with a staff reply, reopened by an emailed answer, closed) and two announcements — one sent to every
 * investor through the real send (so its figures are real), one scheduled for next week to the holders of the
 * first property with holders. Idempotent: it does nothing once the templates exist.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { users } from '../auth/schema';
import { contactMessages } from '../contact/schema';
import { q } from '../wallet';
import { createAnnouncement } from './announcements';
import { recordInbound, replyToThread, updateThread } from './inbox';
import { announcementTemplates } from './schema';
import { createTemplate } from './templates';

export const SEED_TEMPLATES = [
  {
    name: 'Rental distribution paid',
    subject: 'Your rental income from {{propertyTitle}} has been paid',
    body: 'Good news, {{firstName}}: this month’s rental income from {{propertyTitle}} has been paid into your Manzil wallet. Open your portfolio to see the amount and reinvest it if you wish.',
  },
  {
    name: 'Finish your verification',
    subject: '{{firstName}}, finish verifying your identity to start investing',
    body: 'You are one step away from investing, {{firstName}}. Upload your Emirates ID or passport and a selfie — it takes about five minutes — and we review it within one business day.',
  },
  {
    name: 'We miss you',
    subject: 'New homes on Manzil since your last visit',
    body: 'Hello {{firstName}}, new properties have opened for funding since you last signed in. Prices are shown in {{currency}} on your account; have a look when you have a moment.',
  },
] as const;

const CONVERSATIONS = [
  { name: 'Fatima Al Suwaidi', email: 'fatima.suwaidi@example.ae', topic: 'investing', message: 'Can I invest in the Marina property through a company account rather than personally? We hold our savings in an LLC.', days: 1 },
  { name: 'Rajesh Menon', email: 'rajesh.menon@example.in', topic: 'account', message: 'My deposit by bank transfer last Tuesday has not appeared in my wallet yet. The reference was MZ-7Q2K9D.', days: 3 },
  { name: 'Claire Dubois', email: 'claire.dubois@example.fr', topic: 'verification', message: 'My passport upload was rejected because of glare. Can I send a scan instead of a photo?', days: 5 },
  { name: 'Hamad Al Mansoori', email: 'hamad.mansoori@example.ae', topic: 'partnership', message: 'We own a building of twelve apartments in Al Barsha and would like to list it on Manzil. Who should we speak to?', days: 9 },
  { name: 'Sara Khan', email: 'sara.khan@example.pk', topic: 'general', message: 'Do you publish the yearly accounts of each property vehicle? I would like to read them before investing.', days: 14 },
] as const;

export async function seedCommunications(db: Db): Promise<void> {
  const [existing] = await db.select({ id: announcementTemplates.id }).from(announcementTemplates).limit(1);
  if (existing) return;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).orderBy(users.createdAt).limit(1);
  if (!admin) return;
  const templates = [];
  for (const t of SEED_TEMPLATES) templates.push(await createTemplate(db, admin.id, t));

  const ids: string[] = [];
  for (const c of CONVERSATIONS) {
    const [row] = await db
      .insert(contactMessages)
      .values({ name: c.name, email: c.email, topic: c.topic, message: c.message, createdAt: sql`now() - make_interval(days => ${c.days})` })
      .returning({ id: contactMessages.id });
    ids.push(row!.id);
  }
  // [0] new and unassigned. [1] assigned and answered: pending the sender.
  await replyToThread(db, ids[1]!, admin, 'Thank you, Rajesh. Bank transfers take up to two business days; I have asked our payments team to trace yours and will write again tomorrow.');
  // [2] answered, then the sender wrote back: open and unread again.
  const claire = await replyToThread(db, ids[2]!, admin, 'Yes — a flat colour scan of the photo page works well. Please upload it from the verification page.');
  await recordInbound(db, { from: 'claire.dubois@example.fr', subject: `Re: ${claire.messages[0]!.subject}`, text: 'Thank you! I uploaded the scan just now. Could you check it has arrived?', inReplyTo: claire.messages[0]!.messageId });
  // [3] assigned, not yet answered.
  await updateThread(db, ids[3]!, { assigneeId: admin.id }, admin.id);
  // [4] answered and closed.
  await replyToThread(db, ids[4]!, admin, 'Yes: each property’s audited accounts are on its page under Documents, from its first full year.');
  await updateThread(db, ids[4]!, { status: 'closed' }, admin.id);

  await createAnnouncement(db, admin.id, {
    subject: 'Manzil’s new exchange hours',
    body: 'Hello {{firstName}}, from next month the Manzil exchange matches orders around the clock, seven days a week. Nothing changes for your holdings or plans.',
    segment: { kind: 'all_investors' },
    inApp: true,
    email: true,
  });
  // Scheduled for next week: the distribution note to the holders of the most held property, or (no holders yet) the
  // verification reminder to those not yet verified.
  const [held] = await q<{ id: string }>(db, sql`select property_id as id from holdings where units > 0 group by property_id order by count(*) desc limit 1`);
  const tpl = held ? templates[0]! : templates[1]!;
  await createAnnouncement(db, admin.id, {
    subject: tpl.subject,
    body: tpl.body,
    templateId: tpl.id,
    segment: held ? { kind: 'property_holders', propertyId: held.id } : { kind: 'kyc_pending' },
    inApp: true,
    email: true,
    sendAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });
}
