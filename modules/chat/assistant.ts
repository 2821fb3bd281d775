import { Elysia, t } from 'elysia';
import type { Db } from '@db/client';
import { isProduction, randomToken, SESSION_COOKIE, VISITOR_COOKIE } from '@api/cookies';
import { requestMeta } from '@api/request-meta';
import { POLICIES, publicWriteChecks, takeAttempt } from '../auth';
import { loadSession } from '../auth/sessions';
import { CHAT_MESSAGE_MAX, currencyFromHeader } from './contract';
import { askAssistant, conversationMessages, createConversation, deleteConversation, listConversations, type Owner } from './conversations';
import type { ChatKnowledge } from './knowledge';
import { type Phraser, phraserFromEnv } from './phraser';

type Jar = Record<string, { value?: unknown; set: (o: Record<string, unknown>) => void }>;

/** Writes are limited per client address, and per user when signed in (a visitor cookie is the client's to reset). */
const assistantChecks = (request: Request, owner: Owner) =>
  publicWriteChecks(requestMeta(request).ip, POLICIES.assistantAddress, owner.userId ? { id: owner.userId, policy: POLICIES.assistantUser } : null);

const idParams = t.Object({ id: t.String({ format: 'uuid', error: 'That conversation id is not valid' }) });

export type AssistantDeps = {
  db: Db;
  knowledge: ChatKnowledge;
  /** How answers are worded; from the environment (OPENAI_API_KEY) when not given. */
  phraser?: Phraser;
  /** The clock personal answers read ("last month"); tests pass a fixed one. */
  now?: () => Date;
  log?: Pick<Console, 'error'>;
};

/**
 * /api/ai-assistant: conversations persisted per signed-in user, or per visitor through an
 * HttpOnly `mz_visitor` cookie. Each owner sees only their own conversations (another's id is a 404).
 *
 *   GET    /sessions                 → { items: [{ id, title, createdAt, updatedAt, messageCount }] }
 *   POST   /sessions   { title? }    → 201 { id, title, createdAt, updatedAt, messageCount }
 *   GET    /sessions/:id/messages    → { sessionId, title, items: [{ id, role, content, timestamp, links }] }
 *   DELETE /sessions/:id             → { success, message }
 *   POST   /messages { sessionId?, content } → 201 { sessionId, userMessage, assistantMessage }
 */
export const assistantRoutes = (deps: AssistantDeps) => {
  const { db } = deps;
  const ask = { db, knowledge: deps.knowledge, phraser: deps.phraser ?? phraserFromEnv(process.env, deps.log), now: deps.now };
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
    .get('/sessions', async ({ cookie }) => listConversations(db, await ownerOf(cookie as Jar)))
    .post(
      '/sessions',
      async ({ cookie, body, set, request }) => {
        const owner = await ownerOf(cookie as Jar);
        await takeAttempt(db, assistantChecks(request, owner), 'conversations');
        set.status = 201;
        return createConversation(db, owner, body?.title?.trim() || undefined);
      },
      { body: t.Optional(t.Object({ title: t.Optional(t.String({ maxLength: 80, pattern: '^[^\\u0000]*$', error: 'Title must be at most 80 characters of text' })) })) },
    )
    .get('/sessions/:id/messages', async ({ cookie, params }) => conversationMessages(db, await ownerOf(cookie as Jar), params.id), { params: idParams })
    .delete('/sessions/:id', async ({ cookie, params }) => deleteConversation(db, await ownerOf(cookie as Jar), params.id), { params: idParams })
    .post(
      '/messages',
      async ({ cookie, body, headers, set, request }) => {
        const owner = await ownerOf(cookie as Jar);
        await takeAttempt(db, assistantChecks(request, owner), 'messages');
        const result = await askAssistant(ask, owner, { sessionId: body.sessionId, content: body.content.trim() }, currencyFromHeader(headers['x-currency']));
        set.status = 201;
        return result;
      },
      {
        body: t.Object({
          sessionId: t.Optional(t.String({ format: 'uuid', error: 'That conversation id is not valid' })),
          content: t.String({ minLength: 1, maxLength: CHAT_MESSAGE_MAX, pattern: '^[^\\u0000]*\\S[^\\u0000]*$', error: 'Please type a message (at most 2,000 characters)' }),
        }),
      },
    );
};
