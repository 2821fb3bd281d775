import { and, asc, desc, eq } from 'drizzle-orm';
import { Elysia, t } from 'elysia';
import type { Db } from '@db/client';
import { isProduction, randomToken, SESSION_COOKIE, VISITOR_COOKIE } from '@api/cookies';
import { notFound } from '@api/errors';
import { requestMeta } from '@api/request-meta';
import { POLICIES, publicWriteChecks, takeAttempt } from '../auth';
import { loadSession } from '../auth/sessions';
import { CHAT_EMPTY_ANSWER, CHAT_MESSAGE_MAX, currencyFromHeader } from './contract';
import type { ChatKnowledge } from './knowledge';
import { chatMessages, chatSessions } from './schema';

type Owner = { userId: string | null; visitorId: string | null };
type Jar = Record<string, { value?: unknown; set: (o: Record<string, unknown>) => void }>;

const ownerFilter = (o: Owner) => (o.userId ? eq(chatSessions.userId, o.userId) : eq(chatSessions.visitorId, o.visitorId ?? ''));

function toMessage(m: typeof chatMessages.$inferSelect) {
  return { id: m.id, role: m.role as 'user' | 'assistant', content: m.content, timestamp: m.createdAt.toISOString() };
}

export async function createConversation(db: Db, owner: Owner, title = 'New conversation') {
  const [s] = await db.insert(chatSessions).values({ ...owner, title: title.slice(0, 80) }).returning();
  return s;
}

async function ownedConversation(db: Db, owner: Owner, id: string) {
  const [s] = await db.select().from(chatSessions).where(and(eq(chatSessions.id, id), ownerFilter(owner))).limit(1);
  if (!s) throw notFound('We could not find that conversation.', 'conversation_not_found');
  return s;
}

/** Stores the question and the knowledge base's answer (the §8 sentence when there is none). */
export async function askAssistant(db: Db, knowledge: ChatKnowledge, owner: Owner, input: { sessionId?: string; content: string }, currency: string) {
  const conversation = input.sessionId
    ? await ownedConversation(db, owner, input.sessionId)
    : await createConversation(db, owner, input.content);
  const answer = knowledge.answer(input.content, currencyFromHeader(currency)) || CHAT_EMPTY_ANSWER;
  const [user, assistant] = await db.transaction(async (tx) => {
    const [u] = await tx.insert(chatMessages).values({ sessionId: conversation.id, role: 'user', content: input.content }).returning();
    const [a] = await tx
      .insert(chatMessages)
      .values({ sessionId: conversation.id, role: 'assistant', content: answer, createdAt: new Date(u.createdAt.getTime() + 1) })
      .returning();
    await tx.update(chatSessions).set({ updatedAt: new Date() }).where(eq(chatSessions.id, conversation.id));
    return [u, a];
  });
  return { sessionId: conversation.id, userMessage: toMessage(user), assistantMessage: toMessage(assistant) };
}

/** Writes are limited per client address, and per user when signed in (a visitor cookie is the client's to reset). */
const assistantChecks = (request: Request, owner: Owner) =>
  publicWriteChecks(requestMeta(request).ip, POLICIES.assistantAddress, owner.userId ? { id: owner.userId, policy: POLICIES.assistantUser } : null);

/**
 * /api/ai-assistant: conversations persisted per signed-in user, or per visitor through an
 * HttpOnly `mz_visitor` cookie. Each owner sees only their own conversations.
 */
export const assistantRoutes = (deps: { db: Db; knowledge: ChatKnowledge }) => {
  const { db, knowledge } = deps;
  const ownerOf = async (cookie: Jar): Promise<Owner> => {
    const s = await loadSession(db, cookie[SESSION_COOKIE]?.value as string | undefined);
    if (s && !s.session.mfaPending) return { userId: s.user.id, visitorId: null };
    let visitor = cookie[VISITOR_COOKIE]?.value as string | undefined;
    if (!visitor || !/^[\w-]{16,64}$/.test(visitor)) {
      visitor = randomToken(18);
      cookie[VISITOR_COOKIE].set({ value: visitor, httpOnly: true, sameSite: 'lax', secure: isProduction(), path: '/api/ai-assistant', maxAge: 365 * 24 * 3600 });
    }
    return { userId: null, visitorId: visitor };
  };

  return new Elysia({ prefix: '/api/ai-assistant' })
    .get('/sessions', async ({ cookie }) => {
      const owner = await ownerOf(cookie as Jar);
      const items = await db.select().from(chatSessions).where(ownerFilter(owner)).orderBy(desc(chatSessions.updatedAt)).limit(50);
      return { items: items.map((s) => ({ id: s.id, title: s.title, createdAt: s.createdAt, updatedAt: s.updatedAt })) };
    })
    .post(
      '/sessions',
      async ({ cookie, body, set, request }) => {
        const owner = await ownerOf(cookie as Jar);
        await takeAttempt(db, assistantChecks(request, owner), 'conversations');
        const s = await createConversation(db, owner, body?.title?.trim() || undefined);
        set.status = 201;
        return { id: s.id, title: s.title, createdAt: s.createdAt };
      },
      { body: t.Optional(t.Object({ title: t.Optional(t.String({ maxLength: 80, error: 'Title must be at most 80 characters' })) })) },
    )
    .get(
      '/sessions/:id/messages',
      async ({ cookie, params }) => {
        const s = await ownedConversation(db, await ownerOf(cookie as Jar), params.id);
        const rows = await db.select().from(chatMessages).where(eq(chatMessages.sessionId, s.id)).orderBy(asc(chatMessages.createdAt));
        return { sessionId: s.id, title: s.title, items: rows.map(toMessage) };
      },
      { params: t.Object({ id: t.String({ format: 'uuid', error: 'That conversation id is not valid' }) }) },
    )
    .post(
      '/messages',
      async ({ cookie, body, headers, set, request }) => {
        const owner = await ownerOf(cookie as Jar);
        await takeAttempt(db, assistantChecks(request, owner), 'messages');
        set.status = 201;
        return askAssistant(db, knowledge, owner, { sessionId: body.sessionId, content: body.content.trim() }, headers['x-currency'] ?? 'AED');
      },
      {
        body: t.Object({
          sessionId: t.Optional(t.String({ format: 'uuid', error: 'That conversation id is not valid' })),
          content: t.String({ minLength: 1, maxLength: CHAT_MESSAGE_MAX, pattern: '\\S', error: 'Please type a message (at most 2,000 characters)' }),
        }),
      },
    );
};
