/**
 * Wallet management (/admin/users/wallet-management): what investors hold, withdrawals waiting for a
 * decision (approve starts the payout; reject releases the hold; two administrators above the four-eyes
 * threshold), adjustment requests waiting for a second administrator, and manual adjustments with a
 * required reason — journaled and audited by the API. Search, filter, sort and paging run on the server.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Check, RefreshCw, SlidersHorizontal, Wallet, X } from 'lucide-react';
import { useState } from 'react';
import {
  type AdminWalletRow,
  type AdminWalletsPage,
  type AdminWithdrawalJson,
  formatIban,
  WITHDRAWAL_STATUSES,
  type WithdrawalStatus,
  withdrawalStatusLabels,
} from '@modules/wallet/contract';
import { ListError, LoadingRows, PAGE_SIZE, Pagination } from '../lists';
import { Amount } from '../ledger/parts';
import { aed, EmailText, KycBadge, useSettledText, when, withQuery } from '../money/shared';
import { AdjustmentRequests } from '../money/AdjustmentRequests';
import { AdjustDialog, WalletDetailDialog } from '../money/WalletDialogs';
import { ADMIN_WITHDRAWALS_URL, Withdrawals } from '../money/Withdrawals';
import { Badge, Button, DataTable, EmptyState, ListCard, ScreenIntro, SearchField, Section, SelectField, StatCard, StatGrid, Toolbar } from '../ui';

export const WALLETS_URL = '/api/admin/wallets';
export { ADMIN_WITHDRAWALS_URL };

const walletColumns = [
  { key: 'investor', label: 'Investor' },
  { key: 'kyc', label: 'Verification' },
  { key: 'balance', label: 'Balance (AED)', align: 'right' as const },
  { key: 'held', label: 'Held (AED)', align: 'right' as const },
  { key: 'available', label: 'Available (AED)', align: 'right' as const },
  { key: 'pending', label: 'Withdrawals', align: 'right' as const },
  { key: 'actions', label: 'Actions', align: 'right' as const },
];

export default function WalletManagement() {
  const [text, setText] = useState('');
  const [offset, setOffset] = useState(0);
  const q = useSettledText(text, () => setOffset(0));
  const [withHolds, setWithHolds] = useState('');
  const [sort, setSort] = useState<'balance' | 'name' | 'updated'>('balance');
  const [adjusting, setAdjusting] = useState<AdminWalletRow | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);

  const list = useQuery<AdminWalletsPage>({
    queryKey: [withQuery(WALLETS_URL, { q, withHolds, sort, limit: PAGE_SIZE, offset })],
    placeholderData: keepPreviousData,
  });
  const pending = useQuery<{ items: AdminWithdrawalJson[]; total: number }>({ queryKey: [withQuery(ADMIN_WITHDRAWALS_URL, { status: 'pending', limit: 1, offset: 0 })] });
  const items = list.data?.items ?? [];
  const totals = list.data?.totals;
  const filtered = Boolean(q || withHolds);

  return (
    <>
      <ScreenIntro
        description="Investor wallets in AED: what each investor holds, what is held for withdrawals, and the requests waiting for a decision. Adjust a wallet by hand only with a reason; every adjustment is posted to the ledger and audited."
        actions={
          <Button
            icon={RefreshCw}
            onClick={() => {
              void list.refetch();
              void pending.refetch();
            }}
            disabled={list.isFetching}
          >
            {list.isFetching && !list.isPending ? 'Refreshing…' : 'Refresh'}
          </Button>
        }
      />
      <StatGrid>
        <StatCard label="Held in investor wallets" value={totals && !filtered ? aed(totals.balance) : undefined} hint={filtered ? 'Clear the filters to see the total.' : 'The total of all wallet balances, in AED.'} />
        <StatCard label="Held for withdrawals" value={totals && !filtered ? aed(totals.held) : undefined} hint="Part of the balances, waiting to be paid out or released." />
        <StatCard label="Withdrawals to approve" value={pending.data ? pending.data.total.toLocaleString('en-US') : undefined} hint="Requests waiting for an operator's decision." />
        <StatCard label="Wallets" value={totals ? totals.wallets.toLocaleString('en-US') : undefined} hint={filtered ? 'Matching the filters.' : 'Investors with a wallet.'} />
      </StatGrid>

      <Withdrawals />
      <AdjustmentRequests />

      <Section title="Investor wallets" description="Balances, holds and the last movement of each wallet. Open a wallet for its history, or adjust it.">
        <ListCard
          toolbar={
            <Toolbar label="Filter wallets">
              <SearchField label="Search" value={text} onChange={setText} placeholder="Name, email or unique ID" />
              <SelectField
                label="Holds"
                value={withHolds}
                onChange={(v) => {
                  setWithHolds(v);
                  setOffset(0);
                }}
                options={[
                  { value: '', label: 'All wallets' },
                  { value: 'true', label: 'With money held' },
                ]}
              />
              <SelectField
                label="Sort by"
                value={sort}
                onChange={(v) => {
                  setSort(v as typeof sort);
                  setOffset(0);
                }}
                options={[
                  { value: 'balance', label: 'Largest balance' },
                  { value: 'name', label: 'Name' },
                  { value: 'updated', label: 'Latest movement' },
                ]}
              />
            </Toolbar>
          }
          footer={
            list.data && list.data.total > 0 ? (
              <Pagination offset={offset} pageCount={items.length} total={list.data.total} shown={items.length} noun={['wallet', 'wallets']} onOffset={setOffset} busy={list.isFetching} />
            ) : null
          }
        >
          {list.isPending ? (
            <p className="sr-only" role="status">
              Loading wallets…
            </p>
          ) : null}
          <DataTable
            caption="Investor wallets"
            columns={walletColumns}
            minWidth={880}
            empty={
              list.isError ? (
                <ListError error={list.error} what="wallets" onRetry={() => void list.refetch()} />
              ) : list.isPending ? null : filtered ? (
                <EmptyState title="No wallets match">Try another name, or show all wallets.</EmptyState>
              ) : (
                <EmptyState icon={Wallet} title="No investor wallets yet">
                  A wallet appears here when an investor first adds money.
                </EmptyState>
              )
            }
          >
            {list.isPending
              ? [<LoadingRows key="loading" columns={walletColumns.length} />]
              : items.map((w) => (
                  <tr key={w.userId} className="hover:bg-slate-50/70">
                    <td className="px-4 py-3">
                      <span className="block font-medium text-ink">{w.name}</span>
                      <EmailText email={w.email} />
                      <span className="block font-mono text-xs text-slate-500" title={w.updatedAt ? `Last movement ${when(w.updatedAt)}` : undefined}>
                        {w.unicode}
                      </span>
                    </td>
                    <td className="whitespace-nowrap px-4 py-3">
                      <KycBadge status={w.kycStatus} />
                    </td>
                    <td className="px-4 py-3 text-right font-medium">
                      <Amount value={w.balance} />
                    </td>
                    <td className="px-4 py-3 text-right">
                      <Amount value={w.held} blankZero />
                    </td>
                    <td className="px-4 py-3 text-right">
                      <Amount value={w.available} />
                    </td>
                    <td className="px-4 py-3 text-right tabular-nums">{w.pendingWithdrawals > 0 ? <Badge tone="sand">{w.pendingWithdrawals}</Badge> : <span className="text-slate-400">0</span>}</td>
                    <td className="whitespace-nowrap px-4 py-3 text-right">
                      <span className="inline-flex gap-2">
                        <Button variant="ghost" onClick={() => setViewing(w.userId)}>
                          Open<span className="sr-only"> {w.name}'s wallet</span>
                        </Button>
                        <Button icon={SlidersHorizontal} onClick={() => setAdjusting(w)}>
                          Adjust<span className="sr-only"> {w.name}'s wallet</span>
                        </Button>
                      </span>
                    </td>
                  </tr>
                ))}
          </DataTable>
        </ListCard>
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
