import { ChevronLeft, ChevronRight, Download, RefreshCw, UserPlus, Users as UsersIcon } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { isKycVerified } from '../../../../modules/auth/contract';
import { toast } from '../../../lib/stores/toast';
import { csvFilename, downloadCsv, toCsv } from '../csv';
import { USERS_ENDPOINT, statusLabel, usersCsvColumns, type AdminUserRow } from '../data';
import { ListError, LoadingRows, PAGE_SIZE, matchesSearch, useAdminList } from '../lists';
import { Badge, Button, DataTable, EmptyState, ListCard, ScreenIntro, SearchField, SelectField, Toolbar, notConnected } from '../ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { type AdminInvestorsPage, INVESTOR_STATUSES, type InvestorStatus, investorStatusLabels } from '../../../../modules/investing/contract';
import { KYC_STATUSES, kycStatusLabels } from '../../../../modules/kyc/contract';
import { Amount } from '../ledger/parts';
import { toFils } from '../ledger/money';
import { Pagination } from '../lists';
import { aed, day, KycBadge, useSettledText, withQuery } from '../money/shared';

export const INVESTORS_URL = '/api/admin/investors';

const columns = [
  { key: 'name', label: 'Name' },
  { key: 'id', label: 'Unique ID' },
  { key: 'email', label: 'Email' },
  { key: 'role', label: 'Role' },
  { key: 'kyc', label: 'Verification' },
  { key: 'mfa', label: 'Two-step sign-in' },
];

function AccountsList({ switcher }: { switcher: ReactNode }) {
  const [offset, setOffset] = useState(0);
  const [search, setSearch] = useState('');
  const [role, setRole] = useState('');
  const [kyc, setKyc] = useState('');
  // This list has no total: a full page means there may be another.
  const list = useAdminList<AdminUserRow>(USERS_ENDPOINT, offset);
  const items = list.data?.items ?? [];

  const shown = useMemo(
    () =>
      items.filter(
        (u) =>
          matchesSearch([`${u.firstName} ${u.lastName}`, u.email, u.unicode], search) &&
          (role === '' || u.role === role) &&
          (kyc === '' || (kyc === 'verified') === isKycVerified(u.kycStatus)),
      ),
    [items, search, role, kyc],
  );

  const exportCsv = () => {
    const filename = csvFilename('accounts');
    downloadCsv(filename, toCsv(usersCsvColumns, shown));
    toast({ title: 'Export ready', description: `${shown.length} ${shown.length === 1 ? 'account' : 'accounts'} saved to ${filename}.`, variant: 'success' });
  };

  let empty;
  if (list.isError) empty = <ListError error={list.error} what="accounts" onRetry={() => void list.refetch()} />;
  else if (items.length === 0)
    empty = (
      <EmptyState icon={UsersIcon} title={offset === 0 ? 'No accounts yet' : 'No more accounts'}>
        {offset === 0 ? 'Everyone who signs up appears here with their unique ID, verification status and sign-in security.' : 'That was the last page.'}
      </EmptyState>
    );
  else empty = <EmptyState title="No matches on this page">No account on this page matches the search or filters.</EmptyState>;

  const page = Math.floor(offset / PAGE_SIZE) + 1;
  return (
    <>
      <ScreenIntro
        description="Everyone with a Manzil account, newest first: who they are, whether their identity is verified, and whether they protect sign-in with a second step."
        actions={
          <>
            <Button icon={UserPlus} unavailable={notConnected('Inviting team members')}>
              Invite admin
            </Button>
            <Button icon={RefreshCw} onClick={() => void list.refetch()} disabled={list.isFetching}>
              {list.isFetching && !list.isPending ? 'Refreshing…' : 'Refresh'}
            </Button>
            <Button variant="primary" icon={Download} onClick={exportCsv} disabled={shown.length === 0}>
              Export CSV
            </Button>
          </>
        }
      />
      {switcher}
      <ListCard
        toolbar={
          <Toolbar label="Filter accounts">
            <SearchField label="Search this page" value={search} onChange={setSearch} placeholder="Name, email or unique ID" />
            <SelectField
              label="Role"
              value={role}
              onChange={setRole}
              options={[
                { value: '', label: 'All roles' },
                { value: 'investor', label: 'Investors' },
                { value: 'admin', label: 'Admins' },
              ]}
            />
            <SelectField
              label="Verification"
              value={kyc}
              onChange={setKyc}
              options={[
                { value: '', label: 'Any status' },
                { value: 'verified', label: 'Verified' },
                { value: 'unverified', label: 'Not verified' },
              ]}
            />
          </Toolbar>
        }
        footer={
          list.data && (offset > 0 || items.length === PAGE_SIZE) ? (
            <nav aria-label="Account pages" className="flex items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 text-sm text-slate-600">
              <p aria-live="polite">
                Page {page} · {items.length} accounts
              </p>
              <div className="flex gap-2">
                <Button icon={ChevronLeft} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))} disabled={list.isFetching || offset === 0}>
                  Previous
                </Button>
                <Button onClick={() => setOffset(offset + PAGE_SIZE)} disabled={list.isFetching || items.length < PAGE_SIZE}>
                  Next
                  <ChevronRight className="h-4 w-4" aria-hidden="true" />
                </Button>
              </div>
            </nav>
          ) : null
        }
      >
        {list.isPending ? <p className="sr-only" role="status">Loading accounts…</p> : null}
        <DataTable caption="Accounts" columns={columns} empty={empty} minWidth={820}>
          {list.isPending
            ? [<LoadingRows key="loading" columns={columns.length} />]
            : list.isError
              ? []
              : shown.map((u) => (
                  <tr key={u.id} className="hover:bg-slate-50/70">
                    <td className="px-4 py-3 font-medium text-ink">{[u.firstName, u.lastName].filter(Boolean).join(' ')}</td>
                    <td className="px-4 py-3 font-mono text-xs text-slate-600">{u.unicode}</td>
                    <td className="px-4 py-3">
                      <a href={`mailto:${u.email}`} className="text-brand-800 hover:underline">
                        {u.email}
                      </a>
                    </td>
                    <td className="px-4 py-3">{u.role === 'admin' ? <Badge tone="brand">Admin</Badge> : <span className="text-slate-600">Investor</span>}</td>
                    <td className="px-4 py-3">
                      <Badge tone={isKycVerified(u.kycStatus) ? 'brand' : u.kycStatus === 'rejected' ? 'warning' : 'neutral'}>{statusLabel(u.kycStatus)}</Badge>
                    </td>
                    <td className="px-4 py-3 text-slate-600">{u.mfaEnabled ? 'On' : 'Off'}</td>
                  </tr>
                ))}
        </DataTable>
      </ListCard>
    </>
  );
}

