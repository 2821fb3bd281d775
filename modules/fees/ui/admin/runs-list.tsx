/**
 * Every fee run on the one admin table (GET /api/admin/fees/platform/runs, the list contract: q, sort, limit,
 * offset and the trigger filter; CSV from /export). A run's number opens it (?run=<id>).
 */
import { Receipt } from 'lucide-react';
import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { AdminTable, DateCell, MoneyCell, col, type FilterDef } from '@site/components/admin/table';
import { FEE_TRIGGERS, feeTriggerLabels, type FeeRunJson } from '../../contract';
import { RUNS_URL, SCREEN_PATH, count } from './shared';

const filters: FilterDef[] = [{ type: 'select', key: 'trigger', label: 'Started by', all: 'Anyone', options: FEE_TRIGGERS.map((t) => ({ value: t, label: feeTriggerLabels[t] })) }];

export function RunsList() {
  const search = useSearch();
  const columns = useMemo(() => {
    const open = (id: string) => {
      const params = new URLSearchParams(search);
      params.set('run', id);
      return `${SCREEN_PATH}?${params}`;
    };
    return [
      col.link<FeeRunJson>('number', 'Run', (r) => ({ href: open(r.id), label: <span className="font-mono text-xs">{r.number}</span>, srDetail: `: open the run up to ${r.through}` }), {
        sort: 'createdAt',
        sortFirst: 'desc',
        className: 'whitespace-nowrap',
      }),
      col.custom<FeeRunJson>(
        'through',
        'Up to',
        (r) => (
          <>
            <DateCell value={r.through} />
            <span className="block text-xs text-slate-500 [overflow-wrap:anywhere]">{r.trigger === 'admin' ? `By ${r.startedBy ?? 'an administrator'}` : `By ${feeTriggerLabels[r.trigger]?.toLowerCase() ?? r.trigger}`}</span>
          </>
        ),
        { sort: 'through', sortFirst: 'desc', className: 'min-w-44' },
      ),
      col.text<FeeRunJson>('investors', 'Investors', (r) => count(r.investors), { align: 'right', className: 'tabular-nums', sort: 'investors', sortFirst: 'desc' }),
      col.money<FeeRunJson>('fee', 'Fee (AED)', (r) => r.fee, { sort: 'fee', strong: true }),
      col.money<FeeRunJson>('vat', 'VAT (AED)', (r) => r.vat),
      col.money<FeeRunJson>('collected', 'From wallets (AED)', (r) => r.collected),
      col.custom<FeeRunJson>('receivable', 'Left owed (AED)', (r) => <MoneyCell value={r.receivable} />, { align: 'right', sort: 'receivable', sortFirst: 'desc' }),
      col.dateTime<FeeRunJson>('createdAt', 'Made', (r) => r.createdAt),
    ];
  }, [search]);
  return (
    <section aria-labelledby="fee-runs-title" className="mt-8">
      <h2 id="fee-runs-title" className="text-lg font-semibold text-ink" style={{ fontFamily: 'var(--font-display)' }}>
        Fee runs
      </h2>
      <p className="mt-0.5 text-sm text-slate-500">Each run's investors, fees and VAT, what wallets paid and what was left owed. Open a run for every charge and its calculation.</p>
      <AdminTable<FeeRunJson>
        endpoint={RUNS_URL}
        caption="Fee runs"
        columns={columns}
        rowKey={(r) => r.id}
        noun={['run', 'runs']}
        search={{ placeholder: 'Run number, date or administrator' }}
        filters={filters}
        defaultSort="-createdAt"
        minWidth={980}
        empty={{
          icon: Receipt,
          title: 'No fees have been charged yet',
          body: 'The scheduler charges the previous month once it has ended, or run fees up to a date above. Each run records every investor charged, with the calculation they are shown.',
        }}
      />
    </section>
  );
}
