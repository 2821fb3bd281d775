import type { CurrencyCode } from '../platform/contract';
import type { ChatQueryInput, ChatQueryResponse } from './contract';
import type { PublicSettingsJson } from '../settings/contract';
import type { ChatKnowledge } from './knowledge';

/**
 * POST /api/chat/query (spec §7): answers a question from the knowledge base, in the asker's currency. An empty response means "nothing relevant": the client shows §8's sentence.
 */
export function answerChatQuery(knowledge: ChatKnowledge, input: ChatQueryInput, currency: CurrencyCode, terms?: PublicSettingsJson): ChatQueryResponse {
  return { response: knowledge.answer(input.message, currency, terms) };
}
