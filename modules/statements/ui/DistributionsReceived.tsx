/** The rental distributions paid to the investor, from GET /api/distributions: newest first, with totals. */
import { Coins } from 'lucide-react';
import { useState } from 'react';
import { formatDayInDubai } from '@modules/platform/dates';
import { toFils } from '@modules/platform/money';
import { unitsToShareString } from '@modules/properties/contract';
import { btn, EmptyState, useMoney } from '@site/components/app/ui';
import { Skeleton } from '@site/components/app/wallet/shared';
import { useDistributions } from './data';
import { LoadProblem } from './Figures';

const PAGE = 10;

export function DistributionsReceived() {
  const [limit, setLimit] = useState(PAGE);
  const q = useDistributions(limit);
  const money = useMoney();
  if (q.isPending) {
    return (
      <div aria-busy="true">
        <p className="sr-only" role="status">
          Loading your distributions…
        </p>
        <div className="space-y-2" aria-hidden="true">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
        </div>
      </div>
    );
  }
  if (q.isError) return <LoadProblem title="We couldn't load your distributions" error={q.error} retry={() => void q.refetch()} />;
  const { items, total, totals } = q.data;
  if (items.length === 0) {
    return (
      <EmptyState icon={Coins} title="No distributions yet">
        When a property you own pays its monthly rent, your share arrives in your wallet and is listed here.
      </EmptyState>
    );
  }
  const cell = 'whitespace-nowrap px-3 py-2 text-right tabular-nums';
  return (
    <div>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Distributions received, scrollable">
        <table className="w-full min-w-[760px] text-sm">
          <caption className="sr-only">Rental distributions paid to you, newest first, in your display currency</caption>
          <thead>
            <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
              <th scope="col" className="px-3 py-2 text-left font-semibold">
                Paid
              </th>
              <th scope="col" className="px-3 py-2 text-left font-semibold">
                Property
              </th>
              <th scope="col" className="px-3 py-2 text-left font-semibold">
                For
              </th>
              <th scope="col" className={`${cell} font-semibold`}>
                Shares
              </th>
              <th scope="col" className={`${cell} font-semibold`}>
                Amount
              </th>
              <th scope="col" className={`${cell} font-semibold`}>
                Fee netted
              </th>
              <th scope="col" className={`${cell} font-semibold`}>
                Net
              </th>
              <th scope="col" className={`${cell} font-semibold`}>
                Reinvested
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {items.map((d) => (
              <tr key={d.id}>
                <td className="whitespace-nowrap px-3 py-2 text-slate-700">{formatDayInDubai(d.paidAt)}</td>
                <th scope="row" className="min-w-[12rem] px-3 py-2 text-left font-medium text-ink">
                  {d.propertyTitle}
                </th>
                <td className="whitespace-nowrap px-3 py-2 text-slate-600">{d.period}</td>
                <td className={cell}>{unitsToShareString(toFils(d.units))}</td>
                <td className={cell}>{money(toFils(d.amount))}</td>
                <td className={cell}>{toFils(d.feeNetted) > 0n ? `−${money(toFils(d.feeNetted))}` : '—'}</td>
                <td className={`${cell} font-medium`}>{money(toFils(d.net))}</td>
                <td className={cell}>{toFils(d.reinvested) > 0n ? money(toFils(d.reinvested)) : '—'}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t border-slate-200 font-medium">
              <th scope="row" colSpan={4} className="px-3 py-2 text-left">
                All {total} {total === 1 ? 'payment' : 'payments'}
              </th>
              <td className={cell}>{money(toFils(totals.amount))}</td>
              <td className={cell}>{toFils(totals.feeNetted) > 0n ? `−${money(toFils(totals.feeNetted))}` : '—'}</td>
              <td className={cell}>{money(toFils(totals.net))}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="mt-2 text-xs text-slate-500">A fee netted is an unpaid platform fee settled out of the payment; the net reached your wallet.</p>
      {items.length < total ? (
        <button type="button" className={`${btn.secondary} mt-3`} onClick={() => setLimit((l) => l + PAGE * 2)} disabled={q.isFetching}>
          {q.isFetching ? 'Loading…' : `Show more (${total - items.length} older)`}
        </button>
      ) : null}
    </div>
  );
}
