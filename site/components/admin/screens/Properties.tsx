/**
 * /admin/properties: the catalogue from draft to exit. The list is filtered, sorted and paged by the
 * server; a property opens in place (?property={id} in the address) with its details form, photos,
 * documents and the audit trail of everything done to it, and the status actions its state allows.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Building, ExternalLink, Plus, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { AuditEntryJson } from '@modules/audit/contract';
import {
  bpsToPercent,
  CITIES,
  PROPERTY_ACTIONS,
  PROPERTY_ACTION_KEYS,
  PROPERTY_STATUSES,
  PROPERTY_TYPE_LABELS,
  STATUS_LABELS,
  unitsToShareString,
  type PropertyAction,
  type PropertyCardJson,
  type PropertyDetailJson,
} from '@modules/properties/contract';
import type { AdminPropertyList } from '@modules/properties/admin-list-contract';
import { exportUrl } from '@modules/platform/list';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { formatDateTime } from '../format';
import { ExportButton } from '../ledger/ExportButton';
import { formatAed } from '../ledger/money';
import { Dialog, ErrorNote } from '../ledger/parts';
import { ListError, LoadingRows, PAGE_SIZE, Pagination } from '../lists';
import { useSettledText, withQuery } from '../money/shared';
import { DocumentsPanel, PhotosPanel } from '../properties/Media';
import { PropertyForm } from '../properties/PropertyForm';
import { ADMIN_PROPERTIES, StatusBadge, startsWith } from '../properties/shared';
import { Button, Card, DataTable, EmptyState, ListCard, ScreenIntro, SearchField, SelectField, StatCard, StatGrid, Toolbar, cx } from '../ui';

type Stats = { byStatus: Record<string, number>; portfolioValue: string; raised: string; averageNetYieldBps: number | null };

const SORTS = [
  { value: 'status', label: 'Open for funding first' },
  { value: '-createdAt', label: 'Newest added' },
  { value: '-publishedAt', label: 'Newest published' },
  { value: '-netYield', label: 'Highest net yield' },
  { value: '-funded', label: 'Most funded' },
  { value: 'deadline', label: 'Deadline soonest' },
  { value: '-valuation', label: 'Value, highest first' },
  { value: 'valuation', label: 'Value, lowest first' },
  { value: 'title', label: 'Title A–Z' },
];

const columns = [
  { key: 'property', label: 'Property' },
  { key: 'location', label: 'Location' },
  { key: 'status', label: 'Status' },
  { key: 'valuation', label: 'Valuation', align: 'right' as const },
  { key: 'share', label: 'Share price', align: 'right' as const },
  { key: 'funded', label: 'Funded', align: 'right' as const },
  { key: 'yield', label: 'Net yield', align: 'right' as const },
];

/** The ?property= of the address: which property is open. */
function useOpenProperty(): [string | null, (id: string | null) => void] {
  const read = () => (typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('property'));
  const [id, setId] = useState<string | null>(read);
  useEffect(() => {
    const onPop = () => setId(read());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const open = (next: string | null) => {
    const url = new URL(window.location.href);
    if (next) url.searchParams.set('property', next);
    else url.searchParams.delete('property');
    window.history.pushState(null, '', url);
    setId(next);
    window.scrollTo({ top: 0 });
  };
  return [id, open];
}

export default function Properties() {
  const [openId, open] = useOpenProperty();
  const [creating, setCreating] = useState(false);
  if (openId) return <PropertyDetail id={openId} onBack={() => open(null)} />;
  return (
    <>
      <PropertyList onOpen={open} onCreate={() => setCreating(true)} />
      <Dialog open={creating} onClose={() => setCreating(false)} title="New property" description="It starts as a draft: only administrators see it until you publish it." wide="xl">
        <PropertyForm
          onCancel={() => setCreating(false)}
          onSaved={(p) => {
            setCreating(false);
            open(p.id);
          }}
        />
      </Dialog>
    </>
  );
}

function PropertyList({ onOpen, onCreate }: { onOpen: (id: string) => void; onCreate: () => void }) {
  const [offset, setOffset] = useState(0);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [city, setCity] = useState('');
  const [sort, setSort] = useState('status');
  const q = useSettledText(search, () => setOffset(0));
  const filters = { q, status, city, sort };
  const url = withQuery(ADMIN_PROPERTIES, { ...filters, limit: PAGE_SIZE, offset });
  const list = useQuery<AdminPropertyList>({ queryKey: [url], placeholderData: keepPreviousData });
  const stats = useQuery<Stats>({ queryKey: [`${ADMIN_PROPERTIES}/stats`] });
  const items = list.data?.items ?? [];
  const s = stats.data?.byStatus ? stats.data : undefined;

  let empty;
  if (list.isError) empty = <ListError error={list.error} what="properties" onRetry={() => void list.refetch()} />;
  else if (!list.isPending && items.length === 0)
    empty =
      q || status || city ? (
        <EmptyState title="No property matches">Change the search or the filters to see more.</EmptyState>
      ) : (
        <EmptyState icon={Building} title="No properties yet" action={<Button variant="primary" icon={Plus} onClick={onCreate}>Add property</Button>}>
          Each property appears here from draft to sale, with its funding progress and yield.
        </EmptyState>
      );

  return (
    <>
      <ScreenIntro
        description="The properties offered on Manzil, from draft to exit: valuation, share price, how much of each is funded and what it yields. Open one to edit it, add photos and documents, publish or close it."
        actions={
          <>
            <Button icon={RefreshCw} onClick={() => { void list.refetch(); void stats.refetch(); }} disabled={list.isFetching}>
              {list.isFetching && !list.isPending ? 'Refreshing…' : 'Refresh'}
            </Button>
            <ExportButton
              url={exportUrl(ADMIN_PROPERTIES, filters)}
              fallbackName={`manzil-properties-${new Date().toISOString().slice(0, 10)}.csv`}
              expectedRows={list.data?.total}
              noun={['property', 'properties']}
              disabled={!list.data || list.data.total === 0}
            />
            <Button variant="primary" icon={Plus} onClick={onCreate}>Add property</Button>
          </>
        }
      />
      <StatGrid>
        <StatCard label="Open for funding" value={s ? s.byStatus.funding : undefined} hint={s ? `${s.byStatus.coming_soon} opening soon · ${s.byStatus.draft} ${s.byStatus.draft === 1 ? 'draft' : 'drafts'}` : 'Properties investors can buy shares in now.'} />
        <StatCard label="Fully funded" value={s ? s.byStatus.funded : undefined} hint={s ? `${s.byStatus.exited} exited` : 'Every share sold.'} />
        <StatCard label="Raised so far" value={s ? formatAed(s.raised) : undefined} hint={s ? `Open and funded properties valued at ${formatAed(s.portfolioValue)}` : 'Across open and funded properties.'} />
        <StatCard label="Average net yield" value={s?.averageNetYieldBps != null ? `${bpsToPercent(s.averageNetYieldBps)}%` : undefined} hint="Of funded properties, after costs." />
      </StatGrid>
      <ListCard
        toolbar={
          <Toolbar label="Filter properties">
            <SearchField label="Search" value={search} onChange={setSearch} placeholder="Title, community or reference" />
            <SelectField label="Status" value={status} onChange={(v) => { setStatus(v); setOffset(0); }} options={[{ value: '', label: 'All statuses' }, ...PROPERTY_STATUSES.map((st) => ({ value: st, label: STATUS_LABELS[st] }))]} />
            <SelectField label="City" value={city} onChange={(v) => { setCity(v); setOffset(0); }} options={[{ value: '', label: 'All cities' }, ...CITIES.map((c) => ({ value: c, label: c }))]} />
            <SelectField label="Sort by" value={sort} onChange={(v) => { setSort(v); setOffset(0); }} options={SORTS} />
          </Toolbar>
        }
        footer={list.data && list.data.total > 0 ? <Pagination offset={offset} pageCount={items.length} total={list.data.total} shown={items.length} noun={['property', 'properties']} onOffset={setOffset} busy={list.isFetching} /> : null}
      >
        <DataTable caption="Properties" columns={columns} minWidth={960} empty={empty}>
          {list.isPending ? <LoadingRows columns={columns.length} /> : items.map((p) => <PropertyRow key={p.id} p={p} onOpen={onOpen} />)}
        </DataTable>
      </ListCard>
    </>
  );
}

function PropertyRow({ p, onOpen }: { p: PropertyCardJson; onOpen: (id: string) => void }) {
  return (
    <tr className="hover:bg-slate-50/70">
      <td className="px-4 py-3">
        <button type="button" onClick={() => onOpen(p.id)} className="text-left font-medium text-brand-800 hover:underline">
          {p.title}
        </button>
        <span className="block text-xs text-slate-500">{p.reference} · {p.bedrooms === 0 ? 'Studio' : `${p.bedrooms} bed`} {PROPERTY_TYPE_LABELS[p.propertyType].toLowerCase()}</span>
      </td>
      <td className="px-4 py-3 text-slate-700">{p.community}<span className="block text-xs text-slate-500">{p.city}</span></td>
      <td className="px-4 py-3"><StatusBadge status={p.status} /></td>
      <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums text-slate-700">{formatAed(p.valuation).replace(/\.00$/, '')}</td>
      <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums text-slate-700">{formatAed(p.sharePrice)}</td>
      <td className="px-4 py-3 text-right">
        <span className="tabular-nums text-slate-700">{bpsToPercent(p.fundedBps, 1)}%</span>
        <span className="mt-1 block h-1.5 w-24 overflow-hidden rounded-full bg-slate-100 ml-auto" aria-hidden="true">
          <span className="block h-full rounded-full bg-brand-600" style={{ width: `${p.fundedBps / 100}%` }} />
        </span>
      </td>
      <td className="px-4 py-3 text-right tabular-nums text-slate-700">{bpsToPercent(p.netYieldBps)}%</td>
    </tr>
  );
}

type Tab = 'details' | 'photos' | 'documents' | 'activity';
const TABS: { key: Tab; label: string }[] = [
  { key: 'details', label: 'Details' },
  { key: 'photos', label: 'Photos' },
  { key: 'documents', label: 'Documents' },
  { key: 'activity', label: 'Activity' },
];
const DANGEROUS: PropertyAction[] = ['close', 'exit', 'funded'];

function PropertyDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const client = useQueryClient();
  const detail = useQuery<PropertyDetailJson>({ queryKey: [`${ADMIN_PROPERTIES}/${id}`] });
  const [tab, setTab] = useState<Tab>('details');
  const [confirm, setConfirm] = useState<PropertyAction | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const act = useMutation({
    mutationFn: (action: PropertyAction) => api.post<PropertyDetailJson>(`${ADMIN_PROPERTIES}/${id}/${action}`),
    onSuccess: (p, action) => {
      setConfirm(null);
      setActionError(null);
      client.setQueryData([`${ADMIN_PROPERTIES}/${id}`], p);
      void client.invalidateQueries(startsWith(ADMIN_PROPERTIES, '/api/admin/audit'));
      toast({ title: PROPERTY_ACTIONS[action].label, description: `${p.reference} is now ${STATUS_LABELS[p.status].toLowerCase()}.`, variant: 'success' });
    },
    onError: (e) => {
      setConfirm(null);
      setActionError(errorText(e, 'That did not work.'));
    },
  });

  if (detail.isPending) return <Card className="p-8"><p role="status" className="text-sm text-slate-500">Loading the property…</p></Card>;
  if (detail.isError)
    return (
      <Card className="p-2">
        <ListError error={detail.error} what="this property" onRetry={() => void detail.refetch()} />
        <div className="pb-6 text-center"><Button icon={ArrowLeft} onClick={onBack}>Back to all properties</Button></div>
      </Card>
    );
  const p = detail.data;
  const actions = PROPERTY_ACTION_KEYS.filter((a) => (PROPERTY_ACTIONS[a].from as readonly string[]).includes(p.status));
  const isPublic = ['coming_soon', 'funding', 'funded', 'exited'].includes(p.status);

  return (
    <>
      <div className="flex flex-col gap-4 border-b border-slate-200 pb-6 md:flex-row md:items-end md:justify-between">
        <div className="min-w-0">
          <button type="button" onClick={onBack} className="inline-flex items-center gap-1.5 text-sm text-slate-500 hover:text-ink">
            <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All properties
          </button>
          <h2 className="mt-2 text-2xl font-semibold text-ink" style={{ fontFamily: 'var(--font-display)' }}>{p.title}</h2>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <StatusBadge status={p.status} /> {p.reference} · {p.community}, {p.city} · {unitsToShareString(BigInt(p.sharesSold))} of {unitsToShareString(BigInt(p.totalShares))} shares sold ({bpsToPercent(p.fundedBps, 1)}%)
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {isPublic ? (
            <a href={`/property/${p.slug}`} target="_blank" rel="noopener" className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3.5 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
              <ExternalLink className="h-4 w-4" aria-hidden="true" /> View listing
            </a>
          ) : null}
          {actions.map((a) => {
            const sold = BigInt(p.sharesSold) > 0n;
            const why = a === 'close' && sold ? 'Investors hold shares in this property. Refund them before withdrawing it, or close funding instead.' : a === 'funded' && !sold ? 'No shares have been sold yet, so there is no funding to close. Withdraw the listing instead.' : undefined;
            return (
              <Button key={a} variant={a === 'publish' ? 'primary' : 'secondary'} unavailable={why} onClick={() => (DANGEROUS.includes(a) ? setConfirm(a) : act.mutate(a))} disabled={act.isPending}>
                {PROPERTY_ACTIONS[a].label}
              </Button>
            );
          })}
        </div>
      </div>
      {actionError ? <div className="mt-4"><ErrorNote title="Not done">{actionError}</ErrorNote></div> : null}

      <div role="tablist" aria-label="Property sections" className="mt-6 flex gap-1 border-b border-slate-200">
        {TABS.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`tab-${t.key}`}
            aria-selected={tab === t.key}
            aria-controls={`panel-${t.key}`}
            onClick={() => setTab(t.key)}
            className={cx('-mb-px border-b-2 px-3 py-2.5 text-sm', tab === t.key ? 'border-brand-700 font-semibold text-brand-900' : 'border-transparent text-slate-500 hover:text-ink')}
          >
            {t.label}
            {t.key === 'photos' ? ` (${p.photos.length})` : t.key === 'documents' ? ` (${p.documents.length})` : ''}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="mt-6">
        {tab === 'details' ? (
          <Card className="p-5 sm:p-7">
            <PropertyForm key={`${p.id}:${p.updatedAt}`} property={p} onCancel={onBack} onSaved={(saved) => client.setQueryData([`${ADMIN_PROPERTIES}/${id}`], saved)} />
          </Card>
        ) : tab === 'photos' ? (
          <PhotosPanel property={p} />
        ) : tab === 'documents' ? (
          <DocumentsPanel property={p} />
        ) : (
          <AuditTrail id={p.id} />
        )}
      </div>

      <Dialog
        open={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm ? `${PROPERTY_ACTIONS[confirm].label}?` : ''}
        description={
          confirm === 'close'
            ? 'The listing leaves the catalogue and can no longer be invested in. You can return it to draft later.'
            : confirm === 'funded'
              ? `Funding closes at ${bpsToPercent(p.fundedBps, 1)}% with the shares sold so far; no more can be bought.`
              : confirm === 'exit'
                ? 'Marks the property as sold. It stays on the catalogue as a completed investment.'
                : undefined
        }
        footer={
          <>
            <Button onClick={() => setConfirm(null)}>Cancel</Button>
            <Button variant="primary" onClick={() => confirm && act.mutate(confirm)} disabled={act.isPending}>{act.isPending ? 'Working…' : confirm ? PROPERTY_ACTIONS[confirm].label : ''}</Button>
          </>
        }
      />
    </>
  );
}

function AuditTrail({ id }: { id: string }) {
  const url = withQuery('/api/admin/audit', { entityType: 'property', entityId: id, limit: 100 });
  const log = useQuery<{ items: AuditEntryJson[]; total: number }>({ queryKey: [url] });
  const items = log.data?.items ?? [];
  return (
    <ListCard>
      <DataTable
        caption="Everything done to this property"
        columns={[{ key: 'when', label: 'When (UAE time)' }, { key: 'who', label: 'Who' }, { key: 'what', label: 'What' }]}
        minWidth={640}
        empty={log.isError ? <ListError error={log.error} what="the activity" onRetry={() => void log.refetch()} /> : log.isPending ? null : <EmptyState title="Nothing recorded yet" />}
      >
        {log.isPending ? <LoadingRows columns={3} rows={3} /> : items.map((e) => (
          <tr key={e.id}>
            <td className="whitespace-nowrap px-4 py-3 text-slate-600">{formatDateTime(e.at)}</td>
            <td className="px-4 py-3 text-slate-700">{e.actorLabel}</td>
            <td className="px-4 py-3 text-slate-700">{e.summary}<span className="block font-mono text-xs text-slate-400">{e.action}</span></td>
          </tr>
        ))}
      </DataTable>
    </ListCard>
  );
}
