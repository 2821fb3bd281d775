import { Mail, MessageSquare, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { CONTACT_TOPICS, contactTopicLabels } from '@modules/contact/contract';
import { CONTACT_MESSAGES_ENDPOINT, statusLabel, topicLabel, type ContactMessage } from '../data';
import { formatDateTime, isoOrRaw } from '../format';
import { AdminTable, col, type FilterDef } from '../table';
import { Badge, ScreenIntro, cx } from '../ui';
import EmailOutbox from './EmailOutbox';


function replyHref(m: ContactMessage) {
  const subject = `Re: your message to Manzil (${topicLabel(m.topic)})`;
  const quoted = m.message
    .split(/\r?\n/)
    .map((l) => `> ${l}`)
    .join('\n');
  const body = `Hi ${m.name},\n\n\n\n—\nOn ${formatDateTime(m.createdAt)} you wrote:\n${quoted}`;
  return `mailto:${encodeURIComponent(m.email)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

function MessageDialog({ message, onClose }: { message: ContactMessage | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (message && !d.open) d.showModal();
    if (!message && d.open) d.close();
  }, [message]);
  return (
    <dialog
      ref={ref}
      aria-labelledby="message-dialog-title"
      onClose={onClose}
      onClick={(e) => e.target === ref.current && onClose()}
      className="m-auto w-[min(40rem,calc(100vw-2rem))] rounded-2xl border border-slate-200 p-0 shadow-2xl backdrop:bg-ink/40"
    >
      {message ? (
        <div className="p-6 sm:p-8">
          <div className="flex items-start justify-between gap-4">
            <div>
              <h2 id="message-dialog-title" className="text-xl font-semibold text-ink" style={{ fontFamily: 'var(--font-display)' }}>
                {topicLabel(message.topic)}
              </h2>
              <p className="mt-1 text-sm text-slate-500">
                From <span className="font-medium text-slate-700">{message.name}</span> ·{' '}
                <a className="text-brand-800 hover:underline" href={`mailto:${message.email}`}>
                  {message.email}
                </a>{' '}
                · <time dateTime={isoOrRaw(message.createdAt)}>{formatDateTime(message.createdAt)}</time>
              </p>
            </div>
            <button type="button" onClick={onClose} aria-label="Close message" className="-mr-2 -mt-1 rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-ink">
              <X className="h-5 w-5" aria-hidden="true" />
            </button>
          </div>
          <p className="mt-5 max-h-[50vh] overflow-y-auto whitespace-pre-wrap rounded-xl bg-sand-50/70 p-4 text-[15px] leading-relaxed text-slate-800 ring-1 ring-sand-100">
            {message.message}
          </p>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
            <Badge tone={message.status === 'new' ? 'sand' : 'neutral'}>{statusLabel(message.status)}</Badge>
            <a
              href={replyHref(message)}
              className="inline-flex items-center gap-2 rounded-lg bg-brand-800 px-3.5 py-2 text-sm font-medium text-white shadow-sm hover:bg-brand-900"
            >
              <Mail className="h-4 w-4" aria-hidden="true" />
              Reply by email
            </a>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}

const filters: FilterDef[] = [
  { type: 'select', key: 'topic', label: 'Topic', all: 'All topics', options: CONTACT_TOPICS.map((t) => ({ value: t, label: contactTopicLabels[t] })), className: 'sm:w-60' },
];

function ContactMessages() {
  const [open, setOpen] = useState<ContactMessage | null>(null);
  const columns = useMemo(
    () => [
      col.dateTime<ContactMessage>('createdAt', 'Received (UAE time)', (m) => m.createdAt, { sort: 'createdAt' }),
      col.person<ContactMessage>('from', 'From', (m) => ({ name: m.name, email: m.email }), { sort: 'name' }),
      col.text<ContactMessage>('topic', 'Topic', (m) => topicLabel(m.topic), { sort: 'topic', className: 'text-slate-700' }),
      col.custom<ContactMessage>('message', 'Message', (m) => <span className="line-clamp-2">{m.message}</span>, { className: 'max-w-sm text-slate-600' }),
      col.status<ContactMessage>('status', 'Status', (m) => m.status, { sort: 'status', tones: { new: 'sand' } }),
      col.custom<ContactMessage>(
        'open',
        'Open',
        (m) => (
          <button type="button" onClick={() => setOpen(m)} className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50">
            Read<span className="sr-only"> message from {m.name}</span>
          </button>
        ),
        { align: 'right', headerClassName: 'sr-only' },
      ),
    ],
    [],
  );

  return (
    <>
      <p className="max-w-3xl text-sm leading-relaxed text-slate-600">
        Messages sent through the contact page, newest first. Open one to read it in full and reply by email; we promise senders an answer within one business day.
      </p>
      <AdminTable<ContactMessage>
        endpoint={CONTACT_MESSAGES_ENDPOINT}
        caption="Contact messages"
        columns={columns}
        rowKey={(m) => m.id}
        noun={['message', 'messages']}
        search={{ placeholder: 'Name, email or message text' }}
        filters={filters}
        defaultSort="-createdAt"
        minWidth={880}
        empty={{ icon: MessageSquare, title: 'No messages yet', body: 'Messages sent through the contact page appear here with their topic, so the right person can reply by email within one business day.' }}
      />
      <MessageDialog message={open} onClose={() => setOpen(null)} />
    </>
  );
}

const TABS = [
  { key: 'messages', title: 'Contact messages', hash: '' },
  { key: 'outbox', title: 'Email outbox', hash: '#outbox' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

const tabFromHash = (): TabKey => (typeof window !== 'undefined' && window.location.hash.toLowerCase() === '#outbox' ? 'outbox' : 'messages');

/**
 * Contact messages and the email outbox as two tabs (WAI-ARIA tabs: arrow keys, Home and End move
 * between them). The outbox tab is addressable as /admin/communications#outbox.
 */
export default function Communications() {
  const id = useId();
  const [tab, setTab] = useState<TabKey>(tabFromHash);
  // Panels mount on first visit and then stay mounted (hidden), keeping their page, search and filters.
  const [visited, setVisited] = useState<Set<TabKey>>(() => new Set([tab]));
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    const onHash = () => select(tabFromHash(), false);
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  function select(next: TabKey, updateUrl = true) {
    setTab(next);
    setVisited((v) => (v.has(next) ? v : new Set(v).add(next)));
    if (updateUrl) {
      const t = TABS.find((x) => x.key === next)!;
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}${t.hash}`);
    }
  }

  const onKey = (e: KeyboardEvent, i: number) => {
    const n = TABS.length;
    const next = e.key === 'ArrowRight' ? (i + 1) % n : e.key === 'ArrowLeft' ? (i - 1 + n) % n : e.key === 'Home' ? 0 : e.key === 'End' ? n - 1 : -1;
    if (next < 0) return;
    e.preventDefault();
    select(TABS[next]!.key);
    refs.current[next]?.focus();
  };

  return (
    <>
      <ScreenIntro description="What people send Manzil and what Manzil sends them: messages from the contact page to answer, and every email the platform has sent or stored." />
      <div role="tablist" aria-label="Communications" className="relative -mx-4 mt-6 flex gap-1 overflow-x-auto border-b border-slate-200 px-4 sm:mx-0 sm:px-0">
        {TABS.map((t, i) => {
          const active = t.key === tab;
          return (
            <button
              key={t.key}
              ref={(el) => {
                refs.current[i] = el;
              }}
              id={`${id}-tab-${t.key}`}
              type="button"
              role="tab"
              aria-selected={active}
              aria-controls={`${id}-panel-${t.key}`}
              tabIndex={active ? 0 : -1}
              onClick={() => select(t.key)}
              onKeyDown={(e) => onKey(e, i)}
              className={cx(
                '-mb-px whitespace-nowrap rounded-t-md border-b-2 px-3 py-2.5 text-sm transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500',
                active ? 'border-brand-700 font-semibold text-brand-900' : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-ink',
              )}
            >
              {t.title}
            </button>
          );
        })}
      </div>
      {TABS.map((t) => (
        <section key={t.key} id={`${id}-panel-${t.key}`} role="tabpanel" aria-labelledby={`${id}-tab-${t.key}`} hidden={t.key !== tab} className="mt-6">
          {visited.has(t.key) ? t.key === 'messages' ? <ContactMessages /> : <EmailOutbox /> : null}
        </section>
      ))}
    </>
  );
}
