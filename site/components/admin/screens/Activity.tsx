/** Activity (/admin/activity): the append-only audit log on the one admin table, each event expandable to its details. */
import { Activity as ActivityIcon, ChevronDown, ChevronRight } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { AuditEntryJson } from '@modules/audit/contract';
import { AdminTable, StatusCell, col, type FilterDef, type Tone } from '../table';
import { ScreenIntro } from '../ui';

const AUDIT_ENDPOINT = '/api/admin/audit';

/** Action prefixes the log groups by (the `action` filter accepts a prefix ending in a dot). */
const EVENT_GROUPS = [
  { value: 'kyc.', label: 'Verification decisions' },
  { value: 'wallet.', label: 'Wallet movements' },
  { value: 'investment.', label: 'Investments' },
  { value: 'property.', label: 'Properties' },
  { value: 'ledger.', label: 'Accounting' },
  { value: 'budget.', label: 'Budgets' },
  { value: 'screening.', label: 'Screening lists' },
  { value: 'settings.', label: 'Settings changes' },
];

const filters: FilterDef[] = [
  { type: 'select', key: 'action', label: 'Event', all: 'All events', options: EVENT_GROUPS, className: 'sm:w-56' },
  { type: 'dateRange', label: 'Between (UAE dates)', from: 'from', to: 'to' },
];

function groupTone(action: string): Tone {
  if (action.startsWith('kyc.')) return 'brand';
  if (action.startsWith('wallet.') || action.startsWith('investment.')) return 'success';
  if (action.startsWith('ledger.') || action.startsWith('budget.')) return 'sand';
  if (action.endsWith('.delete') || action.endsWith('.reject')) return 'danger';
  return 'neutral';
}

function Details({ entry }: { entry: AuditEntryJson }) {
  return (
    <dl className="grid gap-x-6 gap-y-1 text-xs text-slate-600 sm:grid-cols-[10rem_1fr]">
      <dt className="font-semibold">Record</dt>
      <dd className="font-mono">
        {entry.entityType}
        {entry.entityId ? ` · ${entry.entityId}` : ''}
      </dd>
      <dt className="font-semibold">Details</dt>
      <dd>
        <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-all rounded-md bg-white p-2 font-mono text-[11px] ring-1 ring-slate-200">{JSON.stringify(entry.details, null, 2)}</pre>
      </dd>
    </dl>
  );
}

export default function Activity() {
  const [open, setOpen] = useState<string | null>(null);
  const columns = useMemo(
    () => [
      col.dateTime<AuditEntryJson>('createdAt', 'When (UAE time)', (r) => r.at, { sort: 'createdAt' }),
      col.custom<AuditEntryJson>('who', 'Who', (r) => (r.actorLabel === 'system' ? <span className="text-slate-500">Manzil (automatic)</span> : <span className="font-medium text-ink">{r.actorLabel}</span>), {
        sort: 'actorLabel',
      }),
      col.custom<AuditEntryJson>('event', 'Event', (r) => <StatusCell value={r.action} label={r.action} tone={groupTone(r.action)} />, { sort: 'action', className: 'whitespace-nowrap' }),
      col.custom<AuditEntryJson>('detail', 'Details', (r) => {
        const expanded = open === r.id;
        return (
          <button
            type="button"
            className="flex items-start gap-1.5 text-left text-ink hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600"
            aria-expanded={expanded}
            onClick={() => setOpen(expanded ? null : r.id)}
          >
            {expanded ? <ChevronDown className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" /> : <ChevronRight className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />}
            <span>{r.summary}</span>
          </button>
        );
      }),
      col.text<AuditEntryJson>('ip', 'IP address', (r) => r.ip, { mono: true, className: 'whitespace-nowrap' }),
    ],
    [open],
  );
  return (
    <>
      <ScreenIntro description="The audit trail of this back office: every decision and change, who made it, when and from where. It is append-only — the database refuses to change or delete a record." />
      <AdminTable<AuditEntryJson>
        endpoint={AUDIT_ENDPOINT}
        caption="Activity log"
        columns={columns}
        rowKey={(r) => r.id}
        noun={['event', 'events']}
        search={{ placeholder: 'Person, reference or words in the event' }}
        filters={filters}
        defaultSort="-createdAt"
        minWidth={760}
        detailRow={(r) => (open === r.id ? <Details entry={r} /> : null)}
        empty={{
          icon: ActivityIcon,
          title: 'No activity recorded yet',
          body: 'Every decision and change made in this back office is listed here with who made it, when, and from where. Nothing has been done yet.',
        }}
      />
    </>
  );
}
