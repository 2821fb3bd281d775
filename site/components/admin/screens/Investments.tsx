/**
 * Investments (/admin/investments): every purchase of property shares, filtered, sorted and paged on
 * the server, with totals over everything that matches (not just this page) and a CSV export of the
 * same selection. Filters start from the address (?q=, ?userId=, ?propertyId=, ?status=) so other
 * screens can link here.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { RefreshCw, TrendingUp } from 'lucide-react';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { type AdminInvestmentsPage, INVESTMENT_STATUSES, type InvestmentStatus, investmentStatusLabels } from '../../../../modules/investing/contract';
import { CITIES, unitsToShareString } from '../../../../modules/properties/contract';
import { isIsoDate } from '../ledger/dates';
import { ExportButton } from '../ledger/ExportButton';
import { toFils } from '../ledger/money';
import { Amount, Field } from '../ledger/parts';
import { ListError, LoadingRows, PAGE_SIZE, Pagination } from '../lists';
import { aed, EmailText, useSettledText, when, withQuery } from '../money/shared';
import { Badge, Button, DataTable, EmptyState, ListCard, ScreenIntro, SearchField, SelectField, StatCard, StatGrid, Toolbar } from '../ui';

export const INVESTMENTS_URL = '/api/admin/investments';

const columns = [
  { key: 'receipt', label: 'Receipt and date' },
  { key: 'investor', label: 'Investor' },
  { key: 'property', label: 'Property' },
  { key: 'shares', label: 'Shares', align: 'right' as const },
  { key: 'principal', label: 'Cost (AED)', align: 'right' as const },
  { key: 'total', label: 'Paid (AED)', align: 'right' as const },
  { key: 'status', label: 'Status' },
];

type Sort = 'newest' | 'oldest' | 'amount';

export default function Investments() {
  const params = new URLSearchParams(useSearch());
  const [text, setText] = useState(params.get('q') ?? '');
  const [offset, setOffset] = useState(0);
  const q = useSettledText(text, () => setOffset(0));
  const [userId, setUserId] = useState(params.get('userId') ?? '');
  const [propertyId, setPropertyId] = useState(params.get('propertyId') ?? '');
  const initialStatus = params.get('status') ?? '';
  const [status, setStatus] = useState<InvestmentStatus | ''>((INVESTMENT_STATUSES as readonly string[]).includes(initialStatus) ? (initialStatus as InvestmentStatus) : '');
  const [city, setCity] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [sort, setSort] = useState<Sort>('newest');
  const reset = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setOffset(0);
  };
  const datesOk = (!from || isIsoDate(from)) && (!to || isIsoDate(to)) && (!from || !to || from <= to);
  const filters = { q, userId, propertyId, status, city, from: datesOk ? from : '', to: datesOk ? to : '', sort };
  const list = useQuery<AdminInvestmentsPage>({ queryKey: [withQuery(INVESTMENTS_URL, { ...filters, limit: PAGE_SIZE, offset })], placeholderData: keepPreviousData });
  const items = list.data?.items ?? [];
  const totals = list.data?.totals;
  const filtered = Boolean(q || userId || propertyId || status || city || from || to);

  return (
    <>
      <ScreenIntro
        description="Every purchase of property shares: who bought, which property, how many shares and for how much. Totals cover everything that matches the filters; the export holds the same rows."
        actions={
          <>
            <Button icon={RefreshCw} onClick={() => void list.refetch()} disabled={list.isFetching}>
              {list.isFetching && !list.isPending ? 'Refreshing…' : 'Refresh'}
            </Button>
            <ExportButton
              url={withQuery(`${INVESTMENTS_URL}/export`, filters)}
              fallbackName={`manzil-investments-${new Date().toISOString().slice(0, 10)}.csv`}
              expectedRows={totals?.count}
              noun={['investment', 'investments']}
              disabled={!totals || totals.count === 0}
            />
          </>
        }
      />
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
      <ListCard
        toolbar={
          <Toolbar label="Filter investments">
            <SearchField label="Search" value={text} onChange={setText} placeholder="Investor, property or receipt" />
            <SelectField
              label="Status"
              value={status}
              onChange={reset((v: string) => setStatus(v as InvestmentStatus | ''))}
              options={[{ value: '', label: 'Any status' }, ...INVESTMENT_STATUSES.map((s) => ({ value: s, label: investmentStatusLabels[s] }))]}
            />
            <SelectField label="City" value={city} onChange={reset(setCity)} options={[{ value: '', label: 'All cities' }, ...CITIES.map((c) => ({ value: c, label: c }))]} />
            <Field label="From" type="date" value={from} onChange={reset(setFrom)} className="sm:w-40" />
            <Field label="To" type="date" value={to} onChange={reset(setTo)} className="sm:w-40" error={datesOk ? null : 'Before the start'} />
            <SelectField
              label="Sort by"
              value={sort}
              onChange={reset((v: string) => setSort(v as Sort))}
              className="sm:w-40"
              options={[
                { value: 'newest', label: 'Newest first' },
                { value: 'oldest', label: 'Oldest first' },
                { value: 'amount', label: 'Largest first' },
              ]}
            />
          </Toolbar>
        }
        footer={
          list.data && list.data.total > 0 ? (
            <Pagination offset={offset} pageCount={items.length} total={list.data.total} shown={items.length} noun={['investment', 'investments']} onOffset={setOffset} busy={list.isFetching} />
          ) : null
        }
      >
        {userId || propertyId ? (
          <p className="border-b border-slate-200 bg-sand-50 px-4 py-2 text-sm text-slate-700">
            Showing one {userId ? 'investor' : 'property'} only.{' '}
            <button
              type="button"
              onClick={() => {
                setUserId('');
                setPropertyId('');
                setOffset(0);
              }}
              className="font-medium text-brand-800 hover:underline"
            >
              Show every investment
            </button>
          </p>
        ) : null}
        {list.isPending ? (
          <p className="sr-only" role="status">
            Loading investments…
          </p>
        ) : null}
        <DataTable
          caption="Investments"
          columns={columns}
          minWidth={960}
          empty={
            list.isError ? (
              <ListError error={list.error} what="investments" onRetry={() => void list.refetch()} />
            ) : list.isPending ? null : filtered ? (
              <EmptyState title="No investments match">Try other filters, or clear the search.</EmptyState>
            ) : (
              <EmptyState icon={TrendingUp} title="No investments yet">
                Each purchase appears here as soon as an investor confirms it at checkout, with its property, shares and amounts.
              </EmptyState>
            )
          }
        >
          {list.isPending
            ? [<LoadingRows key="loading" columns={columns.length} />]
            : items.map((r) => (
                <tr key={r.id} className="hover:bg-slate-50/70">
                  <td className="whitespace-nowrap px-4 py-3">
                    <span className="block font-mono text-xs text-ink">{r.receiptNumber}</span>
                    <span className="block text-xs text-slate-500">{when(r.createdAt)}</span>
                  </td>
                  <td className="px-4 py-3">
                    <span className="block font-medium text-ink">{r.investor.name}</span>
                    <EmailText email={r.investor.email} />
                    <span className="block font-mono text-xs text-slate-500">{r.investor.unicode}</span>
                  </td>
                  <td className="min-w-56 px-4 py-3">
                    <span className="block text-ink">{r.property.title}</span>
                    <span className="block text-xs text-slate-500">
                      {r.property.reference} · {r.property.city}
                    </span>
                  </td>
                  <td className="px-4 py-3 text-right tabular-nums">{unitsToShareString(toFils(r.units), { trim: false })}</td>
                  <td className="px-4 py-3 text-right">
                    <Amount value={r.principal} />
                  </td>
                  <td className="px-4 py-3 text-right font-medium">
                    <Amount value={r.total} />
                  </td>
                  <td className="whitespace-nowrap px-4 py-3">
                    <Badge tone={r.status === 'active' ? 'brand' : 'neutral'}>{investmentStatusLabels[r.status] ?? r.status}</Badge>
                    {r.cancelledAt ? <span className="mt-1 block text-xs text-slate-500">{when(r.cancelledAt)}</span> : null}
                  </td>
                </tr>
              ))}
        </DataTable>
      </ListCard>
    </>
  );
}
