/**
 * The sections of one investor's story (/admin/users/{id}) as tabs: each tab reads one page of its
 * section from GET /api/admin/users/{id}/{section} (20 rows, paged), with its own loading, error and
 * empty states.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { USER_SECTIONS, userSectionLabels, type UserSection, type UserSectionPage } from '@modules/investor-admin/contract';
import { unitsToShareString } from '@modules/properties/contract';
import { api, errorText } from '@site/lib/api';
import { Busy, ErrorNote } from '../../ledger/parts';
import { aed, when } from '../../money/shared';
import { Button, Card, DataTable, EmptyState, cx } from '../../ui';
import { statusLabel } from '../../data';

type Cell = string | number | boolean | null | undefined;
type ColumnDef = { key: string; label: string; kind?: 'money' | 'signed' | 'time' | 'units' | 'status' | 'yesno'; align?: 'right' };

const COLUMNS: Record<UserSection, ColumnDef[]> = {
  transactions: [
    { key: 'createdAt', label: 'When', kind: 'time' },
    { key: 'kind', label: 'Kind', kind: 'status' },
    { key: 'description', label: 'Description' },
    { key: 'amount', label: 'Amount', kind: 'signed', align: 'right' },
    { key: 'balanceAfter', label: 'Balance after', kind: 'money', align: 'right' },
    { key: 'journalReference', label: 'Journal' },
  ],
  holdings: [
    { key: 'property', label: 'Property' },
    { key: 'reference', label: 'Reference' },
    { key: 'units', label: 'Shares', kind: 'units', align: 'right' },
    { key: 'cost', label: 'Principal paid', kind: 'money', align: 'right' },
    { key: 'updatedAt', label: 'Last change', kind: 'time' },
  ],
  orders: [
    { key: 'createdAt', label: 'When', kind: 'time' },
    { key: 'reference', label: 'Reference' },
    { key: 'kind', label: 'Kind', kind: 'status' },
    { key: 'property', label: 'Property' },
    { key: 'side', label: 'Side', kind: 'status' },
    { key: 'units', label: 'Shares', kind: 'units', align: 'right' },
    { key: 'amount', label: 'Amount', kind: 'money', align: 'right' },
    { key: 'status', label: 'Status', kind: 'status' },
  ],
  sip: [
    { key: 'reference', label: 'Plan' },
    { key: 'status', label: 'Status', kind: 'status' },
    { key: 'mode', label: 'Mode', kind: 'status' },
    { key: 'amount', label: 'Monthly', kind: 'money', align: 'right' },
    { key: 'dayOfMonth', label: 'Day', align: 'right' },
    { key: 'collected', label: 'Collected', align: 'right' },
    { key: 'lastNote', label: 'Last note' },
    { key: 'createdAt', label: 'Started', kind: 'time' },
  ],
  distributions: [
    { key: 'paidAt', label: 'Paid', kind: 'time' },
    { key: 'reference', label: 'Run' },
    { key: 'property', label: 'Property' },
    { key: 'period', label: 'Period' },
    { key: 'amount', label: 'Amount', kind: 'money', align: 'right' },
    { key: 'feeNetted', label: 'Fees netted', kind: 'money', align: 'right' },
    { key: 'reinvested', label: 'Reinvested', kind: 'money', align: 'right' },
  ],
  notifications: [
    { key: 'createdAt', label: 'Sent', kind: 'time' },
    { key: 'kind', label: 'Kind', kind: 'status' },
    { key: 'title', label: 'Title' },
    { key: 'body', label: 'Message' },
    { key: 'read', label: 'Read', kind: 'yesno' },
  ],
  sessions: [
    { key: 'lastSeenAt', label: 'Last seen', kind: 'time' },
    { key: 'ip', label: 'IP address' },
    { key: 'userAgent', label: 'Device' },
    { key: 'createdAt', label: 'Signed in', kind: 'time' },
    { key: 'expiresAt', label: 'Expires', kind: 'time' },
    { key: 'mfaPending', label: 'Waiting for code', kind: 'yesno' },
  ],
  audit: [
    { key: 'createdAt', label: 'When', kind: 'time' },
    { key: 'actorLabel', label: 'By' },
    { key: 'action', label: 'Action' },
    { key: 'summary', label: 'What happened' },
    { key: 'reason', label: 'Reason' },
  ],
};

const EMPTY: Record<UserSection, string> = {
  transactions: 'No money has moved through this wallet yet.',
  holdings: 'This investor holds no shares.',
  orders: 'No purchases and no exchange orders yet.',
  sip: 'This investor has no monthly plan.',
  distributions: 'No rental income has been paid to this investor yet.',
  notifications: 'Nothing has been sent to this investor yet.',
  sessions: 'No one is signed in to this account right now.',
  audit: 'No recorded action concerns this account yet.',
};

function render(value: Cell, kind: ColumnDef['kind']): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (kind) {
    case 'money':
      return aed(String(value));
    case 'signed':
      return `${String(value).startsWith('-') ? '−' : '+'}${aed(String(value).replace(/^-/, ''))}`;
    case 'time':
      return when(String(value));
    case 'units':
      return unitsToShareString(BigInt(String(value)), { trim: true });
    case 'status':
      return statusLabel(String(value));
    case 'yesno':
      return value ? 'Yes' : 'No';
    default:
      return String(value);
  }
}

const PAGE = 20;

function SectionTable({ userId, section }: { userId: string; section: UserSection }) {
  const [offset, setOffset] = useState(0);
  const page = useQuery({
    queryKey: ['admin-user', userId, section, offset],
    queryFn: () => api.get<UserSectionPage>(`/api/admin/users/${userId}/${section}?limit=${PAGE}&offset=${offset}`),
  });
  const columns = COLUMNS[section];
  const items = page.data?.items ?? [];
  const total = page.data?.total ?? 0;
  return (
    <div aria-busy={page.isPending}>
      {page.isError ? (
        <div className="p-4">
          <ErrorNote title={`${userSectionLabels[section]} could not be loaded`}>{errorText(page.error, 'Please try again.')}</ErrorNote>
        </div>
      ) : null}
      <DataTable
        caption={userSectionLabels[section]}
        columns={columns.map((c) => ({ key: c.key, label: c.label, align: c.align }))}
        minWidth={760}
        empty={page.isPending ? <Busy>Loading {userSectionLabels[section].toLowerCase()}…</Busy> : page.isError ? null : <EmptyState title={`No ${userSectionLabels[section].toLowerCase()}`}>{EMPTY[section]}</EmptyState>}
      >
        {items.map((row, i) => (
          <tr key={String(row.id ?? row.propertyId ?? i)}>
            {columns.map((c) => (
              <td key={c.key} className={cx('px-4 py-2.5 align-top', c.align === 'right' && 'text-right tabular-nums', c.key === 'body' || c.key === 'summary' ? 'max-w-md' : 'whitespace-nowrap')}>
                {render(row[c.key], c.kind)}
              </td>
            ))}
          </tr>
        ))}
      </DataTable>
      {total > PAGE ? (
        <nav aria-label={`${userSectionLabels[section]} pages`} className="flex items-center justify-between gap-3 border-t border-slate-100 px-4 py-3 text-sm text-slate-600">
          <span>
            {offset + 1}–{Math.min(offset + PAGE, total)} of {total}
          </span>
          <span className="flex gap-2">
            <Button onClick={() => setOffset(Math.max(0, offset - PAGE))} disabled={offset === 0}>
              Previous
            </Button>
            <Button onClick={() => setOffset(offset + PAGE)} disabled={offset + PAGE >= total}>
              Next
            </Button>
          </span>
        </nav>
      ) : null}
    </div>
  );
}

/** Tabs over the sections (arrow keys move between them, as the ARIA tabs pattern says). */
export function DetailSections({ userId, counts }: { userId: string; counts: Record<UserSection, number> }) {
  const [current, setCurrent] = useState<UserSection>('transactions');
  const base = useId();
  const onKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const i = USER_SECTIONS.indexOf(current);
    const next = e.key === 'ArrowRight' ? (i + 1) % USER_SECTIONS.length : e.key === 'ArrowLeft' ? (i - 1 + USER_SECTIONS.length) % USER_SECTIONS.length : -1;
    if (next < 0) return;
    e.preventDefault();
    setCurrent(USER_SECTIONS[next]!);
    document.getElementById(`${base}-tab-${USER_SECTIONS[next]}`)?.focus();
  };
  return (
    <Card className="mt-6 overflow-hidden">
      <div role="tablist" aria-label="Investor history" className="flex flex-wrap gap-1 border-b border-slate-200 px-3 pt-3">
        {USER_SECTIONS.map((s) => (
          <button
            key={s}
            id={`${base}-tab-${s}`}
            type="button"
            role="tab"
            aria-selected={current === s}
            aria-controls={`${base}-panel`}
            tabIndex={current === s ? 0 : -1}
            onKeyDown={onKey}
            onClick={() => setCurrent(s)}
            className={cx('-mb-px rounded-t-lg border-b-2 px-3 py-2 text-sm font-medium', current === s ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-ink')}
          >
            {userSectionLabels[s]} <span className="ml-1 rounded-full bg-slate-100 px-1.5 text-xs tabular-nums text-slate-600">{counts[s]}</span>
          </button>
        ))}
      </div>
      <div id={`${base}-panel`} role="tabpanel" aria-labelledby={`${base}-tab-${current}`}>
        <SectionTable key={current} userId={userId} section={current} />
      </div>
    </Card>
  );
}
