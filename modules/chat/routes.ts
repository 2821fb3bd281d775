import { Elysia } from 'elysia';
import type { Db } from '@db/client';
import { requestMeta } from '@api/request-meta';
import { POLICIES, publicWriteChecks, takeAttempt } from '../auth';
import { chatQueryInput, currencyFromHeader } from './contract';
import { buildKnowledge, type ChatKnowledge, loadLearnArticles } from './knowledge';
import { publicSettings } from '../settings/public';
import { answerChatQuery } from './service';

export type ChatDeps = {
  /** Where the per-address limit is counted (the chat itself stores nothing). */
  db: Db;
  /** A prebuilt knowledge base (tests); otherwise built once from the FAQ and `learnDir`. */
  chatKnowledge?: ChatKnowledge;
  /** Folder of learn articles (`*.md`); defaults to site/content/learn. */
  learnDir?: string;
  /** Where an unreadable article is reported (the app's logger). */
  log?: Pick<Console, 'error'>;
};

/** POST /api/chat/query { message, context? } with X-Currency → { response } (spec §7); limited per client address. */
export const chatRoutes = (deps: ChatDeps) => {
  const knowledge = deps.chatKnowledge ?? buildKnowledge({ articles: loadLearnArticles(deps.learnDir, deps.log) });
  return new Elysia({ prefix: '/api/chat' }).post(
    '/query',
    async ({ body, headers, request }) => {
      await takeAttempt(deps.db, publicWriteChecks(requestMeta(request).ip, POLICIES.chatAddress), 'questions');
      return answerChatQuery(knowledge, body, currencyFromHeader(headers['x-currency']), await publicSettings(deps.db));
    },
    { body: chatQueryInput },
  );
};
