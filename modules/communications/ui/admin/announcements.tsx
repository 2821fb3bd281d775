/** Announcements on the admin table: segment, channels, status and when, the delivery figures as a chart when a row is opened; the composer; cancelling a scheduled one. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Megaphone, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { ErrorNote } from '@site/components/admin/ledger/parts';
import { AdminTable, col, type FilterDef } from '@site/components/admin/table';
import { Badge, Button } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { ANNOUNCEMENT_STATUSES, type AnnouncementJson } from '../../contract';
import { Composer } from './composer';
import { FiguresChart } from './figures-chart';
import { ANNOUNCEMENTS, enc, formatWhen, refreshComms } from './shared';

const statusLabels = { scheduled: 'Scheduled', sent: 'Sent', cancelled: 'Cancelled' } as const;
const statusTones = { scheduled: 'sand', sent: 'success', cancelled: 'neutral' } as const;
const filters: FilterDef[] = [{ type: 'select', key: 'status', label: 'Status', all: 'Any status', options: ANNOUNCEMENT_STATUSES.map((s) => ({ value: s, label: statusLabels[s] })) }];

function Details({ a }: { a: AnnouncementJson }) {
  const client = useQueryClient();
  const cancel = useMutation({ mutationFn: () => api.post(`${ANNOUNCEMENTS}/${enc(a.id)}/cancel`, {}), onSuccess: () => refreshComms(client) });
  return (
    <div className="grid gap-4 py-2">
      <div className="grid gap-1">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Message</p>
        <p className="whitespace-pre-wrap text-sm text-slate-800">{a.body}</p>
      </div>
      {a.status === 'sent' ? (
        <FiguresChart figures={a.figures} title={a.subject} />
      ) : a.status === 'scheduled' ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-700">Goes out {formatWhen(a.sendAt)} (UAE time) to the people in the segment at that moment.</p>
          <Button onClick={() => cancel.mutate()} disabled={cancel.isPending}>
            Cancel this announcement
          </Button>
          {cancel.isError ? <ErrorNote>{errorText(cancel.error, 'It could not be cancelled.')}</ErrorNote> : null}
        </div>
      ) : (
        <p className="text-sm text-slate-600">Cancelled before it was sent; nobody received it.</p>
      )}
    </div>
  );
}

/** What was just sent or scheduled, said in a live region; a sent one with its delivery figures. */
function Saved({ a, onDismiss }: { a: AnnouncementJson; onDismiss: () => void }) {
  const f = a.figures;
  const n = (x: number) => x.toLocaleString('en-US');
  return (
    <section aria-labelledby={`saved-${a.id}`} className="mt-4 rounded-xl border border-emerald-200 bg-emerald-50/60 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id={`saved-${a.id}`} className="text-sm font-semibold text-ink">
          {a.status === 'sent' ? 'Announcement sent' : 'Announcement scheduled'}: “{a.subject}”
        </h3>
        <Button onClick={onDismiss}>Dismiss</Button>
      </div>
      <p role="status" className="mt-1 text-sm text-slate-700">
        {a.status === 'sent'
          ? `Sent to ${n(f.recipients)} ${f.recipients === 1 ? 'person' : 'people'} in “${a.segmentLabel}”: ${n(f.inAppDelivered)} in the app, ${n(f.emailsQueued)} ${f.emailsQueued === 1 ? 'email' : 'emails'} queued, ${n(f.skippedByPreference)} skipped because announcement emails are off.`
          : `Goes out ${formatWhen(a.sendAt)} (UAE time) to the people in “${a.segmentLabel}” at that moment.`}
      </p>
      {a.status === 'sent' ? (
        <div className="mt-3">
          <FiguresChart figures={f} title={a.subject} />
        </div>
      ) : null}
    </section>
  );
}

export function Announcements() {
  const [composing, setComposing] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const [saved, setSaved] = useState<AnnouncementJson | null>(null);
  const columns = useMemo(
    () => [
      col.custom<AnnouncementJson>('subject', 'Announcement', (a) => (
        <button type="button" onClick={() => setOpen((o) => (o === a.id ? null : a.id))} aria-expanded={open === a.id} className="text-left font-medium text-brand-900 hover:underline">
          {a.subject}
          <span className="sr-only">{open === a.id ? ': hide details' : ': show details and delivery figures'}</span>
        </button>
      ), { sort: 'subject', className: 'max-w-sm' }),
      col.text<AnnouncementJson>('segment', 'Segment', (a) => a.segmentLabel, { className: 'text-slate-700' }),
      col.text<AnnouncementJson>('channels', 'Channels', (a) => [a.inApp && 'In-app', a.email && 'Email'].filter(Boolean).join(' + ')),
      col.custom<AnnouncementJson>('status', 'Status', (a) => <Badge tone={statusTones[a.status]}>{statusLabels[a.status]}</Badge>, { sort: 'status' }),
      col.dateTime<AnnouncementJson>('sendAt', 'Send time (UAE)', (a) => a.sentAt ?? a.sendAt, { sort: 'sendAt' }),
      col.text<AnnouncementJson>('recipients', 'Recipients', (a) => (a.status === 'sent' ? a.figures.recipients.toLocaleString('en-US') : '—'), { align: 'right' }),
      col.text<AnnouncementJson>('emails', 'Emails', (a) => (a.status === 'sent' && a.email ? a.figures.emailsQueued.toLocaleString('en-US') : '—'), { align: 'right' }),
    ],
    [open],
  );
  return (
    <>
      <p className="max-w-3xl text-sm leading-relaxed text-slate-600">
        Messages to a segment of investors in the app and by email, sent now or at a set time. Open one to see how it was delivered: recipients, notifications, emails queued and sent, and people skipped because they turned announcement emails off.
      </p>
      {saved ? <Saved a={saved} onDismiss={() => setSaved(null)} /> : null}
      <AdminTable<AnnouncementJson>
        endpoint={ANNOUNCEMENTS}
        caption="Announcements"
        columns={columns}
        rowKey={(a) => a.id}
        noun={['announcement', 'announcements']}
        search={{ placeholder: 'Subject or message' }}
        filters={filters}
        defaultSort="-createdAt"
        urlPrefix="ann."
        exportable={false}
        minWidth={960}
        detailRow={(a) => (open === a.id ? <Details a={a} /> : null)}
        actions={
          <Button variant="primary" icon={Plus} onClick={() => setComposing(true)}>
            New announcement
          </Button>
        }
        empty={{ icon: Megaphone, title: 'No announcements yet', body: 'Write one to all investors, the holders of a property, people with a plan or those who have not signed in for a while.' }}
      />
      <Composer
        open={composing}
        onClose={() => setComposing(false)}
        onSaved={setSaved}
      />
    </>
  );
}
