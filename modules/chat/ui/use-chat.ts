/**
 * The home page panel's conversation, kept by the assistant API like the full page's (/ai-assistant): the session
 * is created on the first question (POST /api/ai-assistant/sessions), each question goes to
 * POST /api/ai-assistant/messages with the visitor's currency, and the session's id is remembered for the tab
 * (sessionStorage), so reopening the panel or reloading the page resumes it — and /ai-assistant?c=<id> continues it.
 * A failed answer shows the spec's apology with a retry, and the spec's toast (§8).
 */
import { useStore } from '@nanostores/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '@site/lib/api';
import { useCurrentUser } from '@site/lib/stores/auth';
import { $currency } from '@site/lib/stores/currency';
import { toast } from '@site/lib/stores/toast';
import {
  type AssistantAskJson,
  type AssistantConversationJson,
  type AssistantHistoryJson,
  CHAT_FAILURE_MESSAGE,
  CHAT_FAILURE_TOAST,
  CURRENCY_HEADER,
} from '../contract';
import { CONVERSATIONS_KEY, historyKey } from './use-assistant';

/** sessionStorage: the id of the panel's conversation on the server. */
export const CHAT_STORAGE_KEY = 'manzil.chat.session';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function loadSessionId(key: string | null): string | null {
  if (!key || typeof sessionStorage === 'undefined') return null;
  try {
    const id = sessionStorage.getItem(key);
    return id && UUID.test(id) ? id : null;
  } catch {
    return null;
  }
}

function saveSessionId(key: string | null, id: string | null) {
  if (!key || typeof sessionStorage === 'undefined') return;
  try {
    if (id) sessionStorage.setItem(key, id);
    else sessionStorage.removeItem(key);
  } catch {
    /* storage blocked: the conversation is still on the server, just not resumed by the panel */
  }
}

export type UseChatOptions = {
  /** sessionStorage key for the conversation's id; null keeps it in memory only. */
  storageKey?: string | null;
};

/** A question on its way (shown at once), or one whose answer failed (shown with a retry). */
export type PanelPending = { content: string; failed: boolean };

export function useChat({ storageKey = CHAT_STORAGE_KEY }: UseChatOptions = {}) {
  const client = useQueryClient();
  const currency = useStore($currency);
  const { data: user } = useCurrentUser();
  const [sessionId, setSessionId] = useState<string | null>(() => loadSessionId(storageKey));
  const [pending, setPending] = useState<PanelPending | null>(null);
  const sending = useRef(false);
  const live = useRef(true);
  // The latest values for the async send, without re-creating it on every change.
  const context = useRef({ currency, sessionId });
  context.current = { currency, sessionId };

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  useEffect(() => saveSessionId(storageKey, sessionId), [storageKey, sessionId]);

  const history = useQuery<AssistantHistoryJson>({ queryKey: historyKey(sessionId ?? 'none'), enabled: !!sessionId, retry: false });
  // The remembered conversation is gone (deleted on /ai-assistant, or signed out): start a new one.
  useEffect(() => {
    if (sessionId && history.isError) setSessionId(null);
  }, [sessionId, history.isError]);

  /** Asks a question. Blank questions, and questions while an answer is on its way, are ignored. */
  const send = useCallback(
    async (raw: string): Promise<boolean> => {
      const content = raw.trim();
      if (!content || sending.current) return false;
      sending.current = true;
      setPending({ content, failed: false });
      try {
        let id = context.current.sessionId;
        if (!id) {
          const created = await api.post<AssistantConversationJson>('/api/ai-assistant/sessions', {});
          id = created.id;
          context.current.sessionId = id;
          client.setQueryData<AssistantHistoryJson>(historyKey(id), { sessionId: id, title: content, items: [] });
          if (live.current) setSessionId(id);
        }
        const answer = await api.post<AssistantAskJson>('/api/ai-assistant/messages', { sessionId: id, content }, { headers: { [CURRENCY_HEADER]: context.current.currency } });
        client.setQueryData<AssistantHistoryJson>(historyKey(answer.sessionId), (old) => ({
          sessionId: answer.sessionId,
          title: old?.title ?? content,
          items: [...(old?.items ?? []), answer.userMessage, answer.assistantMessage],
        }));
        void client.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
        if (live.current) setPending(null);
        return true;
      } catch {
        if (live.current) {
          setPending({ content, failed: true });
          toast({ ...CHAT_FAILURE_TOAST, variant: 'destructive' });
        }
        return false;
      } finally {
        sending.current = false;
      }
    },
    [client],
  );

  /** Asks the failed question again (in the same conversation, if it was created). */
  const retry = useCallback(() => (pending?.failed ? send(pending.content) : Promise.resolve(false)), [pending, send]);

  const loading = !!sessionId && history.isPending;
  return {
    sessionId,
    messages: sessionId ? (history.data?.items ?? []) : [],
    loading,
    pending,
    waiting: !!pending && !pending.failed,
    failure: pending?.failed ? CHAT_FAILURE_MESSAGE : null,
    send,
    retry,
    signedIn: !!user,
    currency,
  };
}

export type ChatController = ReturnType<typeof useChat>;
