/**
 * The withdrawals list of the wallet management screen: approve (the first of two above the four-eyes
 * threshold) or reject. An administrator never sees Approve on their own wallet's withdrawal, nor a second
 * time on one they already approved; the API refuses both anyway.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { type AdminWithdrawalJson, formatIban, WITHDRAWAL_STATUSES, type WithdrawalStatus, withdrawalStatusLabels } from '@modules/wallet/contract';
import { Amount } from '../ledger/parts';
import { ListError, LoadingRows, PAGE_SIZE, Pagination } from '../lists';
import { Badge, Button, DataTable, EmptyState, ListCard, Section, SelectField, Toolbar } from '../ui';
import { aed, EmailText, useMe, when, withQuery } from './shared';
import { ApproveDialog, RejectDialog } from './WalletDialogs';

export const ADMIN_WITHDRAWALS_URL = '/api/admin/wallets/withdrawals';

const withdrawalColumns = [
  { key: 'investor', label: 'Investor' },
  { key: 'amount', label: 'Amount (AED)', align: 'right' as const },
  { key: 'iban', label: 'Pay to' },
  { key: 'requested', label: 'Requested' },
  { key: 'status', label: 'Status' },
  { key: 'actions', label: 'Actions', align: 'right' as const },
];

const statusTone: Record<WithdrawalStatus, 'neutral' | 'brand' | 'sand' | 'warning'> = {
  pending: 'sand',
  awaiting_second_approval: 'sand',
  processing: 'sand',
  failed: 'warning',
  paid: 'brand',
  rejected: 'warning',
  cancelled: 'neutral',
};

export function Withdrawals() {
  const me = useMe();
  const [status, setStatus] = useState<WithdrawalStatus | ''>('pending');
  const [offset, setOffset] = useState(0);
  const [approving, setApproving] = useState<AdminWithdrawalJson | null>(null);
  const [rejecting, setRejecting] = useState<AdminWithdrawalJson | null>(null);
  const list = useQuery<{ items: AdminWithdrawalJson[]; total: number }>({
    queryKey: [withQuery(ADMIN_WITHDRAWALS_URL, { status, limit: PAGE_SIZE, offset })],
    placeholderData: keepPreviousData,
  });
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;

  return (
    <Section
      title="Withdrawals"
      description="Investors' requests to be paid out. The amount is held in their wallet until you approve (the payout starts) or reject (the hold is released)."
    >
      <ListCard
        toolbar={
          <Toolbar label="Filter withdrawals">
            <SelectField
              label="Status"
              value={status}
              onChange={(v) => {
                setStatus(v as WithdrawalStatus | '');
                setOffset(0);
              }}
              options={[{ value: '', label: 'Any status' }, ...WITHDRAWAL_STATUSES.map((s) => ({ value: s, label: withdrawalStatusLabels[s] }))]}
            />
          </Toolbar>
        }
        footer={list.data && total > 0 ? <Pagination offset={offset} pageCount={items.length} total={total} shown={items.length} noun={['withdrawal', 'withdrawals']} onOffset={setOffset} busy={list.isFetching} /> : null}
      >
        <DataTable
          caption="Withdrawals"
          columns={withdrawalColumns}
          minWidth={860}
          empty={
            list.isError ? (
              <ListError error={list.error} what="withdrawals" onRetry={() => void list.refetch()} />
            ) : list.isPending ? null : (
              <EmptyState icon={Check} title={status === 'pending' ? 'No withdrawals to approve' : 'No withdrawals to show'}>
                {status === 'pending' ? 'When an investor asks to be paid out, the request waits here for your decision.' : 'Try another status.'}
              </EmptyState>
            )
          }
        >
          {list.isPending
            ? [<LoadingRows key="loading" columns={withdrawalColumns.length} rows={3} />]
            : items.map((w) => (
                <tr key={w.id} className="hover:bg-slate-50/70">
                  <td className="px-4 py-3">
                    <span className="block font-medium text-ink">{w.name}</span>
                    <EmailText email={w.email} />
                    <span className="block font-mono text-xs text-slate-500">{w.unicode}</span>
                  </td>
                  <td className="px-4 py-3 text-right font-medium">
                    <Amount value={w.amount} />
                  </td>
                  <td className="px-4 py-3">
                    <span className="block whitespace-nowrap font-mono text-xs text-ink">{formatIban(w.iban)}</span>
                    <span className="block text-xs text-slate-500">{w.accountName}</span>
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-slate-600">{when(w.createdAt)}</td>
                  <td className="whitespace-nowrap px-4 py-3">
                    <Badge tone={statusTone[w.status] ?? 'neutral'}>{withdrawalStatusLabels[w.status] ?? w.status}</Badge>
                    {w.reason ? <span className="mt-1 block max-w-48 whitespace-normal text-xs text-slate-500">{w.reason}</span> : null}
                    {w.status === 'awaiting_second_approval' && w.firstApprovedByEmail ? (
                      <span className="mt-1 block text-xs text-slate-500">First approved by {w.firstApprovedByEmail}</span>
                    ) : w.status === 'pending' && w.needsSecondApproval ? (
                      <span className="mt-1 block text-xs text-slate-500">Needs two approvals</span>
                    ) : null}
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-right">
                    {w.userId === me?.id ? (
                      <span className="text-xs text-slate-500">Your own wallet: another administrator decides</span>
                    ) : w.status === 'awaiting_second_approval' && w.firstApprovedBy === me?.id ? (
                      <span className="text-xs text-slate-500">You approved it; waiting for another administrator</span>
                    ) : w.status === 'pending' || w.status === 'awaiting_second_approval' ? (
                      <span className="inline-flex gap-2">
                        <Button variant="primary" icon={Check} onClick={() => setApproving(w)}>
                          Approve<span className="sr-only"> {aed(w.amount)} to {w.name}</span>
                        </Button>
                        <Button icon={X} onClick={() => setRejecting(w)}>
                          Reject<span className="sr-only"> {aed(w.amount)} to {w.name}</span>
                        </Button>
                      </span>
                    ) : (
                      <span className="text-xs text-slate-500">{w.decidedAt ? `Decided ${when(w.decidedAt)}` : '—'}</span>
                    )}
                  </td>
                </tr>
              ))}
        </DataTable>
      </ListCard>
      <ApproveDialog withdrawal={approving} onClose={() => setApproving(null)} />
      <RejectDialog withdrawal={rejecting} onClose={() => setRejecting(null)} />
    </Section>
  );
}

