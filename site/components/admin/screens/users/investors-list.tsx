/**
 * Investors (GET /api/admin/investors): verification, wallet, invested and holdings. That endpoint
 * still speaks its own sort words (newest, name, balance, invested) and has no CSV export, so the sort
 * is a filter of the table and the export button is off.
 */
import { Users as UsersIcon } from 'lucide-react';
import { INVESTOR_STATUSES, investorStatusLabels, type AdminInvestorsPage, type InvestorStatus } from '@modules/investing/contract';
import { KYC_STATUSES, kycStatusLabels } from '@modules/kyc/contract';
import { toFils } from '@site/components/admin/ledger/money';
import { KycBadge, aed, day } from '@site/components/admin/money/shared';
import { AdminTable, LinkCell, MoneyCell, StatusCell, col, type FilterDef } from '@site/components/admin/table';

export const INVESTORS_URL = '/api/admin/investors';
type Investor = AdminInvestorsPage['items'][number];

const statusTone: Record<InvestorStatus, 'neutral' | 'brand' | 'sand'> = { registered: 'neutral', funded: 'sand', investing: 'brand' };

const columns = [
  col.person<Investor>('investor', 'Investor', (u) => ({ name: u.name, email: u.email, href: `/admin/users/${u.id}`, detail: <span className="font-mono">{u.unicode}</span> })),
  col.custom<Investor>('status', 'Status', (u) => (
    <>
      <StatusCell value={u.status} label={investorStatusLabels[u.status]} tone={statusTone[u.status]} />
      {u.classification === 'professional' ? <span className="mt-1 block text-xs text-slate-500">Professional</span> : null}
    </>
  )),
  col.custom<Investor>('kyc', 'Verification', (u) => <KycBadge status={u.kycStatus} />),
  col.custom<Investor>(
    'balance',
    'Wallet (AED)',
    (u) => (
      <>
        <MoneyCell value={u.balance} />
        {toFils(u.held) > 0n ? <span className="block text-xs text-slate-500">{aed(u.held)} held</span> : null}
      </>
    ),
    { align: 'right' },
  ),
  col.custom<Investor>(
    'invested',
    'Invested (AED)',
    (u) => (
      <>
        <MoneyCell value={u.invested} />
        {u.lastInvestmentAt ? (
          <span className="block whitespace-nowrap text-xs">
            <LinkCell link={{ href: `/admin/investments?userId=${encodeURIComponent(u.id)}`, label: `Last ${day(u.lastInvestmentAt)}`, srDetail: `: see ${u.name}'s investments` }} />
          </span>
        ) : null}
      </>
    ),
    { align: 'right' },
  ),
  col.custom<Investor>(
    'value',
    'Holdings value (AED)',
    (u) => (
      <>
        <MoneyCell value={u.holdingsValue} strong />
        <span className="block text-xs font-normal text-slate-500">
          {u.properties} {u.properties === 1 ? 'property' : 'properties'}
        </span>
      </>
    ),
    { align: 'right' },
  ),
];

const filters: FilterDef[] = [
  { type: 'select', key: 'status', label: 'Status', all: 'Any status', options: INVESTOR_STATUSES.map((s) => ({ value: s, label: investorStatusLabels[s] })) },
  { type: 'select', key: 'kycStatus', label: 'Verification', all: 'Any verification', options: KYC_STATUSES.map((s) => ({ value: s, label: kycStatusLabels[s] })) },
  {
    type: 'select',
    key: 'sort',
    label: 'Sort by',
    all: 'Newest first',
    options: [
      { value: 'name', label: 'Name' },
      { value: 'balance', label: 'Largest wallet' },
      { value: 'invested', label: 'Most invested' },
    ],
  },
];

export function InvestorsList() {
  return (
    <AdminTable<Investor>
      endpoint={INVESTORS_URL}
      caption="Investors"
      columns={columns}
      rowKey={(u) => u.id}
      noun={['investor', 'investors']}
      search={{ placeholder: 'Name, email, phone or unique ID' }}
      filters={filters}
      exportable={false}
      minWidth={900}
      empty={{ icon: UsersIcon, title: 'No investors yet', body: 'Everyone who signs up to invest appears here with their verification, wallet and holdings.' }}
    />
  );
}
