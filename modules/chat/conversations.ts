/**
 * The assistant's conversations, owned by a signed-in user or by a visitor's cookie id: create, list, read,
 * delete, and ask (the question and the answer stored together; the first question names the conversation).
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { notFound } from '@api/errors';
import type { CurrencyCode } from '../platform/money';
import { composeAnswer, linksIn } from './compose';
import type { ChatKnowledge } from './knowledge';
import type { Phraser } from './phraser';
import { chatMessages, chatSessions } from './schema';

export type Owner = { userId: string | null; visitorId: string | null };
export const DEFAULT_TITLE = 'New conversation';
const TITLE_MAX = 80;

const ownerFilter = (o: Owner) => (o.userId ? eq(chatSessions.userId, o.userId) : eq(chatSessions.visitorId, o.visitorId ?? ''));

/** A conversation's title from its first question: one line, at most 80 characters, cut at a word. */
export function titleFrom(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  if (line.length <= TITLE_MAX) return line || DEFAULT_TITLE;
  const cut = line.slice(0, TITLE_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > 40 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

export function toMessage(m: typeof chatMessages.$inferSelect) {
  const role = m.role as 'user' | 'assistant';
  return { id: m.id, role, content: m.content, timestamp: m.createdAt.toISOString(), links: role === 'assistant' ? linksIn(m.content) : [] };
}

const sessionJson = (s: typeof chatSessions.$inferSelect, messageCount = 0) => ({
  id: s.id,
  title: s.title,
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
  messageCount,
});
export type ConversationJson = ReturnType<typeof sessionJson>;

export async function createConversation(db: Db, owner: Owner, title?: string) {
  const [s] = await db.insert(chatSessions).values({ ...owner, title: title ? titleFrom(title) : DEFAULT_TITLE }).returning();
  return sessionJson(s);
}

async function ownedConversation(db: Db, owner: Owner, id: string) {
  const [s] = await db.select().from(chatSessions).where(and(eq(chatSessions.id, id), ownerFilter(owner))).limit(1);
  if (!s) throw notFound('We could not find that conversation.', 'conversation_not_found');
  return s;
}

/** The owner's conversations, most recently active first (50 at most). */
export async function listConversations(db: Db, owner: Owner) {
  const rows = await db
    .select({ s: chatSessions, n: sql<number>`(select count(*)::int from chat_messages m where m.session_id = chat_sessions.id)` })
    .from(chatSessions)
    .where(ownerFilter(owner))
    .orderBy(desc(chatSessions.updatedAt))
    .limit(50);
  return { items: rows.map((r) => sessionJson(r.s, Number(r.n))) };
}

export async function conversationMessages(db: Db, owner: Owner, id: string) {
  const s = await ownedConversation(db, owner, id);
  const rows = await db.select().from(chatMessages).where(eq(chatMessages.sessionId, s.id)).orderBy(asc(chatMessages.createdAt));
  return { sessionId: s.id, title: s.title, items: rows.map(toMessage) };
}

export async function deleteConversation(db: Db, owner: Owner, id: string) {
  const s = await ownedConversation(db, owner, id);
  await db.delete(chatSessions).where(eq(chatSessions.id, s.id));
  return { success: true, message: `The conversation "${s.title}" was deleted.` };
}

export type AskDeps = { db: Db; knowledge: ChatKnowledge; phraser: Phraser; now?: () => Date };

/** Stores the question and the answer (composed from retrieved facts, then phrased). */
export async function askAssistant(deps: AskDeps, owner: Owner, input: { sessionId?: string; content: string }, currency: CurrencyCode) {
  const { db } = deps;
  const conversation = input.sessionId ? await ownedConversation(db, owner, input.sessionId) : null;
  const { text } = await composeAnswer(deps, { userId: owner.userId }, input.content, currency, deps.now?.() ?? new Date());
  return db.transaction(async (tx) => {
    let sessionId = conversation?.id;
    if (!sessionId) {
      const [s] = await tx.insert(chatSessions).values({ ...owner, title: titleFrom(input.content) }).returning();
      sessionId = s.id;
    }
    const [u] = await tx.insert(chatMessages).values({ sessionId, role: 'user', content: input.content }).returning();
    const [a] = await tx
      .insert(chatMessages)
      .values({ sessionId, role: 'assistant', content: text, createdAt: new Date(u.createdAt.getTime() + 1) })
      .returning();
    // The first question names a conversation that was opened without a title.
    const rename = conversation?.title === DEFAULT_TITLE ? { title: titleFrom(input.content) } : {};
    await tx.update(chatSessions).set({ updatedAt: new Date(), ...rename }).where(eq(chatSessions.id, sessionId));
    return { sessionId, userMessage: toMessage(u), assistantMessage: toMessage(a) };
  });
}
