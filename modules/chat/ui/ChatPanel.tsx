/**
 * The floating chat panel (§2 "Chat assistant") on the home page: titled '{product} AI', minimize and close, a
 * welcome, suggested questions while the conversation is empty, the conversation as a live log (answers from the
 * assistant API rendered as on /ai-assistant, with links to the screens they name), a typing indicator, an error
 * with a retry, the composer, and a link to continue the same conversation on /ai-assistant.
 * 500 px tall (80vh on narrow screens, 90 px when minimized). Escape closes it.
 */
import { ArrowUpRight, ChevronUp, Minus, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { ASSISTANT_NAME, ASSISTANT_SUGGESTIONS, ASSISTANT_WELCOME } from '../contract';
import { AnswerError, AssistantAvatar, AssistantMessage, ChatComposer, PendingQuestion, SuggestionChips, TypingIndicator } from './conversation';
import { type UseChatOptions, useChat } from './use-chat';

export type ChatPanelProps = { onClose: () => void } & UseChatOptions;

export function ChatPanel({ onClose, ...options }: ChatPanelProps) {
  const chat = useChat(options);
  const [minimized, setMinimized] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const inputId = useId();
  const bodyId = useId();
  const log = useRef<HTMLDivElement>(null);
  const { messages, pending } = chat;

  useEffect(() => {
    if (!minimized) input.current?.focus();
  }, [minimized]);

  // Scroll the log itself (never the page) to the newest message; a long answer shows from its start.
  useEffect(() => {
    const el = log.current;
    if (!el) return;
    const last = [...el.querySelectorAll<HTMLElement>('[data-message]')].pop();
    const tall = !chat.waiting && last && last.offsetHeight > el.clientHeight - 24;
    el.scrollTop = tall ? last.offsetTop - 12 : el.scrollHeight;
  }, [messages.length, pending, chat.waiting]);

  const empty = !chat.loading && !messages.length && !pending;
  const suggestions = chat.signedIn ? ASSISTANT_SUGGESTIONS.member : ASSISTANT_SUGGESTIONS.visitor;
  const fullPage = chat.sessionId ? `/ai-assistant?c=${chat.sessionId}` : '/ai-assistant';

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    onClose();
  };

  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      data-state={minimized ? 'minimized' : 'open'}
      className={`fixed bottom-4 right-4 z-50 flex w-[calc(100vw-2rem)] flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl shadow-brand-950/20 sm:w-[380px] md:bottom-6 md:right-6 ${
        minimized ? 'h-[90px]' : 'h-[80vh] md:h-[500px]'
      }`}
    >
      <header className={`flex items-center gap-3 bg-brand-900 px-4 text-white ${minimized ? 'flex-1' : 'py-3'}`}>
        <AssistantAvatar size="md" />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-base font-semibold leading-tight" style={{ fontFamily: 'var(--font-display)' }}>
            {ASSISTANT_NAME}
          </h2>
          <p className="truncate text-xs text-brand-100/80">
            {minimized ? 'Your conversation is waiting' : 'Ask about SIPs, fees and returns'}
          </p>
        </div>
        <button
          type="button"
          onClick={() => setMinimized((m) => !m)}
          aria-expanded={!minimized}
          aria-controls={bodyId}
          aria-label={minimized ? 'Restore chat' : 'Minimize chat'}
          className="rounded-md p-1.5 text-brand-100 hover:bg-white/10 hover:text-white focus-visible:outline-white"
        >
          {minimized ? <ChevronUp className="h-5 w-5" aria-hidden="true" /> : <Minus className="h-5 w-5" aria-hidden="true" />}
        </button>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close chat"
          className="rounded-md p-1.5 text-brand-100 hover:bg-white/10 hover:text-white focus-visible:outline-white"
        >
          <X className="h-5 w-5" aria-hidden="true" />
        </button>
      </header>

      <div id={bodyId} hidden={minimized} className="flex min-h-0 flex-1 flex-col">
        <div
          ref={log}
          role="log"
          aria-live="polite"
          aria-relevant="additions"
          aria-label={`Conversation with ${ASSISTANT_NAME}`}
          aria-busy={chat.loading || chat.waiting}
          className="relative flex-1 space-y-4 overflow-y-auto overscroll-contain px-4 py-4"
        >
          <AssistantMessage m={{ role: 'assistant', content: ASSISTANT_WELCOME, timestamp: '', links: [] }} />
          {chat.loading ? <p className="text-sm text-slate-500">Loading the conversation…</p> : null}
          {messages.map((m) => (
            <AssistantMessage key={m.id} m={m} />
          ))}
          {pending ? <PendingQuestion content={pending.content} /> : null}
          {chat.waiting ? <TypingIndicator /> : null}
          {chat.failure ? <AnswerError message={chat.failure} onRetry={() => void chat.retry()} /> : null}
        </div>
        <div className="space-y-3 border-t border-slate-100 px-4 pb-3 pt-3">
          {empty ? <SuggestionChips chips={[...suggestions]} onPick={chat.send} disabled={chat.waiting} /> : null}
          <ChatComposer id={inputId} onSend={chat.send} waiting={chat.waiting} inputRef={input} />
          <a href={fullPage} className="flex items-center justify-center gap-1 text-xs font-medium text-brand-700 hover:text-brand-900 hover:underline">
            {chat.sessionId ? 'Continue this conversation on the full page' : `View full ${ASSISTANT_NAME}`}
            <ArrowUpRight className="h-3.5 w-3.5" aria-hidden="true" />
          </a>
        </div>
      </div>
    </section>
  );
}

export default ChatPanel;
