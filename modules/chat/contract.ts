/**
 * The chat assistant's shared contract (spec §2 "Chat assistant", §7–§8, and the assistant API).
 * Browser-safe: the site and the API both import this file.
 */
import { z } from 'zod';
import { type CurrencyCode, isCurrencyCode, PRODUCT_NAME } from '../platform/contract';

export const CHAT_MESSAGE_MAX = 2000;
export const CHAT_CONTEXTS = ['general'] as const;
export type ChatContext = (typeof CHAT_CONTEXTS)[number];

/** The request header carrying the user's currency code (§7). */
export const CURRENCY_HEADER = 'X-Currency';

// Built inside a pure IIFE so browser bundles that use only this file's texts drop zod entirely.
export const chatQueryInput = /* @__PURE__ */ (() =>
  z.object({
    message: z
      .string({ error: 'Please type a message' })
      .trim()
      .min(1, 'Please type a message')
      .max(CHAT_MESSAGE_MAX, 'Message must be at most 2,000 characters'),
    context: z.enum(CHAT_CONTEXTS, { error: "Context must be 'general'" }).optional(),
  }))();
export type ChatQueryInput = z.infer<typeof chatQueryInput>;
/** §3: the chat query response. An empty string means "no answer found". */
export type ChatQueryResponse = { response: string };

export const ASSISTANT_NAME = `${PRODUCT_NAME} AI`;

/** §8: the sentence shown when the server has no answer. */
export const CHAT_EMPTY_ANSWER = `I'm not sure about that, but I'd be happy to help with questions about real estate investing with ${PRODUCT_NAME}.`;
/** §8: the assistant message and toast when the server call fails. */
export const CHAT_FAILURE_MESSAGE =
  "I apologize, but I'm having trouble responding right now. Please try again later or contact our support team for assistance.";
export const CHAT_FAILURE_TOAST = { title: 'Error', description: 'Failed to get a response. Please try again.' } as const;
/** The panel's first message (it is not stored: the conversation is created with the first question). */
export const ASSISTANT_WELCOME = `Hi, I'm ${ASSISTANT_NAME}. I can explain how fractional property ownership and our SIP (automated monthly investing) work, what it costs and how to get started — and, once you sign in, answer about your own portfolio, wallet and plans. What would you like to know?`;

/** The currency header's value as a catalogue code; anything else (or nothing) is AED. */
export function currencyFromHeader(value: string | null | undefined): CurrencyCode {
  const code = (value ?? '').trim().toUpperCase();
  return isCurrencyCode(code) ? code : 'AED';
}

// ── The assistant API (/api/ai-assistant) ──────────────────────────────────────────────────────

/** A screen an answer points to: /wallet, /portfolio, /sip, /learn/<slug>… */
export type AssistantLink = { href: string; label: string };
/** One stored message. `links` are the screens an assistant message names (empty for the user's). */
export type AssistantMessageJson = { id: string; role: 'user' | 'assistant'; content: string; timestamp: string; links: AssistantLink[] };
/** A conversation in the list: titled by its first question. */
export type AssistantConversationJson = { id: string; title: string; createdAt: string; updatedAt: string; messageCount: number };
export type AssistantConversationsJson = { items: AssistantConversationJson[] };
export type AssistantHistoryJson = { sessionId: string; title: string; items: AssistantMessageJson[] };
export type AssistantAskJson = { sessionId: string; userMessage: AssistantMessageJson; assistantMessage: AssistantMessageJson };

/** What the empty conversation suggests: the investor's own figures when signed in, the basics otherwise. */
export const ASSISTANT_SUGGESTIONS = {
  member: ['What did I earn last month?', 'What is my wallet balance?', 'When is my next SIP collection?', 'What is my portfolio worth?'],
  visitor: ['What are the fees?', 'How does a SIP work?', 'How do I sell my shares on the exchange?', 'Can I invest from outside the UAE?'],
} as const;
