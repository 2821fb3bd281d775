/**
 * Every collection run on the one admin table (GET /api/admin/sip/runs, the list contract: q, sort,
 * limit, offset and the trigger filter; CSV from /export). A run's reference opens it (?run=<id>).
 */
import { CalendarClock } from 'lucide-react';
import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { AdminTable, DateCell, MoneyCell, col, type FilterDef } from '@site/components/admin/table';
import type { SipRunJson } from '../../contract';
import { count, RUNS_URL, SCREEN_PATH } from './shared';

const filters: FilterDef[] = [
  {
    type: 'select',
    key: 'trigger',
    label: 'Started by',
    all: 'Anyone',
    options: [
      { value: 'schedule', label: 'Scheduler' },
      { value: 'admin', label: 'An administrator' },
    ],
  },
];

const num = (get: (r: SipRunJson) => number) => (r: SipRunJson) => count(get(r));

export function RunsList() {
  const search = useSearch();
  const columns = useMemo(() => {
    const open = (id: string) => {
      const params = new URLSearchParams(search);
      params.set('run', id);
      return `${SCREEN_PATH}?${params}`;
    };
    return [
      col.link<SipRunJson>('reference', 'Run', (r) => ({ href: open(r.id), label: <span className="font-mono text-xs">{r.reference}</span>, srDetail: `: open the run for ${r.runDate}` }), {
        sort: 'createdAt',
        sortFirst: 'desc',
        className: 'whitespace-nowrap',
      }),
      col.custom<SipRunJson>(
        'runDate',
        'Run date',
        (r) => (
          <>
            <DateCell value={r.runDate} />
            <span className="block text-xs text-slate-500 [overflow-wrap:anywhere]">{r.trigger === 'admin' ? `By ${r.startedBy ?? 'an administrator'}` : 'By the scheduler'}</span>
          </>
        ),
        { sort: 'runDate', sortFirst: 'desc', className: 'min-w-44' },
      ),
      col.text<SipRunJson>('plans', 'Plans', num((r) => r.plans), { align: 'right', className: 'tabular-nums' }),
      col.text<SipRunJson>('collected', 'Collected', num((r) => r.collected), { align: 'right', className: 'tabular-nums', sort: 'collected', sortFirst: 'desc' }),
      col.text<SipRunJson>('failed', 'Failed', num((r) => r.failed), { align: 'right', className: 'tabular-nums', sort: 'failed', sortFirst: 'desc' }),
      col.text<SipRunJson>('retrying', 'Retrying', num((r) => r.retrying), { align: 'right', className: 'tabular-nums' }),
      col.text<SipRunJson>('skipped', 'Skipped', num((r) => r.skipped), { align: 'right', className: 'tabular-nums' }),
      col.custom<SipRunJson>(
        'amountCollected',
        'Collected (AED)',
        (r) => (
          <>
            <MoneyCell value={r.amountCollected} strong />
            <span className="block text-xs text-slate-500">
              <MoneyCell value={r.amountInvested} /> invested
            </span>
          </>
        ),
        { sort: 'amountCollected', sortFirst: 'desc', align: 'right' },
      ),
    ];
  }, [search]);
  return (
    <section aria-labelledby="sip-runs-title" className="mt-8">
      <h2 id="sip-runs-title" className="text-lg font-semibold text-ink" style={{ fontFamily: 'var(--font-display)' }}>
        Collection runs
      </h2>
      <p className="mt-0.5 text-sm text-slate-500">Each run's plans collected, failed, retrying and skipped, and what was invested. Open a run for its plans and properties.</p>
      <AdminTable<SipRunJson>
        endpoint={RUNS_URL}
        caption="Collection runs"
        columns={columns}
        rowKey={(r) => r.id}
        noun={['run', 'runs']}
        search={{ placeholder: 'Run number, date or administrator' }}
        filters={filters}
        defaultSort="-createdAt"
        minWidth={880}
        empty={{
          icon: CalendarClock,
          title: 'No collections have run yet',
          body: 'The scheduler runs each day’s collections on its own, or run them for a date above. Each run records which plans were collected, which failed for funds, and how the money was split across properties.',
        }}
      />
    </section>
  );
}
