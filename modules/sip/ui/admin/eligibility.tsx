/**
 * Which properties automated plans may buy (GET /api/admin/sip/properties), with a pause or resume
 * confirmed in a dialog (PUT /api/admin/sip/properties/:id { paused, reason }). Pausing needs a reason
 * (kept in the audit log); manual plans that name a paused property keep buying it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Building2, Pause, Play } from 'lucide-react';
import { useId, useState } from 'react';
import { Dialog, ErrorNote } from '@site/components/admin/ledger/parts';
import { SkeletonRows } from '@site/components/admin/table/states';
import { StatusCell } from '@site/components/admin/table';
import { Badge, Button, Card, DataTable, EmptyState, Section, cx } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { PROPERTY_TYPE_LABELS, STATUS_LABELS, type PropertyStatus, type PropertyType } from '@modules/properties/contract';
import type { SipPropertyJson } from '../../contract';
import { count, plural, propertyUrl, PROPERTIES_URL, refreshSip, shares } from './shared';

export const PAUSE_REASON_REQUIRED = 'Say why the property is taken out of automated allocation.';
const REASON_MAX = 300;

const columns = [
  { key: 'property', label: 'Property', className: 'min-w-64' },
  { key: 'status', label: 'Funding' },
  { key: 'available', label: 'Shares available', align: 'right' as const },
  { key: 'manual', label: 'Manual plans', align: 'right' as const },
  { key: 'automated', label: 'Automated allocation', className: 'min-w-44' },
  { key: 'action', label: 'Action', align: 'right' as const },
];

function EligibilityDialog({ property, onClose }: { property: SipPropertyJson | null; onClose: () => void }) {
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const id = useId();
  const pausing = property ? !property.paused : true;
  const save = useMutation({
    mutationFn: (p: SipPropertyJson) => api.put<SipPropertyJson>(propertyUrl(p.propertyId), pausing ? { paused: true, reason: reason.trim() } : { paused: false }),
    onSuccess: (p) => {
      toast({ title: p.paused ? 'Paused for automated plans' : 'Back in automated allocation', description: `${p.title} (${p.reference}).`, variant: 'success' });
      void refreshSip(client);
      finish();
    },
  });
  const finish = () => {
    setReason('');
    setTried(false);
    save.reset();
    onClose();
  };
  const missing = pausing && !reason.trim();
  const submit = () => {
    setTried(true);
    if (!property || missing) return;
    save.mutate(property);
  };
  if (!property) return <Dialog open={false} onClose={onClose} title="" />;
  const manual = plural(property.manualPlans, 'manual plan names', 'manual plans name');
  return (
    <Dialog
      open
      onClose={() => !save.isPending && finish()}
      title={pausing ? `Pause ${property.title} for automated plans` : `Resume ${property.title} for automated plans`}
      description={
        pausing
          ? `Automated plans stop buying ${property.reference} from the next run and spill to other eligible properties. ${manual} it and keep buying it.`
          : `Automated plans may buy ${property.reference} again from the next run, while it is open for funding with shares left.`
      }
      footer={
        <>
          <Button onClick={finish} disabled={save.isPending}>
            Cancel
          </Button>
          <Button variant="primary" icon={pausing ? Pause : Play} onClick={submit} disabled={save.isPending}>
            {save.isPending ? 'Saving…' : pausing ? 'Pause' : 'Resume'}
          </Button>
        </>
      }
    >
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {pausing ? (
          <div>
            <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
              Reason <span className="text-slate-400">(required, kept in the audit log)</span>
            </label>
            <textarea
              id={id}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              rows={3}
              maxLength={REASON_MAX}
              aria-invalid={tried && missing ? true : undefined}
              aria-describedby={tried && missing ? `${id}-error` : `${id}-count`}
              className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-500"
            />
            {tried && missing ? (
              <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
                {PAUSE_REASON_REQUIRED}
              </p>
            ) : (
              <p id={`${id}-count`} className="mt-1 text-xs text-slate-500">
                {reason.trim().length}/{REASON_MAX} characters
              </p>
            )}
          </div>
        ) : property.reason ? (
          <p className="text-sm text-slate-600">Paused because: {property.reason}</p>
        ) : null}
        {save.isError ? <ErrorNote>{errorText(save.error, 'The change was not saved.')}</ErrorNote> : null}
      </form>
    </Dialog>
  );
}

function Row({ p, onToggle }: { p: SipPropertyJson; onToggle: () => void }) {
  return (
    <tr className="align-top">
      <td className="px-4 py-3">
        <span className="block font-medium text-ink">{p.title}</span>
        <span className="block text-xs text-slate-500">
          {p.reference} · {p.city} · {PROPERTY_TYPE_LABELS[p.propertyType as PropertyType] ?? p.propertyType}
        </span>
      </td>
      <td className="whitespace-nowrap px-4 py-3">
        <StatusCell value={p.status} label={STATUS_LABELS[p.status as PropertyStatus]} tone={p.status === 'funding' ? 'brand' : 'sand'} />
      </td>
      <td className="px-4 py-3 text-right tabular-nums">{shares(p.availableUnits)}</td>
      <td className="px-4 py-3 text-right tabular-nums">{count(p.manualPlans)}</td>
      <td className="px-4 py-3">
        {p.paused ? <Badge tone="warning">Paused</Badge> : p.status === 'funding' ? <Badge tone="success">Eligible</Badge> : <Badge>Not open yet</Badge>}
        {p.paused && p.reason ? <span className="mt-1 block text-xs text-slate-600">{p.reason}</span> : null}
      </td>
      <td className="px-4 py-3 text-right">
        <button
          type="button"
          onClick={onToggle}
          className={cx(
            'inline-flex items-center gap-1.5 rounded-lg border px-3 py-1.5 text-xs font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
            p.paused ? 'border-brand-300 bg-brand-50 text-brand-800 hover:bg-brand-100' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
          )}
        >
          {p.paused ? <Play className="h-3.5 w-3.5" aria-hidden="true" /> : <Pause className="h-3.5 w-3.5" aria-hidden="true" />}
          {p.paused ? 'Resume' : 'Pause'}
          <span className="sr-only"> {p.title} for automated plans</span>
        </button>
      </td>
    </tr>
  );
}

export function PropertyEligibility() {
  const list = useQuery<{ items: SipPropertyJson[] }>({ queryKey: [PROPERTIES_URL] });
  const [editing, setEditing] = useState<SipPropertyJson | null>(null);
  const items = list.data?.items ?? [];
  const paused = items.filter((p) => p.paused).length;
  return (
    <Section
      title="Property eligibility"
      description={list.data ? `${plural(items.length, 'property', 'properties')} open for funding or opening soon; ${count(paused)} paused for automated plans. Manual plans: the plans whose split names the property.` : 'Properties open for funding or opening soon.'}
    >
      <Card className="overflow-hidden">
        {list.isError ? (
          <div className="p-4">
            <ErrorNote title="Couldn't load the properties">{errorText(list.error, 'Request failed')}</ErrorNote>
            <div className="mt-3">
              <Button onClick={() => void list.refetch()}>Try again</Button>
            </div>
          </div>
        ) : list.isPending ? (
          <table className="w-full" aria-hidden="true">
            <tbody>
              <SkeletonRows columns={columns.length} rows={3} />
            </tbody>
          </table>
        ) : (
          <DataTable
            caption="Property eligibility for automated plans"
            columns={columns}
            minWidth={880}
            empty={
              <EmptyState icon={Building2} title="No property is open for funding">
                Automated plans buy properties open for funding; when none is, their instalments stay in investors' wallets.
              </EmptyState>
            }
          >
            {items.map((p) => (
              <Row key={p.propertyId} p={p} onToggle={() => setEditing(p)} />
            ))}
          </DataTable>
        )}
      </Card>
      <EligibilityDialog property={editing} onClose={() => setEditing(null)} />
    </Section>
  );
}
