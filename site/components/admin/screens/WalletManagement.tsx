/**
 * Wallet management (/admin/users/wallet-management): what investors hold, withdrawals waiting for a
 * decision (approve starts the payout; reject releases the hold; two administrators above the four-eyes
 * threshold), adjustment requests waiting for a second administrator, and manual adjustments with a
 * required reason — journaled and audited by the API. Each list is the one admin table on the list
 * contract (search, filters, sort and page in the URL; the CSV of the same selection).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCw, SlidersHorizontal, Wallet } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { AdminWalletRow, AdminWalletsPage, AdminWithdrawalJson } from '@modules/wallet/contract';
import { Amount } from '../ledger/parts';
import { AdjustmentRequests } from '../money/AdjustmentRequests';
import { aed, EmailText, KycBadge, refreshAdminMoney, when, withQuery } from '../money/shared';
import { AdjustDialog, WalletDetailDialog } from '../money/WalletDialogs';
import { ADMIN_WITHDRAWALS_URL, Withdrawals } from '../money/Withdrawals';
import { AdminTable, col, type FilterDef } from '../table';
import { Badge, Button, ScreenIntro, Section, StatCard, StatGrid } from '../ui';

export const WALLETS_URL = '/api/admin/wallets';
export { ADMIN_WITHDRAWALS_URL };

const filters: FilterDef[] = [{ type: 'select', key: 'withHolds', label: 'Holds', all: 'All wallets', options: [{ value: 'true', label: 'With money held' }] }];

type Act = { open: (w: AdminWalletRow) => void; adjust: (w: AdminWalletRow) => void };

function walletColumns(act: Act) {
  return [
    col.custom<AdminWalletRow>(
      'investor',
      'Investor',
      (w) => (
        <>
          <span className="block font-medium text-ink">{w.name}</span>
          <EmailText email={w.email} />
          <span className="block font-mono text-xs text-slate-500" title={w.updatedAt ? `Last movement ${when(w.updatedAt)}` : undefined}>
            {w.unicode}
          </span>
        </>
      ),
      { sort: 'name' },
    ),
    col.custom<AdminWalletRow>('kyc', 'Verification', (w) => <KycBadge status={w.kycStatus} />, { className: 'whitespace-nowrap' }),
    col.money<AdminWalletRow>('balance', 'Balance (AED)', (w) => w.balance, { sort: 'balance', strong: true }),
    col.custom<AdminWalletRow>('held', 'Held (AED)', (w) => <Amount value={w.held} blankZero />, { sort: 'held', sortFirst: 'desc', align: 'right' }),
    col.money<AdminWalletRow>('available', 'Available (AED)', (w) => w.available),
    col.custom<AdminWalletRow>(
      'pending',
      'Withdrawals',
      (w) => (w.pendingWithdrawals > 0 ? <Badge tone="sand">{w.pendingWithdrawals}</Badge> : <span className="text-slate-400">0</span>),
      { align: 'right', className: 'tabular-nums' },
    ),
    col.custom<AdminWalletRow>(
      'actions',
      'Actions',
      (w) => (
        <span className="inline-flex gap-2">
          <Button variant="ghost" onClick={() => act.open(w)}>
            Open<span className="sr-only"> {w.name}'s wallet</span>
          </Button>
          <Button icon={SlidersHorizontal} onClick={() => act.adjust(w)}>
            Adjust<span className="sr-only"> {w.name}'s wallet</span>
          </Button>
        </span>
      ),
      { align: 'right', className: 'whitespace-nowrap' },
    ),
  ];
}

export default function WalletManagement() {
  const [adjusting, setAdjusting] = useState<AdminWalletRow | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const columns = useMemo(() => walletColumns({ open: (w) => setViewing(w.userId), adjust: setAdjusting }), []);

  // The cards count every wallet and every waiting withdrawal, whatever the lists below are filtered by.
  const all = useQuery<AdminWalletsPage>({ queryKey: [withQuery(WALLETS_URL, { limit: 1 })] });
  const pending = useQuery<{ items: AdminWithdrawalJson[]; total: number }>({ queryKey: [withQuery(ADMIN_WITHDRAWALS_URL, { status: 'pending', limit: 1 })] });
  const totals = all.data?.totals;
  const client = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    await refreshAdminMoney(client).finally(() => setRefreshing(false));
  };

  return (
    <>
      <ScreenIntro
        description="Investor wallets in AED: what each investor holds, what is held for withdrawals, and the requests waiting for a decision. Adjust a wallet by hand only with a reason; every adjustment is posted to the ledger and audited."
        actions={
          <Button icon={RefreshCw} onClick={() => void refresh()} disabled={refreshing}>
            {refreshing ? 'Refreshing…' : 'Refresh all'}
          </Button>
        }
      />
      <StatGrid>
        <StatCard label="Held in investor wallets" value={totals ? aed(totals.balance) : undefined} hint="The total of all wallet balances, in AED." />
        <StatCard label="Held for withdrawals" value={totals ? aed(totals.held) : undefined} hint="Part of the balances, waiting to be paid out or released." />
        <StatCard label="Withdrawals to approve" value={pending.data ? pending.data.total.toLocaleString('en-US') : undefined} hint="Requests waiting for an operator's decision." />
        <StatCard label="Wallets" value={totals ? totals.wallets.toLocaleString('en-US') : undefined} hint="Investors with a wallet." />
      </StatGrid>

      <Withdrawals />
      <AdjustmentRequests />

      <Section title="Investor wallets" description="Balances, holds and the last movement of each wallet. Open a wallet for its history, or adjust it.">
        <AdminTable<AdminWalletRow>
          endpoint={WALLETS_URL}
          caption="Investor wallets"
          columns={columns}
          rowKey={(w) => w.userId}
          noun={['wallet', 'wallets']}
          search={{ placeholder: 'Name, email or unique ID' }}
          filters={filters}
          defaultSort="-balance"
          minWidth={880}
          empty={{ icon: Wallet, title: 'No investor wallets yet', body: 'A wallet appears here when an investor first adds money.' }}
        />
      </Section>

      <WalletDetailDialog
        userId={viewing}
        onClose={() => setViewing(null)}
        onAdjust={(w) => {
          setViewing(null);
          setAdjusting(w);
        }}
      />
      <AdjustDialog wallet={adjusting} onClose={() => setAdjusting(null)} />
    </>
  );
}