// ---------------------------------------------------------------------------------------------
// Investors: search, status, verification, balances and holdings, from the server

const investorColumns = [
  { key: 'investor', label: 'Investor' },
  { key: 'status', label: 'Status' },
  { key: 'kyc', label: 'Verification' },
  { key: 'balance', label: 'Wallet (AED)', align: 'right' as const },
  { key: 'invested', label: 'Invested (AED)', align: 'right' as const },
  { key: 'value', label: 'Holdings value (AED)', align: 'right' as const },
];

const investorStatusTone: Record<InvestorStatus, 'neutral' | 'brand' | 'sand'> = { registered: 'neutral', funded: 'sand', investing: 'brand' };

function InvestorsList({ switcher }: { switcher: ReactNode }) {
  const [text, setText] = useState('');
  const [offset, setOffset] = useState(0);
  const q = useSettledText(text, () => setOffset(0));
  const [kycStatus, setKycStatus] = useState('');
  const [status, setStatus] = useState<InvestorStatus | ''>('');
  const [sort, setSort] = useState<'newest' | 'name' | 'balance' | 'invested'>('newest');
  const reset = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setOffset(0);
  };
  const list = useQuery<AdminInvestorsPage>({ queryKey: [withQuery(INVESTORS_URL, { q, kycStatus, status, sort, limit: PAGE_SIZE, offset })], placeholderData: keepPreviousData });
  const items = list.data?.items ?? [];
  const filtered = Boolean(q || kycStatus || status);
  return (
    <>
      <ScreenIntro
        description="Everyone who invests with Manzil: whether their identity is verified, what they hold in their wallet, what they have invested and what it is worth at the latest valuations."
        actions={
          <Button icon={RefreshCw} onClick={() => void list.refetch()} disabled={list.isFetching}>
            {list.isFetching && !list.isPending ? 'Refreshing…' : 'Refresh'}
          </Button>
        }
      />
      {switcher}
      <ListCard
        toolbar={
          <Toolbar label="Filter investors">
            <SearchField label="Search" value={text} onChange={setText} placeholder="Name, email, phone or unique ID" />
            <SelectField
              label="Status"
              value={status}
              onChange={reset((v: string) => setStatus(v as InvestorStatus | ''))}
              options={[{ value: '', label: 'Any status' }, ...INVESTOR_STATUSES.map((s) => ({ value: s, label: investorStatusLabels[s] }))]}
            />
            <SelectField
              label="Verification"
              value={kycStatus}
              onChange={reset(setKycStatus)}
              options={[{ value: '', label: 'Any verification' }, ...KYC_STATUSES.map((s) => ({ value: s, label: kycStatusLabels[s] }))]}
            />
            <SelectField
              label="Sort by"
              value={sort}
              onChange={reset((v: string) => setSort(v as typeof sort))}
              options={[
                { value: 'newest', label: 'Newest first' },
                { value: 'name', label: 'Name' },
                { value: 'balance', label: 'Largest wallet' },
                { value: 'invested', label: 'Most invested' },
              ]}
            />
          </Toolbar>
        }
        footer={
          list.data && list.data.total > 0 ? (
            <Pagination offset={offset} pageCount={items.length} total={list.data.total} shown={items.length} noun={['investor', 'investors']} onOffset={setOffset} busy={list.isFetching} />
          ) : null
        }
      >
        {list.isPending ? (
          <p className="sr-only" role="status">
            Loading investors…
          </p>
        ) : null}
        <DataTable
          caption="Investors"
          columns={investorColumns}
          minWidth={900}
          empty={
            list.isError ? (
              <ListError error={list.error} what="investors" onRetry={() => void list.refetch()} />
            ) : list.isPending ? null : filtered ? (
              <EmptyState title="No investors match">Try another search, or clear the filters.</EmptyState>
            ) : (
              <EmptyState icon={UsersIcon} title="No investors yet">
                Everyone who signs up to invest appears here with their verification, wallet and holdings.
              </EmptyState>
            )
          }
        >
          {list.isPending
            ? [<LoadingRows key="loading" columns={investorColumns.length} />]
            : items.map((u) => (
                <tr key={u.id} className="hover:bg-slate-50/70">
                  <td className="px-4 py-3">
                    <span className="block font-medium text-ink">{u.name}</span>
                    <a href={`mailto:${u.email}`} className="block text-xs text-slate-500 hover:underline">
                      {u.email}
                    </a>
                    <span className="block font-mono text-xs text-slate-500">{u.unicode}</span>
                  </td>
                  <td className="px-4 py-3">
                    <Badge tone={investorStatusTone[u.status] ?? 'neutral'}>{investorStatusLabels[u.status] ?? u.status}</Badge>
                    {u.classification === 'professional' ? <span className="mt-1 block text-xs text-slate-500">Professional</span> : null}
                  </td>
                  <td className="px-4 py-3">
                    <KycBadge status={u.kycStatus} />
                  </td>
                  <td className="px-4 py-3 text-right">
                    <Amount value={u.balance} />
                    {toFils(u.held) > 0n ? <span className="block text-xs text-slate-500">{aed(u.held)} held</span> : null}
                  </td>
                  <td className="px-4 py-3 text-right">
                    <Amount value={u.invested} />
                    {u.lastInvestmentAt ? (
                      <Link href={`/admin/investments?userId=${encodeURIComponent(u.id)}`} className="block whitespace-nowrap text-xs font-medium text-brand-800 hover:underline">
                        Last {day(u.lastInvestmentAt)}<span className="sr-only">: see {u.name}'s investments</span>
                      </Link>
                    ) : null}
                  </td>
                  <td className="px-4 py-3 text-right font-medium">
                    <Amount value={u.holdingsValue} />
                    <span className="block text-xs font-normal text-slate-500">
                      {u.properties} {u.properties === 1 ? 'property' : 'properties'}
                    </span>
                  </td>
                </tr>
              ))}
        </DataTable>
      </ListCard>
    </>
  );
}

type View = 'investors' | 'accounts';

export default function Users() {
  const [view, setView] = useState<View>('investors');
  const switcher = (
    <div role="group" aria-label="Which list" className="mt-6 inline-flex rounded-lg border border-slate-300 bg-white p-0.5 text-sm">
      {(
        [
          ['investors', 'Investors'],
          ['accounts', 'All accounts'],
        ] as const
      ).map(([key, label]) => (
        <button
          key={key}
          type="button"
          aria-pressed={view === key}
          onClick={() => setView(key)}
          className={`rounded-md px-3 py-1.5 font-medium ${view === key ? 'bg-brand-800 text-white' : 'text-slate-600 hover:bg-slate-50'}`}
        >
          {label}
        </button>
      ))}
    </div>
  );
  return view === 'investors' ? <InvestorsList switcher={switcher} /> : <AccountsList switcher={switcher} />;
}
