/** The parts of a conversation both the panel and the full screen show: messages, chips, composer. */
import { ArrowUpRight, RotateCcw, SendHorizontal, Sparkles } from 'lucide-react';
import { type FormEvent, type ReactNode, type RefObject, useRef, useState } from 'react';
import { formatDateTime } from '@modules/platform/dates';
import { ASSISTANT_NAME, type AssistantMessageJson, CHAT_MESSAGE_MAX } from '../contract';

const LINK = /(?<![\w.])(\/(?:learn|properties|contact|sip-setup|sip|signup|login|ai-assistant|portfolio|wallet|dashboard|exchange)(?:\/[a-z0-9-]+)*)|([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/g;

/** Text with its internal paths (Read more: /learn/…) and e-mail addresses as links. */
function linkify(line: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of line.matchAll(LINK)) {
    const index = m.index ?? 0;
    if (index > last) out.push(line.slice(last, index));
    const [text, path, email] = m;
    out.push(
      <a key={index} href={path ?? `mailto:${email}`} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
        {text}
      </a>,
    );
    last = index + text.length;
  }
  if (last < line.length) out.push(line.slice(last));
  return out;
}

export function MessageContent({ content }: { content: string }) {
  return (
    <>
      {content.split(/\n{2,}/).map((paragraph, i) => (
        <p key={i} className="whitespace-pre-line [overflow-wrap:anywhere] [&:not(:first-child)]:mt-2">
          {linkify(paragraph)}
        </p>
      ))}
    </>
  );
}

function AssistantAvatar({ size = 'sm' }: { size?: 'sm' | 'md' }) {
  return (
    <span
      aria-hidden="true"
      className={`grid shrink-0 place-items-center rounded-full bg-gradient-to-br from-brand-700 to-brand-900 text-sand-200 ${size === 'sm' ? 'h-7 w-7' : 'h-10 w-10'}`}
    >
      <Sparkles className={size === 'sm' ? 'h-3.5 w-3.5' : 'h-5 w-5'} strokeWidth={1.8} />
    </span>
  );
}
export { AssistantAvatar };

/**
 * One message of a conversation kept by the assistant API, as the full page and the home page's panel both show
 * it: the question on the right; the answer on the left with its links to the screens it names as buttons.
 */
export function AssistantMessage({ m }: { m: Pick<AssistantMessageJson, 'role' | 'content' | 'timestamp' | 'links'> }) {
  if (m.role === 'user') {
    return (
      <div data-message className="flex flex-col items-end">
        <span className="sr-only">You asked:</span>
        <div className="max-w-[85%] rounded-2xl rounded-br-md bg-brand-800 px-3.5 py-2.5 text-sm leading-relaxed text-white shadow-sm">
          <MessageContent content={m.content} />
        </div>
        <time dateTime={m.timestamp} className="mt-1 text-[11px] text-slate-500">
          {formatDateTime(m.timestamp)}
        </time>
      </div>
    );
  }
  // The "See: /wallet · /portfolio" line is shown as the link buttons below.
  const text = m.links.length ? m.content.replace(/\n\nSee: [^\n]*$/, '') : m.content;
  return (
    <div data-message className="flex items-start gap-2.5">
      <AssistantAvatar />
      <div className="min-w-0 max-w-[85%]">
        <span className="sr-only">{ASSISTANT_NAME} answered:</span>
        <div className="rounded-2xl rounded-tl-md border border-slate-200/80 bg-sand-50/70 px-3.5 py-2.5 text-sm leading-relaxed text-ink">
          <MessageContent content={text} />
        </div>
        {m.links.length ? (
          <ul aria-label="Related screens" className="mt-2 flex flex-wrap gap-2">
            {m.links.map((l) => (
              <li key={l.href}>
                <a href={l.href} className="inline-flex items-center gap-1 rounded-full border border-brand-200 bg-white px-3 py-1 text-xs font-semibold text-brand-800 hover:bg-brand-50">
                  {l.label}
                  <ArrowUpRight className="h-3 w-3" aria-hidden="true" />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {m.timestamp ? (
          <time dateTime={m.timestamp} className="mt-1 block text-[11px] text-slate-500">
            {formatDateTime(m.timestamp)}
          </time>
        ) : null}
      </div>
    </div>
  );
}

/** A question on its way: shown at once, a little lighter, until the answer comes back with the stored copy. */
export function PendingQuestion({ content }: { content: string }) {
  return (
    <div data-message className="flex flex-col items-end">
      <span className="sr-only">You asked:</span>
      <div className="max-w-[85%] rounded-2xl rounded-br-md bg-brand-800/80 px-3.5 py-2.5 text-sm leading-relaxed text-white">
        <MessageContent content={content} />
      </div>
    </div>
  );
}

/** The assistant is working on an answer (the dots are decoration; screen readers hear the sentence). */
export function TypingIndicator() {
  return (
    <div className="flex items-center gap-2.5" data-testid="typing">
      <AssistantAvatar />
      <div className="flex items-center gap-1 rounded-2xl rounded-tl-md border border-slate-200/80 bg-sand-50/70 px-3.5 py-3">
        <span className="sr-only">{ASSISTANT_NAME} is typing…</span>
        {[0, 150, 300].map((delay) => (
          <span key={delay} aria-hidden="true" className="h-1.5 w-1.5 animate-bounce rounded-full bg-brand-600/70" style={{ animationDelay: `${delay}ms` }} />
        ))}
      </div>
    </div>
  );
}

/** An answer that failed: what happened, and a way to ask again. */
export function AnswerError({ message, onRetry, className = '' }: { message: string; onRetry: () => void; className?: string }) {
  return (
    <div role="alert" className={`ml-9 max-w-[85%] rounded-xl border border-red-200 bg-red-50 px-3.5 py-2.5 text-sm text-red-800 ${className}`}>
      <p>{message}</p>
      <button type="button" onClick={onRetry} className="mt-2 inline-flex items-center gap-1.5 font-semibold underline">
        <RotateCcw className="h-3.5 w-3.5" aria-hidden="true" />
        Retry
      </button>
    </div>
  );
}

/** Suggested questions: buttons that ask them. */
export function SuggestionChips({ chips, onPick, disabled, className = '' }: { chips: string[]; onPick: (q: string) => void; disabled: boolean; className?: string }) {
  return (
    <div role="group" aria-label="Suggested questions" className={`flex flex-wrap gap-2 ${className}`}>
      {chips.map((q) => (
        <button
          key={q}
          type="button"
          disabled={disabled}
          onClick={() => onPick(q)}
          className="rounded-full border border-sand-300/80 bg-white px-3 py-1.5 text-left text-xs font-medium text-sand-700 transition hover:border-sand-400 hover:bg-sand-50 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {q}
        </button>
      ))}
    </div>
  );
}

type ComposerProps = {
  onSend: (text: string) => Promise<boolean> | boolean;
  waiting: boolean;
  inputRef?: RefObject<HTMLInputElement | null>;
  id: string;
  className?: string;
};

/** §2/§4: 'Type a message...' and a send button, disabled while waiting or when the input is empty. */
export function ChatComposer({ onSend, waiting, inputRef, id, className = '' }: ComposerProps) {
  const [text, setText] = useState('');
  const ownRef = useRef<HTMLInputElement>(null);
  const input = inputRef ?? ownRef;
  const empty = text.trim() === '';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (empty || waiting) return;
    const value = text;
    setText('');
    // The send button is about to be disabled: keep the keyboard in the input.
    input.current?.focus();
    await onSend(value);
  };
  return (
    <form onSubmit={submit} className={`flex items-center gap-2 ${className}`}>
      <label htmlFor={id} className="sr-only">
        Message {ASSISTANT_NAME}
      </label>
      <input
        id={id}
        ref={input}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Type a message..."
        autoComplete="off"
        maxLength={CHAT_MESSAGE_MAX}
        className="min-w-0 flex-1 rounded-full border border-slate-200 bg-white px-4 py-2.5 text-sm text-ink placeholder:text-slate-400 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-200"
      />
      <button
        type="submit"
        disabled={empty || waiting}
        aria-label="Send message"
        className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-brand-800 text-white shadow-sm transition hover:bg-brand-900 disabled:cursor-not-allowed disabled:bg-slate-200 disabled:text-slate-400 disabled:shadow-none"
      >
        <SendHorizontal className="h-4 w-4" aria-hidden="true" />
      </button>
    </form>
  );
}
