/**
 * The unsubscribe link in announcement emails: /unsubscribe?token=<user id>.<HMAC-SHA256 signature>, signed with
 * UNSUBSCRIBE_SECRET or, when that is not set, a random key the module keeps in communication_keys (made once, so
 * links stay valid across restarts and servers). Following it turns off announcement emails for that person
 * without signing in; in-app announcements stay (they are turned off in the notification preferences).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError } from '@api/errors';
import { users } from '../auth/schema';
import { notificationPreferences } from '../notifications/schema';
import { communicationsErrorCodes, messages } from './contract';
import { communicationKeys } from './schema';

const KEY_NAME = 'unsubscribe';
export const ANNOUNCEMENT_KIND = 'announcement' as const;

async function signingKey(db: Db): Promise<string> {
  if (process.env.UNSUBSCRIBE_SECRET) return process.env.UNSUBSCRIBE_SECRET;
  await db.insert(communicationKeys).values({ name: KEY_NAME, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select({ value: communicationKeys.value }).from(communicationKeys).where(eq(communicationKeys.name, KEY_NAME));
  return row!.value;
}

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64url');
const sign = (key: string, userId: string) => createHmac('sha256', key).update(`unsubscribe:${ANNOUNCEMENT_KIND}:${userId}`).digest('base64url');

export async function unsubscribeToken(db: Db, userId: string): Promise<string> {
  return `${b64(userId)}.${sign(await signingKey(db), userId)}`;
}

/** Tokens for many people with one read of the key (an announcement's recipients). */
export async function unsubscribeTokens(db: Db): Promise<(userId: string) => string> {
  const key = await signingKey(db);
  return (userId) => `${b64(userId)}.${sign(key, userId)}`;
}

const siteUrl = () => (process.env.PUBLIC_SITE_URL ?? `http://localhost:${process.env.PORT ?? 4321}`).replace(/\/+$/, '');
export const unsubscribeUrl = (token: string) => `${siteUrl()}/unsubscribe?token=${encodeURIComponent(token)}`;

const invalid = () => new AppError(400, communicationsErrorCodes.invalidUnsubscribe, messages.token);

/** The user a token names, when its signature is right (400 otherwise). */
export async function verifyUnsubscribeToken(db: Db, token: string): Promise<{ id: string; email: string }> {
  const [idPart, sig] = token.split('.');
  if (!idPart || !sig) throw invalid();
  const userId = Buffer.from(idPart, 'base64url').toString('utf8');
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(userId)) throw invalid();
  const expected = Buffer.from(sign(await signingKey(db), userId));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw invalid();
  return user;
}

const maskEmail = (email: string) => email.replace(/^(.)[^@]*(@.*)$/, (_, a: string, d: string) => `${a}•••${d}`);

/** What the confirmation page shows before the person confirms. */
export async function unsubscribeStatus(db: Db, token: string) {
  const user = await verifyUnsubscribeToken(db, token);
  const [pref] = await db
    .select({ email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, user.id), eq(notificationPreferences.kind, ANNOUNCEMENT_KIND)));
  return { email: maskEmail(user.email), subscribed: pref?.email ?? true };
}

/** Turns announcement emails off for the token's person (idempotent). */
export async function unsubscribe(db: Db, token: string) {
  const user = await verifyUnsubscribeToken(db, token);
  await db
    .insert(notificationPreferences)
    .values({ userId: user.id, kind: ANNOUNCEMENT_KIND, inApp: true, email: false })
    .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.kind], set: { email: false, updatedAt: sql`now()` } });
  return { email: maskEmail(user.email), subscribed: false };
}
