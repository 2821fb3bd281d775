/**
 * The property catalogue on the one admin table (GET /api/admin/properties on the list contract):
 * search, status and city filters, sort by any column that has one, paging and the CSV of the whole
 * filtered set, all on the server; the portfolio's figures above it.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Building, Plus } from 'lucide-react';
import { bpsToPercent, CITIES, PROPERTY_STATUSES, PROPERTY_TYPE_LABELS, STATUS_LABELS } from '@modules/properties/contract';
import type { AdminPropertyList, AdminPropertyListItem } from '@modules/properties/admin-list-contract';
import { formatAed } from '@site/components/admin/ledger/money';
import { AdminTable, col, type FilterDef } from '@site/components/admin/table';
import { Button, ScreenIntro, StatCard, StatGrid } from '@site/components/admin/ui';
import { ADMIN_PROPERTIES, StatusBadge } from './shared';

type Row = AdminPropertyListItem;
type Stats = { byStatus: Record<string, number>; portfolioValue: string; raised: string; averageNetYieldBps: number | null };

const filters: FilterDef[] = [
  { type: 'select', key: 'status', label: 'Status', all: 'All statuses', options: PROPERTY_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })) },
  { type: 'select', key: 'city', label: 'City', all: 'All cities', options: CITIES.map((c) => ({ value: c, label: c })) },
];

function propertyColumns(onOpen: (id: string) => void) {
  return [
    col.custom<Row>(
      'property',
      'Property',
      (p) => (
        <>
          <button type="button" onClick={() => onOpen(p.id)} className="text-left font-medium text-brand-800 hover:underline">
            {p.title}
          </button>
          <span className="block text-xs text-slate-500">
            {p.reference} · {p.bedrooms === 0 ? 'Studio' : `${p.bedrooms} bed`} {PROPERTY_TYPE_LABELS[p.propertyType].toLowerCase()}
          </span>
        </>
      ),
      { sort: 'title', className: 'min-w-56' },
    ),
    col.custom<Row>(
      'location',
      'Location',
      (p) => (
        <span className="text-slate-700">
          {p.community}
          <span className="block text-xs text-slate-500">{p.city}</span>
        </span>
      ),
      { sort: 'city' },
    ),
    col.custom<Row>('status', 'Status', (p) => <StatusBadge status={p.status} />, { sort: 'status', className: 'whitespace-nowrap' }),
    col.custom<Row>('valuation', 'Valuation', (p) => formatAed(p.valuation).replace(/\.00$/, ''), { sort: 'valuation', sortFirst: 'desc', align: 'right', className: 'whitespace-nowrap tabular-nums text-slate-700' }),
    col.custom<Row>('share', 'Share price', (p) => formatAed(p.sharePrice), { align: 'right', className: 'whitespace-nowrap tabular-nums text-slate-700' }),
    col.custom<Row>(
      'funded',
      'Funded',
      (p) => (
        <>
          <span className="tabular-nums text-slate-700">{bpsToPercent(p.fundedBps, 1)}%</span>
          <span className="ml-auto mt-1 block h-1.5 w-24 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
            <span className="block h-full rounded-full bg-brand-600" style={{ width: `${p.fundedBps / 100}%` }} />
          </span>
        </>
      ),
      { sort: 'funded', sortFirst: 'desc', align: 'right' },
    ),
    col.custom<Row>('yield', 'Net yield', (p) => `${bpsToPercent(p.netYieldBps)}%`, { sort: 'netYield', sortFirst: 'desc', align: 'right', className: 'tabular-nums text-slate-700' }),
    col.date<Row>('deadline', 'Funding deadline', (p) => p.fundingDeadline, { sort: 'deadline', sortFirst: 'asc' }),
    col.date<Row>('createdAt', 'Added', (p) => p.createdAt, { sort: 'createdAt' }),
  ];
}

function Figures() {
  const stats = useQuery<Stats>({ queryKey: [`${ADMIN_PROPERTIES}/stats`] });
  const s = stats.data?.byStatus ? stats.data : undefined;
  return (
    <StatGrid>
      <StatCard label="Open for funding" value={s ? s.byStatus.funding : undefined} hint={s ? `${s.byStatus.coming_soon} opening soon · ${s.byStatus.draft} ${s.byStatus.draft === 1 ? 'draft' : 'drafts'}` : 'Properties investors can buy shares in now.'} />
      <StatCard label="Fully funded" value={s ? s.byStatus.funded : undefined} hint={s ? `${s.byStatus.exited} exited` : 'Every share sold.'} />
      <StatCard label="Raised so far" value={s ? formatAed(s.raised) : undefined} hint={s ? `Open and funded properties valued at ${formatAed(s.portfolioValue)}` : 'Across open and funded properties.'} />
      <StatCard label="Average net yield" value={s?.averageNetYieldBps != null ? `${bpsToPercent(s.averageNetYieldBps)}%` : undefined} hint="Of funded properties, after costs." />
    </StatGrid>
  );
}

export function PropertyList({ onOpen, onCreate }: { onOpen: (id: string) => void; onCreate: () => void }) {
  const columns = useMemo(() => propertyColumns(onOpen), [onOpen]);
  return (
    <>
      <ScreenIntro
        description="The properties offered on Manzil, from draft to exit: valuation, share price, how much of each is funded and what it yields. Open one to edit it, add photos and documents, publish or close it."
        actions={
          <Button variant="primary" icon={Plus} onClick={onCreate}>
            Add property
          </Button>
        }
      />
      <AdminTable<Row, Omit<AdminPropertyList, 'items' | 'total'>>
        endpoint={ADMIN_PROPERTIES}
        caption="Properties"
        columns={columns}
        rowKey={(p) => p.id}
        noun={['property', 'properties']}
        search={{ placeholder: 'Title, community or reference' }}
        filters={filters}
        defaultSort="status"
        minWidth={1120}
        summary={() => <Figures />}
        empty={{ icon: Building, title: 'No properties yet', body: 'Each property appears here from draft to sale, with its funding progress and yield. Add one with “Add property”.' }}
      />
    </>
  );
}
