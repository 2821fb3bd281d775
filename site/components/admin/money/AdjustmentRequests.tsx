/**
 * Adjustment requests above the four-eyes threshold: who asked, for whom, how much and why. Another
 * administrator approves (the adjustment is made, journaled and audited) or rejects with a reason; the one
 * who asked sees that they are waiting and may withdraw their request.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, ShieldCheck, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { CurrentUser } from '@modules/auth/contract';
import { ADJUSTMENT_REQUEST_STATUSES, type AdjustmentRequestJson, type AdjustmentRequestStatus, rejectAdjustmentRequestInput } from '@modules/wallet/contract';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { Dialog, ErrorNote } from '../ledger/parts';
import { AdminTable, col, StatusCell, type FilterDef } from '../table';
import { Badge, Button, Section } from '../ui';
import { aed, refreshAdminMoney, useMe, when } from './shared';
import { ReasonField } from './WalletDialogs';

export const ADJUSTMENT_REQUESTS_URL = '/api/admin/wallets/adjustment-requests';

const statusLabels: Record<AdjustmentRequestStatus, string> = { pending: 'Waiting for approval', approved: 'Approved', rejected: 'Rejected' };

/** The list opens on the requests waiting for a second administrator. */
const filters: FilterDef[] = [
  { type: 'select', key: 'status', label: 'Status', all: 'Any status', default: 'pending', options: ADJUSTMENT_REQUEST_STATUSES.map((s) => ({ value: s, label: statusLabels[s] })) },
];

type Act = { approve: (r: AdjustmentRequestJson) => void; reject: (r: AdjustmentRequestJson) => void; busy: boolean };

function Decision({ r, me, act }: { r: AdjustmentRequestJson; me: CurrentUser | undefined; act: Act }) {
  if (r.status !== 'pending') return <span className="text-xs text-slate-500">{r.decidedAt ? `Decided ${when(r.decidedAt)}${r.decidedByEmail ? ` by ${r.decidedByEmail}` : ''}` : '—'}</span>;
  if (r.requestedBy === me?.id)
    return (
      <span className="inline-flex items-center gap-2">
        <Badge tone="sand">Waiting for another administrator</Badge>
        <Button icon={X} onClick={() => act.reject(r)}>
          Withdraw<span className="sr-only"> your request for {aed(r.amount)}</span>
        </Button>
      </span>
    );
  return (
    <span className="inline-flex gap-2">
      <Button variant="primary" icon={Check} onClick={() => act.approve(r)} disabled={act.busy}>
        Approve<span className="sr-only"> {aed(r.amount)} for {r.name}</span>
      </Button>
      <Button icon={X} onClick={() => act.reject(r)}>
        Reject<span className="sr-only"> {aed(r.amount)} for {r.name}</span>
      </Button>
    </span>
  );
}

function requestColumns(me: CurrentUser | undefined, act: Act) {
  return [
    col.custom<AdjustmentRequestJson>(
      'investor',
      'Investor',
      (r) => (
        <>
          <span className="block font-medium text-ink">{r.name}</span>
          <span className="block font-mono text-xs text-slate-500">{r.unicode}</span>
        </>
      ),
      { sort: 'name' },
    ),
    col.money<AdjustmentRequestJson>('amount', 'Amount (AED)', (r) => r.amount, { sort: 'amount', strong: true }),
    col.custom<AdjustmentRequestJson>(
      'reason',
      'Reason',
      (r) => (
        <>
          {r.reason}
          {r.status !== 'pending' ? (
            <span className="mt-1 block">
              <StatusCell value={r.status} label={statusLabels[r.status]} tone={r.status === 'approved' ? 'brand' : 'warning'} />
            </span>
          ) : null}
        </>
      ),
      { className: 'max-w-64 text-slate-600' },
    ),
    col.custom<AdjustmentRequestJson>(
      'asked',
      'Asked by',
      (r) => (
        <>
          {r.requestedByEmail}
          <span className="block text-xs text-slate-500">{when(r.createdAt)}</span>
        </>
      ),
      { sort: 'createdAt', sortFirst: 'desc', className: 'whitespace-nowrap text-slate-600' },
    ),
    col.custom<AdjustmentRequestJson>('actions', 'Actions', (r) => <Decision r={r} me={me} act={act} />, { align: 'right', className: 'whitespace-nowrap' }),
  ];
}

