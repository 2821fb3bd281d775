/**
 * What investors owe in platform fees (GET /api/admin/fees/platform/receivables, the list contract with CSV):
 * per investor the amount, how many charges, since when, and what their wallet has now — collected first at
 * the next run, or netted from their next distribution.
 */
import { CircleCheck } from 'lucide-react';
import { AdminTable, col } from '@site/components/admin/table';
import { aed } from '@site/components/admin/money/shared';
import { formatDate } from '@site/components/admin/format';
import type { FeeReceivableJson } from '../../contract';
import { RECEIVABLES_URL, count, fils } from './shared';

const columns = [
  col.person<FeeReceivableJson>('name', 'Investor', (r) => ({ name: r.name, email: r.email, detail: <span className="font-mono text-xs">{r.unicode}</span>, href: `/admin/users?q=${encodeURIComponent(r.unicode)}` }), {
    sort: 'name',
    sortFirst: 'asc',
  }),
  col.money<FeeReceivableJson>('outstanding', 'Owed (AED)', (r) => r.outstanding, { sort: 'outstanding', strong: true }),
  col.text<FeeReceivableJson>('charges', 'Unpaid charges', (r) => count(r.charges), { align: 'right', className: 'tabular-nums' }),
  col.custom<FeeReceivableJson>('since', 'Owed since', (r) => formatDate(r.since), { sort: 'since', sortFirst: 'asc' }),
  col.custom<FeeReceivableJson>(
    'available',
    'Wallet available (AED)',
    (r) => (
      <span className="tabular-nums">
        {aed(r.available)}
        <span className="block text-xs text-slate-500">{fils(r.available) >= fils(r.outstanding) ? 'Enough: collected at the next run' : fils(r.available) > 0n ? 'Part collected at the next run' : 'Nothing to collect yet'}</span>
      </span>
    ),
    { align: 'right' },
  ),
];

export function Receivables() {
  return (
    <section aria-labelledby="fee-receivables-title" className="mt-8">
      <h2 id="fee-receivables-title" className="text-lg font-semibold text-ink" style={{ fontFamily: 'var(--font-display)' }}>
        Owed by investors
      </h2>
      <p className="mt-0.5 text-sm text-slate-500">Fees a wallet could not cover when they were charged. They are collected first at the next run, or netted from the investor's next rental distribution.</p>
      <AdminTable<FeeReceivableJson, { outstanding: string }>
        endpoint={RECEIVABLES_URL}
        caption="Platform fees owed by investors"
        columns={columns}
        rowKey={(r) => r.userId}
        noun={['investor', 'investors']}
        search={{ placeholder: 'Name, email or investor number' }}
        defaultSort="-outstanding"
        urlPrefix="owed."
        minWidth={860}
        summary={(result) => (result?.outstanding && fils(result.outstanding) > 0n ? <p className="mt-3 text-sm text-slate-600">Owed in all, over the filtered list: {aed(result.outstanding)}.</p> : null)}
        empty={{ icon: CircleCheck, title: 'Nobody owes a platform fee', body: 'Every charge so far was covered by the investor’s wallet, or has been collected since.' }}
      />
    </section>
  );
}
