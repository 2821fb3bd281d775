/**
 * One property in the back office (?property={id}): the status actions its state allows, and tabs for
 * its details form, photos, documents and the audit trail of everything done to it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import type { AuditEntryJson } from '@modules/audit/contract';
import { bpsToPercent, PROPERTY_ACTIONS, PROPERTY_ACTION_KEYS, STATUS_LABELS, unitsToShareString, type PropertyAction, type PropertyDetailJson } from '@modules/properties/contract';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { formatDateTime } from '@site/components/admin/format';
import { Dialog, ErrorNote } from '@site/components/admin/ledger/parts';
import { ErrorState, SkeletonRows } from '@site/components/admin/table/states';
import { withQuery } from '@site/components/admin/money/shared';
import { Button, Card, DataTable, EmptyState, ListCard, cx } from '@site/components/admin/ui';
import { DocumentsPanel, PhotosPanel } from './Media';
import { PropertyForm } from './PropertyForm';
import { ADMIN_PROPERTIES, StatusBadge, startsWith } from './shared';

type Tab = 'details' | 'photos' | 'documents' | 'activity';
const TABS: { key: Tab; label: string }[] = [
  { key: 'details', label: 'Details' },
  { key: 'photos', label: 'Photos' },
  { key: 'documents', label: 'Documents' },
  { key: 'activity', label: 'Activity' },
];
const DANGEROUS: PropertyAction[] = ['close', 'funded'];

export function PropertyDetail({ id, onBack }: { id: string; onBack: () => void }) {
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
        <ErrorState error={detail.error} what="this property" onRetry={() => void detail.refetch()} />
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
          {p.status === 'funded' ? (
            <a href="/admin/exchange#exit" className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3.5 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
              Record the sale (pays every holder)
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
        empty={log.isError ? <ErrorState error={log.error} what="the activity" onRetry={() => void log.refetch()} /> : log.isPending ? null : <EmptyState title="Nothing recorded yet" />}
      >
        {log.isPending ? <SkeletonRows columns={3} rows={3} /> : items.map((e) => (
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
