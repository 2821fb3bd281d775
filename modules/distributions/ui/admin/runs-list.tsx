/**
 * Every distribution on the one admin table (GET /api/admin/distributions, the list contract: q, sort,
 * limit, offset and the status, property and month filters; CSV of the whole filtered set from /export).
 * A run's number opens it (?run=<id>).
 */
import { HandCoins } from 'lucide-react';
import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { AdminTable, col, DateCell, MoneyCell, StatusCell, type FilterDef } from '@site/components/admin/table';
import { DISTRIBUTION_STATUSES, distributionStatusLabels, type DistributionRunJson } from '../../contract';
import { periodLabel, shares } from '../format';
import { DISTRIBUTIONS, DISTRIBUTIONS_PATH, recentPeriods, statusTone, usePropertyOptions } from './shared';

type Row = DistributionRunJson;

export function RunsList() {
  const search = useSearch();
  const properties = usePropertyOptions();
  const filters = useMemo<FilterDef[]>(
    () => [
      { type: 'select', key: 'status', label: 'Status', all: 'Any status', options: DISTRIBUTION_STATUSES.map((s) => ({ value: s, label: distributionStatusLabels[s] })) },
      { type: 'select', key: 'propertyId', label: 'Property', all: 'All properties', options: (properties.data?.items ?? []).map((p) => ({ value: p.id, label: p.title })), className: 'sm:w-64' },
      { type: 'select', key: 'period', label: 'Month', all: 'Any month', options: recentPeriods(36).map((p) => ({ value: p, label: periodLabel(p) })) },
    ],
    [properties.data],
  );
  const columns = useMemo(() => {
    const open = (id: string) => {
      const params = new URLSearchParams(search);
      params.set('run', id);
      return `${DISTRIBUTIONS_PATH}?${params}`;
    };
    return [
      col.link<Row>('number', 'Distribution', (r) => ({ href: open(r.id), label: <span className="font-mono text-xs">{r.number}</span>, srDetail: `: open ${r.propertyTitle}, ${periodLabel(r.period)}` }), {
        sort: 'createdAt',
        sortFirst: 'desc',
        className: 'whitespace-nowrap',
      }),
      col.custom<Row>(
        'property',
        'Property',
        (r) => (
          <>
            <span className="block font-medium text-ink">{r.propertyTitle}</span>
            <span className="block font-mono text-xs text-slate-500">{r.propertyReference}</span>
          </>
        ),
        { className: 'min-w-56' },
      ),
      col.custom<Row>(
        'period',
        'Month',
        (r) => (
          <>
            <span className="whitespace-nowrap text-slate-700">{periodLabel(r.period)}</span>
            <span className="block text-xs text-slate-500">
              Record date <DateCell value={r.recordDate} />
            </span>
          </>
        ),
        { sort: 'period', sortFirst: 'desc' },
      ),
      col.custom<Row>(
        'amount',
        'Amount (AED)',
        (r) => (
          <>
            <MoneyCell value={r.amount} strong />
            <span className="block text-xs text-slate-500">
              <MoneyCell value={r.perShare} /> a share
            </span>
          </>
        ),
        { sort: 'amount', sortFirst: 'desc', align: 'right' },
      ),
      col.custom<Row>(
        'holders',
        'Holders',
        (r) => (
          <>
            <span className="tabular-nums">{r.holders.toLocaleString('en-US')}</span>
            <span className="block text-xs text-slate-500">{shares(r.units)} shares</span>
          </>
        ),
        { align: 'right' },
      ),
      col.custom<Row>(
        'status',
        'Status',
        (r) => (
          <>
            <StatusCell value={r.status} label={distributionStatusLabels[r.status]} tone={statusTone[r.status]} />
            {r.status === 'draft' && r.needsApproval ? <span className="mt-1 block text-xs text-slate-500">Needs a second approval</span> : null}
          </>
        ),
        { sort: 'status', className: 'whitespace-nowrap' },
      ),
      col.dateTime<Row>('createdAt', 'Created', (r) => r.createdAt),
    ];
  }, [search]);
  return (
    <section aria-labelledby="distribution-runs-title" className="mt-8">
      <h2 id="distribution-runs-title" className="text-lg font-semibold text-ink" style={{ fontFamily: 'var(--font-display)' }}>
        Distributions
      </h2>
      <p className="mt-0.5 text-sm text-slate-500">Every distribution, one per property and month: drafts to approve or pay, and what was paid. Open one for each holder's line.</p>
      <AdminTable<Row>
        endpoint={DISTRIBUTIONS}
        caption="Distributions"
        columns={columns}
        rowKey={(r) => r.id}
        noun={['distribution', 'distributions']}
        search={{ placeholder: 'Number (DIST-000012), property or reference' }}
        filters={filters}
        defaultSort="-createdAt"
        minWidth={1000}
        empty={{
          icon: HandCoins,
          title: 'No distributions yet',
          body: "Prepare one from what is payable above: it pays a property's distributable income for a month to the holders at the record date.",
        }}
      />
    </section>
  );
}
