/**
 * The full page of the assistant at /ai-assistant: past conversations kept on the server (listed with their
 * first question and date, resumable, deletable), the open conversation as a live log with links to the screens
 * an answer names, suggested questions when it is empty, a typing state, an error with retry, and a composer
 * (Enter sends, Shift+Enter starts a new line).
 */
import { MessageSquarePlus, SendHorizontal, Trash2 } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { AppProviders } from '@site/components/react/AppProviders';
import { WithErrorFallback } from '@site/components/react/ErrorFallback';
import { errorText } from '@site/lib/api';
import { formatDayInDubai } from '@modules/platform/dates';
import { ASSISTANT_NAME, ASSISTANT_SUGGESTIONS, type AssistantConversationJson, CHAT_MESSAGE_MAX } from '../contract';
import { AnswerError, AssistantAvatar, AssistantMessage, PendingQuestion, TypingIndicator } from './conversation';
import { type AssistantController, useAssistant } from './use-assistant';

const dayOf = (iso: string) => formatDayInDubai(iso);

function ConversationList({ chat, onPicked }: { chat: AssistantController; onPicked: () => void }) {
  const [confirming, setConfirming] = useState<string | null>(null);
  const { conversations } = chat;
  const items = conversations.data?.items ?? [];
  let body: ReactNode;
  if (conversations.isPending) {
    body = (
      <ul aria-busy="true" aria-label="Loading your conversations" className="space-y-2">
        {[0, 1, 2].map((i) => (
          <li key={i} className="h-12 animate-pulse rounded-lg bg-slate-100" />
        ))}
      </ul>
    );
  } else if (conversations.isError) {
    body = (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
        <p>{errorText(conversations.error, 'Your conversations could not be loaded.')}</p>
        <button type="button" onClick={() => conversations.refetch()} className="mt-2 font-medium underline">
          Try again
        </button>
      </div>
    );
  } else if (!items.length) {
    body = <p className="px-1 text-sm text-slate-500">No conversations yet. Your questions and answers are kept here.</p>;
  } else {
    body = (
      <ul className="space-y-1">
        {items.map((c: AssistantConversationJson) => {
          const active = c.id === chat.activeId;
          return (
            <li key={c.id} className={`group flex items-start gap-1 rounded-lg ${active ? 'bg-brand-50 ring-1 ring-brand-200' : 'hover:bg-slate-50'}`}>
              <button
                type="button"
                aria-current={active ? 'true' : undefined}
                onClick={() => {
                  chat.open(c.id);
                  onPicked();
                }}
                className="min-w-0 flex-1 px-3 py-2 text-left"
              >
                <span className="block truncate text-sm font-medium text-ink">{c.title}</span>
                <span className="block text-xs text-slate-500">
                  <time dateTime={c.updatedAt}>{dayOf(c.updatedAt)}</time> · {c.messageCount} {c.messageCount === 1 ? 'message' : 'messages'}
                </span>
              </button>
              {confirming === c.id ? (
                <span className="flex shrink-0 items-center gap-1 py-2 pr-2 text-xs">
                  <button
                    type="button"
                    onClick={() => chat.remove.mutate(c.id, { onSettled: () => setConfirming(null) })}
                    className="rounded bg-red-600 px-2 py-1 font-semibold text-white hover:bg-red-700"
                  >
                    Delete
                  </button>
                  <button type="button" onClick={() => setConfirming(null)} className="rounded px-2 py-1 text-slate-600 hover:bg-slate-100">
                    Keep
                  </button>
                </span>
              ) : (
                <button
                  type="button"
                  aria-label={`Delete conversation “${c.title}”`}
                  onClick={() => setConfirming(c.id)}
                  className="m-1.5 shrink-0 rounded-md p-1.5 text-slate-400 hover:bg-red-50 hover:text-red-700 focus-visible:text-red-700"
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </button>
              )}
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <nav aria-labelledby="assistant-history" className="flex min-h-0 flex-col gap-3">
      <button
        type="button"
        onClick={() => {
          chat.open(null);
          onPicked();
        }}
        className="inline-flex items-center justify-center gap-2 rounded-full bg-brand-800 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-900"
      >
        <MessageSquarePlus className="h-4 w-4" aria-hidden="true" />
        New conversation
      </button>
      <h2 id="assistant-history" className="px-1 text-xs font-semibold uppercase tracking-wider text-slate-500">
        Your conversations
      </h2>
      {chat.remove.isError ? (
        <p role="alert" className="px-1 text-xs text-red-700">
          {errorText(chat.remove.error, 'The conversation could not be deleted.')}
        </p>
      ) : null}
      <div className="min-h-0 overflow-y-auto">{body}</div>
    </nav>
  );
}

function EmptyState({ chat }: { chat: AssistantController }) {
  const suggestions = chat.signedIn ? ASSISTANT_SUGGESTIONS.member : ASSISTANT_SUGGESTIONS.visitor;
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center py-8 text-center">
      <AssistantAvatar size="md" />
      <h2 className="mt-3 text-lg font-semibold text-ink">Ask {ASSISTANT_NAME}</h2>
      <p className="mt-1 text-sm text-slate-600">
        {chat.signedIn
          ? 'Ask about your earnings, wallet, portfolio and SIP plans, or about how Manzil works. Answers link to the screens behind them.'
          : 'Ask how Manzil works: SIPs, fees, ownership and selling. Sign in to ask about your own portfolio and earnings.'}
      </p>
      <div role="group" aria-label="Suggested questions" className="mt-5 grid w-full gap-2 sm:grid-cols-2">
        {suggestions.map((q) => (
          <button
            key={q}
            type="button"
            onClick={() => chat.send(q)}
            disabled={chat.waiting}
            className="rounded-xl border border-sand-300/80 bg-white px-3 py-2.5 text-left text-sm font-medium text-sand-800 hover:border-sand-400 hover:bg-sand-50 disabled:opacity-50"
          >
            {q}
          </button>
        ))}
      </div>
    </div>
  );
}

function Composer({ chat, inputId }: { chat: AssistantController; inputId: string }) {
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const blank = text.trim() === '';
  const submit = async () => {
    if (blank || chat.waiting) return;
    const value = text;
    setText('');
    input.current?.focus();
    // A failed question stays on screen with its retry; the box is free for another.
    await chat.send(value);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };
  const near = text.length > CHAT_MESSAGE_MAX - 200;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      className="flex items-end gap-2"
    >
      <div className="min-w-0 flex-1">
        <label htmlFor={inputId} className="sr-only">
          Message {ASSISTANT_NAME}
        </label>
        <textarea
          id={inputId}
          ref={input}
          rows={2}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Ask a question…"
          maxLength={CHAT_MESSAGE_MAX}
          aria-describedby={`${inputId}-hint`}
          className="block max-h-40 min-h-[2.75rem] w-full resize-y rounded-2xl border border-slate-200 bg-white px-4 py-2.5 text-sm text-ink placeholder:text-slate-400 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-200"
        />
        <p id={`${inputId}-hint`} className="mt-1 px-2 text-[11px] text-slate-500">
          Enter to send, Shift+Enter for a new line{near ? ` · ${CHAT_MESSAGE_MAX - text.length} characters left` : ''}
        </p>
      </div>
      <button
        type="submit"
        disabled={blank || chat.waiting}
        aria-label="Send message"
        className="mb-5 grid h-11 w-11 shrink-0 place-items-center rounded-full bg-brand-800 text-white shadow-sm hover:bg-brand-900 disabled:cursor-not-allowed disabled:bg-slate-200 disabled:text-slate-400"
      >
        <SendHorizontal className="h-4 w-4" aria-hidden="true" />
      </button>
    </form>
  );
}

export function AssistantPage() {
  const chat = useAssistant();
  const inputId = useId();
  const log = useRef<HTMLDivElement>(null);
  const [showList, setShowList] = useState(false);
  const { messages, pending } = chat;
  const title = chat.activeId ? (chat.conversations.data?.items.find((c) => c.id === chat.activeId)?.title ?? chat.history.data?.title ?? '') : 'New conversation';

  useEffect(() => {
    const el = log.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, pending]);

  const loadingHistory = !!chat.activeId && chat.history.isPending;
  return (
    <div className="grid min-h-[560px] gap-4 lg:h-[calc(100dvh-15rem)] lg:max-h-[860px] lg:grid-cols-[17rem_minmax(0,1fr)]">
      <div className="lg:hidden">
        <button
          type="button"
          aria-expanded={showList}
          aria-controls="assistant-sidebar"
          onClick={() => setShowList((s) => !s)}
          className="w-full rounded-lg border border-slate-200 bg-white px-4 py-2 text-left text-sm font-medium text-ink"
        >
          {showList ? 'Hide your conversations' : 'Your conversations'}
        </button>
      </div>
      <div id="assistant-sidebar" className={`${showList ? 'flex' : 'hidden'} min-h-0 flex-col rounded-2xl border border-slate-200 bg-white p-3 lg:flex`}>
        <ConversationList chat={chat} onPicked={() => setShowList(false)} />
      </div>

      <section aria-labelledby="assistant-conversation" className="flex min-h-[520px] flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <header className="flex items-center gap-3 border-b border-slate-100 px-4 py-3 sm:px-6">
          <AssistantAvatar size="md" />
          <div className="min-w-0 flex-1">
            <h2 id="assistant-conversation" className="truncate text-base font-semibold text-ink">
              {title || 'Conversation'}
            </h2>
            <p className="text-xs text-slate-500">
              {ASSISTANT_NAME} · {chat.signedIn ? 'answers may use your own account figures' : 'general answers — sign in for your own figures'}
            </p>
          </div>
        </header>

        <div
          ref={log}
          role="log"
          aria-live="polite"
          aria-relevant="additions"
          aria-label={`Conversation with ${ASSISTANT_NAME}`}
          aria-busy={loadingHistory || chat.waiting}
          className="flex-1 space-y-4 overflow-y-auto overscroll-contain px-4 py-5 sm:px-6"
        >
          {loadingHistory ? <p className="text-sm text-slate-500">Loading the conversation…</p> : null}
          {!loadingHistory && !messages.length && !pending ? <EmptyState chat={chat} /> : null}
          {messages.map((m) => (
            <AssistantMessage key={m.id} m={m} />
          ))}
          {pending ? <PendingQuestion content={pending.content} /> : null}
          {chat.waiting ? <TypingIndicator /> : null}
          {pending?.error ? <AnswerError message={pending.error} onRetry={() => void chat.retry()} /> : null}
        </div>

        <div className="border-t border-slate-100 bg-slate-50/40 px-4 pt-3 sm:px-6">
          <Composer chat={chat} inputId={inputId} />
        </div>
      </section>
    </div>
  );
}

/** The island: providers and the error fallback around the page. */
export default function AssistantPageIsland() {
  return (
    <AppProviders>
      <WithErrorFallback component="assistant">
        <AssistantPage />
      </WithErrorFallback>
    </AppProviders>
  );
}
