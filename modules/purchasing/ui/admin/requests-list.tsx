/**
 * Purchase requests on the admin table (GET /api/admin/purchase-requests: q, sort, status filter, CSV),
 * with Approve and Reject on submitted ones. Above the threshold the requester's own Approve is disabled
 * and says why; a rejection asks for the reason. An approved request links to raising its order.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, ClipboardList, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { Dialog, ErrorNote, Field } from '@site/components/admin/ledger/parts';
import { AdminTable, col, type FilterDef } from '@site/components/admin/table';
import { Button } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { REQUEST_STATUSES, requestStatusLabels, type PurchaseRequestJson } from '../../contract';
import { aed, enc, ORDERS_PATH, REQUESTS, refreshPurchasing, requestTone } from './shared';

type Row = PurchaseRequestJson;
export const OWN_APPROVAL = 'Above the approval threshold: another administrator must approve your request.';

function RowActions({ row, me, onReject }: { row: Row; me: string | undefined; onReject: (r: Row) => void }) {
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const approve = useMutation({
    mutationFn: () => api.post(`${REQUESTS}/${enc(row.id)}/approve`),
    onSuccess: () => void refreshPurchasing(client),
    onError: (e) => setError(errorText(e, 'The request was not approved.')),
  });
  if (row.status === 'approved')
    return (
      <Link href={`${ORDERS_PATH}?new=${enc(row.id)}`} className="inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline">
        <ClipboardList className="h-4 w-4" aria-hidden="true" /> Raise order<span className="sr-only"> for {row.number}</span>
      </Link>
    );
  if (row.status === 'ordered' && row.purchaseOrderNumber) return <span className="font-mono text-xs text-slate-600">{row.purchaseOrderNumber}</span>;
  if (row.status !== 'submitted') return null;
  const own = row.needsSecondApprover && row.requestedById === me;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button icon={Check} onClick={() => approve.mutate()} disabled={own || approve.isPending} unavailable={own ? OWN_APPROVAL : undefined}>
        Approve<span className="sr-only"> {row.number}</span>
      </Button>
      <Button icon={X} onClick={() => onReject(row)}>
        Reject<span className="sr-only"> {row.number}</span>
      </Button>
      {error ? (
        <p role="alert" className="w-full text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function RejectDialog({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reject = useMutation({
    mutationFn: (v: { id: string; reason: string }) => api.post(`${REQUESTS}/${enc(v.id)}/reject`, { reason: v.reason }),
    onSuccess: () => {
      void refreshPurchasing(client);
      setReason('');
      onClose();
    },
    onError: (e) => setError(errorText(e, 'The request was not rejected.')),
  });
  const short = reason.trim().length < 3;
  return (
    <Dialog
      open={row !== null}
      onClose={onClose}
      title={`Reject ${row?.number ?? ''}`}
      description={row ? `${row.title}, estimated at ${aed(row.estimateTotal)}. The requester sees the reason.` : undefined}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" icon={X} onClick={() => (short ? setError('Give a reason of 3 to 500 characters.') : reject.mutate({ id: row!.id, reason: reason.trim() }))} disabled={reject.isPending}>
            Reject request
          </Button>
        </>
      }
    >
      <Field label="Reason" value={reason} onChange={setReason} maxLength={500} required placeholder="Not in this quarter's budget" />
      {error ? (
        <div className="mt-3">
          <ErrorNote>{error}</ErrorNote>
        </div>
      ) : null}
    </Dialog>
  );
}

export function RequestsList() {
  const me = useQuery<{ id: string }>({ queryKey: ['/api/auth/me'], staleTime: 300_000 });
  const [rejecting, setRejecting] = useState<Row | null>(null);
  const filters = useMemo<FilterDef[]>(() => [{ type: 'select', key: 'status', label: 'Status', all: 'Any status', options: REQUEST_STATUSES.map((s) => ({ value: s, label: requestStatusLabels[s] })) }], []);
  const columns = useMemo(
    () => [
      col.text<Row>('number', 'Request', (r) => r.number, { mono: true, sort: 'createdAt', sortFirst: 'desc', className: 'whitespace-nowrap' }),
      col.custom<Row>('title', 'What for', (r) => (
        <>
          <span className="block font-medium text-ink">{r.title}</span>
          <span className="block text-xs text-slate-500">{[r.costCenter, r.property, r.supplierName].filter(Boolean).join(' · ') || 'No cost center or property'}</span>
        </>
      ), { className: 'min-w-56' }),
      col.text<Row>('requestedBy', 'Requested by', (r) => r.requestedBy),
      col.custom<Row>('estimate', 'Estimate (AED)', (r) => (
        <>
          <span className="tabular-nums font-medium">{aed(r.estimateTotal)}</span>
          {r.needsSecondApprover ? <span className="block text-xs text-slate-500">Needs a second approver</span> : null}
        </>
      ), { sort: 'estimate', sortFirst: 'desc', align: 'right' }),
      col.status<Row>('status', 'Status', (r) => r.status, { labels: requestStatusLabels, tones: requestTone, sort: 'status' }),
      col.dateTime<Row>('createdAt', 'Submitted', (r) => r.createdAt),
      col.custom<Row>('actions', 'Action', (r) => <RowActions row={r} me={me.data?.id} onReject={setRejecting} />),
    ],
    [me.data?.id],
  );
  return (
    <>
      <AdminTable<Row>
        endpoint={REQUESTS}
        caption="Purchase requests"
        columns={columns}
        rowKey={(r) => r.id}
        noun={['request', 'requests']}
        search={{ placeholder: 'Request number, what for, requester or cost center' }}
        filters={filters}
        defaultSort="-createdAt"
        minWidth={1000}
        detailRow={(r) => (r.status === 'rejected' && r.rejectionReason ? <p className="text-xs text-slate-600">Rejected by {r.decidedBy ?? 'an administrator'}: {r.rejectionReason}</p> : null)}
        empty={{ icon: ClipboardList, title: 'No purchase requests', body: 'Requests appear here for approval, and become purchase orders once approved.' }}
      />
      <RejectDialog row={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}
