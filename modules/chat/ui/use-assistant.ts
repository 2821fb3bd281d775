/**
 * The full-page assistant's state: the conversations kept on the server (/api/ai-assistant), the open one
 * (remembered in the address as ?c=<id> so a reload resumes it), sending with a pending question and a retry
 * when the answer fails, and deleting.
 */
import { useStore } from '@nanostores/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, errorText } from '@site/lib/api';
import { useCurrentUser } from '@site/lib/stores/auth';
import { $currency } from '@site/lib/stores/currency';
import {
  type AssistantAskJson,
  type AssistantConversationsJson,
  type AssistantHistoryJson,
  CURRENCY_HEADER,
} from '../contract';

export const CONVERSATIONS_KEY = ['/api/ai-assistant/sessions'] as const;
export const historyKey = (id: string) => [`/api/ai-assistant/sessions/${id}/messages`] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function idFromAddress(): string | null {
  if (typeof window === 'undefined') return null;
  const id = new URLSearchParams(window.location.search).get('c');
  return id && UUID.test(id) ? id : null;
}

function rememberInAddress(id: string | null) {
  if (typeof window === 'undefined') return;
  const url = new URL(window.location.href);
  if (id) url.searchParams.set('c', id);
  else url.searchParams.delete('c');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** A question on its way (shown at once), or one whose answer failed (shown with a retry). */
export type Pending = { content: string; sessionId: string | null; error: string | null };

export function useAssistant() {
  const client = useQueryClient();
  const currency = useStore($currency);
  const { data: user } = useCurrentUser();
  const [activeId, setActiveId] = useState<string | null>(idFromAddress);
  const [pending, setPending] = useState<Pending | null>(null);
  const sending = useRef(false);

  useEffect(() => rememberInAddress(activeId), [activeId]);

  const conversations = useQuery<AssistantConversationsJson>({ queryKey: CONVERSATIONS_KEY });
  const history = useQuery<AssistantHistoryJson>({ queryKey: historyKey(activeId ?? 'none'), enabled: !!activeId });

  const ask = useMutation({
    mutationFn: (input: { sessionId: string | null; content: string }) =>
      api.post<AssistantAskJson>(
        '/api/ai-assistant/messages',
        { ...(input.sessionId ? { sessionId: input.sessionId } : {}), content: input.content },
        { headers: { [CURRENCY_HEADER]: currency } },
      ),
  });

  const send = useCallback(
    async (raw: string, sessionId: string | null = activeId): Promise<boolean> => {
      const content = raw.trim();
      if (!content || sending.current) return false;
      sending.current = true;
      setPending({ content, sessionId, error: null });
      try {
        const answer = await ask.mutateAsync({ sessionId, content });
        client.setQueryData<AssistantHistoryJson>(historyKey(answer.sessionId), (old) => ({
          sessionId: answer.sessionId,
          title: old?.title ?? content,
          items: [...(old?.items ?? []), answer.userMessage, answer.assistantMessage],
        }));
        setPending(null);
        setActiveId(answer.sessionId);
        void client.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
        return true;
      } catch (err) {
        setPending({ content, sessionId, error: errorText(err, 'The assistant could not answer. Please try again.') });
        return false;
      } finally {
        sending.current = false;
      }
    },
    [activeId, ask, client],
  );

  /** Sends the failed question again, to the conversation it was meant for. */
  const retry = useCallback(() => (pending?.error ? send(pending.content, pending.sessionId) : Promise.resolve(false)), [pending, send]);

  const open = useCallback((id: string | null) => {
    if (sending.current) return;
    setPending(null);
    setActiveId(id);
  }, []);

  const remove = useMutation({
    mutationFn: (id: string) => api.delete<{ success: boolean; message: string }>(`/api/ai-assistant/sessions/${id}`),
    onSuccess: (_, id) => {
      client.setQueryData<AssistantConversationsJson>(CONVERSATIONS_KEY, (old) => (old ? { items: old.items.filter((c) => c.id !== id) } : old));
      client.removeQueries({ queryKey: historyKey(id) });
      if (id === activeId) open(null);
      void client.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
    },
  });

  // A conversation named in the address that is gone (deleted, or another browser's) starts a new one.
  useEffect(() => {
    if (activeId && history.isError) open(null);
  }, [activeId, history.isError, open]);

  return {
    signedIn: !!user,
    currency,
    activeId,
    conversations,
    history,
    messages: activeId ? (history.data?.items ?? []) : [],
    pending,
    waiting: !!pending && !pending.error,
    send,
    retry,
    open,
    remove,
  };
}

export type AssistantController = ReturnType<typeof useAssistant>;
