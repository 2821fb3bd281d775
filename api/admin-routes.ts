import { Elysia, t } from 'elysia';
import type { Db } from '../db/client';
import { contactMessages } from '../modules/contact/schema';
import { listContactMessages } from '../modules/contact';
import { listOutbox } from '../modules/email';
import { emailOutbox } from '../modules/email/schema';
import { authPlugin } from '../modules/auth';
import { listWaitlist } from '../modules/waitlist';
import { waitlistEntries } from '../modules/waitlist/schema';
import { count } from 'drizzle-orm';

const page = t.Object({
  limit: t.Optional(t.Numeric({ minimum: 1, maximum: 200, error: 'limit must be a number from 1 to 200' })),
  offset: t.Optional(t.Numeric({ minimum: 0, error: 'offset must be 0 or more' })),
});

/** Back-office lists of what the public site collects: waitlist, contact messages, the email outbox. */
export const adminRoutes = (deps: { db: Db }) => {
  const { db } = deps;
  const total = async (table: typeof waitlistEntries | typeof contactMessages | typeof emailOutbox) => (await db.select({ n: count() }).from(table))[0].n;
  return new Elysia({ prefix: '/api/admin' })
    .use(authPlugin(deps))
    .get('/waitlist', async ({ query }) => ({ items: await listWaitlist(db, { limit: query.limit ?? 50, offset: query.offset ?? 0 }), total: await total(waitlistEntries) }), { auth: 'admin', query: page })
    .get('/contact-messages', async ({ query }) => ({ items: await listContactMessages(db, { limit: query.limit ?? 50, offset: query.offset ?? 0 }), total: await total(contactMessages) }), { auth: 'admin', query: page })
    .get('/outbox', async ({ query }) => ({ items: await listOutbox(db, { limit: query.limit ?? 50, offset: query.offset ?? 0 }), total: await total(emailOutbox) }), { auth: 'admin', query: page });
};
