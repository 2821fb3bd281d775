/**
 * The inbox: conversations (one per contact message) on the admin table — status, assignee and unread filters, a
 * dot for unread — and the conversation in a dialog with its messages, status and assignee, and a reply box that
 * sends by email through the outbox.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageSquare, Send } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { contactTopicLabels } from '@modules/contact/contract';
import { Busy, Dialog, ErrorNote, Select } from '@site/components/admin/ledger/parts';
import { AdminTable, col, type FilterDef } from '@site/components/admin/table';
import { Badge, Button, cx } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { THREAD_STATUSES, threadStatusLabels, type ThreadDetailJson, type ThreadJson, type ThreadStatus } from '../../contract';
import { enc, formatWhen, refreshComms, textareaClass, THREADS, useStaff } from './shared';

const topic = (t: string) => contactTopicLabels[t as keyof typeof contactTopicLabels] ?? t;
const statusTone = { open: 'sand', pending: 'brand', closed: 'neutral' } as const;

function Conversation({ id, onClose }: { id: string | null; onClose: () => void }) {
  const client = useQueryClient();
  const staff = useStaff();
  const replyId = useId();
  const [reply, setReply] = useState('');
  const thread = useQuery<ThreadDetailJson>({ queryKey: [`${THREADS}/${enc(id ?? '')}`], enabled: Boolean(id) });
  const read = useMutation({ mutationFn: (tid: string) => api.post(`${THREADS}/${enc(tid)}/read`, {}), onSuccess: () => refreshComms(client) });
  useEffect(() => {
    if (id) read.mutate(id);
    setReply('');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  const update = useMutation({
    mutationFn: (change: { status?: ThreadStatus; assigneeId?: string | null }) => api.patch(`${THREADS}/${enc(id!)}`, change),
    onSuccess: () => refreshComms(client),
  });
  const send = useMutation({
    mutationFn: () => api.post(`${THREADS}/${enc(id!)}/reply`, { body: reply }),
    onSuccess: () => {
      setReply('');
      return refreshComms(client);
    },
  });
  const t = thread.data;
  return (
    <Dialog open={Boolean(id)} onClose={onClose} title={t ? `${t.name} · ${topic(t.topic)}` : 'Conversation'} wide>
      {thread.isPending ? (
        <Busy>Loading the conversation…</Busy>
      ) : thread.isError ? (
        <ErrorNote title="Not loaded">{errorText(thread.error, 'The conversation could not be loaded.')}</ErrorNote>
      ) : t ? (
        <div className="grid gap-5">
          <div className="grid gap-3 sm:grid-cols-2">
            <Select
              label="Status"
              value={t.status}
              onChange={(v) => update.mutate({ status: v as ThreadStatus })}
              options={THREAD_STATUSES.map((s) => ({ value: s, label: threadStatusLabels[s] }))}
            />
            <Select
              label="Assigned to"
              value={t.assignee?.id ?? ''}
              onChange={(v) => update.mutate({ assigneeId: v || null })}
              options={[{ value: '', label: 'Nobody' }, ...(staff.data?.items ?? []).map((s) => ({ value: s.id, label: s.name || s.email }))]}
            />
          </div>
          {update.isError ? <ErrorNote>{errorText(update.error, 'The change was not saved.')}</ErrorNote> : null}
          <ol className="grid max-h-[45vh] gap-3 overflow-y-auto" aria-label="Messages in this conversation">
            <li className="rounded-xl bg-sand-50/70 p-4 ring-1 ring-sand-100">
              <p className="text-xs text-slate-500">
                {t.name} &lt;{t.email}&gt; · <time dateTime={t.createdAt}>{formatWhen(t.createdAt)}</time> · contact form
              </p>
              <p className="mt-2 whitespace-pre-wrap text-sm text-slate-800">{t.message}</p>
            </li>
            {t.messages.map((m) => (
              <li key={m.id} className={cx('rounded-xl p-4 ring-1', m.direction === 'outbound' ? 'ml-6 bg-brand-50/60 ring-brand-100' : 'bg-sand-50/70 ring-sand-100')}>
                <p className="text-xs text-slate-500">
                  {m.direction === 'outbound' ? `${m.author} (staff) → ${t.email}` : `${m.author} <${m.fromEmail}>`} · <time dateTime={m.createdAt}>{formatWhen(m.createdAt)}</time>
                  {m.outboxStatus ? ` · email ${m.outboxStatus}` : ''}
                </p>
                <p className="mt-2 whitespace-pre-wrap text-sm text-slate-800">{m.body}</p>
              </li>
            ))}
          </ol>
          <form
            className="grid gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (reply.trim()) send.mutate();
            }}
          >
            <label htmlFor={replyId} className="text-sm font-medium text-slate-700">
              Reply to {t.name} by email
            </label>
            <textarea id={replyId} rows={5} maxLength={10_000} value={reply} onChange={(e) => setReply(e.target.value)} className={textareaClass} aria-describedby={`${replyId}-hint`} />
            <p id={`${replyId}-hint`} className="text-xs text-slate-500">
              Sent from the outbox to {t.email} with their message quoted; the conversation then waits for them (pending).
            </p>
            {send.isError ? <ErrorNote>{errorText(send.error, 'The reply was not sent.')}</ErrorNote> : null}
            <div className="flex justify-end">
              <Button type="submit" variant="primary" icon={Send} disabled={!reply.trim() || send.isPending}>
                {send.isPending ? 'Sending…' : 'Send reply'}
              </Button>
            </div>
          </form>
        </div>
      ) : null}
    </Dialog>
  );
}

export function Inbox() {
  const [open, setOpen] = useState<string | null>(null);
  const staff = useStaff();
  const filters = useMemo<FilterDef[]>(
    () => [
      { type: 'select', key: 'status', label: 'Status', all: 'Any status', options: THREAD_STATUSES.map((s) => ({ value: s, label: threadStatusLabels[s] })) },
      {
        type: 'select',
        key: 'assignee',
        label: 'Assignee',
        all: 'Anyone',
        options: [{ value: 'me', label: 'Assigned to me' }, { value: 'none', label: 'Unassigned' }, ...(staff.data?.items ?? []).map((s) => ({ value: s.id, label: s.name || s.email }))],
      },
      { type: 'select', key: 'unread', label: 'Read state', all: 'Read and unread', options: [{ value: 'true', label: 'Unread only' }, { value: 'false', label: 'Read only' }] },
    ],
    [staff.data],
  );
  const columns = useMemo(
    () => [
      col.custom<ThreadJson>(
        'from',
        'From',
        (t) => (
          <span className="flex items-start gap-2">
            <span aria-hidden="true" className={cx('mt-1.5 h-2 w-2 shrink-0 rounded-full', t.unread ? 'bg-brand-700' : 'bg-transparent')} />
            <span>
              <span className={cx('block text-ink', t.unread && 'font-semibold')}>
                {t.name}
                {t.unread ? <span className="sr-only"> (unread)</span> : null}
              </span>
              <span className="block text-xs text-slate-500">{t.email}</span>
            </span>
          </span>
        ),
        { sort: 'name' },
      ),
      col.custom<ThreadJson>('message', 'Message', (t) => (
        <>
          <span className="block text-xs font-medium text-slate-500">{topic(t.topic)}</span>
          <span className="line-clamp-2 text-slate-600">{t.message}</span>
        </>
      ), { className: 'max-w-sm' }),
      col.custom<ThreadJson>('status', 'Status', (t) => <Badge tone={statusTone[t.status]}>{threadStatusLabels[t.status]}</Badge>, { sort: 'status' }),
      col.text<ThreadJson>('assignee', 'Assignee', (t) => t.assignee?.name ?? 'Unassigned', { className: 'text-slate-700' }),
      col.text<ThreadJson>('replies', 'Replies', (t) => t.replies, { align: 'right' }),
      col.dateTime<ThreadJson>('lastActivityAt', 'Last activity (UAE time)', (t) => t.lastActivityAt, { sort: 'lastActivityAt' }),
      col.custom<ThreadJson>(
        'open',
        'Open',
        (t) => (
          <button type="button" onClick={() => setOpen(t.id)} className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50">
            Open<span className="sr-only"> conversation with {t.name}</span>
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
        Messages from the contact page and the answers to our replies, one conversation each. Assign a conversation, reply by email, and set it pending while you wait or closed when it is done; a dot marks what nobody has read yet.
      </p>
      <AdminTable<ThreadJson, { unread: number }>
        endpoint={THREADS}
        caption="Inbox"
        columns={columns}
        rowKey={(t) => t.id}
        noun={['conversation', 'conversations']}
        search={{ placeholder: 'Name, email or message text' }}
        filters={filters}
        defaultSort="-lastActivityAt"
        urlPrefix="inbox."
        minWidth={960}
        summary={(r) => (r?.unread ? <p className="text-sm font-medium text-brand-900" role="status">{r.unread === 1 ? '1 conversation is' : `${r.unread} conversations are`} new or unread.</p> : null)}
        empty={{ icon: MessageSquare, title: 'No messages yet', body: 'Messages sent through the contact page appear here as conversations to assign and answer by email.' }}
      />
      <Conversation id={open} onClose={() => setOpen(null)} />
    </>
  );
}
