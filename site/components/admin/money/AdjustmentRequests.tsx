/**
 * Adjustment requests above the four-eyes threshold: who asked, for whom, how much and why. Another
 * administrator approves (the adjustment is made, journaled and audited) or rejects with a reason; the one
 * who asked sees that they are waiting and may withdraw their request.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, ShieldCheck, X } from 'lucide-react';
import { useState } from 'react';
import { type AdjustmentRequestJson, rejectAdjustmentRequestInput } from '@modules/wallet/contract';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { Amount, Dialog, ErrorNote } from '../ledger/parts';
import { ListError, LoadingRows } from '../lists';
import { Badge, Button, DataTable, EmptyState, ListCard, Section } from '../ui';
import { aed, refreshAdminMoney, useMe, when, withQuery } from './shared';
import { ReasonField } from './WalletDialogs';

export const ADJUSTMENT_REQUESTS_URL = '/api/admin/wallets/adjustment-requests';

const columns = [
  { key: 'investor', label: 'Investor' },
  { key: 'amount', label: 'Amount (AED)', align: 'right' as const },
  { key: 'reason', label: 'Reason' },
  { key: 'asked', label: 'Asked by' },
  { key: 'actions', label: 'Actions', align: 'right' as const },
];

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
  const list = useQuery<{ items: AdjustmentRequestJson[]; total: number }>({ queryKey: [withQuery(ADJUSTMENT_REQUESTS_URL, { status: 'pending', limit: 50 })] });
  const approve = useMutation({
    mutationFn: (r: AdjustmentRequestJson) => api.post<AdjustmentRequestJson>(`${ADJUSTMENT_REQUESTS_URL}/${r.id}/approve`),
    onSuccess: (r) => {
      toast({ title: 'Adjustment approved', description: `${aed(r.amount)} for ${r.name} was posted to the ledger and the wallet.`, variant: 'success' });
      void refreshAdminMoney(client);
    },
    onError: (err) => toast({ title: 'Not approved', description: errorText(err, 'The adjustment could not be approved.'), variant: 'destructive' }),
  });
  const items = list.data?.items ?? [];
  return (
    <Section title="Adjustments to approve" description="Adjustments above the four-eyes threshold wait here until a second administrator approves them. Nobody approves their own request.">
      <ListCard>
        <DataTable
          caption="Adjustment requests"
          columns={columns}
          empty={
            list.isError ? (
              <ListError error={list.error} what="the adjustment requests" onRetry={() => void list.refetch()} />
            ) : !list.isPending && items.length === 0 ? (
              <EmptyState icon={ShieldCheck} title="No adjustments waiting">
                Adjustments above the four-eyes threshold appear here for a second administrator.
              </EmptyState>
            ) : null
          }
        >
          {list.isPending
            ? [<LoadingRows key="loading" columns={columns.length} rows={2} />]
            : items.map((r) => (
                <tr key={r.id} className="hover:bg-slate-50/70">
                  <td className="px-4 py-3">
                    <span className="block font-medium text-ink">{r.name}</span>
                    <span className="block font-mono text-xs text-slate-500">{r.unicode}</span>
                  </td>
                  <td className="px-4 py-3 text-right font-medium">
                    <Amount value={r.amount} />
                  </td>
                  <td className="max-w-64 px-4 py-3 text-slate-600">{r.reason}</td>
                  <td className="whitespace-nowrap px-4 py-3 text-slate-600">
                    {r.requestedByEmail}
                    <span className="block text-xs text-slate-500">{when(r.createdAt)}</span>
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-right">
                    {r.requestedBy === me?.id ? (
                      <span className="inline-flex items-center gap-2">
                        <Badge tone="sand">Waiting for another administrator</Badge>
                        <Button icon={X} onClick={() => setRejecting(r)}>
                          Withdraw<span className="sr-only"> your request for {aed(r.amount)}</span>
                        </Button>
                      </span>
                    ) : (
                      <span className="inline-flex gap-2">
                        <Button variant="primary" icon={Check} onClick={() => approve.mutate(r)} disabled={approve.isPending}>
                          Approve<span className="sr-only"> {aed(r.amount)} for {r.name}</span>
                        </Button>
                        <Button icon={X} onClick={() => setRejecting(r)}>
                          Reject<span className="sr-only"> {aed(r.amount)} for {r.name}</span>
                        </Button>
                      </span>
                    )}
                  </td>
                </tr>
              ))}
        </DataTable>
      </ListCard>
      <RejectRequestDialog request={rejecting} onClose={() => setRejecting(null)} />
    </Section>
  );
}
