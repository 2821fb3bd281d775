/**
 * The full-page assistant at /ai-assistant: the same engine and message list as the panel, on a whole screen.
 * The conversation is kept in sessionStorage, so it survives a reload and continues what the panel started.
 */
import { RotateCcw } from 'lucide-react';
import { useId, useRef } from 'react';
import { AppProviders } from '@site/components/react/AppProviders';
import { WithErrorFallback } from '@site/components/react/ErrorFallback';
import { ASSISTANT_NAME } from '../contract';
import { AssistantAvatar, ChatComposer, MessageList, SuggestionChips } from './conversation';
import { type UseChatOptions, useChat } from './use-chat';

export function ChatScreen(options: UseChatOptions) {
  const chat = useChat(options);
  const input = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const inputId = useId();

  const startOver = () => {
    chat.reset();
    input.current?.focus();
  };

  return (
    <section
      aria-labelledby={headingId}
      className="flex h-[75dvh] min-h-[460px] flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm lg:h-[calc(100dvh-17.5rem)] lg:max-h-[820px] lg:min-h-[480px]"
    >
      <header className="flex items-center gap-3 border-b border-slate-100 px-4 py-3 sm:px-6 sm:py-4">
        <AssistantAvatar size="md" />
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-base font-semibold text-ink">
            Your conversation
          </h2>
          <p className="truncate text-xs text-slate-500">
            <span className="mr-1.5 inline-block h-1.5 w-1.5 rounded-full bg-brand-500 align-middle" aria-hidden="true" />
            {ASSISTANT_NAME} · amounts in {chat.currency}
          </p>
        </div>
        <button
          type="button"
          onClick={startOver}
          disabled={chat.messages.length <= 1 && !chat.waiting}
          className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 px-3 py-1.5 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50"
        >
          <RotateCcw className="h-3.5 w-3.5" aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">New conversation</span>
        </button>
      </header>
      <MessageList messages={chat.messages} waiting={chat.waiting} onAction={chat.runAction} className="flex-1 px-4 py-5 sm:px-6" />
      <div className="space-y-3 border-t border-slate-100 bg-slate-50/40 px-4 py-4 sm:px-6">
        <SuggestionChips chips={chat.chips} onPick={chat.send} disabled={chat.waiting} />
        <ChatComposer id={inputId} onSend={chat.send} waiting={chat.waiting} inputRef={input} />
      </div>
    </section>
  );
}

/** The island: providers and the error fallback around the screen. */
export default function ChatScreenIsland() {
  return (
    <AppProviders>
      <WithErrorFallback component="assistant">
        <ChatScreen />
      </WithErrorFallback>
    </AppProviders>
  );
}
