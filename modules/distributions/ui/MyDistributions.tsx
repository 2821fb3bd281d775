/**
 * The investor's distributions from one property (GET /api/distributions?propertyId=): each month paid,
 * the shares held at its record date, the amount, any platform fee netted out of it, what reached the
 * wallet and what was reinvested, with totals. Amounts in the investor's display currency.
 */
import { HandCoins, RefreshCw } from 'lucide-react';
import { formatDate } from '@modules/platform/dates';
import { btn, EmptyState, useMoney } from '@site/components/app/ui';
import { Problem, Skeleton } from '@site/components/app/wallet/shared';
import { errorText } from '@site/lib/api';
import { useMyDistributions } from './data';
import { fils, periodLabel, shares } from './format';

const head = 'whitespace-nowrap px-3 py-2 text-xs font-medium uppercase tracking-wide text-slate-500';
const th = `${head} text-right`;
const td = 'whitespace-nowrap px-3 py-3 text-right tabular-nums text-slate-700';

export function MyDistributions({ propertyId, propertyTitle }: { propertyId: string; propertyTitle?: string }) {
  const money = useMoney();
  const q = useMyDistributions(propertyId);
  if (q.isPending)
    return (
      <div className="space-y-3" aria-busy="true">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-3/4" />
      </div>
    );
  if (q.isError)
    return (
      <Problem
        title="We couldn't load your distributions"
        action={
          <button type="button" className={btn.secondary} onClick={() => void q.refetch()}>
            <RefreshCw size={16} aria-hidden="true" /> Try again
          </button>
        }
      >
        {errorText(q.error, 'Please try again.')}
      </Problem>
    );
  const { items, total, totals } = q.data;
  if (items.length === 0)
    return (
      <EmptyState icon={HandCoins} title="No distributions from this property yet">
        Each month's rent, after the property's costs and reserve, is paid to the holders of its shares once the month's books are in. Your first payment will be listed here and
        in your wallet.
      </EmptyState>
    );
  return (
    <>
      <div className="relative -mx-5 overflow-x-auto sm:-mx-6" tabIndex={0} role="region" aria-label="Your distributions from this property">
        <table className="w-full min-w-[52rem] text-left text-sm">
          <caption className="sr-only">Your distributions{propertyTitle ? ` from ${propertyTitle}` : ''}</caption>
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className={`${head} pl-5 text-left sm:pl-6`}>
                Month
              </th>
              <th scope="col" className={th}>
                Paid on
              </th>
              <th scope="col" className={th}>
                Shares held
              </th>
              <th scope="col" className={th}>
                Amount
              </th>
              <th scope="col" className={th}>
                Fees netted
              </th>
              <th scope="col" className={th}>
                To your wallet
              </th>
              <th scope="col" className={`${th} pr-5 sm:pr-6`}>
                Reinvested
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((d) => (
              <tr key={d.id} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="whitespace-nowrap py-3 pl-5 pr-3 font-medium text-ink sm:pl-6">
                  {periodLabel(d.period)}
                  <span className="block text-xs font-normal text-slate-500">
                    {d.number} · {money(fils(d.perShare))} a share
                  </span>
                </th>
                <td className={td}>{formatDate(d.paidAt.slice(0, 10))}</td>
                <td className={td}>{shares(d.units)}</td>
                <td className={`${td} font-medium text-ink`}>{money(fils(d.amount))}</td>
                <td className={td}>{fils(d.feeNetted) > 0n ? money(fils(d.feeNetted)) : <Dash />}</td>
                <td className={td}>{money(fils(d.net))}</td>
                <td className={`${td} pr-5 sm:pr-6`}>{fils(d.reinvested) > 0n ? money(fils(d.reinvested)) : <Dash />}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-slate-200 font-semibold text-ink">
              <th scope="row" className="py-3 pl-5 pr-3 text-left sm:pl-6" colSpan={3}>
                Total{total > items.length ? ` of all ${total.toLocaleString('en-US')} payments (the latest ${items.length} are listed)` : ''}
              </th>
              <td className={`${td} text-ink`}>{money(fils(totals.amount))}</td>
              <td className={`${td} text-ink`}>{money(fils(totals.feeNetted))}</td>
              <td className={`${td} text-ink`}>{money(fils(totals.net))}</td>
              <td className={`${td} pr-5 sm:pr-6`} />
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="mt-4 text-xs leading-relaxed text-slate-500">
        Paid to whoever held shares at the end of each month, in proportion to their shares. Any unpaid platform fee is netted out of a payment before it reaches your wallet.{' '}
        <a href="/wallet" className="font-medium text-brand-700 hover:underline">
          See them in your wallet
        </a>
      </p>
    </>
  );
}

function Dash() {
  return (
    <>
      <span aria-hidden="true">–</span>
      <span className="sr-only">none</span>
    </>
  );
}
