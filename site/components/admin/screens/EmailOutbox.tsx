/**
 * The email outbox (GET /api/admin/outbox): every email the platform sends — welcome, verification
 * codes, password resets — as a record of what went out. The server stores bodies with their
 * secrets removed (reset links read "[link removed]", codes "••••••") and deletes a body once SMTP
 * has delivered it, so nobody can take over an account from this screen or from a backup.
 */
import { Inbox, Info, RefreshCw, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { statusLabel } from '../data';
import { formatDateTime, isoOrRaw } from '../format';
import { ListError, LoadingRows, Pagination, matchesSearch, useAdminList } from '../lists';
import { Badge, Button, DataTable, EmptyState, ListCard, SearchField, SelectField, Toolbar } from '../ui';

export const OUTBOX_ENDPOINT = '/api/admin/outbox';

export type OutboxEmail = {
  id: string;
  to: string;
  subject: string;
  /** Redacted body; null once delivered (deleted). */
  text: string | null;
  kind: string;
  status: string;
  error: string | null;
  createdAt: string;
  sentAt: string | null;
};

const kindLabels: Record<string, string> = {
  welcome: 'Welcome',
  mfa_code: 'Verification code',
  password_reset: 'Password reset',
};
export const kindLabel = (k: string) => kindLabels[k] ?? statusLabel(k);

const statusTone: Record<string, 'sand' | 'neutral' | 'brand' | 'warning'> = { stored: 'sand', queued: 'neutral', sent: 'brand', failed: 'warning' };
const StatusBadge = ({ status }: { status: string }) => <Badge tone={statusTone[status] ?? 'neutral'}>{statusLabel(status)}</Badge>;

const URL_RE = /\bhttps?:\/\/[^\s<>"'`]+/g;

/**
 * Plain text with its http(s) links as anchors, built as React nodes (never innerHTML), so an email
 * body can't inject markup. Trailing punctuation stays outside the link ("…/kyc." → "…/kyc").
 */
export function linkify(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(URL_RE)) {
    let url = m[0];
    const trail = /[.,;:!?)\]]+$/.exec(url)?.[0] ?? '';
    if (trail) url = url.slice(0, -trail.length);
    const start = m.index ?? 0;
    if (start > last) out.push(text.slice(last, start));
    out.push(
      <a key={start} href={url} target="_blank" rel="noopener noreferrer" className="break-all font-medium text-brand-800 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-700">
        {url}
      </a>,
    );
    last = start + url.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

const columns = [
  { key: 'created', label: 'Created (UAE time)' },
  { key: 'to', label: 'To' },
  { key: 'subject', label: 'Subject' },
  { key: 'kind', label: 'Kind' },
  { key: 'status', label: 'Status' },
  { key: 'open', label: 'Open', className: 'sr-only' },
];

function EmailDialog({ email, onClose }: { email: OutboxEmail | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (email && !d.open) d.showModal();
    if (!email && d.open) d.close();
  }, [email]);
  return (
    <dialog
      ref={ref}
      aria-labelledby="email-dialog-title"
      onClose={onClose}
      onClick={(e) => e.target === ref.current && onClose()}
      className="m-auto w-[min(42rem,calc(100vw-2rem))] rounded-2xl border border-slate-200 p-0 shadow-2xl backdrop:bg-ink/40"
    >
      {email ? (
        <div className="p-5 sm:p-8">
          <div className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <p className="text-xs font-semibold uppercase tracking-wide text-sand-600">{kindLabel(email.kind)} email</p>
              <h2 id="email-dialog-title" className="mt-1 text-xl font-semibold text-ink [overflow-wrap:anywhere]" style={{ fontFamily: 'var(--font-display)' }}>
                {email.subject}
              </h2>
            </div>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close email"
              className="-mr-2 -mt-1 shrink-0 rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </button>
          </div>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            <dt className="text-slate-500">To</dt>
            <dd className="font-medium text-slate-800 [overflow-wrap:anywhere]">{email.to}</dd>
            <dt className="text-slate-500">Created</dt>
            <dd className="text-slate-700">
              <time dateTime={isoOrRaw(email.createdAt)}>{formatDateTime(email.createdAt)}</time>
            </dd>
            {email.sentAt ? (
              <>
                <dt className="text-slate-500">Sent</dt>
                <dd className="text-slate-700">
                  <time dateTime={isoOrRaw(email.sentAt)}>{formatDateTime(email.sentAt)}</time>
                </dd>
              </>
            ) : null}
            <dt className="text-slate-500">Status</dt>
            <dd>
              <StatusBadge status={email.status} />
            </dd>
          </dl>
          {email.error ? (
            <p role="note" className="mt-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
              <span className="font-semibold">Delivery failed:</span> {email.error}
            </p>
          ) : null}
          {email.text === null ? (
            <p className="mt-5 rounded-xl bg-slate-50 p-4 text-sm text-slate-600 ring-1 ring-slate-200">
              The text of this email was deleted after it was delivered. The recipient has the only copy.
            </p>
          ) : (
            <div className="mt-5 max-h-[50vh] overflow-y-auto whitespace-pre-wrap rounded-xl bg-sand-50/70 p-4 text-[15px] leading-relaxed text-slate-800 ring-1 ring-sand-100 [overflow-wrap:anywhere]">
              {linkify(email.text)}
            </div>
          )}
          <div className="mt-6 flex justify-end">
            <Button onClick={onClose}>Close</Button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}

/** The "Email outbox" tab of /admin/communications: note, toolbar, table, pagination, read dialog. */
export default function EmailOutbox() {
  const [offset, setOffset] = useState(0);
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState('');
  const [open, setOpen] = useState<OutboxEmail | null>(null);
  const list = useAdminList<OutboxEmail>(OUTBOX_ENDPOINT, offset);
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;

  const kinds = useMemo(() => [...new Set([...Object.keys(kindLabels), ...items.map((m) => m.kind).filter(Boolean)])], [items]);
  const shown = useMemo(
    () => items.filter((m) => matchesSearch([m.to, m.subject, m.text ?? '', kindLabel(m.kind)], search) && (kind === '' || m.kind === kind)),
    [items, search, kind],
  );

  let empty;
  if (list.isError) empty = <ListError error={list.error} what="the outbox" onRetry={() => void list.refetch()} />;
  else if (total === 0)
    empty = (
      <EmptyState icon={Inbox} title="The outbox is empty">
        No emails have been sent yet. Welcome emails, verification codes and password resets are listed here as they go out, with their codes and links removed.
      </EmptyState>
    );
  else
    empty = (
      <EmptyState title="No matches on this page">
        No email on this page matches the search or filter. Clear them, or move to another page.
      </EmptyState>
    );

  return (
    <>
      <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
        <p className="flex max-w-3xl gap-3 rounded-xl bg-brand-50/60 p-4 text-sm leading-relaxed text-slate-700 ring-1 ring-brand-100">
          <Info className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
          <span>
            Every email the platform sends is recorded here, with verification codes and reset links removed: they reach only the recipient. Once an email is{' '}
            <span className="font-medium">Sent</span>, its text is deleted. While the server has no{' '}
            <code className="rounded bg-white px-1 py-0.5 text-[13px] text-brand-900 ring-1 ring-brand-100">SMTP_URL</code>, nothing is delivered and emails stay here as{' '}
            <span className="font-medium">Stored</span> (on a development machine the full message is written to the server console and its mail folder).
          </span>
        </p>
        <div className="md:shrink-0">
          <Button icon={RefreshCw} onClick={() => void list.refetch()} disabled={list.isFetching}>
            {list.isFetching && !list.isPending ? 'Refreshing…' : 'Refresh'}
          </Button>
        </div>
      </div>
      <ListCard
        toolbar={
          <Toolbar label="Filter emails">
            <SearchField label="Search this page" value={search} onChange={setSearch} placeholder="Recipient, subject or text" />
            <SelectField label="Kind" value={kind} onChange={setKind} options={[{ value: '', label: 'All kinds' }, ...kinds.map((k) => ({ value: k, label: kindLabel(k) }))]} className="sm:w-56" />
          </Toolbar>
        }
        footer={
          list.data && total > 0 ? (
            <Pagination offset={offset} pageCount={items.length} total={total} shown={shown.length} noun={['email', 'emails']} onOffset={setOffset} busy={list.isFetching} />
          ) : null
        }
      >
        {list.isPending ? (
          <p className="sr-only" role="status">
            Loading the outbox…
          </p>
        ) : null}
        <DataTable caption="Email outbox" columns={columns} empty={empty} minWidth={860}>
          {list.isPending
            ? [<LoadingRows key="loading" columns={columns.length} />]
            : list.isError
              ? []
              : shown.map((m) => (
                  <tr key={m.id} className="align-top hover:bg-slate-50/70">
                    <td className="whitespace-nowrap px-4 py-3 text-slate-600 tabular-nums">
                      <time dateTime={isoOrRaw(m.createdAt)}>{formatDateTime(m.createdAt)}</time>
                    </td>
                    <td className="whitespace-nowrap px-4 py-3 font-medium text-ink">{m.to}</td>
                    <td className="max-w-sm px-4 py-3 text-slate-700">
                      <span className="line-clamp-2">{m.subject}</span>
                    </td>
                    <td className="whitespace-nowrap px-4 py-3 text-slate-700">{kindLabel(m.kind)}</td>
                    <td className="px-4 py-3">
                      <StatusBadge status={m.status} />
                    </td>
                    <td className="px-4 py-3 text-right">
                      <button
                        type="button"
                        onClick={() => setOpen(m)}
                        className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
                      >
                        Read<span className="sr-only"> email “{m.subject}” to {m.to}</span>
                      </button>
                    </td>
                  </tr>
                ))}
        </DataTable>
      </ListCard>
      <EmailDialog email={open} onClose={() => setOpen(null)} />
    </>
  );
}
