/**
 * The withdrawals list of the wallet management screen: approve (the first of two above the four-eyes
 * threshold) or reject. An administrator never sees Approve on their own wallet's withdrawal, nor a second
 * time on one they already approved; the API refuses both anyway.
 */
import { Check, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { CurrentUser } from '@modules/auth/contract';
import { type AdminWithdrawalJson, formatIban, WITHDRAWAL_STATUSES, type WithdrawalStatus, withdrawalStatusLabels } from '@modules/wallet/contract';
import { AdminTable, col, type FilterDef } from '../table';
import { Badge, Button, Section } from '../ui';
import { aed, EmailText, useMe, when } from './shared';
import { ApproveDialog, RejectDialog } from './WalletDialogs';

export const ADMIN_WITHDRAWALS_URL = '/api/admin/wallets/withdrawals';

/** The list opens on the withdrawals waiting for a decision. */
const filters: FilterDef[] = [
  { type: 'select', key: 'status', label: 'Status', all: 'Any status', default: 'pending', options: WITHDRAWAL_STATUSES.map((s) => ({ value: s, label: withdrawalStatusLabels[s] })) },
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

type Act = { approve: (w: AdminWithdrawalJson) => void; reject: (w: AdminWithdrawalJson) => void };

function Decision({ w, me, act }: { w: AdminWithdrawalJson; me: CurrentUser | null | undefined; act: Act }) {
  if (w.userId === me?.id) return <span className="text-xs text-slate-500">Your own wallet: another administrator decides</span>;
  if (w.status === 'awaiting_second_approval' && w.firstApprovedBy === me?.id) return <span className="text-xs text-slate-500">You approved it; waiting for another administrator</span>;
  if (w.status !== 'pending' && w.status !== 'awaiting_second_approval') return <span className="text-xs text-slate-500">{w.decidedAt ? `Decided ${when(w.decidedAt)}` : '—'}</span>;
  return (
    <span className="inline-flex gap-2">
      <Button variant="primary" icon={Check} onClick={() => act.approve(w)}>
        Approve<span className="sr-only"> {aed(w.amount)} to {w.name}</span>
      </Button>
      <Button icon={X} onClick={() => act.reject(w)}>
        Reject<span className="sr-only"> {aed(w.amount)} to {w.name}</span>
      </Button>
    </span>
  );
}

function withdrawalColumns(me: CurrentUser | null | undefined, act: Act) {
  return [
    col.custom<AdminWithdrawalJson>(
      'investor',
      'Investor',
      (w) => (
        <>
          <span className="block font-medium text-ink">{w.name}</span>
          <EmailText email={w.email} />
          <span className="block font-mono text-xs text-slate-500">{w.unicode}</span>
        </>
      ),
      { sort: 'name' },
    ),
    col.money<AdminWithdrawalJson>('amount', 'Amount (AED)', (w) => w.amount, { sort: 'amount', strong: true }),
    col.custom<AdminWithdrawalJson>('iban', 'Pay to', (w) => (
      <>
        <span className="block whitespace-nowrap font-mono text-xs text-ink">{formatIban(w.iban)}</span>
        <span className="block text-xs text-slate-500">{w.accountName}</span>
      </>
    )),
    col.custom<AdminWithdrawalJson>('requested', 'Requested', (w) => when(w.createdAt), { sort: 'createdAt', sortFirst: 'desc', className: 'whitespace-nowrap text-slate-600' }),
    col.custom<AdminWithdrawalJson>(
      'status',
      'Status',
      (w) => (
        <>
          <Badge tone={statusTone[w.status] ?? 'neutral'}>{withdrawalStatusLabels[w.status] ?? w.status}</Badge>
          {w.reason ? <span className="mt-1 block max-w-48 whitespace-normal text-xs text-slate-500">{w.reason}</span> : null}
          {w.status === 'awaiting_second_approval' && w.firstApprovedByEmail ? (
            <span className="mt-1 block text-xs text-slate-500">First approved by {w.firstApprovedByEmail}</span>
          ) : w.status === 'pending' && w.needsSecondApproval ? (
            <span className="mt-1 block text-xs text-slate-500">Needs two approvals</span>
          ) : null}
        </>
      ),
      { sort: 'status', className: 'whitespace-nowrap' },
    ),
    col.custom<AdminWithdrawalJson>('actions', 'Actions', (w) => <Decision w={w} me={me} act={act} />, { align: 'right', className: 'whitespace-nowrap' }),
  ];
}

export function Withdrawals() {
  const me = useMe();
  const [approving, setApproving] = useState<AdminWithdrawalJson | null>(null);
  const [rejecting, setRejecting] = useState<AdminWithdrawalJson | null>(null);
  const columns = useMemo(() => withdrawalColumns(me, { approve: setApproving, reject: setRejecting }), [me]);

  return (
    <Section
      title="Withdrawals"
      description="Investors' requests to be paid out. The amount is held in their wallet until you approve (the payout starts) or reject (the hold is released)."
    >
      <AdminTable<AdminWithdrawalJson>
        endpoint={ADMIN_WITHDRAWALS_URL}
        caption="Withdrawals"
        columns={columns}
        rowKey={(w) => w.id}
        noun={['withdrawal', 'withdrawals']}
        search={{ label: 'Search withdrawals', placeholder: 'Investor, IBAN or account name' }}
        filters={filters}
        defaultSort="-createdAt"
        urlPrefix="withdrawals."
        minWidth={860}
        empty={{ icon: Check, title: 'No withdrawals to approve', body: 'When an investor asks to be paid out, the request waits here for your decision.' }}
      />
      <ApproveDialog withdrawal={approving} onClose={() => setApproving(null)} />
      <RejectDialog withdrawal={rejecting} onClose={() => setRejecting(null)} />
    </Section>
  );
}
