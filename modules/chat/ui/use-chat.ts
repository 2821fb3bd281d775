/**
 * One conversation with the assistant: canned answers after 700 ms, the server only when nothing matches,
 * the spec's failure and empty-answer texts, topic-following chips, and the action buttons (§4, §6, §8).
 * Used by the floating panel, which keeps its conversation in sessionStorage; the full page (/ai-assistant) keeps
 * conversations on the server instead (use-assistant.ts).
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '@site/lib/api';
import { useCurrentUser } from '@site/lib/stores/auth';
import { $currency } from '@site/lib/stores/currency';
import { toast } from '@site/lib/stores/toast';
import { TIMINGS } from '@modules/platform/contract';
import {
  type ChatAction,
  type ChatMessage,
  CHAT_EMPTY_ANSWER,
  CHAT_FAILURE_MESSAGE,
  CHAT_FAILURE_TOAST,
  type ChatQueryResponse,
  CURRENCY_HEADER,
} from '../contract';
import { CHAT_TOPICS, type ChatTopic, cannedReply, chatMessage, chipsFor, resolveAction, welcomeMessage } from './engine';

export const CHAT_STORAGE_KEY = 'manzil.chat.conversation';

type Conversation = { messages: ChatMessage[]; topic: ChatTopic };

function isMessage(m: unknown): m is ChatMessage {
  const x = m as ChatMessage;
  return !!x && typeof x.id === 'string' && (x.role === 'user' || x.role === 'assistant') && typeof x.content === 'string' && typeof x.timestamp === 'string';
}

export function loadConversation(key: string | null): Conversation | null {
  if (!key || typeof sessionStorage === 'undefined') return null;
  try {
    const saved = JSON.parse(sessionStorage.getItem(key) ?? 'null') as Partial<Conversation> | null;
    if (!saved || !Array.isArray(saved.messages) || !saved.messages.length || !saved.messages.every(isMessage)) return null;
    const topic = (CHAT_TOPICS as readonly string[]).includes(saved.topic ?? '') ? (saved.topic as ChatTopic) : 'default';
    return { messages: saved.messages, topic };
  } catch {
    return null;
  }
}

function saveConversation(key: string | null, c: Conversation) {
  if (!key) return;
  try {
    sessionStorage.setItem(key, JSON.stringify(c));
  } catch {
    /* storage full or blocked: the conversation just isn't kept */
  }
}

export type UseChatOptions = {
  /** sessionStorage key; null keeps the conversation in memory only. */
  storageKey?: string | null;
  /** How actions change page; tests pass a spy. */
  navigate?: (href: string) => void;
};

export function useChat({ storageKey = CHAT_STORAGE_KEY, navigate = (href) => window.location.assign(href) }: UseChatOptions = {}) {
  const currency = useStore($currency);
  const { data: user } = useCurrentUser();
  const signedIn = !!user;

  const [conversation, setConversation] = useState<Conversation>(
    () => loadConversation(storageKey) ?? { messages: [welcomeMessage()], topic: 'default' },
  );
  const [waiting, setWaiting] = useState(false);
  const waitingRef = useRef(false);
  const live = useRef(true);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  /** Bumped by reset(), so an answer still on its way to an old conversation is dropped. */
  const generation = useRef(0);
  // Latest values for the async reply, without re-creating `send` on every change.
  const context = useRef({ currency, signedIn });
  context.current = { currency, signedIn };

  useEffect(() => {
    live.current = true;
    const pending = timers.current;
    return () => {
      live.current = false;
      for (const t of pending) clearTimeout(t);
      pending.clear();
    };
  }, []);

  useEffect(() => saveConversation(storageKey, conversation), [storageKey, conversation]);

  const reply = useCallback((asked: number, content: string, topic: ChatTopic, actions?: ChatAction[]) => {
    if (!live.current || asked !== generation.current) return;
    setConversation((c) => ({ messages: [...c.messages, chatMessage('assistant', content, actions)], topic }));
    waitingRef.current = false;
    setWaiting(false);
  }, []);

  /** Sends a message. Blank messages, and messages while an answer is pending, are ignored (§4, §5). */
  const send = useCallback(
    async (raw: string): Promise<boolean> => {
      const text = raw.trim();
      if (!text || waitingRef.current) return false;
      waitingRef.current = true;
      setWaiting(true);
      const asked = generation.current;
      setConversation((c) => ({ ...c, messages: [...c.messages, chatMessage('user', text)] }));

      const canned = cannedReply(text, context.current);
      if (canned) {
        const timer = setTimeout(() => {
          timers.current.delete(timer);
          reply(asked, canned.content, canned.topic, canned.actions);
        }, TIMINGS.chatReply);
        timers.current.add(timer);
        return true;
      }
      try {
        const { response } = await api.post<ChatQueryResponse>(
          '/api/chat/query',
          { message: text, context: 'general' },
          { headers: { [CURRENCY_HEADER]: context.current.currency } },
        );
        reply(asked, typeof response === 'string' && response.trim() ? response.trim() : CHAT_EMPTY_ANSWER, 'default');
      } catch {
        reply(asked, CHAT_FAILURE_MESSAGE, 'default');
        if (live.current && asked === generation.current) toast({ ...CHAT_FAILURE_TOAST, variant: 'destructive' });
      }
      return true;
    },
    [reply],
  );

  /** §6: an action button goes where it says; SIP signup while signed out explains itself instead. */
  const runAction = useCallback(
    (action: ChatAction) => {
      const result = resolveAction(action, context.current.signedIn);
      if ('toast' in result) toast(result.toast);
      else navigate(result.href);
    },
    [navigate],
  );

  /** Starts over with the welcome message. */
  const reset = useCallback(() => {
    generation.current += 1;
    for (const t of timers.current) clearTimeout(t);
    timers.current.clear();
    waitingRef.current = false;
    setWaiting(false);
    setConversation({ messages: [welcomeMessage()], topic: 'default' });
  }, []);

  return { messages: conversation.messages, chips: chipsFor(conversation.topic), waiting, send, runAction, reset, currency, signedIn };
}

export type ChatController = ReturnType<typeof useChat>;
