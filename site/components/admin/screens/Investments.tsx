/**
 * Investments (/admin/investments): every purchase of property shares on the one admin table, with
 * totals over everything that matches (not just this page) and a CSV of the same selection. Other
 * screens link here with ?userId=, ?propertyId=, ?status= or ?q=.
 */
import { TrendingUp } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import { INVESTMENT_STATUSES, investmentStatusLabels, type AdminInvestmentsPage } from '@modules/investing/contract';
import { CITIES, unitsToShareString } from '@modules/properties/contract';
import { toFils } from '../ledger/money';
import { aed, EmailText, when } from '../money/shared';
import { AdminTable, StatusCell, col, type FilterDef } from '../table';
import { ScreenIntro, StatCard, StatGrid } from '../ui';

export const INVESTMENTS_URL = '/api/admin/investments';
type Row = AdminInvestmentsPage['items'][number];
type Totals = Pick<AdminInvestmentsPage, 'totals'>;

const columns = [
  col.custom<Row>(
    'receipt',
    'Receipt and date',
    (r) => (
      <>
        <span className="block font-mono text-xs text-ink">{r.receiptNumber}</span>
        <span className="block text-xs text-slate-500">{when(r.createdAt)}</span>
      </>
    ),
    { sort: 'createdAt', sortFirst: 'desc', className: 'whitespace-nowrap' },
  ),
  col.custom<Row>('investor', 'Investor', (r) => (
    <>
      <span className="block font-medium text-ink">{r.investor.name}</span>
      <EmailText email={r.investor.email} />
      <span className="block font-mono text-xs text-slate-500">{r.investor.unicode}</span>
    </>
  )),
  col.custom<Row>(
    'property',
    'Property',
    (r) => (
      <>
        <span className="block text-ink">{r.property.title}</span>
        <span className="block text-xs text-slate-500">
          {r.property.reference} · {r.property.city}
        </span>
      </>
    ),
    { className: 'min-w-56' },
  ),
  col.text<Row>('shares', 'Shares', (r) => unitsToShareString(toFils(r.units), { trim: false }), { align: 'right', className: 'tabular-nums' }),
  col.money<Row>('principal', 'Cost (AED)', (r) => r.principal),
  col.money<Row>('total', 'Paid (AED)', (r) => r.total, { sort: 'total', strong: true }),
  col.custom<Row>(
    'status',
    'Status',
    (r) => (
      <>
        <StatusCell value={r.status} label={investmentStatusLabels[r.status]} tone={r.status === 'active' ? 'brand' : 'neutral'} />
        {r.cancelledAt ? <span className="mt-1 block text-xs text-slate-500">{when(r.cancelledAt)}</span> : null}
      </>
    ),
    { sort: 'status', className: 'whitespace-nowrap' },
  ),
];

const filters: FilterDef[] = [
  { type: 'select', key: 'status', label: 'Status', all: 'Any status', options: INVESTMENT_STATUSES.map((s) => ({ value: s, label: investmentStatusLabels[s] })) },
  { type: 'select', key: 'city', label: 'City', all: 'All cities', options: CITIES.map((c) => ({ value: c, label: c })) },
  { type: 'dateRange', label: 'Bought between', from: 'from', to: 'to' },
  { type: 'hidden', key: 'userId' },
  { type: 'hidden', key: 'propertyId' },
];

function Summary({ totals, filtered }: { totals: AdminInvestmentsPage['totals'] | undefined; filtered: boolean }) {
  return (
    <StatGrid>
      <StatCard label="Capital invested" value={totals ? aed(totals.principal) : undefined} hint={`Cost of the shares in active investments${filtered ? ' matching the filters' : ''}.`} />
      <StatCard
        label="Investments"
        value={totals ? totals.count.toLocaleString('en-US') : undefined}
        hint={totals ? `${totals.active.toLocaleString('en-US')} active, ${totals.cancelled.toLocaleString('en-US')} cancelled within 48 hours.` : 'Active and cancelled.'}
      />
      <StatCard label="Investors" value={totals ? totals.investors.toLocaleString('en-US') : undefined} hint="Different people among these investments." />
      <StatCard
        label="Fees collected"
        value={totals ? aed(toFils(totals.fees) + toFils(totals.vat)) : undefined}
        hint={totals ? `Including ${aed(totals.vat)} VAT. Shares sold: ${unitsToShareString(toFils(totals.units))}.` : 'Purchase fees with VAT.'}
      />
    </StatGrid>
  );
}

export default function Investments() {
  const params = new URLSearchParams(useSearch());
  const [location, navigate] = useLocation();
  const one = params.get('userId') ? 'investor' : params.get('propertyId') ? 'property' : null;
  const filtered = [...params.keys()].some((k) => !['sort', 'limit', 'offset'].includes(k));
  const showAll = () => {
    params.delete('userId');
    params.delete('propertyId');
    params.delete('offset');
    navigate(`${location}${params.size ? `?${params}` : ''}`);
  };
  return (
    <>
      <ScreenIntro description="Every purchase of property shares: who bought, which property, how many shares and for how much. Totals cover everything that matches the filters; the export holds the same rows." />
      <AdminTable<Row, Totals>
        endpoint={INVESTMENTS_URL}
        caption="Investments"
        columns={columns}
        rowKey={(r) => r.id}
        noun={['investment', 'investments']}
        search={{ placeholder: 'Investor, property or receipt' }}
        filters={filters}
        defaultSort="-createdAt"
        minWidth={960}
        summary={(data) => <Summary totals={data?.totals} filtered={filtered} />}
        above={() =>
          one ? (
            <p className="border-b border-slate-200 bg-sand-50 px-4 py-2 text-sm text-slate-700">
              Showing one {one} only.{' '}
              <button type="button" onClick={showAll} className="font-medium text-brand-800 hover:underline">
                Show every investment
              </button>
            </p>
          ) : null
        }
        empty={{ icon: TrendingUp, title: 'No investments yet', body: 'Each purchase appears here as soon as an investor confirms it at checkout, with its property, shares and amounts.' }}
      />
    </>
  );
}
