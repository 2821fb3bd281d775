/**
 * The investor's platform fee on the wallet screen (GET /api/fees): what they owe when a charge was more than
 * their wallet had (with a way to add money), what is accruing this month, and every charge with how it was
 * worked out. Amounts in the chosen display currency; the calculation in AED, as it is booked.
 */
import { useQuery } from '@tanstack/react-query';
import { ArrowDownToLine, Percent, RefreshCw, TriangleAlert } from 'lucide-react';
import { errorText } from '@site/lib/api';
import { btn, EmptyState, Section, useMoney } from '@site/components/app/ui';
import { fils, Problem, Skeleton } from '@site/components/app/wallet/shared';
import { formatAed } from '@modules/platform/money';
import { PLATFORM_FEE_BPS, carryLabel, microToAed, rateLabel, windowLabel, type FeeCalculationLineJson, type FeeChargeJson, type InvestorFeesJson } from '../contract';

export const FEES_URL = '/api/fees';

function PropertyLines({ lines, caption }: { lines: FeeCalculationLineJson[]; caption: string }) {
  return (
    <table className="mt-2 w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-xs text-slate-500">
          <th scope="col" className="py-1 text-left font-medium">Property</th>
          <th scope="col" className="py-1 text-right font-medium">Days</th>
          <th scope="col" className="py-1 text-right font-medium">Average value</th>
          <th scope="col" className="py-1 text-right font-medium">Fee accrued</th>
        </tr>
      </thead>
      <tbody className="text-slate-700">
        {lines.map((l) => (
          <tr key={l.propertyId} className="border-t border-slate-100">
            <th scope="row" className="py-1.5 text-left font-normal">
              {l.title}
            </th>
            <td className="py-1.5 text-right tabular-nums">{l.days}</td>
            <td className="py-1.5 text-right tabular-nums">{formatAed(l.averageValue)}</td>
            <td className="py-1.5 text-right tabular-nums">{microToAed(l.accruedMicro)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ChargeItem({ charge }: { charge: FeeChargeJson }) {
  const money = useMoney();
  const total = fils(charge.fee) + fils(charge.vat);
  const owed = fils(charge.outstanding);
  const label = windowLabel(charge.fromDate, charge.through);
  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="text-sm font-semibold text-ink">{label}</p>
        <p className="tabular-nums text-ink">
          {money(total)}
          {owed > 0n ? (
            <span className="ml-2 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200">{money(owed)} owed</span>
          ) : (
            <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200">Paid</span>
          )}
        </p>
      </div>
      <p className="mt-1 text-sm text-slate-600">{charge.explanation}.</p>
      <details className="group mt-2">
        <summary className="cursor-pointer text-sm font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500">How it was calculated</summary>
        <div className="mt-2 rounded-lg bg-slate-50 px-3 py-2">
          <PropertyLines lines={Array.isArray(charge.calculation) ? charge.calculation : []} caption={`The fee for ${label}, per property`} />
          <p className="mt-2 text-xs leading-relaxed text-slate-600">
            Each day, a holding accrues {rateLabel(PLATFORM_FEE_BPS)} of its value at the latest valuation, divided by the days in the year. In all: {microToAed(charge.accruedMicro)}
            {fils(charge.carryInMicro) !== 0n ? `, with ${carryLabel(charge.carryInMicro)} carried from your previous charge` : ''}, rounded to the fil: {formatAed(charge.fee)}, plus 5% VAT {formatAed(charge.vat)}.
            {fils(charge.paid) > 0n ? ` ${formatAed(charge.paid)} was taken from your wallet.` : ''}
            {owed > 0n ? ` ${formatAed(owed)} is still owed.` : ''}
          </p>
        </div>
      </details>
    </li>
  );
}

function Owed({ amount, onDeposit }: { amount: bigint; onDeposit?: () => void }) {
  const money = useMoney();
  return (
    <div role="status" className="mb-5 flex gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3">
      <TriangleAlert size={18} className="mt-0.5 shrink-0 text-amber-700" aria-hidden="true" />
      <div className="min-w-0 text-sm text-amber-900">
        <p className="font-semibold">You owe {money(amount)} in platform fees</p>
        <p className="mt-1">
          Your wallet didn't have enough when the fee was charged. Add money to your wallet and it is collected at the next monthly fee run, or taken from your next rental distribution.
        </p>
        {onDeposit ? (
          <button type="button" onClick={onDeposit} className={`${btn.primary} mt-3`}>
            <ArrowDownToLine size={16} aria-hidden="true" />
            Deposit
          </button>
        ) : (
          <a href="/wallet?action=deposit" className={`${btn.primary} mt-3`}>
            <ArrowDownToLine size={16} aria-hidden="true" />
            Deposit
          </a>
        )}
      </div>
    </div>
  );
}

function Accruing({ a }: { a: NonNullable<InvestorFeesJson['accruing']> }) {
  const money = useMoney();
  const label = windowLabel(a.fromDate, a.through);
  return (
    <div className="mb-5 rounded-lg border border-slate-200 px-4 py-3">
      <p className="text-sm font-semibold text-ink">Accruing since your last charge</p>
      <p className="mt-1 text-sm text-slate-600">
        {label} ({a.days} {a.days === 1 ? 'day' : 'days'}): about <span className="font-medium text-ink">{money(fils(a.fee))}</span> plus {money(fils(a.vat))} VAT on {formatAed(a.averageValue)} average value.
        An estimate until it is charged: the value of your holdings can still change.
      </p>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500">Per property</summary>
        <PropertyLines lines={Array.isArray(a.calculation) ? a.calculation : []} caption={`The fee accruing for ${label}, per property`} />
      </details>
    </div>
  );
}

export function FeePanel({ onDeposit }: { onDeposit?: () => void }) {
  const q = useQuery<InvestorFeesJson>({ queryKey: [FEES_URL] });
  const data = q.data;
  const charges = Array.isArray(data?.charges) ? data.charges : [];
  const owed = fils(data?.outstanding);
  return (
    <Section
      id="fees-title"
      title="Platform fee"
      description={`${rateLabel(data?.rateBps ?? PLATFORM_FEE_BPS)} a year of your holdings' latest value, accrued daily and charged monthly from your wallet, plus 5% VAT. Every charge shows how it was worked out.`}
    >
      {q.isPending ? (
        <div aria-busy="true" className="space-y-3">
          <span className="sr-only" role="status">
            Loading your platform fees…
          </span>
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-3/5" />
        </div>
      ) : q.isError ? (
        <Problem
          title="We couldn't load your platform fees"
          action={
            <button type="button" onClick={() => void q.refetch()} className={btn.secondary}>
              <RefreshCw size={14} aria-hidden="true" />
              Try again
            </button>
          }
        >
          {errorText(q.error, 'Please try again in a moment.')}
        </Problem>
      ) : (
        <>
          {owed > 0n ? <Owed amount={owed} onDeposit={onDeposit} /> : null}
          {data?.accruing ? <Accruing a={data.accruing} /> : null}
          {charges.length ? (
            <>
              <h3 className="mb-3 text-sm font-semibold text-ink">Charges</h3>
              <ul className="divide-y divide-slate-100">
                {charges.map((c) => (
                  <ChargeItem key={c.id} charge={c} />
                ))}
              </ul>
              {(data?.total ?? 0) > charges.length ? <p className="mt-4 text-xs text-slate-500">The latest {charges.length} of your {data?.total} charges are shown; your wallet statements list them all.</p> : null}
            </>
          ) : data?.accruing ? (
            <p className="text-sm text-slate-600">No charge yet: your first one comes after the end of the month.</p>
          ) : (
            <EmptyState icon={Percent} title="No platform fee yet">
              The fee starts the day you first own shares: {rateLabel(data?.rateBps ?? PLATFORM_FEE_BPS)} a year of their value, charged monthly from your wallet with 5% VAT.
            </EmptyState>
          )}
        </>
      )}
    </Section>
  );
}