function RejectRequestDialog({ request, onClose }: { request: AdjustmentRequestJson | null; onClose: () => void }) {
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const check = rejectAdjustmentRequestInput.safeParse({ reason });
  const reject = useMutation({
    mutationFn: () => api.post<AdjustmentRequestJson>(`${ADJUSTMENT_REQUESTS_URL}/${request!.id}/reject`, { reason: reason.trim() }),
    onSuccess: (r) => {
      toast({ title: 'Adjustment rejected', description: `${aed(r.amount)} for ${r.name}: nothing was changed.`, variant: 'success' });
      void refreshAdminMoney(client);
      setReason('');
      setSubmitted(false);
      onClose();
    },
  });
  return (
    <Dialog
      open={request !== null}
      onClose={() => !reject.isPending && onClose()}
      title="Reject adjustment"
      description={request ? `${aed(request.amount)} for ${request.name} (${request.unicode}), asked by ${request.requestedByEmail}.` : null}
      footer={
        <>
          <Button onClick={onClose} disabled={reject.isPending}>
            Cancel
          </Button>
          <Button
            variant="primary"
            onClick={() => {
              setSubmitted(true);
              if (check.success) reject.mutate();
            }}
            disabled={reject.isPending}
          >
            {reject.isPending ? 'Rejecting…' : 'Reject adjustment'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <ReasonField value={reason} onChange={setReason} error={submitted && !check.success ? (check.error.issues[0]?.message ?? null) : null} />
        {reject.isError ? <ErrorNote title="Not rejected">{errorText(reject.error, 'The request could not be rejected.')}</ErrorNote> : null}
      </div>
    </Dialog>
  );
}

export function AdjustmentRequests() {
  const client = useQueryClient();
  const me = useMe();
  const [rejecting, setRejecting] = useState<AdjustmentRequestJson | null>(null);
  const approve = useMutation({
    mutationFn: (r: AdjustmentRequestJson) => api.post<AdjustmentRequestJson>(`${ADJUSTMENT_REQUESTS_URL}/${r.id}/approve`),
    onSuccess: (r) => {
      toast({ title: 'Adjustment approved', description: `${aed(r.amount)} for ${r.name} was posted to the ledger and the wallet.`, variant: 'success' });
      void refreshAdminMoney(client);
    },
    onError: (err) => toast({ title: 'Not approved', description: errorText(err, 'The adjustment could not be approved.'), variant: 'destructive' }),
  });
  const busy = approve.isPending;
  const { mutate } = approve;
  const columns = useMemo(() => requestColumns(me, { approve: (r) => mutate(r), reject: setRejecting, busy }), [me, mutate, busy]);
  return (
    <Section title="Adjustments to approve" description="Adjustments above the four-eyes threshold wait here until a second administrator approves them. Nobody approves their own request.">
      <AdminTable<AdjustmentRequestJson>
        endpoint={ADJUSTMENT_REQUESTS_URL}
        caption="Adjustment requests"
        columns={columns}
        rowKey={(r) => r.id}
        noun={['adjustment request', 'adjustment requests']}
        search={{ label: 'Search adjustments', placeholder: 'Investor, reason or administrator' }}
        filters={filters}
        defaultSort="-createdAt"
        urlPrefix="requests."
        empty={{ icon: ShieldCheck, title: 'No adjustments waiting', body: 'Adjustments above the four-eyes threshold appear here for a second administrator.' }}
      />
      <RejectRequestDialog request={rejecting} onClose={() => setRejecting(null)} />
    </Section>
  );
}
