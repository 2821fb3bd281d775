/**
 * The demo's assistant history: the verified demo investor (Aisha) has one conversation asking about her own
 * earnings and portfolio, answered by the same code the API uses, from her seeded wallet and holdings — so
 * /ai-assistant shows a real, resumable conversation. Idempotent: an investor with conversations is left alone.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { users } from '../auth/schema';
import { DEMO_INVESTORS } from '../investing/seed';
import { askAssistant } from './conversations';
import { buildKnowledge } from './knowledge';
import { offlinePhraser } from './phraser';
import { chatSessions } from './schema';

export const DEMO_ASSISTANT_QUESTIONS = ['What did I earn last month?', 'What is my portfolio worth?', 'When is my next SIP collection?'] as const;

export async function seedAssistant(db: Db): Promise<{ conversations: number }> {
  const email = DEMO_INVESTORS[0]?.email;
  if (!email) return { conversations: 0 };
  const [user] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())).limit(1);
  if (!user) return { conversations: 0 };
  const [existing] = await db.select({ id: chatSessions.id }).from(chatSessions).where(eq(chatSessions.userId, user.id)).limit(1);
  if (existing) return { conversations: 0 };
  const deps = { db, knowledge: buildKnowledge(), phraser: offlinePhraser };
  const owner = { userId: user.id, visitorId: null };
  let sessionId: string | undefined;
  for (const content of DEMO_ASSISTANT_QUESTIONS) ({ sessionId } = await askAssistant(deps, owner, { sessionId, content }, 'AED'));
  return { conversations: 1 };
}
